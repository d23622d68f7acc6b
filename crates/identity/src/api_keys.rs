//! API keys: an integrator's credential (`mk_…`) that acts for the staff member who made it,
//! within the scopes it was given and never beyond what that person may do at the time of
//! each request, from the addresses it allows, until it expires or is revoked, at its own
//! rate.

use std::net::IpAddr;
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use kernel::{Clock, FieldErrors};
use sha2::{Digest, Sha256};

use crate::error::IdentityError;
use crate::permission::Permission;
use crate::service::Principal;
use crate::user::{Role, User, UserId};

/// What every key's secret starts with, so a leaked one is recognised (secret scanners, logs).
pub const KEY_PREFIX: &str = "mk_";
/// The longest a key's name may be.
pub const NAME_LIMIT: usize = 100;
/// The most source addresses a key may allow.
pub const ADDRESSES_LIMIT: usize = 20;
/// The rate limit's window.
pub const RATE_WINDOW: Duration = Duration::minutes(1);

/// A key as the dashboard lists it; its secret is never kept, only its hash.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiKey {
    /// Its id.
    pub id: i64,
    /// What the staff member called it ("ERP", "WhatsApp bot").
    pub name: String,
    /// The secret's first characters, to tell keys apart.
    pub prefix: String,
    /// The permissions it carries.
    pub scopes: Vec<String>,
    /// The only source addresses it works from; empty for any.
    pub allowed_addresses: Vec<IpAddr>,
    /// Who made it: it acts for them; none once their account was removed (which revoked it).
    pub created_by: Option<UserId>,
    /// The maker's name, kept when their account is removed.
    pub maker_name: String,
    /// When it was made.
    pub created_at: DateTime<Utc>,
    /// When it stops working by itself, if ever.
    pub expires_at: Option<DateTime<Utc>>,
    /// When it was revoked, if it was.
    pub revoked_at: Option<DateTime<Utc>>,
    /// When it was last used.
    pub last_used_at: Option<DateTime<Utc>>,
    /// How many requests it made.
    pub request_count: i64,
}

/// A key to store: its hash, never its secret.
#[derive(Debug, Clone, PartialEq)]
pub struct NewApiKey {
    /// Its name.
    pub name: String,
    /// The secret's first characters.
    pub prefix: String,
    /// SHA-256 of the secret, in hex.
    pub secret_hash: String,
    /// The permissions it carries.
    pub scopes: Vec<String>,
    /// The source addresses it works from; empty for any.
    pub allowed_addresses: Vec<IpAddr>,
    /// Its maker.
    pub created_by: UserId,
    /// The maker's name.
    pub maker_name: String,
    /// Now.
    pub created_at: DateTime<Utc>,
    /// When it stops working, if ever.
    pub expires_at: Option<DateTime<Utc>>,
}

/// What a staff member asks for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ApiKeyDraft {
    /// Its name.
    pub name: String,
    /// Permission names.
    pub scopes: Vec<String>,
    /// Source addresses as written.
    pub allowed_addresses: Vec<String>,
    /// When it should stop working, if ever.
    pub expires_at: Option<DateTime<Utc>>,
}

/// The stored keys.
#[cfg_attr(test, mockall::automock)]
pub trait ApiKeyStore: Send + Sync {
    /// Stores a new key.
    fn create(&self, key: &NewApiKey) -> anyhow::Result<ApiKey>;
    /// Every key, newest first.
    fn list(&self) -> anyhow::Result<Vec<ApiKey>>;
    /// Revokes a key not revoked yet; false when there is no such key.
    fn revoke(&self, id: i64, at: DateTime<Utc>) -> anyhow::Result<bool>;
    /// The key with this secret hash and the account it acts for.
    fn holder(&self, secret_hash: &str) -> anyhow::Result<Option<(ApiKey, User)>>;
    /// Counts one request of the key at `at`: its last use, its count, and the requests in its
    /// current window (which starts anew once `window` has passed), answered as (requests in
    /// the window, when the window started).
    fn count_use(&self, id: i64, at: DateTime<Utc>, window: Duration) -> anyhow::Result<(u32, DateTime<Utc>)>;
}

/// The keys' use cases.
pub struct ApiKeyDesk {
    store: Arc<dyn ApiKeyStore>,
    clock: Arc<dyn Clock>,
    per_minute: u32,
}

impl ApiKeyDesk {
    /// The desk; each key may make `per_minute` requests a minute.
    pub fn new(store: Arc<dyn ApiKeyStore>, clock: Arc<dyn Clock>, per_minute: u32) -> ApiKeyDesk {
        ApiKeyDesk { store, clock, per_minute: per_minute.max(1) }
    }

    /// Every key (`integration-list`).
    pub fn keys(&self, viewer: &User) -> Result<Vec<ApiKey>, IdentityError> {
        require(viewer, Permission::IntegrationList)?;
        Ok(self.store.list()?)
    }

    /// Makes a key (`integration-create`) and answers it with its secret, which is shown this
    /// once. Its scopes are permissions the maker holds: a key never does more than its maker.
    /// Only a signed-in person makes one: a key never makes a key.
    pub fn create(&self, maker: &User, draft: ApiKeyDraft) -> Result<(ApiKey, String), IdentityError> {
        require(maker, Permission::IntegrationCreate)?;
        maker.require_person()?;
        let now = self.clock.now();
        let mut errors = FieldErrors::new();
        let name = draft.name.trim().to_string();
        if name.is_empty() {
            errors.add("name", "required");
        } else if name.chars().count() > NAME_LIMIT {
            errors.add("name", "too_long");
        }
        if draft.scopes.is_empty() {
            errors.add("scopes", "required");
        } else if draft.scopes.iter().any(|scope| scope.parse::<Permission>().is_err()) {
            errors.add("scopes", "choice_invalid");
        } else if draft.scopes.iter().any(|scope| !maker.permissions.contains(scope)) {
            errors.add("scopes", "scope_beyond_yours");
        }
        let addresses: Vec<IpAddr> = draft.allowed_addresses.iter().filter_map(|address| address.trim().parse().ok()).collect();
        if addresses.len() != draft.allowed_addresses.len() {
            errors.add("allowed_addresses", "address_invalid");
        } else if addresses.len() > ADDRESSES_LIMIT {
            errors.add("allowed_addresses", "too_many");
        }
        if draft.expires_at.is_some_and(|at| at <= now) {
            errors.add("expires_at", "date_invalid");
        }
        errors.into_result().map_err(IdentityError::Invalid)?;
        let mut scopes = draft.scopes;
        scopes.sort();
        scopes.dedup();
        let secret = format!("{KEY_PREFIX}{}{}", uuid::Uuid::new_v4().simple(), uuid::Uuid::new_v4().simple());
        let key = NewApiKey {
            name,
            prefix: secret.chars().take(KEY_PREFIX.len() + 8).collect(),
            secret_hash: secret_hash(&secret),
            scopes,
            allowed_addresses: addresses,
            created_by: maker.id,
            maker_name: maker.name.clone(),
            created_at: now,
            expires_at: draft.expires_at,
        };
        Ok((self.store.create(&key)?, secret))
    }

    /// Revokes a key (`integration-delete`), by a signed-in person: its next request is refused.
    pub fn revoke(&self, viewer: &User, id: i64) -> Result<(), IdentityError> {
        require(viewer, Permission::IntegrationDelete)?;
        viewer.require_person()?;
        if self.store.revoke(id, self.clock.now())? { Ok(()) } else { Err(IdentityError::NotFound) }
    }

    /// The staff member a key acts for, holding only the key's scopes that they still hold,
    /// for a request from `client`: unknown, revoked and expired keys and keys of accounts no
    /// longer staff are `Unauthenticated`, a foreign address `Forbidden`, a key over its rate
    /// `TooManyAttempts`.
    pub fn authenticate(&self, secret: &str, client: &str) -> Result<Principal, IdentityError> {
        if !secret.starts_with(KEY_PREFIX) {
            return Err(IdentityError::Unauthenticated);
        }
        let (key, mut user) = self.store.holder(&secret_hash(secret))?.ok_or(IdentityError::Unauthenticated)?;
        let now = self.clock.now();
        if key.revoked_at.is_some() || key.expires_at.is_some_and(|at| at <= now) || user.role == Role::Customer {
            return Err(IdentityError::Unauthenticated);
        }
        if user.blocked {
            return Err(IdentityError::Blocked);
        }
        if !key.allowed_addresses.is_empty() && !client.parse::<IpAddr>().is_ok_and(|address| key.allowed_addresses.contains(&address)) {
            return Err(IdentityError::Forbidden);
        }
        let (used, window_started) = self.store.count_use(key.id, now, RATE_WINDOW)?;
        if let Some(retry_after) = over_rate(used, self.per_minute, window_started, now) {
            return Err(IdentityError::TooManyAttempts { retry_after });
        }
        user.permissions.retain(|held| key.scopes.contains(held));
        user.api_key = Some(key.id);
        Ok(Principal { user, session_id: format!("api-key:{}", key.id) })
    }
}

/// Seconds until the window that holds `used` requests ends, when they are more than `limit`.
fn over_rate(used: u32, limit: u32, window_started: DateTime<Utc>, now: DateTime<Utc>) -> Option<u64> {
    (used > limit).then(|| u64::try_from((window_started + RATE_WINDOW - now).num_seconds()).unwrap_or(0).max(1))
}

/// The stored form of a secret.
fn secret_hash(secret: &str) -> String {
    format!("{:x}", Sha256::digest(secret.as_bytes()))
}

fn require(user: &User, permission: Permission) -> Result<(), IdentityError> {
    if user.can(permission) { Ok(()) } else { Err(IdentityError::Forbidden) }
}

#[cfg(test)]
mod tests;
