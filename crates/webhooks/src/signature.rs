//! Signatures as the Standard Webhooks specification writes them: `v1,<base64 of
//! HMAC-SHA256(id.timestamp.body)>`, keyed with the bytes of a `whsec_<base64>` secret, so the
//! specification's libraries verify them in every language.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;

/// What a secret starts with.
pub const SECRET_PREFIX: &str = "whsec_";

/// A new secret: 32 random bytes.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    format!("{SECRET_PREFIX}{}", STANDARD.encode(bytes))
}

/// The `webhook-signature` value of a message under each secret (two while a secret is rolled
/// over), space-separated; a secret that is not `whsec_<base64>` signs nothing.
pub fn signature(secrets: &[&str], id: &str, timestamp: i64, body: &str) -> String {
    secrets.iter().filter_map(|secret| sign(secret, id, timestamp, body)).collect::<Vec<_>>().join(" ")
}

fn sign(secret: &str, id: &str, timestamp: i64, body: &str) -> Option<String> {
    let key = STANDARD.decode(secret.strip_prefix(SECRET_PREFIX)?).ok()?;
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).ok()?;
    mac.update(format!("{id}.{timestamp}.{body}").as_bytes());
    Some(format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specifications_example_signs_as_its_libraries_do() {
        // The example of the Standard Webhooks specification (spec/standard-webhooks.md).
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let body = r#"{"test": 2432232314}"#;
        assert_eq!(signature(&[secret], "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body), "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    #[test]
    fn two_secrets_sign_twice_and_a_malformed_one_signs_nothing() {
        let (old, new) = (new_secret(), new_secret());
        let both = signature(&[&new, &old], "id", 1, "{}");
        assert_eq!(both.split(' ').count(), 2);
        assert!(both.starts_with(&signature(&[&new], "id", 1, "{}")));
        assert_eq!(signature(&["not-a-secret"], "id", 1, "{}"), "");
    }
}
