//! Promo codes over Diesel.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use kernel::{Money, Page, Percent, Phone, UserId};
use ordering::{PromoCode, PromoCodes, PromoDraft, PromoQuery, PromoValue, PromoWrite};

use crate::database::{Database, DbConn, contains_pattern, lower};
use crate::schema::{copoun_uses, copouns};

/// The promo codes in the database.
#[derive(Clone)]
pub struct DieselPromoCodes {
    db: Database,
}

impl DieselPromoCodes {
    /// The store over a database.
    pub fn new(db: Database) -> Self {
        DieselPromoCodes { db }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = copouns)]
struct StoredPromo {
    id: i64,
    code: String,
    kind: String,
    value: i64,
    min_subtotal: Option<i64>,
    max_discount: Option<i64>,
    starts_at: Option<NaiveDateTime>,
    expires_at: Option<NaiveDateTime>,
    usage_limit: Option<i32>,
    per_user_limit: Option<i32>,
    used_count: i32,
    active: bool,
    owner_id: Option<i64>,
    group_id: Option<i64>,
}

fn promo(row: StoredPromo) -> PromoCode {
    let value = if row.kind == "percent" {
        PromoValue::Percent(Percent::new(row.value).unwrap_or(Percent::ZERO))
    } else {
        PromoValue::Fixed(Money::from_piastres(row.value))
    };
    let count = |n: Option<i32>| n.and_then(|n| u32::try_from(n).ok());
    PromoCode {
        id: row.id,
        draft: PromoDraft {
            code: row.code,
            value,
            min_subtotal: row.min_subtotal.map(Money::from_piastres),
            max_discount: row.max_discount.map(Money::from_piastres),
            starts_at: row.starts_at.map(|at| at.and_utc()),
            expires_at: row.expires_at.map(|at| at.and_utc()),
            usage_limit: count(row.usage_limit),
            per_user_limit: count(row.per_user_limit),
            active: row.active,
            group: row.group_id,
        },
        used: u32::try_from(row.used_count).unwrap_or(0),
        owner: row.owner_id.map(UserId),
    }
}

/// A code's settings as written, by staff's add and change alike; `None` clears a column.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = copouns, treat_none_as_null = true)]
struct PromoRow<'a> {
    code: &'a str,
    kind: &'a str,
    value: i64,
    min_subtotal: Option<i64>,
    max_discount: Option<i64>,
    starts_at: Option<NaiveDateTime>,
    expires_at: Option<NaiveDateTime>,
    usage_limit: Option<i32>,
    per_user_limit: Option<i32>,
    active: bool,
    group_id: Option<i64>,
}

impl<'a> From<&'a PromoDraft> for PromoRow<'a> {
    fn from(draft: &'a PromoDraft) -> Self {
        PromoRow {
            code: &draft.code,
            kind: draft.value.kind(),
            value: stored_value(draft.value),
            min_subtotal: draft.min_subtotal.map(Money::piastres),
            max_discount: draft.max_discount.map(Money::piastres),
            starts_at: draft.starts_at.map(|at| at.naive_utc()),
            expires_at: draft.expires_at.map(|at| at.naive_utc()),
            usage_limit: limit(draft.usage_limit),
            per_user_limit: limit(draft.per_user_limit),
            active: draft.active,
            group_id: draft.group,
        }
    }
}

/// The stored value of a code: a percent as itself, an amount in piastres.
fn stored_value(value: PromoValue) -> i64 {
    match value {
        PromoValue::Percent(percent) => i64::from(percent.value()),
        PromoValue::Fixed(amount) => amount.piastres(),
    }
}

fn limit(n: Option<u32>) -> Option<i32> {
    n.map(|n| i32::try_from(n).unwrap_or(i32::MAX))
}

/// The shop's own codes, which staff manage: coupons clients bought with points are theirs.
fn shop_codes<'a>() -> copouns::BoxedQuery<'a, <DbConn as Connection>::Backend> {
    copouns::table.filter(copouns::owner_id.is_null()).into_boxed()
}

/// The codes a staff query selects at `now`, before paging.
fn matching<'a>(query: &PromoQuery, now: NaiveDateTime) -> copouns::BoxedQuery<'a, <DbConn as Connection>::Backend> {
    let mut rows = shop_codes();
    if let Some(search) = &query.search {
        rows = rows.filter(lower(copouns::code).like(contains_pattern(search)).escape('\\'));
    }
    let expired = copouns::expires_at.is_not_null().and(copouns::expires_at.le(now));
    match query.status.as_deref() {
        Some("expired") => rows = rows.filter(expired),
        Some("active") => rows = rows.filter(copouns::active.eq(true).and(copouns::expires_at.is_null().or(copouns::expires_at.gt(now)))),
        Some("inactive") => rows = rows.filter(copouns::active.eq(false).and(copouns::expires_at.is_null().or(copouns::expires_at.gt(now)))),
        _ => {}
    }
    rows
}

impl PromoCodes for DieselPromoCodes {
    fn promo_by_code(&self, code: &str) -> anyhow::Result<Option<PromoCode>> {
        let conn = &mut *self.db.conn()?;
        Ok(copouns::table.filter(copouns::code.eq(code)).select(StoredPromo::as_select()).first(conn).optional()?.map(promo))
    }

    fn promo_uses_by(&self, promo: i64, user: Option<UserId>, phone: Option<&Phone>) -> anyhow::Result<u32> {
        let conn = &mut *self.db.conn()?;
        Ok(uses_by(conn, promo, user, phone)?)
    }

    fn promos(&self, query: &PromoQuery, now: DateTime<Utc>) -> anyhow::Result<Page<PromoCode>> {
        let conn = &mut *self.db.conn()?;
        let now = now.naive_utc();
        let total: i64 = matching(query, now).count().get_result(conn)?;
        let rows: Vec<StoredPromo> = matching(query, now)
            .order(copouns::id.desc())
            .limit(i64::from(query.page.per_page))
            .offset(query.page.offset())
            .select(StoredPromo::as_select())
            .load(conn)?;
        Ok(Page::new(rows.into_iter().map(promo).collect(), query.page, u64::try_from(total).unwrap_or(0)))
    }

    fn promo(&self, id: i64) -> anyhow::Result<Option<PromoCode>> {
        let conn = &mut *self.db.conn()?;
        Ok(shop_codes().filter(copouns::id.eq(id)).select(StoredPromo::as_select()).first(conn).optional()?.map(promo))
    }

    fn add_promo(&self, draft: &PromoDraft) -> anyhow::Result<PromoWrite> {
        let conn = &mut *self.db.conn()?;
        let inserted = diesel::insert_into(copouns::table)
            .values((PromoRow::from(draft), copouns::created_at.eq(Utc::now().naive_utc())))
            .returning(copouns::id)
            .get_result(conn);
        refused(inserted.map(PromoWrite::Written))
    }

    fn update_promo(&self, id: i64, draft: &PromoDraft) -> anyhow::Result<PromoWrite> {
        let conn = &mut *self.db.conn()?;
        let changed = diesel::update(copouns::table.find(id).filter(copouns::owner_id.is_null())).set(PromoRow::from(draft)).execute(conn);
        refused(changed.map(|changed| if changed == 0 { PromoWrite::Missing } else { PromoWrite::Written(id) }))
    }

    fn set_promo_active(&self, id: i64, active: bool) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(diesel::update(copouns::table.find(id).filter(copouns::owner_id.is_null())).set(copouns::active.eq(active)).execute(conn)? > 0)
    }

    fn remove_promo(&self, id: i64) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(diesel::delete(copouns::table.find(id).filter(copouns::owner_id.is_null())).execute(conn)? > 0)
    }
}

/// A write the database refused for a taken code or an unknown group, as such.
fn refused(outcome: QueryResult<PromoWrite>) -> anyhow::Result<PromoWrite> {
    match outcome {
        Ok(write) => Ok(write),
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(PromoWrite::CodeTaken),
        Err(DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _)) => Ok(PromoWrite::UnknownGroup),
        Err(error) => Err(error.into()),
    }
}

/// Orders of the account or of the phone that use the code now.
pub(crate) fn uses_by(conn: &mut DbConn, promo: i64, user: Option<UserId>, phone: Option<&Phone>) -> QueryResult<u32> {
    let phone = phone.map(ToString::to_string).unwrap_or_default();
    let user = user.map_or(-1, |user| user.0);
    let count: i64 = copoun_uses::table
        .filter(copoun_uses::copoun_id.eq(promo).and(copoun_uses::user_id.eq(user).or(copoun_uses::phone.eq(phone))))
        .count()
        .get_result(conn)?;
    Ok(u32::try_from(count).unwrap_or(u32::MAX))
}
