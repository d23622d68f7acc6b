use super::{AuthSession, IdentityService};
use crate::error::IdentityError;
use crate::ports::{GoogleRedirect, GoogleTokenError};
use crate::user::{NewUser, Role};

impl IdentityService {
    /// Signs in with a Google ID token: the linked account, else the account with the same
    /// Google-verified e-mail (which gets linked), else a new verified customer account.
    pub fn login_with_google(&self, id_token: &str) -> Result<AuthSession, IdentityError> {
        let profile = self.ports.google.verify(id_token).map_err(google_error)?;
        let users = &self.ports.users;
        let verified_email = profile.email.clone().filter(|_| profile.email_verified);

        let user = if let Some(user) = users.find_by_google_subject(&profile.subject)? {
            user
        } else if let Some(user) = match &verified_email {
            Some(email) => users.find_by_email(email)?,
            None => None,
        } {
            users.link_google(user.id, &profile.subject)?;
            user
        } else {
            let email = verified_email.ok_or_else(|| IdentityError::field("token", "google_email_unverified"))?;
            let name = profile.name.clone().filter(|n| !n.trim().is_empty()).unwrap_or_else(|| email.to_string());
            let created = users.create(&NewUser {
                name,
                email: Some(email.clone()),
                phone: None,
                password_hash: None,
                role: Role::Customer,
                access_role: None,
                verified: true,
                city_id: None,
                google_subject: Some(profile.subject.clone()),
            })?;
            match created {
                Ok(user) => user,
                // The same Google account signing in twice at once: the first made it, this one
                // uses it.
                Err(_) => {
                    users.find_by_google_subject(&profile.subject)?.or(users.find_by_email(&email)?).ok_or(IdentityError::field("email", "email_taken"))?
                }
            }
        };
        if user.blocked {
            return Err(IdentityError::Blocked);
        }
        self.sign_in(user)
    }
}

impl IdentityService {
    /// Starts Google's redirect flow: where to send the browser and what to remember.
    pub fn start_google_redirect(&self) -> Result<GoogleRedirect, IdentityError> {
        self.ports.google_authorization.start().map_err(google_error)
    }

    /// Finishes Google's redirect flow: the code becomes an ID token, which signs in as
    /// [`IdentityService::login_with_google`] does.
    pub fn login_with_google_code(&self, code: &str, pkce_verifier: &str) -> Result<AuthSession, IdentityError> {
        let id_token = self.ports.google_authorization.exchange(code, pkce_verifier).map_err(google_error)?;
        self.login_with_google(&id_token)
    }
}

fn google_error(error: GoogleTokenError) -> IdentityError {
    match error {
        GoogleTokenError::Rejected(reason) => {
            tracing::info!(%reason, "google sign-in rejected");
            IdentityError::field("token", "google_token_invalid")
        }
        GoogleTokenError::Unavailable(cause) => IdentityError::Unknown(cause),
    }
}
