//! Passwords: the policy, and the port that hashes them.

use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString, rand_core::OsRng};
use argon2::{Algorithm, Argon2, Params, Version};
use kernel::FieldErrors;

/// The shortest password accepted.
pub const MIN_LENGTH: usize = 8;
/// The longest password accepted (argon2 has no use for more).
pub const MAX_LENGTH: usize = 128;

/// Checks a new password and its confirmation, recording broken rules on `password` and
/// `password_confirmation`.
pub fn check_new_password(password: &str, confirmation: &str, errors: &mut FieldErrors) {
    let length = password.chars().count();
    if length < MIN_LENGTH {
        errors.add("password", "password_too_short");
    } else if length > MAX_LENGTH {
        errors.add("password", "password_too_long");
    } else if !password.chars().any(char::is_alphabetic) || !password.chars().any(|c| c.is_numeric()) {
        errors.add("password", "password_letters_digits");
    }
    if password != confirmation {
        errors.add("password_confirmation", "password_mismatch");
    }
}

/// Hashes and verifies passwords.
#[cfg_attr(test, mockall::automock)]
pub trait PasswordHasher: Send + Sync {
    /// A self-describing hash of the password.
    fn hash(&self, password: &str) -> anyhow::Result<String>;
    /// Whether the password matches the hash.
    fn verify(&self, password: &str, hash: &str) -> bool;
}

/// argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane).
#[derive(Debug, Clone)]
pub struct Argon2Hasher {
    params: Params,
}

impl Argon2Hasher {
    /// The production hasher.
    pub fn new() -> anyhow::Result<Argon2Hasher> {
        let params = Params::new(19 * 1024, 2, 1, None).map_err(|e| anyhow::anyhow!("argon2 params: {e}"))?;
        Ok(Argon2Hasher { params })
    }

    fn argon2(&self) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, self.params.clone())
    }
}

impl PasswordHasher for Argon2Hasher {
    fn hash(&self, password: &str) -> anyhow::Result<String> {
        let salt = SaltString::generate(&mut OsRng);
        let hash = self.argon2().hash_password(password.as_bytes(), &salt).map_err(|e| anyhow::anyhow!("argon2 hash: {e}"))?;
        Ok(hash.to_string())
    }

    fn verify(&self, password: &str, hash: &str) -> bool {
        PasswordHash::new(hash).is_ok_and(|parsed| self.argon2().verify_password(password.as_bytes(), &parsed).is_ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn broken(password: &str, confirmation: &str) -> FieldErrors {
        let mut errors = FieldErrors::new();
        check_new_password(password, confirmation, &mut errors);
        errors
    }

    #[test]
    fn a_good_password_passes() {
        assert!(broken("Harvest2026", "Harvest2026").is_empty());
        assert!(broken("حصاد٢٠٢٦حصاد", "حصاد٢٠٢٦حصاد").is_empty());
    }

    #[test]
    fn short_long_letterless_and_mismatched_passwords_are_refused() {
        assert_eq!(broken("a1", "a1"), FieldErrors::single("password", "password_too_short"));
        let long = format!("a1{}", "x".repeat(MAX_LENGTH));
        assert_eq!(broken(&long, &long), FieldErrors::single("password", "password_too_long"));
        assert_eq!(broken("12345678", "12345678"), FieldErrors::single("password", "password_letters_digits"));
        assert_eq!(broken("abcdefgh", "abcdefgh"), FieldErrors::single("password", "password_letters_digits"));
        assert_eq!(broken("Harvest2026", "Harvest2027"), FieldErrors::single("password_confirmation", "password_mismatch"));
    }

    #[test]
    fn argon2id_hashes_verify_and_salt() -> anyhow::Result<()> {
        let hasher = Argon2Hasher::new()?;
        let hash = hasher.hash("Harvest2026")?;
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(hasher.verify("Harvest2026", &hash));
        assert!(!hasher.verify("harvest2026", &hash));
        assert_ne!(hash, hasher.hash("Harvest2026")?);
        assert!(!hasher.verify("x", "not a hash"));
        Ok(())
    }
}
