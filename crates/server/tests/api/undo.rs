//! Staff undo an order's last move soon after a wrong tap (issue 39, part 2): the order goes
//! back where it was, a cancellation's stock and code are taken again, a delivery's points are
//! taken back — once, however many undo it at once — and a late undo, the buyer's own move or
//! one nobody on the staff made is refused.

use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app, spawn_app_with};

async fn move_to(app: &TestApp, token: &str, list: &str, id: i64, status: &str) -> u16 {
    app.post(&format!("dashboard/{list}/{id}/status"), json!({"status": status}), Some(token)).await.status().as_u16()
}

async fn undo(app: &TestApp, token: &str, list: &str, id: i64, lang: &str) -> reqwest::Response {
    app.request(Method::POST, &format!("dashboard/{list}/{id}/undo"), Some(token), lang).send().await.unwrap()
}

fn guest(product: i64, units: i64, phone: &str, code: Option<&str>) -> Value {
    json!({"name": "Mona", "phone": phone, "address": "Farm road", "city_id": 2, "items": [{"id": product, "quantity": units}], "copoun": code})
}

#[actix_web::test]
async fn an_undone_delivery_gives_back_its_points_once_and_the_next_delivery_earns_them_again() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012394001").await;
    let client = app.account_token(Role::Customer, "01012394002").await;
    let seeds = app.add_product(&admin, "Tomato seeds", 100, 10, 200).await;
    assert_eq!(app.add_to_cart(&client, seeds, json!(3)).await.status(), 200);
    let order = json_of(app.checkout(&client, json!({"address": "Farm road", "city_id": 2, "type": "self"}), None).await).await;
    let id = order["data"]["id"].as_i64().unwrap();
    assert_eq!(move_to(&app, &admin, "orders", id, "on_delivery").await, 200);
    assert_eq!(move_to(&app, &admin, "orders", id, "delivered").await, 200);
    assert_eq!(app.my_points(&client).await, 30);
    let shown = json_of(app.get(&format!("dashboard/orders/{id}"), Some(&admin)).await).await;
    assert!(shown["data"]["undo_until"].is_string(), "{shown}");

    let undos = futures_util::future::join_all((0..6).map(|_| undo(&app, &admin, "orders", id, "en"))).await;
    assert_eq!(undos.iter().filter(|answer| answer.status() == 200).count(), 1);
    let undone = json_of(app.get(&format!("dashboard/orders/{id}"), Some(&admin)).await).await;
    assert_eq!(undone["data"]["status"], "on_delivery");
    assert_eq!(undone["data"]["undo_until"], Value::Null, "an undo is not undone");
    assert_eq!(app.my_points(&client).await, 0, "the points taken back once");

    assert_eq!(move_to(&app, &admin, "orders", id, "delivered").await, 200);
    assert_eq!(app.my_points(&client).await, 30, "the next delivery earns them again");
    let overview = json_of(app.get("dashboard/overview", Some(&admin)).await).await;
    assert_eq!(overview["data"]["cards"]["revenue_month"], order["data"]["total"], "delivered twice, undone once: its total once");
}

#[actix_web::test]
async fn an_undone_cancellation_takes_its_stock_and_code_again_or_is_refused_when_they_are_gone() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012394011").await;
    let seeds = app.add_product(&admin, "Okra seeds", 40, 5, 200).await;
    app.add_copoun(&admin, json!({"code": "Once5", "type": "fixed", "value": 5, "usage_limit": 1})).await;
    let id = json_of(app.guest_checkout(&guest(seeds, 2, "01112394011", Some("ONCE5")), None).await).await["data"]["id"].as_i64().unwrap();
    assert_eq!(move_to(&app, &admin, "guest-orders", id, "cancelled").await, 200);
    assert_eq!(app.stock(seeds), 5);

    let back = undo(&app, &admin, "guest-orders", id, "en").await;
    assert_eq!(back.status(), 200);
    let back = json_of(back).await;
    assert_eq!(back["message"], "The last change is undone; the order is back where it was.");
    assert_eq!((back["data"]["status"].as_str(), back["data"]["cancelled_as"].as_str()), (Some("new"), None));
    assert_eq!(app.stock(seeds), 3, "its units taken again");
    let other = app.guest_checkout(&guest(seeds, 1, "01112394012", Some("ONCE5")), None).await;
    assert_eq!(other.status(), 422, "the code's one use is this order's again");

    // Cancelled again, the code's use goes to another order: the undo cannot take it back.
    assert_eq!(move_to(&app, &admin, "guest-orders", id, "cancelled").await, 200);
    assert_eq!(app.guest_checkout(&guest(seeds, 1, "01112394012", Some("ONCE5")), None).await.status(), 201);
    let used_up = undo(&app, &admin, "guest-orders", id, "en").await;
    assert_eq!(used_up.status(), 422);
    let code = json_of(app.get("dashboard/copouns?search=ONCE5", Some(&admin)).await).await;
    assert_eq!(code["data"][0]["used"], 1, "the other order keeps the code: {code}");
    assert_eq!(app.stock(seeds), 4, "and the stock stays on the shelf");

    // An order cancelled by mistake whose units were sold meanwhile stays cancelled.
    let sold_out = json_of(app.guest_checkout(&guest(seeds, 2, "01112394013", None), None).await).await["data"]["id"].as_i64().unwrap();
    assert_eq!(move_to(&app, &admin, "guest-orders", sold_out, "cancelled").await, 200);
    assert_eq!(app.guest_checkout(&guest(seeds, 4, "01112394014", None), None).await.status(), 201);
    assert_eq!(undo(&app, &admin, "guest-orders", sold_out, "en").await.status(), 422);
    let still = json_of(app.get(&format!("dashboard/guest-orders/{sold_out}"), Some(&admin)).await).await;
    assert_eq!(still["data"]["status"], "cancelled");
    assert_eq!(app.stock(seeds), 0);
}

#[actix_web::test]
async fn a_late_undo_the_buyers_own_cancellation_and_an_undo_without_the_permission_are_refused() {
    let app = spawn_app_with(|settings| settings.orders.undo_minutes = 1.0 / 60.0).await;
    let admin = app.account_token(Role::Admin, "01012394021").await;
    let client = app.account_token(Role::Customer, "01012394022").await;
    let seeds = app.add_product(&admin, "Wheat seeds", 40, 10, 200).await;
    let id = json_of(app.guest_checkout(&guest(seeds, 1, "01112394021", None), None).await).await["data"]["id"].as_i64().unwrap();
    assert_eq!(move_to(&app, &admin, "guest-orders", id, "on_delivery").await, 200);
    actix_web::rt::time::sleep(std::time::Duration::from_millis(1500)).await;
    let late = undo(&app, &admin, "guest-orders", id, "ar").await;
    assert_eq!(late.status(), 422);
    assert_eq!(json_of(late).await["errors"]["order"][0], "فات وقت التراجع عن هذا التغيير.");

    assert_eq!(app.add_to_cart(&client, seeds, json!(1)).await.status(), 200);
    let mine = json_of(app.checkout(&client, json!({"address": "Farm road", "city_id": 2, "type": "self"}), None).await).await["data"]["id"].as_i64().unwrap();
    assert_eq!(app.post(&format!("orders/{mine}/cancel"), json!({}), Some(&client)).await.status(), 200);
    let theirs = undo(&app, &admin, "orders", mine, "en").await;
    assert_eq!(theirs.status(), 422);
    assert_eq!(json_of(theirs).await["errors"]["order"][0], "This change cannot be undone: it was not a staff member's, or someone acted on the order since.");
    assert_eq!(undo(&app, &client, "orders", mine, "en").await.status(), 403);
}
