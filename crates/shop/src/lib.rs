//! The shop's own content: the public settings (contacts, shipping rule numbers, points
//! rate), the about, terms, privacy and refund pages, and messages from the contact page.

pub mod contact;
pub mod pages;
pub mod settings;

mod service;

pub use contact::{ContactMessage, ContactQuery, ContactStatus, MESSAGE_MAX, ReceivedMessage};
pub use pages::{PAGES, Page, PageText};
pub use service::{ShopError, ShopService, ShopStore};
pub use settings::{SettingsChange, ShopSettings};

#[cfg(test)]
pub use service::MockShopStore;
