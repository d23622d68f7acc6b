//! The points ledgers and exchange rules over Diesel. A change that takes points holds the
//! client's ledger for its transaction (PostgreSQL locks the client's row; SQLite's writing
//! transaction holds the whole database), writes the expiries due, then checks the balance:
//! two exchanges at once queue, and the second sees the first's spend.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::sql_types::BigInt;
use kernel::{Keyed, Page, Percent, Phone, UserId};
use loyalty::{
    Adjusted, Adjustment, BalanceQuery, ClientPoints, Entry, EntryKind, Exchange, ExchangeRule, ExchangeRules, Exchanged, LastCoupon, Ledger, PersonalCoupon,
    PointsLedger, RuleDraft,
};
use ordering::PointsGrant;

use crate::database::{Database, DbConn, contains_pattern, execute_natively, lower, write};
use crate::identity::POINTS_OF_THE_USER;
use crate::keys;
use crate::schema::{copouns, orders, points_debts, points_ledger, points_rules, users};

/// The clients' points ledgers in the database.
#[derive(Clone)]
pub struct DieselPointsLedger {
    db: Database,
}

impl DieselPointsLedger {
    /// The ledgers over a database.
    pub fn new(db: Database) -> Self {
        DieselPointsLedger { db }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = points_ledger)]
struct EntryRow {
    id: i64,
    kind: String,
    delta: i64,
    created_at: NaiveDateTime,
    expires_at: Option<NaiveDateTime>,
    lot_id: Option<i64>,
    reason: String,
}

impl From<EntryRow> for Entry {
    fn from(row: EntryRow) -> Entry {
        Entry {
            id: row.id,
            kind: row.kind.parse().unwrap_or(EntryKind::Adjust),
            points: row.delta,
            at: row.created_at.and_utc(),
            expires_at: row.expires_at.map(|at| at.and_utc()),
            lot: row.lot_id,
            note: row.reason,
        }
    }
}

fn entries_of(conn: &mut DbConn, user: UserId) -> QueryResult<Vec<Entry>> {
    let rows: Vec<EntryRow> = points_ledger::table.filter(points_ledger::user_id.eq(user.0)).select(EntryRow::as_select()).load(conn)?;
    Ok(rows.into_iter().map(Entry::from).collect())
}

/// A client's account row.
#[derive(QueryableByName)]
struct ClientRow {
    #[diesel(sql_type = BigInt)]
    #[allow(dead_code)] // read to lock the row
    id: i64,
}

/// Holds the client's ledger until the transaction ends; false when no client has this id.
fn hold_ledger(conn: &mut DbConn, user: UserId) -> QueryResult<bool> {
    match conn {
        DbConn::Postgres(pg) => {
            let found: Vec<ClientRow> =
                diesel::sql_query("SELECT id FROM users WHERE id = $1 AND role = 'customer' FOR UPDATE").bind::<BigInt, _>(user.0).load(pg)?;
            Ok(!found.is_empty())
        }
        // The writing transaction (`BEGIN IMMEDIATE`) already holds the database.
        DbConn::Sqlite(_) => Ok(users::table.find(user.0).filter(users::role.eq("customer")).count().get_result::<i64>(conn)? > 0),
    }
}

/// Writes the client's expiries due at `at` and closes their lots; the balance then.
fn settle_in(conn: &mut DbConn, user: UserId, at: DateTime<Utc>) -> QueryResult<i64> {
    let ledger = Ledger::read(&entries_of(conn, user)?, at);
    for expiry in ledger.due() {
        diesel::insert_into(points_ledger::table)
            .values((
                points_ledger::user_id.eq(user.0),
                points_ledger::delta.eq(-expiry.points),
                points_ledger::reason.eq(""),
                points_ledger::kind.eq(<&str>::from(EntryKind::Expire)),
                points_ledger::lot_id.eq(Some(expiry.lot)),
                points_ledger::created_at.eq(expiry.at.naive_utc()),
            ))
            .execute(conn)?;
    }
    let closed: Vec<i64> = ledger.due().iter().map(|expiry| expiry.lot).collect();
    if !closed.is_empty() {
        diesel::update(points_ledger::table.filter(points_ledger::id.eq_any(closed))).set(points_ledger::open_lot.eq(false)).execute(conn)?;
    }
    Ok(ledger.balance())
}

/// Grants a delivered order's points inside the move's transaction, once per order whatever
/// repeats (the row's key is `earn:<order>`), and tells the client when it did.
pub(crate) fn grant_points(conn: &mut DbConn, order: i64, grant: &PointsGrant, at: DateTime<Utc>) -> QueryResult<()> {
    let row = diesel::insert_into(points_ledger::table)
        .values((
            points_ledger::user_id.eq(grant.user.0),
            points_ledger::delta.eq(grant.points),
            points_ledger::reason.eq(&grant.note),
            points_ledger::kind.eq(<&str>::from(EntryKind::Earn)),
            points_ledger::entry_key.eq(format!("earn:{order}")),
            points_ledger::order_id.eq(order),
            points_ledger::expires_at.eq(grant.expires_at.map(|end| end.naive_utc())),
            points_ledger::open_lot.eq(grant.expires_at.is_some()),
            points_ledger::created_at.eq(at.naive_utc()),
        ))
        .on_conflict(points_ledger::entry_key)
        .do_nothing();
    if execute_natively(conn, row)? > 0 {
        repay_debt(conn, order, grant, at)?;
    }
    Ok(())
}

/// Pays what the client owes from points a return took back that their balance lacked, out of
/// a grant just written: as much of the debt as the grant covers.
fn repay_debt(conn: &mut DbConn, order: i64, grant: &PointsGrant, at: DateTime<Utc>) -> QueryResult<()> {
    let owed: Option<i64> = points_debts::table.find(grant.user.0).select(points_debts::points).first(conn).optional()?;
    let paid = owed.unwrap_or(0).min(grant.points);
    if paid <= 0 {
        return Ok(());
    }
    diesel::update(points_debts::table.find(grant.user.0)).set(points_debts::points.eq(points_debts::points - paid)).execute(conn)?;
    diesel::insert_into(points_ledger::table)
        .values((
            points_ledger::user_id.eq(grant.user.0),
            points_ledger::delta.eq(-paid),
            points_ledger::reason.eq(&grant.note),
            points_ledger::kind.eq(<&str>::from(EntryKind::Repay)),
            points_ledger::entry_key.eq(format!("repay:{order}")),
            points_ledger::order_id.eq(order),
            points_ledger::created_at.eq(at.naive_utc()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Why points an order earned are taken back, and the key that takes them once.
pub(crate) enum TakeBack {
    /// A return's refund: its units' share.
    Return(i64),
    /// A delivery undone, by the order's version after the undoing.
    UndoneDelivery(i32),
}

/// Takes back points an order earned, in the transaction of what takes them (a return's refund,
/// an undone delivery): the client's ledger held and its expiries written first, then as many
/// as the balance holds taken (the row keyed `return:<return>` or `undo:<order>:<version>`, so
/// once), and the rest kept as a debt their next earnings pay — the balance never goes below
/// zero.
pub(crate) fn take_back_points(conn: &mut DbConn, client: UserId, points: i64, why: TakeBack, order: i64, at: DateTime<Utc>) -> QueryResult<()> {
    if !hold_ledger(conn, client)? {
        return Ok(());
    }
    let balance = settle_in(conn, client, at)?;
    let taken = points.min(balance.max(0));
    let number: Option<String> = orders::table.find(order).select(orders::number).first(conn)?;
    let (kind, key) = match why {
        TakeBack::Return(id) => (EntryKind::Return, format!("return:{id}")),
        TakeBack::UndoneDelivery(version) => (EntryKind::Undo, format!("undo:{order}:{version}")),
    };
    if taken > 0 {
        diesel::insert_into(points_ledger::table)
            .values((
                points_ledger::user_id.eq(client.0),
                points_ledger::delta.eq(-taken),
                points_ledger::reason.eq(number.unwrap_or_default()),
                points_ledger::kind.eq(<&str>::from(kind)),
                points_ledger::entry_key.eq(key),
                points_ledger::order_id.eq(order),
                points_ledger::created_at.eq(at.naive_utc()),
            ))
            .execute(conn)?;
    }
    let owed = points - taken;
    if owed > 0 && diesel::update(points_debts::table.find(client.0)).set(points_debts::points.eq(points_debts::points + owed)).execute(conn)? == 0 {
        diesel::insert_into(points_debts::table).values((points_debts::user_id.eq(client.0), points_debts::points.eq(owed))).execute(conn)?;
    }
    Ok(())
}

/// Takes back what an undone delivery of `order` earned its client, if anything, and sets its
/// earning (and the debt it repaid) aside under keys of this `version`, so that the order's
/// next delivery earns again.
pub(crate) fn undo_earning(conn: &mut DbConn, order: i64, version: i32, at: DateTime<Utc>) -> QueryResult<()> {
    let earned: Option<(i64, i64)> = points_ledger::table
        .filter(points_ledger::entry_key.eq(format!("earn:{order}")))
        .select((points_ledger::user_id, points_ledger::delta))
        .first(conn)
        .optional()?;
    let Some((client, points)) = earned else { return Ok(()) };
    for kind in ["earn", "repay"] {
        diesel::update(points_ledger::table.filter(points_ledger::entry_key.eq(format!("{kind}:{order}"))))
            .set(points_ledger::entry_key.eq(format!("{kind}:{order}:undone:{version}")))
            .execute(conn)?;
    }
    take_back_points(conn, UserId(client), points, TakeBack::UndoneDelivery(version), order, at)
}

/// What a client owes of points returns took back.
fn debt_of(conn: &mut DbConn, client: UserId) -> QueryResult<i64> {
    Ok(points_debts::table.find(client.0).select(points_debts::points).first(conn).optional()?.unwrap_or(0))
}

/// Why an exchange's transaction rolled back.
enum Refusal {
    Short(i64),
    CodeTaken,
    KeyTaken,
    Database(DieselError),
}

impl From<DieselError> for Refusal {
    fn from(error: DieselError) -> Self {
        Refusal::Database(error)
    }
}

/// Spends the points on the coupon, or nothing.
fn exchange_in(conn: &mut DbConn, rule: &ExchangeRule, coupon: &PersonalCoupon, key: Option<&Keyed<Exchange>>, at: DateTime<Utc>) -> Result<Exchange, Refusal> {
    let user = coupon.owner;
    if !hold_ledger(conn, user)? {
        return Err(Refusal::Short(0));
    }
    let balance = settle_in(conn, user, at)?;
    let points = rule.draft.points;
    if balance < points {
        return Err(Refusal::Short(balance));
    }
    let written = diesel::insert_into(copouns::table)
        .values((
            copouns::code.eq(&coupon.code),
            copouns::kind.eq("percent"),
            copouns::value.eq(i64::from(coupon.discount.value())),
            copouns::expires_at.eq(Some(coupon.expires_at.naive_utc())),
            copouns::usage_limit.eq(Some(loyalty::coupon::USES as i32)),
            copouns::per_user_limit.eq(Some(loyalty::coupon::USES as i32)),
            copouns::active.eq(true),
            copouns::created_at.eq(at.naive_utc()),
            copouns::owner_id.eq(Some(user.0)),
        ))
        .returning(copouns::id)
        .get_result::<i64>(conn);
    let copoun = match written {
        Ok(id) => id,
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => return Err(Refusal::CodeTaken),
        Err(error) => return Err(error.into()),
    };
    diesel::insert_into(points_ledger::table)
        .values((
            points_ledger::user_id.eq(user.0),
            points_ledger::delta.eq(-points),
            points_ledger::reason.eq(&coupon.code),
            points_ledger::kind.eq(<&str>::from(EntryKind::Exchange)),
            points_ledger::copoun_id.eq(Some(copoun)),
            points_ledger::created_at.eq(at.naive_utc()),
        ))
        .execute(conn)?;
    let exchange = Exchange { coupon: coupon.clone(), points, balance: balance - points };
    // A repeat that waited on the ledger behind the first request meets its key here and rolls
    // back; its answer is the first one's.
    if let Some(keyed) = key
        && !keys::hold(conn, &keyed.key, &keyed.answer(&exchange), at)?
    {
        return Err(Refusal::KeyTaken);
    }
    Ok(exchange)
}

/// A client with their points, as staff list them.
#[derive(Queryable)]
struct BalanceRow {
    id: i64,
    name: String,
    phone: Option<String>,
    email: Option<String>,
    points: i64,
}

impl From<BalanceRow> for ClientPoints {
    fn from(row: BalanceRow) -> ClientPoints {
        ClientPoints { user: UserId(row.id), name: row.name, phone: row.phone, email: row.email, balance: row.points }
    }
}

type Backend = <DbConn as Connection>::Backend;

/// The clients a staff query selects, before paging.
fn clients_matching<'a>(search: Option<&str>) -> users::BoxedQuery<'a, Backend> {
    let mut rows = users::table.filter(users::role.eq("customer")).into_boxed();
    if let Some(search) = search.map(str::trim).filter(|search| !search.is_empty()) {
        rows = match Phone::parse(search) {
            Some(phone) => rows.filter(users::phone.eq(phone.to_string())),
            None => {
                let pattern = contains_pattern(search);
                rows.filter(
                    lower(users::name)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(lower(users::email.assume_not_null()).like(pattern.clone()).escape('\\'))
                        .or(users::phone.assume_not_null().like(pattern).escape('\\')),
                )
            }
        };
    }
    rows
}

impl PointsLedger for DieselPointsLedger {
    fn entries(&self, user: UserId) -> anyhow::Result<Vec<Entry>> {
        let conn = &mut *self.db.conn()?;
        Ok(entries_of(conn, user)?)
    }

    fn history(&self, user: UserId, page: kernel::PageRequest) -> anyhow::Result<Page<Entry>> {
        let conn = &mut *self.db.conn()?;
        let moved = || points_ledger::table.filter(points_ledger::user_id.eq(user.0).and(points_ledger::delta.ne(0)));
        let total: i64 = moved().count().get_result(conn)?;
        let rows: Vec<EntryRow> = moved()
            .order((points_ledger::created_at.desc(), points_ledger::id.desc()))
            .limit(i64::from(page.per_page))
            .offset(page.offset())
            .select(EntryRow::as_select())
            .load(conn)?;
        Ok(Page::new(rows.into_iter().map(Entry::from).collect(), page, u64::try_from(total).unwrap_or(0)))
    }

    fn debt(&self, user: UserId) -> anyhow::Result<i64> {
        let conn = &mut *self.db.conn()?;
        Ok(debt_of(conn, user)?)
    }

    fn last_coupon(&self, user: UserId) -> anyhow::Result<Option<LastCoupon>> {
        let conn = &mut *self.db.conn()?;
        let found: Option<(String, i64, Option<NaiveDateTime>, i32)> = copouns::table
            .filter(copouns::owner_id.eq(user.0))
            .order(copouns::id.desc())
            .select((copouns::code, copouns::value, copouns::expires_at, copouns::used_count))
            .first(conn)
            .optional()?;
        Ok(found.map(|(code, value, expires_at, used)| LastCoupon {
            coupon: PersonalCoupon {
                code,
                owner: user,
                discount: Percent::new(value).unwrap_or(Percent::ZERO),
                expires_at: expires_at.map(|at| at.and_utc()).unwrap_or_default(),
            },
            used: used > 0,
        }))
    }

    fn settle(&self, user: UserId, at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        write(conn, |conn| {
            if hold_ledger(conn, user)? {
                settle_in(conn, user, at)?;
            }
            QueryResult::Ok(())
        })?;
        Ok(())
    }

    fn due_for_expiry(&self, at: DateTime<Utc>, limit: usize) -> anyhow::Result<Vec<UserId>> {
        let conn = &mut *self.db.conn()?;
        let users: Vec<i64> = points_ledger::table
            .filter(points_ledger::open_lot.eq(true).and(points_ledger::expires_at.le(at.naive_utc())))
            .select(points_ledger::user_id)
            .distinct()
            .limit(i64::try_from(limit).unwrap_or(i64::MAX))
            .load(conn)?;
        Ok(users.into_iter().map(UserId).collect())
    }

    fn exchange(&self, rule: &ExchangeRule, coupon: &PersonalCoupon, key: Option<&Keyed<Exchange>>, at: DateTime<Utc>) -> anyhow::Result<Exchanged> {
        use chrono::SubsecRound;
        let conn = &mut *self.db.conn()?;
        // To the microsecond, as both databases keep it, so the answer kept is the coupon read back.
        let at = at.trunc_subsecs(6);
        let coupon = PersonalCoupon { expires_at: coupon.expires_at.trunc_subsecs(6), ..coupon.clone() };
        match write(conn, |conn| exchange_in(conn, rule, &coupon, key, at)) {
            Ok(done) => Ok(Exchanged::Done(done)),
            Err(Refusal::Short(balance)) => Ok(Exchanged::Short { balance }),
            Err(Refusal::CodeTaken) => Ok(Exchanged::CodeTaken),
            Err(Refusal::KeyTaken) => Ok(Exchanged::KeyTaken),
            Err(Refusal::Database(error)) => Err(error.into()),
        }
    }

    fn adjust(&self, user: UserId, adjustment: &Adjustment, at: DateTime<Utc>) -> anyhow::Result<Adjusted> {
        let conn = &mut *self.db.conn()?;
        let adjusted = write(conn, |conn| {
            if !hold_ledger(conn, user)? {
                return QueryResult::Ok(Adjusted::NoSuchClient);
            }
            let balance = settle_in(conn, user, at)?;
            if balance + adjustment.points < 0 {
                return Ok(Adjusted::Short { balance });
            }
            diesel::insert_into(points_ledger::table)
                .values((
                    points_ledger::user_id.eq(user.0),
                    points_ledger::delta.eq(adjustment.points),
                    points_ledger::reason.eq(&adjustment.reason),
                    points_ledger::kind.eq(<&str>::from(EntryKind::Adjust)),
                    points_ledger::staff_id.eq(Some(adjustment.by.0)),
                    points_ledger::expires_at.eq(adjustment.expires_at.map(|end| end.naive_utc())),
                    points_ledger::open_lot.eq(adjustment.points > 0 && adjustment.expires_at.is_some()),
                    points_ledger::created_at.eq(at.naive_utc()),
                ))
                .execute(conn)?;
            Ok(Adjusted::Done { balance: balance + adjustment.points })
        })?;
        Ok(adjusted)
    }

    fn balances(&self, query: &BalanceQuery) -> anyhow::Result<Page<ClientPoints>> {
        let conn = &mut *self.db.conn()?;
        let search = query.search.as_deref();
        let total: i64 = clients_matching(search).count().get_result(conn)?;
        let rows: Vec<BalanceRow> = clients_matching(search)
            .order(users::id.desc())
            .limit(i64::from(query.page.per_page))
            .offset(query.page.offset())
            .select((users::id, users::name, users::phone, users::email, sql::<BigInt>(POINTS_OF_THE_USER)))
            .load(conn)?;
        Ok(Page::new(rows.into_iter().map(ClientPoints::from).collect(), query.page, u64::try_from(total).unwrap_or(0)))
    }

    fn client(&self, user: UserId) -> anyhow::Result<Option<ClientPoints>> {
        let conn = &mut *self.db.conn()?;
        let row: Option<BalanceRow> = clients_matching(None)
            .filter(users::id.eq(user.0))
            .select((users::id, users::name, users::phone, users::email, sql::<BigInt>(POINTS_OF_THE_USER)))
            .first(conn)
            .optional()?;
        Ok(row.map(ClientPoints::from))
    }
}

/// The exchange rules in the database.
#[derive(Clone)]
pub struct DieselExchangeRules {
    db: Database,
}

impl DieselExchangeRules {
    /// The rules over a database.
    pub fn new(db: Database) -> Self {
        DieselExchangeRules { db }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = points_rules)]
struct RuleRow {
    id: i64,
    points: i64,
    discount: i32,
    active: bool,
}

impl From<RuleRow> for ExchangeRule {
    fn from(row: RuleRow) -> ExchangeRule {
        ExchangeRule {
            id: row.id,
            draft: RuleDraft { points: row.points, discount: Percent::new(i64::from(row.discount)).unwrap_or(Percent::ZERO), active: row.active },
        }
    }
}

impl ExchangeRules for DieselExchangeRules {
    fn rules(&self, only_active: bool) -> anyhow::Result<Vec<ExchangeRule>> {
        let conn = &mut *self.db.conn()?;
        let mut rows = points_rules::table.into_boxed();
        if only_active {
            rows = rows.filter(points_rules::active.eq(true));
        }
        let rows: Vec<RuleRow> = rows.order((points_rules::points, points_rules::id)).select(RuleRow::as_select()).load(conn)?;
        Ok(rows.into_iter().map(ExchangeRule::from).collect())
    }

    fn rule(&self, id: i64) -> anyhow::Result<Option<ExchangeRule>> {
        let conn = &mut *self.db.conn()?;
        Ok(points_rules::table.find(id).select(RuleRow::as_select()).first(conn).optional()?.map(ExchangeRule::from))
    }

    fn add_rule(&self, draft: &RuleDraft) -> anyhow::Result<i64> {
        let conn = &mut *self.db.conn()?;
        Ok(diesel::insert_into(points_rules::table)
            .values((
                points_rules::points.eq(draft.points),
                points_rules::discount.eq(i32::from(draft.discount.value())),
                points_rules::active.eq(draft.active),
                points_rules::created_at.eq(Utc::now().naive_utc()),
            ))
            .returning(points_rules::id)
            .get_result(conn)?)
    }

    fn update_rule(&self, id: i64, draft: &RuleDraft) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let changed = diesel::update(points_rules::table.find(id))
            .set((points_rules::points.eq(draft.points), points_rules::discount.eq(i32::from(draft.discount.value())), points_rules::active.eq(draft.active)))
            .execute(conn)?;
        Ok(changed > 0)
    }

    fn remove_rule(&self, id: i64) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(diesel::delete(points_rules::table.find(id)).execute(conn)? > 0)
    }
}
