//! Identity: who a user is, how they prove it, and what they may do.
//!
//! Holds the rules of accounts, sessions, one-time codes, passwords, roles and permissions, and
//! the ports the adapters implement. Nothing here knows HTTP or SQL.

pub mod api_keys;
pub mod desk;
pub mod error;
pub mod otp;
pub mod password;
pub mod people;
pub mod permission;
pub mod ports;
pub mod service;
pub mod throttle;
pub mod token;
pub mod user;

pub use desk::PeopleDesk;
pub use error::IdentityError;
pub use service::{AuthSession, IdentityPorts, IdentityService, Principal, Registration};
pub use user::{ContactChange, Gender, LoginName, NewUser, Role, User, UserId};
