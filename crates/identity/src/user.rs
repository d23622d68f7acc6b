//! Users of the shop: customers and staff.

use chrono::{DateTime, Utc};
pub use kernel::UserId;
use kernel::{Email, Phone};

/// What kind of user this is. Staff permissions come from their access role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum Role {
    /// A client of the shop.
    Customer,
    /// A back-office administrator.
    Admin,
    /// A sales engineer.
    Sales,
}

/// A user's gender, when they choose to give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum Gender {
    /// Male.
    Male,
    /// Female.
    Female,
}

/// A user as the shop knows them.
#[derive(Debug, Clone, PartialEq)]
pub struct User {
    /// Database id.
    pub id: UserId,
    /// Full name.
    pub name: String,
    /// E-mail address, optional for customers who register with a phone.
    pub email: Option<Email>,
    /// Mobile number; absent only for accounts created by Google sign-in.
    pub phone: Option<Phone>,
    /// Customer, admin or sales.
    pub role: Role,
    /// The staff access role's name, if any.
    pub access_role: Option<String>,
    /// Permission strings granted by the access role.
    pub permissions: Vec<String>,
    /// Whether the user proved they own their phone or e-mail.
    pub verified: bool,
    /// Whether staff blocked the account.
    pub blocked: bool,
    /// The shipping city the user lives in.
    pub city_id: Option<i64>,
    /// Country name, free text.
    pub country: Option<String>,
    /// Gender, if given.
    pub gender: Option<Gender>,
    /// Loyalty points balance (the points ledger's sum).
    pub points: i64,
    /// The client group they belong to, if any.
    pub group_id: Option<i64>,
    /// When the account was created.
    pub created_at: DateTime<Utc>,
    /// The API key this request acts through, if it came with one: a key acts within its
    /// scopes alone, is never the Super Admin, and makes no keys or webhook endpoints.
    pub api_key: Option<i64>,
}

impl User {
    /// Whether the user's access role holds the permission.
    pub fn can(&self, permission: crate::permission::Permission) -> bool {
        let name: &str = permission.into();
        self.permissions.iter().any(|held| held == name)
    }

    /// Whether the user holds the built-in `Super Admin` role and acts as themselves: a request
    /// made with a key is judged by the key's scopes alone, whoever made it.
    pub fn is_super_admin(&self) -> bool {
        self.api_key.is_none() && self.access_role.as_deref() == Some(crate::permission::SUPER_ADMIN)
    }

    /// `BeyondReach(PersonOnly)` when the request came with an API key: what makes or changes a
    /// credential (a key, a webhook endpoint) needs a signed-in person.
    pub fn require_person(&self) -> Result<(), crate::error::IdentityError> {
        match self.api_key {
            Some(_) => Err(crate::error::IdentityError::BeyondReach(crate::error::Reach::PersonOnly)),
            None => Ok(()),
        }
    }

    /// Whether the user may do everything these permissions allow.
    pub fn can_all(&self, permissions: &[crate::permission::Permission]) -> bool {
        permissions.iter().all(|permission| self.can(*permission))
    }
}

/// A user to be created.
#[derive(Debug, Clone, PartialEq)]
pub struct NewUser {
    /// Full name.
    pub name: String,
    /// E-mail address.
    pub email: Option<Email>,
    /// Mobile number.
    pub phone: Option<Phone>,
    /// argon2 hash of the password, absent for Google-only accounts.
    pub password_hash: Option<String>,
    /// Customer, admin or sales.
    pub role: Role,
    /// The staff access role by name.
    pub access_role: Option<String>,
    /// Whether the contact is already proven (Google e-mail, staff created by an admin).
    pub verified: bool,
    /// Shipping city.
    pub city_id: Option<i64>,
    /// Google account subject, for Google sign-in.
    pub google_subject: Option<String>,
}

/// The changes a user makes to their own profile.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileChange {
    /// Full name.
    pub name: String,
    /// E-mail address.
    pub email: Option<Email>,
    /// Mobile number.
    pub phone: Option<Phone>,
    /// Shipping city.
    pub city_id: Option<i64>,
    /// Country.
    pub country: Option<String>,
    /// Gender.
    pub gender: Option<Gender>,
}

/// A new phone or e-mail waiting for the code sent to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactChange {
    /// The new phone, when the phone changes.
    pub phone: Option<Phone>,
    /// The new e-mail, when the e-mail changes.
    pub email: Option<Email>,
}

/// What a user types to sign in: an e-mail address or a phone number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoginName {
    /// An e-mail address.
    Email(Email),
    /// An Egyptian mobile number.
    Phone(Phone),
}

impl LoginName {
    /// Reads an e-mail (anything with `@`) or a phone in any common form.
    pub fn parse(raw: &str) -> Option<LoginName> {
        if raw.contains('@') { Email::parse(raw).map(LoginName::Email) } else { Phone::parse(raw).map(LoginName::Phone) }
    }

    /// A stable text for rate-limit keys.
    pub fn key(&self) -> String {
        match self {
            LoginName::Email(email) => email.to_string(),
            LoginName::Phone(phone) => phone.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn login_names_are_emails_or_phones_in_any_form() {
        assert!(matches!(LoginName::parse("Farmer@Example.com"), Some(LoginName::Email(_))));
        let phone = LoginName::parse("٠١٠١٢٣٤٥٦٧٨");
        assert_eq!(phone.map(|p| p.key()), Some("01012345678".to_string()));
        assert!(LoginName::parse("nobody").is_none());
    }
}
