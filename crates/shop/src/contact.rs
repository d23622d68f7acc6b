//! Messages from the contact page, and how staff find and handle them.

use chrono::{DateTime, Utc};
use kernel::{Email, PageRequest, Phone};

/// The longest contact message accepted.
pub const MESSAGE_MAX: usize = 2000;

/// A message from the contact page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactMessage {
    /// Who wrote.
    pub name: String,
    /// Their phone, if given.
    pub phone: Option<Phone>,
    /// Their e-mail, if given.
    pub email: Option<Email>,
    /// What they wrote.
    pub message: String,
}

/// A stored contact message with its state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceivedMessage {
    /// Id.
    pub id: i64,
    /// The message.
    pub message: ContactMessage,
    /// When it arrived.
    pub received_at: DateTime<Utc>,
    /// When staff marked it answered.
    pub handled_at: Option<DateTime<Utc>>,
}

/// Whether staff have answered a message yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::Display, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum ContactStatus {
    /// Not answered.
    New,
    /// Answered.
    Handled,
}

/// Which contact messages staff look at: newest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactQuery {
    /// Text in the name, phone, e-mail or message.
    pub search: Option<String>,
    /// Only new or only handled ones.
    pub status: Option<ContactStatus>,
    /// The page.
    pub page: PageRequest,
}
