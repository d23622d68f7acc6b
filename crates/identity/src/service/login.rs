use super::{AuthSession, IdentityService, LOGIN_LIMIT};
use crate::error::IdentityError;
use crate::user::{LoginName, User};

/// A valid argon2id hash of a random password, verified when the account does not exist so
/// that a login takes as long whether or not it does.
const DECOY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$qTHN4lcbTQ275McLzTtQIg$qrCDhF0M1ztDiKj7JKRpMo+acbPMQBCgfNmiElo02pU";

impl IdentityService {
    /// Signs in with an e-mail or a phone (any common form) and a password. Wrong names and
    /// wrong passwords get the same answer. Failures count against the account, whichever of
    /// its names was typed, and against the client's address; past either limit passwords are
    /// refused for a while, but the owner can still get in with a code (forget-password),
    /// which clears the account's count.
    pub fn login(&self, username: &str, password: &str, client: &str) -> Result<AuthSession, IdentityError> {
        let address_key = format!("login-from:{client}");
        self.check_limits(&address_key, &[self.limits.login_failures])?;
        let name = LoginName::parse(username);
        let user = match &name {
            Some(name) => self.find_by_login_name(name)?,
            None => None,
        };
        let account_key = match (&user, &name) {
            (Some(user), _) => login_key(user),
            (None, Some(name)) => format!("login:{}", name.key()),
            (None, None) => format!("login:{}", username.trim().to_lowercase()),
        };
        self.check_limits(&account_key, &[LOGIN_LIMIT])?;

        let hash = match &user {
            Some(user) => self.ports.users.password_hash(user.id)?,
            None => None,
        };
        let password_ok = self.ports.hasher.verify(password, hash.as_deref().unwrap_or(DECOY_HASH)) && hash.is_some();
        let user = match user {
            Some(user) if password_ok => user,
            _ => {
                self.record_attempt(&account_key)?;
                self.record_attempt(&address_key)?;
                return Err(IdentityError::field("username", "credentials"));
            }
        };
        if user.blocked {
            return Err(IdentityError::Blocked);
        }
        self.ports.attempts.clear(&account_key)?;
        self.sign_in(user)
    }

    /// The user an e-mail or phone belongs to.
    pub(super) fn find_by_login_name(&self, name: &LoginName) -> Result<Option<User>, IdentityError> {
        Ok(match name {
            LoginName::Email(email) => self.ports.users.find_by_email(email)?,
            LoginName::Phone(phone) => self.ports.users.find_by_phone(phone)?,
        })
    }
}

/// The attempt-log key of an account's failed logins.
pub(super) fn login_key(user: &User) -> String {
    format!("login:user:{}", user.id.0)
}
