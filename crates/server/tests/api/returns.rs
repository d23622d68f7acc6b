//! Returns (issue 39 §6): a client returns units of a delivered order within the shop's days;
//! staff approve, receive (units back on the shelf) and refund in cash, which takes back the
//! points those units earned — never below zero, the rest a debt the next points pay — once,
//! however many refunds race; products of a category not returnable once opened stay sold.

use futures_util::future::join_all;
use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app};

/// A staff step on a client order's return, built at once so the answer waits on nothing
/// borrowed.
fn step(app: &TestApp, admin: &str, order: i64, kept: i64, step: &str, body: Value) -> impl Future<Output = reqwest::Response> + use<> {
    let request = app.request(Method::POST, &format!("dashboard/orders/{order}/returns/{kept}/{step}"), Some(admin), "en").json(&body);
    async move { request.send().await.unwrap() }
}

async fn deliver(app: &TestApp, admin: &str, order: i64) {
    for status in ["on_delivery", "delivered"] {
        assert_eq!(app.post(&format!("dashboard/orders/{order}/status"), json!({ "status": status }), Some(admin)).await.status(), 200);
    }
}

async fn points(app: &TestApp, token: &str) -> Value {
    json_of(app.get("points", Some(token)).await).await["data"].clone()
}

#[actix_web::test]
async fn a_refunded_return_takes_back_the_points_its_units_earned_once_and_what_the_balance_lacks_is_paid_by_the_next_points() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012396001").await;
    let seeds = app.add_product(&admin, "Bean seeds", 100, 20, 200).await;
    assert_eq!(app.post("dashboard/categories", json!({"name_ar": "مبيدات", "name_en": "Pesticides", "returnable": false}), Some(&admin)).await.status(), 200);
    let categories = json_of(app.get("dashboard/categories", Some(&admin)).await).await;
    let pesticides = categories["data"].as_array().unwrap().iter().find(|category| category["name_en"] == "Pesticides").unwrap().clone();
    assert_eq!(pesticides["returnable"], false);
    let body =
        json!({"name_ar": "مبيد", "name_en": "Fungicide", "price": 50, "quantity": 10, "weight": 250, "weight_unit": "g", "category_id": pesticides["id"]});
    let fungicide = json_of(app.post("dashboard/products", body, Some(&admin)).await).await["data"]["id"].as_i64().unwrap();

    // 3 × 100 and 1 × 50 earn 35 points at 10 EGP a point; 30 of them buy a coupon.
    let buyer = app.account_token(Role::Customer, "01012396002").await;
    app.add_to_cart(&buyer, seeds, json!(3)).await;
    app.add_to_cart(&buyer, fungicide, json!(1)).await;
    let placed = json_of(app.checkout(&buyer, json!({"address": "Farm road", "city_id": 1, "type": "self"}), None).await).await;
    let order = placed["data"]["id"].as_i64().unwrap();
    let early = app.post(&format!("orders/{order}/returns"), json!({"items": [{"id": seeds, "quantity": 1}], "reason": "x"}), Some(&buyer)).await;
    assert_eq!(json_of(early).await["errors"]["order"][0], "Only a delivered order can be returned.");
    deliver(&app, &admin, order).await;
    assert_eq!(points(&app, &buyer).await["balance"], 35);
    let rule = app.add_rule(&admin, 30, 10).await;
    assert_eq!(app.exchange(&buyer, rule, None, "en").await.status(), 201);
    assert_eq!(app.stock(seeds), 17);

    let shown = json_of(app.get(&format!("orders/{order}"), Some(&buyer)).await).await;
    assert!(shown["data"]["returnable_until"].is_string(), "the client is told until when: {shown}");
    let ask = |items: Value, lang: &'static str| {
        let request =
            app.request(Method::POST, &format!("orders/{order}/returns"), Some(&buyer), lang).json(&json!({"items": items, "reason": "The seeds were wet"}));
        async move { request.send().await.unwrap() }
    };
    let opened = json_of(ask(json!([{"id": fungicide, "quantity": 1}]), "ar").await).await;
    assert_eq!(opened["errors"]["items"][0], "لا يمكن إرجاع هذا المنتج بعد فتحه.");
    let asked = ask(json!([{"id": seeds, "quantity": 2}]), "en").await;
    assert_eq!(asked.status(), 201);
    let asked = json_of(asked).await;
    let kept = &asked["data"]["returns"][0];
    assert_eq!((kept["state"].as_str(), kept["items"][0]["quantity"].as_u64(), kept["refund"].as_f64()), (Some("requested"), Some(2), Some(200.0)));
    let kept = kept["id"].as_i64().unwrap();
    let more = json_of(ask(json!([{"id": seeds, "quantity": 2}]), "en").await).await;
    assert_eq!(more["errors"]["items"][0], "Choose at most the units you received that are not returned already.", "2 of 3 are held");

    assert_eq!(step(&app, &admin, order, kept, "refund", json!({})).await.status(), 422, "not received yet");
    assert_eq!(step(&app, &admin, order, kept, "approve", json!({})).await.status(), 200);
    assert_eq!(step(&app, &admin, order, kept, "receive", json!({"resaleable": true})).await.status(), 200);
    assert_eq!(app.stock(seeds), 19, "the resaleable units are back on the shelf");

    // Five refunds at once: one takes the points back. 200 of the 350 subtotal earned 20 of the
    // 35 points; the balance holds 5, the other 15 are owed.
    let refunds = join_all((0..5).map(|_| step(&app, &admin, order, kept, "refund", json!({})))).await;
    assert_eq!(refunds.iter().filter(|answer| answer.status() == 200).count(), 1);
    let now = points(&app, &buyer).await;
    assert_eq!((now["balance"].as_i64(), now["debt"].as_i64()), (Some(0), Some(15)), "{now}");
    assert_eq!(app.my_points(&buyer).await, 0, "never below zero");
    let staff_view = json_of(app.get(&format!("dashboard/orders/{order}"), Some(&admin)).await).await;
    let refunded = &staff_view["data"]["returns"][0];
    assert_eq!((refunded["state"].as_str(), refunded["points_back"].as_i64(), refunded["resaleable"].as_bool()), (Some("refunded"), Some(20), Some(true)));

    // The next delivery's 20 points pay the 15 owed first.
    app.add_to_cart(&buyer, seeds, json!(2)).await;
    let next = json_of(app.checkout(&buyer, json!({"address": "Farm road", "city_id": 1, "type": "self"}), None).await).await["data"]["id"].as_i64().unwrap();
    deliver(&app, &admin, next).await;
    let now = points(&app, &buyer).await;
    assert_eq!((now["balance"].as_i64(), now["debt"].as_i64()), (Some(5), Some(0)), "{now}");
    let kinds: Vec<&str> = now["ledger"].as_array().unwrap().iter().map(|row| row["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["repay", "earn", "return", "exchange", "earn"]);
}

#[actix_web::test]
async fn staff_open_a_return_for_a_guest_who_called_and_refuse_one_only_with_why() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012396011").await;
    let seeds = app.add_product(&admin, "Corn seeds", 40, 10, 200).await;
    let body = json!({"name": "Mona", "phone": "01112396011", "address": "Farm", "city_id": 1, "items": [{"id": seeds, "quantity": 2}]});
    let id = json_of(app.guest_checkout(&body, None).await).await["data"]["id"].as_i64().unwrap();
    for status in ["on_delivery", "delivered"] {
        assert_eq!(app.post(&format!("dashboard/guest-orders/{id}/status"), json!({ "status": status }), Some(&admin)).await.status(), 200);
    }
    let path = format!("dashboard/guest-orders/{id}/returns");
    assert_eq!(
        app.post(&path.replace("guest-orders", "orders"), json!({"items": [{"id": seeds, "quantity": 1}], "reason": "x"}), Some(&admin)).await.status(),
        404
    );
    let opened = app.post(&path, json!({"items": [{"id": seeds, "quantity": 1}], "reason": "Torn packet"}), Some(&admin)).await;
    assert_eq!(opened.status(), 200);
    let kept = json_of(opened).await["data"]["returns"][0]["id"].as_i64().unwrap();
    let refuse = format!("{path}/{kept}/refuse");
    let bare = json_of(app.post(&refuse, json!({}), Some(&admin)).await).await;
    assert!(bare["errors"]["note"][0].is_string(), "{bare}");
    assert_eq!(app.post(&refuse, json!({"note": "Opened and used"}), Some(&admin)).await.status(), 200);
    let order = json_of(app.get(&format!("dashboard/guest-orders/{id}"), Some(&admin)).await).await;
    assert_eq!((order["data"]["returns"][0]["state"].as_str(), order["data"]["returns"][0]["note"].as_str()), (Some("refused"), Some("Opened and used")));
    assert_eq!(app.stock(seeds), 8, "nothing came back");
    let client = app.account_token(Role::Customer, "01012396012").await;
    assert_eq!(app.post(&path, json!({"items": [{"id": seeds, "quantity": 1}], "reason": "x"}), Some(&client)).await.status(), 403);
}

#[actix_web::test]
async fn staff_hear_of_a_return_asked_and_the_buyer_is_texted_each_step_once() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012396031").await;
    let seeds = app.add_product(&admin, "Pea seeds", 60, 20, 200).await;
    let buyer = app.account_token(Role::Customer, "01012396032").await;
    app.add_to_cart(&buyer, seeds, json!(2)).await;
    let order = json_of(app.checkout(&buyer, json!({"address": "Farm road", "city_id": 1, "type": "self"}), None).await).await["data"]["id"].as_i64().unwrap();
    deliver(&app, &admin, order).await;
    let asked = app.post(&format!("orders/{order}/returns"), json!({"items": [{"id": seeds, "quantity": 1}], "reason": "wrong variety"}), Some(&buyer)).await;
    assert_eq!(asked.status(), 201);
    let kept = json_of(asked).await["data"]["returns"][0]["id"].as_i64().unwrap();

    let bell = json_of(app.get("notifications", Some(&admin)).await).await;
    let titles: Vec<&str> = bell["data"].as_array().unwrap().iter().filter_map(|notice| notice["title"].as_str()).collect();
    assert!(titles.contains(&"Return asked"), "staff hear of the return: {titles:?}");

    let approvals = join_all((0..4).map(|_| step(&app, &admin, order, kept, "approve", json!({})))).await;
    assert_eq!(approvals.iter().filter(|answer| answer.status() == 200).count(), 1);
    let told = app.outbox_when(|messages| messages.iter().any(|message| message["body"].as_str().unwrap_or_default().contains("is approved"))).await;
    let to_buyer: Vec<&str> = told.iter().filter(|message| message["to"] == "+201012396032").filter_map(|message| message["body"].as_str()).collect();
    assert_eq!(to_buyer.iter().filter(|body| body.contains("we received your return request")).count(), 1, "{to_buyer:?}");
    assert_eq!(to_buyer.iter().filter(|body| body.contains("is approved")).count(), 1, "one approval, told once: {to_buyer:?}");
}
