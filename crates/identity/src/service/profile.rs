use kernel::{FieldErrors, Locale};

use super::{IdentityService, Principal};
use crate::desk::ProposedContact;
use crate::error::IdentityError;
use crate::otp::{self, OtpCode, OtpPurpose};
use crate::password::check_new_password;
use crate::ports::Destination;
use crate::user::{ContactChange, ProfileChange, User, UserId};

/// What a profile change did: the user as now stored, and a new phone or e-mail that waits
/// for the code sent to it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileUpdate {
    /// The user, with the old contacts still in force while a change waits.
    pub user: User,
    /// The contact change waiting for its code, if one was asked for.
    pub pending: Option<ContactChange>,
}

/// The user's phone (when `phone`) and e-mail (when `email`) as places to send to.
fn contacts_of(user: &User, phone: bool, email: bool) -> Vec<Destination> {
    let phone = user.phone.clone().filter(|_| phone).map(Destination::Sms);
    let email = user.email.clone().filter(|_| email).map(Destination::Email);
    phone.into_iter().chain(email).collect()
}

impl IdentityService {
    /// Updates the signed-in user's profile. Name, city, country and gender change at once.
    /// The phone and e-mail are how the account is recovered, so changing them needs the
    /// current password; a removed one goes at once, a new one only replaces the old after
    /// the code sent to it comes back (`confirm_contact_change`). The phone and e-mail must
    /// not belong to someone else and the city must exist.
    pub fn update_profile(&self, principal: &Principal, change: ProfileChange, current_password: &str, locale: Locale) -> Result<ProfileUpdate, IdentityError> {
        let users = &self.ports.users;
        let me = &principal.user;
        let mut errors = FieldErrors::new();
        self.check_contacts_free(me, change.phone.as_ref(), change.email.as_ref(), &mut errors)?;
        if let Some(city) = change.city_id
            && !users.city_exists(city)?
        {
            errors.add("city_id", "city_unknown");
        }
        let new_phone = change.phone.clone().filter(|phone| me.phone.as_ref() != Some(phone));
        let new_email = change.email.clone().filter(|email| me.email.as_ref() != Some(email));
        let removed = contacts_of(me, change.phone.is_none(), change.email.is_none());
        let contacts_change = new_phone.is_some() || new_email.is_some() || !removed.is_empty();
        if contacts_change && errors.is_empty() {
            match users.password_hash(me.id)? {
                Some(hash) if self.ports.hasher.verify(current_password, &hash) => {}
                Some(_) if current_password.is_empty() => errors.add("current_password", "required"),
                Some(_) => errors.add("current_password", "current_password_wrong"),
                None => errors.add("current_password", "password_needed"),
            }
        }
        errors.into_result().map_err(IdentityError::Invalid)?;

        // New contacts wait for their code; the old ones stay in force meanwhile.
        let applied = ProfileChange {
            phone: if new_phone.is_some() { me.phone.clone() } else { change.phone.clone() },
            email: if new_email.is_some() { me.email.clone() } else { change.email.clone() },
            ..change
        };
        let user = users.update_profile(me.id, &applied)?;
        self.tell_old_contacts(&removed, locale);
        let pending = if new_phone.is_some() || new_email.is_some() {
            let change = ContactChange { phone: new_phone, email: new_email };
            let key = format!("send:contact:{}", me.id.0);
            self.check_limits(&key, &[otp::SEND_PER_MINUTE, otp::SEND_PER_HOUR])?;
            self.record_attempt(&key)?;
            users.request_contact_change(me.id, &change)?;
            let to: Vec<Destination> = change.phone.iter().cloned().map(Destination::Sms).chain(change.email.iter().cloned().map(Destination::Email)).collect();
            self.send_code(&user, OtpPurpose::Contact, &to, locale)?;
            Some(change)
        } else {
            None
        };
        Ok(ProfileUpdate { user, pending })
    }

    /// Puts the new phone or e-mail on the account once the code sent to it comes back, and
    /// tells the contacts it replaced.
    pub fn confirm_contact_change(&self, principal: &Principal, code: &OtpCode, locale: Locale) -> Result<User, IdentityError> {
        let me = &principal.user;
        let Some(change) = self.ports.users.pending_contact_change(me.id)? else {
            return Err(IdentityError::field("code", "code_invalid"));
        };
        self.check_code(me.id, OtpPurpose::Contact, code, &format!("check:contact:{}", me.id.0))?;
        let mut errors = FieldErrors::new();
        self.check_contacts_free(me, change.phone.as_ref(), change.email.as_ref(), &mut errors)?;
        errors.into_result().map_err(IdentityError::Invalid)?;
        let user = self.ports.users.apply_contact_change(me.id, &change)??;
        let replaced = contacts_of(me, change.phone.is_some(), change.email.is_some());
        self.tell_old_contacts(&replaced, locale);
        Ok(user)
    }

    /// Staff changed a client's phone or e-mail (`PeopleDesk::update_client`, which checked they
    /// are free): as when the client changes them, the new one waits for the code sent to it
    /// (the client confirms it, signed in, as their own change), and the contacts it would
    /// replace are told now. The client's sessions stay theirs.
    pub fn propose_contact_change(&self, client: UserId, proposed: ProposedContact, locale: Locale) -> Result<(), IdentityError> {
        let ProposedContact { change, replaced } = proposed;
        let key = format!("send:contact:{}", client.0);
        self.check_limits(&key, &[otp::SEND_PER_MINUTE, otp::SEND_PER_HOUR])?;
        self.record_attempt(&key)?;
        self.ports.users.request_contact_change(client, &change)?;
        let to: Vec<Destination> = change.phone.iter().cloned().map(Destination::Sms).chain(change.email.iter().cloned().map(Destination::Email)).collect();
        self.send_code_to(client, OtpPurpose::Contact, &to, locale)?;
        let old_phone = replaced.phone.clone().filter(|_| change.phone.is_some()).map(Destination::Sms);
        let old_email = replaced.email.clone().filter(|_| change.email.is_some()).map(Destination::Email);
        let old: Vec<Destination> = old_phone.into_iter().chain(old_email).collect();
        self.tell_old_contacts(&old, locale);
        Ok(())
    }

    /// The new phone or e-mail waiting for its code, if any.
    pub fn pending_contact(&self, user: UserId) -> Result<Option<ContactChange>, IdentityError> {
        Ok(self.ports.users.pending_contact_change(user)?)
    }

    /// Records `phone_taken` or `email_taken` when another account has them.
    fn check_contacts_free(
        &self,
        me: &User,
        phone: Option<&kernel::Phone>,
        email: Option<&kernel::Email>,
        errors: &mut FieldErrors,
    ) -> Result<(), IdentityError> {
        if let Some(phone) = phone
            && self.ports.users.find_by_phone(phone)?.is_some_and(|other| other.id != me.id)
        {
            errors.add("phone", "phone_taken");
        }
        if let Some(email) = email
            && self.ports.users.find_by_email(email)?.is_some_and(|other| other.id != me.id)
        {
            errors.add("email", "email_taken");
        }
        Ok(())
    }

    /// Tells contacts that the account no longer uses them: the owner hears of a change they
    /// did not make. The change stands whether or not the notice goes out.
    fn tell_old_contacts(&self, contacts: &[Destination], locale: Locale) {
        for contact in contacts {
            if let Err(error) = self.ports.messenger.send_contact_changed(contact, locale) {
                tracing::warn!(?error, "the notice of a changed contact could not be sent");
            }
        }
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
