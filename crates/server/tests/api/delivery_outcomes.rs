//! Cash on delivery at the door (issue 39): a parcel refused comes back — its stock, its promo
//! code's use and its personal coupon given back exactly once, however many refusals race —
//! and a delivery the courier could not make asks the buyer to set the address or the time,
//! until the last allowed attempt takes the parcel as refused.

use futures_util::future::join_all;
use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app};

/// A staff call, built at once so the answer waits on nothing borrowed.
fn staff_post(app: &TestApp, token: &str, path: &str, body: Value, lang: &str) -> impl Future<Output = reqwest::Response> + use<> {
    let request = app.request(Method::POST, path, Some(token), lang).json(&body);
    async move { request.send().await.unwrap() }
}

/// Moves an order on delivery through the staff's status call.
async fn send_out(app: &TestApp, admin: &str, list: &str, order: i64) {
    let sent = app.post(&format!("dashboard/{list}/{order}/status"), json!({"status": "on_delivery"}), Some(admin)).await;
    assert_eq!(sent.status(), 200, "{}", json_of(sent).await);
}

/// How many times the order was cancelled in its history.
fn cancellations(order: &Value) -> usize {
    order["data"]["history"].as_array().unwrap().iter().filter(|change| change["to"] == "cancelled").count()
}

#[actix_web::test]
async fn a_refused_parcel_gives_back_stock_promo_and_coupon_exactly_once_even_refused_six_times_at_once() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012393001").await;
    let other_admin = app.account_token(Role::Admin, "01012393002").await;
    let seeds = app.add_product(&admin, "Cucumber seeds", 100, 10, 200).await;

    // A client pays with a personal coupon bought with points.
    let buyer = app.account_token(Role::Customer, "01012393003").await;
    let buyer_id = json_of(app.me(Some(&buyer)).await).await["data"]["id"].as_i64().unwrap();
    let rule = app.add_rule(&admin, 50, 10).await;
    assert_eq!(app.adjust_points(&admin, buyer_id, 80, "Welcome").await.status(), 200);
    let coupon = json_of(app.exchange(&buyer, rule, None, "en").await).await["data"]["coupon"]["code"].as_str().unwrap().to_string();
    assert_eq!(app.add_to_cart(&buyer, seeds, json!(3)).await.status(), 200);
    let placed = json_of(app.checkout(&buyer, json!({"address": "Farm road", "city_id": 1, "type": "self", "copoun": coupon}), None).await).await;
    let order = placed["data"]["id"].as_i64().unwrap();
    assert!(placed["data"]["discount"].as_f64() > Some(0.0), "{placed}");

    // A guest uses the shop's code good for one order.
    let once = app.add_copoun(&admin, json!({"code": "ONEONLY", "type": "fixed", "value": 5, "usage_limit": 1})).await;
    let guest =
        |phone: &str| json!({"name": "Mona", "phone": phone, "address": "Farm", "city_id": 1, "items": [{"id": seeds, "quantity": 2}], "copoun": "ONEONLY"});
    let guest_order = json_of(app.guest_checkout(&guest("01112393001"), None).await).await["data"]["id"].as_i64().unwrap();
    assert_eq!(app.stock(seeds), 5);
    send_out(&app, &admin, "orders", order).await;
    send_out(&app, &admin, "guest-orders", guest_order).await;

    let refusals = join_all((0..6).map(|n| {
        let (token, list, id) = match n % 3 {
            0 => (&admin, "orders", order),
            1 => (&other_admin, "orders", order),
            _ => (&admin, "guest-orders", guest_order),
        };
        staff_post(&app, token, &format!("dashboard/{list}/{id}/refusal"), json!({"reason": "refused at the door"}), "en")
    }))
    .await;
    for refusal in refusals {
        assert_eq!(refusal.status(), 200, "a refusal that lost the race answers with the refused order");
        let refusal = json_of(refusal).await;
        assert_eq!(refusal["message"], "The refusal is recorded and the order's units are back in stock.");
        assert_eq!((refusal["data"]["status"].as_str(), refusal["data"]["cancelled_as"].as_str()), (Some("cancelled"), Some("refused")));
    }
    assert_eq!(app.stock(seeds), 10, "five units back, once");
    let staff_view = json_of(app.get(&format!("dashboard/orders/{order}"), Some(&admin)).await).await;
    assert_eq!(cancellations(&staff_view), 1, "{staff_view}");
    assert_eq!(staff_view["data"]["history"].as_array().unwrap().last().unwrap()["note"], "refused at the door");
    assert_eq!(staff_view["data"]["phone_history"]["refused"], 1);
    assert_eq!(json_of(app.get(&format!("dashboard/copouns/{once}"), Some(&admin)).await).await["data"]["used"], 0, "the code's use is back");
    assert_eq!(app.my_points(&buyer).await, 30, "a refused order earns nothing");
    let seen = json_of(app.get(&format!("orders/{order}"), Some(&buyer)).await).await;
    assert_eq!(seen["data"]["cancelled_as"], "refused", "the buyer sees why: {seen}");

    // The coupon and the code serve again.
    assert_eq!(app.add_to_cart(&buyer, seeds, json!(1)).await.status(), 200);
    assert_eq!(app.checkout(&buyer, json!({"address": "Farm road", "city_id": 1, "type": "self", "copoun": coupon}), None).await.status(), 201);
    assert_eq!(app.guest_checkout(&guest("01112393002"), None).await.status(), 201);
}

#[actix_web::test]
async fn a_refusal_is_only_of_a_parcel_on_delivery_and_needs_its_reason() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012393011").await;
    let seeds = app.add_product(&admin, "Okra seeds", 20, 10, 200).await;
    let body = json!({"name": "Mona", "phone": "01112393011", "address": "Farm", "city_id": 1, "items": [{"id": seeds, "quantity": 1}]});
    let id = json_of(app.guest_checkout(&body, None).await).await["data"]["id"].as_i64().unwrap();

    let early = staff_post(&app, &admin, &format!("dashboard/guest-orders/{id}/refusal"), json!({"reason": "changed their mind"}), "en").await;
    assert_eq!(early.status(), 422, "a new order is cancelled, not refused");
    let attempt = staff_post(&app, &admin, &format!("dashboard/guest-orders/{id}/delivery-attempts"), json!({"reason": "not home"}), "ar").await;
    assert_eq!(attempt.status(), 422);
    assert_eq!(json_of(attempt).await["errors"]["order"][0], "هذا الطلب ليس مع المندوب الآن.");
    send_out(&app, &admin, "guest-orders", id).await;
    for path in ["refusal", "delivery-attempts"] {
        let blank = staff_post(&app, &admin, &format!("dashboard/guest-orders/{id}/{path}"), json!({"reason": "   "}), "en").await;
        assert_eq!(blank.status(), 422, "{path}");
        assert!(json_of(blank).await["errors"]["reason"][0].is_string(), "{path}");
    }
    let order = json_of(app.get(&format!("dashboard/guest-orders/{id}"), Some(&admin)).await).await;
    assert_eq!((order["data"]["status"].as_str(), order["data"]["failed_attempts"].as_array().map(Vec::len)), (Some("on_delivery"), Some(0)));
    assert_eq!(app.stock(seeds), 9, "nothing changed");
}

#[actix_web::test]
async fn failed_attempts_ask_the_buyer_to_call_and_the_third_takes_the_parcel_back() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012393021").await;
    let seeds = app.add_product(&admin, "Pepper seeds", 20, 10, 200).await;
    let buyer = app.account_token(Role::Customer, "01012393022").await;
    assert_eq!(app.add_to_cart(&buyer, seeds, json!(4)).await.status(), 200);
    let placed = json_of(app.checkout(&buyer, json!({"address": "Farm road", "city_id": 1, "type": "self"}), None).await).await;
    let (order, number) = (placed["data"]["id"].as_i64().unwrap(), placed["data"]["number"].as_str().unwrap().to_string());
    send_out(&app, &admin, "orders", order).await;

    // The same attempt reported at once by two staff is kept once.
    let reported = join_all(
        (0..2).map(|_| staff_post(&app, &admin, &format!("dashboard/orders/{order}/delivery-attempts"), json!({"reason": "phone switched off"}), "en")),
    )
    .await;
    assert!(reported.iter().all(|answer| answer.status() == 200));
    let after = json_of(app.get(&format!("dashboard/orders/{order}"), Some(&admin)).await).await;
    assert_eq!(after["data"]["failed_attempts"].as_array().unwrap().len(), 1, "{after}");
    let second =
        json_of(staff_post(&app, &admin, &format!("dashboard/orders/{order}/delivery-attempts"), json!({"reason": "wrong village"}), "en").await).await;
    assert_eq!(second["message"], "The failed delivery attempt is recorded.");
    assert_eq!((second["data"]["status"].as_str(), second["data"]["failed_attempts"][1]["reason"].as_str()), (Some("on_delivery"), Some("wrong village")));
    assert_eq!(app.stock(seeds), 6, "still with the courier");

    let texted =
        app.outbox_when(|messages| messages.iter().filter(|message| message["body"].as_str().unwrap_or("").contains("could not deliver")).count() == 2).await;
    let asked = texted.iter().filter(|message| message["body"].as_str().unwrap_or("").contains("could not deliver")).collect::<Vec<_>>();
    assert_eq!(asked[0]["body"], format!("Mahsoul: we could not deliver order {number}. Call us to set the address or time."));
    assert_eq!(asked[0]["to"], "+201012393022");

    let third =
        json_of(staff_post(&app, &admin, &format!("dashboard/orders/{order}/delivery-attempts"), json!({"reason": "not home again"}), "en").await).await;
    assert_eq!((third["data"]["status"].as_str(), third["data"]["cancelled_as"].as_str()), (Some("cancelled"), Some("refused")), "{third}");
    assert_eq!(app.stock(seeds), 10, "the parcel came back");
    let told = app.outbox_when(|messages| messages.iter().any(|message| message["body"].as_str().unwrap_or("").contains("came back to the shop"))).await;
    assert!(told.iter().any(|message| message["body"] == format!("Mahsoul: order {number} came back to the shop undelivered.")));

    let seen = json_of(app.get(&format!("orders/{order}"), Some(&buyer)).await).await;
    let attempts = seen["data"]["failed_attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), 3);
    assert!(attempts.iter().all(|attempt| attempt.get("reason").is_none() && attempt["at"].is_string()), "the buyer sees when, not the staff's words: {seen}");
    let notices = json_of(app.get("notifications?per_page=20", Some(&buyer)).await).await;
    let titles: Vec<&str> = notices["data"].as_array().unwrap().iter().filter_map(|notice| notice["title"].as_str()).collect();
    assert!(titles.contains(&"We could not deliver your order") && titles.contains(&"Order returned to the shop"), "{titles:?}");
}

/// Refuses `count` parcels of guest orders placed with `phone`.
async fn refuse_parcels(app: &TestApp, admin: &str, product: i64, phone: &str, count: usize) {
    for _ in 0..count {
        let body = json!({"name": "Mona", "phone": phone, "address": "Farm", "city_id": 1, "items": [{"id": product, "quantity": 1}]});
        let placed = json_of(app.guest_checkout(&body, None).await).await;
        let id = placed["data"]["id"].as_i64().unwrap_or_else(|| panic!("placed: {placed}"));
        send_out(app, admin, "guest-orders", id).await;
        let refused = staff_post(app, admin, &format!("dashboard/guest-orders/{id}/refusal"), json!({"reason": "refused at the door"}), "en").await;
        assert_eq!(refused.status(), 200);
    }
}

#[actix_web::test]
async fn a_phone_that_refuses_is_called_then_blocked_with_the_shops_number_until_staff_vouch_for_it() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012393031").await;
    let seeds = app.add_product(&admin, "Melon seeds", 20, 50, 200).await;
    let phone = "01112393031";
    let order = |lang: &'static str| {
        let body = json!({"name": "Mona", "phone": phone, "address": "Farm", "city_id": 1, "items": [{"id": seeds, "quantity": 1}]});
        let request = app.request(Method::POST, "guest-orders/checkout", None, lang).json(&body);
        async move { request.send().await.unwrap() }
    };

    refuse_parcels(&app, &admin, seeds, phone, 1).await;
    let called = json_of(order("en").await).await;
    assert_eq!(called["confirmation_url"], Value::Null, "a phone the shop calls gets no link: {called}");
    let id = called["data"]["id"].as_i64().unwrap();
    let page = json_of(app.get(&format!("dashboard/guest-orders/{id}"), Some(&admin)).await).await;
    assert_eq!((page["data"]["phone_history"]["band"].as_str(), page["data"]["phone_history"]["refused"].as_u64()), (Some("confirm_by_call"), Some(1)));
    let told = app.outbox_when(|messages| messages.iter().filter(|message| message["to"] == "+201112393031").count() >= 4).await;
    let placing = told.iter().filter(|message| message["to"] == "+201112393031").nth(3).unwrap()["body"].as_str().unwrap().to_string();
    assert!(placing.contains("will call you") && !placing.contains("/confirm/"), "the placing SMS says the shop will call: {placing}");
    assert_eq!(app.post(&format!("dashboard/guest-orders/{id}/status"), json!({"status": "cancelled"}), Some(&admin)).await.status(), 200);

    refuse_parcels(&app, &admin, seeds, phone, 2).await;
    let stock = app.stock(seeds);
    for (lang, message) in [
        ("en", "We cannot take a cash-on-delivery order from this phone. Please call us on 01000000000 and we will arrange it."),
        ("ar", "لا يمكننا قبول طلب بالدفع عند الاستلام من هذا الرقم. اتصل بنا على 01000000000 لنرتّب طلبك."),
    ] {
        let refused = order(lang).await;
        assert_eq!(refused.status(), 422);
        let refused = json_of(refused).await;
        assert_eq!((refused["message"].as_str(), refused["errors"]["phone"][0].as_str()), (Some(message), Some(message)));
    }
    assert_eq!(app.stock(seeds), stock, "nothing was ordered");

    // Staff who may block clients vouch for the phone, with why; then give it back to the rules.
    let band = |body: Value, token: String| {
        let request = app.request(Method::PUT, "dashboard/phones/+20%201112393031/band", Some(&token), "en").json(&body);
        async move { request.send().await.unwrap() }
    };
    let orders_only = app.staff_holding("01012393032", &["order-list", "order-status"]).await;
    assert_eq!(band(json!({"band": "normal", "note": "known farmer"}), orders_only).await.status(), 403);
    let no_note = band(json!({"band": "normal"}), admin.clone()).await;
    assert_eq!(no_note.status(), 422);
    assert!(json_of(no_note).await["errors"]["note"][0].is_string());
    let vouched = json_of(band(json!({"band": "normal", "note": "known farmer, paid the courier"}), admin.clone()).await).await;
    assert_eq!(vouched["message"], "The phone's band is saved.");
    assert_eq!((vouched["data"]["band"].as_str(), vouched["data"]["band_by_rules"].as_str()), (Some("normal"), Some("blocked")));
    assert_eq!(vouched["data"]["band_override"]["note"], "known farmer, paid the courier");
    assert_eq!(order("en").await.status(), 201, "the staff's word lets it order");
    let back = json_of(band(json!({"band": null}), admin.clone()).await).await;
    assert_eq!((back["data"]["band"].as_str(), back["data"]["band_override"].as_str()), (Some("blocked"), None));
    assert_eq!(order("en").await.status(), 422);
}

#[actix_web::test]
async fn a_total_above_the_shops_cash_limits_is_refused_with_the_limit_and_the_shops_number() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012393041").await;
    let seeds = app.add_product(&admin, "Squash seeds", 100, 50, 200).await;
    let limits = app.put("dashboard/settings", json!({"cod_first_order_max": "250", "cod_order_max": "400"}), Some(&admin)).await;
    assert_eq!(limits.status(), 200);
    let settings = json_of(app.get("dashboard/settings", Some(&admin)).await).await;
    assert_eq!((settings["data"]["cod_first_order_max"].as_f64(), settings["data"]["cod_order_max"].as_f64()), (Some(250.0), Some(400.0)));
    let order = |units: i64, lang: &'static str| {
        let body = json!({"name": "Mona", "phone": "01112393041", "address": "Farm", "city_id": 1, "items": [{"id": seeds, "quantity": units}]});
        let request = app.request(Method::POST, "guest-orders/checkout", None, lang).json(&body);
        async move { request.send().await.unwrap() }
    };

    // Cairo's shipping is 50 EGP: three packets make 350, above the first order's 250.
    for (lang, message) in [
        ("en", "We take cash on delivery for a first order up to EGP 250.00. Please call us on 01000000000 for a larger order."),
        ("ar", "نقبل الدفع عند الاستلام للطلب الأول حتى 250.00 جنيه. اتصل بنا على 01000000000 لطلب أكبر."),
    ] {
        let refused = order(3, lang).await;
        assert_eq!(refused.status(), 422);
        let refused = json_of(refused).await;
        assert_eq!((refused["message"].as_str(), refused["errors"]["total"][0].as_str()), (Some(message), Some(message)));
    }
    assert_eq!(app.stock(seeds), 50, "nothing was ordered");
    let first = json_of(order(2, "en").await).await;
    let id = first["data"]["id"].as_i64().unwrap();
    send_out(&app, &admin, "guest-orders", id).await;
    assert_eq!(app.post(&format!("dashboard/guest-orders/{id}/status"), json!({"status": "delivered"}), Some(&admin)).await.status(), 200);

    assert_eq!(order(3, "en").await.status(), 201, "a phone that received a parcel is past its first order");
    let above = json_of(order(4, "en").await).await;
    assert_eq!(above["errors"]["total"][0], "We take cash on delivery for orders up to EGP 400.00. Please call us on 01000000000 for a larger order.");
    let wrong = json_of(app.put("dashboard/settings", json!({"cod_order_max": "a lot"}), Some(&admin)).await).await;
    assert!(wrong["errors"]["cod_order_max"][0].is_string(), "{wrong}");
}
