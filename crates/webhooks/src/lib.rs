//! Webhooks: the shop's events sent to the endpoints integrators register, signed as the
//! Standard Webhooks specification says, at least once and in each endpoint's order, retried
//! over about a day, with dead endpoints disabled, deliveries resent and missed events
//! replayed, and never to the shop's own network.

pub mod address;
pub mod endpoint;
pub mod error;
pub mod ports;
pub mod reach;
pub mod schedule;
pub mod service;
pub mod signature;

pub use endpoint::{Endpoint, EndpointDraft, EventKind};
pub use error::WebhookError;
pub use reach::{Audience, Maker, Pause, Subscription};
pub use service::Webhooks;
