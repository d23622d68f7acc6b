#![allow(clippy::unwrap_used)]

use chrono::TimeZone;

use super::*;

struct At(DateTime<Utc>);

impl Clock for At {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 29, 10, 0, 0).unwrap()
}

fn staff(permissions: &[Permission]) -> User {
    User {
        id: UserId(7),
        name: "Owner".into(),
        email: None,
        phone: None,
        role: Role::Admin,
        access_role: Some("Integrations".into()),
        permissions: permissions.iter().map(ToString::to_string).collect(),
        verified: true,
        blocked: false,
        city_id: None,
        country: None,
        gender: None,
        points: 0,
        group_id: None,
        created_at: now(),
        api_key: None,
    }
}

fn key(scopes: &[Permission]) -> ApiKey {
    ApiKey {
        id: 3,
        name: "ERP".into(),
        prefix: "mk_12345678".into(),
        scopes: scopes.iter().map(ToString::to_string).collect(),
        allowed_addresses: Vec::new(),
        created_by: Some(UserId(7)),
        maker_name: "Owner".into(),
        created_at: now(),
        expires_at: None,
        revoked_at: None,
        last_used_at: None,
        request_count: 0,
    }
}

fn desk(store: MockApiKeyStore) -> ApiKeyDesk {
    ApiKeyDesk::new(Arc::new(store), Arc::new(At(now())), 2)
}

#[test]
fn a_key_carries_only_permissions_its_maker_holds_and_its_secret_is_kept_hashed() {
    let maker = staff(&[Permission::IntegrationCreate, Permission::OrderList]);
    let beyond = desk(MockApiKeyStore::new()).create(&maker, ApiKeyDraft { name: "ERP".into(), scopes: vec!["product-edit".into()], ..Default::default() });
    assert!(matches!(beyond, Err(IdentityError::Invalid(errors)) if errors.has("scopes")));

    let mut store = MockApiKeyStore::new();
    store
        .expect_create()
        .withf(|key| key.scopes == ["order-list"] && key.secret_hash.len() == 64 && key.prefix.starts_with("mk_"))
        .returning(|_| Ok(key(&[Permission::OrderList])));
    let (_, secret) = desk(store).create(&maker, ApiKeyDraft { name: "ERP".into(), scopes: vec!["order-list".into()], ..Default::default() }).unwrap();
    assert!(secret.starts_with("mk_") && secret.len() == 67);
    assert_ne!(secret_hash(&secret), secret);
}

#[test]
fn a_key_acts_with_its_scopes_its_maker_still_holds() {
    let mut store = MockApiKeyStore::new();
    // The maker lost `product-list` since: the key lost it with them.
    store
        .expect_holder()
        .returning(|_| Ok(Some((key(&[Permission::OrderList, Permission::ProductList]), staff(&[Permission::OrderList, Permission::OrderStatus])))));
    store.expect_count_use().returning(|_, at, _| Ok((1, at)));
    let principal = desk(store).authenticate("mk_secret", "203.0.113.9").unwrap();
    assert_eq!(principal.user.permissions, ["order-list"]);
    assert_eq!(principal.session_id, "api-key:3");
}

/// What a refusal must be.
type Expected = fn(&IdentityError) -> bool;

#[test]
fn revoked_expired_foreign_and_unknown_keys_are_refused() {
    let cases: [(ApiKey, &str, Expected); 4] = [
        (ApiKey { revoked_at: Some(now()), ..key(&[Permission::OrderList]) }, "203.0.113.9", |error| matches!(error, IdentityError::Unauthenticated)),
        (ApiKey { expires_at: Some(now()), ..key(&[Permission::OrderList]) }, "203.0.113.9", |error| matches!(error, IdentityError::Unauthenticated)),
        (ApiKey { allowed_addresses: vec!["198.51.100.4".parse().unwrap()], ..key(&[Permission::OrderList]) }, "203.0.113.9", |error| {
            matches!(error, IdentityError::Forbidden)
        }),
        (ApiKey { allowed_addresses: vec!["198.51.100.4".parse().unwrap()], ..key(&[Permission::OrderList]) }, "unknown", |error| {
            matches!(error, IdentityError::Forbidden)
        }),
    ];
    for (stored, client, expected) in cases {
        let mut store = MockApiKeyStore::new();
        store.expect_holder().returning(move |_| Ok(Some((stored.clone(), staff(&[Permission::OrderList])))));
        let refused = desk(store).authenticate("mk_secret", client).unwrap_err();
        assert!(expected(&refused), "{refused:?}");
    }
    assert!(matches!(desk(MockApiKeyStore::new()).authenticate("eyJhbGciOi", "203.0.113.9"), Err(IdentityError::Unauthenticated)));
}

#[test]
fn a_key_over_its_rate_waits_for_its_window_to_end() {
    assert_eq!(over_rate(2, 2, now(), now()), None);
    assert_eq!(over_rate(3, 2, now() - Duration::seconds(15), now()), Some(45));
    assert_eq!(over_rate(3, 2, now() - Duration::seconds(60), now()), Some(1), "never zero");
    let mut store = MockApiKeyStore::new();
    store.expect_holder().returning(|_| Ok(Some((key(&[Permission::OrderList]), staff(&[Permission::OrderList])))));
    store.expect_count_use().returning(|_, at, _| Ok((3, at - Duration::seconds(20))));
    assert!(matches!(desk(store).authenticate("mk_secret", "203.0.113.9"), Err(IdentityError::TooManyAttempts { retry_after: 40 })));
}

#[test]
fn a_super_admins_key_is_no_super_admin_and_makes_no_keys() {
    let mut store = MockApiKeyStore::new();
    let owner = User {
        access_role: Some(crate::permission::SUPER_ADMIN.into()),
        ..staff(&[Permission::RoleEdit, Permission::IntegrationCreate, Permission::IntegrationDelete])
    };
    assert!(owner.is_super_admin());
    store
        .expect_holder()
        .returning(move |_| Ok(Some((key(&[Permission::RoleEdit, Permission::IntegrationCreate, Permission::IntegrationDelete]), owner.clone()))));
    store.expect_count_use().returning(|_, at, _| Ok((1, at)));
    let through_key = desk(store).authenticate("mk_secret", "203.0.113.9").unwrap().user;
    assert_eq!(through_key.api_key, Some(3));
    assert!(!through_key.is_super_admin(), "a key is judged by its scopes, whoever made it");

    // No store call is expected: the refusal comes before anything is written.
    let made = desk(MockApiKeyStore::new()).create(&through_key, ApiKeyDraft { name: "child".into(), scopes: vec!["role-edit".into()], ..Default::default() });
    assert!(matches!(made, Err(IdentityError::BeyondReach(crate::error::Reach::PersonOnly))), "{made:?}");
    let revoked = desk(MockApiKeyStore::new()).revoke(&through_key, 4);
    assert!(matches!(revoked, Err(IdentityError::BeyondReach(crate::error::Reach::PersonOnly))), "{revoked:?}");
}
