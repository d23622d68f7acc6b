//! Staff change an unconfirmed order's lines after the confirmation call (issue 39, part 1):
//! the stock follows the lines, the buyer is told the new total, and a confirmed order keeps
//! its lines.

use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app};

fn guest(items: Value, phone: &str) -> Value {
    json!({"name": "Mona", "phone": phone, "address": "Farm road", "city_id": 2, "items": items})
}

/// The order's lines as (product, units, unit price).
fn lines(order: &Value) -> Vec<(i64, u64, f64)> {
    order["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| (line["product_id"].as_i64().unwrap(), line["quantity"].as_u64().unwrap(), line["unit_price"].as_f64().unwrap()))
        .collect()
}

async fn change(app: &TestApp, token: &str, id: i64, items: Value, lang: &str) -> reqwest::Response {
    app.request(Method::PUT, &format!("dashboard/guest-orders/{id}/lines"), Some(token), lang).json(&json!({"items": items})).send().await.unwrap()
}

#[actix_web::test]
async fn staff_change_an_unconfirmed_orders_lines_the_stock_follows_and_the_buyer_hears_the_new_total() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012393001").await;
    let clover = app.add_product(&admin, "Clover seeds", 50, 10, 500).await;
    let urea = app.add_product(&admin, "Urea", 30, 5, 1000).await;
    app.add_copoun(&admin, json!({"code": "Field10", "type": "percent", "value": 10})).await;
    let mut body = guest(json!([{"id": clover, "quantity": 2}]), "01112393001");
    body["copoun"] = json!("FIELD10");
    let placed = json_of(app.guest_checkout(&body, None).await).await;
    let id = placed["data"]["id"].as_i64().unwrap();
    assert_eq!(app.stock(clover), 8);

    let changed = change(&app, &admin, id, json!([{"id": clover, "quantity": 1}, {"id": urea, "quantity": 3}]), "en").await;
    assert_eq!(changed.status(), 200);
    let changed = json_of(changed).await;
    assert_eq!(changed["message"], "The order's lines are changed and its buyer is told the new total.");
    assert_eq!(lines(&changed), [(clover, 1, 50.0), (urea, 3, 30.0)]);
    let data = &changed["data"];
    assert_eq!((data["subtotal"].as_f64(), data["discount"].as_f64()), (Some(140.0), Some(14.0)), "the code's share of the new lines: {data}");
    let parts =
        data["subtotal"].as_f64().unwrap() - data["discount"].as_f64().unwrap() + data["shipping_total"].as_f64().unwrap() + data["cod_fee"].as_f64().unwrap();
    assert!((data["total"].as_f64().unwrap() - parts).abs() < 0.001, "{data}");
    assert_eq!(data["total_weight"].as_f64(), Some(3.5));
    assert_eq!((app.stock(clover), app.stock(urea)), (9, 2), "one clover back, three urea taken");
    let total = format!("{:.2}", data["total"].as_f64().unwrap());
    let told = app.outbox_when(|messages| messages.iter().any(|message| message["body"].as_str().unwrap_or_default().contains(&total))).await;
    assert!(told.iter().any(|message| message["to"] == "+201112393001" && message["body"].as_str().unwrap().contains("MS-")), "{told:?}");

    let short = change(&app, &admin, id, json!([{"id": urea, "quantity": 6}]), "ar").await;
    assert_eq!(short.status(), 422);
    assert_eq!((app.stock(clover), app.stock(urea)), (9, 2), "a refused change moves no stock");
    let kept = json_of(app.get(&format!("dashboard/guest-orders/{id}"), Some(&admin)).await).await;
    assert_eq!(lines(&kept), [(clover, 1, 50.0), (urea, 3, 30.0)], "nor lines");

    for (items, field) in [(json!([]), "items"), (json!([{"id": clover, "quantity": 0}]), "items"), (json!([{"id": 999_999, "quantity": 1}]), "items")] {
        let refused = change(&app, &admin, id, items.clone(), "en").await;
        assert_eq!(refused.status(), 422, "{items}");
        assert!(json_of(refused).await["errors"][field].is_array());
    }

    assert_eq!(app.post(&format!("dashboard/guest-orders/{id}/confirm"), json!({"via": "call"}), Some(&admin)).await.status(), 200);
    let late = change(&app, &admin, id, json!([{"id": clover, "quantity": 2}]), "ar").await;
    assert_eq!(late.status(), 422);
    assert_eq!(json_of(late).await["errors"]["order"][0], "هذا الطلب لا ينتظر التأكيد.");

    assert_eq!(app.post(&format!("dashboard/guest-orders/{id}/status"), json!({"status": "cancelled"}), Some(&admin)).await.status(), 200);
    assert_eq!((app.stock(clover), app.stock(urea)), (10, 5), "a cancellation gives back the lines it holds now");
}

#[actix_web::test]
async fn parallel_changes_of_one_order_leave_the_stock_its_lines_hold() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012393011").await;
    let clover = app.add_product(&admin, "Clover seeds", 50, 40, 500).await;
    let id = json_of(app.guest_checkout(&guest(json!([{"id": clover, "quantity": 1}]), "01112393011"), None).await).await["data"]["id"].as_i64().unwrap();

    let changes = (1..=12).map(|units| change(&app, &admin, id, json!([{"id": clover, "quantity": units}]), "en"));
    let statuses: Vec<u16> = futures_util::future::join_all(changes).await.into_iter().map(|response| response.status().as_u16()).collect();
    assert!(statuses.iter().all(|status| *status == 200), "{statuses:?}");
    let order = json_of(app.get(&format!("dashboard/guest-orders/{id}"), Some(&admin)).await).await;
    let [(_, units, _)] = lines(&order)[..] else { panic!("one line: {order}") };
    assert_eq!(app.stock(clover), 40 - i64::try_from(units).unwrap(), "the stock holds exactly the last change's units");
}

#[actix_web::test]
async fn lines_of_lot_kept_products_are_taken_again_from_the_lots_and_refused_units_go_back_to_them() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012393021").await;
    let seeds = app.add_product(&admin, "Tomato seeds", 20, 0, 100).await;
    for (batch, expires, units) in [("B-LATE", "2031-06-30", 5), ("B-SOON", "2030-01-31", 2)] {
        let added = app
            .post(
                &format!("dashboard/products/{seeds}/lots"),
                json!({"batch": batch, "expires_on": expires, "quantity": units, "existing_units": "write_off", "write_off_reason": "counted again"}),
                Some(&admin),
            )
            .await;
        assert_eq!(added.status(), 200);
    }
    let id = json_of(app.guest_checkout(&guest(json!([{"id": seeds, "quantity": 1}]), "01112393021"), None).await).await["data"]["id"].as_i64().unwrap();
    let changed = json_of(change(&app, &admin, id, json!([{"id": seeds, "quantity": 4}]), "en").await).await;
    assert_eq!(batches_of(&changed), [("B-SOON".to_string(), 2), ("B-LATE".to_string(), 2)]);
    assert_eq!(app.stock(seeds), 3);
    assert_eq!(app.post(&format!("dashboard/guest-orders/{id}/status"), json!({"status": "cancelled"}), Some(&admin)).await.status(), 200);
    let lots = json_of(app.get(&format!("dashboard/products/{seeds}/lots"), Some(&admin)).await).await;
    let units: Vec<(String, i64)> =
        lots["data"].as_array().unwrap().iter().map(|lot| (lot["batch"].as_str().unwrap().to_string(), lot["quantity"].as_i64().unwrap())).collect();
    assert!(units.contains(&("B-SOON".to_string(), 2)) && units.contains(&("B-LATE".to_string(), 5)), "each lot whole again: {units:?}");
    assert_eq!(app.stock(seeds), 7);

    // A unit refused at the door goes back to a lot its line took, and the invoice no longer
    // names it.
    let next = json_of(app.guest_checkout(&guest(json!([{"id": seeds, "quantity": 3}]), "01112393022"), None).await).await["data"]["id"].as_i64().unwrap();
    assert_eq!(app.post(&format!("dashboard/guest-orders/{next}/status"), json!({"status": "on_delivery"}), Some(&admin)).await.status(), 200);
    let body = json!({"items": [{"id": seeds, "quantity": 1}], "reason": "one packet opened"});
    let delivered = json_of(app.post(&format!("dashboard/guest-orders/{next}/partial-delivery"), body, Some(&admin)).await).await;
    assert_eq!(batches_of(&delivered), [("B-SOON".to_string(), 1), ("B-LATE".to_string(), 1)], "{delivered}");
    assert_eq!(app.stock(seeds), 5);
}

/// The batches the order's first line came from, as (batch, units).
fn batches_of(order: &Value) -> Vec<(String, u64)> {
    order["data"]["items"][0]["batches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|batch| (batch["batch"].as_str().unwrap().to_string(), batch["quantity"].as_u64().unwrap()))
        .collect()
}

/// A client's order of these units, handed to the courier; its id.
async fn on_delivery(app: &TestApp, admin: &str, client: &str, units: &[(i64, i64)]) -> i64 {
    for (product, quantity) in units {
        assert_eq!(app.add_to_cart(client, *product, json!(quantity)).await.status(), 200);
    }
    let order = json_of(app.checkout(client, json!({"address": "Farm road", "city_id": 2, "type": "self"}), None).await).await;
    let id = order["data"]["id"].as_i64().unwrap();
    assert_eq!(app.post(&format!("dashboard/orders/{id}/status"), json!({"status": "on_delivery"}), Some(admin)).await.status(), 200);
    id
}

async fn deliver_partly(app: &TestApp, token: &str, id: i64, refused: Value, lang: &str) -> reqwest::Response {
    app.request(Method::POST, &format!("dashboard/orders/{id}/partial-delivery"), Some(token), lang)
        .json(&json!({"items": refused, "reason": "the second sack was torn"}))
        .send()
        .await
        .unwrap()
}

#[actix_web::test]
async fn a_parcel_partly_refused_at_the_door_is_delivered_with_what_was_taken_and_the_rest_back_in_stock_once() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012393031").await;
    let client = app.account_token(Role::Customer, "01012393032").await;
    let seeds = app.add_product(&admin, "Tomato seeds", 100, 10, 200).await;
    let urea = app.add_product(&admin, "Urea", 50, 10, 1000).await;
    let id = on_delivery(&app, &admin, &client, &[(seeds, 3), (urea, 2)]).await;
    let before = json_of(app.get(&format!("dashboard/orders/{id}"), Some(&admin)).await).await;

    let all = deliver_partly(&app, &admin, id, json!([{"id": seeds, "quantity": 3}, {"id": urea, "quantity": 2}]), "en").await;
    assert_eq!(all.status(), 422);
    assert_eq!(json_of(all).await["errors"]["items"][0], "Every unit was refused: record a refusal instead.");
    let more = deliver_partly(&app, &admin, id, json!([{"id": urea, "quantity": 3}]), "en").await;
    assert_eq!(more.status(), 422, "more units than the parcel holds");
    assert_eq!((app.stock(seeds), app.stock(urea)), (7, 8));

    let delivered = deliver_partly(&app, &admin, id, json!([{"id": seeds, "quantity": 1}, {"id": urea, "quantity": 2}]), "en").await;
    assert_eq!(delivered.status(), 200);
    let delivered = json_of(delivered).await;
    assert_eq!(delivered["message"], "The order is delivered with what the buyer took; the refused units are back in stock.");
    let data = &delivered["data"];
    assert_eq!(data["status"], "delivered");
    assert_eq!(lines(&delivered), [(seeds, 2, 100.0)]);
    assert_eq!(data["subtotal"], 200.0);
    assert_eq!(data["shipping_total"], before["data"]["shipping_total"], "the courier carried the whole parcel");
    assert_eq!(data["history"].as_array().unwrap().last().unwrap()["note"], "the second sack was torn");
    assert_eq!((app.stock(seeds), app.stock(urea)), (8, 10));
    assert_eq!(app.my_points(&client).await, 20, "the points of what was delivered: 200 EGP at 10 EGP a point");

    // Six staff record the next parcel's partial delivery at once.
    let next = on_delivery(&app, &admin, &client, &[(seeds, 2)]).await;
    let raced = futures_util::future::join_all((0..6).map(|_| deliver_partly(&app, &admin, next, json!([{"id": seeds, "quantity": 1}]), "en"))).await;
    assert_eq!(raced.iter().filter(|answer| answer.status() == 200).count(), 1, "{:?}", raced.iter().map(|answer| answer.status()).collect::<Vec<_>>());
    assert_eq!(app.stock(seeds), 7, "one unit back, once");
    assert_eq!(app.my_points(&client).await, 30);
}
