//! People as staff manage them (design §4a, §5, §6): clients with their group, sales engineer
//! and notes; the client groups; staff accounts (admins and sales engineers) with their access
//! role; and the access roles themselves.

use chrono::{DateTime, Utc};
use kernel::{Email, FieldErrors, Localized, PageRequest, Phone, UserId};

use crate::permission::Permission;

/// A client's standing, as the spec's status labels name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum ClientStatus {
    /// Proved their phone or e-mail, not blocked.
    Verified,
    /// Not proved yet, not blocked.
    NotVerified,
    /// Blocked by staff.
    Blocked,
}

/// Which clients a staff list shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientQuery {
    /// Part of a name or an e-mail, or a phone in any form.
    pub search: Option<String>,
    /// Only clients of this standing.
    pub status: Option<ClientStatus>,
    /// Only clients living in this city.
    pub city: Option<i64>,
    /// Only clients of this group.
    pub group: Option<i64>,
    /// Only the clients this sales engineer looks after.
    pub sales_engineer: Option<UserId>,
    /// The page.
    pub page: PageRequest,
}

/// Someone staff can be named by: an id and a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    /// The id.
    pub id: i64,
    /// The name, in both languages where it has two.
    pub name: Localized<String>,
}

/// A client as staff list them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientSummary {
    /// The account.
    pub id: UserId,
    /// Full name.
    pub name: String,
    /// Mobile number.
    pub phone: Option<Phone>,
    /// E-mail.
    pub email: Option<Email>,
    /// Verified, not verified or blocked.
    pub status: ClientStatus,
    /// Where they live.
    pub city: Option<Named>,
    /// Their group.
    pub group: Option<Named>,
    /// Who looks after them (their own, or the shop's default engineer).
    pub sales_engineer: Option<Named>,
    /// Points held.
    pub points: i64,
    /// When they joined.
    pub created_at: DateTime<Utc>,
}

/// A note staff keep on a client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientNote {
    /// Who wrote it, while their account exists.
    pub author: Option<String>,
    /// What they wrote.
    pub body: String,
    /// When.
    pub at: DateTime<Utc>,
}

/// A client's page: the summary, the rest of the profile and the notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientProfile {
    /// What the list shows.
    pub summary: ClientSummary,
    /// Country, free text.
    pub country: Option<String>,
    /// Gender, as given.
    pub gender: Option<crate::user::Gender>,
    /// Staff notes, newest first.
    pub notes: Vec<ClientNote>,
}

/// A client as staff write them: a new one, or a change to one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientDraft {
    /// Full name.
    pub name: String,
    /// Mobile number.
    pub phone: Phone,
    /// E-mail.
    pub email: Option<Email>,
    /// City.
    pub city: Option<i64>,
    /// Group.
    pub group: Option<i64>,
    /// Their own sales engineer; none for the shop's default one.
    pub sales_engineer: Option<UserId>,
}

/// A client group (design §5): a named segment SMS and promo codes aim at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientGroup {
    /// Its id.
    pub id: i64,
    /// Its name.
    pub name: Localized<String>,
    /// How many clients it holds.
    pub clients: u64,
}

/// Which staff accounts a list shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffQuery {
    /// Admins or sales engineers.
    pub role: crate::user::Role,
    /// Part of a name or an e-mail, or a phone.
    pub search: Option<String>,
    /// The page.
    pub page: PageRequest,
}

/// A staff account as staff list them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffMember {
    /// The account.
    pub id: UserId,
    /// Full name.
    pub name: String,
    /// Mobile number.
    pub phone: Option<Phone>,
    /// E-mail.
    pub email: Option<Email>,
    /// Admin or sales engineer.
    pub role: crate::user::Role,
    /// Their access role.
    pub access_role: Option<Named>,
    /// Blocked by staff.
    pub blocked: bool,
    /// For a sales engineer: the clients they look after.
    pub clients: u64,
    /// When the account was made.
    pub created_at: DateTime<Utc>,
}

/// A staff account as staff write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffDraft {
    /// Full name.
    pub name: String,
    /// Mobile number.
    pub phone: Phone,
    /// E-mail.
    pub email: Option<Email>,
    /// Their access role.
    pub access_role: i64,
    /// The password's hash: required for a new account, none to keep the password.
    pub password_hash: Option<String>,
}

/// An access role (design §6): a named set of permissions staff hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessRole {
    /// Its id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Made by the shop (`Super Admin`, `Sales Engineer`): kept up to date at every start.
    pub built_in: bool,
    /// What it allows, in the roles screen's order.
    pub permissions: Vec<Permission>,
    /// How many staff hold it.
    pub holders: u64,
}

/// A role as staff write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoleDraft {
    /// Its name.
    pub name: String,
    /// What it allows.
    pub permissions: Vec<Permission>,
}

/// The longest name of a role or a group.
pub const NAME_MAX: usize = 80;

impl RoleDraft {
    /// A role has a name of 1 to 80 characters and at least one permission.
    pub fn check(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        if self.name.chars().count() > NAME_MAX {
            errors.add("name", "too_long");
        } else if self.name.trim().is_empty() {
            errors.add("name", "required");
        }
        if self.permissions.is_empty() {
            errors.add("permissions", "permissions_required");
        }
        errors.into_result()
    }
}

/// Checks a group's names: both languages, 1 to 80 characters each.
pub fn check_group_name(name: &Localized<String>) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    for (field, text) in [("name_ar", &name.ar), ("name_en", &name.en)] {
        if text.chars().count() > NAME_MAX {
            errors.add(field, "too_long");
        } else if text.trim().is_empty() {
            errors.add(field, "required");
        }
    }
    errors.into_result()
}

/// What became of a change of a staff account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaffChange {
    /// The account was changed.
    Saved,
    /// There was no such account of that kind.
    NotFound,
    /// Another account has this phone or e-mail.
    Taken(crate::ports::Taken),
    /// It holds the last Super Admin role, and the change would take it away.
    LastSuperAdmin,
}

/// What a staff account's removal took with it: their API keys, revoked, and their webhook
/// endpoints, paused until another person saves them, in the removal's own transaction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Retired {
    /// Keys of theirs that worked until now.
    pub keys_revoked: u32,
    /// Endpoints of theirs that were not paused yet.
    pub endpoints_paused: u32,
}

/// What removing a staff account or a role found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// It is gone.
    Removed,
    /// There was none.
    NotFound,
    /// It was the last admin account; it stays.
    LastAdmin,
    /// Staff still hold the role; it stays.
    Held,
}
