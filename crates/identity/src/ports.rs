//! The ports identity needs from the outside world. Adapters implement them; tests mock them.

use chrono::{DateTime, Utc};
use kernel::{Email, Locale, Localized, Page, Phone};

use crate::people::{
    AccessRole, ClientDraft, ClientGroup, ClientProfile, ClientQuery, ClientSummary, Removal, Retired, RoleDraft, StaffChange, StaffDraft, StaffMember,
    StaffQuery,
};

use crate::otp::{Otp, OtpPurpose};
use crate::token::TokenKind;
use crate::user::{ContactChange, NewUser, ProfileChange, Role, User, UserId};

/// Stored users.
#[cfg_attr(test, mockall::automock)]
pub trait UserRepository: Send + Sync {
    /// A user by e-mail.
    fn find_by_email(&self, email: &Email) -> anyhow::Result<Option<User>>;
    /// A user by phone.
    fn find_by_phone(&self, phone: &Phone) -> anyhow::Result<Option<User>>;
    /// A user by Google account subject.
    fn find_by_google_subject(&self, subject: &str) -> anyhow::Result<Option<User>>;
    /// The password hash of a user, if they have a password.
    fn password_hash(&self, id: UserId) -> anyhow::Result<Option<String>>;
    /// Stores a new user; `Err(Taken)` when a concurrent write took the phone or e-mail (or the
    /// Google account, reported as its e-mail) after the caller looked.
    fn create(&self, user: &NewUser) -> anyhow::Result<Result<User, Taken>>;
    /// Applies profile changes.
    fn update_profile(&self, id: UserId, change: &ProfileChange) -> anyhow::Result<User>;
    /// Keeps a contact change until it is confirmed, replacing any earlier one.
    fn request_contact_change(&self, id: UserId, change: &ContactChange) -> anyhow::Result<()>;
    /// The contact change waiting for confirmation, if any.
    fn pending_contact_change(&self, id: UserId) -> anyhow::Result<Option<ContactChange>>;
    /// Puts a confirmed change's phone and e-mail on the account and forgets the change;
    /// `Err(Taken)` when another account took one of them since it was checked.
    fn apply_contact_change(&self, id: UserId, change: &ContactChange) -> anyhow::Result<Result<User, Taken>>;
    /// Replaces the password hash.
    fn set_password_hash(&self, id: UserId, hash: &str) -> anyhow::Result<()>;
    /// Marks the account verified.
    fn mark_verified(&self, id: UserId) -> anyhow::Result<()>;
    /// Links a Google account to a user.
    fn link_google(&self, id: UserId, subject: &str) -> anyhow::Result<()>;
    /// Whether a shipping city with this id exists.
    fn city_exists(&self, city_id: i64) -> anyhow::Result<bool>;
    /// Creates a built-in access role or resets its permissions to these.
    fn upsert_access_role(&self, name: &str, permissions: &[String]) -> anyhow::Result<()>;
}

/// A stored session.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    /// Random id, named by the token.
    pub id: String,
    /// Whose session.
    pub user_id: UserId,
    /// Session or reset.
    pub kind: TokenKind,
    /// When it stops working.
    pub expires_at: DateTime<Utc>,
    /// Whether it was revoked (logout, reset) or used (reset tokens are single-use).
    pub ended: bool,
}

/// Stored sessions.
#[cfg_attr(test, mockall::automock)]
pub trait SessionRepository: Send + Sync {
    /// Stores a new session.
    fn create(&self, session: &Session, now: DateTime<Utc>) -> anyhow::Result<()>;
    /// A session by id with its user as stored now, read together: every signed-in request
    /// asks for both.
    fn find_with_user(&self, id: &str) -> anyhow::Result<Option<(Session, User)>>;
    /// Ends one session.
    fn end(&self, id: &str, now: DateTime<Utc>) -> anyhow::Result<()>;
    /// Ends a session only if it is still open; true when this call ended it. Makes reset
    /// tokens single-use under concurrency.
    fn end_if_open(&self, id: &str, now: DateTime<Utc>) -> anyhow::Result<bool>;
    /// Ends every open session of a user but `keep`.
    fn end_all_for_user(&self, user: UserId, keep: Option<String>, now: DateTime<Utc>) -> anyhow::Result<()>;
}

/// A code to store.
#[derive(Debug, Clone, PartialEq)]
pub struct NewOtp {
    /// Whose code.
    pub user_id: UserId,
    /// What for.
    pub purpose: OtpPurpose,
    /// The hash of the code.
    pub code_hash: String,
    /// When it stops being valid.
    pub expires_at: DateTime<Utc>,
}

/// Stored one-time codes.
#[cfg_attr(test, mockall::automock)]
pub trait OtpRepository: Send + Sync {
    /// Stores a code and voids the user's earlier codes of the same purpose.
    fn replace(&self, otp: &NewOtp, now: DateTime<Utc>) -> anyhow::Result<()>;
    /// The newest unconsumed code of a user for a purpose.
    fn latest(&self, user: UserId, purpose: OtpPurpose) -> anyhow::Result<Option<Otp>>;
    /// Counts one more wrong try.
    fn add_wrong_try(&self, id: i64) -> anyhow::Result<()>;
    /// Marks a code used.
    fn consume(&self, id: i64) -> anyhow::Result<()>;
}

/// Timestamps of attempts by key (failed logins, wrong codes, codes sent), for rate limits.
/// Kept in the database so that every node of the shop sees the same counts.
#[cfg_attr(test, mockall::automock)]
pub trait AttemptLog: Send + Sync {
    /// Records an attempt.
    fn record(&self, key: &str, at: DateTime<Utc>) -> anyhow::Result<()>;
    /// Records an attempt unless `max` attempts are already kept under the key since `since`,
    /// in one statement (a guest's checkout asks nothing more of the database before its
    /// order); when it is refused, answers those attempts.
    fn record_within(&self, key: &str, at: DateTime<Utc>, since: DateTime<Utc>, max: usize) -> anyhow::Result<Result<(), Vec<DateTime<Utc>>>>;
    /// Attempts under a key since an instant.
    fn since(&self, key: &str, since: DateTime<Utc>) -> anyhow::Result<Vec<DateTime<Utc>>>;
    /// Forgets the attempts under a key.
    fn clear(&self, key: &str) -> anyhow::Result<()>;
}

/// Where a code goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// By SMS to a phone.
    Sms(Phone),
    /// By e-mail.
    Email(Email),
}

/// Sends one-time codes and account notices to people.
#[cfg_attr(test, mockall::automock)]
pub trait OtpMessenger: Send + Sync {
    /// Sends a code, worded for its purpose in the user's language.
    fn send_code(&self, to: &Destination, code: &str, purpose: OtpPurpose, locale: Locale) -> anyhow::Result<()>;
    /// Tells a contact that the account's phone or e-mail was just changed away from it.
    fn send_contact_changed(&self, to: &Destination, locale: Locale) -> anyhow::Result<()>;
}

/// What a verified Google ID token says about its holder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoogleProfile {
    /// The Google account's stable id.
    pub subject: String,
    /// The account's e-mail.
    pub email: Option<Email>,
    /// Whether Google verified that e-mail.
    pub email_verified: bool,
    /// The display name.
    pub name: Option<String>,
}

/// Why a Google ID token was refused.
#[derive(Debug, thiserror::Error)]
pub enum GoogleTokenError {
    /// Bad signature, issuer, audience, expiry or shape.
    #[error("google token rejected: {0}")]
    Rejected(String),
    /// Google's keys could not be fetched.
    #[error(transparent)]
    Unavailable(#[from] anyhow::Error),
}

/// Verifies Google ID tokens.
#[cfg_attr(test, mockall::automock)]
pub trait GoogleVerifier: Send + Sync {
    /// The profile of a valid token.
    fn verify(&self, id_token: &str) -> Result<GoogleProfile, GoogleTokenError>;
}

/// Where to send the browser for Google's consent, and what to keep until it returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoogleRedirect {
    /// Google's authorization URL with our client id, state and PKCE challenge.
    pub url: String,
    /// The anti-forgery state the callback must bring back.
    pub state: String,
    /// The PKCE verifier the code exchange needs.
    pub pkce_verifier: String,
}

/// Google's OAuth redirect flow (authorization code with PKCE), the alternative to the
/// ID-token button.
#[cfg_attr(test, mockall::automock)]
pub trait GoogleAuthorization: Send + Sync {
    /// Starts the flow.
    fn start(&self) -> Result<GoogleRedirect, GoogleTokenError>;
    /// Exchanges the code Google returned for an ID token.
    fn exchange(&self, code: &str, pkce_verifier: &str) -> Result<String, GoogleTokenError>;
}

/// Which of a person's unique names another account holds already.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    /// The phone.
    Phone,
    /// The e-mail.
    Email,
    /// A role's name.
    Name,
}

/// People as staff manage them: clients, groups, staff accounts and access roles.
#[cfg_attr(test, mockall::automock)]
pub trait PeopleStore: Send + Sync {
    /// Clients matching the query, newest first.
    fn clients(&self, query: &ClientQuery) -> anyhow::Result<Page<ClientSummary>>;
    /// One client's page.
    fn client(&self, id: UserId) -> anyhow::Result<Option<ClientProfile>>;
    /// Stores a verified client (staff vouch for them); with no password, they set one through
    /// the forgotten-password screen.
    #[allow(clippy::needless_lifetimes)] // mockall needs the lifetime named
    fn add_client<'a>(&self, draft: &ClientDraft, password_hash: Option<&'a str>, at: DateTime<Utc>) -> anyhow::Result<Result<UserId, Taken>>;
    /// Changes a client's name, e-mail (kept or removed: a new one waits for the client's code),
    /// city, group and sales engineer; never the phone, which only the client's own code
    /// changes. `Ok(false)` when there is none.
    fn update_client(&self, id: UserId, draft: &ClientDraft, at: DateTime<Utc>) -> anyhow::Result<Result<bool, Taken>>;
    /// Blocks (ending every session of theirs in the same step) or unblocks a client; false when
    /// there is none.
    fn set_blocked(&self, id: UserId, blocked: bool, at: DateTime<Utc>) -> anyhow::Result<bool>;
    /// Keeps a staff note on a client; false when there is none.
    fn add_client_note(&self, id: UserId, author: UserId, body: &str, at: DateTime<Utc>) -> anyhow::Result<bool>;
    /// The client groups, by name.
    fn groups(&self) -> anyhow::Result<Vec<ClientGroup>>;
    /// Stores a group.
    fn add_group(&self, name: &Localized<String>) -> anyhow::Result<i64>;
    /// Renames a group; false when there is none.
    fn rename_group(&self, id: i64, name: &Localized<String>) -> anyhow::Result<bool>;
    /// Removes a group (its clients and codes keep going without one); false when there is none.
    fn remove_group(&self, id: i64) -> anyhow::Result<bool>;
    /// Staff accounts of one role, newest first.
    fn staff(&self, query: &StaffQuery) -> anyhow::Result<Page<StaffMember>>;
    /// One staff account.
    fn staff_member(&self, id: UserId) -> anyhow::Result<Option<StaffMember>>;
    /// Stores a verified staff account of `role`.
    fn add_staff(&self, role: Role, draft: &StaffDraft, at: DateTime<Utc>) -> anyhow::Result<Result<UserId, Taken>>;
    /// Which of these contacts another account than `id` holds, if any.
    #[allow(clippy::needless_lifetimes)] // mockall needs the lifetime named
    fn contact_taken<'a>(&self, id: UserId, phone: Option<&'a Phone>, email: Option<&'a Email>) -> anyhow::Result<Option<Taken>>;
    /// Changes a staff account of `role`, in one step that keeps at least one Super Admin.
    fn update_staff(&self, id: UserId, role: Role, draft: &StaffDraft, at: DateTime<Utc>) -> anyhow::Result<StaffChange>;
    /// Removes a staff account of `role`, in one step that keeps at least one admin, revokes
    /// the account's API keys and pauses its webhook endpoints; answers what it retired.
    fn remove_staff(&self, id: UserId, role: Role, at: DateTime<Utc>) -> anyhow::Result<(Removal, Retired)>;
    /// The access roles, by name.
    fn roles(&self) -> anyhow::Result<Vec<AccessRole>>;
    /// One access role.
    fn role(&self, id: i64) -> anyhow::Result<Option<AccessRole>>;
    /// Stores a role.
    fn add_role(&self, draft: &RoleDraft, at: DateTime<Utc>) -> anyhow::Result<Result<i64, Taken>>;
    /// Changes a role's name and permissions; `Ok(false)` when there is none.
    fn update_role(&self, id: i64, draft: &RoleDraft) -> anyhow::Result<Result<bool, Taken>>;
    /// Removes a role nobody holds.
    fn remove_role(&self, id: i64) -> anyhow::Result<Removal>;
}
