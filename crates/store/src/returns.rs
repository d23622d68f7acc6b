//! Returns of delivered orders over Diesel: each return with its lines, its steps guarded on
//! the state they leave, units back in their lots and points back in the same transaction.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use kernel::{Localized, Money, OrderId, ProductId, UserId, shop_day};
use ordering::{NewReturn, OrderChange, OrderReturn, ReturnBook, ReturnLine, ReturnMove, ReturnState, ReturnStep};

use crate::catalogue::{stock_moved_in_transaction, write_moving_stock};
use crate::database::{Database, DbConn, write};
use crate::order_events;
use crate::schema::{categories, order_items, order_return_lines, order_returns, orders, points_ledger, products};

/// Returns in the database.
#[derive(Clone)]
pub struct DieselReturnBook {
    db: Database,
}

impl DieselReturnBook {
    /// The book over a database.
    pub fn new(db: Database) -> Self {
        DieselReturnBook { db }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = order_returns)]
struct ReturnRow {
    id: i64,
    order_id: i64,
    state: String,
    reason: String,
    asked_at: NaiveDateTime,
    opened_by: Option<i64>,
    note: Option<String>,
    refund: i64,
    resaleable: Option<bool>,
    points_back: Option<i64>,
    updated_at: NaiveDateTime,
}

/// A return's line: return, product, names, units, unit price.
type LineRow = (i64, i64, String, String, i32, i64);

/// The returns of these orders, oldest first, by order.
pub fn returns_of(conn: &mut DbConn, orders: &[i64]) -> anyhow::Result<HashMap<i64, Vec<OrderReturn>>> {
    let rows: Vec<ReturnRow> =
        order_returns::table.filter(order_returns::order_id.eq_any(orders)).order(order_returns::id).select(ReturnRow::as_select()).load(conn)?;
    if rows.is_empty() {
        return Ok(HashMap::new());
    }
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let lines: Vec<LineRow> = order_return_lines::table
        .filter(order_return_lines::return_id.eq_any(&ids))
        .order((order_return_lines::return_id, order_return_lines::product_id))
        .select((
            order_return_lines::return_id,
            order_return_lines::product_id,
            order_return_lines::name_ar,
            order_return_lines::name_en,
            order_return_lines::quantity,
            order_return_lines::unit_price,
        ))
        .load(conn)?;
    let mut found: HashMap<i64, Vec<OrderReturn>> = HashMap::new();
    for row in rows {
        let lines = lines
            .iter()
            .filter(|line| line.0 == row.id)
            .map(|(_, product, name_ar, name_en, quantity, unit_price)| ReturnLine {
                product: ProductId(*product),
                name: Localized::new(name_ar.clone(), name_en.clone()),
                quantity: u32::try_from(*quantity).unwrap_or(0),
                unit_price: Money::from_piastres(*unit_price),
            })
            .collect();
        found.entry(row.order_id).or_default().push(OrderReturn {
            id: row.id,
            order: OrderId(row.order_id),
            state: row.state.parse()?,
            lines,
            reason: row.reason,
            asked_at: row.asked_at.and_utc(),
            opened_by: row.opened_by.map(UserId),
            note: row.note,
            refund: Money::from_piastres(row.refund),
            resaleable: row.resaleable,
            points_back: row.points_back,
            updated_at: row.updated_at.and_utc(),
        });
    }
    Ok(found)
}

impl ReturnBook for DieselReturnBook {
    fn not_returnable(&self, products_asked: &[ProductId]) -> anyhow::Result<Vec<ProductId>> {
        let conn = &mut *self.db.conn()?;
        let ids: Vec<i64> = products_asked.iter().map(|product| product.0).collect();
        let found: Vec<i64> = products::table
            .inner_join(categories::table)
            .filter(products::id.eq_any(&ids).and(categories::returnable.eq(false)))
            .select(products::id)
            .load(conn)?;
        Ok(found.into_iter().map(ProductId).collect())
    }

    fn ask(&self, request: &NewReturn) -> anyhow::Result<Option<i64>> {
        let conn = &mut *self.db.conn()?;
        let order = request.order.0;
        Ok(write(conn, |conn| {
            // The order's row, held to the commit, lets one request at a time count the units
            // the order's other returns hold (SQLite's writer holds the whole database).
            let version: i32 =
                diesel::update(orders::table.find(order)).set(orders::version.eq(orders::version + 1)).returning(orders::version).get_result(conn)?;
            for line in &request.lines {
                let ordered: Option<i32> = order_items::table
                    .filter(order_items::order_id.eq(order).and(order_items::product_id.eq(line.product.0)))
                    .select(order_items::quantity)
                    .first(conn)
                    .optional()?;
                let held: Vec<i32> = order_return_lines::table
                    .inner_join(order_returns::table)
                    .filter(order_returns::order_id.eq(order))
                    .filter(order_returns::state.ne(<&str>::from(ReturnState::Refused)))
                    .filter(order_return_lines::product_id.eq(line.product.0))
                    .select(order_return_lines::quantity)
                    .load(conn)?;
                let room = i64::from(ordered.unwrap_or(0)) - held.iter().map(|units| i64::from(*units)).sum::<i64>();
                if i64::from(line.quantity) > room {
                    return QueryResult::Ok(None);
                }
            }
            let at = request.at.naive_utc();
            let id: i64 = diesel::insert_into(order_returns::table)
                .values((
                    order_returns::order_id.eq(order),
                    order_returns::state.eq(<&str>::from(ReturnState::Requested)),
                    order_returns::reason.eq(&request.reason),
                    order_returns::asked_at.eq(at),
                    order_returns::opened_by.eq(request.opened_by.map(|user| user.0)),
                    order_returns::refund.eq(request.refund.piastres()),
                    order_returns::updated_by.eq(request.opened_by.map(|user| user.0)),
                    order_returns::updated_at.eq(at),
                ))
                .returning(order_returns::id)
                .get_result(conn)?;
            for line in &request.lines {
                diesel::insert_into(order_return_lines::table)
                    .values((
                        order_return_lines::return_id.eq(id),
                        order_return_lines::product_id.eq(line.product.0),
                        order_return_lines::name_ar.eq(&line.name.ar),
                        order_return_lines::name_en.eq(&line.name.en),
                        order_return_lines::quantity.eq(i32::try_from(line.quantity).unwrap_or(i32::MAX)),
                        order_return_lines::unit_price.eq(line.unit_price.piastres()),
                    ))
                    .execute(conn)?;
            }
            let asked = OrderChange::ReturnChanged { return_id: id, state: ReturnState::Requested, by: request.opened_by };
            order_events::record(conn, order, version, &asked, at)?;
            Ok(Some(id))
        })?)
    }

    fn step(&self, id: i64, order: OrderId, change: &ReturnMove) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let restock = matches!(change.step, ReturnStep::Receive { resaleable: true });
        let stepped = write_moving_stock(
            conn,
            |stepped| *stepped && restock,
            |conn| {
                // The guarded update decides: of two steps at once one finds the return still in
                // `from`, so units and points move once.
                let row = order_returns::table.find(id).filter(order_returns::order_id.eq(order.0)).filter(order_returns::state.eq(<&str>::from(change.from)));
                let moved = diesel::update(row)
                    .set((
                        order_returns::state.eq(<&str>::from(change.to)),
                        order_returns::updated_by.eq(change.by.0),
                        order_returns::updated_at.eq(change.at.naive_utc()),
                    ))
                    .execute(conn)?;
                if moved == 0 {
                    return QueryResult::Ok(false);
                }
                let version: i32 =
                    diesel::update(orders::table.find(order.0)).set(orders::version.eq(orders::version + 1)).returning(orders::version).get_result(conn)?;
                let stepped = OrderChange::ReturnChanged { return_id: id, state: change.to, by: Some(change.by) };
                order_events::record(conn, order.0, version, &stepped, change.at.naive_utc())?;
                if let Some(note) = &change.note {
                    diesel::update(order_returns::table.find(id)).set(order_returns::note.eq(note)).execute(conn)?;
                }
                if let ReturnStep::Receive { resaleable } = change.step {
                    diesel::update(order_returns::table.find(id)).set(order_returns::resaleable.eq(resaleable)).execute(conn)?;
                }
                if restock {
                    let lines: Vec<(i64, i32)> = order_return_lines::table
                        .filter(order_return_lines::return_id.eq(id))
                        .order(order_return_lines::product_id)
                        .select((order_return_lines::product_id, order_return_lines::quantity))
                        .load(conn)?;
                    let today = shop_day(change.at);
                    for (product, units) in lines {
                        if !crate::lots::return_units_to_lots(conn, order.0, product, i64::from(units), today, crate::lots::TakenRecord::Kept)? {
                            diesel::update(products::table.find(product)).set(products::quantity.eq(products::quantity + i64::from(units))).execute(conn)?;
                        }
                    }
                    stock_moved_in_transaction(conn)?;
                }
                if change.step == ReturnStep::Refund {
                    let points = change.points_back.map_or(0, |(_, points)| points);
                    diesel::update(order_returns::table.find(id)).set(order_returns::points_back.eq(points)).execute(conn)?;
                    if let Some((client, points)) = change.points_back {
                        crate::loyalty::take_back_points(conn, client, points, crate::loyalty::TakeBack::Return(id), order.0, change.at)?;
                    }
                }
                Ok(true)
            },
        )?;
        Ok(stepped)
    }

    fn points_earned(&self, order: OrderId) -> anyhow::Result<Option<i64>> {
        let conn = &mut *self.db.conn()?;
        Ok(points_ledger::table.filter(points_ledger::entry_key.eq(format!("earn:{}", order.0))).select(points_ledger::delta).first(conn).optional()?)
    }
}
