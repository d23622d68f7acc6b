//! What can go wrong with loyalty calls.

use kernel::{FieldErrors, KeptRefusal};

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
    /// The `Idempotency-Key` came before with another request.
    #[error("idempotency key reused with another request")]
    KeyReused,
    /// The `Idempotency-Key`'s first request was refused; this is that answer, again.
    #[error("the key's first request was refused with {}", .0.status)]
    Refused(KeptRefusal),
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
    /// `Idempotency-Key`: broken fields and too few points. A reused key or a failing store is
    /// no answer to the request.
    pub fn is_kept(&self) -> bool {
        matches!(self, LoyaltyError::Invalid(_) | LoyaltyError::InsufficientPoints { .. })
    }
}
