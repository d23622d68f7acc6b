//! The staff's part of returns: opening one for a buyer who called, and each step after the
//! request — approve or refuse, the parcel received, the cash paid back.

use kernel::{FieldErrors, OrderId};

use super::{Audience, OrderDesk, StaffOrder, Viewer, checked_note};
use crate::error::OrderingError;
use crate::returns::{self, ReturnMove, ReturnRequest, ReturnStep, points_back};

impl OrderDesk {
    /// Opens a return for a buyer who asked by phone (`POST …/{id}/returns`): the rules of the
    /// buyer's own request hold.
    pub fn open_return(&self, viewer: Viewer, audience: Audience, id: OrderId, request: ReturnRequest) -> Result<StaffOrder, OrderingError> {
        let order = self.visible(viewer, audience, id)?.order;
        returns::ask(&*self.returns, &order, &request, Some(viewer.id), self.return_days, self.clock.now())?;
        self.newsroom.tell_after_change();
        self.order(viewer, audience, id)
    }

    /// Takes a return one step on (`POST …/{id}/returns/{return}/{step}`): approve or refuse
    /// (a refusal needs its reason) a request, receive an approved parcel — its units back in
    /// their lots when they can be sold again — and refund a received one, taking back the
    /// points its units earned. A step the return is not ready for is refused; two at once
    /// take it once.
    pub fn step_return(
        &self,
        viewer: Viewer,
        audience: Audience,
        id: OrderId,
        return_id: i64,
        step: ReturnStep,
        note: Option<String>,
    ) -> Result<StaffOrder, OrderingError> {
        let order = self.visible(viewer, audience, id)?.order;
        let kept = order.returns.iter().find(|kept| kept.id == return_id).ok_or(OrderingError::NotFound)?;
        let note = checked_note(note)?;
        if step == ReturnStep::Refuse && note.is_none() {
            return Err(FieldErrors::single("note", "required").into());
        }
        let to = kept.state.next(step).ok_or_else(|| FieldErrors::single("step", "return_step"))?;
        let points = match (step, order.placed.user) {
            (ReturnStep::Refund, Some(client)) => {
                let earned = self.returns.points_earned(id)?.unwrap_or(0);
                Some((client, points_back(earned, &kept.lines, order.placed.totals.subtotal))).filter(|(_, points)| *points > 0)
            }
            _ => None,
        };
        let change = ReturnMove { from: kept.state, to, step, by: viewer.id, note, at: self.clock.now(), points_back: points };
        if !self.returns.step(return_id, id, &change)? {
            return Err(FieldErrors::single("step", "return_step").into());
        }
        self.newsroom.tell_after_change();
        self.order(viewer, audience, id)
    }
}
