use kernel::{Email, FieldErrors, Phone};

use super::IdentityService;
use crate::error::IdentityError;
use crate::permission;
use crate::user::{NewUser, Role, User};

/// An account created by staff or the command line (admins, sales engineers, demo users).
#[derive(Debug, Clone, PartialEq)]
pub struct NewAccount {
    /// Full name.
    pub name: String,
    /// E-mail address.
    pub email: Option<Email>,
    /// Mobile number.
    pub phone: Phone,
    /// The password.
    pub password: String,
    /// Customer, admin or sales.
    pub role: Role,
}

impl IdentityService {
    /// Creates the built-in access roles, or brings their permissions up to date.
    pub fn ensure_built_in_roles(&self) -> Result<(), IdentityError> {
        self.ports.users.upsert_access_role(permission::SUPER_ADMIN, &permission::all())?;
        self.ports.users.upsert_access_role(permission::SALES_ENGINEER, &permission::sales_engineer())?;
        Ok(())
    }

    /// Creates a verified account; admins get the `Super Admin` role and sales users the
    /// `Sales Engineer` role.
    pub fn create_account(&self, account: NewAccount) -> Result<User, IdentityError> {
        let users = &self.ports.users;
        let mut errors = FieldErrors::new();
        crate::password::check_new_password(&account.password, &account.password, &mut errors);
        if users.find_by_phone(&account.phone)?.is_some() {
            errors.add("phone", "phone_taken");
        }
        if let Some(email) = &account.email
            && users.find_by_email(email)?.is_some()
        {
            errors.add("email", "email_taken");
        }
        errors.into_result().map_err(IdentityError::Invalid)?;
        let access_role = match account.role {
            Role::Admin => Some(permission::SUPER_ADMIN.to_string()),
            Role::Sales => Some(permission::SALES_ENGINEER.to_string()),
            Role::Customer => None,
        };
        Ok(users.create(&NewUser {
            name: account.name,
            email: account.email,
            phone: Some(account.phone),
            password_hash: Some(self.ports.hasher.hash(&account.password)?),
            role: account.role,
            access_role,
            verified: true,
            city_id: None,
            google_subject: None,
        })??)
    }
}
