//! A staff member undoes an order's last move soon after making it: a tap on a phone is easily
//! wrong ("delivered" for "on delivery", the wrong order cancelled).

use chrono::{DateTime, Utc};
use kernel::{FieldErrors, OrderId};

use super::{Audience, OrderDesk, StaffOrder, Viewer};
use crate::error::OrderingError;
use crate::order::{Order, OrderStatus};
use crate::ports::{UndoMove, UndoOutcome};
use crate::promo::PromoRefusal;

impl OrderDesk {
    /// Undoes the order's last move (`POST …/{id}/undo`) within the shop's minutes of it: the
    /// order goes back where it was. Only a staff member's move along the state machine can be
    /// undone, and only while nobody acted on the order since (a courier holding its parcel or
    /// reporting on it, its buyer asking a return); an undo itself is not undone. Undoing a
    /// cancellation takes its stock and its code's use again, and is refused when they are
    /// gone; undoing a delivery takes back the points it earned.
    pub fn undo_last_move(&self, viewer: Viewer, audience: Audience, id: OrderId) -> Result<StaffOrder, OrderingError> {
        let order = self.visible(viewer, audience, id)?.order;
        let (back_to, _) = self.undoable(&order)?;
        let undo = UndoMove { from: order.status, to: back_to, by: viewer.id, at: self.clock.now() };
        match self.book.undo_move(id, &undo)? {
            UndoOutcome::Undone => {
                self.newsroom.tell_after_change();
                self.order(viewer, audience, id)
            }
            UndoOutcome::Moved => Err(unavailable()),
            UndoOutcome::ShortOfStock { product, left } => Err(OrderingError::short_of(&order.placed.lines, product, left)),
            UndoOutcome::PromoUsedUp => Err(OrderingError::Promo(PromoRefusal::UsedUp)),
        }
    }

    /// The status the order's last move goes back to, and until when it can; why not
    /// otherwise.
    pub(super) fn undoable(&self, order: &Order) -> Result<(OrderStatus, DateTime<Utc>), OrderingError> {
        let last = order.history.last().ok_or_else(unavailable)?;
        // Placing is not a move; an undo goes against the state machine, so it is not one either.
        let from = last.from.filter(|from| from.can_become(last.to)).ok_or_else(unavailable)?;
        // The buyer's own cancellation and the shop's (nobody confirmed in time) stand.
        let by_staff = last.by.is_some_and(|by| Some(by) != order.placed.user);
        let acted_since = order.shipment.is_some() || !order.returns.is_empty() || order.failed_attempts.iter().any(|attempt| attempt.at > last.at);
        if !by_staff || acted_since || order.status != last.to {
            return Err(unavailable());
        }
        let until = last.at + self.undo_within;
        if self.clock.now() > until {
            return Err(FieldErrors::single("order", "undo_expired").into());
        }
        Ok((from, until))
    }
}

/// The order's last move is not one staff can undo.
fn unavailable() -> OrderingError {
    FieldErrors::single("order", "undo_unavailable").into()
}
