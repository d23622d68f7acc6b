//! What can go wrong with loyalty calls.

use kernel::FieldErrors;

/// Why a loyalty call was refused.
#[derive(Debug, thiserror::Error)]
pub enum LoyaltyError {
    /// Fields broke rules; nothing was written.
    #[error("invalid input: {0:?}")]
    Invalid(FieldErrors),
    /// No such rule or client.
    #[error("not found")]
    NotFound,
    /// The client holds fewer points than the exchange costs (spec §5's message).
    #[error("insufficient points: {balance}")]
    InsufficientPoints {
        /// What they hold.
        balance: i64,
    },
    /// Taking these points would leave the client below zero.
    #[error("the client holds only {balance} points")]
    BelowZero {
        /// What they hold.
        balance: i64,
    },
    /// A parallel request with the same `Idempotency-Key` took the key first; nothing was
    /// written, and that request's answer is this one's.
    #[error("idempotency key taken by a parallel request")]
    KeyTaken,
    /// The store failed.
    #[error(transparent)]
    Storage(#[from] anyhow::Error),
}

impl From<FieldErrors> for LoyaltyError {
    fn from(errors: FieldErrors) -> Self {
        LoyaltyError::Invalid(errors)
    }
}

impl LoyaltyError {
    /// Whether this refusal answers the request itself and is kept under its
    /// `Idempotency-Key`: broken fields and too few points. A key taken by another request or a
    /// failing store is no answer to the request.
    pub fn is_kept(&self) -> bool {
        matches!(self, LoyaltyError::Invalid(_) | LoyaltyError::InsufficientPoints { .. })
    }
}
