//! Staff endpoints check permissions on the server.

use identity::Role;
use serde_json::json;

use crate::helpers::{json_of, spawn_app, spawn_app_with};

#[actix_web::test]
async fn only_staff_holding_the_permission_may_call_a_dashboard_endpoint() {
    let app = spawn_app().await;
    let customer = app.register("01012340001", None).await;
    let sales = app.account_token(Role::Sales, "01012340002").await;
    let admin = app.account_token(Role::Admin, "01012340003").await;

    let forbidden = app.get("dashboard/permissions", Some(&customer)).await;
    assert_eq!(forbidden.status(), 403);
    assert_eq!(json_of(forbidden).await["message"], "You do not have permission to do this.");
    assert_eq!(app.get("dashboard/permissions", Some(&sales)).await.status(), 403, "Sales Engineer lacks role-list");
    assert_eq!(app.get("dashboard/permissions", None).await.status(), 401);

    let allowed = app.get("dashboard/permissions", Some(&admin)).await;
    assert_eq!(allowed.status(), 200);
    let list = json_of(allowed).await;
    assert!(list["data"].as_array().unwrap().iter().any(|p| p == "client-list"));

    let me = json_of(app.me(Some(&sales)).await).await;
    assert_eq!(me["data"]["role"], "sales");
    assert_eq!(me["data"]["access_role"], "Sales Engineer");
    assert!(me["data"]["permissions"].as_array().unwrap().iter().any(|p| p == "order-status"));
}

#[actix_web::test]
async fn a_customer_or_a_stranger_is_refused_before_a_staff_body_is_read() {
    let app = spawn_app().await;
    let customer = app.account_token(Role::Customer, "01012349201").await;
    let wrong_fields = serde_json::json!({"points_earn_rate": "lots", "facebook_url": "ftp://x"});
    let response = app.put("dashboard/settings", wrong_fields, Some(&customer)).await;
    assert_eq!(response.status(), 403, "a customer learns nothing of the staff fields");
    assert_eq!(json_of(response).await, serde_json::json!({"message": "You do not have permission to do this."}));
    let upload = reqwest::multipart::Form::new().part("images[]", reqwest::multipart::Part::bytes(vec![0u8; 2 * 1024 * 1024]).file_name("x.png"));
    let response = app.request(reqwest::Method::POST, "dashboard/products", None, "en").multipart(upload).send().await;
    if let Ok(response) = response {
        assert_eq!(response.status(), 401, "a stranger's upload is refused before it is read");
    }
}

/// A staff member's id, from their own profile.
async fn id_of(app: &crate::helpers::TestApp, token: &str) -> i64 {
    json_of(app.me(Some(token)).await).await["data"]["id"].as_i64().unwrap()
}

/// The id of the access role with this name.
async fn role_named(app: &crate::helpers::TestApp, owner: &str, name: &str) -> i64 {
    let roles = json_of(app.get("dashboard/roles", Some(owner)).await).await;
    roles["data"].as_array().unwrap().iter().find(|role| role["name"] == name).unwrap()["id"].as_i64().unwrap()
}

/// Asserts a 403 that says why, in English and in Arabic.
async fn refused_beyond_reach(response: reqwest::Response, english: &str, what: &str) {
    assert_eq!(response.status(), 403, "{what}");
    assert_eq!(json_of(response).await["message"], english, "{what}");
}

const SUPER_ADMIN_ONLY: &str = "Only a Super Admin can give the Super Admin role or change a Super Admin's account.";
const ROLE_BEYOND: &str = "This role allows things your own role does not. You can only give or change roles within your own permissions.";

#[actix_web::test]
async fn admin_create_and_sales_create_give_no_role_beyond_their_holder() {
    let app = spawn_app().await;
    let owner = app.account_token(Role::Admin, "01012341001").await;
    let super_admin = role_named(&app, &owner, "Super Admin").await;
    let settings_role =
        json_of(app.post("dashboard/roles", json!({"name": "Settings", "permissions": ["setting-edit"]}), Some(&owner)).await).await["data"]["id"]
            .as_i64()
            .unwrap();
    let desk_role = json_of(app.post("dashboard/roles", json!({"name": "Desk", "permissions": ["admin-create"]}), Some(&owner)).await).await["data"]["id"]
        .as_i64()
        .unwrap();
    for (permission, path, phone) in [("admin-create", "dashboard/admins", "01012341002"), ("sales-create", "dashboard/sales", "01012341003")] {
        let held: Vec<&str> = if permission == "admin-create" { vec![permission] } else { vec![permission, "admin-create"] };
        let lead = app.staff_holding(phone, &held).await;
        let account = |role: i64, phone: &str| json!({"name": "Mallory", "phone": phone, "password": "Harvest2026", "role_id": role});
        refused_beyond_reach(app.post(path, account(super_admin, "01112341010"), Some(&lead)).await, SUPER_ADMIN_ONLY, permission).await;
        refused_beyond_reach(app.post(path, account(settings_role, "01112341011"), Some(&lead)).await, ROLE_BEYOND, permission).await;
        let arabic = app.request(reqwest::Method::POST, path, Some(&lead), "ar").json(&account(super_admin, "01112341012")).send().await.unwrap();
        assert_eq!(json_of(arabic).await["message"], "لا يمنح دور المدير العام ولا يعدّل حساب مدير عام إلا مدير عام.");
        assert_eq!(app.login("01112341010", "Harvest2026").await.status(), 422, "{permission}: no account was made");
        assert_eq!(app.post(path, account(desk_role, &format!("0111234{}", &phone[7..])), Some(&lead)).await.status(), 200, "a role within theirs");
    }
}

#[actix_web::test]
async fn admin_edit_and_sales_edit_neither_raise_an_account_nor_touch_a_super_admin() {
    let app = spawn_app().await;
    let owner = app.account_token(Role::Admin, "01012342001").await;
    let owner_id = id_of(&app, &owner).await;
    let super_admin = role_named(&app, &owner, "Super Admin").await;
    let engineer = app.account_token(Role::Sales, "01012342002").await;
    let engineer_id = id_of(&app, &engineer).await;
    let admin_edit = app.staff_holding("01012342003", &["admin-edit", "admin-list"]).await;
    let admin_edit_id = id_of(&app, &admin_edit).await;
    let sales_edit = app.staff_holding("01012342004", &["sales-edit", "sales-list"]).await;
    let form = |phone: &str, role: i64, password: Option<&str>| json!({"name": "Mallory", "phone": phone, "role_id": role, "password": password});

    // Themselves to Super Admin.
    let own = app.put(&format!("dashboard/admins/{admin_edit_id}"), form("01012342003", super_admin, None), Some(&admin_edit)).await;
    refused_beyond_reach(own, SUPER_ADMIN_ONLY, "admin-edit raising themselves").await;
    // The Super Admin's password, then their role.
    let password = app.put(&format!("dashboard/admins/{owner_id}"), form("01012342001", super_admin, Some("Taken0ver99")), Some(&admin_edit)).await;
    refused_beyond_reach(password, SUPER_ADMIN_ONLY, "admin-edit changing a Super Admin's password").await;
    let sales_role = role_named(&app, &owner, "Sales Engineer").await;
    let demoted = app.put(&format!("dashboard/admins/{owner_id}"), form("01012342001", sales_role, None), Some(&admin_edit)).await;
    refused_beyond_reach(demoted, SUPER_ADMIN_ONLY, "admin-edit demoting the only Super Admin").await;
    assert_eq!(app.login("01012342001", "Taken0ver99").await.status(), 422, "the password stayed");
    assert_eq!(json_of(app.me(Some(&owner)).await).await["data"]["access_role"], "Super Admin", "the role stayed");
    // A sales engineer within reach, to Super Admin.
    let field =
        json_of(app.post("dashboard/roles", json!({"name": "Field", "permissions": ["sales-list"]}), Some(&owner)).await).await["data"]["id"].as_i64().unwrap();
    let trainee =
        json_of(app.post("dashboard/sales", form("01012342005", field, Some("Harvest2026")), Some(&owner)).await).await["data"]["id"].as_i64().unwrap();
    let raised = app.put(&format!("dashboard/sales/{trainee}"), form("01012342005", super_admin, None), Some(&sales_edit)).await;
    refused_beyond_reach(raised, SUPER_ADMIN_ONLY, "sales-edit raising an engineer").await;
    let trainee_token = app.login_token("01012342005", "Harvest2026").await;
    assert_eq!(json_of(app.me(Some(&trainee_token)).await).await["data"]["access_role"], "Field");
    assert_eq!(app.put(&format!("dashboard/sales/{trainee}"), form("01012342005", field, None), Some(&sales_edit)).await.status(), 200, "within reach");
    // An engineer holds permissions sales-edit alone lacks: their account is out of reach.
    let beyond = app.put(&format!("dashboard/sales/{engineer_id}"), form("01012342002", sales_role, Some("Taken0ver99")), Some(&sales_edit)).await;
    refused_beyond_reach(beyond, "This account can do things your own role does not, so you cannot change it.", "sales-edit on a stronger account").await;
    // The Super Admin may do all of it.
    assert_eq!(app.put(&format!("dashboard/sales/{engineer_id}"), form("01012342002", sales_role, None), Some(&owner)).await.status(), 200);
}

#[actix_web::test]
async fn role_edit_raises_no_role_beyond_its_holder_and_the_last_super_admin_keeps_the_role() {
    let app = spawn_app().await;
    let owner = app.account_token(Role::Admin, "01012343001").await;
    let owner_id = id_of(&app, &owner).await;
    let super_admin = role_named(&app, &owner, "Super Admin").await;
    let lead = app.staff_holding("01012343002", &["role-edit", "role-list", "role-create", "order-list"]).await;
    let own_role = role_named(&app, &owner, "Only 01012343002").await;
    let every: Vec<String> = json_of(app.get("dashboard/permissions", Some(&owner)).await).await["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|permission| permission.as_str().unwrap().to_string())
        .collect();

    let raised = app.put(&format!("dashboard/roles/{own_role}"), json!({"name": "Only 01012343002", "permissions": every}), Some(&lead)).await;
    refused_beyond_reach(raised, "You cannot change the role you hold. Ask a Super Admin.", "raising their own role").await;
    let gutted = app.put(&format!("dashboard/roles/{super_admin}"), json!({"name": "Super Admin", "permissions": every}), Some(&lead)).await;
    refused_beyond_reach(gutted, SUPER_ADMIN_ONLY, "changing Super Admin").await;
    let created = app.post("dashboard/roles", json!({"name": "Everything", "permissions": every}), Some(&lead)).await;
    refused_beyond_reach(created, ROLE_BEYOND, "a new role beyond theirs").await;
    let narrow =
        json_of(app.post("dashboard/roles", json!({"name": "Orders", "permissions": ["order-list"]}), Some(&lead)).await).await["data"]["id"].as_i64().unwrap();
    let widened = app.put(&format!("dashboard/roles/{narrow}"), json!({"name": "Orders", "permissions": ["order-list", "setting-edit"]}), Some(&lead)).await;
    refused_beyond_reach(widened, ROLE_BEYOND, "another role beyond theirs").await;
    assert_eq!(
        app.put(&format!("dashboard/roles/{narrow}"), json!({"name": "Orders", "permissions": ["order-list", "role-list"]}), Some(&lead)).await.status(),
        200
    );
    let me = json_of(app.me(Some(&lead)).await).await;
    assert_eq!(me["data"]["permissions"].as_array().unwrap().len(), 4, "the lead's own permissions did not grow");

    // The only Super Admin cannot give the role up, even by their own hand.
    let sales_role = role_named(&app, &owner, "Sales Engineer").await;
    let given_up =
        app.put(&format!("dashboard/admins/{owner_id}"), json!({"name": "Owner", "phone": "01012343001", "role_id": sales_role}), Some(&owner)).await;
    refused_beyond_reach(given_up, "The shop needs at least one Super Admin. Give the role to someone else first.", "the last Super Admin").await;
    let second = app.account_token(Role::Admin, "01012343003").await;
    assert_eq!(json_of(app.me(Some(&second)).await).await["data"]["access_role"], "Super Admin");
    let handed_over =
        app.put(&format!("dashboard/admins/{owner_id}"), json!({"name": "Owner", "phone": "01012343001", "role_id": sales_role}), Some(&owner)).await;
    assert_eq!(handed_over.status(), 200, "with another Super Admin left");
}

/// What each dashboard operation needs, by method and path as the API document writes them.
/// An operation the document has and this table lacks fails the test: a new one must say here
/// which permission it takes.
const NEEDS: &[(&str, &str, &[&str])] = &[
    ("get", "dashboard/admins", &["admin-list"]),
    ("post", "dashboard/admins", &["admin-create"]),
    ("get", "dashboard/admins/{id}", &["admin-list"]),
    ("put", "dashboard/admins/{id}", &["admin-edit"]),
    ("delete", "dashboard/admins/{id}", &["admin-delete"]),
    ("get", "dashboard/sales", &["sales-list"]),
    ("post", "dashboard/sales", &["sales-create"]),
    ("get", "dashboard/sales/{id}", &["sales-list"]),
    ("put", "dashboard/sales/{id}", &["sales-edit"]),
    ("delete", "dashboard/sales/{id}", &["sales-delete"]),
    ("get", "dashboard/categories", &["category-list"]),
    ("post", "dashboard/categories", &["category-create"]),
    ("put", "dashboard/categories/{id}", &["category-edit"]),
    ("delete", "dashboard/categories/{id}", &["category-delete"]),
    ("get", "dashboard/contact-messages", &["contact-list"]),
    ("post", "dashboard/contact-messages/{id}/handled", &["contact-edit"]),
    ("delete", "dashboard/contact-messages/{id}", &["contact-delete"]),
    ("get", "dashboard/copouns", &["copoun-list"]),
    ("post", "dashboard/copouns", &["copoun-create"]),
    ("get", "dashboard/copouns/{id}", &["copoun-list"]),
    ("put", "dashboard/copouns/{id}", &["copoun-edit"]),
    ("delete", "dashboard/copouns/{id}", &["copoun-delete"]),
    ("post", "dashboard/copouns/{id}/activate", &["copoun-edit"]),
    ("post", "dashboard/copouns/{id}/deactivate", &["copoun-edit"]),
    ("get", "dashboard/groups", &["client-list"]),
    ("post", "dashboard/groups", &["client-edit"]),
    ("put", "dashboard/groups/{id}", &["client-edit"]),
    ("delete", "dashboard/groups/{id}", &["client-edit"]),
    ("get", "dashboard/orders", &["order-list"]),
    ("get", "dashboard/orders/export.csv", &["order-list"]),
    ("get", "dashboard/orders/{id}", &["order-list"]),
    ("get", "dashboard/orders/{id}/invoice", &["order-list"]),
    ("post", "dashboard/orders/{id}/status", &["order-status"]),
    ("post", "dashboard/orders/{id}/confirm", &["order-status"]),
    ("put", "dashboard/orders/{id}/lines", &["order-edit"]),
    ("post", "dashboard/orders/{id}/refusal", &["order-status"]),
    ("post", "dashboard/orders/{id}/partial-delivery", &["order-status"]),
    ("post", "dashboard/orders/{id}/undo", &["order-status"]),
    ("post", "dashboard/orders/{id}/delivery-attempts", &["order-status"]),
    ("post", "dashboard/orders/{id}/shipment", &["order-status"]),
    ("post", "dashboard/orders/{id}/shipment/refresh", &["order-status"]),
    ("get", "dashboard/orders/{id}/airway-bill", &["order-status"]),
    ("post", "dashboard/orders/{id}/returns", &["order-status"]),
    ("post", "dashboard/orders/{id}/returns/{return_id}/{step}", &["order-status"]),
    ("post", "dashboard/orders/bulk-status", &["order-status"]),
    ("post", "dashboard/orders/{id}/notes", &["order-edit"]),
    ("post", "dashboard/orders/{id}/sales-engineer", &["order-edit"]),
    ("post", "dashboard/sales-orders", &["order-create"]),
    ("get", "dashboard/guest-orders", &["guest-order-list"]),
    ("get", "dashboard/guest-orders/export.csv", &["guest-order-list"]),
    ("get", "dashboard/guest-orders/{id}", &["guest-order-list"]),
    ("get", "dashboard/guest-orders/{id}/invoice", &["guest-order-list"]),
    ("post", "dashboard/guest-orders/{id}/status", &["guest-order-edit"]),
    ("post", "dashboard/guest-orders/{id}/confirm", &["guest-order-edit"]),
    ("put", "dashboard/guest-orders/{id}/lines", &["guest-order-edit"]),
    ("post", "dashboard/guest-orders/{id}/refusal", &["guest-order-edit"]),
    ("post", "dashboard/guest-orders/{id}/partial-delivery", &["guest-order-edit"]),
    ("post", "dashboard/guest-orders/{id}/undo", &["guest-order-edit"]),
    ("post", "dashboard/guest-orders/{id}/delivery-attempts", &["guest-order-edit"]),
    ("post", "dashboard/guest-orders/{id}/shipment", &["guest-order-edit"]),
    ("post", "dashboard/guest-orders/{id}/shipment/refresh", &["guest-order-edit"]),
    ("get", "dashboard/guest-orders/{id}/airway-bill", &["guest-order-edit"]),
    ("post", "dashboard/guest-orders/{id}/returns", &["guest-order-edit"]),
    ("post", "dashboard/guest-orders/{id}/returns/{return_id}/{step}", &["guest-order-edit"]),
    ("get", "dashboard/couriers", &[]),
    ("get", "dashboard/lookup", &[]),
    ("get", "dashboard/courier-cash", &["shipping-list"]),
    ("post", "dashboard/courier-cash/remittances", &["shipping-edit"]),
    ("post", "dashboard/guest-orders/bulk-status", &["guest-order-edit"]),
    ("post", "dashboard/guest-orders/{id}/notes", &["guest-order-edit"]),
    ("get", "dashboard/offers", &["offer-list"]),
    ("post", "dashboard/offers", &["offer-create"]),
    ("put", "dashboard/offers/{id}", &["offer-edit"]),
    ("delete", "dashboard/offers/{id}", &["offer-delete"]),
    ("post", "dashboard/offers/{id}/activate", &["offer-edit"]),
    ("post", "dashboard/offers/{id}/deactivate", &["offer-edit"]),
    ("get", "dashboard/overview", &["dashboard-overview"]),
    ("get", "dashboard/api-keys", &["integration-list"]),
    ("post", "dashboard/api-keys", &["integration-create"]),
    ("delete", "dashboard/api-keys/{id}", &["integration-delete"]),
    ("get", "dashboard/webhooks", &["integration-list"]),
    ("post", "dashboard/webhooks", &["integration-create"]),
    ("put", "dashboard/webhooks/{id}", &["integration-edit"]),
    ("delete", "dashboard/webhooks/{id}", &["integration-delete"]),
    ("post", "dashboard/webhooks/{id}/secret", &["integration-edit"]),
    ("post", "dashboard/webhooks/{id}/test", &["integration-edit"]),
    ("get", "dashboard/webhooks/{id}/deliveries", &["integration-list"]),
    ("post", "dashboard/webhooks/{id}/deliveries/{delivery}/resend", &["integration-edit"]),
    ("post", "dashboard/webhooks/{id}/replay", &["integration-edit"]),
    ("get", "dashboard/permissions", &["role-list"]),
    ("get", "dashboard/points-rules", &["points-list"]),
    ("post", "dashboard/points-rules", &["points-create"]),
    ("get", "dashboard/points-rules/{id}", &["points-list"]),
    ("put", "dashboard/points-rules/{id}", &["points-edit"]),
    ("delete", "dashboard/points-rules/{id}", &["points-delete"]),
    ("get", "dashboard/user-points", &["points-list"]),
    ("get", "dashboard/user-points/{user_id}", &["points-list"]),
    ("post", "dashboard/user-points/{user_id}", &["points-adjust"]),
    ("get", "dashboard/products", &["product-list"]),
    ("post", "dashboard/products", &["product-create"]),
    ("get", "dashboard/products/{id}", &["product-list"]),
    ("put", "dashboard/products/{id}", &["product-edit"]),
    ("put", "dashboard/products/{id}/agronomy", &["product-edit"]),
    ("put", "dashboard/products/{id}/documents/{document}", &["product-edit"]),
    ("delete", "dashboard/products/{id}/documents/{document}", &["product-edit"]),
    ("get", "dashboard/products/{id}/lots", &["product-list"]),
    ("post", "dashboard/products/{id}/lots", &["product-edit"]),
    ("put", "dashboard/products/{id}/lots/{lot}", &["product-edit"]),
    ("delete", "dashboard/products/{id}/lots/{lot}", &["product-edit"]),
    ("get", "dashboard/lots", &["product-list"]),
    ("get", "dashboard/crops", &["agronomy-list"]),
    ("post", "dashboard/crops", &["agronomy-create"]),
    ("put", "dashboard/crops/{id}", &["agronomy-edit"]),
    ("delete", "dashboard/crops/{id}", &["agronomy-delete"]),
    ("put", "dashboard/crops/{id}/picture", &["agronomy-edit"]),
    ("delete", "dashboard/crops/{id}/picture", &["agronomy-edit"]),
    ("get", "dashboard/pests", &["agronomy-list"]),
    ("post", "dashboard/pests", &["agronomy-create"]),
    ("put", "dashboard/pests/{id}", &["agronomy-edit"]),
    ("delete", "dashboard/pests/{id}", &["agronomy-delete"]),
    ("put", "dashboard/pests/{id}/picture", &["agronomy-edit"]),
    ("delete", "dashboard/pests/{id}/picture", &["agronomy-edit"]),
    ("get", "dashboard/active-ingredients", &["agronomy-list"]),
    ("post", "dashboard/active-ingredients", &["agronomy-create"]),
    ("put", "dashboard/active-ingredients/{id}", &["agronomy-edit"]),
    ("delete", "dashboard/active-ingredients/{id}", &["agronomy-delete"]),
    ("delete", "dashboard/products/{id}", &["product-delete"]),
    ("get", "dashboard/roles", &["role-list"]),
    ("post", "dashboard/roles", &["role-create"]),
    ("get", "dashboard/roles/{id}", &["role-list"]),
    ("put", "dashboard/roles/{id}", &["role-edit"]),
    ("delete", "dashboard/roles/{id}", &["role-delete"]),
    ("get", "dashboard/search/synonyms", &["setting-list"]),
    ("post", "dashboard/search/synonyms", &["setting-edit"]),
    ("put", "dashboard/search/synonyms/{id}", &["setting-edit"]),
    ("delete", "dashboard/search/synonyms/{id}", &["setting-edit"]),
    ("get", "dashboard/search/misses", &["setting-list"]),
    ("delete", "dashboard/search/misses/{id}", &["setting-edit"]),
    ("get", "dashboard/settings", &["setting-list"]),
    ("put", "dashboard/settings", &["setting-edit"]),
    ("get", "dashboard/settings/pages", &["setting-list"]),
    ("put", "dashboard/settings/pages/{slug}", &["setting-edit"]),
    ("get", "dashboard/shipping-cities", &["shipping-list"]),
    ("post", "dashboard/shipping-cities", &["shipping-create"]),
    ("get", "dashboard/shipping-cities/{id}", &["shipping-list"]),
    ("put", "dashboard/shipping-cities/{id}", &["shipping-edit"]),
    ("delete", "dashboard/shipping-cities/{id}", &["shipping-delete"]),
    ("get", "dashboard/sms", &["sms-list"]),
    ("post", "dashboard/sms", &["sms-send"]),
    ("post", "dashboard/sms/preview", &["sms-send"]),
    ("get", "dashboard/sms/{id}", &["sms-list"]),
    ("get", "dashboard/sms/{id}/recipients", &["sms-list"]),
    ("get", "dashboard/users", &["client-list"]),
    ("post", "dashboard/users", &["client-create"]),
    ("get", "dashboard/users/{id}", &["client-list"]),
    ("put", "dashboard/users/{id}", &["client-edit"]),
    ("post", "dashboard/users/{id}/block", &["client-block"]),
    ("post", "dashboard/users/{id}/unblock", &["client-block"]),
    ("put", "dashboard/phones/{phone}/band", &["client-block"]),
    ("post", "dashboard/users/{id}/notes", &["client-edit"]),
    ("get", "dashboard/users/{id}/addresses", &["client-list"]),
    ("get", "dashboard/users/{id}/orders", &["client-list", "order-list"]),
];

/// Gives the access role named `role` exactly these permissions.
fn grant_only(app: &crate::helpers::TestApp, role: &str, permissions: &[&str]) {
    use diesel::prelude::*;
    use store::schema::{access_roles, role_permissions};
    let db = app.database();
    let conn = &mut *db.conn().expect("connection");
    let role: i64 = access_roles::table.filter(access_roles::name.eq(role)).select(access_roles::id).first(conn).expect("role");
    diesel::delete(role_permissions::table.filter(role_permissions::role_id.eq(role))).execute(conn).expect("cleared");
    for permission in permissions {
        diesel::insert_into(role_permissions::table)
            .values((role_permissions::role_id.eq(role), role_permissions::permission.eq(*permission)))
            .execute(conn)
            .expect("granted");
    }
}

#[actix_web::test]
async fn each_permission_reaches_its_own_dashboard_operations_and_nothing_else() {
    let app = spawn_app_with(|settings| settings.integrations.key_requests_per_minute = 100_000).await;
    let document = json_of(app.get("openapi.json", None).await).await;
    let mut operations: Vec<(String, String)> = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        let Some(path) = path.strip_prefix("/api/").filter(|path| path.starts_with("dashboard/")) else { continue };
        operations.extend(item.as_object().unwrap().keys().map(|method| (method.clone(), path.to_string())));
    }
    let needs = |method: &str, path: &str| -> &'static [&'static str] {
        NEEDS
            .iter()
            .find(|(m, p, _)| *m == method && *p == path)
            .map(|(_, _, needs)| *needs)
            .unwrap_or_else(|| panic!("{method} {path}: say what it needs in NEEDS"))
    };
    assert_eq!(operations.len(), NEEDS.len(), "every operation in the table is in the document");

    let token = app.staff_holding("01012344001", &[]).await;
    let mut wrong = Vec::new();
    let everything: Vec<String> = identity::permission::all();
    let mut holdings: Vec<Vec<&str>> = everything.iter().map(|permission| vec![permission.as_str()]).collect();
    holdings.push(Vec::new());
    holdings.push(vec!["client-list", "order-list"]);
    for held in holdings {
        grant_only(&app, "Only 01012344001", &held);
        for (method, path) in &operations {
            let needed = needs(method, path);
            let url = path.split('/').map(|part| if part.starts_with('{') { "999999" } else { part }).collect::<Vec<_>>().join("/");
            let status = app
                .request(reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap(), &url, Some(&token), "en")
                .header("Idempotency-Key", format!("matrix-{}", held.join("+")))
                .json(&json!({}))
                .send()
                .await
                .unwrap()
                .status();
            let reached = needed.iter().all(|permission| held.contains(permission));
            if reached == (status == 401 || status == 403) || (!reached && status != 403) {
                wrong.push(format!("{method} {path} with {held:?}: {status}"));
            }
        }
    }
    assert!(wrong.is_empty(), "reached beyond or short of its permission:\n{}", wrong.join("\n"));

    // The same with API keys a Super Admin made, one scope each, over the operations that scope
    // names and a sample of the rest: a key reaches what its scope reaches, whoever made it,
    // and never makes, changes or removes a key or an endpoint.
    let owner = app.account_token(Role::Admin, "01012344002").await;
    for scope in &everything {
        let created = app.post("dashboard/api-keys", json!({"name": format!("only {scope}"), "scopes": [scope]}), Some(&owner)).await;
        assert_eq!(created.status(), 201, "{scope}");
        let key = json_of(created).await["secret"].as_str().unwrap().to_string();
        for (index, (method, path)) in operations.iter().enumerate() {
            let needed = needs(method, path);
            if !needed.contains(&scope.as_str()) && index % 9 != 0 {
                continue;
            }
            let url = path.split('/').map(|part| if part.starts_with('{') { "999999" } else { part }).collect::<Vec<_>>().join("/");
            let status = app
                .request(reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap(), &url, Some(&key), "en")
                .header("Idempotency-Key", format!("key-matrix-{scope}"))
                .json(&json!({}))
                .send()
                .await
                .unwrap()
                .status();
            let person_only = PERSON_ONLY.contains(&(method.as_str(), path.as_str()));
            let reached = !person_only && needed.iter().all(|permission| permission == scope);
            if reached == (status == 401 || status == 403) || (!reached && status != 403) {
                wrong.push(format!("{method} {path} with a key scoped to {scope}: {status}"));
            }
        }
    }
    assert!(wrong.is_empty(), "a key reached beyond or short of its scope:\n{}", wrong.join("\n"));
}

/// The operations a signed-in person makes and a key never does: keys and webhook endpoints.
const PERSON_ONLY: &[(&str, &str)] = &[
    ("post", "dashboard/api-keys"),
    ("delete", "dashboard/api-keys/{id}"),
    ("post", "dashboard/webhooks"),
    ("put", "dashboard/webhooks/{id}"),
    ("delete", "dashboard/webhooks/{id}"),
    ("post", "dashboard/webhooks/{id}/secret"),
];
