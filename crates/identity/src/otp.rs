//! One-time codes: six digits, stored hashed, short-lived, with a few tries.

use chrono::{DateTime, Duration, Utc};
use rand::Rng;
use sha2::{Digest, Sha256};

use crate::throttle::Limit;
use crate::user::UserId;

/// How long a code stays valid.
pub const VALIDITY: Duration = Duration::minutes(10);
/// Wrong tries after which a code is void.
pub const MAX_WRONG_TRIES: i32 = 5;
/// At most one code sent per minute…
pub const SEND_PER_MINUTE: Limit = Limit::per_minutes(1, 1);
/// …and five per hour.
pub const SEND_PER_HOUR: Limit = Limit::per_minutes(5, 60);
/// Wrong codes allowed per account before checks are refused for a while.
pub const CHECK_LIMIT: Limit = Limit::per_minutes(10, 15);

/// What a code is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum OtpPurpose {
    /// Proving the phone or e-mail of a new account.
    Verify,
    /// Resetting a forgotten password.
    Reset,
    /// Proving a new phone or e-mail before it replaces the account's.
    Contact,
}

/// A code as typed by the user: exactly six digits (Arabic-Indic digits accepted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtpCode(String);

impl OtpCode {
    /// Reads six digits, ignoring surrounding spaces.
    pub fn parse(raw: &str) -> Option<OtpCode> {
        let code = kernel::digits::to_latin_digits(raw.trim());
        (code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit())).then_some(OtpCode(code))
    }

    /// A fresh random code.
    pub fn generate() -> OtpCode {
        OtpCode(format!("{:06}", rand::thread_rng().gen_range(0..1_000_000)))
    }

    /// The six digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The stored form: a hash bound to the user and the purpose, so a leaked table does not
    /// reveal codes and a code for one purpose never serves another.
    pub fn hash(&self, user: UserId, purpose: OtpPurpose) -> String {
        let digest = Sha256::digest(format!("{}:{purpose}:{}", user.0, self.0));
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// A code that was sent, as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Otp {
    /// Database id.
    pub id: i64,
    /// Whose code it is.
    pub user_id: UserId,
    /// What it is for.
    pub purpose: OtpPurpose,
    /// The hash of the code.
    pub code_hash: String,
    /// When it stops being valid.
    pub expires_at: DateTime<Utc>,
    /// Wrong tries so far.
    pub wrong_tries: i32,
    /// Whether it was already used.
    pub consumed: bool,
}

impl Otp {
    /// Whether the code may still be tried at `now`.
    pub fn usable(&self, now: DateTime<Utc>) -> bool {
        !self.consumed && self.wrong_tries < MAX_WRONG_TRIES && now < self.expires_at
    }

    /// Whether `code` is this one.
    pub fn matches(&self, code: &OtpCode) -> bool {
        code.hash(self.user_id, self.purpose) == self.code_hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn otp(now: DateTime<Utc>, code: &OtpCode) -> Otp {
        Otp {
            id: 1,
            user_id: UserId(7),
            purpose: OtpPurpose::Verify,
            code_hash: code.hash(UserId(7), OtpPurpose::Verify),
            expires_at: now + VALIDITY,
            wrong_tries: 0,
            consumed: false,
        }
    }

    #[test]
    fn codes_are_six_digits_in_either_script() {
        assert_eq!(OtpCode::parse(" ١٢٣٤٥٦ ").map(|c| c.0), Some("123456".to_string()));
        assert!(OtpCode::parse("12345").is_none());
        assert!(OtpCode::parse("12345a").is_none());
        assert_eq!(OtpCode::generate().as_str().len(), 6);
    }

    #[test]
    fn a_code_expires_after_ten_minutes() {
        let now = Utc::now();
        let code = OtpCode::generate();
        let sent = otp(now, &code);
        assert!(sent.usable(now + Duration::minutes(9)));
        assert!(!sent.usable(now + Duration::minutes(10)));
    }

    #[test]
    fn five_wrong_tries_void_a_code_and_a_used_code_is_void() {
        let now = Utc::now();
        let code = OtpCode::generate();
        let mut sent = otp(now, &code);
        sent.wrong_tries = MAX_WRONG_TRIES - 1;
        assert!(sent.usable(now));
        sent.wrong_tries = MAX_WRONG_TRIES;
        assert!(!sent.usable(now));
        let used = Otp { consumed: true, ..otp(now, &code) };
        assert!(!used.usable(now));
    }

    #[test]
    fn a_code_matches_only_its_user_and_purpose() {
        let code = OtpCode("123456".into());
        let sent = otp(Utc::now(), &code);
        assert!(sent.matches(&code));
        assert!(!sent.matches(&OtpCode("123457".into())));
        assert_ne!(code.hash(UserId(7), OtpPurpose::Reset), sent.code_hash);
        assert_ne!(code.hash(UserId(8), OtpPurpose::Verify), sent.code_hash);
    }
}

/// A freshly generated code and the row that stores it.
#[derive(Debug, Clone, PartialEq)]
pub struct NewOtpCode {
    /// The code to send.
    pub code: OtpCode,
    /// The row to store.
    pub stored: crate::ports::NewOtp,
}

/// Generates a code for a user and purpose, valid for [`VALIDITY`] from `now`.
pub fn new_code(user: UserId, purpose: OtpPurpose, now: DateTime<Utc>) -> NewOtpCode {
    let code = OtpCode::generate();
    let stored = crate::ports::NewOtp { user_id: user, purpose, code_hash: code.hash(user, purpose), expires_at: now + VALIDITY };
    NewOtpCode { code, stored }
}
