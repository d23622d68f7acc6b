use kernel::{Email, FieldErrors, Locale, Phone};

use super::{AuthSession, IdentityService};
use crate::error::IdentityError;
use crate::otp::OtpPurpose;
use crate::password::check_new_password;
use crate::ports::Destination;
use crate::user::{NewUser, Role};

/// What a visitor fills in to open an account.
#[derive(Debug, Clone, PartialEq)]
pub struct Registration {
    /// Full name.
    pub name: String,
    /// Mobile number.
    pub phone: Phone,
    /// Optional e-mail.
    pub email: Option<Email>,
    /// The password.
    pub password: String,
    /// The password again.
    pub password_confirmation: String,
    /// Optional shipping city.
    pub city_id: Option<i64>,
}

impl IdentityService {
    /// Opens a customer account, signs it in and sends the verification code by SMS (and by
    /// e-mail when one was given). Each client address and each block of phone numbers may
    /// open only so many accounts an hour: every account costs messages.
    pub fn register(&self, form: Registration, locale: Locale, client: &str) -> Result<AuthSession, IdentityError> {
        let users = &self.ports.users;
        let mut errors = FieldErrors::new();
        check_new_password(&form.password, &form.password_confirmation, &mut errors);
        if users.find_by_phone(&form.phone)?.is_some() {
            errors.add("phone", "phone_taken");
        }
        if let Some(email) = &form.email
            && users.find_by_email(email)?.is_some()
        {
            errors.add("email", "email_taken");
        }
        if let Some(city) = form.city_id
            && !users.city_exists(city)?
        {
            errors.add("city_id", "city_unknown");
        }
        errors.into_result().map_err(IdentityError::Invalid)?;
        self.admit_all(&[
            (format!("register-from:{client}"), self.limits.registrations),
            (format!("register-block:{}", phone_block(&form.phone)), self.limits.registrations_per_phone_block),
        ])?;

        let user = users.create(&NewUser {
            name: form.name,
            email: form.email.clone(),
            phone: Some(form.phone.clone()),
            password_hash: Some(self.ports.hasher.hash(&form.password)?),
            role: Role::Customer,
            access_role: None,
            verified: false,
            city_id: form.city_id,
            google_subject: None,
        })??;

        let mut destinations = vec![Destination::Sms(form.phone)];
        destinations.extend(form.email.map(Destination::Email));
        // The account exists now: a gateway failure must not hide that from the user, who
        // can ask for the code again once signed in.
        if let Err(error) = self.send_code(&user, OtpPurpose::Verify, &destinations, locale) {
            tracing::warn!(?error, user = user.id.0, "the verification code could not be sent");
        }
        self.record_attempt(&verification_key(&user))?;
        self.sign_in(user)
    }
}

/// The attempt-log key of verification codes sent to a user.
pub(super) fn verification_key(user: &crate::user::User) -> String {
    format!("send:verify:{}", user.id.0)
}

/// The block of ten thousand numbers a phone belongs to (`0101234` of `01012345678`).
fn phone_block(phone: &kernel::Phone) -> &str {
    phone.as_str().get(..7).unwrap_or(phone.as_str())
}
