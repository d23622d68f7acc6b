//! What can go wrong with ordering calls.

use kernel::FieldErrors;

/// Why an ordering call was refused.
#[derive(Debug, thiserror::Error)]
pub enum OrderingError {
    /// Fields broke rules; nothing was written.
    #[error("invalid input: {0:?}")]
    Invalid(FieldErrors),
    /// No such city, or no such address of this buyer.
    #[error("not found")]
    NotFound,
    /// The store failed.
    #[error(transparent)]
    Storage(#[from] anyhow::Error),
}

impl From<FieldErrors> for OrderingError {
    fn from(errors: FieldErrors) -> Self {
        OrderingError::Invalid(errors)
    }
}
