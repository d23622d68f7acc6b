//! A buyer's own account: signing up and in, verification, password reset, the profile.

pub mod addresses;
pub mod auth;
pub mod cart;
pub mod notifications;
pub mod orders;
pub mod points;
pub mod sms;
