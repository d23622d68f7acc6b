use kernel::Locale;

use super::register::verification_key;
use super::{IdentityService, Principal};
use crate::error::IdentityError;
use crate::otp::{self, OtpCode, OtpPurpose};
use crate::ports::Destination;
use crate::user::{User, UserId};

/// Which channel a user asks a new verification code on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// By SMS to the account's phone.
    Sms,
    /// By e-mail to the account's e-mail.
    Email,
}

impl IdentityService {
    /// Verifies the signed-in user's account with the code they received.
    pub fn verify(&self, principal: &Principal, code: &OtpCode) -> Result<User, IdentityError> {
        let user = &principal.user;
        if user.verified {
            return Err(IdentityError::AlreadyVerified);
        }
        self.check_code(user.id, OtpPurpose::Verify, code, &format!("check:verify:{}", user.id.0))?;
        self.ports.users.mark_verified(user.id)?;
        Ok(User { verified: true, ..user.clone() })
    }

    /// Sends a new verification code: by e-mail when asked and the account has one, else by
    /// SMS (or by e-mail for accounts without a phone). At most once a minute, five an hour.
    pub fn resend_verification(&self, principal: &Principal, channel: Option<Channel>, locale: Locale) -> Result<(), IdentityError> {
        let user = &principal.user;
        if user.verified {
            return Err(IdentityError::AlreadyVerified);
        }
        let destination = match (channel, &user.email, &user.phone) {
            (Some(Channel::Email), Some(email), _) | (None, Some(email), None) => Destination::Email(email.clone()),
            (Some(Channel::Email), None, _) => return Err(IdentityError::field("email", "email_missing")),
            (_, _, Some(phone)) => Destination::Sms(phone.clone()),
            (_, Some(email), None) => Destination::Email(email.clone()),
            (_, None, None) => return Err(IdentityError::field("phone", "phone_missing")),
        };
        let key = verification_key(user);
        self.check_limits(&key, &[otp::SEND_PER_MINUTE, otp::SEND_PER_HOUR])?;
        self.record_attempt(&key)?;
        self.send_code(user, OtpPurpose::Verify, &[destination], locale)
    }

    /// Checks a code against the user's newest code of the purpose and consumes it. A wrong
    /// code counts against the code (five void it) and against the account's check limit.
    pub(super) fn check_code(&self, user: UserId, purpose: OtpPurpose, code: &OtpCode, limit_key: &str) -> Result<(), IdentityError> {
        self.check_limits(limit_key, &[otp::CHECK_LIMIT])?;
        let now = self.ports.clock.now();
        let stored = self.ports.otps.latest(user, purpose)?.filter(|otp| otp.usable(now));
        match stored {
            Some(otp) if otp.matches(code) => {
                self.ports.otps.consume(otp.id)?;
                Ok(())
            }
            other => {
                if let Some(otp) = other {
                    self.ports.otps.add_wrong_try(otp.id)?;
                }
                self.record_attempt(limit_key)?;
                Err(IdentityError::field("code", "code_invalid"))
            }
        }
    }
}
