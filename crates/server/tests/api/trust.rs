//! The second attack's paths, closed (issue 62): a key acts within its scopes whoever made it
//! and makes no key nor endpoint; a webhook carries only what its maker may read; removing a
//! maker revokes and pauses what they made; a sales engineer bands only their own clients'
//! phones; the node that saves a product serves it at once.

use identity::Role;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app, spawn_app_with};

const PERSON_ONLY: &str = "Creating, changing or deleting API keys and webhook endpoints needs a signed-in person, not an API key.";

/// Makes an API key with these scopes as `maker`; answers its secret and id.
async fn key(app: &TestApp, maker: &str, scopes: &[&str]) -> (String, i64) {
    let created = app.post("dashboard/api-keys", json!({"name": "ERP", "scopes": scopes}), Some(maker)).await;
    assert_eq!(created.status(), 201);
    let created = json_of(created).await;
    (created["secret"].as_str().unwrap().to_string(), created["data"]["id"].as_i64().unwrap())
}

/// The access role named `name` as the owner sees it.
async fn role(app: &TestApp, owner: &str, name: &str) -> Value {
    let roles = json_of(app.get("dashboard/roles", Some(owner)).await).await;
    roles["data"].as_array().unwrap().iter().find(|role| role["name"] == name).unwrap().clone()
}

fn delete(app: &TestApp, path: &str, token: &str) -> reqwest::RequestBuilder {
    app.request(reqwest::Method::DELETE, path, Some(token), "en")
}

#[actix_web::test]
async fn a_super_admins_role_edit_key_raises_no_role_and_no_key_makes_a_key_or_an_endpoint() {
    let app = spawn_app().await;
    let owner = app.account_token(Role::Admin, "01012362001").await;
    let scopes = ["role-edit", "role-list", "integration-create", "integration-edit", "integration-delete", "integration-list"];
    let (leaked, leaked_id) = key(&app, &owner, &scopes).await;
    let sales_engineer = role(&app, &owner, "Sales Engineer").await;
    let every: Vec<String> = identity::permission::all();

    let raised = app.put(&format!("dashboard/roles/{}", sales_engineer["id"]), json!({"name": "Sales Engineer", "permissions": every}), Some(&leaked)).await;
    assert_eq!(raised.status(), 403, "a role-edit key gives no role what the key itself lacks");
    assert_eq!(role(&app, &owner, "Sales Engineer").await["permissions"], sales_engineer["permissions"], "the role is unchanged");
    let super_admin = role(&app, &owner, "Super Admin").await;
    let gutted = app.put(&format!("dashboard/roles/{}", super_admin["id"]), json!({"name": "Super Admin", "permissions": every}), Some(&leaked)).await;
    assert_eq!(gutted.status(), 403, "nor touches Super Admin");

    let child = app.post("dashboard/api-keys", json!({"name": "child", "scopes": ["role-list"]}), Some(&leaked)).await;
    assert_eq!(child.status(), 403, "a key makes no key");
    assert_eq!(json_of(child).await["message"], PERSON_ONLY);
    let endpoint = app.post("dashboard/webhooks", json!({"url": "http://127.0.0.1:9/hooks", "events": ["order.created"]}), Some(&leaked)).await;
    assert_eq!(endpoint.status(), 403, "nor an endpoint");
    assert_eq!(delete(&app, &format!("dashboard/api-keys/{leaked_id}"), &leaked).send().await.unwrap().status(), 403, "nor revokes one");
    let keys = json_of(app.get("dashboard/api-keys", Some(&owner)).await).await;
    assert_eq!(keys["data"].as_array().unwrap().len(), 1, "nothing was made");
    assert_eq!(json_of(app.get("dashboard/webhooks", Some(&owner)).await).await["data"], json!([]));

    assert_eq!(delete(&app, &format!("dashboard/api-keys/{leaked_id}"), &owner).send().await.unwrap().status(), 200);
    assert_eq!(app.get("dashboard/roles", Some(&leaked)).await.status(), 401, "the revoked key is refused");
}

#[actix_web::test]
async fn an_endpoint_subscribes_only_to_what_its_maker_may_read() {
    let app = spawn_app().await;
    let integrator = app.staff_holding("01012362101", &["integration-create", "integration-edit", "integration-list"]).await;
    for events in [json!(["order.created"]), json!(["client.created"]), json!(["product.updated"]), json!(["shipment.updated"])] {
        let refused = app.post("dashboard/webhooks", json!({"url": "http://127.0.0.1:9/hooks", "events": events}), Some(&integrator)).await;
        assert_eq!(refused.status(), 422, "{events}");
        assert!(json_of(refused).await["errors"]["events"][0].as_str().unwrap().starts_with("You cannot subscribe to this event"));
    }
    assert_eq!(json_of(app.get("dashboard/webhooks", Some(&integrator)).await).await["data"], json!([]), "nothing saved");

    let guests_only = app.staff_holding("01012362102", &["integration-create", "integration-edit", "integration-list", "guest-order-list"]).await;
    let added = app.post("dashboard/webhooks", json!({"url": "http://127.0.0.1:9/hooks", "events": ["order.created"]}), Some(&guests_only)).await;
    assert_eq!(added.status(), 201, "guest orders are enough for order events");
    let added = json_of(added).await["data"].clone();
    assert_eq!((added["paused_reason"].clone(), added["created_by_name"].clone()), (Value::Null, json!("Staff")));
    let widened = app
        .put(
            &format!("dashboard/webhooks/{}", added["id"]),
            json!({"url": "http://127.0.0.1:9/hooks", "events": ["order.created", "client.created"]}),
            Some(&guests_only),
        )
        .await;
    assert_eq!(widened.status(), 422, "changing its events needs the same");
}

/// Gives the built-in Sales Engineer role `permissions` (`grant`) or takes them from it, as an
/// owner might.
fn change_sales(app: &TestApp, permissions: &[&str], grant: bool) {
    use diesel::prelude::*;
    use store::schema::{access_roles, role_permissions};
    let db = app.database();
    let conn = &mut *db.conn().unwrap();
    let role: i64 = access_roles::table.filter(access_roles::name.eq("Sales Engineer")).select(access_roles::id).first(conn).unwrap();
    if grant {
        for permission in permissions {
            diesel::insert_into(role_permissions::table)
                .values((role_permissions::role_id.eq(role), role_permissions::permission.eq(*permission)))
                .execute(conn)
                .unwrap();
        }
    } else {
        diesel::delete(role_permissions::table.filter(role_permissions::role_id.eq(role)).filter(role_permissions::permission.eq_any(permissions)))
            .execute(conn)
            .unwrap();
    }
}

/// A client the sales engineer adds (theirs), signed in.
async fn client_of(app: &TestApp, engineer: &str, phone: &str) -> String {
    let added = app.post("dashboard/users", json!({"name": "Farmer", "phone": phone, "password": "Harvest2026"}), Some(engineer)).await;
    assert_eq!(added.status(), 200, "{}", json_of(added).await);
    app.login_token(phone, "Harvest2026").await
}

/// The orders an endpoint was given deliveries of, in the order of their events.
fn delivered_orders(app: &TestApp, endpoint: i64) -> Vec<i64> {
    use diesel::prelude::*;
    use store::schema::{webhook_deliveries, webhook_events};
    let db = app.database();
    let conn = &mut *db.conn().unwrap();
    let bodies: Vec<String> = webhook_deliveries::table
        .inner_join(webhook_events::table)
        .filter(webhook_deliveries::endpoint_id.eq(endpoint))
        .order(webhook_events::seq)
        .select(webhook_events::body)
        .load(conn)
        .unwrap();
    bodies.iter().map(|body| serde_json::from_str::<Value>(body).unwrap()["data"]["order"]["id"].as_i64().unwrap()).collect()
}

/// Waits until the webhooks' publisher has passed every order event written so far.
async fn published(app: &TestApp) {
    use diesel::prelude::*;
    use store::schema::{event_cursors, order_events};
    for _ in 0..300 {
        let db = app.database();
        let conn = &mut *db.conn().unwrap();
        let last: Option<i64> = order_events::table.select(diesel::dsl::max(order_events::seq)).first(conn).unwrap();
        let cursor: i64 = event_cursors::table.find("webhooks").select(event_cursors::last_seq).first(conn).unwrap();
        if last.is_none_or(|last| cursor >= last) {
            return;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the webhooks' publisher did not catch up");
}

#[actix_web::test]
async fn a_sales_engineers_endpoint_carries_only_their_clients_orders_and_pauses_when_they_lose_the_permission() {
    let app = spawn_app().await;
    let owner = app.account_token(Role::Admin, "01012362201").await;
    let seeds = app.add_product(&owner, "Scoped seeds", 40, 100, 250).await;
    let ahmed = app.account_token(Role::Sales, "01012362202").await;
    let bassem = app.account_token(Role::Sales, "01012362203").await;
    change_sales(&app, &["integration-create", "integration-list"], true);
    let added = app.post("dashboard/webhooks", json!({"url": "http://127.0.0.1:9/hooks", "events": ["order.created"]}), Some(&ahmed)).await;
    assert_eq!(added.status(), 201);
    let endpoint = json_of(added).await["data"]["id"].as_i64().unwrap();

    let ahmeds_client = client_of(&app, &ahmed, "01012362211").await;
    let bassems_client = client_of(&app, &bassem, "01012362212").await;
    let mut orders = Vec::new();
    for buyer in [&ahmeds_client, &bassems_client] {
        app.add_to_cart(buyer, seeds, json!(1)).await;
        let placed = app.checkout(buyer, json!({"address": "12 Nile St", "city_id": 1, "type": "self"}), None).await;
        assert_eq!(placed.status(), 201);
        orders.push(json_of(placed).await["data"]["id"].as_i64().unwrap());
    }
    let guest = json!({"name": "Mona", "phone": "01112362213", "address": "Farm road", "city_id": 2, "items": [{"id": seeds, "quantity": 1}]});
    let placed = app.guest_checkout(&guest, None).await;
    assert_eq!(placed.status(), 201);
    let guest_order = json_of(placed).await["data"]["id"].as_i64().unwrap();
    published(&app).await;
    assert_eq!(delivered_orders(&app, endpoint), [orders[0], guest_order], "their client's order and the guest's, never another engineer's client's");

    change_sales(&app, &["order-list", "guest-order-list"], false);
    let listed = json_of(app.get("dashboard/webhooks", Some(&owner)).await).await;
    assert_eq!(listed["data"][0]["paused_reason"], "maker_lacks_permission", "the screen says why it is sent nothing");
    let placed = app
        .guest_checkout(&json!({"name": "Mona", "phone": "01112362214", "address": "Farm road", "city_id": 2, "items": [{"id": seeds, "quantity": 1}]}), None)
        .await;
    assert_eq!(placed.status(), 201);
    published(&app).await;
    assert_eq!(delivered_orders(&app, endpoint), [orders[0], guest_order], "nothing more once the maker may not read orders");
}

#[actix_web::test]
async fn removing_a_staff_member_revokes_their_keys_and_pauses_their_endpoints_in_the_same_step() {
    let app = spawn_app().await;
    let owner = app.account_token(Role::Admin, "01012362301").await;
    let leaving = app.staff_holding("01012362302", &["integration-create", "integration-list", "order-list", "guest-order-list", "admin-list"]).await;
    let (their_key, _) = key(&app, &leaving, &["order-list"]).await;
    let added = app.post("dashboard/webhooks", json!({"url": "http://127.0.0.1:9/hooks", "events": ["order.created"]}), Some(&leaving)).await;
    assert_eq!(added.status(), 201);
    let id = json_of(app.me(Some(&leaving)).await).await["data"]["id"].as_i64().unwrap();

    let removed = delete(&app, &format!("dashboard/admins/{id}"), &owner).send().await.unwrap();
    assert_eq!(removed.status(), 200, "no foreign key stops it");
    let removed = json_of(removed).await;
    assert_eq!((removed["keys_revoked"].clone(), removed["endpoints_paused"].clone()), (json!(1), json!(1)));
    assert!(removed["message"].as_str().unwrap().contains("revoked"), "{}", removed["message"]);

    assert_eq!(app.get("dashboard/orders", Some(&their_key)).await.status(), 401, "their key is dead");
    let keys = json_of(app.get("dashboard/api-keys", Some(&owner)).await).await;
    assert!(keys["data"][0]["revoked_at"].is_string() && keys["data"][0]["created_by"].is_null());
    assert_eq!(keys["data"][0]["created_by_name"], "Staff", "the maker's name stays");
    let endpoints = json_of(app.get("dashboard/webhooks", Some(&owner)).await).await;
    assert_eq!((endpoints["data"][0]["paused_reason"].clone(), endpoints["data"][0]["created_by"].clone()), (json!("maker_removed"), Value::Null));

    let resaved = app
        .put(
            &format!("dashboard/webhooks/{}", endpoints["data"][0]["id"]),
            json!({"url": "http://127.0.0.1:9/hooks", "events": ["order.created"]}),
            Some(&owner),
        )
        .await;
    assert_eq!(resaved.status(), 200);
    assert_eq!(json_of(resaved).await["data"]["paused_reason"], Value::Null, "a person saving it again ends the pause");
}

#[actix_web::test]
async fn a_sales_engineer_bands_only_their_own_clients_phones_and_trusts_none() {
    let app = spawn_app().await;
    let owner = app.account_token(Role::Admin, "01012362401").await;
    let ahmed = app.account_token(Role::Sales, "01012362402").await;
    let bassem = app.account_token(Role::Sales, "01012362403").await;
    client_of(&app, &ahmed, "01012362411").await;
    client_of(&app, &bassem, "01012362412").await;
    let band = |phone: &str, band: &str, token: &str| {
        app.request(reqwest::Method::PUT, &format!("dashboard/phones/{phone}/band"), Some(token), "en")
            .json(&json!({"band": band, "note": "called twice"}))
            .send()
    };

    assert_eq!(band("01012362412", "confirm_by_call", &ahmed).await.unwrap().status(), 404, "another engineer's client");
    assert_eq!(band("01099999999", "prepay_shipping", &ahmed).await.unwrap().status(), 404, "a phone nobody ordered with");
    assert_eq!(band("01012362411", "confirm_by_call", &ahmed).await.unwrap().status(), 200, "their own client");
    let trusted = band("01012362411", "trusted", &ahmed).await.unwrap();
    assert_eq!(trusted.status(), 403);
    assert_eq!(json_of(trusted).await["message"], "Marking a phone trusted, or lifting its block, needs the phone-trust permission.");
    assert_eq!(band("01012362411", "blocked", &ahmed).await.unwrap().status(), 200, "blocking is theirs");
    assert_eq!(band("01012362411", "normal", &ahmed).await.unwrap().status(), 403, "lifting the block is not");
    assert_eq!(band("01012362411", "trusted", &owner).await.unwrap().status(), 200, "the owner holds phone-trust");
}

#[actix_web::test]
async fn the_node_that_saves_a_product_serves_it_on_its_very_next_request() {
    let app = spawn_app_with(|settings| settings.catalogue.freshness_ms = 600_000).await;
    let admin = app.account_token(Role::Admin, "01012362501").await;
    let crops = json_of(app.get("crops", None).await).await;
    let tomato = crops["data"].as_array().unwrap().iter().find(|crop| crop["slug"] == "tomato").unwrap()["id"].as_i64().unwrap();
    let ingredients = json_of(app.get("dashboard/active-ingredients", Some(&admin)).await).await;
    let ingredient = ingredients["data"][0]["id"].as_i64().unwrap();
    let product = app.add_product(&admin, "Methomyl 90% SP", 150, 10, 250).await;
    let agronomy = |who_class: &str| {
        json!({
            "kind": "pesticide", "formulation": "EC", "pack": {"size": 250, "unit": "ml"},
            "active_ingredients": [{"ingredient_id": ingredient, "concentration": "18", "unit": "g/L"}],
            "registration_no": "SAMPLE-APC-9", "registration_expires_on": "2099-12-31", "who_class": who_class,
            "uses": [{"crop_id": tomato, "rate_from": 40, "rate_to": 50, "rate_unit": "ml_per_100l", "water_per_feddan": 400, "phi_days": 3}]
        })
    };
    let put = app.put(&format!("dashboard/products/{product}/agronomy"), agronomy("II"), Some(&admin)).await;
    assert_eq!(put.status(), 200, "{}", json_of(put).await);
    let order = |phone: &str| json!({"name": "Mona", "phone": phone, "address": "Farm road", "city_id": 2, "items": [{"id": product, "quantity": 1}]});
    assert_eq!(app.guest_checkout(&order("01112362511"), None).await.status(), 201, "class II needs no acknowledgement (and the node keeps its copy)");

    assert_eq!(app.put(&format!("dashboard/products/{product}/agronomy"), agronomy("Ib"), Some(&admin)).await.status(), 200);
    let refused = app.guest_checkout(&order("01112362512"), None).await;
    assert_eq!(refused.status(), 422, "the very next order on this node judges the product as Ib");
    assert!(json_of(refused).await["errors"]["acknowledged_safety"].is_array());

    let lot = app
        .post(
            &format!("dashboard/products/{product}/lots"),
            json!({"batch": "B-1", "expires_on": "2099-01-01", "quantity": 4, "existing_units": "write_off", "write_off_reason": "counted again"}),
            Some(&admin),
        )
        .await;
    assert!(lot.status().is_success(), "{}", lot.status());
    let shown = json_of(app.get(&format!("dashboard/products/{product}"), Some(&admin)).await).await;
    assert_eq!(shown["data"]["quantity"], 4, "a lot received shows in the product's stock at once");
}
