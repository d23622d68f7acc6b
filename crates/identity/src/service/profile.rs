use kernel::FieldErrors;

use super::{IdentityService, Principal};
use crate::error::IdentityError;
use crate::password::check_new_password;
use crate::user::{ProfileChange, User};

impl IdentityService {
    /// Updates the signed-in user's profile; the phone and e-mail must not belong to someone
    /// else and the city must exist.
    pub fn update_profile(&self, principal: &Principal, change: ProfileChange) -> Result<User, IdentityError> {
        let users = &self.ports.users;
        let me = principal.user.id;
        let mut errors = FieldErrors::new();
        if let Some(phone) = &change.phone
            && users.find_by_phone(phone)?.is_some_and(|other| other.id != me)
        {
            errors.add("phone", "phone_taken");
        }
        if let Some(email) = &change.email
            && users.find_by_email(email)?.is_some_and(|other| other.id != me)
        {
            errors.add("email", "email_taken");
        }
        if let Some(city) = change.city_id
            && !users.city_exists(city)?
        {
            errors.add("city_id", "city_unknown");
        }
        errors.into_result().map_err(IdentityError::Invalid)?;
        Ok(users.update_profile(me, &change)?)
    }

    /// Changes the password after checking the current one (accounts made by Google sign-in
    /// have none to check). Every other session of the user ends.
    pub fn change_password(&self, principal: &Principal, current: &str, password: &str, confirmation: &str) -> Result<(), IdentityError> {
        let user = &principal.user;
        let mut errors = FieldErrors::new();
        if let Some(hash) = self.ports.users.password_hash(user.id)?
            && !self.ports.hasher.verify(current, &hash)
        {
            errors.add("current_password", "current_password_wrong");
        }
        check_new_password(password, confirmation, &mut errors);
        errors.into_result().map_err(IdentityError::Invalid)?;

        self.ports.users.set_password_hash(user.id, &self.ports.hasher.hash(password)?)?;
        let now = self.ports.clock.now();
        Ok(self.ports.sessions.end_all_for_user(user.id, Some(principal.session_id.clone()), now)?)
    }
}
