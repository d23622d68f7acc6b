//! Points over HTTP: a delivered order earns its client's points once, whatever repeats or
//! races; points buy a personal coupon, never twice with the same points; the coupon serves its
//! owner once and comes back when the order is cancelled; staff set the rules and adjust
//! balances with a reason; points expire oldest first.

use futures_util::future::join_all;
use identity::Role;
use reqwest::{Method, Response};
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app};

struct Shop {
    app: TestApp,
    admin: String,
    buyer: String,
    buyer_id: i64,
    seeds: i64,
}

/// An admin, tomato seeds (100 EGP, 200 g, 100 left) and a verified buyer.
async fn shop() -> Shop {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012380001").await;
    let seeds = app.add_product(&admin, "Tomato seeds", 100, 100, 200).await;
    let buyer = app.account_token(Role::Customer, "01012380002").await;
    let buyer_id = json_of(app.me(Some(&buyer)).await).await["data"]["id"].as_i64().unwrap();
    Shop { app, admin, buyer, buyer_id, seeds }
}

impl TestApp {
    /// `GET points`.
    async fn points(&self, token: &str) -> Value {
        let answer = self.get("points", Some(token)).await;
        assert_eq!(answer.status(), 200);
        json_of(answer).await
    }

    /// `POST points/exchange` in `lang`, with an `Idempotency-Key` when given.
    pub(crate) async fn exchange(&self, token: &str, rule: i64, key: Option<&str>, lang: &str) -> Response {
        let mut request = self.request(Method::POST, "points/exchange", Some(token), lang).json(&json!({ "rule_id": rule }));
        if let Some(key) = key {
            request = request.header("Idempotency-Key", key);
        }
        request.send().await.unwrap()
    }

    /// `POST dashboard/points-rules`; answers the new rule's id (the dearest rule is the newest
    /// in these tests).
    pub(crate) async fn add_rule(&self, token: &str, points: i64, discount: i64) -> i64 {
        let answer = self.post("dashboard/points-rules", json!({"points": points, "discount": discount}), Some(token)).await;
        assert_eq!(answer.status(), 200);
        let rules = json_of(self.get("dashboard/points-rules", Some(token)).await).await;
        rules["data"].as_array().unwrap().iter().find(|rule| rule["points"] == points).unwrap()["id"].as_i64().unwrap()
    }

    /// `POST dashboard/user-points/{user}`: adds or takes points.
    pub(crate) async fn adjust_points(&self, token: &str, user: i64, delta: i64, reason: &str) -> Response {
        self.post(&format!("dashboard/user-points/{user}"), json!({"delta": delta, "reason": reason}), Some(token)).await
    }

    /// The points as `auth/me` tells them.
    pub(crate) async fn my_points(&self, token: &str) -> i64 {
        json_of(self.me(Some(token)).await).await["data"]["points"].as_i64().unwrap()
    }
}

/// The buyer's checkout of `units` seeds, with a promo code when given; answers the order.
async fn buy(app: &TestApp, buyer: &str, seeds: i64, units: i64, copoun: Option<&str>) -> Response {
    app.add_to_cart(buyer, seeds, json!(units)).await;
    app.checkout(buyer, json!({"address": "12 Nile St", "city_id": 1, "type": "self", "copoun": copoun}), None).await
}

async fn move_to(app: &TestApp, token: &str, order: i64, status: &str) -> Response {
    app.post(&format!("dashboard/orders/{order}/status"), json!({ "status": status }), Some(token)).await
}

/// The buyer's notifications that tell of points.
async fn points_notices(app: &TestApp, token: &str) -> Vec<String> {
    let page = json_of(app.get("notifications?per_page=100", Some(token)).await).await;
    page["data"].as_array().unwrap().iter().filter(|n| n["link"] == "/account/points-exchange").map(|n| n["body"].as_str().unwrap().to_string()).collect()
}

#[actix_web::test]
async fn a_delivered_order_earns_its_points_once_whatever_repeats_or_races() {
    let Shop { app, admin, buyer, seeds, .. } = shop().await;
    // 3 × 100 EGP at the default 10 EGP a point: 30 points; shipping and discounts aside.
    let first = json_of(buy(&app, &buyer, seeds, 3, None).await).await["data"]["id"].as_i64().unwrap();
    assert_eq!(move_to(&app, &admin, first, "on_delivery").await.status(), 200);
    assert_eq!(app.my_points(&buyer).await, 0, "nothing before the delivery");
    for _ in 0..3 {
        assert_eq!(move_to(&app, &admin, first, "delivered").await.status(), 200);
    }
    assert_eq!(app.my_points(&buyer).await, 30);

    // Two staff deliver the next order at the same moment.
    let second = json_of(buy(&app, &buyer, seeds, 2, None).await).await["data"]["id"].as_i64().unwrap();
    move_to(&app, &admin, second, "on_delivery").await;
    let other_admin = app.account_token(Role::Admin, "01012380009").await;
    let raced = join_all((0..6).map(|n| move_to(&app, if n % 2 == 0 { &admin } else { &other_admin }, second, "delivered"))).await;
    assert!(raced.iter().all(|answer| answer.status() == 200));
    let points = app.points(&buyer).await;
    assert_eq!(points["data"]["balance"], 50);
    assert_eq!(app.my_points(&buyer).await, 50);
    let ledger = points["data"]["ledger"].as_array().unwrap();
    assert_eq!(ledger.len(), 2, "one row per order: {ledger:#?}");
    assert_eq!((ledger[0]["kind"].as_str(), ledger[0]["points"].as_i64()), (Some("earn"), Some(20)));
    let number = json_of(app.get(&format!("orders/{second}"), Some(&buyer)).await).await["data"]["number"].clone();
    assert_eq!(ledger[0]["note"], number, "the row names its order");
    assert!(ledger[0]["expires_at"].is_string(), "earned points expire (12 months by default)");
    let notices = points_notices(&app, &buyer).await;
    assert_eq!(notices.len(), 2, "one notification per order: {notices:?}");
    assert_eq!(notices[0], format!("We added 20 points to your balance for your order {}.", number.as_str().unwrap()));

    // A guest's delivered order earns nobody anything.
    let guest = json!({"name": "Mona", "phone": "01112380003", "address": "Farm", "city_id": 1, "items": [{"id": seeds, "quantity": 1}]});
    let guest_order = json_of(app.guest_checkout(&guest, None).await).await["data"]["id"].as_i64().unwrap();
    for status in ["on_delivery", "delivered"] {
        assert_eq!(app.post(&format!("dashboard/guest-orders/{guest_order}/status"), json!({ "status": status }), Some(&admin)).await.status(), 200);
    }
    assert_eq!(app.ledger_rows(), 2);
}

#[actix_web::test]
async fn ten_simultaneous_exchanges_with_points_for_three_make_exactly_three_coupons() {
    let Shop { app, admin, buyer, buyer_id, .. } = shop().await;
    let rule = app.add_rule(&admin, 100, 10).await;
    assert_eq!(app.adjust_points(&admin, buyer_id, 300, "Launch gift").await.status(), 200);
    let answers = join_all((0..10).map(|_| app.exchange(&buyer, rule, None, "en"))).await;
    let mut codes = Vec::new();
    for answer in answers {
        match answer.status().as_u16() {
            201 => codes.push(json_of(answer).await["data"]["coupon"]["code"].as_str().unwrap().to_string()),
            422 => assert_eq!(json_of(answer).await["message"], "Insufficient points for this exchange!"),
            other => panic!("unexpected {other}"),
        }
    }
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), 3, "exactly three coupons, each its own code");
    assert_eq!(app.points(&buyer).await["data"]["balance"], 0);
    assert_eq!(app.my_points(&buyer).await, 0, "never below zero");
    assert_eq!(app.personal_coupons(buyer_id), 3);

    let arabic = app.exchange(&buyer, rule, None, "ar").await;
    assert_eq!(arabic.status(), 422);
    assert_eq!(json_of(arabic).await["errors"]["points"][0], "النقاط غير كافية لهذا الاستبدال!");
}

#[actix_web::test]
async fn a_personal_coupon_serves_its_owner_once_and_comes_back_when_the_order_is_cancelled() {
    let Shop { app, admin, buyer, buyer_id, seeds } = shop().await;
    let rule = app.add_rule(&admin, 50, 10).await;
    app.adjust_points(&admin, buyer_id, 80, "Welcome").await;
    let bought = app.exchange(&buyer, rule, None, "en").await;
    assert_eq!(bought.status(), 201);
    let bought = json_of(bought).await;
    assert_eq!(bought["message"], "Points exchanged successfully!");
    let (code, balance) = (bought["data"]["coupon"]["code"].as_str().unwrap().to_string(), bought["data"]["balance"].as_i64());
    assert_eq!((bought["data"]["coupon"]["discount"].as_i64(), bought["data"]["points"].as_i64(), balance), (Some(10), Some(50), Some(30)));
    let last = app.points(&buyer).await["data"]["last_coupon"].clone();
    assert_eq!((last["code"].as_str(), last["used"].as_bool()), (Some(code.as_str()), Some(false)));
    assert!(json_of(app.get("dashboard/copouns", Some(&admin)).await).await["data"].as_array().unwrap().is_empty(), "staff's codes are the shop's own");

    // Another client cannot use it, nor can a guest.
    let other = app.account_token(Role::Customer, "01012380004").await;
    let refused = buy(&app, &other, seeds, 1, Some(&code)).await;
    assert_eq!(refused.status(), 422);
    assert_eq!(json_of(refused).await["errors"]["copoun"][0], "This coupon belongs to another account.");
    let checked = app.request(Method::POST, "copouns/check", Some(&other), "ar").json(&json!({ "copoun": code })).send().await.unwrap();
    assert_eq!(json_of(checked).await["errors"]["copoun"][0], "هذا الكوبون خاص بحساب آخر.");
    let guest = json!({"name": "Mona", "phone": "01012380002", "address": "Farm", "city_id": 1, "items": [{"id": seeds, "quantity": 1}], "copoun": code});
    assert_eq!(app.guest_checkout(&guest, None).await.status(), 422, "not even with the owner's phone");

    // Its owner uses it once.
    let order = json_of(buy(&app, &buyer, seeds, 2, Some(&code.to_lowercase())).await).await["data"].clone();
    assert_eq!((order["subtotal"].as_f64(), order["discount"].as_f64()), (Some(200.0), Some(20.0)));
    assert_eq!(app.points(&buyer).await["data"]["last_coupon"]["used"], true);
    let again = buy(&app, &buyer, seeds, 1, Some(&code)).await;
    assert_eq!(again.status(), 422, "single use");

    // Cancelling the order gives it back.
    assert_eq!(app.post(&format!("orders/{}/cancel", order["id"]), json!({}), Some(&buyer)).await.status(), 200);
    assert_eq!(app.points(&buyer).await["data"]["last_coupon"]["used"], false);
    let reused = json_of(app.checkout(&buyer, json!({"address": "12 Nile St", "city_id": 1, "type": "self", "copoun": code}), None).await).await;
    assert_eq!(reused["data"]["discount"].as_f64(), Some(10.0), "one unit left in the cart: 10 % of 100");
}

#[actix_web::test]
async fn an_exchange_repeated_under_its_key_happens_once_and_a_refusal_is_answered_again() {
    let Shop { app, admin, buyer, buyer_id, .. } = shop().await;
    let (small, big) = (app.add_rule(&admin, 40, 5).await, app.add_rule(&admin, 500, 50).await);
    app.adjust_points(&admin, buyer_id, 100, "Gift").await;

    let answers = join_all((0..5).map(|_| app.exchange(&buyer, small, Some("exchange-1"), "en"))).await;
    let mut codes = Vec::new();
    let mut replayed = 0;
    for answer in answers {
        assert_eq!(answer.status(), 201);
        replayed += usize::from(answer.headers().get("Idempotent-Replayed").is_some());
        let body = json_of(answer).await;
        assert_eq!(body["data"]["balance"], 60, "every answer is the first one");
        codes.push(body["data"]["coupon"]["code"].as_str().unwrap().to_string());
    }
    codes.dedup();
    assert_eq!((codes.len(), replayed), (1, 4), "one coupon, four repeats");
    assert_eq!(app.points(&buyer).await["data"]["balance"], 60);
    assert_eq!(app.exchange(&buyer, big, Some("exchange-1"), "en").await.status(), 400, "the key with another request");

    let short = app.exchange(&buyer, big, Some("exchange-2"), "en").await;
    assert_eq!(short.status(), 422);
    app.adjust_points(&admin, buyer_id, 1000, "Gift").await;
    let repeated = app.exchange(&buyer, big, Some("exchange-2"), "en").await;
    assert_eq!((repeated.status().as_u16(), repeated.headers().get("Idempotent-Replayed").is_some()), (422, true), "the first answer, kept");
    assert_eq!(app.exchange(&buyer, big, Some("exchange-3"), "en").await.status(), 201, "a new attempt, a new key");
}

#[actix_web::test]
async fn twenty_parallel_repeats_of_a_key_that_spent_the_last_points_all_get_its_coupon() {
    let Shop { app, admin, buyer, buyer_id, .. } = shop().await;
    let rule = app.add_rule(&admin, 40, 5).await;
    app.adjust_points(&admin, buyer_id, 40, "Gift").await;
    let answers = join_all((0..20).map(|_| app.exchange(&buyer, rule, Some("last-points"), "en"))).await;
    let mut codes = Vec::new();
    for answer in answers {
        assert_eq!(answer.status(), 201, "a repeat that waited behind the first is answered as the first, not 'Insufficient points'");
        codes.push(json_of(answer).await["data"]["coupon"]["code"].as_str().unwrap().to_string());
    }
    codes.dedup();
    assert_eq!(codes.len(), 1, "one coupon");
    assert_eq!(app.points(&buyer).await["data"]["balance"], 0);
}

#[actix_web::test]
async fn staff_keep_the_rules_and_adjust_balances_with_a_reason_within_their_permissions() {
    let Shop { app, admin, buyer, buyer_id, .. } = shop().await;
    let rule = app.add_rule(&admin, 200, 15).await;
    assert_eq!(app.put(&format!("dashboard/points-rules/{rule}"), json!({"points": 250, "discount": 20, "active": false}), Some(&admin)).await.status(), 200);
    let shown = json_of(app.get(&format!("dashboard/points-rules/{rule}"), Some(&admin)).await).await["data"].clone();
    assert_eq!((shown["points"].as_i64(), shown["discount"].as_i64(), shown["active"].as_bool()), (Some(250), Some(20), Some(false)));
    assert!(app.points(&buyer).await["data"]["rules"].as_array().unwrap().is_empty(), "a switched-off rule is not offered");
    assert_eq!(app.exchange(&buyer, rule, None, "en").await.status(), 422);
    let refused = json_of(app.post("dashboard/points-rules", json!({"points": 0, "discount": 101}), Some(&admin)).await).await;
    assert_eq!(refused["errors"]["points"][0], "Enter 1 to 1,000,000 points.");
    assert!(refused["errors"]["discount"].is_array());
    let not_a_flag = app.post("dashboard/points-rules", json!({"points": 10, "discount": 5, "active": "AAA"}), Some(&admin)).await;
    assert_eq!(not_a_flag.status(), 422, "yes or no, not any text");
    assert!(json_of(not_a_flag).await["errors"]["active"].is_array());
    let form = app
        .request(Method::POST, "dashboard/points-rules", Some(&admin), "en")
        .form(&[("points", "70"), ("discount", "7"), ("active", "off")])
        .send()
        .await
        .unwrap();
    assert_eq!(form.status(), 200, "a form's off");

    let no_reason =
        app.request(Method::POST, &format!("dashboard/user-points/{buyer_id}"), Some(&admin), "ar").json(&json!({"delta": 10})).send().await.unwrap();
    assert_eq!(no_reason.status(), 422);
    assert_eq!(json_of(no_reason).await["errors"]["reason"][0], "السبب مطلوب");
    let added = json_of(app.adjust_points(&admin, buyer_id, 40, "Compensation for a late delivery").await).await;
    assert_eq!(added["data"]["points"], 40);
    let too_many = app.adjust_points(&admin, buyer_id, -41, "Correction").await;
    assert_eq!(too_many.status(), 422);
    assert_eq!(json_of(too_many).await["errors"]["delta"][0], "The client holds only 40 points.");
    assert_eq!(json_of(app.adjust_points(&admin, buyer_id, -15, "Correction").await).await["data"]["points"], 25);
    assert_eq!(app.adjust_points(&admin, 999_999, 5, "Nobody").await.status(), 404);

    let listed = json_of(app.get("dashboard/user-points?search=%2B20%20101%202380%20002", Some(&admin)).await).await;
    assert_eq!((listed["meta"]["total"].as_i64(), listed["data"][0]["points"].as_i64()), (Some(1), Some(25)), "a phone in any form");
    let ledger = json_of(app.get(&format!("dashboard/user-points/{buyer_id}"), Some(&admin)).await).await;
    assert_eq!(ledger["data"]["ledger"][0]["note"], "Correction");
    assert_eq!(app.points(&buyer).await["data"]["ledger"][1]["note"], "Compensation for a late delivery", "the client sees why");

    // Customers, strangers and staff without the permission are refused.
    let viewer = app.staff_holding("01012380005", &["points-list"]).await;
    assert_eq!(app.get("dashboard/user-points", Some(&viewer)).await.status(), 200);
    assert_eq!(app.adjust_points(&viewer, buyer_id, 5, "Gift").await.status(), 403);
    assert_eq!(app.post("dashboard/points-rules", json!({"points": 10, "discount": 5}), Some(&viewer)).await.status(), 403);
    assert_eq!(app.request(Method::DELETE, &format!("dashboard/points-rules/{rule}"), Some(&viewer), "en").send().await.unwrap().status(), 403);
    for path in ["dashboard/points-rules", "dashboard/user-points"] {
        assert_eq!(app.get(path, Some(&buyer)).await.status(), 403, "{path}");
        assert_eq!(app.get(path, None).await.status(), 401, "{path}");
    }
    assert_eq!(app.get("points", None).await.status(), 401);
    assert_eq!(app.post("points/exchange", json!({"rule_id": rule}), None).await.status(), 401);
    assert_eq!(app.request(Method::DELETE, &format!("dashboard/points-rules/{rule}"), Some(&admin), "en").send().await.unwrap().status(), 200);
}

#[actix_web::test]
async fn points_expire_oldest_first_and_the_client_sees_what_expires_next() {
    let Shop { app, admin, buyer, buyer_id, .. } = shop().await;
    assert_eq!(app.put("dashboard/settings", json!({"points_expiry_months": 6}), Some(&admin)).await.status(), 200);
    app.adjust_points(&admin, buyer_id, 50, "Old gift").await;
    app.age_points(7);
    app.adjust_points(&admin, buyer_id, 30, "New gift").await;

    let points = app.points(&buyer).await["data"].clone();
    assert_eq!(points["balance"], 30, "the old gift's 50 points ended a month ago");
    assert_eq!(points["ledger"][0]["note"], "New gift");
    assert_eq!((points["ledger"][1]["kind"].as_str(), points["ledger"][1]["points"].as_i64()), (Some("expire"), Some(-50)));
    assert_eq!(points["next_expiry"]["points"], 30);
    let ends = chrono::DateTime::parse_from_rfc3339(points["next_expiry"]["at"].as_str().unwrap()).unwrap();
    let months = (ends.with_timezone(&chrono::Utc) - chrono::Utc::now()).num_days();
    assert!((180..=185).contains(&months), "six months on: {months} days");
    assert_eq!((points["last_expiry"].clone(), points["expiring"].as_i64()), (points["next_expiry"].clone(), Some(30)), "all 30 end together");
    assert_eq!(app.my_points(&buyer).await, 30, "the expiry is in the ledger now");
    assert_eq!(app.points(&buyer).await["data"]["ledger"].as_array().unwrap().len(), 3, "written once");
}

impl TestApp {
    /// How many rows the points ledgers hold.
    fn ledger_rows(&self) -> i64 {
        use diesel::prelude::*;
        let db = self.database();
        let conn = &mut *db.conn().unwrap();
        store::schema::points_ledger::table.count().get_result(conn).unwrap()
    }

    /// How many coupons a client bought.
    fn personal_coupons(&self, user: i64) -> i64 {
        use diesel::prelude::*;
        use store::schema::copouns;
        let db = self.database();
        let conn = &mut *db.conn().unwrap();
        copouns::table.filter(copouns::owner_id.eq(user)).count().get_result(conn).unwrap()
    }

    /// Moves every ledger row `months` back in time, with the ends of its points.
    fn age_points(&self, months: u32) {
        use diesel::prelude::*;
        use store::schema::points_ledger as ledger;
        let db = self.database();
        let conn = &mut *db.conn().unwrap();
        let rows: Vec<(i64, chrono::NaiveDateTime, Option<chrono::NaiveDateTime>)> =
            ledger::table.select((ledger::id, ledger::created_at, ledger::expires_at)).load(conn).unwrap();
        let back = |at: chrono::NaiveDateTime| at.checked_sub_months(chrono::Months::new(months)).unwrap();
        for (id, at, ends) in rows {
            diesel::update(ledger::table.find(id)).set((ledger::created_at.eq(back(at)), ledger::expires_at.eq(ends.map(back)))).execute(conn).unwrap();
        }
    }
}
