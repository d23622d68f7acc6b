//! Signed bearer tokens. A token names a stored session, so revoking the session (logout,
//! password reset) makes the token stop working even before it expires.

use chrono::{DateTime, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::user::UserId;

/// What a session may be used for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, strum::IntoStaticStr, strum::EnumString, strum::Display)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "snake_case")]
pub enum TokenKind {
    /// A normal signed-in session.
    Session,
    /// A temporary token that only resets a password, once.
    Reset,
}

/// The claims a token carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// The user's id, as text (JWT subjects are strings).
    pub sub: String,
    /// The session's id.
    pub sid: String,
    /// Session or reset.
    pub kind: TokenKind,
    /// Issued at (seconds since the epoch).
    pub iat: i64,
    /// Expires at (seconds since the epoch).
    pub exp: i64,
}

impl Claims {
    /// The user the token names, if the subject is a user id.
    pub fn user_id(&self) -> Option<UserId> {
        self.sub.parse().ok().map(UserId)
    }

    /// Claims for a session of a user.
    pub fn new(user: UserId, session_id: &str, kind: TokenKind, issued: DateTime<Utc>, expires: DateTime<Utc>) -> Claims {
        Claims { sub: user.0.to_string(), sid: session_id.to_string(), kind, iat: issued.timestamp(), exp: expires.timestamp() }
    }
}

/// Signs claims into a token and reads them back.
#[cfg_attr(test, mockall::automock)]
pub trait TokenSigner: Send + Sync {
    /// The signed token.
    fn sign(&self, claims: &Claims) -> anyhow::Result<String>;
    /// The claims of a token that is well signed and unexpired; `None` otherwise.
    fn read(&self, token: &str) -> Option<Claims>;
}

/// HS256 JSON Web Tokens with a server secret.
pub struct JwtTokenSigner {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

impl JwtTokenSigner {
    /// A signer with this secret (at least 32 bytes are expected).
    pub fn new(secret: &[u8]) -> JwtTokenSigner {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        JwtTokenSigner { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), validation }
    }
}

impl TokenSigner for JwtTokenSigner {
    fn sign(&self, claims: &Claims) -> anyhow::Result<String> {
        Ok(jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding)?)
    }

    fn read(&self, token: &str) -> Option<Claims> {
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation).ok().map(|data| data.claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    #[test]
    fn a_signed_token_reads_back_until_it_expires() -> anyhow::Result<()> {
        let signer = JwtTokenSigner::new(b"0123456789abcdef0123456789abcdef");
        let now = Utc::now();
        let claims = Claims::new(UserId(3), "s1", TokenKind::Session, now, now + Duration::hours(1));
        let token = signer.sign(&claims)?;
        assert_eq!(signer.read(&token), Some(claims));

        let old = Claims::new(UserId(3), "s1", TokenKind::Session, now - Duration::hours(2), now - Duration::hours(1));
        assert_eq!(signer.read(&signer.sign(&old)?), None);
        Ok(())
    }

    #[test]
    fn a_token_signed_with_another_secret_or_garbled_is_refused() -> anyhow::Result<()> {
        let now = Utc::now();
        let claims = Claims::new(UserId(3), "s1", TokenKind::Session, now, now + Duration::hours(1));
        let foreign = JwtTokenSigner::new(b"another-secret-another-secret-xx").sign(&claims)?;
        let signer = JwtTokenSigner::new(b"0123456789abcdef0123456789abcdef");
        assert_eq!(signer.read(&foreign), None);
        assert_eq!(signer.read("not.a.token"), None);
        Ok(())
    }
}
