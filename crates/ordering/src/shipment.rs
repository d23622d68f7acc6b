//! Parcels handed to couriers (issue 39 §7): the shipment an order travels as, what a courier
//! company is asked and answers (the [`Courier`] port, Bosta's API in `couriers`), and the
//! reports its webhook sends, which move the order (see `OrderDesk::courier_reported`).

use chrono::{DateTime, Utc};
use kernel::{Money, OrderId, UserId};

/// Who carries a parcel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum CourierKind {
    /// A courier staff book themselves (a local man with a motorbike, another company's
    /// counter) and whose tracking number they type.
    Manual,
    /// Bosta, through its API and its webhook.
    Bosta,
}

/// Where a parcel stands, as the shop reads its courier's states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum ShipmentState {
    /// Booked with the courier, not picked up yet.
    Created,
    /// The courier has it: picked up, at its warehouse or between hubs.
    PickedUp,
    /// Out with a driver for delivery.
    OutForDelivery,
    /// Handed to the buyer (with the cash, for cash on delivery).
    Delivered,
    /// A delivery that did not happen: nobody home, wrong address, postponed.
    Exception,
    /// Back with the shop: refused, or given up on.
    Returned,
    /// Called off before the courier took it.
    Cancelled,
    /// A state the shop does not act on (kept with its code).
    Other,
}

impl ShipmentState {
    /// The states a parcel does not leave: later reports change nothing.
    pub const FINAL: [ShipmentState; 3] = [ShipmentState::Delivered, ShipmentState::Returned, ShipmentState::Cancelled];
}

/// One report of a courier about a parcel, as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShipmentEvent {
    /// What it said.
    pub state: ShipmentState,
    /// The courier's own code for it.
    pub code: i32,
    /// When it happened, by the courier's clock.
    pub at: DateTime<Utc>,
}

/// An order's parcel with its courier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shipment {
    /// Who carries it.
    pub courier: CourierKind,
    /// The courier's name as shown: the company's, or the one staff typed.
    pub courier_name: String,
    /// The courier's tracking number.
    pub tracking: String,
    /// Where the buyer follows it on the courier's site, when it has one.
    pub tracking_url: Option<String>,
    /// Its state by the courier's last report.
    pub state: ShipmentState,
    /// The cash the courier is to collect.
    pub cod: Money,
    /// The cash the courier reported collected, once delivered.
    pub collected: Option<Money>,
    /// When it was handed over.
    pub handed_over_at: DateTime<Utc>,
    /// The staff member who handed it over.
    pub handed_over_by: Option<UserId>,
    /// The courier's reports, oldest first.
    pub events: Vec<ShipmentEvent>,
}

/// What a courier company is asked to carry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parcel {
    /// The order's number, the courier's reference.
    pub reference: String,
    /// The cash to collect at the door.
    pub cod: Money,
    /// Who receives it.
    pub receiver_name: String,
    /// Their phone, national form.
    pub receiver_phone: String,
    /// The street, village or landmark.
    pub address: String,
    /// The city, in English as couriers' systems read it.
    pub city: String,
    /// Units in it.
    pub items: u32,
    /// What is in it, for the airway bill.
    pub description: String,
}

/// A courier company's answer when it takes a parcel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Booking {
    /// Its tracking number.
    pub tracking: String,
    /// Where the buyer follows it.
    pub tracking_url: Option<String>,
}

/// A courier's report of a parcel's new state, read from its webhook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourierReport {
    /// The tracking number.
    pub tracking: String,
    /// The state, read from the courier's numeric code.
    pub state: ShipmentState,
    /// The courier's code.
    pub code: i32,
    /// When it happened, by the courier's clock.
    pub at: DateTime<Utc>,
    /// The cash collected, on delivery.
    pub collected: Option<Money>,
    /// Why a delivery did not happen, in the courier's words.
    pub reason: Option<String>,
    /// The report as received, kept as it came.
    pub raw: String,
}

/// Why a courier company's call failed.
#[derive(Debug, thiserror::Error)]
pub enum CourierError {
    /// The company refused or could not be reached; the text is its own, for staff.
    #[error("the courier's service failed: {0}")]
    Unavailable(String),
    /// A webhook call without the shared secret.
    #[error("the courier's report is not signed with the shared secret")]
    Unauthorised,
    /// A webhook call whose body is not a report.
    #[error("the courier's report cannot be read")]
    Unreadable,
}

/// A courier company's service (Bosta's API, in `couriers`).
#[cfg_attr(test, mockall::automock)]
pub trait Courier: Send + Sync {
    /// Books the parcel for pick-up.
    fn book(&self, parcel: &Parcel) -> Result<Booking, CourierError>;
    /// Calls a booking off before pick-up.
    fn cancel(&self, tracking: &str) -> Result<(), CourierError>;
    /// The airway bill to stick on the parcel, a PDF.
    fn airway_bill(&self, tracking: &str) -> Result<Vec<u8>, CourierError>;
    /// Reads a webhook call: `presented` is the value of its shared-secret header.
    fn read_report(&self, presented: Option<String>, body: &[u8]) -> Result<CourierReport, CourierError>;
    /// The parcel's state now, as the courier's API tells it: for a webhook call that never
    /// came.
    fn current_state(&self, tracking: &str) -> Result<CourierReport, CourierError>;
}

/// How staff hand an order's parcel over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HandOver {
    /// Booked through a courier company's API.
    Booked(CourierKind),
    /// Given to a courier staff booked themselves.
    Manual {
        /// The courier's name.
        courier_name: String,
        /// Its tracking number.
        tracking: String,
    },
}

/// A shipment to keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewShipment {
    /// Its order.
    pub order: OrderId,
    /// Who carries it.
    pub courier: CourierKind,
    /// The courier's name as shown.
    pub courier_name: String,
    /// The courier's booking.
    pub booking: Booking,
    /// Its state at first.
    pub state: ShipmentState,
    /// The cash to collect.
    pub cod: Money,
    /// When.
    pub at: DateTime<Utc>,
    /// Who handed it over.
    pub by: UserId,
}

/// What became of a courier's report once kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportKept {
    /// Kept for the first time, and the shipment's state with it: the order it is for, and
    /// the report's id to forget it by should the order's move fail.
    New {
        /// The order.
        order: OrderId,
        /// The report's id.
        id: i64,
    },
    /// The same report (tracking number, state and time) was kept before.
    Seen,
    /// No shipment has that tracking number; the report is kept raw all the same.
    Unknown,
}

/// A delivered parcel whose cash a courier has not handed to the shop yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashParcel {
    /// Its order.
    pub order: OrderId,
    /// The order's number.
    pub number: String,
    /// What the courier owes for it: the order's total after every change (a partial
    /// delivery, refused lines).
    pub amount: Money,
    /// What the courier says it collected: Bosta's report, or for the shop's own courier the
    /// total it was given; none while Bosta has not said.
    pub collected: Option<Money>,
    /// When the order was delivered.
    pub delivered_at: DateTime<Utc>,
}

impl CashParcel {
    /// Whether what the courier says it collected differs from what it owes: flagged to staff,
    /// never settled silently.
    pub fn mismatch(&self) -> bool {
        self.collected.is_some_and(|collected| collected != self.amount)
    }
}

/// The cash one courier holds for the shop: its delivered parcels not settled yet, oldest
/// first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourierCash {
    /// Who.
    pub courier: CourierKind,
    /// The courier's name as shown.
    pub courier_name: String,
    /// The parcels, oldest delivery first.
    pub parcels: Vec<CashParcel>,
}

impl CourierCash {
    /// The cash it holds in all.
    pub fn total(&self) -> Money {
        Money::from_piastres(self.parcels.iter().map(|parcel| parcel.amount.piastres()).sum())
    }
}

/// Cash a courier handed to the shop, settling some of its delivered parcels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Remittance {
    /// Who paid.
    pub courier: CourierKind,
    /// The courier's name as shown.
    pub courier_name: String,
    /// What was paid: may be short of the parcels' cash by the courier's fees.
    pub amount: Money,
    /// The orders whose parcels it settles.
    pub orders: Vec<OrderId>,
    /// Staff's note (a transfer's reference).
    pub note: Option<String>,
    /// When it was recorded.
    pub at: DateTime<Utc>,
    /// Who recorded it.
    pub by: UserId,
}

/// Where shipments and their couriers' reports are kept.
#[cfg_attr(test, mockall::automock)]
pub trait ShipmentBook: Send + Sync {
    /// Keeps an order's shipment; false when the order has one already.
    fn keep(&self, shipment: &NewShipment) -> anyhow::Result<bool>;
    /// In one transaction: the report kept once per tracking number, state code and time,
    /// and a new one's state (and cash collected) written on its shipment unless the
    /// shipment's state is final.
    fn record_report(&self, courier: CourierKind, report: &CourierReport, received_at: DateTime<Utc>) -> anyhow::Result<ReportKept>;
    /// Forgets a kept report, so that the courier's retry is acted on.
    fn forget_report(&self, id: i64) -> anyhow::Result<()>;
    /// Marks the order's parcel called off, unless its state is final already.
    fn call_off(&self, order: OrderId) -> anyhow::Result<()>;
    /// The cash each courier holds: the parcels of delivered orders no remittance settled.
    fn cash_with_couriers(&self) -> anyhow::Result<Vec<CourierCash>>;
    /// In one transaction, the remittance kept and its parcels marked settled, when each is a
    /// delivered parcel of that courier not settled yet; false (nothing kept) otherwise.
    fn record_remittance(&self, remittance: &Remittance) -> anyhow::Result<bool>;
}

/// The tracking number staff typed for a manual courier, when it reads as one: letters,
/// digits and dashes, 3 to 40 of them.
pub fn tracking_number(typed: &str) -> Option<String> {
    let typed = kernel::digits::to_latin_digits(typed.trim());
    let valid = (3..=40).contains(&typed.chars().count()) && typed.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    valid.then(|| typed.to_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_tracking_number_is_read_in_latin_digits_and_capitals() {
        assert_eq!(tracking_number(" ab-١٢٣ "), Some("AB-123".to_string()));
        assert_eq!(tracking_number("12"), None);
        assert_eq!(tracking_number("12 34"), None);
        assert_eq!(tracking_number(&"9".repeat(41)), None);
    }
}
