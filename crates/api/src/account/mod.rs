//! A buyer's own account: signing up and in, verification, password reset, the profile.

pub mod auth;
