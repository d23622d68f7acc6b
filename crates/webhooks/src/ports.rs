//! What the webhooks need from the world: the store of endpoints, events and deliveries; the
//! sender; and the entities as the API shows them.

use chrono::{DateTime, Duration, Utc};

use crate::endpoint::{Endpoint, EventKind};
use crate::reach::{Audience, Maker, Subscription};
use crate::schedule::Verdict;

/// A change of the order spine not yet published to the webhooks.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderChangeToSend {
    /// Its place on the spine.
    pub seq: i64,
    /// Its id, which becomes the event's.
    pub id: String,
    /// The order.
    pub order: i64,
    /// The order's version after the change.
    pub version: i32,
    /// The spine's kind (`order.move_undone`…).
    pub kind: String,
    /// What the spine keeps of the change.
    pub change: serde_json::Value,
    /// When it happened.
    pub occurred_at: DateTime<Utc>,
}

/// A change of the spine as published: its place, and its event when an endpoint takes it.
#[derive(Debug, Clone, PartialEq)]
pub struct PublishedChange {
    /// Its place on the spine.
    pub seq: i64,
    /// Its event and the endpoints it is delivered to; none when no endpoint takes the change.
    pub event: Option<(OutgoingEvent, Vec<i64>)>,
}

/// An entity that changed since the webhooks last saw it (a product's stock, a new client…).
#[derive(Debug, Clone, PartialEq)]
pub struct WatchedChange {
    /// The product's, order's or client's id.
    pub entity: i64,
    /// What the webhooks see of it now, to compare with next time.
    pub seen: String,
    /// The version the event carries: one more than the entity's last event of the kind.
    pub version: i32,
    /// Whether it is only a first sight, taken without an event (a watch started before the
    /// entity's last edit was known).
    pub first_sight: bool,
}

/// An event as it is sent: its id, kind and whole body.
#[derive(Debug, Clone, PartialEq)]
pub struct OutgoingEvent {
    /// Its id (`webhook-id`), the same for every attempt, resend and replay.
    pub id: String,
    /// Its kind as sent (`order.created`, `webhook.test`).
    pub kind: String,
    /// The JSON body.
    pub body: String,
    /// When it happened.
    pub occurred_at: DateTime<Utc>,
    /// Who may read it: a replay sends it only to endpoints whose makers may.
    pub audience: Audience,
}

/// An endpoint's due deliveries, claimed by this node for a while.
#[derive(Debug, Clone, PartialEq)]
pub struct Claim {
    /// The endpoint.
    pub endpoint: i64,
    /// Where to POST.
    pub url: String,
    /// The secrets to sign with: the current one, and the previous one during a rotation.
    pub secrets: Vec<String>,
    /// Failed attempts since its last success.
    pub failures_in_row: u32,
    /// Its last success, or when it was added.
    pub since: DateTime<Utc>,
    /// The deliveries due, oldest event first.
    pub deliveries: Vec<Due>,
}

/// A delivery due now.
#[derive(Debug, Clone, PartialEq)]
pub struct Due {
    /// Its id.
    pub id: i64,
    /// The event's id.
    pub event_id: String,
    /// The event's body.
    pub body: String,
    /// Attempts made so far.
    pub attempts: u32,
}

/// One attempt and what follows it.
#[derive(Debug, Clone, PartialEq)]
pub struct AttemptRecord {
    /// The delivery.
    pub delivery: i64,
    /// Its endpoint.
    pub endpoint: i64,
    /// When it was made.
    pub at: DateTime<Utc>,
    /// The receiver's status, if it answered.
    pub status: Option<u16>,
    /// What the answer means.
    pub verdict: Verdict,
    /// What the receiver said (at most 1 KB, redacted) or why nothing was heard.
    pub response: String,
    /// How long it took.
    pub duration_ms: u32,
    /// When to try again, for a retry with tries left.
    pub retry_at: Option<DateTime<Utc>>,
}

/// A delivery as the log shows it, with its attempts newest first.
#[derive(Debug, Clone, PartialEq)]
pub struct DeliveryLog {
    /// Its id.
    pub id: i64,
    /// The event's id.
    pub event_id: String,
    /// The event's kind.
    pub kind: String,
    /// `pending`, `sent` or `failed`.
    pub state: String,
    /// When it is tried next, while pending.
    pub next_attempt_at: Option<DateTime<Utc>>,
    /// Its attempts.
    pub attempts: Vec<AttemptLog>,
}

/// One attempt as the log shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct AttemptLog {
    /// When.
    pub at: DateTime<Utc>,
    /// The receiver's status, if it answered.
    pub status: Option<u16>,
    /// `delivered`, `retry`, `failed` or `gone`.
    pub outcome: String,
    /// What the receiver said, or why nothing was heard.
    pub response: String,
    /// How long it took.
    pub duration_ms: u32,
}

/// Endpoints, events and deliveries, stored.
#[cfg_attr(test, mockall::automock)]
pub trait WebhookStore: Send + Sync {
    /// Every endpoint.
    fn endpoints(&self) -> anyhow::Result<Vec<Endpoint>>;
    /// One endpoint.
    fn endpoint(&self, id: i64) -> anyhow::Result<Option<Endpoint>>;
    /// Every endpoint with its maker as they are now.
    fn subscriptions(&self) -> anyhow::Result<Vec<Subscription>>;
    /// Adds an endpoint with its secret, made by `maker`.
    fn add_endpoint(&self, url: &str, events: &[EventKind], active: bool, secret: &str, at: DateTime<Utc>, maker: &Maker) -> anyhow::Result<Endpoint>;
    /// Changes an endpoint, whose maker `maker` becomes, ending its pause; making it active
    /// again clears why it was disabled and its failures.
    fn update_endpoint(&self, id: i64, url: &str, events: &[EventKind], active: bool, maker: &Maker) -> anyhow::Result<Option<Endpoint>>;
    /// Removes an endpoint and its deliveries.
    fn delete_endpoint(&self, id: i64) -> anyhow::Result<bool>;
    /// Gives an endpoint a new secret; the current one signs too until `previous_until`.
    fn rotate_secret(&self, id: i64, secret: &str, previous_until: DateTime<Utc>) -> anyhow::Result<bool>;
    /// The spine's changes after the webhooks' cursor, at most `limit`, stopping before a gap
    /// younger than the spine's wait (a transaction still running).
    fn unsent_order_changes(&self, limit: usize, now: DateTime<Utc>) -> anyhow::Result<Vec<OrderChangeToSend>>;
    /// Whether any endpoint, active or not, takes this kind (a disabled one may replay it).
    fn anyone_takes(&self, kind: EventKind) -> anyhow::Result<bool>;
    /// Moves the webhooks' cursor over a run of changes, first to last, and stores each of
    /// their events with a delivery to each of its endpoints, in one transaction; false when
    /// another node moved the cursor past the first one first.
    fn publish(&self, changes: &[PublishedChange]) -> anyhow::Result<bool>;
    /// The entities whose watched side changed since last seen, at most `limit`; for a stock,
    /// only those whose last event is a minute old.
    fn watched_changes(&self, kind: EventKind, limit: usize, now: DateTime<Utc>) -> anyhow::Result<Vec<WatchedChange>>;
    /// Records the new sight of an entity and, with an event, stores it with a delivery to each
    /// of its endpoints, in one transaction.
    fn publish_watched(&self, kind: EventKind, change: &WatchedChange, event: Option<(OutgoingEvent, Vec<i64>)>, at: DateTime<Utc>) -> anyhow::Result<()>;
    /// Stores an event for one endpoint alone (a test event).
    fn publish_to(&self, endpoint: i64, event: OutgoingEvent) -> anyhow::Result<bool>;
    /// Claims up to `endpoints` active endpoints no other node holds, made by a person and not
    /// paused as stored, that have deliveries due,
    /// each with up to `per_endpoint` of them, for `lease`.
    fn claim(&self, now: DateTime<Utc>, endpoints: usize, per_endpoint: usize, lease: Duration) -> anyhow::Result<Vec<Claim>>;
    /// Writes an attempt and what follows it (the delivery's state, the endpoint's failures).
    fn record(&self, attempt: &AttemptRecord) -> anyhow::Result<()>;
    /// Lets go of an endpoint; with a reason, disables it and tells the staff who look after
    /// integrations in the bell.
    fn release(&self, endpoint: i64, disable: Option<&'static str>, at: DateTime<Utc>) -> anyhow::Result<()>;
    /// An endpoint's latest deliveries.
    fn deliveries(&self, endpoint: i64, limit: usize) -> anyhow::Result<Vec<DeliveryLog>>;
    /// Makes a delivery of the endpoint due again now.
    fn resend(&self, endpoint: i64, delivery: i64, at: DateTime<Utc>) -> anyhow::Result<bool>;
    /// The stored events since `since` of the kinds the endpoint takes (at most 10,000), each
    /// with its place and who may read it.
    fn events_since(&self, endpoint: i64, since: DateTime<Utc>) -> anyhow::Result<Vec<(i64, Audience)>>;
    /// Makes these stored events due to the endpoint again (a new delivery where it had none).
    fn redeliver(&self, endpoint: i64, events: &[i64], at: DateTime<Utc>) -> anyhow::Result<()>;
}

/// What a receiver answered.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// Its status; `None` when it did not answer (timeout, refused connection, an address the
    /// guard refused).
    pub status: Option<u16>,
    /// The start of what it said (at most 1 KB, redacted), or, when it did not answer, the
    /// [`Silence`] that says why (`timed_out`), which the dashboard words in the staff's language.
    pub excerpt: String,
}

/// Why a receiver said nothing, as staff are told it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "snake_case")]
pub enum Silence {
    /// Nothing listens at the address (connection refused).
    Refused,
    /// It did not answer in time.
    TimedOut,
    /// Its host name does not resolve.
    NameUnknown,
    /// Its address is inside the shop's own network, where webhooks are not sent.
    InsideNetwork,
    /// The secure connection failed (a certificate, a protocol).
    Tls,
    /// Anything else; the server's log has the detail.
    Other,
}

/// Sends events over HTTP, guarding the shop's own network.
#[cfg_attr(test, mockall::automock)]
pub trait Receiver: Send + Sync {
    /// POSTs a body with headers, without following redirects, within 10 seconds; a host
    /// inside the shop's network (unless allowed) is not connected to and answers nothing.
    fn post(&self, url: &str, headers: &[(String, String)], body: &str) -> Answer;
    /// Why the URL's host cannot be sent to now (`url_forbidden` for an address inside the
    /// shop's network, `url_unresolved` for a name that does not resolve), if it cannot.
    fn refusal(&self, url: &str) -> Option<&'static str>;
}

/// The entities as the dashboard's API answers them, in English.
#[cfg_attr(test, mockall::automock)]
pub trait Shapes: Send + Sync {
    /// The order's JSON as `GET /api/dashboard/orders/{id}` (or guest-orders) answers its
    /// `data`, and who may read it; `None` when it is gone.
    fn order(&self, id: i64) -> anyhow::Result<Option<(serde_json::Value, Audience)>>;
    /// The product's as `GET /api/dashboard/products/{id}` answers it.
    fn product(&self, id: i64) -> anyhow::Result<Option<serde_json::Value>>;
    /// The client's as `GET /api/dashboard/users/{id}` answers it, and who may read it.
    fn client(&self, id: i64) -> anyhow::Result<Option<(serde_json::Value, Audience)>>;
}
