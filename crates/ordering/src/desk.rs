//! The staff's side of orders (design §5): the lists with their filters, one order with its
//! notes, status changes along the state machine, notes, and the sales engineer who looks after
//! an order. One use case per function: `orders`, `order`, `change_status`, `confirm`,
//! `refuse`, `fail_delivery`, `add_note`, `assign_sales_engineer`; the couriers' part in
//! `dispatch`, the returns' in `returns`, changing an order's lines in `lines`, undoing the
//! last move in `undo`.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use kernel::{CityId, Clock, FieldErrors, OrderId, Page, PageRequest, Phone, UserId};

use crate::error::OrderingError;
use crate::news::Newsroom;
use crate::order::{CancelCause, Confirmation, ConfirmedVia, FailedAttempt, Order, OrderSource, OrderStatus};
use crate::ports::{Assignment, CityStore, OrderBook, PointsGrant, Pricing, PromoCodes, Rewards, StatusMove};
use crate::reputation::{PhoneStanding, PhoneStandings};
use crate::returns::ReturnBook;
use crate::shipment::{Courier, ShipmentBook};

mod dispatch;
mod lines;
mod returns;
mod undo;

pub use dispatch::{MAX_SETTLED, RemittanceDraft};

/// A failed delivery reported again with the same reason within this time is the same report
/// (a double tap), not the next attempt.
const SAME_REPORT_WITHIN: chrono::TimeDelta = chrono::TimeDelta::minutes(1);

/// The longest staff note, in characters.
pub const MAX_NOTE: usize = 2000;

/// Which orders a list holds: those of clients' accounts, or those placed without one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// Orders with a client's account (`dashboard/orders`).
    Clients,
    /// Orders placed without an account: guests and WhatsApp (`dashboard/guest-orders`).
    Guests,
}

/// The staff member asking: a sales engineer sees only the client orders they look after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewer {
    /// Their account.
    pub id: UserId,
    /// True for a sales engineer's account.
    pub sales_engineer: bool,
}

/// A staff list's filters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffOrderQuery {
    /// Client or guest orders.
    pub audience: Audience,
    /// Only this status.
    pub status: Option<OrderStatus>,
    /// Only this source.
    pub source: Option<OrderSource>,
    /// Only to this city.
    pub city: Option<CityId>,
    /// Placed on or after this day.
    pub from: Option<NaiveDate>,
    /// Placed on or before this day.
    pub to: Option<NaiveDate>,
    /// An order number, or a name, a phone in any form or a product's name.
    pub search: Option<String>,
    /// Only the orders this sales engineer looks after.
    pub sales_engineer: Option<UserId>,
    /// Only new orders still awaiting their buyer's confirmation.
    pub awaiting_confirmation: bool,
    /// The page.
    pub page: PageRequest,
}

/// How many orders of a list are in each status, each at most [`COUNT_CAP`] (of a search: among
/// its newest [`SEARCH_WINDOW`] matches).
pub type CountsByStatus = Vec<(OrderStatus, u64)>;

/// Lists count each status up to this many, which then reads "this many or more": an exact
/// count of hundreds of thousands of orders would cost more than the page it sits beside.
pub const COUNT_CAP: u64 = 10_000;

/// A search lists at most its newest this many matches and counts them by status: a common
/// name matches tens of thousands of orders, which nobody pages through; narrowing the search
/// (another word, a date, a city) reaches older ones, and the list says when there are more.
pub const SEARCH_WINDOW: usize = 500;

/// A search looks for at most this many words; the rest of a longer text is ignored.
pub const MAX_SEARCH_WORDS: usize = 10;

/// What a staff search looks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderSearch {
    /// The order of this number, in its stored form.
    Number(String),
    /// The orders whose search form (names, phones, products' names) holds each word, in any of
    /// its forms: a phone as it is stored, an Arabic word also with the article (`فلاح` finds
    /// `الفلاح`).
    Words(Vec<Vec<String>>),
}

impl OrderSearch {
    /// Reads a search: an order number, a phone in any form, or words in their search form
    /// (whole words: `محم` does not find `محمد`). Nothing to look for is `None`.
    pub fn read(search: &str) -> Option<OrderSearch> {
        let search = search.trim();
        if let Some(number) = order_number_in(search) {
            return Some(OrderSearch::Number(number));
        }
        if let Some(phone) = Phone::parse(search) {
            return Some(OrderSearch::Words(vec![vec![kernel::search_text::normalize(&phone.to_string())]]));
        }
        let words: Vec<Vec<String>> =
            kernel::search_text::normalize(search).split(' ').filter(|word| !word.is_empty()).take(MAX_SEARCH_WORDS).map(forms).collect();
        (!words.is_empty()).then_some(OrderSearch::Words(words))
    }
}

/// A word and, for an Arabic word without the article, the word with it: names and products
/// are written both ways (`الفلاح`, `فلاح`), and a search for the bare word means both.
fn forms(word: &str) -> Vec<String> {
    let arabic = word.chars().next().is_some_and(|first| ('\u{0621}'..='\u{064A}').contains(&first));
    if arabic && !word.starts_with("ال") { vec![word.to_string(), format!("ال{word}")] } else { vec![word.to_string()] }
}

/// The order number a search names, in its stored form (`ms-2026-123` → `MS-2026-000123`),
/// when it reads as one: `MS`, a year and a number, with or without dashes or spaces.
fn order_number_in(search: &str) -> Option<String> {
    let text = kernel::digits::to_latin_digits(search.trim()).to_uppercase();
    let digits: String = text.strip_prefix("MS")?.chars().filter(|c| !matches!(c, '-' | ' ')).collect();
    if digits.len() < 5 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let (year, id) = digits.split_at(4);
    Some(format!("MS-{year}-{:06}", id.parse::<u64>().ok()?))
}

/// A page of a staff list with its counts per status.
#[derive(Debug, Clone)]
pub struct OrderListing {
    /// The page, newest first.
    pub page: Page<Order>,
    /// The list's orders in each status, whatever status the page shows.
    pub counts: CountsByStatus,
    /// Of the list's new orders, those still awaiting their buyer's confirmation (at most
    /// [`COUNT_CAP`]), whether or not the page shows only those.
    pub awaiting: u64,
    /// True when a search matched more orders than the newest [`SEARCH_WINDOW`] it lists.
    pub more_matches: bool,
}

/// A staff note on an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffNote {
    /// Who wrote it, while their account exists.
    pub author: Option<UserId>,
    /// Their name then.
    pub author_name: Option<String>,
    /// What they wrote.
    pub body: String,
    /// When.
    pub at: DateTime<Utc>,
}

/// An order as staff see it: with its sales engineer and their notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffOrder {
    /// The order.
    pub order: Order,
    /// The sales engineer's name, when there is one.
    pub sales_engineer_name: Option<String>,
    /// Staff notes, oldest first.
    pub notes: Vec<StaffNote>,
    /// What the shop has seen of the order's phone and the band that holds for it; read for
    /// one order's page, not for lists.
    pub phone: Option<PhoneStanding>,
    /// Until when a staff member may undo its last move; none when it cannot be undone.
    /// Worked out for one order's page, not for lists.
    pub undo_until: Option<DateTime<Utc>>,
    /// Everything that happened to it, oldest first; read for one order's page, not for lists.
    pub story: Vec<StoryLine>,
}

/// One line of an order's story as staff read it: what changed, when, and by whose hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoryLine {
    /// When.
    pub at: DateTime<Utc>,
    /// What changed.
    pub change: crate::order::OrderChange,
    /// The name of the person the change names (its doer, or the engineer it was given to),
    /// while their account exists.
    pub name: Option<String>,
    /// What staff said of a move of its status (the courier, the reason for a refusal).
    pub note: Option<String>,
}

/// The orders placed with one phone (this one included), as staff weigh a cash order before
/// sending it: how many, how many were delivered, cancelled, cancelled because nobody
/// confirmed them in time, and refused.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PhoneRecord {
    /// Orders placed with it.
    pub orders: u64,
    /// Of those, delivered.
    pub delivered: u64,
    /// Of those, cancelled.
    pub cancelled: u64,
    /// Of the cancelled, those that cancelled themselves because nobody confirmed them in time.
    pub never_confirmed: u64,
    /// Of the cancelled, those whose parcel was refused.
    pub refused: u64,
    /// Of the cancelled, those its owner said they never placed (someone else used the
    /// number): counted apart, never against the phone.
    pub not_ordered: u64,
}

/// The staff's order use cases over their ports.
pub struct OrderDesk {
    book: Arc<dyn OrderBook>,
    newsroom: Arc<Newsroom>,
    rewards: Arc<dyn Rewards>,
    standings: Arc<PhoneStandings>,
    clock: Arc<dyn Clock>,
    max_attempts: u32,
    shipments: Arc<dyn ShipmentBook>,
    bosta: Option<Arc<dyn Courier>>,
    returns: Arc<dyn ReturnBook>,
    return_days: u32,
    repricing: Repricing,
    undo_within: chrono::TimeDelta,
}

/// What prices an order whose lines staff change: today's prices of products added, the code
/// it holds, its city's cash fee.
pub struct Repricing {
    /// Today's prices and the weight rule.
    pub pricing: Arc<dyn Pricing>,
    /// The shipping cities.
    pub cities: Arc<dyn CityStore>,
    /// The promo codes.
    pub promos: Arc<dyn PromoCodes>,
}

/// The staff's order use cases' ports and settings.
pub struct DeskPorts {
    /// Where orders are kept.
    pub book: Arc<dyn OrderBook>,
    /// Tells people of the orders' changes.
    pub newsroom: Arc<Newsroom>,
    /// The points a delivery earns.
    pub rewards: Arc<dyn Rewards>,
    /// The phones' standings.
    pub standings: Arc<PhoneStandings>,
    /// The time.
    pub clock: Arc<dyn Clock>,
    /// Failed deliveries after which a parcel is taken as refused.
    pub max_attempts: u32,
    /// Where parcels handed to couriers are kept.
    pub shipments: Arc<dyn ShipmentBook>,
    /// Bosta's API, when the shop has an account.
    pub bosta: Option<Arc<dyn Courier>>,
    /// Where returns are kept.
    pub returns: Arc<dyn ReturnBook>,
    /// Days after its delivery an order can be returned.
    pub return_days: u32,
    /// What prices an order whose lines staff change.
    pub repricing: Repricing,
    /// How long after a staff member's move it can be undone.
    pub undo_within: chrono::TimeDelta,
}

impl OrderDesk {
    /// The use cases over their ports.
    pub fn new(ports: DeskPorts) -> OrderDesk {
        let DeskPorts { book, newsroom, rewards, standings, clock, max_attempts, shipments, bosta, returns, return_days, repricing, undo_within } = ports;
        OrderDesk {
            book,
            newsroom,
            rewards,
            standings,
            clock,
            max_attempts: max_attempts.max(1),
            shipments,
            bosta,
            returns,
            return_days,
            repricing,
            undo_within,
        }
    }

    /// A page of the list, newest first, with how many orders of the list's other filters are
    /// in each status (`GET dashboard/orders`, `GET dashboard/guest-orders`).
    pub fn orders(&self, viewer: Viewer, mut query: StaffOrderQuery) -> Result<OrderListing, OrderingError> {
        if let (Some(from), Some(to)) = (query.from, query.to)
            && from > to
        {
            return Err(FieldErrors::single("to", "date_range").into());
        }
        if viewer.sales_engineer && query.audience == Audience::Clients {
            query.sales_engineer = Some(viewer.id);
        }
        Ok(self.book.staff_orders(&query)?)
    }

    /// One order with its notes and its phone's standing; an order of the other audience, or of
    /// a client another sales engineer looks after, is not found.
    pub fn order(&self, viewer: Viewer, audience: Audience, id: OrderId) -> Result<StaffOrder, OrderingError> {
        self.completed(self.visible(viewer, audience, id)?)
    }

    /// One order, client's or guest's, as a staff member who may see every order sees it: for
    /// the shop's own readers (the webhooks' events carry it).
    pub fn any_order(&self, id: OrderId) -> Result<StaffOrder, OrderingError> {
        self.completed(self.book.staff_order(id)?.ok_or(OrderingError::NotFound)?)
    }

    /// An order with its phone's standing and how long its last move may be undone.
    fn completed(&self, mut found: StaffOrder) -> Result<StaffOrder, OrderingError> {
        found.phone = Some(self.standings.standing(&found.order.placed.customer_phone)?);
        found.undo_until = self.undoable(&found.order).ok().map(|(_, until)| until);
        Ok(found)
    }

    /// One order with its notes, if the viewer may see it.
    fn visible(&self, viewer: Viewer, audience: Audience, id: OrderId) -> Result<StaffOrder, OrderingError> {
        let found = self.book.staff_order(id)?.ok_or(OrderingError::NotFound)?;
        let order = &found.order;
        let audience_is = if order.placed.user.is_some() { Audience::Clients } else { Audience::Guests };
        if audience_is != audience || (viewer.sales_engineer && audience == Audience::Clients && order.sales_engineer != Some(viewer.id)) {
            return Err(OrderingError::NotFound);
        }
        Ok(found)
    }

    /// Moves an order along the state machine (`POST …/{id}/status`): anything else is refused;
    /// asking for the status it already has changes nothing and tells nobody again. Cancelling
    /// gives back the stock and the promo code's use in the same transaction, after calling off
    /// a courier company's booking the courier has not picked up; delivering grants the
    /// client's points in it.
    pub fn change_status(&self, viewer: Viewer, audience: Audience, id: OrderId, to: OrderStatus, note: Option<String>) -> Result<StaffOrder, OrderingError> {
        let note = checked_note(note)?;
        let current = self.visible(viewer, audience, id)?;
        if current.order.status == to {
            return self.order(viewer, audience, id);
        }
        let from = current.order.status;
        let at = self.clock.now();
        let change = StatusMove::decide(from, to, Some(viewer.id), note, at).ok_or(OrderingError::NotAllowed { from, to })?;
        let change = change.granting(self.grant(&current.order, to, at)?);
        if to == OrderStatus::Cancelled {
            self.call_off_booking(&current.order)?;
        }
        if !self.book.change_status(id, &change)? {
            // A parallel request moved it first: the same move is done, another is refused.
            let now = self.order(viewer, audience, id)?;
            if now.order.status != to {
                return Err(OrderingError::NotAllowed { from: now.order.status, to });
            }
            return Ok(now);
        }
        self.newsroom.tell_after_change();
        self.order(viewer, audience, id)
    }

    /// A staff member confirms an order after speaking to its buyer
    /// (`POST …/{id}/confirm`): by a call or on WhatsApp, kept with who and when. An order
    /// already confirmed, or no longer new, is refused (`not_awaiting_confirmation`).
    pub fn confirm(&self, viewer: Viewer, audience: Audience, id: OrderId, via: ConfirmedVia) -> Result<StaffOrder, OrderingError> {
        if !via.by_staff() {
            return Err(FieldErrors::single("via", "choice_invalid").into());
        }
        let current = self.visible(viewer, audience, id)?;
        let confirmation = Confirmation { at: self.clock.now(), by: Some(viewer.id), via };
        if !current.order.awaiting_confirmation() || !self.book.confirm(id, &confirmation)? {
            return Err(lines::not_awaiting());
        }
        self.order(viewer, audience, id)
    }

    /// The buyer refused the parcel at the door (`POST …/{id}/refusal`): the order, which must
    /// be on delivery, is cancelled as refused with the reason; its stock and promo code's use
    /// come back and it earns no points. Two refusals at once give them back once: the second
    /// finds the order refused already and answers with it.
    pub fn refuse(&self, viewer: Viewer, audience: Audience, id: OrderId, reason: String) -> Result<StaffOrder, OrderingError> {
        let reason = checked_reason(&reason)?;
        let current = self.visible(viewer, audience, id)?;
        if current.order.cancelled_as == Some(CancelCause::Refused) {
            return self.order(viewer, audience, id);
        }
        let from = current.order.status;
        let refusal =
            StatusMove::refusal(from, Some(viewer.id), reason, self.clock.now()).ok_or(OrderingError::NotAllowed { from, to: OrderStatus::Cancelled })?;
        if !self.book.change_status(id, &refusal)? {
            return self.refused_meanwhile(viewer, audience, id);
        }
        self.newsroom.tell_after_change();
        self.order(viewer, audience, id)
    }

    /// The courier could not hand the parcel over (`POST …/{id}/delivery-attempts`): the
    /// attempt is kept with its reason and the buyer asked by SMS to set the address or the
    /// time; the last attempt allowed cancels the order as refused instead. The same report
    /// sent twice (at once, or again within a minute with the same reason) is kept once.
    pub fn fail_delivery(&self, viewer: Viewer, audience: Audience, id: OrderId, reason: String) -> Result<StaffOrder, OrderingError> {
        let reason = checked_reason(&reason)?;
        let current = self.visible(viewer, audience, id)?;
        let from = current.order.status;
        if from != OrderStatus::OnDelivery {
            return Err(FieldErrors::single("order", "not_on_delivery").into());
        }
        let at = self.clock.now();
        // A double tap sends the same report twice, the second after the first is kept.
        if current.order.failed_attempts.last().is_some_and(|last| last.reason == reason && at - last.at < SAME_REPORT_WITHIN) {
            return self.order(viewer, audience, id);
        }
        if self.record_attempt(&current.order, reason, Some(viewer.id), at)? {
            self.newsroom.tell_after_change();
        }
        self.order(viewer, audience, id)
    }

    /// Keeps the order's next failed attempt, which cancels it as refused when it is the last
    /// allowed; false when a parallel report of the same attempt was kept first.
    fn record_attempt(&self, order: &Order, reason: String, by: Option<UserId>, at: DateTime<Utc>) -> Result<bool, OrderingError> {
        let attempt = FailedAttempt { attempt: next_attempt(order), reason, by, at };
        let refusal = (attempt.attempt >= self.max_attempts).then(|| StatusMove::refusal(order.status, by, attempt.reason.clone(), at)).flatten();
        Ok(self.book.fail_delivery(order.id, &attempt, refusal)?)
    }

    /// The order after a refusal lost the race to another change: refused already is the same
    /// move done; anything else is refused.
    fn refused_meanwhile(&self, viewer: Viewer, audience: Audience, id: OrderId) -> Result<StaffOrder, OrderingError> {
        let now = self.order(viewer, audience, id)?;
        if now.order.cancelled_as != Some(CancelCause::Refused) {
            return Err(OrderingError::NotAllowed { from: now.order.status, to: OrderStatus::Cancelled });
        }
        Ok(now)
    }

    /// The points a client's order earns when it is delivered: none for a guest's order or
    /// another move.
    fn grant(&self, order: &Order, to: OrderStatus, at: DateTime<Utc>) -> Result<Option<PointsGrant>, OrderingError> {
        let (OrderStatus::Delivered, Some(user)) = (to, order.placed.user) else { return Ok(None) };
        let Some(earned) = self.rewards.earned_for(order.placed.totals.subtotal, at)? else { return Ok(None) };
        Ok(Some(PointsGrant { user, points: earned.points, expires_at: earned.expires_at, note: order.number.clone() }))
    }

    /// Keeps a staff note on an order, with who wrote it and when (`POST …/{id}/notes`).
    pub fn add_note(&self, viewer: Viewer, audience: Audience, id: OrderId, body: &str) -> Result<StaffOrder, OrderingError> {
        let body = checked_note(Some(body.to_string()))?.ok_or_else(|| FieldErrors::single("note", "required"))?;
        self.visible(viewer, audience, id)?;
        self.book.add_note(id, viewer.id, &body, self.clock.now())?;
        self.order(viewer, audience, id)
    }

    /// Puts an order, and its client's later orders, in a sales engineer's care
    /// (`POST dashboard/orders/{id}/sales-engineer`).
    pub fn assign_sales_engineer(&self, viewer: Viewer, id: OrderId, engineer: UserId) -> Result<StaffOrder, OrderingError> {
        self.visible(viewer, Audience::Clients, id)?;
        match self.book.assign_sales_engineer(id, engineer, self.clock.now())? {
            Assignment::Done => self.order(viewer, Audience::Clients, id),
            Assignment::NoSuchEngineer => Err(FieldErrors::single("sales_engineer_id", "sales_engineer_unknown").into()),
            Assignment::NoSuchOrder => Err(OrderingError::NotFound),
        }
    }
}

/// The number of the order's next delivery attempt, from 1.
fn next_attempt(order: &Order) -> u32 {
    u32::try_from(order.failed_attempts.len()).unwrap_or(u32::MAX).saturating_add(1)
}

/// Why a parcel was refused or not delivered, trimmed: it must be given, within [`MAX_NOTE`].
fn checked_reason(reason: &str) -> Result<String, OrderingError> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(FieldErrors::single("reason", "required").into());
    }
    if reason.chars().count() > MAX_NOTE {
        return Err(FieldErrors::single("reason", "too_long").into());
    }
    Ok(reason.to_string())
}

/// The note trimmed, none when blank; too long is refused.
fn checked_note(note: Option<String>) -> Result<Option<String>, OrderingError> {
    let note = note.map(|note| note.trim().to_string()).filter(|note| !note.is_empty());
    if note.as_ref().is_some_and(|note| note.chars().count() > MAX_NOTE) {
        return Err(FieldErrors::single("note", "too_long").into());
    }
    Ok(note)
}

#[cfg(test)]
mod tests;
