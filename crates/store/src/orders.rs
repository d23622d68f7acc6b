//! Orders over Diesel. Placing one is a single writing transaction: the buyer's history read,
//! the order's row, the idempotency key written with the order's answer (parallel repeats of
//! one key meet on its primary key), the order's lines, the ordered lines out of the buyer's
//! cart, then the rows other orders share: every line's stock taken by one guarded statement
//! in product order (so two orders never wait on each other in a circle), the lots of the
//! products kept in lots, and the promo code's use; and last the order's first history row and
//! its event on the spine, whose number is taken as late as it can be so that the spine's order
//! is nearly the order of commits. Once it has committed, in the commit's own round trip, the
//! catalogue's caches learn that stock moved.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, SubsecRound, Utc};
use diesel::prelude::*;
use diesel::result::Error as DieselError;
use diesel::sql_types::{Array, BigInt, Bool, Text};
use kernel::{CityId, Localized, Money, OrderId, Page, PageRequest, Phone, ProductId, UserId, Weight, shop_day};
use ordering::{
    Admit, AppliedPromo, Assignment, BuyerCart, CancelCause, Confirmation, Destination, FailedAttempt, Keyed, LineLot, LinesChange, LinesOutcome, NewOrder,
    Order, OrderBook, OrderChange, OrderLine, OrderListing, OrderSource, OrderStatus, PartialDelivery, PhoneRefusal, Placement, PromoRefusal, Receiver,
    StaffOrder, StaffOrderQuery, StatusChange, StatusMove, Totals, UndoMove, UndoOutcome, order_number,
};

use crate::cart::DieselCartStore;
use crate::catalogue::{stock_moved_in_transaction, write_moving_stock};
use crate::database::{Database, DbConn, KeptPrepared, RowId, coalesce, write};
use crate::desk::{add_note_in, assign_in, is_sales_engineer, staff_order_of, staff_page};
use crate::keys;
use crate::lots::{self, TakenRecord};
use crate::order_events::{self, StatusEntry};
use crate::order_lines;
use crate::schema::{
    cart_items, copoun_uses, copouns, delivery_attempts, order_cancellations, order_history, order_items, order_lot_takes, orders, products, users,
};

/// The orders in the database.
#[derive(Clone)]
pub struct DieselOrderBook {
    db: Database,
}

impl DieselOrderBook {
    /// The book over a database.
    pub fn new(db: Database) -> Self {
        DieselOrderBook { db }
    }
}

/// Why the placing transaction (or a change of an order's lines) rolled back.
pub(crate) enum Refusal {
    /// A line's stock was short.
    Short { product: ProductId, left: i64 },
    /// The promo code's uses ran out meanwhile.
    Promo(PromoRefusal),
    /// The idempotency key holds a fresh answer: a parallel repeat committed first.
    KeyTaken,
    /// The buyer's phone cannot order cash on delivery.
    Phone(PhoneRefusal),
    /// The database failed.
    Database(DieselError),
}

impl From<DieselError> for Refusal {
    fn from(error: DieselError) -> Self {
        Refusal::Database(error)
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
struct OrderRow {
    id: i64,
    number: Option<String>,
    user_id: Option<i64>,
    source: String,
    status: String,
    payment_method: String,
    customer_name: String,
    customer_phone: String,
    receiver_name: Option<String>,
    receiver_phone: Option<String>,
    address: String,
    city_id: i64,
    city_name_ar: String,
    city_name_en: String,
    notes: Option<String>,
    copoun: Option<String>,
    subtotal: i64,
    discount: i64,
    shipping_base: i64,
    shipping_extra: i64,
    total: i64,
    total_weight_grams: i64,
    created_at: NaiveDateTime,
    sales_engineer_id: Option<i64>,
    locale: String,
    safety_acknowledged: bool,
    confirmed_at: Option<NaiveDateTime>,
    confirmed_by: Option<i64>,
    confirmed_via: Option<String>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = delivery_attempts)]
struct AttemptRow {
    order_id: i64,
    attempt: i32,
    reason: String,
    recorded_by: Option<i64>,
    recorded_at: NaiveDateTime,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = order_items)]
struct ItemRow {
    order_id: i64,
    product_id: Option<i64>,
    slug: String,
    name_ar: String,
    name_en: String,
    image: Option<String>,
    quantity: i32,
    unit_price: i64,
    weight_grams: i64,
    line_total: i64,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = order_history)]
struct HistoryRow {
    order_id: i64,
    from_status: Option<String>,
    to_status: String,
    changed_at: NaiveDateTime,
    changed_by: Option<i64>,
    note: Option<String>,
}

/// Writes the whole order, or nothing.
fn place_in(conn: &mut DbConn, order: &NewOrder, key: Option<&Keyed<Order>>, at: DateTime<Utc>) -> Result<Order, Refusal> {
    let now = at.naive_utc();
    let (receiver_name, receiver_phone) = match &order.receiver {
        Receiver::Buyer => (None, None),
        Receiver::Other { name, phone } => (Some(name.clone()), Some(phone.to_string())),
    };
    let totals = &order.totals;
    let sales_engineer = match order.user {
        Some(client) => sales_engineer_of(conn, client)?,
        None => None,
    };
    let id = next_order_id(conn)?;
    let number = order_number(at.year(), OrderId(id));
    // The order as it will be read back, known before it is written: its answer goes under the
    // key in this transaction.
    let placed = Order {
        id: OrderId(id),
        number: number.clone(),
        status: OrderStatus::New,
        created_at: at,
        placed: order.clone(),
        history: vec![StatusChange { from: None, to: OrderStatus::New, at, by: order.user, note: None }],
        sales_engineer: sales_engineer.map(UserId),
        lots: Vec::new(),
        confirmation: order.confirmed.map(|via| Confirmation { at, by: None, via }),
        cancelled_as: None,
        failed_attempts: Vec::new(),
        shipment: None,
        returns: Vec::new(),
    };
    diesel::insert_into(orders::table)
        .values((
            orders::id.eq(id),
            orders::number.eq(&number),
            orders::sales_engineer_id.eq(sales_engineer),
            orders::user_id.eq(order.user.map(|user| user.0)),
            orders::source.eq(<&str>::from(order.source)),
            orders::status.eq(<&str>::from(OrderStatus::New)),
            orders::kind.eq(order.receiver.kind()),
            orders::payment_method.eq(<&str>::from(order.payment_method)),
            orders::customer_name.eq(&order.customer_name),
            orders::customer_phone.eq(order.customer_phone.to_string()),
            orders::receiver_name.eq(receiver_name),
            orders::receiver_phone.eq(receiver_phone),
            orders::address.eq(&order.destination.address),
            orders::city_id.eq(order.destination.city.0),
            orders::city_name_ar.eq(&order.destination.city_name.ar),
            orders::city_name_en.eq(&order.destination.city_name.en),
            orders::notes.eq(&order.notes),
            orders::copoun.eq(&order.copoun),
            orders::subtotal.eq(totals.subtotal.piastres()),
            orders::discount.eq(totals.discount.piastres()),
            orders::shipping_base.eq(totals.shipping_base.piastres()),
            orders::shipping_extra.eq(totals.shipping_extra.piastres()),
            orders::total.eq(totals.total.piastres()),
            orders::total_weight_grams.eq(totals.total_weight.grams()),
            orders::created_at.eq(now),
            orders::locale.eq(order.locale.code()),
            orders::search_text.eq(order.search_text()),
            orders::safety_acknowledged.eq(order.safety_acknowledged),
            orders::confirmed_at.eq(order.confirmed.map(|_| now)),
            orders::confirmed_via.eq(order.confirmed.map(<&str>::from)),
        ))
        .execute(conn)?;
    // The key answers with the order, so it follows the order's row.
    if let Some(keyed) = key
        && !keys::hold(conn, &keyed.key, &keyed.answer(&placed), at)?
    {
        return Err(Refusal::KeyTaken);
    }
    insert_lines(conn, id, &order.lines)?;
    if let (Some(user), OrderSource::Web) = (order.user, order.source) {
        let bought: Vec<i64> = order.lines.iter().filter_map(|line| Some(line.product?.0)).collect();
        diesel::delete(cart_items::table.filter(cart_items::user_id.eq(user.0).and(cart_items::product_id.eq_any(bought)))).execute(conn)?;
    }
    // The shared rows last, so that other orders wait on them only until this commit.
    let batches = take_stock(conn, id, order, shop_day(at))?;
    if let Some(promo) = &order.promo {
        take_promo_use(conn, promo, id, order)?;
    }
    let placing = OrderChange::Placed { number, source: order.source, total: totals.total, awaits_call: order.awaits_call };
    order_events::record_with_history(conn, id, 1, &placing, &StatusEntry { from: None, to: OrderStatus::New, by: order.user, note: None }, now)?;
    stock_moved_in_transaction(conn)?;
    Ok(Order { lots: batches, ..placed })
}

/// Writes an order's lines, in their order, in one statement.
pub(crate) fn insert_lines(conn: &mut DbConn, id: i64, lines: &[OrderLine]) -> QueryResult<()> {
    let items: Vec<_> = (0..)
        .zip(lines)
        .map(|(position, line)| {
            (
                order_items::order_id.eq(id),
                order_items::position.eq(position),
                order_items::product_id.eq(line.product.map(|product| product.0)),
                order_items::slug.eq(&line.slug),
                order_items::name_ar.eq(&line.name.ar),
                order_items::name_en.eq(&line.name.en),
                order_items::image.eq(&line.image),
                order_items::quantity.eq(i32::try_from(line.quantity).unwrap_or(i32::MAX)),
                order_items::unit_price.eq(line.unit_price.piastres()),
                order_items::weight_grams.eq(line.weight.grams()),
                order_items::line_total.eq(line.line_total.piastres()),
            )
        })
        .collect();
    let insert = diesel::insert_into(order_items::table).values(items);
    match conn {
        // One text per count of lines, which an order bounds.
        DbConn::Postgres(pg) => KeptPrepared(insert.returning(order_items::position)).load::<i32>(pg)?.len(),
        // Diesel writes SQLite's many rows through a statement of its own, which a wrapper hides.
        DbConn::Sqlite(sqlite) => insert.execute(sqlite)?,
    };
    Ok(())
}

/// Takes every line's stock by one guarded statement, in product order so that two orders
/// never wait on each other in a circle, and, for a product kept in lots, from its lots soonest
/// to expire first on `today` (never an expired one); a short line refuses the order. Answers
/// the batches taken.
fn take_stock(conn: &mut DbConn, id: i64, order: &NewOrder, today: NaiveDate) -> Result<Vec<LineLot>, Refusal> {
    let mut wanted: Vec<(i64, i64)> = Vec::with_capacity(order.lines.len());
    for line in &order.lines {
        let Some(product) = line.product else { continue };
        match wanted.iter_mut().find(|(seen, _)| *seen == product.0) {
            Some((_, units)) => *units += i64::from(line.quantity),
            None => wanted.push((product.0, i64::from(line.quantity))),
        }
    }
    wanted.sort_unstable();
    let in_lots = take_units_of_each(conn, &wanted)?;
    if in_lots.is_empty() {
        return Ok(Vec::new());
    }
    // Every product's row is held now: the lots of those kept in lots are read once, for all
    // their lines.
    let lots = lots::lots_of_each(conn, &in_lots)?;
    let mut batches = Vec::new();
    for (product, quantity) in wanted.into_iter().filter(|(product, _)| in_lots.contains(product)) {
        let from_lots = lots::take_from(conn, id, product, quantity, today, lots.get(&product).map_or(&[], Vec::as_slice))?;
        batches.extend(from_lots.map_err(|left| Refusal::Short { product: ProductId(product), left })?);
    }
    Ok(batches)
}

/// The units of every product an order takes, in one statement whatever its lines. PostgreSQL:
/// every row is held first, in product order (the index's order, read before each lock), then
/// each is taken while it has enough. The hold is the update's own lock (`NO KEY`): the order's
/// lines, written before, hold their products' keys, which a plain `FOR UPDATE` would wait on.
/// The arrays are read through sub-selects, which hide their lengths from the planner: seeing
/// three products where its one plan for any order assumes ten, it planned the statement anew
/// for every order (a tenth of an order's CPU, issue 42); now it keeps that one plan. Each
/// product taken answers whether it is kept in lots, from the row as it is once held (a lot
/// added while the order waited for the row is seen), so an order without lots reads none.
const TAKE_UNITS_POSTGRES: &str = "WITH held AS MATERIALIZED (SELECT id, quantity FROM products WHERE id = ANY((SELECT $1::int8[])::int8[]) ORDER BY id FOR NO KEY UPDATE) \
     UPDATE products SET quantity = products.quantity - wanted.units \
     FROM held JOIN unnest((SELECT $1::int8[]), (SELECT $2::int8[])) AS wanted (id, units) ON wanted.id = held.id \
     WHERE products.id = held.id AND held.quantity >= wanted.units RETURNING products.id, products.kept_in_lots";

/// [`TAKE_UNITS_POSTGRES`] on SQLite, whose one writer holds the whole database: the wanted
/// units come as a JSON array of `[product, units]` pairs.
const TAKE_UNITS_SQLITE: &str = "UPDATE products SET quantity = products.quantity - wanted.units \
     FROM (SELECT json_extract(value, '$[0]') AS id, json_extract(value, '$[1]') AS units FROM json_each(?)) AS wanted \
     WHERE products.id = wanted.id AND products.quantity >= wanted.units RETURNING products.id, products.kept_in_lots";

/// A product whose units the stock statement took.
#[derive(QueryableByName)]
struct TakenUnits {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Bool)]
    kept_in_lots: bool,
}

/// Takes the `wanted` units of each product (distinct, in product order) by one guarded
/// statement, which holds their rows to the commit, and answers those of them kept in lots;
/// refused with the first short product and what it has left.
fn take_units_of_each(conn: &mut DbConn, wanted: &[(i64, i64)]) -> Result<Vec<i64>, Refusal> {
    let taken: Vec<TakenUnits> = match conn {
        DbConn::Postgres(pg) => {
            let (ids, units): (Vec<i64>, Vec<i64>) = wanted.iter().copied().unzip();
            KeptPrepared(diesel::sql_query(TAKE_UNITS_POSTGRES).bind::<Array<BigInt>, _>(ids).bind::<Array<BigInt>, _>(units)).load(pg)?
        }
        DbConn::Sqlite(sqlite) => {
            let pairs = serde_json::to_string(wanted).map_err(|error| DieselError::SerializationError(Box::new(error)))?;
            KeptPrepared(diesel::sql_query(TAKE_UNITS_SQLITE).bind::<Text, _>(pairs)).load(sqlite)?
        }
    };
    let Some(&(short, _)) = wanted.iter().find(|(product, _)| !taken.iter().any(|row| row.id == *product)) else {
        return Ok(taken.into_iter().filter(|row| row.kept_in_lots).map(|row| row.id).collect());
    };
    let left = products::table.find(short).select(products::quantity).first::<i64>(conn).optional()?.unwrap_or(0);
    Err(Refusal::Short { product: ProductId(short), left })
}

/// Takes one line's units of a product by the order's guarded statement, and from its lots when
/// it is kept in lots; refused when they are short.
pub(crate) fn take_line(conn: &mut DbConn, id: i64, product: i64, quantity: i64, today: NaiveDate) -> Result<Vec<LineLot>, Refusal> {
    if take_units_of_each(conn, &[(product, quantity)])?.is_empty() {
        return Ok(Vec::new());
    }
    lots::take_from_lots(conn, id, product, quantity, today)?.map_err(|left| Refusal::Short { product: ProductId(product), left })
}

/// The batches each order's lines came from.
fn line_lots(conn: &mut DbConn, ids: &[i64]) -> QueryResult<HashMap<i64, Vec<LineLot>>> {
    let rows: Vec<(i64, i64, String, NaiveDate, i64)> = order_lot_takes::table
        .filter(order_lot_takes::order_id.eq_any(ids))
        .order((order_lot_takes::order_id, order_lot_takes::product_id, order_lot_takes::expires_on))
        .select((order_lot_takes::order_id, order_lot_takes::product_id, order_lot_takes::batch, order_lot_takes::expires_on, order_lot_takes::quantity))
        .load(conn)?;
    let mut lots: HashMap<i64, Vec<LineLot>> = HashMap::new();
    for (order, product, batch, expires_on, quantity) in rows {
        lots.entry(order).or_default().push(LineLot { product: ProductId(product), batch, expires_on, quantity: u32::try_from(quantity).unwrap_or(0) });
    }
    Ok(lots)
}

/// The id the next order takes, known before its row is written so that its number goes in
/// with it: a second write of the row would update each of the staff lists' indexes (and the
/// search words) again. PostgreSQL: the id's own sequence; SQLite: one past the highest, which
/// is what SQLite would choose, safe under the writing transaction's lock (`write`).
fn next_order_id(conn: &mut DbConn) -> QueryResult<i64> {
    match conn {
        DbConn::Postgres(_) => {
            Ok(KeptPrepared(diesel::sql_query("SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id")).get_result::<RowId>(conn)?.id)
        }
        DbConn::Sqlite(_) => Ok(orders::table.select(diesel::dsl::max(orders::id)).first::<Option<i64>>(conn)?.unwrap_or(0) + 1),
    }
}

/// The client's sales engineer, or the shop's default one: the first active sales account.
/// One read.
fn sales_engineer_of(conn: &mut DbConn, client: UserId) -> QueryResult<Option<i64>> {
    let sales = diesel::alias!(users as sales);
    let first_active = sales
        .filter(sales.field(users::role).eq("sales").and(sales.field(users::blocked).eq(false)))
        .select(diesel::dsl::min(sales.field(users::id)))
        .single_value();
    let engineer = users::table.find(client.0).select(coalesce(users::sales_engineer_id, first_active)).first::<Option<i64>>(conn).optional()?;
    Ok(engineer.flatten())
}

/// Counts the order's use of its code: the guarded update holds the overall limit (on
/// PostgreSQL it also locks the code's row, so the buyer's uses are counted after every
/// earlier use committed), then the buyer's uses are checked.
fn take_promo_use(conn: &mut DbConn, promo: &AppliedPromo, order_id: i64, order: &NewOrder) -> Result<(), Refusal> {
    let row = copouns::table.find(promo.id).filter(copouns::active.eq(true));
    let taken = match promo.usage_limit {
        Some(limit) => diesel::update(row.filter(copouns::used_count.lt(i32::try_from(limit).unwrap_or(i32::MAX))))
            .set(copouns::used_count.eq(copouns::used_count + 1))
            .execute(conn)?,
        None => diesel::update(row).set(copouns::used_count.eq(copouns::used_count + 1)).execute(conn)?,
    };
    if taken == 0 {
        return Err(Refusal::Promo(PromoRefusal::UsedUp));
    }
    if let Some(limit) = promo.per_user_limit
        && crate::promos::uses_by(conn, promo.id, order.user, Some(&order.customer_phone))? >= limit
    {
        return Err(Refusal::Promo(PromoRefusal::AlreadyUsed));
    }
    diesel::insert_into(copoun_uses::table)
        .values((
            copoun_uses::order_id.eq(order_id),
            copoun_uses::copoun_id.eq(promo.id),
            copoun_uses::user_id.eq(order.user.map(|user| user.0)),
            copoun_uses::phone.eq(order.customer_phone.to_string()),
        ))
        .execute(conn)?;
    Ok(())
}

/// The orders of these rows with their lines and history, in the rows' order.
fn assemble(conn: &mut DbConn, rows: Vec<OrderRow>) -> anyhow::Result<Vec<Order>> {
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let mut items: HashMap<i64, Vec<OrderLine>> = HashMap::new();
    let item_rows: Vec<ItemRow> = order_items::table
        .filter(order_items::order_id.eq_any(&ids))
        .order((order_items::order_id, order_items::position))
        .select(ItemRow::as_select())
        .load(conn)?;
    for item in item_rows {
        items.entry(item.order_id).or_default().push(OrderLine {
            product: item.product_id.map(ProductId),
            slug: item.slug,
            name: Localized::new(item.name_ar, item.name_en),
            image: item.image,
            quantity: u32::try_from(item.quantity).unwrap_or(0),
            unit_price: Money::from_piastres(item.unit_price),
            weight: Weight::from_grams(item.weight_grams),
            line_total: Money::from_piastres(item.line_total),
        });
    }
    let mut lots = line_lots(conn, &ids)?;
    let mut history: HashMap<i64, Vec<StatusChange>> = HashMap::new();
    let history_rows: Vec<HistoryRow> = order_history::table
        .filter(order_history::order_id.eq_any(&ids))
        .order((order_history::order_id, order_history::id))
        .select(HistoryRow::as_select())
        .load(conn)?;
    for change in history_rows {
        history.entry(change.order_id).or_default().push(StatusChange {
            from: change.from_status.and_then(|status| status.parse().ok()),
            to: change.to_status.parse()?,
            at: change.changed_at.and_utc(),
            by: change.changed_by.map(UserId),
            note: change.note,
        });
    }
    let causes: HashMap<i64, String> = order_cancellations::table
        .filter(order_cancellations::order_id.eq_any(&ids))
        .select((order_cancellations::order_id, order_cancellations::cause))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .collect();
    let mut shipments = crate::shipments::shipments_of(conn, &ids)?;
    let mut returns = crate::returns::returns_of(conn, &ids)?;
    let mut attempts: HashMap<i64, Vec<FailedAttempt>> = HashMap::new();
    let attempt_rows: Vec<AttemptRow> = delivery_attempts::table
        .filter(delivery_attempts::order_id.eq_any(&ids))
        .order((delivery_attempts::order_id, delivery_attempts::attempt))
        .select(AttemptRow::as_select())
        .load(conn)?;
    for row in attempt_rows {
        attempts.entry(row.order_id).or_default().push(FailedAttempt {
            attempt: u32::try_from(row.attempt).unwrap_or(0),
            reason: row.reason,
            by: row.recorded_by.map(UserId),
            at: row.recorded_at.and_utc(),
        });
    }
    rows.into_iter()
        .map(|row| {
            let receiver = match (row.receiver_name, row.receiver_phone.as_deref().and_then(Phone::parse)) {
                (Some(name), Some(phone)) => Receiver::Other { name, phone },
                _ => Receiver::Buyer,
            };
            Ok(Order {
                id: OrderId(row.id),
                number: row.number.unwrap_or_default(),
                status: row.status.parse()?,
                created_at: row.created_at.and_utc(),
                history: history.remove(&row.id).unwrap_or_default(),
                sales_engineer: row.sales_engineer_id.map(UserId),
                lots: lots.remove(&row.id).unwrap_or_default(),
                confirmation: match (row.confirmed_at, row.confirmed_via.as_deref().and_then(|via| via.parse().ok())) {
                    (Some(at), Some(via)) => Some(Confirmation { at: at.and_utc(), by: row.confirmed_by.map(UserId), via }),
                    _ => None,
                },
                cancelled_as: match causes.get(&row.id) {
                    _ if row.status != <&str>::from(OrderStatus::Cancelled) => None,
                    Some(cause) => Some(cause.parse()?),
                    None => Some(CancelCause::CalledOff),
                },
                failed_attempts: attempts.remove(&row.id).unwrap_or_default(),
                shipment: shipments.remove(&row.id).map(|mut shipment| {
                    let delivered = row.status == <&str>::from(OrderStatus::Delivered);
                    shipment.collected =
                        crate::shipments::collected_of(shipment.courier, shipment.collected.map(Money::piastres), shipment.cod.piastres(), delivered);
                    shipment
                }),
                returns: returns.remove(&row.id).unwrap_or_default(),
                placed: NewOrder {
                    user: row.user_id.map(UserId),
                    source: row.source.parse()?,
                    customer_name: row.customer_name,
                    customer_phone: Phone::parse(&row.customer_phone).ok_or_else(|| anyhow::anyhow!("stored phone unreadable"))?,
                    receiver,
                    destination: Destination { address: row.address, city: CityId(row.city_id), city_name: Localized::new(row.city_name_ar, row.city_name_en) },
                    notes: row.notes,
                    copoun: row.copoun,
                    promo: None,
                    lines: items.remove(&row.id).unwrap_or_default(),
                    totals: Totals {
                        subtotal: Money::from_piastres(row.subtotal),
                        discount: Money::from_piastres(row.discount),
                        shipping_base: Money::from_piastres(row.shipping_base),
                        shipping_extra: Money::from_piastres(row.shipping_extra),
                        // The orders table has no column left for the cash fee: it is what the
                        // total holds beyond the goods and the shipping.
                        cod_fee: Money::from_piastres(row.total - row.subtotal + row.discount - row.shipping_base - row.shipping_extra),
                        total: Money::from_piastres(row.total),
                        total_weight: Weight::from_grams(row.total_weight_grams),
                    },
                    payment_method: row.payment_method.parse()?,
                    locale: kernel::Locale::from_header(&row.locale),
                    safety_acknowledged: row.safety_acknowledged,
                    confirmed: None,
                    awaits_call: false,
                },
            })
        })
        .collect()
}

impl OrderBook for DieselOrderBook {
    fn place<'a>(&self, order: &NewOrder, admit: Admit<'a>, key: Option<&'a Keyed<Order>>, at: DateTime<Utc>) -> anyhow::Result<Placement> {
        let conn = &mut *self.db.conn()?;
        // To the microsecond, as both databases keep it, so the order answered is the order
        // read back later.
        let at = at.trunc_subsecs(6);
        let taken = write_moving_stock(
            conn,
            |_| true,
            |conn| {
                let history = crate::phones::buyer_history(conn, &order.customer_phone.to_string(), order.user)?;
                let admission = admit(&history).map_err(Refusal::Phone)?;
                place_in(conn, &NewOrder { awaits_call: admission.awaits_call, confirmed: admission.confirmed, ..order.clone() }, key, at)
            },
        );
        match taken {
            Ok(placed) => Ok(Placement::Placed(Box::new(placed))),
            Err(Refusal::Short { product, left }) => Ok(Placement::ShortOfStock { product, left }),
            Err(Refusal::Promo(refusal)) => Ok(Placement::PromoRefused(refusal)),
            Err(Refusal::KeyTaken) => Ok(Placement::KeyTaken),
            Err(Refusal::Phone(refusal)) => Ok(Placement::PhoneRefused(refusal)),
            Err(Refusal::Database(error)) => Err(error.into()),
        }
    }

    fn order(&self, id: OrderId) -> anyhow::Result<Option<Order>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<OrderRow> = orders::table.find(id.0).select(OrderRow::as_select()).load(conn)?;
        Ok(assemble(conn, rows)?.pop())
    }

    fn orders_of(&self, owner: UserId, status: Option<OrderStatus>, page: PageRequest) -> anyhow::Result<Page<Order>> {
        let conn = &mut *self.db.conn()?;
        let mine = || {
            let mut query = orders::table.filter(orders::user_id.eq(owner.0)).into_boxed();
            if let Some(status) = status {
                query = query.filter(orders::status.eq(<&str>::from(status)));
            }
            query
        };
        let total: i64 = mine().count().get_result(conn)?;
        let rows: Vec<OrderRow> =
            mine().order(orders::id.desc()).limit(i64::from(page.per_page)).offset(page.offset()).select(OrderRow::as_select()).load(conn)?;
        Ok(Page::new(assemble(conn, rows)?, page, u64::try_from(total).unwrap_or(0)))
    }

    fn order_by_number(&self, number: &str) -> anyhow::Result<Option<Order>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<OrderRow> = orders::table.filter(orders::number.eq(number)).select(OrderRow::as_select()).load(conn)?;
        Ok(assemble(conn, rows)?.pop())
    }

    fn staff_orders(&self, query: &StaffOrderQuery) -> anyhow::Result<OrderListing> {
        let conn = &mut *self.db.conn()?;
        let listed = staff_page(conn, query)?;
        let mut rows: Vec<OrderRow> = orders::table.filter(orders::id.eq_any(&listed.ids)).select(OrderRow::as_select()).load(conn)?;
        rows.sort_by_key(|row| listed.ids.iter().position(|id| *id == row.id));
        Ok(OrderListing {
            page: Page::new(assemble(conn, rows)?, query.page, listed.total),
            counts: listed.counts,
            awaiting: listed.awaiting,
            more_matches: listed.more_matches,
        })
    }

    fn staff_order(&self, id: OrderId) -> anyhow::Result<Option<StaffOrder>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<OrderRow> = orders::table.find(id.0).select(OrderRow::as_select()).load(conn)?;
        assemble(conn, rows)?.pop().map(|order| staff_order_of(conn, order)).transpose()
    }

    fn add_note(&self, id: OrderId, author: UserId, body: &str, at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        add_note_in(conn, id, author, body, at)?;
        Ok(())
    }

    fn assign_sales_engineer(&self, id: OrderId, engineer: UserId, at: DateTime<Utc>) -> anyhow::Result<Assignment> {
        let conn = &mut *self.db.conn()?;
        write(conn, |conn| {
            if !is_sales_engineer(conn, engineer)? {
                return QueryResult::Ok(Assignment::NoSuchEngineer);
            }
            Ok(if assign_in(conn, id, engineer, at)? { Assignment::Done } else { Assignment::NoSuchOrder })
        })
        .map_err(Into::into)
    }

    fn change_status(&self, id: OrderId, change: &StatusMove) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(write_moving_stock(conn, |moved| *moved && change.restock, |conn| apply_move(conn, id.0, change))?)
    }

    fn fail_delivery(&self, id: OrderId, attempt: &FailedAttempt, refusal: Option<StatusMove>) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let at = attempt.at.naive_utc();
        let number = i32::try_from(attempt.attempt).unwrap_or(i32::MAX);
        let restocks = refusal.as_ref().is_some_and(|refusal| refusal.restock);
        let kept = write_moving_stock(
            conn,
            |kept| *kept && restocks,
            |conn| {
                // The order's row, held from here to the commit, lets one report at a time count
                // the attempts: of two reports of the same attempt the second finds it kept and
                // undoes its own version count.
                let version: Option<i32> = diesel::update(orders::table.find(id.0).filter(orders::status.eq(<&str>::from(OrderStatus::OnDelivery))))
                    .set(orders::version.eq(orders::version + 1))
                    .returning(orders::version)
                    .get_result(conn)
                    .optional()?;
                let Some(version) = version else { return QueryResult::Ok(false) };
                let kept: i64 = delivery_attempts::table.filter(delivery_attempts::order_id.eq(id.0)).count().get_result(conn)?;
                if kept != i64::from(number) - 1 {
                    return Err(DieselError::RollbackTransaction);
                }
                diesel::insert_into(delivery_attempts::table)
                    .values((
                        delivery_attempts::order_id.eq(id.0),
                        delivery_attempts::attempt.eq(number),
                        delivery_attempts::reason.eq(&attempt.reason),
                        delivery_attempts::recorded_by.eq(attempt.by.map(|user| user.0)),
                        delivery_attempts::recorded_at.eq(at),
                    ))
                    .execute(conn)?;
                let change = OrderChange::DeliveryFailed { attempt: attempt.attempt, reason: attempt.reason.clone(), by: attempt.by };
                order_events::record(conn, id.0, version, &change, at)?;
                match &refusal {
                    Some(refusal) => apply_move(conn, id.0, refusal),
                    None => Ok(true),
                }
            },
        );
        match kept {
            Err(DieselError::RollbackTransaction) => Ok(false),
            other => Ok(other?),
        }
    }

    fn confirm(&self, id: OrderId, confirmation: &Confirmation) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let at = confirmation.at.naive_utc();
        Ok(write(conn, |conn| {
            // The guarded update decides: of two confirmations at once only one is kept.
            let version: Option<i32> =
                diesel::update(orders::table.find(id.0).filter(orders::status.eq(<&str>::from(OrderStatus::New)).and(orders::confirmed_at.is_null())))
                    .set((
                        orders::confirmed_at.eq(at),
                        orders::confirmed_by.eq(confirmation.by.map(|user| user.0)),
                        orders::confirmed_via.eq(<&str>::from(confirmation.via)),
                        orders::version.eq(orders::version + 1),
                    ))
                    .returning(orders::version)
                    .get_result(conn)
                    .optional()?;
            let Some(version) = version else { return QueryResult::Ok(false) };
            order_events::record(conn, id.0, version, &OrderChange::Confirmed { via: confirmation.via, by: confirmation.by }, at)?;
            Ok(true)
        })?)
    }

    fn change_lines(&self, id: OrderId, change: &LinesChange) -> anyhow::Result<LinesOutcome> {
        let conn = &mut *self.db.conn()?;
        match write_moving_stock(conn, |changed| *changed, |conn| order_lines::change_lines_in(conn, id.0, change)) {
            Ok(true) => Ok(LinesOutcome::Changed),
            Ok(false) => Ok(LinesOutcome::NotAwaiting),
            Err(Refusal::Short { product, left }) => Ok(LinesOutcome::ShortOfStock { product, left }),
            Err(Refusal::Database(error)) => Err(error.into()),
            Err(Refusal::Promo(_) | Refusal::KeyTaken | Refusal::Phone(_)) => {
                Err(anyhow::anyhow!("changing an order's lines neither uses a code, holds a key nor judges a phone"))
            }
        }
    }

    fn deliver_partly(&self, id: OrderId, delivery: &PartialDelivery) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(write_moving_stock(conn, |delivered| *delivered, |conn| order_lines::deliver_partly_in(conn, id.0, delivery))?)
    }

    fn undo_move(&self, id: OrderId, undo: &UndoMove) -> anyhow::Result<UndoOutcome> {
        let conn = &mut *self.db.conn()?;
        match write_moving_stock(conn, |undone| *undone && undo.from == OrderStatus::Cancelled, |conn| crate::order_undo::undo_in(conn, id, undo)) {
            Ok(true) => Ok(UndoOutcome::Undone),
            Ok(false) => Ok(UndoOutcome::Moved),
            Err(Refusal::Short { product, left }) => Ok(UndoOutcome::ShortOfStock { product, left }),
            Err(Refusal::Promo(_)) => Ok(UndoOutcome::PromoUsedUp),
            Err(Refusal::Database(error)) => Err(error.into()),
            Err(Refusal::KeyTaken | Refusal::Phone(_)) => Err(anyhow::anyhow!("undoing a move neither holds a key nor judges a phone")),
        }
    }

    fn unconfirmed_before(&self, placed_before: DateTime<Utc>, limit: i64) -> anyhow::Result<Vec<OrderId>> {
        let conn = &mut *self.db.conn()?;
        let ids: Vec<i64> = orders::table
            .filter(orders::status.eq(<&str>::from(OrderStatus::New)).and(orders::confirmed_at.is_null()).and(orders::created_at.lt(placed_before.naive_utc())))
            .order(orders::created_at)
            .limit(limit)
            .select(orders::id)
            .load(conn)?;
        Ok(ids.into_iter().map(OrderId).collect())
    }
}

/// Moves an order as `change` says, in the caller's transaction: false when it is no longer
/// in `change.from` (or, for a cancellation for want of a confirmation, was confirmed since).
pub(crate) fn apply_move(conn: &mut DbConn, id: i64, change: &StatusMove) -> QueryResult<bool> {
    // The guarded update decides: of two parallel moves only one finds the order still in
    // `from`, so stock goes back once and the change is on the spine once.
    // Cancelled for want of a confirmation, or disowned from the link: never once confirmed.
    let unconfirmed_only = matches!(change.cause, CancelCause::Unconfirmed | CancelCause::NotOrdered);
    let confirmation_allows = orders::confirmed_at.is_null().or((!unconfirmed_only).into_sql::<diesel::sql_types::Bool>());
    let version: Option<i32> = diesel::update(orders::table.find(id).filter(orders::status.eq(<&str>::from(change.from))).filter(confirmation_allows))
        .set((orders::status.eq(<&str>::from(change.to)), orders::version.eq(orders::version + 1)))
        .returning(orders::version)
        .get_result(conn)
        .optional()?;
    let Some(version) = version else {
        return Ok(false);
    };
    // What the move does beside the status, as the domain decided it.
    if change.to == OrderStatus::Cancelled {
        diesel::insert_into(order_cancellations::table)
            .values((order_cancellations::order_id.eq(id), order_cancellations::cause.eq(<&str>::from(change.cause))))
            .execute(conn)?;
    }
    if change.restock {
        restock(conn, id, shop_day(change.at))?;
    }
    if change.release_promo {
        release_promo(conn, id)?;
    }
    let entry = StatusEntry { from: Some(change.from), to: change.to, by: change.by, note: change.note.as_deref() };
    order_events::record_with_history(conn, id, version, &OrderChange::of_move(change), &entry, change.at.naive_utc())?;
    if let Some(grant) = &change.grant {
        crate::loyalty::grant_points(conn, id, grant, change.at)?;
    }
    Ok(true)
}

/// Puts an order's units back on the shelf, into the lots they came from for a product kept in
/// lots.
fn restock(conn: &mut DbConn, id: i64, today: NaiveDate) -> QueryResult<()> {
    // In product order, as orders take stock, so that a cancellation and an order never wait
    // on each other in a circle.
    let lines: Vec<(i64, i32)> = order_items::table
        .filter(order_items::order_id.eq(id).and(order_items::product_id.is_not_null()))
        .order(order_items::product_id)
        .select((order_items::product_id.assume_not_null(), order_items::quantity))
        .load(conn)?;
    for (product, quantity) in lines {
        put_back_line(conn, id, product, i64::from(quantity), today, TakenRecord::Kept)?;
    }
    stock_moved_in_transaction(conn)
}

/// Puts one line's units of a product back on the shelf, into the lots they came from when it
/// is kept in lots.
pub(crate) fn put_back_line(conn: &mut DbConn, id: i64, product: i64, quantity: i64, today: NaiveDate, record: TakenRecord) -> QueryResult<()> {
    if !lots::return_units_to_lots(conn, id, product, quantity, today, record)? {
        diesel::update(products::table.find(product)).set(products::quantity.eq(products::quantity + quantity)).execute(conn)?;
    }
    Ok(())
}

/// Gives an order's use of its promo code back.
fn release_promo(conn: &mut DbConn, id: i64) -> QueryResult<()> {
    let promo: Option<i64> = copoun_uses::table.find(id).select(copoun_uses::copoun_id).first(conn).optional()?;
    if let Some(promo) = promo {
        diesel::delete(copoun_uses::table.find(id)).execute(conn)?;
        diesel::update(copouns::table.find(promo).filter(copouns::used_count.gt(0))).set(copouns::used_count.eq(copouns::used_count - 1)).execute(conn)?;
    }
    Ok(())
}

impl BuyerCart for DieselCartStore {
    fn cart_lines(&self, owner: UserId) -> anyhow::Result<Vec<(ProductId, u32)>> {
        Ok(cart::CartStore::lines(self, owner)?.into_iter().map(|line| (line.product, line.quantity)).collect())
    }
}
