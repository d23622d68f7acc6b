//! Promo codes over HTTP: staff manage them, buyers check and use them, and their limits hold
//! when checkouts race.

use futures_util::future::join_all;
use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app};

struct Shop {
    app: TestApp,
    admin: String,
    soil: i64,
}

/// Peat soil (100 EGP, 6 kg, 50 left) and an admin.
async fn shop() -> Shop {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012370001").await;
    let soil = app.add_product(&admin, "Peat soil", 100, 50, 6_000).await;
    Shop { app, admin, soil }
}

fn guest(phone: &str, soil: i64, copoun: &str) -> Value {
    json!({"name": "Mona", "phone": phone, "address": "Farm road", "city_id": 1, "items": [{"id": soil, "quantity": 2}], "copoun": copoun})
}

#[actix_web::test]
async fn staff_manage_codes_and_bad_ones_are_refused_per_field() {
    let Shop { app, admin, .. } = shop().await;
    let id = app.add_copoun(&admin, json!({"code": "ramadan20", "type": "percent", "value": 20, "max_discount": 50, "expires_at": "2099-01-01"})).await;
    let shown = json_of(app.get(&format!("dashboard/copouns/{id}"), Some(&admin)).await).await["data"].clone();
    assert_eq!(
        (shown["code"].as_str(), shown["type"].as_str(), shown["value"].as_f64(), shown["status"].as_str()),
        (Some("RAMADAN20"), Some("percent"), Some(20.0), Some("active"))
    );
    assert_eq!(
        app.post("dashboard/copouns", json!({"code": "Ramadan20", "type": "fixed", "value": 10}), Some(&admin)).await.status(),
        422,
        "the same code in other case"
    );

    assert_eq!(app.post(&format!("dashboard/copouns/{id}/deactivate"), json!({}), Some(&admin)).await.status(), 200);
    let inactive = json_of(app.get("dashboard/copouns?status=inactive", Some(&admin)).await).await;
    assert_eq!(inactive["data"][0]["id"].as_i64(), Some(id));
    assert_eq!(json_of(app.get("dashboard/copouns?status=active", Some(&admin)).await).await["meta"]["total"], 0);
    assert_eq!(app.get("dashboard/copouns?status=sleeping", Some(&admin)).await.status(), 422);

    let refused = app
        .post(
            "dashboard/copouns",
            json!({"code": "x y", "type": "percent", "value": 150, "usage_limit": 0, "starts_at": "2026-12-01", "expires_at": "2026-11-01"}),
            Some(&admin),
        )
        .await;
    let errors = json_of(refused).await["errors"].clone();
    assert_eq!(errors["code"][0], "Use 3 to 40 letters, digits, - or _.");
    assert_eq!(errors["value"][0], "Enter 1 to 100 for a percent, or an amount in EGP.");
    assert_eq!(errors["usage_limit"][0], "Enter a whole number of at least 1.");
    assert_eq!(errors["expires_at"][0], "The end must come after the start.");
    let arabic = app.request(Method::POST, "dashboard/copouns", Some(&admin), "ar").json(&json!({"type": "gift"})).send().await.unwrap();
    let errors = json_of(arabic).await["errors"].clone();
    assert_eq!((errors["code"][0].as_str(), errors["type"][0].as_str()), (Some("الكود مطلوب"), Some("اختر نسبة أو مبلغًا ثابتًا.")));

    let sales = app.account_token(Role::Sales, "01012370002").await;
    assert_eq!(app.get("dashboard/copouns", Some(&sales)).await.status(), 403);
    assert_eq!(app.request(Method::DELETE, &format!("dashboard/copouns/{id}"), Some(&admin), "en").send().await.unwrap().status(), 200);
    assert_eq!(app.get(&format!("dashboard/copouns/{id}"), Some(&admin)).await.status(), 404);
}

#[actix_web::test]
async fn a_buyer_checks_a_code_against_the_cart_and_checkout_takes_it_off_the_subtotal_only() {
    let Shop { app, admin, soil } = shop().await;
    app.add_copoun(&admin, json!({"code": "SOIL30", "type": "fixed", "value": 30, "min_subtotal": 150})).await;
    let buyer = app.account_token(Role::Customer, "01012370003").await;
    app.add_to_cart(&buyer, soil, json!(1)).await;

    let below = app.post("copouns/check", json!({"copoun": "soil30"}), Some(&buyer)).await;
    assert_eq!(below.status(), 422);
    assert_eq!(json_of(below).await["errors"]["copoun"][0], "Your order is below this promo code's minimum.");
    app.add_to_cart(&buyer, soil, json!(1)).await;
    let checked = json_of(app.post("copouns/check", json!({"copoun": "soil30"}), Some(&buyer)).await).await;
    assert_eq!(
        (checked["data"]["code"].as_str(), checked["data"]["type"].as_str(), checked["data"]["discount"].as_f64()),
        (Some("SOIL30"), Some("fixed"), Some(30.0))
    );
    assert_eq!(checked["message"], "Promo code applied: EGP 30.00 off.");
    let unknown = app.request(Method::POST, "copouns/check", Some(&buyer), "ar").json(&json!({"copoun": "NOPE"})).send().await.unwrap();
    assert_eq!(json_of(unknown).await["errors"]["copoun"][0], "كود الخصم هذا غير موجود.");
    let as_guest = json_of(app.post("copouns/check", json!({"copoun": "SOIL30", "items": [{"id": soil, "quantity": 3}]}), None).await).await;
    assert_eq!(as_guest["data"]["discount"].as_f64(), Some(30.0));

    let order =
        json_of(app.checkout(&buyer, json!({"address": "Farm", "city_id": 1, "type": "self", "copoun": "soil30", "expected_total": "230"}), None).await).await
            ["data"]
            .clone();
    assert_eq!(
        (order["subtotal"].as_f64(), order["discount"].as_f64(), order["shipping_total"].as_f64(), order["total"].as_f64()),
        (Some(200.0), Some(30.0), Some(60.0), Some(230.0)),
        "12 kg: 2 kg over the free 10"
    );
    assert_eq!(order["copoun"], "SOIL30");
}

#[actix_web::test]
async fn ten_simultaneous_checkouts_with_a_code_for_three_make_exactly_three_discounted_orders() {
    let Shop { app, admin, soil } = shop().await;
    let id = app.add_copoun(&admin, json!({"code": "FIRST3", "type": "percent", "value": 10, "usage_limit": 3})).await;
    let bodies: Vec<Value> = (0..10).map(|n| guest(&format!("0111234560{n}"), soil, "FIRST3")).collect();
    let answers = join_all(bodies.iter().map(|body| app.guest_checkout(body, None))).await;
    let mut discounted = 0;
    for answer in answers {
        match answer.status().as_u16() {
            201 => {
                assert_eq!(json_of(answer).await["data"]["discount"].as_f64(), Some(20.0));
                discounted += 1;
            }
            422 => assert_eq!(json_of(answer).await["errors"]["copoun"][0], "This promo code has been used up."),
            other => panic!("unexpected {other}"),
        }
    }
    assert_eq!(discounted, 3);
    assert_eq!(app.order_count(), 3, "the refused checkouts wrote nothing");
    assert_eq!(json_of(app.get(&format!("dashboard/copouns/{id}"), Some(&admin)).await).await["data"]["used"], 3);
    assert_eq!(app.stock(soil), 50 - 3 * 2);
}

#[actix_web::test]
async fn the_per_buyer_limit_counts_the_account_and_the_phone_and_a_cancel_gives_the_use_back() {
    let Shop { app, admin, soil } = shop().await;
    let id = app.add_copoun(&admin, json!({"code": "ONCE", "type": "fixed", "value": 10, "per_user_limit": 1})).await;
    let buyer = app.account_token(Role::Customer, "01012370004").await;

    // A guest order with the client's phone counts for the client.
    assert_eq!(app.guest_checkout(&guest("01012370004", soil, "ONCE"), None).await.status(), 201);
    app.add_to_cart(&buyer, soil, json!(1)).await;
    let refused = app.checkout(&buyer, json!({"address": "Farm", "city_id": 1, "type": "self", "copoun": "ONCE"}), None).await;
    assert_eq!(json_of(refused).await["errors"]["copoun"][0], "You have already used this promo code.");
    assert_eq!(app.guest_checkout(&guest("+20 10 1237 0004", soil, "ONCE"), None).await.status(), 422, "the phone in another form is the same phone");

    let other = app.account_token(Role::Customer, "01012370005").await;
    app.add_to_cart(&other, soil, json!(1)).await;
    let placed = json_of(app.checkout(&other, json!({"address": "Farm", "city_id": 1, "type": "self", "copoun": "ONCE"}), None).await).await;
    let order = placed["data"]["id"].as_i64().unwrap();
    assert_eq!(json_of(app.get(&format!("dashboard/copouns/{id}"), Some(&admin)).await).await["data"]["used"], 2);
    app.post(&format!("orders/{order}/cancel"), json!({}), Some(&other)).await;
    assert_eq!(json_of(app.get(&format!("dashboard/copouns/{id}"), Some(&admin)).await).await["data"]["used"], 1, "the cancelled order gave its use back");
    app.add_to_cart(&other, soil, json!(1)).await;
    assert_eq!(
        app.checkout(&other, json!({"address": "Farm", "city_id": 1, "type": "self", "copoun": "ONCE"}), None).await.status(),
        201,
        "and the buyer may use it again"
    );
}
