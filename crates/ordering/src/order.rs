//! Orders: what was bought, by whom, for where, at which prices, and what happened since
//! (design §4a, §5).

use chrono::{DateTime, Utc};
use kernel::{CityId, Localized, Money, OrderId, Phone, ProductId, UserId, Weight};

/// Where an order is in its life. `new` → `on_delivery` → `delivered`; `new` or
/// `on_delivery` → `cancelled`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, strum::IntoStaticStr, strum::EnumString, strum::Display, strum::EnumIter)]
#[strum(serialize_all = "snake_case")]
pub enum OrderStatus {
    /// Placed; staff have not sent it yet. The buyer may still cancel.
    New,
    /// With the courier.
    OnDelivery,
    /// Handed over.
    Delivered,
    /// Called off; its stock went back.
    Cancelled,
}

impl OrderStatus {
    /// Whether an order in this status may move to `next`.
    pub fn can_become(self, next: OrderStatus) -> bool {
        use OrderStatus::{Cancelled, Delivered, New, OnDelivery};
        matches!((self, next), (New, OnDelivery) | (OnDelivery, Delivered) | (New | OnDelivery, Cancelled))
    }
}

/// How the order came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum OrderSource {
    /// A signed-in client's checkout.
    Web,
    /// A guest's checkout.
    Guest,
    /// A sales engineer ordering for a client.
    Sales,
    /// The cart's "order through WhatsApp".
    Whatsapp,
}

/// How an order's buyer was found to mean it, before staff send a parcel to a cash payer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum ConfirmedVia {
    /// The buyer tapped the link the shop sent.
    Link,
    /// A staff member called the buyer.
    Call,
    /// A staff member wrote to the buyer on WhatsApp.
    Whatsapp,
    /// The client had enough delivered orders to be trusted without asking.
    Trusted,
    /// A sales engineer placed it for the client.
    Sales,
    /// Placed before the shop asked for confirmations.
    Before,
}

impl ConfirmedVia {
    /// Whether a staff member says it when confirming by hand.
    pub fn by_staff(self) -> bool {
        matches!(self, ConfirmedVia::Call | ConfirmedVia::Whatsapp)
    }
}

/// Why an order was cancelled: the spec's "cancelled" list holds them all, each with its cause.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum CancelCause {
    /// The buyer or a staff member called it off.
    CalledOff,
    /// Nobody confirmed it in time: it cancelled itself.
    Unconfirmed,
    /// The buyer refused the parcel at the door, or the courier gave up after the last
    /// allowed attempt; the parcel came back to the shop.
    Refused,
    /// The phone's owner said, on the confirmation link's page, that they never placed it:
    /// someone else used the number. Counted apart, never against the phone.
    NotOrdered,
}

/// A delivery the courier could not make: the order stays on delivery and the buyer is asked
/// to set the address or the time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailedAttempt {
    /// Which attempt it was, from 1.
    pub attempt: u32,
    /// Why, in the staff's or the courier's words.
    pub reason: String,
    /// The staff member who recorded it.
    pub by: Option<UserId>,
    /// When.
    pub at: DateTime<Utc>,
}

/// When and how an order was confirmed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Confirmation {
    /// When.
    pub at: DateTime<Utc>,
    /// The staff member who confirmed it; none for the buyer's link or the shop's own rules.
    pub by: Option<UserId>,
    /// How.
    pub via: ConfirmedVia,
}

/// Who receives the parcel: the buyer (`self`) or someone they name (`other`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Receiver {
    /// The buyer.
    Buyer,
    /// Someone else, who the courier calls.
    Other {
        /// Their name.
        name: String,
        /// Their phone.
        phone: Phone,
    },
}

impl Receiver {
    /// `self` or `other`, as the API names the order's type.
    pub fn kind(&self) -> &'static str {
        match self {
            Receiver::Buyer => "self",
            Receiver::Other { .. } => "other",
        }
    }
}

/// A line as it was bought: a snapshot, so later price or name changes leave it alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderLine {
    /// The product, while it exists.
    pub product: Option<ProductId>,
    /// Its readable address then.
    pub slug: String,
    /// Its name then.
    pub name: Localized<String>,
    /// Its first picture then.
    pub image: Option<String>,
    /// Units bought.
    pub quantity: u32,
    /// The price paid for one unit.
    pub unit_price: Money,
    /// The weight of one unit.
    pub weight: Weight,
    /// Unit price times quantity.
    pub line_total: Money,
}

/// What the buyer pays, part by part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    /// The lines' totals.
    pub subtotal: Money,
    /// Taken off the subtotal by a promo code.
    pub discount: Money,
    /// The city's shipping cost.
    pub shipping_base: Money,
    /// The weight extra of shipping.
    pub shipping_extra: Money,
    /// The city's cash-on-delivery fee, for an order paid in cash at the door.
    pub cod_fee: Money,
    /// Subtotal − discount + shipping + the cash fee.
    pub total: Money,
    /// Every unit's weight.
    pub total_weight: Weight,
}

impl Totals {
    /// Base plus extra.
    pub fn shipping_total(&self) -> Money {
        Money::from_piastres(self.shipping_base.piastres().saturating_add(self.shipping_extra.piastres()))
    }
}

/// Where the parcel goes: a copy of the address and of its city's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    /// The street, village or landmark.
    pub address: String,
    /// The city.
    pub city: CityId,
    /// The city's name then.
    pub city_name: Localized<String>,
}

/// A promo code an order uses, with the limits the store enforces when it writes the order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AppliedPromo {
    /// The code's id.
    pub id: i64,
    /// How many orders may use it in all.
    pub usage_limit: Option<u32>,
    /// How many orders of one account or phone may use it.
    pub per_user_limit: Option<u32>,
}

/// An order ready to be stored: everything but what the store gives it (id, number, time).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOrder {
    /// The client's account; none for a guest.
    pub user: Option<UserId>,
    /// How it came in.
    pub source: OrderSource,
    /// Who bought.
    pub customer_name: String,
    /// Their phone.
    pub customer_phone: Phone,
    /// Who receives it.
    pub receiver: Receiver,
    /// Where it goes.
    pub destination: Destination,
    /// The buyer's notes.
    pub notes: Option<String>,
    /// The promo code used, as stored (folded).
    pub copoun: Option<String>,
    /// The code's limits, for the store to hold under concurrency; none when no code.
    pub promo: Option<AppliedPromo>,
    /// The lines.
    pub lines: Vec<OrderLine>,
    /// What is paid.
    pub totals: Totals,
    /// How it is paid.
    pub payment_method: crate::payment::PaymentMethod,
    /// The language the buyer ordered in; the order's SMS are worded in it.
    pub locale: kernel::Locale,
    /// The buyer acknowledged the safety of the order's dangerous products; staff see it.
    pub safety_acknowledged: bool,
    /// Why it needs no confirmation (a sales engineer's order, a trusted client's); none when
    /// it awaits one. Decided on the buyer's history as the order is stored
    /// ([`crate::ports::Admission`]).
    pub confirmed: Option<ConfirmedVia>,
    /// Its phone's band has the staff call to confirm it: its SMS carries no link. Decided as
    /// `confirmed` is.
    pub awaits_call: bool,
}

impl NewOrder {
    /// What the staff's search reads: the buyer, the receiver, the phones and the products'
    /// names, in their search form.
    pub fn search_text(&self) -> String {
        let mut parts = vec![self.customer_name.clone(), self.customer_phone.to_string()];
        if let Receiver::Other { name, phone } = &self.receiver {
            parts.extend([name.clone(), phone.to_string()]);
        }
        for line in &self.lines {
            parts.extend([line.name.ar.clone(), line.name.en.clone()]);
        }
        kernel::search_text::normalize(&parts.join(" "))
    }
}

/// One change of status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusChange {
    /// The status before; none when the order was placed.
    pub from: Option<OrderStatus>,
    /// The status after.
    pub to: OrderStatus,
    /// When.
    pub at: DateTime<Utc>,
    /// Who changed it; none for the buyer's own checkout or a guest.
    pub by: Option<UserId>,
    /// Why, in the staff's words.
    pub note: Option<String>,
}

/// A change of an order as the spine keeps it (the store's `order_events`, written in the
/// change's own transaction): what the consumers of changes (news, couriers, webhooks) read,
/// in the order the changes happened, each with the order's version after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderChange {
    /// The order was placed (its version is 1).
    Placed {
        /// Its number.
        number: String,
        /// How it came in.
        source: OrderSource,
        /// What the buyer pays.
        total: Money,
        /// Its phone's band has the staff call to confirm it.
        awaits_call: bool,
    },
    /// It moved along the state machine, other than to `cancelled`.
    StatusChanged {
        /// The status before.
        from: OrderStatus,
        /// The status after.
        to: OrderStatus,
        /// Who moved it; none for nobody signed in.
        by: Option<UserId>,
        /// The points the move granted the client (a delivery), if any.
        points_earned: Option<i64>,
    },
    /// It was called off.
    Cancelled {
        /// The status before.
        from: OrderStatus,
        /// Who called it off: the buyer or a staff member; none when it cancelled itself.
        by: Option<UserId>,
        /// Why.
        cause: CancelCause,
    },
    /// The courier could not hand it over; it is still on delivery.
    DeliveryFailed {
        /// Which attempt failed, from 1.
        attempt: u32,
        /// Why.
        reason: String,
        /// The staff member who recorded it.
        by: Option<UserId>,
    },
    /// A sales engineer took it, and its client, in their care.
    Assigned {
        /// The engineer.
        sales_engineer: UserId,
    },
    /// Its lines changed: staff changed them before its buyer confirmed it (after the call,
    /// as the buyer asked; the buyer is told the new total), or the buyer took only part of the
    /// parcel at the door (its delivery, told as such, follows).
    LinesChanged {
        /// What the buyer was to pay before.
        total_before: Money,
        /// What they pay now.
        total: Money,
        /// The staff member who changed them.
        by: Option<UserId>,
        /// The buyer refused the units gone at the door.
        at_door: bool,
    },
    /// A return of its units was asked, or moved a step on.
    ReturnChanged {
        /// The return.
        return_id: i64,
        /// Where the return is now.
        state: crate::returns::ReturnState,
        /// The staff member who opened it for a caller or moved it; none for the buyer's own
        /// request.
        by: Option<UserId>,
    },
    /// A staff member undid its last move, a wrong tap, soon after: it is back where it was.
    MoveUndone {
        /// The status the move had brought it to.
        from: OrderStatus,
        /// The status it is back in.
        to: OrderStatus,
        /// The staff member who undid it.
        by: Option<UserId>,
    },
    /// Its buyer was found to mean it.
    Confirmed {
        /// How.
        via: ConfirmedVia,
        /// The staff member who confirmed it; none for the buyer's link.
        by: Option<UserId>,
    },
}

impl OrderChange {
    /// The change a status move makes.
    pub fn of_move(change: &crate::ports::StatusMove) -> OrderChange {
        let (from, to, by) = (change.from, change.to, change.by);
        if to == OrderStatus::Cancelled {
            OrderChange::Cancelled { from, by, cause: change.cause }
        } else {
            OrderChange::StatusChanged { from, to, by, points_earned: change.grant.as_ref().map(|grant| grant.points) }
        }
    }

    /// What its news tells of; none for a change nobody is told of.
    pub fn news_event(&self) -> Option<crate::news::OrderEvent> {
        use crate::news::OrderEvent;
        match self {
            OrderChange::Placed { .. } => Some(OrderEvent::Placed),
            OrderChange::StatusChanged { to, .. } => Some(OrderEvent::Became(*to)),
            OrderChange::Cancelled { cause: CancelCause::CalledOff, .. } => Some(OrderEvent::Became(OrderStatus::Cancelled)),
            OrderChange::Cancelled { cause: CancelCause::Unconfirmed, .. } => Some(OrderEvent::NotConfirmed),
            OrderChange::Cancelled { cause: CancelCause::Refused, .. } => Some(OrderEvent::Refused),
            OrderChange::DeliveryFailed { attempt, .. } => Some(OrderEvent::DeliveryFailed { attempt: *attempt }),
            OrderChange::LinesChanged { total, at_door: false, .. } => Some(OrderEvent::LinesChanged { total: *total }),
            OrderChange::ReturnChanged { state, .. } => Some(OrderEvent::Return(*state)),
            OrderChange::LinesChanged { at_door: true, .. } => None,
            // The phone's owner just said so on the link's page: a message would go to them.
            OrderChange::Cancelled { cause: CancelCause::NotOrdered, .. } => None,
            // An undone move is told to nobody: the wrong tap's news may have gone, and a
            // second message would only confuse; the buyer's tracking shows where it is.
            OrderChange::Assigned { .. } | OrderChange::Confirmed { .. } | OrderChange::MoveUndone { .. } => None,
        }
    }

    /// The person the change names: whoever made it, or the engineer it was given to; none
    /// for the buyer or the shop itself.
    pub fn person(&self) -> Option<UserId> {
        match self {
            OrderChange::Placed { .. } => None,
            OrderChange::Assigned { sales_engineer } => Some(*sales_engineer),
            OrderChange::StatusChanged { by, .. }
            | OrderChange::Cancelled { by, .. }
            | OrderChange::DeliveryFailed { by, .. }
            | OrderChange::LinesChanged { by, .. }
            | OrderChange::ReturnChanged { by, .. }
            | OrderChange::MoveUndone { by, .. }
            | OrderChange::Confirmed { by, .. } => *by,
        }
    }

    /// Its kind as stored and as integrators will see it (`order.status_changed`).
    pub fn kind(&self) -> &'static str {
        match self {
            OrderChange::Placed { .. } => "order.created",
            OrderChange::StatusChanged { .. } => "order.status_changed",
            OrderChange::Cancelled { .. } => "order.cancelled",
            OrderChange::Assigned { .. } => "order.assigned",
            OrderChange::Confirmed { .. } => "order.confirmed",
            OrderChange::DeliveryFailed { .. } => "order.delivery_failed",
            OrderChange::LinesChanged { .. } => "order.lines_changed",
            OrderChange::MoveUndone { .. } => "order.move_undone",
            OrderChange::ReturnChanged { .. } => "order.return_changed",
        }
    }
}

/// A stored order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// Its id.
    pub id: OrderId,
    /// Its human number, `MS-2026-000123`.
    pub number: String,
    /// Where it is in its life.
    pub status: OrderStatus,
    /// When it was placed.
    pub created_at: DateTime<Utc>,
    /// What was placed.
    pub placed: NewOrder,
    /// Every change of status, oldest first.
    pub history: Vec<StatusChange>,
    /// The sales engineer who looks after it.
    pub sales_engineer: Option<UserId>,
    /// The batches its lines' units came from, for products kept in lots.
    pub lots: Vec<LineLot>,
    /// How its buyer was found to mean it; none while it awaits confirmation.
    pub confirmation: Option<Confirmation>,
    /// Why it was cancelled; none unless it is.
    pub cancelled_as: Option<CancelCause>,
    /// The deliveries the courier could not make, oldest first.
    pub failed_attempts: Vec<FailedAttempt>,
    /// Its parcel with a courier, once handed over.
    pub shipment: Option<crate::shipment::Shipment>,
    /// The returns asked of it, oldest first.
    pub returns: Vec<crate::returns::OrderReturn>,
}

/// Units of a line that came from one batch: the invoice prints the batch and its expiry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineLot {
    /// The line's product.
    pub product: ProductId,
    /// The maker's batch number.
    pub batch: String,
    /// The batch's last day of sale.
    pub expires_on: chrono::NaiveDate,
    /// Units of the line from it.
    pub quantity: u32,
}

impl Order {
    /// Whether its buyer may still cancel it: while it is new and the shop has not handed it
    /// to a courier (then the buyer calls the shop, which calls the booking off).
    pub fn buyer_can_cancel(&self) -> bool {
        self.status == OrderStatus::New && self.shipment.is_none()
    }

    /// Until when its buyer may ask to return units of it: `days` after its delivery, while it
    /// is delivered.
    pub fn returnable_until(&self, days: u32) -> Option<DateTime<Utc>> {
        let delivered_at = self.history.iter().rev().find(|change| change.to == OrderStatus::Delivered)?.at;
        (self.status == OrderStatus::Delivered).then(|| delivered_at + chrono::Duration::days(i64::from(days)))
    }

    /// Whether it is new and nobody has confirmed it yet: staff wait before sending it, and it
    /// cancels itself when nobody does in time.
    pub fn awaiting_confirmation(&self) -> bool {
        self.status == OrderStatus::New && self.confirmation.is_none()
    }
}

/// The human number of the order with this id placed in this year: unique because the id is,
/// and gaps (a rolled-back order) are harmless.
pub fn order_number(year: i32, id: OrderId) -> String {
    format!("MS-{year}-{:06}", id.0)
}
