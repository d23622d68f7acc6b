//! What can go wrong in identity use cases.

use kernel::FieldErrors;

/// The failure of an identity use case.
#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    /// The input broke field rules (unknown credentials and wrong codes are reported this way
    /// too, on the field concerned).
    #[error("invalid input: {0:?}")]
    Invalid(FieldErrors),
    /// No valid session: the token is missing, malformed, expired, revoked or used up.
    #[error("not signed in")]
    Unauthenticated,
    /// The user lacks the permission the action needs.
    #[error("permission denied")]
    Forbidden,
    /// No such person, group or role (or not one the caller looks after).
    #[error("not found")]
    NotFound,
    /// The account was blocked by staff.
    #[error("account blocked")]
    Blocked,
    /// The account is verified already, so there is nothing to verify.
    #[error("already verified")]
    AlreadyVerified,
    /// Too many attempts; the caller may retry after this many seconds.
    #[error("too many attempts, retry in {retry_after}s")]
    TooManyAttempts {
        /// Seconds until a new attempt is allowed.
        retry_after: u64,
    },
    /// A port failed (database, message gateway, Google keys).
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

impl IdentityError {
    /// One rule broken on one field.
    pub fn field(field: &str, rule: &'static str) -> IdentityError {
        IdentityError::Invalid(FieldErrors::single(field, rule))
    }
}
