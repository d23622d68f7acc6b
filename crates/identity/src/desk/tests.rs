#![allow(clippy::unwrap_used)]

use chrono::{DateTime, Utc};
use kernel::{Localized, PageRequest, Phone, SystemClock};
use mockall::predicate::eq;

use super::*;
use crate::password::MockPasswordHasher;
use crate::people::Named;
use crate::permission::Permission;
use crate::ports::{MockPeopleStore, Taken};

fn user(id: i64, role: Role) -> User {
    User {
        id: UserId(id),
        name: "Staff".into(),
        email: None,
        phone: None,
        role,
        access_role: None,
        permissions: Vec::new(),
        verified: true,
        blocked: false,
        city_id: None,
        country: None,
        gender: None,
        points: 0,
        group_id: None,
        created_at: DateTime::<Utc>::default(),
        api_key: None,
    }
}

fn every_permission() -> Vec<Permission> {
    use strum::IntoEnumIterator;
    Permission::iter().collect()
}

/// A staff member of `role` holding the access role `access_role` with these permissions.
fn staff(id: i64, access_role: &str, permissions: &[Permission]) -> User {
    User { access_role: Some(access_role.into()), permissions: permissions.iter().map(|permission| permission.to_string()).collect(), ..user(id, Role::Admin) }
}

fn super_admin(id: i64) -> User {
    staff(id, permission::SUPER_ADMIN, &every_permission())
}

/// An admin account holding the access role `role`.
fn member(id: i64, role: i64) -> StaffMember {
    StaffMember {
        id: UserId(id),
        name: "Staff".into(),
        phone: Phone::parse("01012345678"),
        email: None,
        role: Role::Admin,
        access_role: Some(Named { id: role, name: Localized::new("r".into(), "r".into()) }),
        blocked: false,
        clients: 0,
        created_at: DateTime::<Utc>::default(),
    }
}

fn hasher() -> MockPasswordHasher {
    let mut hasher = MockPasswordHasher::new();
    hasher.expect_hash().returning(|password| Ok(format!("hashed:{password}")));
    hasher
}

fn desk(store: MockPeopleStore) -> PeopleDesk {
    PeopleDesk::new(Arc::new(store), Arc::new(hasher()), Arc::new(SystemClock))
}

fn role(id: i64, name: &str, built_in: bool, permissions: Vec<Permission>) -> AccessRole {
    AccessRole { id, name: name.into(), built_in, permissions, holders: 1 }
}

fn client(id: i64, engineer: i64) -> ClientProfile {
    ClientProfile {
        summary: ClientSummary {
            id: UserId(id),
            name: "Samir".into(),
            phone: Phone::parse("01012345678"),
            email: None,
            status: crate::people::ClientStatus::Verified,
            city: None,
            group: None,
            sales_engineer: Some(Named { id: engineer, name: Localized::new("م".into(), "Eng".into()) }),
            points: 0,
            created_at: DateTime::<Utc>::default(),
        },
        country: None,
        gender: None,
        notes: Vec::new(),
    }
}

#[test]
fn super_admin_keeps_every_permission_and_a_built_in_role_its_name() {
    let mut store = MockPeopleStore::new();
    let all = every_permission();
    let everything = all.clone();
    store.expect_role().with(eq(1)).returning(move |_| Ok(Some(role(1, permission::SUPER_ADMIN, true, everything.clone()))));
    store.expect_role().with(eq(2)).returning(|_| Ok(Some(role(2, "Cashiers", false, vec![Permission::OrderList]))));
    store.expect_update_role().times(2).returning(|_, _| Ok(Ok(true)));
    let desk = desk(store);
    let owner = super_admin(1);
    let fewer = RoleDraft { name: permission::SUPER_ADMIN.into(), permissions: all[1..].to_vec() };
    assert!(matches!(desk.update_role(&owner, 1, fewer), Err(IdentityError::Invalid(errors)) if errors.has("permissions")));
    let renamed = RoleDraft { name: "Owners".into(), permissions: all.clone() };
    assert!(matches!(desk.update_role(&owner, 1, renamed), Err(IdentityError::Invalid(errors)) if errors.has("name")));
    assert!(desk.update_role(&owner, 1, RoleDraft { name: permission::SUPER_ADMIN.into(), permissions: all }).is_ok(), "unchanged is fine");
    let changed = RoleDraft { name: " Cashiers and couriers ".into(), permissions: vec![Permission::OrderList, Permission::OrderStatus] };
    assert!(desk.update_role(&owner, 2, changed).is_ok(), "another role changes freely");
}

#[test]
fn a_role_needs_a_name_and_a_permission_and_goes_only_when_nobody_holds_it() {
    let mut store = MockPeopleStore::new();
    store.expect_add_role().never();
    store.expect_role().with(eq(1)).returning(|_| Ok(Some(role(1, permission::SALES_ENGINEER, true, vec![Permission::OrderList]))));
    store.expect_role().with(eq(2)).returning(|_| Ok(Some(role(2, "Cashiers", false, vec![Permission::OrderList]))));
    store.expect_role().with(eq(3)).returning(|_| Ok(Some(role(3, "Old", false, vec![Permission::OrderList]))));
    store.expect_remove_role().with(eq(2)).returning(|_| Ok(Removal::Held));
    store.expect_remove_role().with(eq(3)).returning(|_| Ok(Removal::Removed));
    let desk = desk(store);
    let owner = super_admin(9);
    let refused = desk.add_role(&owner, RoleDraft { name: "  ".into(), permissions: Vec::new() });
    assert!(matches!(refused, Err(IdentityError::Invalid(errors)) if errors.has("name") && errors.has("permissions")));
    assert!(matches!(desk.remove_role(&owner, 1), Err(IdentityError::Invalid(errors)) if errors.has("id")), "built in");
    assert!(matches!(desk.remove_role(&owner, 2), Err(IdentityError::Invalid(errors)) if errors.has("id")), "held");
    assert!(desk.remove_role(&owner, 3).is_ok());
}

#[test]
fn nobody_removes_themselves_nor_the_last_admin() {
    let mut store = MockPeopleStore::new();
    store.expect_staff_member().returning(|id| Ok(Some(member(id.0, 4))));
    store.expect_role().with(eq(4)).returning(|_| Ok(Some(role(4, "Cashiers", false, vec![Permission::OrderList]))));
    store
        .expect_remove_staff()
        .with(eq(UserId(2)), eq(Role::Admin), mockall::predicate::always())
        .returning(|_, _, _| Ok((Removal::LastAdmin, Retired::default())));
    store
        .expect_remove_staff()
        .with(eq(UserId(3)), eq(Role::Admin), mockall::predicate::always())
        .returning(|_, _, _| Ok((Removal::Removed, Retired { keys_revoked: 2, endpoints_paused: 1 })));
    let desk = desk(store);
    let me = super_admin(1);
    assert!(matches!(desk.remove_staff(&me, Role::Admin, UserId(1)), Err(IdentityError::Invalid(errors)) if errors.has("id")));
    assert!(matches!(desk.remove_staff(&me, Role::Admin, UserId(2)), Err(IdentityError::Invalid(errors)) if errors.has("id")));
    assert_eq!(
        desk.remove_staff(&me, Role::Admin, UserId(3)).unwrap(),
        Retired { keys_revoked: 2, endpoints_paused: 1 },
        "the answer says what went with them"
    );
}

#[test]
fn a_sales_engineer_sees_and_changes_only_their_clients_and_keeps_them() {
    let mut store = MockPeopleStore::new();
    store.expect_clients().withf(|query| query.sales_engineer == Some(UserId(5))).times(1).returning(|query| Ok(Page::new(Vec::new(), query.page, 0)));
    store.expect_client().with(eq(UserId(7))).returning(|_| Ok(Some(client(7, 5))));
    store.expect_client().with(eq(UserId(8))).returning(|_| Ok(Some(client(8, 6))));
    store.expect_update_client().withf(|id, draft, _| *id == UserId(7) && draft.sales_engineer == Some(UserId(5))).times(1).returning(|_, _, _| Ok(Ok(true)));
    store.expect_contact_taken().returning(|_, _, _| Ok(None));
    store.expect_set_blocked().never();
    let desk = desk(store);
    let engineer = user(5, Role::Sales);
    desk.clients(&engineer, ClientQuery { search: None, status: None, city: None, group: None, sales_engineer: None, page: PageRequest::new(None, None) })
        .unwrap();
    assert!(matches!(desk.client(&engineer, UserId(8)), Err(IdentityError::NotFound)));
    assert!(matches!(desk.block(&engineer, UserId(8), true), Err(IdentityError::NotFound)));
    let form = ClientForm {
        name: "Samir".into(),
        phone: "01012345678".into(),
        email: String::new(),
        city: None,
        group: Some(2),
        sales_engineer: Some(UserId(6)),
        password: String::new(),
    };
    desk.update_client(&engineer, UserId(7), form).unwrap();
}

#[test]
fn a_new_staff_account_needs_a_strong_password_and_a_known_role_and_a_taken_phone_says_so() {
    let mut store = MockPeopleStore::new();
    store.expect_role().with(eq(4)).returning(|_| Ok(Some(role(4, "Cashiers", false, vec![Permission::OrderList]))));
    store.expect_role().with(eq(9)).returning(|_| Ok(None));
    store
        .expect_add_staff()
        .withf(|role, draft, _| *role == Role::Sales && draft.password_hash.as_deref() == Some("hashed:Harvest2026") && draft.access_role == 4)
        .returning(|_, _, _| Ok(Err(Taken::Phone)));
    let desk = desk(store);
    let owner = super_admin(1);
    let form = |password: &str, role: i64| StaffForm {
        name: "Mona".into(),
        phone: "٠١٠١٢٣٤٥٦٧٨".into(),
        email: "mona@".into(),
        password: password.into(),
        access_role: Some(role),
    };
    let Err(IdentityError::Invalid(errors)) = desk.add_staff(&owner, Role::Sales, form("short", 9)) else { panic!("refused") };
    assert!(errors.has("password") && errors.has("role_id") && errors.has("email"));
    let taken = desk.add_staff(&owner, Role::Sales, StaffForm { email: String::new(), ..form("Harvest2026", 4) });
    assert!(matches!(taken, Err(IdentityError::Invalid(errors)) if errors.has("phone")));
}

#[test]
fn a_group_has_both_names() {
    let mut store = MockPeopleStore::new();
    store.expect_add_group().withf(|name| name.ar == "مزارعون" && name.en == "Farmers").returning(|_| Ok(4));
    let desk = desk(store);
    assert!(matches!(desk.add_group(Localized::new(" ".into(), "Farmers".into())), Err(IdentityError::Invalid(errors)) if errors.has("name_ar")));
    assert_eq!(desk.add_group(Localized::new(" مزارعون ".into(), "Farmers".into())).unwrap(), 4);
}

fn staff_form(role: i64, password: &str) -> StaffForm {
    StaffForm { name: "Mona".into(), phone: "01012345678".into(), email: String::new(), password: password.into(), access_role: Some(role) }
}

/// A store with the Super Admin role (1), a team lead's role (2: staff accounts and orders), a
/// narrower role (3: orders only), a role with a permission the lead lacks (4: settings), and
/// accounts 10 (a Super Admin), 20 (a lead), 30 (orders only), 40 (settings).
fn store_of_roles() -> MockPeopleStore {
    let mut store = MockPeopleStore::new();
    store.expect_role().with(eq(1)).returning(|_| Ok(Some(role(1, permission::SUPER_ADMIN, true, every_permission()))));
    store.expect_role().with(eq(2)).returning(|_| Ok(Some(role(2, "Leads", false, lead_permissions()))));
    store.expect_role().with(eq(3)).returning(|_| Ok(Some(role(3, "Desk", false, vec![Permission::OrderList]))));
    store.expect_role().with(eq(4)).returning(|_| Ok(Some(role(4, "Settings", false, vec![Permission::SettingEdit]))));
    store.expect_staff_member().returning(|id| Ok(Some(member(id.0, id.0 / 10))));
    store
}

fn lead_permissions() -> Vec<Permission> {
    use Permission::*;
    vec![AdminList, AdminCreate, AdminEdit, AdminDelete, RoleEdit, RoleCreate, RoleDelete, OrderList]
}

fn lead() -> User {
    staff(20, "Leads", &lead_permissions())
}

#[test]
fn a_staff_member_grants_only_roles_within_their_own_permissions_and_never_super_admin() {
    let mut store = store_of_roles();
    store.expect_add_staff().withf(|_, draft, _| draft.access_role == 3).times(1).returning(|_, _, _| Ok(Ok(UserId(50))));
    store.expect_update_staff().never();
    let desk = desk(store);
    let lead = lead();
    let beyond = |result: Result<(), IdentityError>| match result {
        Err(IdentityError::BeyondReach(reach)) => Some(reach),
        _ => None,
    };
    assert_eq!(beyond(desk.add_staff(&lead, Role::Admin, staff_form(1, "Harvest2026")).map(drop)), Some(Reach::SuperAdminOnly));
    assert_eq!(beyond(desk.add_staff(&lead, Role::Sales, staff_form(4, "Harvest2026")).map(drop)), Some(Reach::RoleBeyondYours));
    assert_eq!(desk.add_staff(&lead, Role::Admin, staff_form(3, "Harvest2026")).unwrap(), UserId(50));
    assert_eq!(beyond(desk.update_staff(&lead, Role::Admin, UserId(20), staff_form(1, ""))), Some(Reach::SuperAdminOnly), "themselves");
    assert_eq!(beyond(desk.update_staff(&lead, Role::Admin, UserId(30), staff_form(4, ""))), Some(Reach::RoleBeyondYours));
    assert_eq!(beyond(desk.update_staff(&lead, Role::Admin, UserId(10), staff_form(1, "Taken0ver1"))), Some(Reach::SuperAdminOnly), "a Super Admin's password");
    assert_eq!(beyond(desk.update_staff(&lead, Role::Admin, UserId(10), staff_form(3, ""))), Some(Reach::SuperAdminOnly), "demoting a Super Admin");
    assert_eq!(beyond(desk.update_staff(&lead, Role::Admin, UserId(40), staff_form(3, "Taken0ver1"))), Some(Reach::AccountBeyondYours));
    assert_eq!(beyond(desk.remove_staff(&lead, Role::Admin, UserId(10)).map(drop)), Some(Reach::SuperAdminOnly));
    assert_eq!(beyond(desk.remove_staff(&lead, Role::Admin, UserId(40)).map(drop)), Some(Reach::AccountBeyondYours));
}

#[test]
fn a_staff_member_changes_only_roles_within_their_permissions_and_not_their_own() {
    let mut store = store_of_roles();
    store.expect_add_role().never();
    store.expect_update_role().with(eq(3), mockall::predicate::always()).times(1).returning(|_, _| Ok(Ok(true)));
    store.expect_remove_role().never();
    let desk = desk(store);
    let lead = lead();
    let draft = |name: &str, permissions: Vec<Permission>| RoleDraft { name: name.into(), permissions };
    let reach = |result: Result<(), IdentityError>| match result {
        Err(IdentityError::BeyondReach(reach)) => Some(reach),
        _ => None,
    };
    assert_eq!(reach(desk.add_role(&lead, draft("All", every_permission())).map(drop)), Some(Reach::RoleBeyondYours));
    assert_eq!(reach(desk.update_role(&lead, 2, draft("Leads", every_permission()))), Some(Reach::OwnRole), "raising their own role");
    assert_eq!(reach(desk.update_role(&lead, 1, draft(permission::SUPER_ADMIN, vec![Permission::OrderList]))), Some(Reach::SuperAdminOnly));
    assert_eq!(reach(desk.update_role(&lead, 3, draft("Desk", vec![Permission::OrderList, Permission::SettingEdit]))), Some(Reach::RoleBeyondYours));
    assert_eq!(reach(desk.update_role(&lead, 4, draft("Settings", vec![Permission::OrderList]))), Some(Reach::RoleBeyondYours), "a stronger role");
    assert_eq!(reach(desk.remove_role(&lead, 4)), Some(Reach::RoleBeyondYours));
    desk.update_role(&lead, 3, draft("Desk", vec![Permission::OrderList, Permission::AdminList])).unwrap();
}

#[test]
fn the_last_super_admin_keeps_the_role() {
    let mut store = store_of_roles();
    store.expect_update_staff().returning(|_, _, _, _| Ok(StaffChange::LastSuperAdmin));
    let desk = desk(store);
    let refused = desk.update_staff(&super_admin(10), Role::Admin, UserId(10), staff_form(3, ""));
    assert!(matches!(refused, Err(IdentityError::BeyondReach(Reach::LastSuperAdmin))));
}

#[test]
fn a_super_admins_role_edit_key_raises_no_role_and_no_account() {
    let mut store = store_of_roles();
    store.expect_update_role().never();
    store.expect_update_staff().never();
    store.expect_add_staff().never();
    let desk = desk(store);
    // What `ApiKeyDesk::authenticate` makes of a Super Admin's key scoped to `role-edit` and `order-list`.
    let key = User { permissions: vec![Permission::RoleEdit.to_string(), Permission::OrderList.to_string()], api_key: Some(9), ..super_admin(99) };
    let reach = |result: Result<(), IdentityError>| match result {
        Err(IdentityError::BeyondReach(reach)) => Some(reach),
        _ => None,
    };
    let everything = RoleDraft { name: "Desk".into(), permissions: every_permission() };
    assert_eq!(reach(desk.update_role(&key, 3, everything)), Some(Reach::RoleBeyondYours), "every permission through a key");
    assert_eq!(
        reach(desk.update_role(&key, 1, RoleDraft { name: permission::SUPER_ADMIN.into(), permissions: every_permission() })),
        Some(Reach::SuperAdminOnly)
    );
    assert_eq!(reach(desk.update_staff(&key, Role::Admin, UserId(30), staff_form(1, ""))), Some(Reach::SuperAdminOnly), "granting Super Admin");
    assert_eq!(reach(desk.remove_staff(&key, Role::Admin, UserId(10)).map(drop)), Some(Reach::SuperAdminOnly), "removing a Super Admin");
    assert_eq!(reach(desk.add_staff(&key, Role::Admin, staff_form(4, "Harvest2026")).map(drop)), Some(Reach::RoleBeyondYours), "a role beyond the key");
}
