//! The staff's side of people (design §5, §6), one use case per function: clients (`clients`,
//! `client`, `add_client`, `update_client`, `block`, `add_client_note`), their groups
//! (`groups`, `add_group`, `rename_group`, `remove_group`), staff accounts (`staff`,
//! `staff_member`, `add_staff`, `update_staff`, `remove_staff`) and access roles (`roles`,
//! `role`, `add_role`, `update_role`, `remove_role`). A sales engineer sees and changes only the
//! clients they look after.

use std::sync::Arc;

use kernel::{Clock, FieldErrors, Localized, Page, UserId};

use crate::error::{IdentityError, Reach};
use crate::password::{PasswordHasher, check_new_password};
use crate::people::{
    AccessRole, ClientDraft, ClientGroup, ClientProfile, ClientQuery, ClientSummary, Removal, Retired, RoleDraft, StaffChange, StaffDraft, StaffMember,
    StaffQuery, check_group_name,
};
use crate::permission::{self, Permission};
use crate::ports::PeopleStore;
use crate::user::{ContactChange, Role, User};

/// The longest person's name, as at sign-up.
const PERSON_NAME_MAX: usize = 120;

/// The longest note on a client.
pub const NOTE_MAX: usize = 2000;

/// A staff account as staff send it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffForm {
    /// Full name.
    pub name: String,
    /// Mobile number, as typed.
    pub phone: String,
    /// E-mail, as typed; empty for none.
    pub email: String,
    /// The password; empty keeps the current one of an account being changed.
    pub password: String,
    /// Their access role.
    pub access_role: Option<i64>,
}

/// A client as staff send them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientForm {
    /// Full name.
    pub name: String,
    /// Mobile number, as typed.
    pub phone: String,
    /// E-mail, as typed; empty for none.
    pub email: String,
    /// City.
    pub city: Option<i64>,
    /// Group.
    pub group: Option<i64>,
    /// Their own sales engineer; none for the shop's default one.
    pub sales_engineer: Option<UserId>,
    /// A first password (new clients only); empty lets them set one by the reset screen.
    pub password: String,
}

/// A new phone or e-mail staff gave a client, waiting for the client's code, with the contacts
/// the client has now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProposedContact {
    /// The new phone and e-mail.
    pub change: ContactChange,
    /// The client's phone and e-mail now.
    pub replaced: ContactChange,
}

/// The staff's people use cases over their ports.
pub struct PeopleDesk {
    store: Arc<dyn PeopleStore>,
    hasher: Arc<dyn PasswordHasher>,
    clock: Arc<dyn Clock>,
}

impl PeopleDesk {
    /// The use cases over their ports.
    pub fn new(store: Arc<dyn PeopleStore>, hasher: Arc<dyn PasswordHasher>, clock: Arc<dyn Clock>) -> PeopleDesk {
        PeopleDesk { store, hasher, clock }
    }

    /// A page of clients; a sales engineer's list holds only the clients they look after.
    pub fn clients(&self, viewer: &User, mut query: ClientQuery) -> Result<Page<ClientSummary>, IdentityError> {
        if viewer.role == Role::Sales {
            query.sales_engineer = Some(viewer.id);
        }
        Ok(self.store.clients(&query)?)
    }

    /// One client's page, whoever looks after them: for the shop's own readers (the webhooks'
    /// events carry it).
    pub fn any_client(&self, id: UserId) -> Result<ClientProfile, IdentityError> {
        self.store.client(id)?.ok_or(IdentityError::NotFound)
    }

    /// One client's page; another sales engineer's client is not found.
    pub fn client(&self, viewer: &User, id: UserId) -> Result<ClientProfile, IdentityError> {
        let profile = self.any_client(id)?;
        let theirs = profile.summary.sales_engineer.as_ref().map(|engineer| UserId(engineer.id));
        if viewer.role == Role::Sales && theirs != Some(viewer.id) {
            return Err(IdentityError::NotFound);
        }
        Ok(profile)
    }

    /// Adds a verified client; one a sales engineer adds is theirs.
    pub fn add_client(&self, viewer: &User, form: ClientForm) -> Result<UserId, IdentityError> {
        let mut draft = client_draft(&form)?;
        if viewer.role == Role::Sales {
            draft.sales_engineer = Some(viewer.id);
        }
        self.check_sales_engineer(draft.sales_engineer)?;
        let hash = if form.password.is_empty() {
            None
        } else {
            let mut errors = FieldErrors::new();
            check_new_password(&form.password, &form.password, &mut errors);
            errors.into_result().map_err(IdentityError::Invalid)?;
            Some(self.hasher.hash(&form.password)?)
        };
        self.store.add_client(&draft, hash.as_deref(), self.clock.now())?.map_err(IdentityError::from)
    }

    /// Changes a client's profile, group and sales engineer; a sales engineer keeps their
    /// client (they cannot hand them to another). The phone and e-mail are how the client signs
    /// in: changing them needs `client-contact-edit`, a removed e-mail goes at once, and a new
    /// phone or e-mail is not written here but answered, to wait for the code sent to it
    /// (`IdentityService::propose_contact_change`), so nobody re-points a client's login.
    pub fn update_client(&self, viewer: &User, id: UserId, form: ClientForm) -> Result<Option<ProposedContact>, IdentityError> {
        let current = self.client(viewer, id)?;
        let mut draft = client_draft(&form)?;
        if viewer.role == Role::Sales {
            draft.sales_engineer = current.summary.sales_engineer.map(|engineer| UserId(engineer.id));
        } else {
            self.check_sales_engineer(draft.sales_engineer)?;
        }
        let new_phone = Some(&draft.phone).filter(|phone| current.summary.phone.as_ref() != Some(*phone)).cloned();
        let new_email = draft.email.clone().filter(|email| current.summary.email.as_ref() != Some(email));
        let email_removed = draft.email.is_none() && current.summary.email.is_some();
        if (new_phone.is_some() || new_email.is_some() || email_removed) && !viewer.can(Permission::ClientContactEdit) {
            return Err(IdentityError::BeyondReach(Reach::ClientContact));
        }
        if let Some(taken) = self.store.contact_taken(id, new_phone.as_ref(), new_email.as_ref())? {
            return Err(taken.into());
        }
        if new_email.is_some() {
            draft.email = current.summary.email.clone();
        }
        if !self.store.update_client(id, &draft, self.clock.now())?.map_err(IdentityError::from)? {
            return Err(IdentityError::NotFound);
        }
        Ok((new_phone.is_some() || new_email.is_some()).then_some(ProposedContact {
            change: ContactChange { phone: new_phone, email: new_email },
            replaced: ContactChange { phone: current.summary.phone, email: current.summary.email },
        }))
    }

    /// Blocks a client, ending every session of theirs at once, or unblocks them.
    pub fn block(&self, viewer: &User, id: UserId, blocked: bool) -> Result<(), IdentityError> {
        self.client(viewer, id)?;
        if self.store.set_blocked(id, blocked, self.clock.now())? { Ok(()) } else { Err(IdentityError::NotFound) }
    }

    /// Keeps a note on a client, with who wrote it and when.
    pub fn add_client_note(&self, viewer: &User, id: UserId, body: &str) -> Result<(), IdentityError> {
        // The limit holds for the text as sent, as the API document says.
        if body.chars().count() > NOTE_MAX {
            return Err(IdentityError::field("note", "too_long"));
        }
        let body = body.trim();
        if body.is_empty() {
            return Err(IdentityError::field("note", "required"));
        }
        self.client(viewer, id)?;
        if self.store.add_client_note(id, viewer.id, body, self.clock.now())? { Ok(()) } else { Err(IdentityError::NotFound) }
    }

    /// The client groups.
    pub fn groups(&self) -> Result<Vec<ClientGroup>, IdentityError> {
        Ok(self.store.groups()?)
    }

    /// Adds a group.
    pub fn add_group(&self, name: Localized<String>) -> Result<i64, IdentityError> {
        check_group_name(&name).map_err(IdentityError::Invalid)?;
        let name = trimmed(name);
        Ok(self.store.add_group(&name)?)
    }

    /// Renames a group.
    pub fn rename_group(&self, id: i64, name: Localized<String>) -> Result<(), IdentityError> {
        check_group_name(&name).map_err(IdentityError::Invalid)?;
        let name = trimmed(name);
        if self.store.rename_group(id, &name)? { Ok(()) } else { Err(IdentityError::NotFound) }
    }

    /// Removes a group; its clients and promo codes keep going without one.
    pub fn remove_group(&self, id: i64) -> Result<(), IdentityError> {
        if self.store.remove_group(id)? { Ok(()) } else { Err(IdentityError::NotFound) }
    }

    /// A page of admins or sales engineers.
    pub fn staff(&self, query: &StaffQuery) -> Result<Page<StaffMember>, IdentityError> {
        Ok(self.store.staff(query)?)
    }

    /// One admin or sales engineer; an account of the other kind is not found.
    pub fn staff_member(&self, role: Role, id: UserId) -> Result<StaffMember, IdentityError> {
        self.store.staff_member(id)?.filter(|member| member.role == role).ok_or(IdentityError::NotFound)
    }

    /// Adds an admin or a sales engineer with an access role and a password; the role may allow
    /// only what the actor may do themselves.
    pub fn add_staff(&self, actor: &User, role: Role, form: StaffForm) -> Result<UserId, IdentityError> {
        let draft = self.staff_draft(actor, form, true)?;
        self.store.add_staff(role, &draft, self.clock.now())?.map_err(IdentityError::from)
    }

    /// Changes an admin or a sales engineer no stronger than the actor (only a Super Admin
    /// changes a Super Admin); an empty password keeps theirs; the last Super Admin keeps the role.
    pub fn update_staff(&self, actor: &User, role: Role, id: UserId, form: StaffForm) -> Result<(), IdentityError> {
        let member = self.staff_member(role, id)?;
        self.may_change(actor, &member)?;
        let draft = self.staff_draft(actor, form, false)?;
        match self.store.update_staff(id, role, &draft, self.clock.now())? {
            StaffChange::Saved => Ok(()),
            StaffChange::NotFound => Err(IdentityError::NotFound),
            StaffChange::Taken(which) => Err(which.into()),
            StaffChange::LastSuperAdmin => Err(IdentityError::BeyondReach(Reach::LastSuperAdmin)),
        }
    }

    /// Removes an admin or a sales engineer no stronger than the actor: never the account asking,
    /// never the last admin. Their API keys are revoked and their webhook endpoints paused with
    /// the removal; the answer counts them.
    pub fn remove_staff(&self, actor: &User, role: Role, id: UserId) -> Result<Retired, IdentityError> {
        if actor.id == id {
            return Err(IdentityError::field("id", "remove_yourself"));
        }
        let member = self.staff_member(role, id)?;
        self.may_change(actor, &member)?;
        match self.store.remove_staff(id, role, self.clock.now())? {
            (Removal::Removed, retired) => Ok(retired),
            (Removal::LastAdmin, _) => Err(IdentityError::field("id", "last_admin")),
            (Removal::NotFound | Removal::Held, _) => Err(IdentityError::NotFound),
        }
    }

    /// The access roles.
    pub fn roles(&self) -> Result<Vec<AccessRole>, IdentityError> {
        Ok(self.store.roles()?)
    }

    /// One access role.
    pub fn role(&self, id: i64) -> Result<AccessRole, IdentityError> {
        self.store.role(id)?.ok_or(IdentityError::NotFound)
    }

    /// Adds a role that allows only what the actor may do themselves.
    pub fn add_role(&self, actor: &User, draft: RoleDraft) -> Result<i64, IdentityError> {
        draft.check().map_err(IdentityError::Invalid)?;
        if !actor.can_all(&draft.permissions) {
            return Err(IdentityError::BeyondReach(Reach::RoleBeyondYours));
        }
        let draft = RoleDraft { name: draft.name.trim().to_string(), ..draft };
        self.store.add_role(&draft, self.clock.now())?.map_err(IdentityError::from)
    }

    /// Changes a role's name and permissions; its holders' next request has them. A built-in
    /// role keeps its name, and `Super Admin` keeps every permission. Only a Super Admin changes
    /// `Super Admin` or the role they hold; anyone else changes only a role within their own
    /// permissions, and keeps it there.
    pub fn update_role(&self, actor: &User, id: i64, draft: RoleDraft) -> Result<(), IdentityError> {
        draft.check().map_err(IdentityError::Invalid)?;
        let draft = RoleDraft { name: draft.name.trim().to_string(), ..draft };
        let current = self.role(id)?;
        if !actor.is_super_admin() {
            within_reach(actor, &current, Reach::RoleBeyondYours)?;
            if actor.access_role.as_deref() == Some(current.name.as_str()) {
                return Err(IdentityError::BeyondReach(Reach::OwnRole));
            }
            if !actor.can_all(&draft.permissions) {
                return Err(IdentityError::BeyondReach(Reach::RoleBeyondYours));
            }
        }
        if current.built_in && current.name != draft.name {
            return Err(IdentityError::field("name", "role_built_in"));
        }
        if current.name == permission::SUPER_ADMIN && draft.permissions.len() < permission::all().len() {
            return Err(IdentityError::field("permissions", "super_admin_all"));
        }
        match self.store.update_role(id, &draft)?.map_err(IdentityError::from)? {
            true => Ok(()),
            false => Err(IdentityError::NotFound),
        }
    }

    /// Removes a role nobody holds and that allows nothing beyond the actor's own permissions;
    /// a built-in role stays.
    pub fn remove_role(&self, actor: &User, id: i64) -> Result<(), IdentityError> {
        let current = self.role(id)?;
        if current.built_in {
            return Err(IdentityError::field("id", "role_built_in"));
        }
        within_reach(actor, &current, Reach::RoleBeyondYours)?;
        match self.store.remove_role(id)? {
            Removal::Removed => Ok(()),
            Removal::Held => Err(IdentityError::field("id", "role_held")),
            Removal::NotFound | Removal::LastAdmin => Err(IdentityError::NotFound),
        }
    }

    /// A staff form read: name, phone, e-mail, an existing access role the actor may grant, and
    /// a password (required for a new account, hashed here once the rest is accepted).
    fn staff_draft(&self, actor: &User, form: StaffForm, new: bool) -> Result<StaffDraft, IdentityError> {
        let mut errors = FieldErrors::new();
        let (name, phone, email) = person(&form.name, &form.phone, &form.email, &mut errors);
        let granted = match form.access_role {
            None => None,
            Some(role) => self.store.role(role)?,
        };
        if granted.is_none() {
            errors.add("role_id", if form.access_role.is_none() { "required" } else { "role_unknown" });
        }
        if new || !form.password.is_empty() {
            check_new_password(&form.password, &form.password, &mut errors);
        }
        errors.into_result().map_err(IdentityError::Invalid)?;
        if let Some(granted) = &granted {
            within_reach(actor, granted, Reach::RoleBeyondYours)?;
        }
        let password_hash = if form.password.is_empty() { None } else { Some(self.hasher.hash(&form.password)?) };
        Ok(StaffDraft {
            name,
            phone: phone.ok_or(IdentityError::field("phone", "phone_invalid"))?,
            email,
            access_role: form.access_role.unwrap_or(0),
            password_hash,
        })
    }

    /// Refuses a client's own sales engineer who is not an active sales engineer account (a
    /// customer, an admin, a blocked or unknown account).
    fn check_sales_engineer(&self, engineer: Option<UserId>) -> Result<(), IdentityError> {
        let Some(engineer) = engineer else { return Ok(()) };
        match self.store.staff_member(engineer)? {
            Some(member) if member.role == Role::Sales && !member.blocked => Ok(()),
            _ => Err(IdentityError::field("sales_engineer_id", "sales_engineer_unknown")),
        }
    }

    /// Refuses a change to an account stronger than the actor: one holding `Super Admin` (unless
    /// the actor does too) or any permission the actor lacks.
    fn may_change(&self, actor: &User, member: &StaffMember) -> Result<(), IdentityError> {
        let Some(held) = &member.access_role else { return Ok(()) };
        let Some(held) = self.store.role(held.id)? else { return Ok(()) };
        within_reach(actor, &held, Reach::AccountBeyondYours)
    }
}

/// Refuses a role (to grant, to change, or held by an account to change) the actor could not
/// hold themselves: `Super Admin` is only a Super Admin's to touch, any other role only that of
/// someone holding each of its permissions; `beyond` says which refusal it is.
fn within_reach(actor: &User, role: &AccessRole, beyond: Reach) -> Result<(), IdentityError> {
    if role.name == permission::SUPER_ADMIN && !actor.is_super_admin() {
        return Err(IdentityError::BeyondReach(Reach::SuperAdminOnly));
    }
    if !actor.can_all(&role.permissions) {
        return Err(IdentityError::BeyondReach(beyond));
    }
    Ok(())
}

/// A person's name, phone and e-mail read, each broken rule on its field.
fn person(name: &str, phone: &str, email: &str, errors: &mut FieldErrors) -> (String, Option<kernel::Phone>, Option<kernel::Email>) {
    // The limit holds for the text as sent, as the API document says.
    if name.chars().count() > PERSON_NAME_MAX {
        errors.add("name", "too_long");
    } else if name.trim().is_empty() {
        errors.add("name", "required");
    }
    let name = name.trim().to_string();
    let parsed_phone = kernel::Phone::parse(phone);
    if phone.trim().is_empty() {
        errors.add("phone", "required");
    } else if parsed_phone.is_none() {
        errors.add("phone", "phone_invalid");
    }
    let email = email.trim();
    let parsed_email = if email.is_empty() { None } else { kernel::Email::parse(email) };
    if !email.is_empty() && parsed_email.is_none() {
        errors.add("email", "email_invalid");
    }
    (name, parsed_phone, parsed_email)
}

/// A client form read.
fn client_draft(form: &ClientForm) -> Result<ClientDraft, IdentityError> {
    let mut errors = FieldErrors::new();
    let (name, phone, email) = person(&form.name, &form.phone, &form.email, &mut errors);
    errors.into_result().map_err(IdentityError::Invalid)?;
    Ok(ClientDraft {
        name,
        phone: phone.ok_or(IdentityError::field("phone", "phone_invalid"))?,
        email,
        city: form.city,
        group: form.group,
        sales_engineer: form.sales_engineer,
    })
}

fn trimmed(name: Localized<String>) -> Localized<String> {
    Localized::new(name.ar.trim().to_string(), name.en.trim().to_string())
}

#[cfg(test)]
mod tests;
