//! A staff member's last move of an order undone (see [`ordering::OrderBook::undo_move`]): one
//! transaction whose guarded update of the order's row decides, then what the move had done is
//! done again or taken back.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::{OrderId, shop_day};
use ordering::{OrderChange, OrderStatus, PromoRefusal, UndoMove};

use crate::catalogue::stock_moved_in_transaction;
use crate::database::DbConn;
use crate::order_events::{self, StatusEntry};
use crate::orders::{Refusal, take_line};
use crate::schema::{copoun_uses, copouns, order_cancellations, order_items, order_lot_takes, orders};

/// Undoes the order's move to `undo.from`: false when it is no longer there.
pub(crate) fn undo_in(conn: &mut DbConn, id: OrderId, undo: &UndoMove) -> Result<bool, Refusal> {
    let version: Option<i32> = diesel::update(orders::table.find(id.0).filter(orders::status.eq(<&str>::from(undo.from))))
        .set((orders::status.eq(<&str>::from(undo.to)), orders::version.eq(orders::version + 1)))
        .returning(orders::version)
        .get_result(conn)
        .optional()?;
    let Some(version) = version else { return Ok(false) };
    match undo.from {
        OrderStatus::Cancelled => take_again(conn, id.0, undo.at)?,
        OrderStatus::Delivered => crate::loyalty::undo_earning(conn, id.0, version, undo.at)?,
        OrderStatus::New | OrderStatus::OnDelivery => {}
    }
    let at = undo.at.naive_utc();
    let entry = StatusEntry { from: Some(undo.from), to: undo.to, by: Some(undo.by), note: None };
    order_events::record_with_history(conn, id.0, version, &OrderChange::MoveUndone { from: undo.from, to: undo.to, by: Some(undo.by) }, &entry, at)?;
    Ok(true)
}

/// What a cancellation gave back, taken again: its cause forgotten, every line's stock by the
/// guarded updates placing uses, in product order (afresh from the lots: the order's record
/// of batches is written again), and its code's use, within the code's limit.
fn take_again(conn: &mut DbConn, id: i64, at: DateTime<Utc>) -> Result<(), Refusal> {
    diesel::delete(order_cancellations::table.find(id)).execute(conn)?;
    diesel::delete(order_lot_takes::table.filter(order_lot_takes::order_id.eq(id))).execute(conn)?;
    let lines: Vec<(i64, i32)> = order_items::table
        .filter(order_items::order_id.eq(id).and(order_items::product_id.is_not_null()))
        .order(order_items::product_id)
        .select((order_items::product_id.assume_not_null(), order_items::quantity))
        .load(conn)?;
    let today = shop_day(at);
    for (product, quantity) in lines {
        take_line(conn, id, product, i64::from(quantity), today)?;
    }
    let (code, user, phone): (Option<String>, Option<i64>, String) =
        orders::table.find(id).select((orders::copoun, orders::user_id, orders::customer_phone)).first(conn)?;
    let released = copoun_uses::table.find(id).count().get_result::<i64>(conn)? == 0;
    let promo: Option<i64> = match code {
        Some(code) if released => copouns::table.filter(copouns::code.eq(code)).select(copouns::id).first(conn).optional()?,
        _ => None,
    };
    if let Some(promo) = promo {
        let within_limit = copouns::usage_limit.is_null().or(copouns::used_count.lt(copouns::usage_limit.assume_not_null()));
        if diesel::update(copouns::table.find(promo).filter(within_limit)).set(copouns::used_count.eq(copouns::used_count + 1)).execute(conn)? == 0 {
            return Err(Refusal::Promo(PromoRefusal::UsedUp));
        }
        diesel::insert_into(copoun_uses::table)
            .values((copoun_uses::order_id.eq(id), copoun_uses::copoun_id.eq(promo), copoun_uses::user_id.eq(user), copoun_uses::phone.eq(phone)))
            .execute(conn)?;
    }
    Ok(stock_moved_in_transaction(conn)?)
}
