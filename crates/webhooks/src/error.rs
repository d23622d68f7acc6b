//! What can go wrong in the webhooks' use cases.

use kernel::FieldErrors;

/// The failure of a webhooks use case.
#[derive(Debug, thiserror::Error)]
pub enum WebhookError {
    /// The input broke field rules (a URL that is not https, one inside the shop's network).
    #[error("invalid input: {0:?}")]
    Invalid(FieldErrors),
    /// Endpoints are saved, rotated and removed by a signed-in person, never by an API key.
    #[error("an endpoint is changed by a signed-in person")]
    PersonOnly,
    /// No such endpoint or delivery.
    #[error("not found")]
    NotFound,
    /// A port failed.
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}
