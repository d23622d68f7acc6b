//! Outreach: the shop's SMS to its clients (the dashboard's `sms`). It counts a message's parts
//! as gateways bill them, finds its audience (everyone, a group, a city, the verified), never
//! writes to a client who opted out (Egypt's data protection law 151/2020 asks for consent to
//! marketing), ends every message with the client's own opt-out link, and sends through a job
//! that survives restarts, at the gateway's rate, to each recipient once.
//!
//! Outreach knows the rest of the shop through its ports: [`Broadcasts`] (the store),
//! [`TextGateway`] (the SMS transport) and [`OptOutLinks`].

pub mod broadcast;
pub mod ports;
pub mod service;
pub mod sms;

pub use broadcast::{Audience, Broadcast, BroadcastStatus, Delivery, NewBroadcast, Preview, Progress, Queued, Recipient, RecipientStatus};
pub use ports::{Broadcasts, OptOutLinks, TextGateway};
pub use service::{Broadcaster, Outreach, OutreachError, REPEAT_WINDOW};
pub use sms::{Encoding, SmsSize};
