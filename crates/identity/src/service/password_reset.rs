use kernel::{FieldErrors, Locale};

use super::login::login_key;
use super::{AuthSession, IdentityService, Principal, RESET_LIFETIME};
use crate::error::IdentityError;
use crate::otp::{self, OtpCode, OtpPurpose};
use crate::password::check_new_password;
use crate::ports::Destination;
use crate::token::TokenKind;
use crate::user::LoginName;

impl IdentityService {
    /// Sends a reset code to the e-mail or phone typed, if an account has it. The answer is the
    /// same whether or not one does, and so are the limits (they count by what was typed, and
    /// by the client's address).
    pub fn forget_password(&self, username: &str, locale: Locale, client: &str) -> Result<(), IdentityError> {
        let name = LoginName::parse(username).ok_or_else(|| IdentityError::field("username", "username_invalid"))?;
        let key = format!("send:reset:{}", name.key());
        self.check_limits(&key, &[otp::SEND_PER_MINUTE, otp::SEND_PER_HOUR])?;
        self.admit_all(&[(format!("reset-from:{client}"), self.limits.password_resets)])?;
        self.record_attempt(&key)?;
        let Some(user) = self.find_by_login_name(&name)?.filter(|user| !user.blocked) else {
            return Ok(());
        };
        let destination = match name {
            LoginName::Email(email) => Destination::Email(email),
            LoginName::Phone(phone) => Destination::Sms(phone),
        };
        self.send_code(&user, OtpPurpose::Reset, &[destination], locale)
    }

    /// Exchanges a correct reset code for a temporary token that can reset the password once
    /// within fifteen minutes. Unknown accounts get the same answer as wrong codes.
    pub fn check_reset_code(&self, username: &str, code: &OtpCode) -> Result<String, IdentityError> {
        let name = LoginName::parse(username).ok_or_else(|| IdentityError::field("username", "username_invalid"))?;
        let key = format!("check:reset:{}", name.key());
        let Some(user) = self.find_by_login_name(&name)?.filter(|user| !user.blocked) else {
            self.check_limits(&key, &[otp::CHECK_LIMIT])?;
            self.record_attempt(&key)?;
            return Err(IdentityError::field("code", "code_invalid"));
        };
        self.check_code(user.id, OtpPurpose::Reset, code, &key)?;
        self.open_session(&user, TokenKind::Reset, RESET_LIFETIME)
    }

    /// Sets a new password with a temporary token, which is used up; every older session of
    /// the user ends and a new one starts. The code proved the user owns a contact, so an
    /// unverified account becomes verified.
    pub fn reset_password(&self, principal: &Principal, password: &str, confirmation: &str) -> Result<AuthSession, IdentityError> {
        let mut errors = FieldErrors::new();
        check_new_password(password, confirmation, &mut errors);
        errors.into_result().map_err(IdentityError::Invalid)?;

        let now = self.ports.clock.now();
        if !self.ports.sessions.end_if_open(&principal.session_id, now)? {
            return Err(IdentityError::Unauthenticated);
        }
        let user = &principal.user;
        self.ports.users.set_password_hash(user.id, &self.ports.hasher.hash(password)?)?;
        self.ports.sessions.end_all_for_user(user.id, None, now)?;
        // The code proved the owner: a password locked by someone else's guesses opens again.
        self.ports.attempts.clear(&login_key(user))?;
        if !user.verified {
            self.ports.users.mark_verified(user.id)?;
        }
        self.sign_in(crate::user::User { verified: true, ..user.clone() })
    }
}
