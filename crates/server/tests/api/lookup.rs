//! The dashboard header's look-up (issue 63 part 4): one text finds orders by number and by
//! phone (in Arabic-Indic digits too), clients by name and products, each within what the staff
//! member's own lists show — a sales engineer never finds another engineer's client.

use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app};

/// The look-up's answer for `text`, as `token` sees it.
async fn look_up(app: &TestApp, token: &str, text: &str) -> Value {
    let answer = app.request(Method::GET, "dashboard/lookup", Some(token), "en").query(&[("q", text)]).send().await.unwrap();
    assert_eq!(answer.status(), 200, "{text}");
    json_of(answer).await["data"].clone()
}

/// The ids of one group of an answer, in its order.
fn ids(found: &Value, group: &str) -> Vec<i64> {
    found[group].as_array().unwrap().iter().map(|row| row["id"].as_i64().unwrap()).collect()
}

/// A client the sales engineer adds (and so looks after), signed in.
async fn client_of(app: &TestApp, engineer: &str, name: &str, phone: &str) -> String {
    let added = app.post("dashboard/users", json!({"name": name, "phone": phone, "password": "Harvest2026"}), Some(engineer)).await;
    assert_eq!(added.status(), 200, "{}", json_of(added).await);
    app.login_token(phone, "Harvest2026").await
}

#[actix_web::test]
async fn the_look_up_finds_orders_by_number_and_phone_and_clients_by_name_within_the_staff_members_reach() {
    let app = spawn_app().await;
    let owner = app.account_token(Role::Admin, "01012363001").await;
    let seeds = app.add_product(&owner, "Lookup clover seeds", 40, 100, 250).await;
    let ahmed = app.account_token(Role::Sales, "01012363002").await;
    let bassem = app.account_token(Role::Sales, "01012363003").await;
    let mut orders = Vec::new();
    for (engineer, name, phone) in [(&ahmed, "Zaghloul Farmer", "01012363011"), (&bassem, "Zaghloul Grower", "01012363012")] {
        let client = client_of(&app, engineer, name, phone).await;
        app.add_to_cart(&client, seeds, json!(1)).await;
        let placed = app.checkout(&client, json!({"address": "12 Nile St", "city_id": 1, "type": "self"}), None).await;
        assert_eq!(placed.status(), 201);
        let placed = json_of(placed).await;
        orders.push((placed["data"]["id"].as_i64().unwrap(), placed["data"]["number"].as_str().unwrap().to_string()));
    }
    let guest = json!({"name": "Mona Lookup", "phone": "01112363013", "address": "Farm road", "city_id": 2, "items": [{"id": seeds, "quantity": 1}]});
    let guest_order = json_of(app.guest_checkout(&guest, None).await).await["data"]["id"].as_i64().unwrap();

    let by_number = look_up(&app, &owner, &orders[0].1).await;
    assert_eq!(ids(&by_number, "orders"), [orders[0].0], "{by_number}");
    assert_eq!(by_number["orders"][0]["list"], "orders", "it opens on the clients' list's page");
    let by_phone = look_up(&app, &owner, "٠١١١٢٣٦٣٠١٣").await;
    assert_eq!(ids(&by_phone, "orders"), [guest_order], "a guest's phone in Arabic-Indic digits: {by_phone}");
    assert_eq!((by_phone["orders"][0]["list"].as_str(), by_phone["orders"][0]["awaiting_confirmation"].as_bool()), (Some("guest-orders"), Some(true)));
    let by_name = look_up(&app, &owner, "zaghloul").await;
    assert_eq!(ids(&by_name, "clients").len(), 2, "both clients by name: {by_name}");
    assert_eq!(ids(&by_name, "orders"), [orders[1].0, orders[0].0], "and their orders, newest first");
    assert_eq!(ids(&look_up(&app, &owner, "clover").await, "products"), [seeds], "a product by a word of its name");

    let ahmeds = look_up(&app, &ahmed, "zaghloul").await;
    assert_eq!(ahmeds["clients"].as_array().unwrap().iter().map(|client| client["name"].as_str().unwrap()).collect::<Vec<_>>(), ["Zaghloul Farmer"]);
    assert_eq!(ids(&ahmeds, "orders"), [orders[0].0], "never another engineer's client or their order: {ahmeds}");
    assert_eq!(ids(&look_up(&app, &ahmed, &orders[1].1).await, "orders"), Vec::<i64>::new(), "not even by its number");

    let customer = app.account_token(Role::Customer, "01012363020").await;
    let refused = app.request(Method::GET, "dashboard/lookup", Some(&customer), "en").query(&[("q", "zaghloul")]).send().await.unwrap();
    assert_eq!(refused.status(), 403);
    let long = app.request(Method::GET, "dashboard/lookup", Some(&owner), "ar").query(&[("q", "x".repeat(101))]).send().await.unwrap();
    assert_eq!(long.status(), 422);
    assert!(json_of(long).await["errors"]["q"][0].is_string());
    assert_eq!(look_up(&app, &owner, "  ").await, json!({"orders": [], "clients": [], "products": []}), "nothing to look for finds nothing");
}
