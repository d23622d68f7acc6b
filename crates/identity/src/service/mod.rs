//! The identity use cases, one file each, over the ports.

mod account;
mod google;
mod login;
mod password_reset;
mod profile;
mod register;
mod session;
mod verify;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use chrono::Duration;
use kernel::{Clock, Locale};

use crate::error::IdentityError;
use crate::otp::{self, NewOtpCode, OtpPurpose};
use crate::password::PasswordHasher;
use crate::ports::{AttemptLog, Destination, GoogleAuthorization, GoogleVerifier, OtpMessenger, OtpRepository, Session, SessionRepository, UserRepository};
use crate::throttle::{ClientAction, ClientLimits, Limit};
use crate::token::{Claims, TokenKind, TokenSigner};
use crate::user::{User, UserId};

pub use account::NewAccount;
pub use profile::ProfileUpdate;
pub use register::Registration;
pub use verify::Channel;

/// How long a signed-in session lasts.
pub const SESSION_LIFETIME: Duration = Duration::days(30);
/// How long a password-reset token lasts.
pub const RESET_LIFETIME: Duration = Duration::minutes(15);
/// Failed logins allowed per account (whichever of its names was typed) before its password
/// is refused for a while; a code sent to the owner (forget-password) still gets them in.
pub const LOGIN_LIMIT: Limit = Limit::per_minutes(5, 15);

/// The adapters the identity service works through.
pub struct IdentityPorts {
    /// Stored users.
    pub users: Arc<dyn UserRepository>,
    /// Stored sessions.
    pub sessions: Arc<dyn SessionRepository>,
    /// Stored one-time codes.
    pub otps: Arc<dyn OtpRepository>,
    /// Attempt timestamps for rate limits.
    pub attempts: Arc<dyn AttemptLog>,
    /// Password hashing.
    pub hasher: Arc<dyn PasswordHasher>,
    /// Token signing.
    pub tokens: Arc<dyn TokenSigner>,
    /// SMS and e-mail delivery of codes.
    pub messenger: Arc<dyn OtpMessenger>,
    /// Google ID-token verification.
    pub google: Arc<dyn GoogleVerifier>,
    /// Google's redirect flow.
    pub google_authorization: Arc<dyn GoogleAuthorization>,
    /// The time.
    pub clock: Arc<dyn Clock>,
}

/// Accounts, sign-in, verification, password reset and permissions.
pub struct IdentityService {
    ports: IdentityPorts,
    limits: ClientLimits,
}

/// A signed-in user and the token that proves it.
#[derive(Debug, Clone, PartialEq)]
pub struct AuthSession {
    /// The bearer token.
    pub token: String,
    /// The user.
    pub user: User,
}

/// The user behind a valid token, and which session it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Principal {
    /// The user.
    pub user: User,
    /// The session's id.
    pub session_id: String,
}

impl Principal {
    /// `Forbidden` unless the user holds the permission.
    pub fn require(&self, permission: crate::permission::Permission) -> Result<(), IdentityError> {
        if self.user.can(permission) { Ok(()) } else { Err(IdentityError::Forbidden) }
    }

    /// `Forbidden` unless the user is staff (admin or sales).
    pub fn require_staff(&self) -> Result<(), IdentityError> {
        if self.user.role == crate::user::Role::Customer { Err(IdentityError::Forbidden) } else { Ok(()) }
    }
}

impl IdentityService {
    /// The service over its adapters.
    pub fn new(ports: IdentityPorts) -> IdentityService {
        IdentityService { ports, limits: ClientLimits::default() }
    }

    /// The service with the operator's limits per client address.
    pub fn with_client_limits(self, limits: ClientLimits) -> IdentityService {
        IdentityService { limits, ..self }
    }

    /// Admits one more action from a client address, or `TooManyAttempts` when the address
    /// used up its limit.
    pub fn admit(&self, action: ClientAction, client: &str) -> Result<(), IdentityError> {
        let (key, limit) = match action {
            ClientAction::Contact => (format!("contact-from:{client}"), self.limits.contact_messages),
            ClientAction::GuestOrder => (format!("guest-order-from:{client}"), self.limits.guest_orders),
            ClientAction::TrackOrder => (format!("track-order-from:{client}"), self.limits.order_lookups),
        };
        let now = self.ports.clock.now();
        match self.ports.attempts.record_within(&key, now, now - limit.window, limit.max)? {
            Ok(()) => Ok(()),
            Err(attempts) => Err(IdentityError::TooManyAttempts { retry_after: limit.retry_after(&attempts, now).unwrap_or(1) }),
        }
    }

    /// Checks every key against its limit, then counts one attempt under each: nothing is
    /// counted when any limit is reached.
    fn admit_all(&self, keys: &[(String, Limit)]) -> Result<(), IdentityError> {
        for (key, limit) in keys {
            self.check_limits(key, &[*limit])?;
        }
        keys.iter().try_for_each(|(key, _)| self.record_attempt(key))
    }

    /// Opens a session of some kind for a user and signs its token.
    fn open_session(&self, user: &User, kind: TokenKind, lifetime: Duration) -> Result<String, IdentityError> {
        let now = self.ports.clock.now();
        let session = Session { id: uuid::Uuid::new_v4().to_string(), user_id: user.id, kind, expires_at: now + lifetime, ended: false };
        self.ports.sessions.create(&session, now)?;
        let claims = Claims::new(user.id, &session.id, kind, now, session.expires_at);
        Ok(self.ports.tokens.sign(&claims)?)
    }

    /// Signs a user in: a new session and its token.
    fn sign_in(&self, user: User) -> Result<AuthSession, IdentityError> {
        let token = self.open_session(&user, TokenKind::Session, SESSION_LIFETIME)?;
        Ok(AuthSession { token, user })
    }

    /// `TooManyAttempts` when the attempts under `key` exceed any of the limits.
    fn check_limits(&self, key: &str, limits: &[Limit]) -> Result<(), IdentityError> {
        let now = self.ports.clock.now();
        let longest = limits.iter().map(|l| l.window).max().unwrap_or_default();
        let attempts = self.ports.attempts.since(key, now - longest)?;
        let wait = limits.iter().filter_map(|limit| limit.retry_after(&attempts, now)).max();
        match wait {
            Some(retry_after) => Err(IdentityError::TooManyAttempts { retry_after }),
            None => Ok(()),
        }
    }

    /// Records one attempt under `key` now.
    fn record_attempt(&self, key: &str) -> Result<(), IdentityError> {
        Ok(self.ports.attempts.record(key, self.ports.clock.now())?)
    }

    /// Creates a code for a user (voiding older ones of the purpose) and sends it to each
    /// destination.
    fn send_code(&self, user: &User, purpose: OtpPurpose, to: &[Destination], locale: Locale) -> Result<(), IdentityError> {
        self.send_code_to(user.id, purpose, to, locale)
    }

    /// A new code for `user`, replacing any earlier one of the purpose, sent to each destination.
    fn send_code_to(&self, user: UserId, purpose: OtpPurpose, to: &[Destination], locale: Locale) -> Result<(), IdentityError> {
        let now = self.ports.clock.now();
        let NewOtpCode { code, stored } = otp::new_code(user, purpose, now);
        self.ports.otps.replace(&stored, now)?;
        for destination in to {
            self.ports.messenger.send_code(destination, code.as_str(), purpose, locale)?;
        }
        Ok(())
    }
}
