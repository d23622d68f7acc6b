//! Answer shapes many resources share.

use serde::Serialize;
use utoipa::ToSchema;

/// An answer with a message only.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    /// What happened, in the request's language.
    pub message: String,
}
