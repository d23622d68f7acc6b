//! An order's lines changed after it was placed: by staff before its buyer confirmed it, or at
//! the door, where the buyer took only part of the parcel. Each is one transaction whose
//! guarded update of the order's row decides and holds it (before the products' rows, as a
//! cancellation takes them), then the stock, the lines, and the change on the spine.

use std::collections::HashMap;

use diesel::prelude::*;
use kernel::shop_day;
use ordering::{LinesChange, OrderChange, OrderStatus, PartialDelivery};

use crate::catalogue::stock_moved_in_transaction;
use crate::database::DbConn;
use crate::lots::TakenRecord;
use crate::order_events;
use crate::orders::{Refusal, apply_move, insert_lines, put_back_line, take_line};
use crate::schema::{order_items, orders, shipments};

/// Changes the lines of an order still new and unconfirmed (see
/// [`ordering::OrderBook::change_lines`]): false when it is not.
pub(crate) fn change_lines_in(conn: &mut DbConn, id: i64, change: &LinesChange) -> Result<bool, Refusal> {
    let Some(version) = rewrite_totals(conn, id, OrderStatus::New, change)? else { return Ok(false) };
    let (before, after) = (held_units(conn, id)?, units_of(change));
    let mut products: Vec<i64> = before.keys().chain(after.keys()).copied().collect();
    products.sort_unstable();
    products.dedup();
    let today = shop_day(change.at);
    // A changed line gives all its units back and takes its new ones afresh, in product order
    // as orders take stock: lots soonest to expire go first again.
    for product in products {
        let (old, new) = (before.get(&product).copied().unwrap_or(0), after.get(&product).copied().unwrap_or(0));
        if old == new {
            continue;
        }
        if old > 0 {
            put_back_line(conn, id, product, old, today, TakenRecord::Reduced)?;
        }
        if new > 0 {
            take_line(conn, id, product, new, today)?;
        }
    }
    rewrite_lines(conn, id, version, change, false)?;
    Ok(true)
}

/// Delivers an order on delivery with only the lines its buyer took (see
/// [`ordering::OrderBook::deliver_partly`]): false when it is no longer on delivery.
pub(crate) fn deliver_partly_in(conn: &mut DbConn, id: i64, delivery: &PartialDelivery) -> QueryResult<bool> {
    let taken = &delivery.taken;
    let Some(version) = rewrite_totals(conn, id, OrderStatus::OnDelivery, taken)? else { return Ok(false) };
    let (before, after) = (held_units(conn, id)?, units_of(taken));
    let mut held: Vec<(i64, i64)> = before.into_iter().collect();
    held.sort_unstable();
    let today = shop_day(taken.at);
    for (product, units) in held {
        let refused = units - after.get(&product).copied().unwrap_or(0);
        if refused > 0 {
            put_back_line(conn, id, product, refused, today, TakenRecord::Reduced)?;
        }
    }
    rewrite_lines(conn, id, version, taken, true)?;
    // The row is held since the first update: the order is still on delivery.
    apply_move(conn, id, &delivery.delivery)
}

/// The order's totals and search text replaced and its version counted, if it is still in
/// `status` (new ones only while unconfirmed); its version then.
fn rewrite_totals(conn: &mut DbConn, id: i64, status: OrderStatus, change: &LinesChange) -> QueryResult<Option<i32>> {
    let totals = &change.totals;
    // What the courier owes follows the order: a parcel not settled yet is due its new total.
    diesel::update(shipments::table.find(id).filter(shipments::remittance_id.is_null())).set(shipments::cod.eq(totals.total.piastres())).execute(conn)?;
    let unconfirmed_only = status == OrderStatus::New;
    let confirmation_allows = orders::confirmed_at.is_null().or((!unconfirmed_only).into_sql::<diesel::sql_types::Bool>());
    diesel::update(orders::table.find(id).filter(orders::status.eq(<&str>::from(status))).filter(confirmation_allows))
        .set((
            orders::subtotal.eq(totals.subtotal.piastres()),
            orders::discount.eq(totals.discount.piastres()),
            orders::shipping_base.eq(totals.shipping_base.piastres()),
            orders::shipping_extra.eq(totals.shipping_extra.piastres()),
            orders::total.eq(totals.total.piastres()),
            orders::total_weight_grams.eq(totals.total_weight.grams()),
            orders::search_text.eq(&change.search_text),
            orders::version.eq(orders::version + 1),
        ))
        .returning(orders::version)
        .get_result(conn)
        .optional()
}

/// The units of each product the order's lines hold now.
fn held_units(conn: &mut DbConn, id: i64) -> QueryResult<HashMap<i64, i64>> {
    let rows: Vec<(i64, i32)> = order_items::table
        .filter(order_items::order_id.eq(id).and(order_items::product_id.is_not_null()))
        .select((order_items::product_id.assume_not_null(), order_items::quantity))
        .load(conn)?;
    Ok(rows.into_iter().map(|(product, quantity)| (product, i64::from(quantity))).collect())
}

/// The units of each product the changed lines hold.
fn units_of(change: &LinesChange) -> HashMap<i64, i64> {
    change.lines.iter().filter_map(|line| Some((line.product?.0, i64::from(line.quantity)))).collect()
}

/// The order's lines replaced by the change's, and the change written on the spine.
fn rewrite_lines(conn: &mut DbConn, id: i64, version: i32, change: &LinesChange, at_door: bool) -> QueryResult<()> {
    diesel::delete(order_items::table.filter(order_items::order_id.eq(id))).execute(conn)?;
    insert_lines(conn, id, &change.lines)?;
    let changed = OrderChange::LinesChanged { total_before: change.total_before, total: change.totals.total, by: Some(change.by), at_door };
    order_events::record(conn, id, version, &changed, change.at.naive_utc())?;
    stock_moved_in_transaction(conn)
}
