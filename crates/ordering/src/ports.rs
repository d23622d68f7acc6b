//! What ordering needs from the rest of the shop.

use chrono::{DateTime, Utc};
use kernel::{AddressId, CityId, Localized, Money, OrderId, Page, PageRequest, Phone, ProductId, ShippingRule, UserId, Weight};

use crate::address::{Address, AddressDraft};
use crate::city::{CityDraft, CityQuery, CityRemoval, ShippingCity};
use crate::desk::{OrderListing, PhoneRecord, StaffOrder, StaffOrderQuery};
use crate::news::Notification;
use crate::order::{CancelCause, Confirmation, ConfirmedVia, FailedAttempt, NewOrder, Order, OrderStatus};
use crate::promo::{PromoCode, PromoDraft, PromoRefusal};
use crate::reputation::{BandOverride, PhoneRefusal};

/// The shipping cities.
#[cfg_attr(test, mockall::automock)]
pub trait CityStore: Send + Sync {
    /// The cities buyers can choose, in order.
    fn active_cities(&self) -> anyhow::Result<Vec<ShippingCity>>;
    /// Every city matching the query, in order, one page.
    fn cities(&self, query: &CityQuery) -> anyhow::Result<Page<ShippingCity>>;
    /// One city, active or not.
    fn city(&self, id: CityId) -> anyhow::Result<Option<ShippingCity>>;
    /// Stores a new city.
    fn add_city(&self, city: &CityDraft) -> anyhow::Result<CityId>;
    /// Changes a city; false when there is none.
    fn update_city(&self, id: CityId, city: &CityDraft) -> anyhow::Result<bool>;
    /// Removes a city no address uses, or deactivates one that is used, in one step.
    fn remove_city(&self, id: CityId) -> anyhow::Result<CityRemoval>;
}

/// Buyers' saved addresses. Every call is scoped to its owner: another buyer's address is
/// treated as missing.
#[cfg_attr(test, mockall::automock)]
pub trait AddressBook: Send + Sync {
    /// The owner's addresses, oldest first.
    fn addresses(&self, owner: UserId) -> anyhow::Result<Vec<Address>>;
    /// The owner's address with this id.
    fn address(&self, owner: UserId, id: AddressId) -> anyhow::Result<Option<Address>>;
    /// Stores a new address; `None` when the owner already has `max` of them.
    fn add_address(&self, owner: UserId, address: &AddressDraft, max: usize) -> anyhow::Result<Option<AddressId>>;
    /// Changes the owner's address; false when they have none with this id.
    fn update_address(&self, owner: UserId, id: AddressId, address: &AddressDraft) -> anyhow::Result<bool>;
    /// Removes the owner's address; false when they have none with this id.
    fn remove_address(&self, owner: UserId, id: AddressId) -> anyhow::Result<bool>;
}

/// A product as an order prices it now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotedProduct {
    /// The product.
    pub id: ProductId,
    /// Its readable address.
    pub slug: String,
    /// Its name.
    pub name: Localized<String>,
    /// Its first picture.
    pub image: Option<String>,
    /// The price paid for one unit now.
    pub sale_price: Money,
    /// The weight of one unit.
    pub weight: Weight,
    /// Sold only to a buyer who acknowledged its danger (WHO class Ia or Ib, or restricted).
    pub needs_safety_acknowledgement: bool,
}

/// Today's prices and the shipping weight rule.
#[cfg_attr(test, mockall::automock)]
pub trait Pricing: Send + Sync {
    /// The products among `ids` that are sold, in any order.
    fn quote(&self, ids: &[ProductId]) -> anyhow::Result<Vec<QuotedProduct>>;
    /// The shop's weight rule.
    fn shipping_rule(&self) -> anyhow::Result<ShippingRule>;
}

/// The signed-in buyer's server cart, which a checkout buys.
#[cfg_attr(test, mockall::automock)]
pub trait BuyerCart: Send + Sync {
    /// The cart's lines, oldest first: product and units.
    fn cart_lines(&self, owner: UserId) -> anyhow::Result<Vec<(ProductId, u32)>>;
}

pub use kernel::Keyed;

/// What storing an order did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// The order as stored, its stock taken and the buyer's cart emptied.
    Placed(Box<Order>),
    /// A parallel request with the same key holds it now; nothing was written.
    KeyTaken,
    /// Fewer units of a product are left than the order asks for; nothing was written.
    ShortOfStock {
        /// The product.
        product: ProductId,
        /// How many are left.
        left: i64,
    },
    /// The promo code's uses ran out, overall or for this buyer, while the order was being
    /// placed; nothing was written.
    PromoRefused(PromoRefusal),
    /// The buyer's phone cannot order cash on delivery, as its history read with the order
    /// stands; nothing was written.
    PhoneRefused(PhoneRefusal),
}

/// What the shop knows of an order's buyer, read in the transaction that places the order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BuyerHistory {
    /// The orders placed with the buyer's phone, by outcome.
    pub record: PhoneRecord,
    /// The staff's band for the phone, if any.
    pub band: Option<BandOverride>,
    /// The orders of the buyer's account delivered (none for a guest).
    pub delivered: u64,
}

/// How an order is taken, decided on its buyer's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Admission {
    /// The shop calls the buyer before sending it.
    pub awaits_call: bool,
    /// Confirmed already, and how.
    pub confirmed: Option<ConfirmedVia>,
}

/// The rule an order is taken by on its buyer's history, or refused.
pub type Admit<'a> = &'a dyn Fn(&BuyerHistory) -> Result<Admission, PhoneRefusal>;

/// Which promo codes staff list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromoQuery {
    /// Part of the code.
    pub search: Option<String>,
    /// `active`, `inactive` or `expired` now.
    pub status: Option<String>,
    /// The page.
    pub page: PageRequest,
}

/// The promo codes.
#[cfg_attr(test, mockall::automock)]
pub trait PromoCodes: Send + Sync {
    /// The code with this folded text.
    fn promo_by_code(&self, code: &str) -> anyhow::Result<Option<PromoCode>>;
    /// How many orders of this account or of this phone use the code now.
    #[allow(clippy::needless_lifetimes)] // mockall needs the lifetime named
    fn promo_uses_by<'a>(&self, promo: i64, user: Option<UserId>, phone: Option<&'a Phone>) -> anyhow::Result<u32>;
    /// Codes matching the query at `now`, newest first.
    fn promos(&self, query: &PromoQuery, now: DateTime<Utc>) -> anyhow::Result<Page<PromoCode>>;
    /// One code.
    fn promo(&self, id: i64) -> anyhow::Result<Option<PromoCode>>;
    /// Stores a code.
    fn add_promo(&self, draft: &PromoDraft) -> anyhow::Result<PromoWrite>;
    /// Changes a code.
    fn update_promo(&self, id: i64, draft: &PromoDraft) -> anyhow::Result<PromoWrite>;
    /// Switches a code on or off; false when there is none.
    fn set_promo_active(&self, id: i64, active: bool) -> anyhow::Result<bool>;
    /// Removes a code (orders keep its text); false when there is none.
    fn remove_promo(&self, id: i64) -> anyhow::Result<bool>;
}

/// What writing a promo code did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromoWrite {
    /// Written; the code's id.
    Written(i64),
    /// Another code has the same text; nothing was written.
    CodeTaken,
    /// No client group has the id the code names; nothing was written.
    UnknownGroup,
    /// There is no such code to change.
    Missing,
}

/// The orders, written each in one transaction.
#[cfg_attr(test, mockall::automock)]
pub trait OrderBook: Send + Sync {
    /// In one transaction: the buyer's history read (their phone's record and band, their
    /// account's delivered orders) and the order taken as `admit` decides on it, the key
    /// recorded with the order's answer, every line's stock taken by a guarded update, the
    /// order with its lines and first history row stored (with the client's sales engineer, or
    /// the shop's default one), the promo code's use counted by a guarded update (and the
    /// buyer's uses checked), a client's cart emptied, and the order's first event written on
    /// the spine. A phone refused, any line short, a code used up, or the key taken meanwhile,
    /// writes nothing.
    #[allow(clippy::needless_lifetimes)] // mockall needs the lifetime named
    fn place<'a>(&self, order: &NewOrder, admit: Admit<'a>, key: Option<&'a Keyed<Order>>, at: DateTime<Utc>) -> anyhow::Result<Placement>;
    /// One order.
    fn order(&self, id: OrderId) -> anyhow::Result<Option<Order>>;
    /// A client's orders, newest first; only those in `status` when it is given.
    fn orders_of(&self, owner: UserId, status: Option<OrderStatus>, page: PageRequest) -> anyhow::Result<Page<Order>>;
    /// The order with this human number.
    fn order_by_number(&self, number: &str) -> anyhow::Result<Option<Order>>;
    /// In one transaction, if the order is still in `change.from`: its status changed and its
    /// version counted, the change kept in its history and on the spine, and what the move
    /// decided done (the stock back, the promo code's use back, the points granted once per
    /// order with the grant's notice). False when it was no longer in `change.from`.
    fn change_status(&self, id: OrderId, change: &StatusMove) -> anyhow::Result<bool>;
    /// The staff's list: one page, newest first, and how many orders of the list's filters,
    /// its status aside, are in each status.
    fn staff_orders(&self, query: &StaffOrderQuery) -> anyhow::Result<OrderListing>;
    /// One order with its sales engineer's name and the staff notes.
    fn staff_order(&self, id: OrderId) -> anyhow::Result<Option<StaffOrder>>;
    /// Keeps a staff note.
    fn add_note(&self, id: OrderId, author: UserId, body: &str, at: DateTime<Utc>) -> anyhow::Result<()>;
    /// Puts the order and its client in the care of a sales engineer (an active sales account).
    fn assign_sales_engineer(&self, id: OrderId, engineer: UserId, at: DateTime<Utc>) -> anyhow::Result<Assignment>;
    /// In one transaction, if the order is new and not confirmed yet: the confirmation kept,
    /// its version counted and the change on the spine. False otherwise.
    fn confirm(&self, id: OrderId, confirmation: &Confirmation) -> anyhow::Result<bool>;
    /// In one transaction, if the order is on delivery with `attempt.attempt - 1` failed
    /// attempts: the attempt kept, its version counted and the change on the spine, then
    /// `refusal` made when the attempt was the last one allowed. False otherwise (a parallel
    /// report of the same attempt was kept first).
    fn fail_delivery(&self, id: OrderId, attempt: &FailedAttempt, refusal: Option<StatusMove>) -> anyhow::Result<bool>;
    /// Up to `limit` new orders nobody confirmed that were placed before `placed_before`,
    /// oldest first.
    fn unconfirmed_before(&self, placed_before: DateTime<Utc>, limit: i64) -> anyhow::Result<Vec<OrderId>>;
    /// In one transaction, if the order is new and not confirmed yet: each changed line's
    /// units put back and its new units taken (from lots, soonest to expire first) by guarded
    /// updates in product order, the lines and totals replaced, the version counted and the
    /// change on the spine. A line short of stock, or an order confirmed or moved meanwhile,
    /// writes nothing.
    fn change_lines(&self, id: OrderId, change: &LinesChange) -> anyhow::Result<LinesOutcome>;
    /// In one transaction, if the order is on delivery: the units the buyer refused put back
    /// (into the lots their line took them from, which the order then no longer names), the
    /// lines and totals replaced and `order.lines_changed` written, then the delivery made as
    /// `change_status` makes it (its points on what was delivered). False when it was no
    /// longer on delivery.
    fn deliver_partly(&self, id: OrderId, delivery: &PartialDelivery) -> anyhow::Result<bool>;
    /// In one transaction, if the order is still in `undo.from`: it goes back to `undo.to`,
    /// its version counted, the undoing kept in its history and on the spine; undoing a
    /// cancellation takes its stock (afresh from the lots) and its promo code's use again by
    /// the guarded updates placing uses, and undoing a delivery takes back the points it
    /// earned (never below zero: the rest is owed) so that the next delivery earns them again.
    fn undo_move(&self, id: OrderId, undo: &UndoMove) -> anyhow::Result<UndoOutcome>;
}

/// A staff member's last move of an order, undone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndoMove {
    /// The status the move brought the order to, which it must still be in.
    pub from: OrderStatus,
    /// The status it goes back to.
    pub to: OrderStatus,
    /// The staff member undoing it.
    pub by: UserId,
    /// When.
    pub at: DateTime<Utc>,
}

/// What undoing a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UndoOutcome {
    /// It is back where it was.
    Undone,
    /// It moved meanwhile; nothing was written.
    Moved,
    /// Undoing a cancellation: fewer units of a product are left than it held; nothing was
    /// written.
    ShortOfStock {
        /// The product.
        product: ProductId,
        /// How many are left.
        left: i64,
    },
    /// Undoing a cancellation: its promo code's uses ran out meanwhile; nothing was written.
    PromoUsedUp,
}

/// An order on delivery whose buyer took only part of the parcel at the door.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartialDelivery {
    /// The lines the buyer took, what they pay for them, who recorded it and when.
    pub taken: LinesChange,
    /// The delivery that follows, with the points it earns.
    pub delivery: StatusMove,
}

/// An order's lines as staff changed them before its buyer confirmed it, and what it costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinesChange {
    /// The lines now.
    pub lines: Vec<crate::order::OrderLine>,
    /// What the buyer pays for them.
    pub totals: crate::order::Totals,
    /// What the staff's search reads of the order now.
    pub search_text: String,
    /// What the buyer was to pay before.
    pub total_before: Money,
    /// The staff member who changed them.
    pub by: UserId,
    /// When.
    pub at: DateTime<Utc>,
}

/// What changing an order's lines did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinesOutcome {
    /// The lines, totals and stock are changed.
    Changed,
    /// It was confirmed or moved meanwhile; nothing was written.
    NotAwaiting,
    /// Fewer units of a product are left than the new lines ask for; nothing was written.
    ShortOfStock {
        /// The product.
        product: ProductId,
        /// How many units of it the order can have.
        left: i64,
    },
}

/// The links that confirm an order (sent by SMS, offered on the success page): signed with
/// the shop's secret, so a link names its order and cannot be made up for another.
#[cfg_attr(test, mockall::automock)]
pub trait ConfirmationLinks: Send + Sync {
    /// The order's link.
    fn link(&self, order: OrderId) -> String;
    /// The order a link's token names, when it is genuine.
    fn order_of(&self, token: &str) -> Option<OrderId>;
}

/// When orders need their buyer's confirmation, and how long they wait for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConfirmationRules {
    /// How long a new order waits for its confirmation before it cancels itself.
    pub within: chrono::Duration,
    /// A client with at least this many delivered orders is trusted without asking.
    pub trusted_after_delivered: u64,
}

/// One move of an order along the state machine, with what it does beside the status: the
/// domain decides it ([`StatusMove::decide`]); the store carries it out in the move's
/// transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusMove {
    /// The status it must still be in.
    pub from: OrderStatus,
    /// The status it gets.
    pub to: OrderStatus,
    /// Who moves it; none for nobody signed in.
    pub by: Option<UserId>,
    /// Why, in the staff's words.
    pub note: Option<String>,
    /// When.
    pub at: DateTime<Utc>,
    /// Whether the order's units go back on the shelf.
    pub restock: bool,
    /// Whether the order's use of its promo code is given back.
    pub release_promo: bool,
    /// The points the move earns the client (a delivery), written with it.
    pub grant: Option<PointsGrant>,
    /// Why, when it cancels. A cancellation for want of a confirmation is made only if the
    /// order is still not confirmed (a confirmation that came meanwhile keeps it).
    pub cause: CancelCause,
}

impl StatusMove {
    /// The move from `from` to `to` and what it does: a cancel gives the stock and the promo
    /// code's use back. None when the state machine does not allow the move.
    pub fn decide(from: OrderStatus, to: OrderStatus, by: Option<UserId>, note: Option<String>, at: DateTime<Utc>) -> Option<StatusMove> {
        if !from.can_become(to) {
            return None;
        }
        let cancelling = to == OrderStatus::Cancelled;
        Some(StatusMove { from, to, by, note, at, restock: cancelling, release_promo: cancelling, grant: None, cause: CancelCause::CalledOff })
    }

    /// The cancellation of an order whose parcel was refused at the door (or given up on after
    /// the last attempt): only from "on delivery"; the stock and the promo code's use come
    /// back, and no points are earned.
    pub fn refusal(from: OrderStatus, by: Option<UserId>, note: String, at: DateTime<Utc>) -> Option<StatusMove> {
        (from == OrderStatus::OnDelivery).then_some(StatusMove {
            from,
            to: OrderStatus::Cancelled,
            by,
            note: Some(note),
            at,
            restock: true,
            release_promo: true,
            grant: None,
            cause: CancelCause::Refused,
        })
    }

    /// The move granting the points `earned`, when it delivers: no other move grants any.
    pub fn granting(self, earned: Option<PointsGrant>) -> StatusMove {
        let grant = earned.filter(|_| self.to == OrderStatus::Delivered);
        StatusMove { grant, ..self }
    }
}

/// Points a delivered order earns its client, written in the same transaction as the move
/// that delivers it and keyed by the order, so that it is granted once whatever repeats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PointsGrant {
    /// The client.
    pub user: UserId,
    /// How many.
    pub points: i64,
    /// When they expire, if ever.
    pub expires_at: Option<DateTime<Utc>>,
    /// What the ledger says the points are for: the order's number.
    pub note: String,
}

/// Points as the loyalty programme reckons them for a delivered order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EarnedPoints {
    /// How many.
    pub points: i64,
    /// When they expire, if ever.
    pub expires_at: Option<DateTime<Utc>>,
}

/// The shop's loyalty programme as orders meet it (the `loyalty` crate, wired in `server`).
#[cfg_attr(test, mockall::automock)]
pub trait Rewards: Send + Sync {
    /// What an order's subtotal delivered at `at` earns; none when nothing.
    fn earned_for(&self, subtotal: Money, at: DateTime<Utc>) -> anyhow::Result<Option<EarnedPoints>>;
}

/// What assigning a sales engineer did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assignment {
    /// The order and its client are in the engineer's care.
    Done,
    /// No active sales account has this id.
    NoSuchEngineer,
    /// No client order has this id.
    NoSuchOrder,
}

/// The users' notifications. Every call is scoped to its owner.
#[cfg_attr(test, mockall::automock)]
pub trait Notifications: Send + Sync {
    /// The owner's notifications, newest first; only unread ones when asked.
    fn notifications(&self, owner: UserId, unread_only: bool, page: PageRequest) -> anyhow::Result<Page<Notification>>;
    /// How many the owner has not read.
    fn unread(&self, owner: UserId) -> anyhow::Result<u64>;
    /// Marks one read; false when the owner has none with this id.
    fn mark_read(&self, owner: UserId, id: i64, at: DateTime<Utc>) -> anyhow::Result<bool>;
    /// Marks every unread one read.
    fn mark_all_read(&self, owner: UserId, at: DateTime<Utc>) -> anyhow::Result<()>;
}
