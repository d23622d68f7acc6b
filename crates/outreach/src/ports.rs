//! What outreach needs from the rest of the shop.

use chrono::{DateTime, Utc};
use kernel::{Keyed, Locale, Page, PageRequest, UserId};

use crate::broadcast::{Audience, Broadcast, Delivery, NewBroadcast, Queued, Recipient, RecipientStatus};

/// The broadcasts, their recipients, and the clients' consent.
#[cfg_attr(test, mockall::automock)]
pub trait Broadcasts: Send + Sync {
    /// The clients an audience reaches now, and those of it who opted out.
    fn audience_size(&self, audience: Audience) -> anyhow::Result<(u64, u64)>;
    /// In one step, one creation at a time: without a key, the same message to the same
    /// audience made since `repeat_since`; else the broadcast stored with a recipient row for
    /// each client of the audience now (those who opted out as skipped), each due at `at`, and
    /// the key with the broadcast's answer (`KeyTaken` when a parallel request holds the key).
    #[allow(clippy::needless_lifetimes)] // mockall needs the lifetime named
    fn create<'a>(&self, broadcast: &NewBroadcast, key: Option<&'a Keyed<Broadcast>>, at: DateTime<Utc>, repeat_since: DateTime<Utc>)
    -> anyhow::Result<Queued>;
    /// One broadcast with its counts.
    fn broadcast(&self, id: i64) -> anyhow::Result<Option<Broadcast>>;
    /// The broadcasts, newest first.
    fn broadcasts(&self, page: PageRequest) -> anyhow::Result<Page<Broadcast>>;
    /// A broadcast's recipients, in order; only those in `status` when given.
    fn recipients(&self, id: i64, status: Option<RecipientStatus>, page: PageRequest) -> anyhow::Result<Page<Recipient>>;
    /// Up to `limit` recipients due at `now`, each marked as being sent until `lease_until`
    /// (another node's sender skips them), with their try counted.
    fn claim_due(&self, now: DateTime<Utc>, lease_until: DateTime<Utc>, limit: usize) -> anyhow::Result<Vec<Delivery>>;
    /// The gateway took these.
    fn sent(&self, ids: &[i64], at: DateTime<Utc>) -> anyhow::Result<()>;
    /// Sending one failed: it is due again at `retry_at`, or failed for good with none.
    #[allow(clippy::needless_lifetimes)] // mockall needs the lifetime named
    fn failed<'a>(&self, id: i64, retry_at: Option<DateTime<Utc>>, error: &'a str) -> anyhow::Result<()>;
    /// Recipients still marked as being sent whose lease ended (their sender stopped mid-way):
    /// failed, never sent again, as nobody knows whether the gateway took them. How many.
    fn abandon_stale(&self, now: DateTime<Utc>) -> anyhow::Result<usize>;
    /// Whether the client takes marketing SMS.
    fn consent(&self, user: UserId) -> anyhow::Result<bool>;
    /// Records the client's choice, with when they opted out.
    fn set_consent(&self, user: UserId, consent: bool, at: DateTime<Utc>) -> anyhow::Result<bool>;
}

/// Sends one text message (the HTTP gateway, or the outbox in development).
#[cfg_attr(test, mockall::automock)]
pub trait TextGateway: Send + Sync {
    /// Sends `body` to `phone` (international form), or says why it could not.
    fn send(&self, phone: &str, body: &str) -> anyhow::Result<()>;
}

/// The short links clients opt out by.
#[cfg_attr(test, mockall::automock)]
pub trait OptOutLinks: Send + Sync {
    /// The client's own link.
    fn link(&self, user: UserId) -> String;
    /// The client a link's token names, when it is genuine.
    fn user_of(&self, token: &str) -> Option<UserId>;
    /// The longest a link is, for the previews' part counts.
    fn longest(&self) -> usize;
    /// The opt-out line around `link` in a language: the shop's wording, not the domain's.
    fn line(&self, locale: Locale, link: &str) -> String;
}
