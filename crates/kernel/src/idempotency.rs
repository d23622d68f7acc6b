//! `Idempotency-Key`s (design §5): a request that changes something costly (an order, a points
//! exchange) may name itself, so that a repeat of it gets its first answer again instead of
//! doing it twice.

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

/// The answer a refused request got, kept under its key so that a repeat gets it again (the
/// first answer for a key, 2xx or 4xx, is kept).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptRefusal {
    /// The HTTP status it was answered with.
    pub status: u16,
    /// The body it was answered with.
    pub body: String,
}
