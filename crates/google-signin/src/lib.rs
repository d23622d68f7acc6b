//! Google sign-in: verifies Google ID tokens against Google's published keys (JWKS), the
//! issuer, the audience (our client id) and the expiry. The JWKS URL and the issuers are
//! settings, so tests serve their own keys on loopback. The redirect flow (authorization code
//! with PKCE, through the oauth2 crate) is the alternative to Google's button.

mod redirect;

pub use redirect::GoogleRedirectFlow;

use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Context;
use identity::ports::{GoogleProfile, GoogleTokenError, GoogleVerifier};
use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use kernel::Email;
use serde::Deserialize;

/// How long fetched keys are trusted before they are fetched again (Google rotates them
/// about daily).
const KEYS_LIFETIME: Duration = Duration::from_secs(3600);

/// Where Google publishes its keys and which issuer and audience to accept.
#[derive(Debug, Clone, Deserialize)]
pub struct GoogleSettings {
    /// The OAuth client id of the shop; tokens must be issued for it.
    pub client_id: String,
    /// The JWKS URL.
    pub jwks_url: String,
    /// Accepted `iss` values.
    pub issuers: Vec<String>,
    /// The OAuth client secret, for the redirect flow (empty turns that flow off).
    #[serde(default = "no_secret")]
    pub client_secret: secrecy::SecretString,
    /// Google's authorization endpoint.
    #[serde(default)]
    pub auth_url: String,
    /// Google's token endpoint.
    #[serde(default)]
    pub token_url: String,
    /// Our callback, `https://<shop>/api/auth/google/callback` (empty turns the redirect flow
    /// off).
    #[serde(default)]
    pub redirect_url: String,
}

fn no_secret() -> secrecy::SecretString {
    secrecy::SecretString::from("")
}

impl GoogleSettings {
    /// Whether the redirect flow is configured.
    pub fn redirect_enabled(&self) -> bool {
        use secrecy::ExposeSecret;
        !self.client_id.is_empty() && !self.client_secret.expose_secret().is_empty() && !self.redirect_url.is_empty()
    }
}

/// Verifies ID tokens with cached keys.
pub struct GoogleIdTokenVerifier {
    settings: GoogleSettings,
    agent: ureq::Agent,
    keys: Mutex<Option<(Instant, JwkSet)>>,
}

#[derive(Deserialize)]
struct GoogleClaims {
    sub: String,
    email: Option<String>,
    #[serde(default)]
    email_verified: bool,
    name: Option<String>,
}

fn rejected(reason: impl std::fmt::Display) -> GoogleTokenError {
    GoogleTokenError::Rejected(reason.to_string())
}

impl GoogleIdTokenVerifier {
    /// A verifier for these settings.
    pub fn new(settings: GoogleSettings) -> GoogleIdTokenVerifier {
        let agent = ureq::Agent::config_builder().timeout_global(Some(Duration::from_secs(10))).build().new_agent();
        GoogleIdTokenVerifier { settings, agent, keys: Mutex::new(None) }
    }

    fn fetch_keys(&self) -> anyhow::Result<JwkSet> {
        let body =
            self.agent.get(&self.settings.jwks_url).call().context("fetching Google's keys")?.body_mut().read_to_string().context("reading Google's keys")?;
        serde_json::from_str(&body).context("parsing Google's keys")
    }

    /// The key with this id: from the cache while fresh, else fetched again (a new id means
    /// Google rotated its keys).
    fn key(&self, kid: &str) -> Result<DecodingKey, GoogleTokenError> {
        let mut cache = self.keys.lock().map_err(|_| anyhow::anyhow!("key cache poisoned"))?;
        let fresh = cache.as_ref().filter(|(at, set)| at.elapsed() < KEYS_LIFETIME && set.find(kid).is_some());
        if fresh.is_none() {
            *cache = Some((Instant::now(), self.fetch_keys()?));
        }
        let jwk = cache.as_ref().and_then(|(_, set)| set.find(kid)).ok_or_else(|| rejected("unknown key id"))?;
        DecodingKey::from_jwk(jwk).map_err(rejected)
    }
}

impl GoogleVerifier for GoogleIdTokenVerifier {
    fn verify(&self, id_token: &str) -> Result<GoogleProfile, GoogleTokenError> {
        if self.settings.client_id.is_empty() {
            return Err(rejected("Google sign-in is not configured"));
        }
        let header = jsonwebtoken::decode_header(id_token).map_err(rejected)?;
        if header.alg != Algorithm::RS256 {
            return Err(rejected("unexpected algorithm"));
        }
        let key = self.key(header.kid.as_deref().ok_or_else(|| rejected("no key id"))?)?;
        let mut validation = Validation::new(Algorithm::RS256);
        validation.set_audience(&[&self.settings.client_id]);
        validation.set_issuer(&self.settings.issuers);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        let claims = jsonwebtoken::decode::<GoogleClaims>(id_token, &key, &validation).map_err(rejected)?.claims;
        Ok(GoogleProfile {
            subject: claims.sub,
            email: claims.email.as_deref().and_then(Email::parse),
            email_verified: claims.email_verified,
            name: claims.name,
        })
    }
}
