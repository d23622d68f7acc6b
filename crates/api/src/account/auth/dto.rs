//! Request and response shapes of the API, and their conversion to and from the domain.

use chrono::{DateTime, Utc};
use identity::{AuthSession, User};
use kernel::{Email, FieldErrors, Phone};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::common::lenient::lenient_int;

/// The longest name accepted.
const NAME_MAX: usize = 120;
/// The longest e-mail or phone typed as a username (no address is longer).
const USERNAME_MAX: usize = 254;

/// A required username of a sane length.
fn username(errors: &mut FieldErrors, value: Option<String>) -> String {
    let username = required(errors, "username", value).unwrap_or_default();
    if username.chars().count() > USERNAME_MAX {
        errors.add("username", "too_long");
    }
    username
}

/// A user as the API shows them.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserData {
    /// User id.
    pub id: i64,
    /// Full name.
    pub name: String,
    /// E-mail address.
    pub email: Option<String>,
    /// Mobile number, national form `01XXXXXXXXX`.
    pub phone: Option<String>,
    /// Loyalty points balance.
    pub points: i64,
    /// Whether the account is verified.
    pub verified: bool,
    /// `customer`, `admin` or `sales`.
    pub role: String,
    /// The staff access role, if any.
    pub access_role: Option<String>,
    /// Permission strings.
    pub permissions: Vec<String>,
    /// Shipping city id.
    pub city_id: Option<i64>,
    /// Country.
    #[schema(max_length = 120)]
    pub country: Option<String>,
    /// `male` or `female`.
    #[schema(pattern = r"^\s*(male|female)?\s*$")]
    pub gender: Option<String>,
    /// When the account was created.
    pub created_at: DateTime<Utc>,
}

impl From<User> for UserData {
    fn from(user: User) -> Self {
        UserData {
            id: user.id.0,
            name: user.name,
            email: user.email.map(|e| e.to_string()),
            phone: user.phone.map(|p| p.to_string()),
            points: user.points,
            verified: user.verified,
            role: user.role.to_string(),
            access_role: user.access_role,
            permissions: user.permissions,
            city_id: user.city_id,
            country: user.country,
            gender: user.gender.map(|gender| gender.to_string()),
            created_at: user.created_at,
        }
    }
}

/// A signed-in user with their bearer token.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthData {
    /// The bearer token for `Authorization: Bearer …`.
    pub token: String,
    /// The user.
    #[serde(flatten)]
    pub user: UserData,
}

/// The answer of register and the logins.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthResponse {
    /// What happened, in the request's language.
    pub message: String,
    /// The token and the user.
    pub data: AuthData,
}

impl AuthResponse {
    /// The answer for a new session.
    pub fn new(message: String, session: AuthSession) -> AuthResponse {
        AuthResponse { message, data: AuthData { token: session.token, user: session.user.into() } }
    }
}

/// An answer that carries a user.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserResponse {
    /// What happened, when something did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The user.
    pub data: UserData,
    /// A new phone or e-mail waiting for the code sent to it (`GET /api/auth/me` only): the
    /// client's own change, or one staff made for them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending: Option<PendingContact>,
}

/// A temporary token for the password reset.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenData {
    /// Bearer token accepted only by `PUT /api/auth/reset-password`, once, for 15 minutes.
    pub token: String,
}

/// The answer of a correct reset code.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenResponse {
    /// What happened.
    pub message: String,
    /// The temporary token.
    pub data: TokenData,
}

/// A required text field, trimmed.
fn required(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<String> {
    let value = value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
    if value.is_none() {
        errors.add(field, "required");
    }
    value
}

/// A required secret, kept exactly as typed.
fn required_secret(errors: &mut FieldErrors, field: &str, value: Option<String>) -> String {
    match value.filter(|v| !v.is_empty()) {
        Some(value) => value,
        None => {
            errors.add(field, "required");
            String::new()
        }
    }
}

/// An optional text field: blank is none.
fn optional(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

fn name(errors: &mut FieldErrors, value: Option<String>) -> String {
    // The limit holds for the name as sent, as the API document says, not only once trimmed.
    errors.limit_length("name", value.as_deref().unwrap_or_default(), NAME_MAX);
    required(errors, "name", value).unwrap_or_default()
}

fn phone(errors: &mut FieldErrors, value: Option<String>) -> Option<Phone> {
    let raw = optional(value)?;
    let phone = Phone::parse(&raw);
    if phone.is_none() {
        errors.add("phone", "phone_invalid");
    }
    phone
}

fn email(errors: &mut FieldErrors, value: Option<String>) -> Option<Email> {
    let raw = optional(value)?;
    let email = Email::parse(&raw);
    if email.is_none() {
        errors.add("email", "email_invalid");
    }
    email
}

fn code(errors: &mut FieldErrors, value: Option<String>) -> Option<identity::otp::OtpCode> {
    let raw = required(errors, "code", value)?;
    let code = identity::otp::OtpCode::parse(&raw);
    if code.is_none() {
        errors.add("code", "code_format");
    }
    code
}

/// `POST /api/auth/register`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterRequest {
    /// Full name.
    #[schema(max_length = 120)]
    pub name: Option<String>,
    /// Egyptian mobile number in any common form.
    pub phone: Option<String>,
    /// Optional e-mail.
    pub email: Option<String>,
    /// At least 8 characters with letters and digits.
    #[schema(min_length = 8, max_length = 128)]
    pub password: Option<String>,
    /// The password again.
    pub password_confirmation: Option<String>,
    /// Optional shipping city id.
    #[serde(default, deserialize_with = "lenient_int")]
    pub city_id: Option<i64>,
}

impl RegisterRequest {
    /// The registration, or every field error found.
    pub fn into_domain(self) -> Result<identity::Registration, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = name(&mut errors, self.name);
        if optional(self.phone.clone()).is_none() {
            errors.add("phone", "required");
        }
        let phone = phone(&mut errors, self.phone);
        let email = email(&mut errors, self.email);
        let password = required_secret(&mut errors, "password", self.password);
        let password_confirmation = required_secret(&mut errors, "password_confirmation", self.password_confirmation);
        // The password rules are the domain's; checking them here too lets one answer name
        // every broken field.
        if !errors.has("password") && !errors.has("password_confirmation") && !errors.is_empty() {
            identity::password::check_new_password(&password, &password_confirmation, &mut errors);
        }
        match (errors.is_empty(), phone) {
            (true, Some(phone)) => Ok(identity::Registration { name, phone, email, password, password_confirmation, city_id: self.city_id }),
            _ => Err(errors),
        }
    }
}

/// `POST /api/auth/login`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    /// E-mail or mobile number (any common form, Arabic-Indic digits too).
    pub username: Option<String>,
    /// The password.
    pub password: Option<String>,
}

impl LoginRequest {
    /// Username and password, both present.
    pub fn into_domain(self) -> Result<(String, String), FieldErrors> {
        let mut errors = FieldErrors::new();
        let username = username(&mut errors, self.username);
        let password = required_secret(&mut errors, "password", self.password);
        errors.into_result().map(|()| (username, password))
    }
}

/// `POST /api/auth/login/google`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GoogleLoginRequest {
    /// The Google ID token from Google Identity Services.
    pub token: Option<String>,
}

impl GoogleLoginRequest {
    /// The ID token, present.
    pub fn into_domain(self) -> Result<String, FieldErrors> {
        let mut errors = FieldErrors::new();
        let token = required(&mut errors, "token", self.token).unwrap_or_default();
        errors.into_result().map(|()| token)
    }
}

/// `POST /api/auth/verify`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyRequest {
    /// The six-digit code.
    pub code: Option<String>,
}

impl VerifyRequest {
    /// The code, well formed.
    pub fn into_domain(self) -> Result<identity::otp::OtpCode, FieldErrors> {
        let mut errors = FieldErrors::new();
        let code = code(&mut errors, self.code);
        code.ok_or(errors)
    }
}

/// `POST /api/auth/verify/resend`: send by e-mail when `email` is given, else by SMS.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ResendRequest {
    /// Any value asks for the e-mail channel.
    pub email: Option<String>,
    /// Any value asks for the SMS channel.
    pub phone: Option<String>,
}

impl ResendRequest {
    /// The channel asked for, if any.
    pub fn channel(self) -> Option<identity::service::Channel> {
        if optional(self.email).is_some() {
            Some(identity::service::Channel::Email)
        } else if optional(self.phone).is_some() {
            Some(identity::service::Channel::Sms)
        } else {
            None
        }
    }
}

/// `POST /api/auth/forget-password`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgetPasswordRequest {
    /// E-mail or mobile number.
    pub username: Option<String>,
}

impl ForgetPasswordRequest {
    /// The username, present.
    pub fn into_domain(self) -> Result<String, FieldErrors> {
        let mut errors = FieldErrors::new();
        let username = username(&mut errors, self.username);
        errors.into_result().map(|()| username)
    }
}

/// `POST /api/auth/forget-password/check-otp`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CheckOtpRequest {
    /// The e-mail or mobile number the code was sent to.
    pub username: Option<String>,
    /// The six-digit code.
    pub code: Option<String>,
}

impl CheckOtpRequest {
    /// Username and code, present and well formed.
    pub fn into_domain(self) -> Result<(String, identity::otp::OtpCode), FieldErrors> {
        let mut errors = FieldErrors::new();
        let username = Some(username(&mut errors, self.username)).filter(|u| !u.is_empty());
        let code = code(&mut errors, self.code);
        match (username, code) {
            (Some(username), Some(code)) if errors.is_empty() => Ok((username, code)),
            _ => Err(errors),
        }
    }
}

/// `PUT /api/auth/reset-password` (with the temporary token).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetPasswordRequest {
    /// The new password.
    #[schema(min_length = 8, max_length = 128)]
    pub password: Option<String>,
    /// The new password again.
    pub password_confirmation: Option<String>,
}

impl ResetPasswordRequest {
    /// Password and confirmation, present.
    pub fn into_domain(self) -> Result<(String, String), FieldErrors> {
        let mut errors = FieldErrors::new();
        let password = required_secret(&mut errors, "password", self.password);
        let confirmation = required_secret(&mut errors, "password_confirmation", self.password_confirmation);
        errors.into_result().map(|()| (password, confirmation))
    }
}

/// `PUT /api/auth/profile`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProfileRequest {
    /// Full name.
    #[schema(max_length = 120)]
    pub name: Option<String>,
    /// E-mail (an account needs an e-mail or a phone).
    pub email: Option<String>,
    /// Mobile number.
    pub phone: Option<String>,
    /// Shipping city id.
    #[serde(default, deserialize_with = "lenient_int")]
    pub city_id: Option<i64>,
    /// Country.
    pub country: Option<String>,
    /// `male` or `female`.
    pub gender: Option<String>,
    /// The current password: needed to change the phone or e-mail.
    pub current_password: Option<String>,
}

impl ProfileRequest {
    /// The profile change and the current password as typed, or every field error found.
    pub fn into_domain(self) -> Result<(identity::user::ProfileChange, String), FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = name(&mut errors, self.name);
        let phone = phone(&mut errors, self.phone);
        let email = email(&mut errors, self.email);
        if phone.is_none() && email.is_none() && errors.is_empty() {
            errors.add("phone", "required");
        }
        let gender = optional(self.gender).and_then(|raw| {
            let gender = raw.parse::<identity::Gender>().ok();
            if gender.is_none() {
                errors.add("gender", "gender_invalid");
            }
            gender
        });
        errors.limit_length("country", self.country.as_deref().unwrap_or_default(), NAME_MAX);
        let country = optional(self.country);
        errors.into_result()?;
        let current_password = self.current_password.unwrap_or_default();
        Ok((identity::user::ProfileChange { name, email, phone, city_id: self.city_id, country, gender }, current_password))
    }
}

/// A new phone or e-mail waiting for its code.
#[derive(Debug, Serialize, ToSchema)]
pub struct PendingContact {
    /// The new phone, when the phone changes.
    pub phone: Option<String>,
    /// The new e-mail, when the e-mail changes.
    pub email: Option<String>,
}

/// The answer of a profile change.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileResponse {
    /// What happened; tells where a code went when a contact waits for it.
    pub message: String,
    /// The user, with the old contacts in force until the code comes back.
    pub data: UserData,
    /// The contact change waiting for its code (`POST /api/auth/profile/confirm-contact`).
    pub pending: Option<PendingContact>,
}

impl From<identity::ContactChange> for PendingContact {
    fn from(change: identity::ContactChange) -> Self {
        PendingContact { phone: change.phone.map(|p| p.to_string()), email: change.email.map(|e| e.to_string()) }
    }
}

/// `PUT /api/auth/password`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordRequest {
    /// The current password (not needed for accounts made by Google sign-in).
    pub current_password: Option<String>,
    /// The new password.
    #[schema(min_length = 8, max_length = 128)]
    pub password: Option<String>,
    /// The new password again.
    pub password_confirmation: Option<String>,
}

impl PasswordRequest {
    /// Current, new and confirmation.
    pub fn into_domain(self) -> Result<(String, String, String), FieldErrors> {
        let mut errors = FieldErrors::new();
        let password = required_secret(&mut errors, "password", self.password);
        let confirmation = required_secret(&mut errors, "password_confirmation", self.password_confirmation);
        errors.into_result().map(|()| (self.current_password.unwrap_or_default(), password, confirmation))
    }
}

/// The sign-in providers on offer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Providers {
    /// The Google OAuth client id for Google Identity Services; null when Google sign-in is off.
    pub google_client_id: Option<String>,
    /// Whether `/api/auth/google/redirect` (the redirect flow) is available.
    pub google_redirect: bool,
}

/// `GET /api/auth/providers`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProvidersResponse {
    /// The providers.
    pub data: Providers,
}
