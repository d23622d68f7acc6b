//! What the shop tells people about an order (design §5): a notification in the app for the
//! buyer and for the staff who watch orders, and an SMS to the order's phone. The news of a
//! change is written in the same transaction as the change, so neither is ever kept without
//! the other; the SMS then waits in a queue until it is sent.

use chrono::{DateTime, Utc};
use kernel::{Localized, OrderId, Phone, UserId};

use crate::order::{OrderSource, OrderStatus};

/// What happened to an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderEvent {
    /// It was placed.
    Placed,
    /// Its status changed to this one.
    Became(OrderStatus),
}

/// An order as its news names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderHeadline {
    /// Its id, for links.
    pub id: OrderId,
    /// Its human number.
    pub number: String,
    /// The client's account; none for a guest.
    pub user: Option<UserId>,
    /// How it came in.
    pub source: OrderSource,
    /// The phone the SMS goes to.
    pub phone: Phone,
    /// The language it was placed in, which its SMS is worded in.
    pub locale: kernel::Locale,
    /// The sales engineer who looks after it.
    pub sales_engineer: Option<UserId>,
}

/// A notification in the app, worded in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// Its title.
    pub title: Localized<String>,
    /// Its text.
    pub body: Localized<String>,
    /// Where tapping it leads, a path of the site.
    pub link: String,
}

/// Who else hears of an order: the staff watching orders of its kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffNotice {
    /// The notification each of them gets.
    pub notice: Notice,
    /// The permission they must hold (`order-list` or `guest-order-list`).
    pub permission: &'static str,
    /// A sales engineer is told only of the orders they look after: this one's, if any.
    pub sales_engineer: Option<UserId>,
}

/// A text message to a phone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextMessage {
    /// The phone.
    pub to: Phone,
    /// The text, in the order's language.
    pub body: String,
}

/// Everything one event of an order tells people.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrderNews {
    /// For the buyer's account; none for a guest.
    pub buyer: Option<(UserId, Notice)>,
    /// For the staff.
    pub staff: Option<StaffNotice>,
    /// By SMS.
    pub texts: Vec<TextMessage>,
}

/// Words the news of an order's events (the notification fan-out; an adapter words it).
#[cfg_attr(test, mockall::automock)]
pub trait OrderHerald: Send + Sync {
    /// The news of `event` for `order`.
    fn news(&self, order: &OrderHeadline, event: OrderEvent) -> OrderNews;
    /// The client's notification of the points `order` earned them.
    fn points_earned(&self, order: &OrderHeadline, points: i64) -> Notice;
}

/// A notification as its owner reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notification {
    /// Its id.
    pub id: i64,
    /// What it says.
    pub notice: Notice,
    /// When it was written.
    pub created_at: DateTime<Utc>,
    /// When its owner read it; none while unread.
    pub read_at: Option<DateTime<Utc>>,
}

/// How a queued message travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "lowercase")]
pub enum MessageChannel {
    /// A text message.
    Sms,
    /// An e-mail.
    Email,
}

/// A message waiting in the queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedMessage {
    /// Its id.
    pub id: i64,
    /// SMS or e-mail.
    pub channel: MessageChannel,
    /// The phone (international form) or the e-mail address.
    pub to: String,
    /// The e-mail's subject.
    pub subject: Option<String>,
    /// The text.
    pub body: String,
    /// How many times sending it failed.
    pub attempts: u32,
}

/// The messages written with the changes they announce, waiting to be sent.
#[cfg_attr(test, mockall::automock)]
pub trait MessageQueue: Send + Sync {
    /// Up to `limit` messages due at `now`, each claimed until `lease_until` so that another
    /// node's sender skips them meanwhile.
    fn claim_due(&self, now: DateTime<Utc>, lease_until: DateTime<Utc>, limit: usize) -> anyhow::Result<Vec<QueuedMessage>>;
    /// These messages went out.
    fn sent(&self, ids: &[i64], at: DateTime<Utc>) -> anyhow::Result<()>;
    /// Sending it failed; it is tried again at `retry_at`.
    fn failed(&self, id: i64, retry_at: DateTime<Utc>, error: &str) -> anyhow::Result<()>;
}
