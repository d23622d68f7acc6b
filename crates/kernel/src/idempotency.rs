//! `Idempotency-Key`s (design §5): a request that changes something costly (an order, a points
//! exchange, an SMS to every client) may name itself, so that a repeat of it gets its first
//! answer again instead of doing it twice.
//!
//! The answer is written by the HTTP edge and kept here unread: what it says (a status, a
//! body) is the edge's business. What the request makes and its answer under the key commit in
//! one transaction ([`Keyed`]), so a key never names a thing that was not made, nor a thing
//! without its answer.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::Clock;

/// How long a key's first answer is kept; an older key is forgotten, and may be used again.
pub const IDEMPOTENCY_KEY_LIFETIME: chrono::TimeDelta = chrono::TimeDelta::hours(24);

/// A caller's `Idempotency-Key` with a fingerprint of the request it came with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey {
    /// Whose key, and for what: the account, or a guest's phone.
    pub caller: String,
    /// The key as sent.
    pub key: String,
    /// A digest of the request body: the same key with another body is refused.
    pub fingerprint: String,
}

/// The first answer a keyed request got, as the edge wrote it down; given back as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptAnswer(pub String);

/// What a key already holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Earlier {
    /// The answer of the request that came first with the key.
    Answered(KeptAnswer),
    /// The key came first with another request.
    KeyReused,
}

/// A request's key with the way the edge answers what the request made: the store writes that
/// answer under the key in the transaction that makes the thing, so both commit or neither.
pub struct Keyed<T> {
    /// The key.
    pub key: IdempotencyKey,
    /// The answer to keep for what the request made.
    pub answer: Box<dyn Fn(&T) -> KeptAnswer + Send + Sync>,
}

impl<T> Keyed<T> {
    /// The answer to keep for `made`.
    pub fn answer(&self, made: &T) -> KeptAnswer {
        (self.answer)(made)
    }
}

impl<T> std::fmt::Debug for Keyed<T> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("Keyed").field("key", &self.key).finish_non_exhaustive()
    }
}

/// Where keys and their answers are kept (one table every keyed request shares).
pub trait KeptAnswers: Send + Sync {
    /// What the key holds, if it was used at or after `since`.
    fn earlier(&self, key: &IdempotencyKey, since: DateTime<Utc>) -> anyhow::Result<Option<Earlier>>;
    /// Keeps `answer` under the key unless the key holds a fresh one already (that first
    /// answer stays); a row of the key older than its lifetime is forgotten first.
    fn keep(&self, key: &IdempotencyKey, answer: &KeptAnswer, at: DateTime<Utc>) -> anyhow::Result<()>;
}

/// Looks up and keeps the answers of keyed requests, on the shop's clock.
pub struct Idempotency {
    answers: Arc<dyn KeptAnswers>,
    clock: Arc<dyn Clock>,
}

impl Idempotency {
    /// Keys kept in `answers`, aged by `clock`.
    pub fn new(answers: Arc<dyn KeptAnswers>, clock: Arc<dyn Clock>) -> Self {
        Self { answers, clock }
    }

    /// What the key holds within its lifetime.
    pub fn earlier(&self, key: &IdempotencyKey) -> anyhow::Result<Option<Earlier>> {
        self.answers.earlier(key, self.clock.now() - IDEMPOTENCY_KEY_LIFETIME)
    }

    /// Keeps the answer a request that made nothing got (a refusal), so a repeat gets it too.
    pub fn keep(&self, key: &IdempotencyKey, answer: &KeptAnswer) -> anyhow::Result<()> {
        self.answers.keep(key, answer, self.clock.now())
    }
}
