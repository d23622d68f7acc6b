//! Google's redirect flow with the oauth2 crate: the authorization URL with state and PKCE,
//! and the code exchange that yields an ID token.

use std::time::Duration;

use identity::ports::{GoogleAuthorization, GoogleRedirect, GoogleTokenError};
use oauth2::basic::{BasicErrorResponse, BasicRevocationErrorResponse, BasicTokenIntrospectionResponse, BasicTokenType};
use oauth2::{
    AuthUrl, AuthorizationCode, Client, ClientId, ClientSecret, CsrfToken, EndpointNotSet, EndpointSet, ExtraTokenFields, HttpRequest, HttpResponse,
    PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope, StandardRevocableToken, StandardTokenResponse, TokenUrl,
};
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};

use crate::GoogleSettings;

/// The ID token Google adds to its token response.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct IdTokenField {
    id_token: String,
}

impl ExtraTokenFields for IdTokenField {}

type GoogleClient = Client<
    BasicErrorResponse,
    StandardTokenResponse<IdTokenField, BasicTokenType>,
    BasicTokenIntrospectionResponse,
    StandardRevocableToken,
    BasicRevocationErrorResponse,
    EndpointSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointSet,
>;

/// The redirect flow against Google (or, in tests, a token server on loopback).
pub struct GoogleRedirectFlow {
    client: Option<GoogleClient>,
    agent: ureq::Agent,
}

fn rejected(reason: impl std::fmt::Display) -> GoogleTokenError {
    GoogleTokenError::Rejected(reason.to_string())
}

impl GoogleRedirectFlow {
    /// The flow for these settings (inactive when not configured).
    pub fn new(settings: &GoogleSettings) -> anyhow::Result<GoogleRedirectFlow> {
        let client = if settings.redirect_enabled() {
            Some(
                Client::new(ClientId::new(settings.client_id.clone()))
                    .set_client_secret(ClientSecret::new(settings.client_secret.expose_secret().to_string()))
                    .set_auth_uri(AuthUrl::new(settings.auth_url.clone())?)
                    .set_token_uri(TokenUrl::new(settings.token_url.clone())?)
                    .set_redirect_uri(RedirectUrl::new(settings.redirect_url.clone())?),
            )
        } else {
            None
        };
        let agent = ureq::Agent::config_builder().timeout_global(Some(Duration::from_secs(10))).http_status_as_error(false).build().new_agent();
        Ok(GoogleRedirectFlow { client, agent })
    }

    fn client(&self) -> Result<&GoogleClient, GoogleTokenError> {
        self.client.as_ref().ok_or_else(|| rejected("the Google redirect flow is not configured"))
    }

    /// Sends oauth2's request with ureq.
    fn send(&self, request: HttpRequest) -> Result<HttpResponse, ureq::Error> {
        let response = self.agent.run(request)?;
        let (parts, mut body) = response.into_parts();
        Ok(HttpResponse::from_parts(parts, body.read_to_vec()?))
    }
}

impl GoogleAuthorization for GoogleRedirectFlow {
    fn start(&self) -> Result<GoogleRedirect, GoogleTokenError> {
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state) = self
            .client()?
            .authorize_url(CsrfToken::new_random)
            .add_scope(Scope::new("openid".into()))
            .add_scope(Scope::new("email".into()))
            .add_scope(Scope::new("profile".into()))
            .set_pkce_challenge(challenge)
            .url();
        Ok(GoogleRedirect { url: url.to_string(), state: state.secret().clone(), pkce_verifier: verifier.secret().clone() })
    }

    fn exchange(&self, code: &str, pkce_verifier: &str) -> Result<String, GoogleTokenError> {
        let http = |request: HttpRequest| self.send(request);
        let response = self
            .client()?
            .exchange_code(AuthorizationCode::new(code.to_string()))
            .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier.to_string()))
            .request(&http)
            .map_err(|error| match error {
                oauth2::RequestTokenError::Request(cause) => GoogleTokenError::Unavailable(anyhow::anyhow!("token endpoint: {cause}")),
                other => rejected(format!("token exchange refused: {other}")),
            })?;
        Ok(response.extra_fields().id_token.clone())
    }
}
