//! Messages to people: the development outbox, a real SMTP sender (lettre) and an HTTP SMS
//! gateway, behind one `Transport` trait; the `Notifier` that words one-time codes; the
//! wording of order news (the notification fan-out) and the `Postman` that sends the queue.

pub mod broadcast;
pub mod notifier;
pub mod order_news;
pub mod outbox;
pub mod postman;
pub mod sms_gateway;
pub mod smtp;
pub mod webhook_sender;

pub use broadcast::TransportGateway;
pub use notifier::Notifier;
pub use order_news::OrderNewsWriter;
pub use outbox::Outbox;
pub use postman::Postman;
pub use sms_gateway::HttpSmsGateway;
pub use smtp::{SmtpMailer, SmtpSecurity, SmtpSettings};

use serde::Serialize;

/// How a message travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    /// A text message to a phone.
    Sms,
    /// An e-mail.
    Email,
}

/// A message ready to go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutgoingMessage {
    /// SMS or e-mail.
    pub channel: Channel,
    /// The phone (international form) or e-mail address.
    pub to: String,
    /// The e-mail subject; absent for SMS.
    pub subject: Option<String>,
    /// The text.
    pub body: String,
    /// The one-time code inside the text, kept apart in the outbox so tests and developers can
    /// read it.
    pub code: Option<String>,
}

/// Delivers messages of one channel.
pub trait Transport: Send + Sync {
    /// Sends one message, or says why it could not.
    fn deliver(&self, message: &OutgoingMessage) -> anyhow::Result<()>;
}
