//! What can go wrong in identity use cases.

use kernel::FieldErrors;

/// The failure of an identity use case.
#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    /// The input broke field rules (unknown credentials and wrong codes are reported this way
    /// too, on the field concerned).
    #[error("invalid input: {0:?}")]
    Invalid(FieldErrors),
    /// No valid session: the token is missing, malformed, expired, revoked or used up.
    #[error("not signed in")]
    Unauthenticated,
    /// The user lacks the permission the action needs.
    #[error("permission denied")]
    Forbidden,
    /// The staff member holds the permission, but the change would reach beyond what they may
    /// do themselves (a stronger role, a stronger account, their own role, the last Super Admin).
    #[error("beyond the staff member's reach: {0}")]
    BeyondReach(Reach),
    /// No such person, group or role (or not one the caller looks after).
    #[error("not found")]
    NotFound,
    /// The account was blocked by staff.
    #[error("account blocked")]
    Blocked,
    /// The account is verified already, so there is nothing to verify.
    #[error("already verified")]
    AlreadyVerified,
    /// Too many attempts; the caller may retry after this many seconds.
    #[error("too many attempts, retry in {retry_after}s")]
    TooManyAttempts {
        /// Seconds until a new attempt is allowed.
        retry_after: u64,
    },
    /// A port failed (database, message gateway, Google keys).
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Why a change of staff accounts or roles was refused though its permission is held: nobody
/// gets further than their own permissions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum Reach {
    /// Only a Super Admin gives the Super Admin role or changes a Super Admin's account.
    SuperAdminOnly,
    /// The role allows something the staff member may not do themselves.
    RoleBeyondYours,
    /// The account holds permissions the staff member does not.
    AccountBeyondYours,
    /// Only a Super Admin changes the role they hold.
    OwnRole,
    /// The shop keeps at least one Super Admin.
    LastSuperAdmin,
    /// A client's phone or e-mail is changed only with `client-contact-edit`.
    ClientContact,
    /// API keys and webhook endpoints are made, changed and removed by a signed-in person,
    /// never by a key.
    PersonOnly,
    /// A phone is marked trusted, or unblocked, only with `phone-trust`.
    PhoneTrust,
}

impl IdentityError {
    /// One rule broken on one field.
    pub fn field(field: &str, rule: &'static str) -> IdentityError {
        IdentityError::Invalid(FieldErrors::single(field, rule))
    }
}

impl From<crate::ports::Taken> for IdentityError {
    /// A phone, e-mail or role name another account or role holds, on its field.
    fn from(which: crate::ports::Taken) -> Self {
        match which {
            crate::ports::Taken::Phone => IdentityError::field("phone", "phone_taken"),
            crate::ports::Taken::Email => IdentityError::field("email", "email_taken"),
            crate::ports::Taken::Name => IdentityError::field("name", "role_name_taken"),
        }
    }
}
