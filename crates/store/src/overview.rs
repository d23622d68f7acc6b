//! The overview's figures over Diesel: the tally of untallied status changes and new accounts
//! into the daily totals (one tally at a time: it locks `tally_lock`), and the reads the
//! overview makes of them.

use std::collections::BTreeMap;

use chrono::{NaiveDate, NaiveDateTime};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Text};
use kernel::{CityId, Localized, Money, UserId, shop_day_start};
use ordering::{CASH_LINES, CashGrouping, CashOutcomes, CityOrders, DayTotals, Figures, OrderStatus, PaymentMethod, StatusFact, tally};

use crate::database::{Database, DbConn, execute_natively, write};
use crate::schema::{
    client_day_totals, order_cancellations, order_day_totals, order_history, order_items, order_status_totals, orders, products, shipping_cities, users,
};

/// Changes tallied in one transaction.
const BATCH: i64 = 2000;
/// Batches one catch-up runs at most.
const ROUNDS: usize = 50;

/// The overview's figures in the database.
#[derive(Clone)]
pub struct DieselFigures {
    db: Database,
}

impl DieselFigures {
    /// The figures over a database.
    pub fn new(db: Database) -> Self {
        DieselFigures { db }
    }
}

/// Rows not tallied yet, as their partial indexes name them (a literal, so SQLite's planner
/// sees the index's own condition).
fn untallied(table: &str) -> diesel::expression::SqlLiteral<Bool> {
    sql::<Bool>(&format!("{table}.tallied = FALSE"))
}

/// The engineer's key in the totals: 0 for none.
fn engineer_key(engineer: Option<UserId>) -> i64 {
    engineer.map_or(0, |engineer| engineer.0)
}

/// A status change with what the tally needs of its order.
#[derive(Queryable)]
struct ChangeRow {
    id: i64,
    from: Option<String>,
    to: String,
    at: NaiveDateTime,
    city: i64,
    engineer: Option<i64>,
    total: i64,
}

/// Tallies one batch of status changes and one of new accounts; how many of each.
fn tally_batch(conn: &mut DbConn) -> QueryResult<(usize, usize)> {
    if let DbConn::Postgres(pg) = conn {
        diesel::sql_query("SELECT name FROM tally_lock WHERE name = 'overview' FOR UPDATE").execute(pg)?;
    }
    let rows: Vec<ChangeRow> = order_history::table
        .inner_join(orders::table)
        .filter(untallied("order_history"))
        .order(order_history::id)
        .limit(BATCH)
        .select((
            order_history::id,
            order_history::from_status,
            order_history::to_status,
            order_history::changed_at,
            orders::city_id,
            orders::sales_engineer_id,
            orders::total,
        ))
        .load(conn)?;
    let facts: Vec<StatusFact> = rows
        .iter()
        .filter_map(|row| {
            Some(StatusFact {
                from: row.from.as_deref().and_then(|from| from.parse().ok()),
                to: row.to.parse().ok()?,
                at: row.at.and_utc(),
                city: CityId(row.city),
                sales_engineer: row.engineer.map(UserId),
                total: Money::from_piastres(row.total),
            })
        })
        .collect();
    let counted = tally(&facts);
    for ((day, city, engineer), totals) in &counted.days {
        use diesel::upsert::excluded;
        use order_day_totals as t;
        let row = diesel::insert_into(t::table)
            .values((
                t::day.eq(day),
                t::city_id.eq(city.0),
                t::sales_engineer_id.eq(engineer_key(*engineer)),
                t::placed.eq(totals.placed),
                t::delivered.eq(totals.delivered),
                t::cancelled.eq(totals.cancelled),
                t::revenue.eq(totals.revenue.piastres()),
            ))
            .on_conflict((t::day, t::city_id, t::sales_engineer_id))
            .do_update()
            .set((
                t::placed.eq(t::placed + excluded(t::placed)),
                t::delivered.eq(t::delivered + excluded(t::delivered)),
                t::cancelled.eq(t::cancelled + excluded(t::cancelled)),
                t::revenue.eq(t::revenue + excluded(t::revenue)),
            ));
        execute_natively(conn, row)?;
    }
    for ((status, engineer), change) in &counted.statuses {
        use diesel::upsert::excluded;
        use order_status_totals as t;
        let row = diesel::insert_into(t::table)
            .values((t::status.eq(<&str>::from(*status)), t::sales_engineer_id.eq(engineer_key(*engineer)), t::orders.eq(change)))
            .on_conflict((t::status, t::sales_engineer_id))
            .do_update()
            .set(t::orders.eq(t::orders + excluded(t::orders)));
        execute_natively(conn, row)?;
    }
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    diesel::update(order_history::table.filter(order_history::id.eq_any(&ids))).set(order_history::tallied.eq(true)).execute(conn)?;

    let accounts: Vec<(i64, String, NaiveDateTime)> =
        users::table.filter(untallied("users")).order(users::id).limit(BATCH).select((users::id, users::role, users::created_at)).load(conn)?;
    let mut joined: BTreeMap<NaiveDate, i64> = BTreeMap::new();
    for (_, _, at) in accounts.iter().filter(|(_, role, _)| role == "customer") {
        *joined.entry(kernel::shop_day(at.and_utc())).or_default() += 1;
    }
    for (day, count) in joined {
        use diesel::upsert::excluded;
        let row = diesel::insert_into(client_day_totals::table)
            .values((client_day_totals::day.eq(day), client_day_totals::joined.eq(count)))
            .on_conflict(client_day_totals::day)
            .do_update()
            .set(client_day_totals::joined.eq(client_day_totals::joined + excluded(client_day_totals::joined)));
        execute_natively(conn, row)?;
    }
    let ids: Vec<i64> = accounts.iter().map(|account| account.0).collect();
    diesel::update(users::table.filter(users::id.eq_any(&ids))).set(users::tallied.eq(true)).execute(conn)?;
    Ok((rows.len(), accounts.len()))
}

/// The totals' rows of a range, of one sales engineer when given (grouped queries cannot be
/// boxed, so the engineer is a condition that holds for every row when none is given).
#[diesel::dsl::auto_type]
fn in_range(from: NaiveDate, to: NaiveDate, engineer: Option<UserId>) -> _ {
    let everyone: bool = engineer.is_none();
    let engineer: i64 = engineer_key(engineer);
    order_day_totals::table
        .filter(order_day_totals::day.between(from, to))
        .filter(order_day_totals::sales_engineer_id.eq(engineer).or(everyone.into_sql::<Bool>()))
}

/// Whether anything waits to be tallied: two reads of the partial indexes, no lock, so that a
/// read of the overview with nothing pending does not queue behind the tally (or, on SQLite,
/// behind every writer). Ordered by id so that PostgreSQL reads the partial index whatever its
/// statistics say: right after a bulk load or a large tally they still count most rows
/// untallied, and an unordered `LIMIT 1` is then planned as a scan of the whole table (0.2–0.4 s
/// a call over 2.3 M status changes).
fn pending(conn: &mut DbConn) -> QueryResult<bool> {
    let changes = order_history::table.filter(untallied("order_history")).order(order_history::id).select(order_history::id).first::<i64>(conn).optional()?;
    Ok(changes.is_some() || users::table.filter(untallied("users")).order(users::id).select(users::id).first::<i64>(conn).optional()?.is_some())
}

impl Figures for DieselFigures {
    fn catch_up(&self) -> anyhow::Result<usize> {
        let conn = &mut *self.db.conn()?;
        if !pending(conn)? {
            return Ok(0);
        }
        let mut tallied = 0;
        for _ in 0..ROUNDS {
            let (changes, accounts) = write(conn, tally_batch)?;
            tallied += changes;
            if i64::try_from(changes.max(accounts)).unwrap_or(BATCH) < BATCH {
                break;
            }
        }
        Ok(tallied)
    }

    fn days(&self, from: NaiveDate, to: NaiveDate, engineer: Option<UserId>) -> anyhow::Result<Vec<(NaiveDate, DayTotals)>> {
        let conn = &mut *self.db.conn()?;
        // SUM of a BIGINT is NUMERIC on PostgreSQL; cast so both backends answer a BIGINT.
        let rows: Vec<(NaiveDate, i64, i64, i64, i64)> = in_range(from, to, engineer)
            .group_by(order_day_totals::day)
            .order(order_day_totals::day)
            .select((
                order_day_totals::day,
                sql::<BigInt>("CAST(SUM(placed) AS BIGINT)"),
                sql::<BigInt>("CAST(SUM(delivered) AS BIGINT)"),
                sql::<BigInt>("CAST(SUM(cancelled) AS BIGINT)"),
                sql::<BigInt>("CAST(SUM(revenue) AS BIGINT)"),
            ))
            .load(conn)?;
        Ok(rows
            .into_iter()
            .map(|(day, placed, delivered, cancelled, revenue)| (day, DayTotals { placed, delivered, cancelled, revenue: Money::from_piastres(revenue) }))
            .collect())
    }

    fn cities(&self, from: NaiveDate, to: NaiveDate, engineer: Option<UserId>) -> anyhow::Result<Vec<CityOrders>> {
        let conn = &mut *self.db.conn()?;
        let counts: Vec<(i64, i64)> = in_range(from, to, engineer)
            .group_by(order_day_totals::city_id)
            .select((order_day_totals::city_id, sql::<BigInt>("CAST(SUM(placed) AS BIGINT)")))
            .load(conn)?;
        let names: std::collections::HashMap<i64, (String, String)> = shipping_cities::table
            .filter(shipping_cities::id.eq_any(counts.iter().map(|(city, _)| *city).collect::<Vec<_>>()))
            .select((shipping_cities::id, (shipping_cities::name_ar, shipping_cities::name_en)))
            .load(conn)?
            .into_iter()
            .collect();
        let mut cities: Vec<CityOrders> = counts
            .into_iter()
            .filter(|(_, orders)| *orders > 0)
            .map(|(city, orders)| {
                let (ar, en) = names.get(&city).cloned().unwrap_or_default();
                CityOrders { city: CityId(city), name: Localized::new(ar, en), orders }
            })
            .collect();
        cities.sort_by(|a, b| b.orders.cmp(&a.orders).then(a.city.cmp(&b.city)));
        Ok(cities)
    }

    fn clients(&self, from: NaiveDate, to: NaiveDate) -> anyhow::Result<Vec<(NaiveDate, i64)>> {
        let conn = &mut *self.db.conn()?;
        Ok(client_day_totals::table
            .filter(client_day_totals::day.between(from, to))
            .order(client_day_totals::day)
            .select((client_day_totals::day, client_day_totals::joined))
            .load(conn)?)
    }

    fn in_status(&self, status: OrderStatus, engineer: Option<UserId>) -> anyhow::Result<i64> {
        let conn = &mut *self.db.conn()?;
        let mut rows = order_status_totals::table.filter(order_status_totals::status.eq(<&str>::from(status))).into_boxed();
        if let Some(engineer) = engineer {
            rows = rows.filter(order_status_totals::sales_engineer_id.eq(engineer.0));
        }
        Ok(rows.select(sql::<BigInt>("CAST(COALESCE(SUM(orders), 0) AS BIGINT)")).first(conn)?)
    }

    fn low_stock(&self, at_most: i64) -> anyhow::Result<i64> {
        let conn = &mut *self.db.conn()?;
        Ok(products::table.filter(products::quantity.le(at_most)).count().get_result(conn)?)
    }

    fn cash_outcomes(&self, from: NaiveDate, to: NaiveDate, grouping: CashGrouping, engineer: Option<UserId>) -> anyhow::Result<Vec<CashOutcomes>> {
        let conn = &mut *self.db.conn()?;
        let (start, end) = (shop_day_start(from).naive_utc(), shop_day_start(to + chrono::Days::new(1)).naive_utc());
        // The engineer's id is a number: written into the condition, it cannot be anything else.
        let of_engineer = sql::<Bool>(&engineer.map_or_else(|| "1 = 1".to_string(), |engineer| format!("orders.sales_engineer_id = {}", engineer.0)));
        let cash_orders = orders::payment_method
            .eq(<&str>::from(PaymentMethod::CashOnDelivery))
            .and(orders::created_at.ge(start))
            .and(orders::created_at.lt(end))
            .and(of_engineer);
        let rows: Vec<OutcomeRow> = match grouping {
            CashGrouping::Governorate => orders::table
                .left_join(order_cancellations::table)
                .filter(cash_orders)
                .group_by(orders::city_id)
                .select((orders::city_id, sql::<Text>("MIN(orders.city_name_ar)"), sql::<Text>("MIN(orders.city_name_en)"), outcome_counts(RETURNED)))
                .order(sql::<BigInt>("COUNT(*) DESC, orders.city_id"))
                .limit(CASH_LINES)
                .load(conn)?,
            CashGrouping::Product => orders::table
                .left_join(order_cancellations::table)
                .inner_join(order_items::table)
                .filter(cash_orders.and(order_items::product_id.is_not_null()))
                .group_by(order_items::product_id)
                .select((
                    sql::<BigInt>("order_items.product_id"),
                    sql::<Text>("MIN(order_items.name_ar)"),
                    sql::<Text>("MIN(order_items.name_en)"),
                    outcome_counts(PRODUCT_RETURNED),
                ))
                .order(sql::<BigInt>("COUNT(*) DESC, order_items.product_id"))
                .limit(CASH_LINES)
                .load(conn)?,
            CashGrouping::SalesEngineer => {
                let counted: Vec<(i64, Counts)> = orders::table
                    .left_join(order_cancellations::table)
                    .filter(cash_orders.and(orders::sales_engineer_id.is_not_null()))
                    .group_by(orders::sales_engineer_id)
                    .select((sql::<BigInt>("orders.sales_engineer_id"), outcome_counts(RETURNED)))
                    .order(sql::<BigInt>("COUNT(*) DESC, orders.sales_engineer_id"))
                    .limit(CASH_LINES)
                    .load(conn)?;
                let ids: Vec<i64> = counted.iter().map(|(id, _)| *id).collect();
                let names: std::collections::HashMap<i64, String> =
                    users::table.filter(users::id.eq_any(&ids)).select((users::id, users::name)).load::<(i64, String)>(conn)?.into_iter().collect();
                counted
                    .into_iter()
                    .map(|(id, counts)| {
                        let name = names.get(&id).cloned().unwrap_or_default();
                        (id, name.clone(), name, counts)
                    })
                    .collect()
            }
        };
        Ok(rows
            .into_iter()
            .map(|(id, name_ar, name_en, (placed, confirmed, delivered, refused, returned))| CashOutcomes {
                id,
                name: Localized::new(name_ar, name_en),
                placed,
                confirmed,
                delivered,
                refused,
                returned,
            })
            .collect())
    }
}

/// Orders placed, confirmed, delivered, refused and returned, as `outcome_counts` reads them.
type Counts = (i64, i64, i64, i64, i64);

/// A line of the cash figures: its id, names in Arabic and English, and its counts.
type OutcomeRow = (i64, String, String, Counts);

/// An order with a return not refused.
const RETURNED: &str = "EXISTS (SELECT 1 FROM order_returns r WHERE r.order_id = orders.id AND r.state <> 'refused')";

/// An order with a return not refused of the grouped product.
const PRODUCT_RETURNED: &str = "EXISTS (SELECT 1 FROM order_return_lines l JOIN order_returns r ON r.id = l.return_id \
     WHERE r.order_id = orders.id AND l.product_id = order_items.product_id AND r.state <> 'refused')";

/// The counts of a group of cash orders (joined with their cancellations): placed, confirmed,
/// delivered, refused, and those `returned` says came back.
#[allow(clippy::type_complexity)] // Diesel's tuple of five SQL fragments
fn outcome_counts(
    returned: &str,
) -> (
    diesel::expression::SqlLiteral<BigInt>,
    diesel::expression::SqlLiteral<BigInt>,
    diesel::expression::SqlLiteral<BigInt>,
    diesel::expression::SqlLiteral<BigInt>,
    diesel::expression::SqlLiteral<BigInt>,
) {
    let count = |condition: &str| sql::<BigInt>(&format!("CAST(SUM(CASE WHEN {condition} THEN 1 ELSE 0 END) AS BIGINT)"));
    (
        sql::<BigInt>("CAST(COUNT(*) AS BIGINT)"),
        count("orders.confirmed_at IS NOT NULL"),
        count("orders.status = 'delivered'"),
        count("order_cancellations.cause = 'refused'"),
        count(returned),
    )
}
