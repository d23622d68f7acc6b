//! People over HTTP: staff find clients by search and filters, change them, block them (which
//! signs them out everywhere) and keep notes; groups, and promo codes for one group; admins and
//! sales engineers with their access roles (never the last admin, never yourself); roles whose
//! change reaches their holders' next request; and every people endpoint's 401 and 403.

use identity::Role;
use reqwest::{Method, Response};
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, json_of, spawn_app};

impl TestApp {
    async fn delete(&self, path: &str, token: &str) -> Response {
        self.request(Method::DELETE, path, Some(token), "en").send().await.unwrap()
    }

    /// `POST dashboard/users`; answers the new client's id.
    async fn add_client(&self, token: &str, body: Value) -> i64 {
        let answer = self.post("dashboard/users", body.clone(), Some(token)).await;
        assert_eq!(answer.status(), 200, "add {body}");
        json_of(answer).await["data"]["id"].as_i64().unwrap()
    }

    /// The ids a list answers, in its order.
    async fn ids(&self, path: &str, token: &str) -> Vec<i64> {
        let answer = self.get(path, Some(token)).await;
        assert_eq!(answer.status(), 200, "{path}");
        json_of(answer).await["data"].as_array().unwrap().iter().map(|row| row["id"].as_i64().unwrap()).collect()
    }

    /// The id of the access role with this name.
    async fn role_id(&self, token: &str, name: &str) -> i64 {
        let roles = json_of(self.get("dashboard/roles", Some(token)).await).await;
        roles["data"].as_array().unwrap().iter().find(|role| role["name"] == name).unwrap()["id"].as_i64().unwrap()
    }
}

#[actix_web::test]
async fn staff_find_clients_by_search_and_filters_and_keep_notes_on_them() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012390001").await;
    let groups = json_of(app.get("dashboard/groups", Some(&admin)).await).await;
    let names: Vec<&str> = groups["data"].as_array().unwrap().iter().map(|group| group["name_en"].as_str().unwrap()).collect();
    assert_eq!(names, ["Farmers", "Home growers", "Wholesalers"], "seeded");
    let farmers = groups["data"][0]["id"].as_i64().unwrap();
    let engineer = app.account_token(Role::Sales, "01012390002").await;
    let engineer_id = json_of(app.me(Some(&engineer)).await).await["data"]["id"].as_i64().unwrap();
    let other_engineer = app.account_token(Role::Sales, "01012390003").await;
    let other_id = json_of(app.me(Some(&other_engineer)).await).await["data"]["id"].as_i64().unwrap();

    let hassan =
        app.add_client(&admin, json!({"name": "Hassan Farmer", "phone": "٠١٠١٢٣٩٠٠١٠", "email": "hassan@farm.eg", "city_id": 3, "group_id": farmers})).await;
    let mona = app.add_client(&admin, json!({"name": "منى الزارعة", "phone": "+20 111 239 0011", "sales_engineer_id": other_id})).await;
    let registered = app.register("01212390012", Some("new@farm.eg")).await;
    let fresh = json_of(app.me(Some(&registered)).await).await["data"]["id"].as_i64().unwrap();

    assert_eq!(app.ids("dashboard/users", &admin).await, [fresh, mona, hassan], "newest first");
    assert_eq!(app.ids("dashboard/users?search=01012390010", &admin).await, [hassan]);
    assert_eq!(app.ids("dashboard/users?search=%2B201012390010", &admin).await, [hassan], "a phone in any form");
    assert_eq!(app.ids("dashboard/users?search=HASSAN@", &admin).await, [hassan], "part of an e-mail");
    assert_eq!(app.ids("dashboard/users?search=الزارعة", &admin).await, [mona]);
    assert_eq!(app.ids("dashboard/users?status=not_verified", &admin).await, [fresh]);
    assert_eq!(app.ids("dashboard/users?status=verified", &admin).await, [mona, hassan]);
    assert_eq!(app.ids("dashboard/users?city=3", &admin).await, [hassan]);
    assert_eq!(app.ids(&format!("dashboard/users?group={farmers}"), &admin).await, [hassan]);
    assert_eq!(app.ids(&format!("dashboard/users?sales_engineer_id={other_id}"), &admin).await, [mona]);
    assert_eq!(app.ids(&format!("dashboard/users?sales_engineer_id={engineer_id}"), &admin).await, [fresh, hassan], "the default engineer's");
    assert_eq!(app.get("dashboard/users?status=sleeping", Some(&admin)).await.status(), 422);

    // A sales engineer sees only the clients they look after.
    assert_eq!(app.ids("dashboard/users", &other_engineer).await, [mona]);
    assert_eq!(app.get(&format!("dashboard/users/{hassan}"), Some(&other_engineer)).await.status(), 404);

    let shown = json_of(app.get(&format!("dashboard/users/{hassan}"), Some(&admin)).await).await["data"].clone();
    assert_eq!((shown["status"].as_str(), shown["city"]["id"].as_i64(), shown["group"]["name"].as_str()), (Some("verified"), Some(3), Some("Farmers")));
    assert_eq!(shown["sales_engineer"]["id"].as_i64(), Some(engineer_id));
    assert_eq!(app.post(&format!("dashboard/users/{hassan}/notes"), json!({"note": "Prefers calls after 6 pm"}), Some(&engineer)).await.status(), 200);
    let notes = json_of(app.get(&format!("dashboard/users/{hassan}"), Some(&admin)).await).await["data"]["notes"].clone();
    assert_eq!((notes[0]["body"].as_str(), notes[0]["author"].as_str()), (Some("Prefers calls after 6 pm"), Some("Staff")));

    let taken = app.post("dashboard/users", json!({"name": "Copy", "phone": "01012390010"}), Some(&admin)).await;
    assert_eq!(json_of(taken).await["errors"]["phone"][0], "This phone number is already registered.");
    let moved = app
        .put(
            &format!("dashboard/users/{hassan}"),
            json!({"name": "Hassan", "phone": "01012390010", "group_id": null, "sales_engineer_id": other_id}),
            Some(&admin),
        )
        .await;
    assert_eq!(moved.status(), 200);
    assert_eq!(app.ids(&format!("dashboard/users?sales_engineer_id={other_id}"), &admin).await, [mona, hassan]);
    assert_eq!(app.ids(&format!("dashboard/users?group={farmers}"), &admin).await, Vec::<i64>::new());
}

#[actix_web::test]
async fn a_block_signs_the_client_out_everywhere_at_once() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012390101").await;
    let phone_token = app.account_token(Role::Customer, "01012390102").await;
    let second_device = app.login_token("01012390102", PASSWORD).await;
    let id = json_of(app.me(Some(&phone_token)).await).await["data"]["id"].as_i64().unwrap();

    let blocked = app.post(&format!("dashboard/users/{id}/block"), json!({}), Some(&admin)).await;
    assert_eq!(json_of(blocked).await["message"], "The client is blocked and signed out everywhere.");
    for token in [&phone_token, &second_device] {
        assert_eq!(app.me(Some(token)).await.status(), 401);
    }
    assert_eq!(app.login("01012390102", PASSWORD).await.status(), 403, "and cannot sign in");
    assert_eq!(app.ids("dashboard/users?status=blocked", &admin).await, [id]);

    app.post(&format!("dashboard/users/{id}/unblock"), json!({}), Some(&admin)).await;
    assert_eq!(app.me(Some(&phone_token)).await.status(), 401, "the ended sessions stay ended");
    assert_eq!(app.login("01012390102", PASSWORD).await.status(), 200);
}

#[actix_web::test]
async fn a_promo_code_for_a_group_serves_its_clients_only() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012390201").await;
    let seeds = app.add_product(&admin, "Okra seeds", 50, 20, 100).await;
    let wholesalers = json_of(app.get("dashboard/groups", Some(&admin)).await).await["data"][2]["id"].as_i64().unwrap();
    app.add_copoun(&admin, json!({"code": "BULK10", "type": "percent", "value": 10, "group_id": wholesalers})).await;
    let unknown = app.post("dashboard/copouns", json!({"code": "GHOST", "type": "percent", "value": 10, "group_id": 999}), Some(&admin)).await;
    assert_eq!(json_of(unknown).await["errors"]["group_id"][0], "Choose one of the client groups.");

    let trader = app.account_token(Role::Customer, "01012390202").await;
    let trader_id = json_of(app.me(Some(&trader)).await).await["data"]["id"].as_i64().unwrap();
    app.put(&format!("dashboard/users/{trader_id}"), json!({"name": "Trader", "phone": "01012390202", "group_id": wholesalers}), Some(&admin)).await;
    let farmer = app.account_token(Role::Customer, "01012390203").await;
    for token in [&trader, &farmer] {
        app.add_to_cart(token, seeds, json!(2)).await;
    }
    let refused = app.post("copouns/check", json!({"copoun": "bulk10"}), Some(&farmer)).await;
    assert_eq!(json_of(refused).await["errors"]["copoun"][0], "This promo code is for another group of clients.");
    let applied = json_of(app.post("copouns/check", json!({"copoun": "bulk10"}), Some(&trader)).await).await;
    assert_eq!(applied["data"]["discount"].as_f64(), Some(10.0));
}

#[actix_web::test]
async fn admins_and_sales_engineers_are_managed_with_roles_and_the_last_admin_stays() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012390301").await;
    let admin_id = json_of(app.me(Some(&admin)).await).await["data"]["id"].as_i64().unwrap();
    let super_admin = app.role_id(&admin, "Super Admin").await;
    let sales_role = app.role_id(&admin, "Sales Engineer").await;

    let weak = app.post("dashboard/admins", json!({"name": "Mona", "phone": "01012390302", "password": "short", "role_id": 999}), Some(&admin)).await;
    let errors = json_of(weak).await["errors"].clone();
    assert!(errors["password"].is_array() && errors["role_id"].is_array(), "{errors}");
    let second = json_of(
        app.post("dashboard/admins", json!({"name": "Mona", "phone": "01012390302", "password": "Harvest2026", "role_id": super_admin}), Some(&admin)).await,
    )
    .await["data"]["id"]
        .as_i64()
        .unwrap();
    let engineer = json_of(
        app.post("dashboard/sales", json!({"name": "Karim", "phone": "01012390303", "password": "Harvest2026", "role_id": sales_role}), Some(&admin)).await,
    )
    .await["data"]["id"]
        .as_i64()
        .unwrap();
    assert_eq!(app.ids("dashboard/admins", &admin).await, [second, admin_id]);
    assert_eq!(app.ids("dashboard/sales", &admin).await, [engineer]);
    assert_eq!(app.get(&format!("dashboard/admins/{engineer}"), Some(&admin)).await.status(), 404, "a sales engineer is no admin");
    let karim = app.login_token("01012390303", "Harvest2026").await;
    assert_eq!(json_of(app.me(Some(&karim)).await).await["data"]["access_role"], "Sales Engineer");

    let own = app.delete(&format!("dashboard/admins/{admin_id}"), &admin).await;
    assert_eq!(json_of(own).await["errors"]["id"][0], "You cannot remove your own account.");
    assert_eq!(app.delete(&format!("dashboard/admins/{second}"), &admin).await.status(), 200);
    let mona_again = json_of(
        app.post("dashboard/admins", json!({"name": "Mona", "phone": "01012390304", "password": "Harvest2026", "role_id": super_admin}), Some(&admin)).await,
    )
    .await["data"]["id"]
        .as_i64()
        .unwrap();
    let mona = app.login_token("01012390304", "Harvest2026").await;
    assert_eq!(app.delete(&format!("dashboard/admins/{admin_id}"), &mona).await.status(), 200);
    let last = app.delete(&format!("dashboard/admins/{mona_again}"), &karim).await;
    assert_eq!(last.status(), 403, "a sales engineer may not");
    let super_admin_role = json_of(app.get(&format!("dashboard/roles/{super_admin}"), Some(&mona)).await).await["data"].clone();
    assert_eq!(super_admin_role["holders"], 1);

    // The sales engineer's account is changed and their password too, which signs them out.
    let changed = app
        .put(
            &format!("dashboard/sales/{engineer}"),
            json!({"name": "Karim Adel", "phone": "01012390303", "password": "Delta2027x", "role_id": sales_role}),
            Some(&mona),
        )
        .await;
    assert_eq!(changed.status(), 200);
    assert_eq!(app.me(Some(&karim)).await.status(), 401);
    assert_eq!(app.login("01012390303", "Delta2027x").await.status(), 200);
}

#[actix_web::test]
async fn a_role_change_reaches_its_holders_next_request_and_built_in_roles_are_kept() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012390401").await;
    let created = app.post("dashboard/roles", json!({"name": "Stock keepers", "permissions": ["product-list", "category-list"]}), Some(&admin)).await;
    assert_eq!(created.status(), 200);
    let role = json_of(created).await["data"]["id"].as_i64().unwrap();
    assert_eq!(app.post("dashboard/roles", json!({"name": "Stock keepers", "permissions": ["product-list"]}), Some(&admin)).await.status(), 422);
    let bad = app.post("dashboard/roles", json!({"name": "Odd", "permissions": ["fly-list"]}), Some(&admin)).await;
    assert_eq!(json_of(bad).await["errors"]["permissions"][0], "Choose permissions from the list.");

    app.post("dashboard/admins", json!({"name": "Sara", "phone": "01012390402", "password": "Harvest2026", "role_id": role}), Some(&admin)).await;
    let sara = app.login_token("01012390402", "Harvest2026").await;
    assert_eq!(app.get("dashboard/products", Some(&sara)).await.status(), 200);
    assert_eq!(app.get("dashboard/users", Some(&sara)).await.status(), 403);
    app.put(&format!("dashboard/roles/{role}"), json!({"name": "Stock keepers", "permissions": ["client-list"]}), Some(&admin)).await;
    assert_eq!(app.get("dashboard/users", Some(&sara)).await.status(), 200, "the same token, the new permissions");
    assert_eq!(app.get("dashboard/products", Some(&sara)).await.status(), 403);
    let me = json_of(app.me(Some(&sara)).await).await;
    assert_eq!(me["data"]["permissions"], json!(["client-list"]));

    let held = app.delete(&format!("dashboard/roles/{role}"), &admin).await;
    assert_eq!(json_of(held).await["errors"]["id"][0], "Staff still hold this role: give them another first.");
    let super_admin = app.role_id(&admin, "Super Admin").await;
    let fewer = app.put(&format!("dashboard/roles/{super_admin}"), json!({"name": "Super Admin", "permissions": ["order-list"]}), Some(&admin)).await;
    assert_eq!(json_of(fewer).await["errors"]["permissions"][0], "Super Admin keeps every permission.");
    let arabic = app.request(Method::DELETE, &format!("dashboard/roles/{super_admin}"), Some(&admin), "ar").send().await.unwrap();
    assert_eq!(json_of(arabic).await["errors"]["id"][0], "الدور الأساسي يحتفظ باسمه ولا يُحذف.");
}

#[actix_web::test]
async fn every_people_endpoint_refuses_strangers_customers_and_staff_without_its_permission() {
    let app = spawn_app().await;
    let customer = app.account_token(Role::Customer, "01012390501").await;
    let nobody = app.staff_holding("01012390502", &["dashboard-overview"]).await;
    let calls: [(Method, &str, &str); 20] = [
        (Method::GET, "dashboard/users", "client-list"),
        (Method::POST, "dashboard/users", "client-create"),
        (Method::GET, "dashboard/users/999999", "client-list"),
        (Method::PUT, "dashboard/users/999999", "client-edit"),
        (Method::POST, "dashboard/users/999999/block", "client-block"),
        (Method::POST, "dashboard/users/999999/unblock", "client-block"),
        (Method::POST, "dashboard/users/999999/notes", "client-edit"),
        (Method::GET, "dashboard/users/999999/addresses", "client-list"),
        (Method::GET, "dashboard/users/999999/orders", "client-list order-list"),
        (Method::GET, "dashboard/groups", "client-list"),
        (Method::POST, "dashboard/groups", "client-edit"),
        (Method::GET, "dashboard/admins", "admin-list"),
        (Method::POST, "dashboard/admins", "admin-create"),
        (Method::DELETE, "dashboard/admins/999999", "admin-delete"),
        (Method::GET, "dashboard/sales", "sales-list"),
        (Method::PUT, "dashboard/sales/999999", "sales-edit"),
        (Method::GET, "dashboard/roles", "role-list"),
        (Method::POST, "dashboard/roles", "role-create"),
        (Method::PUT, "dashboard/roles/999999", "role-edit"),
        (Method::DELETE, "dashboard/roles/999999", "role-delete"),
    ];
    for (n, (method, path, permission)) in calls.into_iter().enumerate() {
        let send = |token: Option<&str>| app.request(method.clone(), path, token, "en").json(&json!({})).send();
        assert_eq!(send(None).await.unwrap().status(), 401, "{method} {path} as a stranger");
        assert_eq!(send(Some(&customer)).await.unwrap().status(), 403, "{method} {path} as a customer");
        assert_eq!(send(Some(&nobody)).await.unwrap().status(), 403, "{method} {path} without {permission}");
        if let Some((first, _)) = permission.split_once(' ') {
            let half = app.staff_holding(&format!("0101238{:04}", 600 + n), &[first]).await;
            assert_eq!(send(Some(&half)).await.unwrap().status(), 403, "{method} {path} with only {first}");
        }
        let holder = app.staff_holding(&format!("0101239{:04}", 600 + n), &permission.split(' ').collect::<Vec<_>>()).await;
        assert_ne!(send(Some(&holder)).await.unwrap().status(), 403, "{method} {path} with {permission}");
    }
}

#[actix_web::test]
async fn a_sales_engineer_orders_for_their_client_under_the_same_stock_rules_as_checkout() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012390701").await;
    let engineer = app.account_token(Role::Sales, "01012390702").await;
    let seeds = app.add_product(&admin, "Pepper seeds", 30, 5, 100).await;
    let soil = app.add_product(&admin, "Peat soil", 80, 50, 5_000).await;
    let client = app.add_client(&admin, json!({"name": "Hassan", "phone": "01012390703", "password": PASSWORD})).await;
    let client_token = app.login_token("01012390703", PASSWORD).await;
    app.add_to_cart(&client_token, soil, json!(1)).await;
    let other = app.account_token(Role::Sales, "01012390704").await;
    let other_id = json_of(app.me(Some(&other)).await).await["data"]["id"].as_i64().unwrap();
    let theirs = app.add_client(&admin, json!({"name": "Mona", "phone": "01012390705", "sales_engineer_id": other_id})).await;

    let order = |user: i64, units: i64| json!({"user_id": user, "items": [{"id": seeds, "quantity": units}], "address": "Farm 4, Tanta road", "city_id": 1, "type": "self"});
    let send = |token: &str, body: Value, key: &str| {
        app.request(Method::POST, "dashboard/sales-orders", Some(token), "en").header("Idempotency-Key", key).json(&body).send()
    };
    let short = send(&engineer, order(client, 6), "a").await.unwrap();
    assert_eq!(short.status(), 422);
    assert_eq!(json_of(short).await["errors"]["items"][0], "Only 5 left of Pepper seeds.");
    assert_eq!(app.order_count(), 0, "nothing written");

    let placed = send(&engineer, order(client, 2), "b").await.unwrap();
    assert_eq!(placed.status(), 201);
    let placed = json_of(placed).await;
    assert_eq!(placed["message"], "The order has been placed for the client.");
    assert_eq!((placed["data"]["source"].as_str(), placed["data"]["customer"]["name"].as_str()), (Some("sales"), Some("Hassan")));
    let again = send(&engineer, order(client, 2), "b").await.unwrap();
    assert_eq!(again.headers().get("Idempotent-Replayed").map(|v| v.to_str().unwrap()), Some("true"));
    assert_eq!(json_of(again).await["data"]["id"], placed["data"]["id"]);
    assert_eq!((app.order_count(), app.stock(seeds)), (1, 3));
    assert_eq!(json_of(app.cart(&client_token).await).await["data"]["products"].as_array().unwrap().len(), 1, "the client's cart stays");
    let history = json_of(app.get("orders", Some(&client_token)).await).await;
    assert_eq!(history["data"][0]["id"], placed["data"]["id"], "the client sees it among their orders");
    let sales_list = json_of(app.get("dashboard/orders?source=sales", Some(&engineer)).await).await;
    assert_eq!(sales_list["data"][0]["id"], placed["data"]["id"]);

    assert_eq!(send(&engineer, order(theirs, 1), "c").await.unwrap().status(), 404, "another engineer's client");
    assert_eq!(send(&admin, order(theirs, 1), "d").await.unwrap().status(), 201, "an admin orders for anybody");
    assert_eq!(send(&client_token, order(client, 1), "e").await.unwrap().status(), 403);
}

#[actix_web::test]
async fn a_clients_sales_engineer_is_an_active_sales_engineer_or_a_422() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012390801").await;
    let admin_id = json_of(app.me(Some(&admin)).await).await["data"]["id"].as_i64().unwrap();
    let customer = app.register("01012390802", None).await;
    let customer_id = json_of(app.me(Some(&customer)).await).await["data"]["id"].as_i64().unwrap();
    let engineer = app.account_token(Role::Sales, "01012390803").await;
    let engineer_id = json_of(app.me(Some(&engineer)).await).await["data"]["id"].as_i64().unwrap();
    let client = app.add_client(&admin, json!({"name": "Hassan", "phone": "01012390804"})).await;

    for (wrong, what) in [(customer_id, "a customer"), (admin_id, "an admin"), (999_999, "an unknown id")] {
        let body = json!({"name": "Mona", "phone": "01012390805", "sales_engineer_id": wrong});
        let added = app.post("dashboard/users", body.clone(), Some(&admin)).await;
        assert_eq!(added.status(), 422, "adding with {what}");
        assert_eq!(json_of(added).await["errors"]["sales_engineer_id"][0], "Choose an active sales engineer.", "{what}");
        let changed =
            app.put(&format!("dashboard/users/{client}"), json!({"name": "Hassan", "phone": "01012390804", "sales_engineer_id": wrong}), Some(&admin)).await;
        assert_eq!(changed.status(), 422, "changing to {what}");
    }
    assert_eq!(app.ids("dashboard/users?search=01012390805", &admin).await, Vec::<i64>::new(), "nothing was added");
    let body = json!({"name": "Mona", "phone": "01012390805", "sales_engineer_id": engineer_id});
    assert_eq!(app.post("dashboard/users", body, Some(&admin)).await.status(), 200, "an active sales engineer");
}

#[actix_web::test]
async fn staff_never_hand_a_clients_login_to_another_phone_without_the_client() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012390901").await;
    let engineer = app.account_token(Role::Sales, "01012390902").await;
    let engineer_id = json_of(app.me(Some(&engineer)).await).await["data"]["id"].as_i64().unwrap();
    let client = app.add_client(&admin, json!({"name": "Hassan", "phone": "01012390903", "password": PASSWORD, "sales_engineer_id": engineer_id})).await;
    let session = app.login_token("01012390903", PASSWORD).await;
    let form = |name: &str, phone: &str| json!({"name": name, "phone": phone, "sales_engineer_id": engineer_id});

    // The built-in Sales Engineer role changes the client's name, not their phone.
    let refused = app.put(&format!("dashboard/users/{client}"), form("Hassan A.", "01112390999"), Some(&engineer)).await;
    assert_eq!(refused.status(), 403);
    assert_eq!(json_of(refused).await["message"], "Changing a client's phone or e-mail needs the client-contact-edit permission.");
    assert_eq!(app.put(&format!("dashboard/users/{client}"), form("Hassan A.", "01012390903"), Some(&engineer)).await.status(), 200, "the name alone");

    // A phone another account holds changes nothing.
    let taken = app.put(&format!("dashboard/users/{client}"), form("Hassan B.", "01012390901"), Some(&admin)).await;
    assert_eq!(json_of(taken).await["errors"]["phone"][0], "This phone number is already registered.");
    assert_eq!(json_of(app.get(&format!("dashboard/users/{client}"), Some(&admin)).await).await["data"]["name"], "Hassan A.");

    // With client-contact-edit, the new phone waits for the client.
    let before = app.outbox().len();
    let moved = app.put(&format!("dashboard/users/{client}"), form("Hassan A.", "01112390999"), Some(&admin)).await;
    assert_eq!(moved.status(), 200);
    assert!(json_of(moved).await["message"].as_str().unwrap().contains("once the client enters the code"));
    let sent: Vec<Value> = app.outbox()[before..].to_vec();
    assert!(sent.iter().any(|message| message["to"] == "+201112390999" && message["code"].is_string()), "a code to the new phone: {sent:?}");
    assert!(sent.iter().any(|message| message["to"] == "+201012390903"), "the old phone is told: {sent:?}");
    assert_eq!(app.login("01112390999", PASSWORD).await.status(), 422, "nobody signs in with the new phone yet");
    assert_eq!(app.login("01012390903", PASSWORD).await.status(), 200, "the client still does with theirs");
    let me = json_of(app.me(Some(&session)).await).await;
    assert_eq!(me["data"]["phone"], "01012390903", "the client's session stays theirs");
    assert_eq!(me["pending"]["phone"], "01112390999", "and shows the change waiting for its code");

    let code = app.last_code("+201112390999");
    let confirmed = app.post("auth/profile/confirm-contact", json!({"code": code}), Some(&session)).await;
    assert_eq!(confirmed.status(), 200);
    assert_eq!(app.login("01112390999", PASSWORD).await.status(), 200, "the client confirmed it");
}

#[actix_web::test]
async fn a_client_without_a_phone_gets_a_phone_from_staff_only_by_entering_its_code() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012390911").await;
    let keys = crate::helpers::google_keys();
    let signed_in = json_of(
        app.post("auth/login/google", json!({"token": crate::helpers::id_token(&keys.google_pem, crate::helpers::GOOGLE_CLIENT, 3600, "g-nophone")}), None)
            .await,
    )
    .await;
    let (client, session) = (signed_in["data"]["id"].as_i64().unwrap(), signed_in["data"]["token"].as_str().unwrap().to_string());
    assert_eq!(json_of(app.me(Some(&session)).await).await["data"]["phone"], Value::Null, "Google gave no phone");

    let given = app.put(&format!("dashboard/users/{client}"), json!({"name": "Farid", "phone": "01112390912"}), Some(&admin)).await;
    assert_eq!(given.status(), 200);
    assert_eq!(json_of(app.get(&format!("dashboard/users/{client}"), Some(&admin)).await).await["data"]["phone"], Value::Null, "not written yet");
    let to_the_new_phone = |app: &TestApp| app.outbox().iter().filter(|message| message["to"] == "+201112390912").count();
    let sent = to_the_new_phone(&app);
    assert_eq!(app.forget_password("01112390912").await.status(), 200);
    assert_eq!(to_the_new_phone(&app), sent, "no password-reset code goes to a phone the client has not confirmed");
    assert_eq!(json_of(app.me(Some(&session)).await).await["pending"]["phone"], "01112390912", "it waits for the client's code");

    let confirmed = app.post("auth/profile/confirm-contact", json!({"code": app.last_code("+201112390912")}), Some(&session)).await;
    assert_eq!(confirmed.status(), 200);
    assert_eq!(json_of(app.me(Some(&session)).await).await["data"]["phone"], "01112390912", "the client's code makes it theirs");
}
