//! The courier's part of the staff's orders: handing a parcel over, its airway bill, and the
//! courier's reports moving the order.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use kernel::{FieldErrors, Locale, Money, OrderId};

use super::{Audience, OrderDesk, StaffOrder, Viewer};
use crate::error::OrderingError;
use crate::order::{Order, OrderStatus, Receiver};
use crate::ports::StatusMove;
use crate::shipment::{
    Booking, Courier, CourierCash, CourierKind, CourierReport, HandOver, NewShipment, Parcel, Remittance, ReportKept, ShipmentState, tracking_number,
};

/// The longest courier's name staff may type.
const MAX_COURIER_NAME: usize = 100;

/// The most parcels one remittance settles.
pub const MAX_SETTLED: usize = 500;

/// A remittance as staff enter it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemittanceDraft {
    /// Who paid.
    pub courier: CourierKind,
    /// The courier's name as its cash is listed.
    pub courier_name: String,
    /// What was paid; none when it does not read as pounds.
    pub amount: Option<Money>,
    /// The orders whose parcels it settles.
    pub orders: Vec<OrderId>,
    /// A note.
    pub note: Option<String>,
}

impl OrderDesk {
    /// The couriers a parcel can be handed to: staff's own always, each company the shop has
    /// an account with.
    pub fn couriers(&self) -> Vec<CourierKind> {
        std::iter::once(CourierKind::Manual).chain(self.bosta.is_some().then_some(CourierKind::Bosta)).collect()
    }

    /// Hands a confirmed new order's parcel to a courier (`POST …/{id}/shipment`): booked
    /// through the courier company's API with the cash to collect (the order stays new until
    /// the courier reports the pick-up), or given to a courier staff booked themselves, with
    /// its tracking number (the order is on delivery at once). An order awaiting confirmation,
    /// no longer new, or handed over already is refused.
    pub fn hand_over(&self, viewer: Viewer, audience: Audience, id: OrderId, hand_over: HandOver) -> Result<StaffOrder, OrderingError> {
        let current = self.visible(viewer, audience, id)?;
        let order = &current.order;
        if order.shipment.is_some() {
            return Err(FieldErrors::single("courier", "already_handed_over").into());
        }
        if order.status != OrderStatus::New {
            return Err(FieldErrors::single("order", "not_new").into());
        }
        if order.awaiting_confirmation() {
            return Err(FieldErrors::single("order", "not_confirmed").into());
        }
        let at = self.clock.now();
        let (courier, courier_name, booking) = match hand_over {
            HandOver::Manual { courier_name, tracking } => {
                let courier_name = checked_courier_name(&courier_name)?;
                let tracking = tracking_number(&tracking).ok_or_else(|| FieldErrors::single("tracking", "tracking_invalid"))?;
                (CourierKind::Manual, courier_name, Booking { tracking, tracking_url: None })
            }
            HandOver::Booked(kind) => {
                let service = self.courier(kind).ok_or_else(|| FieldErrors::single("courier", "courier_unavailable"))?;
                (kind, kind_name(kind), service.book(&parcel_of(order))?)
            }
        };
        let state = if courier == CourierKind::Manual { ShipmentState::PickedUp } else { ShipmentState::Created };
        let shipment = NewShipment { order: id, courier, courier_name, booking, state, cod: order.placed.totals.total, at, by: viewer.id };
        if !self.shipments.keep(&shipment)? {
            // A parallel hand-over kept its booking first: this one is called off, and a
            // courier that cannot be reached bills nothing for a parcel it never picks up.
            if let Some(service) = self.courier(courier) {
                service.cancel(&shipment.booking.tracking).ok();
            }
            return Err(FieldErrors::single("courier", "already_handed_over").into());
        }
        if courier == CourierKind::Manual && self.move_for_courier(order, OrderStatus::OnDelivery, Some(viewer.id), at)? {
            self.newsroom.tell_after_change();
        }
        self.order(viewer, audience, id)
    }

    /// The airway bill of a parcel booked through a courier company, a PDF
    /// (`GET …/{id}/airway-bill`); none for a courier staff booked themselves.
    pub fn airway_bill(&self, viewer: Viewer, audience: Audience, id: OrderId) -> Result<Vec<u8>, OrderingError> {
        let current = self.visible(viewer, audience, id)?;
        let shipment = current.order.shipment.as_ref().ok_or(OrderingError::NotFound)?;
        let service = self.courier(shipment.courier).ok_or(OrderingError::NotFound)?;
        Ok(service.airway_bill(&shipment.tracking)?)
    }

    /// A courier's webhook call (`POST /api/couriers/{courier}/webhook`), read with the shared
    /// secret it presents, kept once and acted on: picked up or out for delivery puts a new
    /// order on delivery; delivered delivers it (its points granted); an exception is a failed
    /// delivery attempt (the last allowed, a refusal); returned is a refusal. A report sent
    /// again, or twenty times at once, is acted on once; one that could not be acted on is
    /// forgotten, so that the courier's retry is.
    pub fn courier_reported(&self, courier: CourierKind, presented: Option<String>, body: &[u8]) -> Result<(), OrderingError> {
        let service = self.courier(courier).ok_or(OrderingError::NotFound)?;
        let report = service.read_report(presented, body)?;
        self.act_on(courier, &report)
    }

    /// Keeps a courier's report once and moves the order as it says; a report that could not be
    /// acted on is forgotten, so that the same report coming again is.
    fn act_on(&self, courier: CourierKind, report: &CourierReport) -> Result<(), OrderingError> {
        let ReportKept::New { order, id } = self.shipments.record_report(courier, report, self.clock.now())? else {
            return Ok(());
        };
        if let Err(error) = self.follow_report(order, report) {
            self.shipments.forget_report(id)?;
            return Err(error);
        }
        Ok(())
    }

    /// Asks the courier company where the order's parcel is (`POST …/{id}/shipment/refresh`), for
    /// a webhook call that never came, and acts on its answer as on a webhook's report: kept
    /// once, moving the order the same way.
    pub fn refresh_shipment(&self, viewer: Viewer, audience: Audience, id: OrderId) -> Result<StaffOrder, OrderingError> {
        let current = self.visible(viewer, audience, id)?;
        let shipment = current.order.shipment.as_ref().ok_or_else(|| FieldErrors::single("courier", "not_handed_over"))?;
        let service = self.courier(shipment.courier).ok_or_else(|| FieldErrors::single("courier", "courier_unavailable"))?;
        self.act_on(shipment.courier, &service.current_state(&shipment.tracking)?)?;
        self.order(viewer, audience, id)
    }

    /// Moves the order as the courier's report says.
    fn follow_report(&self, id: OrderId, report: &CourierReport) -> Result<(), OrderingError> {
        let mut order = self.book.order(id)?.ok_or(OrderingError::NotFound)?;
        let at = self.clock.now();
        let moved = match report.state {
            ShipmentState::PickedUp | ShipmentState::OutForDelivery => self.move_for_courier(&order, OrderStatus::OnDelivery, None, at)?,
            ShipmentState::Delivered => {
                // A parcel delivered before its pick-up was reported went on delivery first.
                if self.move_for_courier(&order, OrderStatus::OnDelivery, None, at)? {
                    order = self.book.order(id)?.ok_or(OrderingError::NotFound)?;
                }
                self.move_for_courier(&order, OrderStatus::Delivered, None, at)?
            }
            ShipmentState::Exception if order.status == OrderStatus::OnDelivery => {
                let reason = report.reason.clone().unwrap_or_else(|| format!("{} {}", report.state, report.code));
                self.record_attempt(&order, reason, None, at)?
            }
            ShipmentState::Returned if order.status == OrderStatus::OnDelivery => {
                let reason = report.reason.clone().unwrap_or_else(|| report.state.to_string());
                match StatusMove::refusal(order.status, None, reason, at) {
                    Some(refusal) => self.book.change_status(id, &refusal)?,
                    None => false,
                }
            }
            ShipmentState::Returned => self.move_for_courier(&order, OrderStatus::Cancelled, None, at)?,
            _ => false,
        };
        if moved {
            self.newsroom.tell_after_change();
        }
        Ok(())
    }

    /// Moves the order to `to` when the state machine allows it from where it is (a delivery
    /// grants its points); false when it does not, or a parallel change came first.
    fn move_for_courier(&self, order: &Order, to: OrderStatus, by: Option<kernel::UserId>, at: DateTime<Utc>) -> Result<bool, OrderingError> {
        let note = order.shipment.as_ref().map(|shipment| format!("{} {}", shipment.courier_name, shipment.tracking));
        let Some(change) = StatusMove::decide(order.status, to, by, note, at) else { return Ok(false) };
        let change = change.granting(self.grant(order, to, at)?);
        Ok(self.book.change_status(order.id, &change)?)
    }

    /// Calls off the order's booking with a courier company before the order is cancelled,
    /// while the courier has not picked the parcel up: a courier that cannot be reached
    /// refuses the cancellation (the parcel would still be collected), and the parcel is
    /// marked called off. A parcel picked up already comes back as a refusal or a return.
    pub(super) fn call_off_booking(&self, order: &Order) -> Result<(), OrderingError> {
        let Some(shipment) = order.shipment.as_ref().filter(|shipment| shipment.state == ShipmentState::Created) else { return Ok(()) };
        if let Some(service) = self.courier(shipment.courier) {
            service.cancel(&shipment.tracking)?;
        }
        Ok(self.shipments.call_off(order.id)?)
    }

    /// The cash each courier holds for the shop, oldest delivery first
    /// (`GET dashboard/courier-cash`).
    pub fn cash_with_couriers(&self) -> Result<Vec<CourierCash>, OrderingError> {
        Ok(self.shipments.cash_with_couriers()?)
    }

    /// Keeps the cash a courier handed over, settling the delivered parcels it names
    /// (`POST dashboard/courier-cash/remittances`): at least one and at most [`MAX_SETTLED`]
    /// parcels, each delivered by that courier and not settled yet, for an amount above zero.
    pub fn record_remittance(&self, viewer: Viewer, draft: RemittanceDraft) -> Result<Vec<CourierCash>, OrderingError> {
        let mut errors = FieldErrors::new();
        let mut orders = draft.orders;
        orders.sort_unstable_by_key(|order| order.0);
        orders.dedup();
        if orders.is_empty() || orders.len() > MAX_SETTLED {
            errors.add("order_ids", "remittance_orders");
        }
        if draft.amount.is_none_or(|amount| amount <= Money::ZERO) {
            errors.add("amount", "price_invalid");
        }
        let note = draft.note.map(|note| note.trim().to_string()).filter(|note| !note.is_empty());
        if note.as_ref().is_some_and(|note| note.chars().count() > super::MAX_NOTE) {
            errors.add("note", "too_long");
        }
        let courier_name = draft.courier_name.trim().to_string();
        if courier_name.is_empty() {
            errors.add("courier_name", "required");
        }
        let (true, Some(amount)) = (errors.is_empty(), draft.amount) else { return Err(errors.into()) };
        let remittance = Remittance { courier: draft.courier, courier_name, amount, orders, note, at: self.clock.now(), by: viewer.id };
        if !self.shipments.record_remittance(&remittance)? {
            return Err(FieldErrors::single("order_ids", "remittance_parcels").into());
        }
        self.cash_with_couriers()
    }

    /// The company's service, when the shop has an account with it.
    fn courier(&self, kind: CourierKind) -> Option<&Arc<dyn Courier>> {
        match kind {
            CourierKind::Bosta => self.bosta.as_ref(),
            CourierKind::Manual => None,
        }
    }
}

/// The name shown for a company's courier.
fn kind_name(kind: CourierKind) -> String {
    match kind {
        CourierKind::Bosta => "Bosta".to_string(),
        CourierKind::Manual => String::new(),
    }
}

/// The courier's name staff typed, trimmed: it must be given, within [`MAX_COURIER_NAME`].
fn checked_courier_name(name: &str) -> Result<String, OrderingError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(FieldErrors::single("courier_name", "required").into());
    }
    if name.chars().count() > MAX_COURIER_NAME {
        return Err(FieldErrors::single("courier_name", "too_long").into());
    }
    Ok(name.to_string())
}

/// What the courier is asked to carry for an order: to its receiver, with its total in cash.
fn parcel_of(order: &Order) -> Parcel {
    let placed = &order.placed;
    let (receiver_name, receiver_phone) = match &placed.receiver {
        Receiver::Buyer => (placed.customer_name.clone(), placed.customer_phone.to_string()),
        Receiver::Other { name, phone } => (name.clone(), phone.to_string()),
    };
    Parcel {
        reference: order.number.clone(),
        cod: placed.totals.total,
        receiver_name,
        receiver_phone,
        address: placed.destination.address.clone(),
        city: placed.destination.city_name.pick(Locale::En).clone(),
        items: placed.lines.iter().map(|line| line.quantity).sum(),
        description: placed.lines.iter().map(|line| format!("{} × {}", line.quantity, line.name.pick(Locale::En))).collect::<Vec<_>>().join(", "),
    }
}
