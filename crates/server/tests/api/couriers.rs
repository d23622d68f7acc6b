//! Couriers (issue 39 §7): staff hand a confirmed order to Bosta (a fake Bosta on loopback) or
//! to their own courier; Bosta's webhook, with the header secret, moves the order — once,
//! however many times the same report comes at once — and the buyer's tracking shows the
//! courier's link and its reports.

use futures_util::future::join_all;
use httpmock::prelude::*;
use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app, spawn_app_with};

const SECRET_HEADER: &str = "X-Bosta-Secret";
const SECRET: &str = "hook-secret";

/// A shop with a Bosta account at the fake server.
async fn shop_with_bosta(bosta: &MockServer) -> TestApp {
    let base_url = bosta.url("/api/v2");
    spawn_app_with(move |settings| {
        settings.couriers.bosta.base_url = base_url;
        settings.couriers.bosta.api_key = "bosta-key".to_string().into();
        settings.couriers.bosta.webhook_header = SECRET_HEADER.into();
        settings.couriers.bosta.webhook_secret = SECRET.to_string().into();
    })
    .await
}

/// A guest order of `quantity` units of `product`, confirmed by staff after the call.
async fn confirmed_guest_order(app: &TestApp, admin: &str, product: i64, quantity: u32, phone: &str) -> Value {
    let body = json!({"name": "Mona Adel", "phone": phone, "address": "Farm road", "city_id": 1, "items": [{"id": product, "quantity": quantity}]});
    let placed = json_of(app.guest_checkout(&body, None).await).await;
    let id = placed["data"]["id"].as_i64().unwrap();
    let confirmed = app.post(&format!("dashboard/guest-orders/{id}/confirm"), json!({"via": "call"}), Some(admin)).await;
    assert_eq!(confirmed.status(), 200);
    placed
}

/// Bosta's webhook call for a parcel's new state.
fn webhook(app: &TestApp, secret: Option<&str>, report: Value) -> impl Future<Output = reqwest::Response> + use<> {
    let mut request = app.request(Method::POST, "couriers/bosta/webhook", None, "en").json(&report);
    if let Some(secret) = secret {
        request = request.header(SECRET_HEADER, secret);
    }
    async move { request.send().await.unwrap() }
}

async fn guest_order(app: &TestApp, admin: &str, id: i64) -> Value {
    json_of(app.get(&format!("dashboard/guest-orders/{id}"), Some(admin)).await).await
}

#[actix_web::test]
async fn a_parcel_booked_with_bosta_is_delivered_once_by_twenty_webhook_calls_at_once_and_the_buyer_follows_it() {
    let bosta = MockServer::start_async().await;
    let app = shop_with_bosta(&bosta).await;
    let admin = app.account_token(Role::Admin, "01012395001").await;
    let seeds = app.add_product(&admin, "Okra seeds", 75, 20, 250).await;

    // An order awaiting its buyer's confirmation is not handed over.
    let waiting = json_of(
        app.guest_checkout(&json!({"name": "Ali", "phone": "01112395009", "address": "Farm", "city_id": 1, "items": [{"id": seeds, "quantity": 1}]}), None)
            .await,
    )
    .await;
    let early = app.post(&format!("dashboard/guest-orders/{}/shipment", waiting["data"]["id"]), json!({"courier": "bosta"}), Some(&admin)).await;
    assert_eq!(early.status(), 422);
    assert_eq!(json_of(early).await["errors"]["order"][0], "Confirm this order with its buyer before handing it to a courier.");

    let placed = confirmed_guest_order(&app, &admin, seeds, 2, "01112395001").await;
    let (id, number) = (placed["data"]["id"].as_i64().unwrap(), placed["data"]["number"].as_str().unwrap().to_string());
    let total = placed["data"]["total"].as_f64().unwrap();
    let booked = bosta
        .mock_async(|when, then| {
            when.method(POST).path("/api/v2/deliveries").header("authorization", "bosta-key").json_body_includes(
                json!({"type": 10, "cod": total, "businessReference": number, "receiver": {"firstName": "Mona", "lastName": "Adel", "phone": "01112395001"}})
                    .to_string(),
            );
            then.status(201).json_body(json!({"success": true, "data": {"_id": "b1", "trackingNumber": "7012345"}}));
        })
        .await;
    let handed = app.post(&format!("dashboard/guest-orders/{id}/shipment"), json!({"courier": "bosta"}), Some(&admin)).await;
    assert_eq!(handed.status(), 200);
    let handed = json_of(handed).await;
    booked.assert_async().await;
    assert_eq!(handed["message"], "The parcel is handed to the courier.");
    assert_eq!(handed["data"]["status"], "new", "new until Bosta picks it up");
    assert_eq!(handed["data"]["shipment"]["tracking"], "7012345");
    assert_eq!(handed["data"]["shipment"]["state"], "created");
    assert_eq!(handed["data"]["shipment"]["cod"].as_f64(), Some(total));
    let again = app.post(&format!("dashboard/guest-orders/{id}/shipment"), json!({"courier": "bosta"}), Some(&admin)).await;
    assert_eq!(again.status(), 422, "one parcel per order");
    assert_eq!(booked.calls_async().await, 1, "the second hand-over books nothing");

    // Calls without Bosta's secret, or with another, are refused and change nothing.
    let picked_up = json!({"_id": "b1", "trackingNumber": "7012345", "state": 21, "type": "SEND", "timeStamp": 1_795_000_000_000_i64});
    assert_eq!(webhook(&app, None, picked_up.clone()).await.status(), 401);
    assert_eq!(webhook(&app, Some("guess"), picked_up.clone()).await.status(), 401);
    assert_eq!(guest_order(&app, &admin, id).await["data"]["status"], "new");

    assert_eq!(webhook(&app, Some(SECRET), picked_up).await.status(), 200);
    assert_eq!(guest_order(&app, &admin, id).await["data"]["status"], "on_delivery");

    let delivered = json!({"_id": "b1", "trackingNumber": "7012345", "state": 45, "type": "SEND", "cod": total, "timeStamp": 1_795_000_600_000_i64});
    let answers = join_all((0..20).map(|_| webhook(&app, Some(SECRET), delivered.clone()))).await;
    assert!(answers.iter().all(|answer| answer.status() == 200), "{:?}", answers.iter().map(reqwest::Response::status).collect::<Vec<_>>());
    let order = guest_order(&app, &admin, id).await;
    assert_eq!(order["data"]["status"], "delivered");
    let deliveries = order["data"]["history"].as_array().unwrap().iter().filter(|change| change["to"] == "delivered").count();
    assert_eq!(deliveries, 1, "one change for twenty calls: {order}");
    assert_eq!(order["data"]["shipment"]["state"], "delivered");
    assert_eq!(order["data"]["shipment"]["collected"].as_f64(), Some(total));
    assert_eq!(order["data"]["shipment"]["events"].as_array().unwrap().len(), 2, "each report kept once: {order}");

    // A late report of an earlier state does not set the parcel back.
    let late = json!({"trackingNumber": "7012345", "state": 41, "timeStamp": 1_795_000_300_000_i64});
    assert_eq!(webhook(&app, Some(SECRET), late).await.status(), 200);
    let order = guest_order(&app, &admin, id).await;
    assert_eq!((order["data"]["status"].as_str(), order["data"]["shipment"]["state"].as_str()), (Some("delivered"), Some("delivered")));

    // The buyer follows it on Bosta's site, without the staff's figures.
    let tracked = json_of(app.get(&format!("guest-orders/track?number={number}&phone=01112395001"), None).await).await;
    let shipment = &tracked["data"]["shipment"];
    assert_eq!(shipment["tracking_url"], "https://bosta.co/tracking-shipments?shipment-number=7012345");
    assert_eq!(
        shipment["events"].as_array().unwrap().iter().map(|event| event["state"].as_str().unwrap()).collect::<Vec<_>>(),
        vec!["picked_up", "out_for_delivery", "delivered"]
    );
    assert!(shipment.get("collected").is_none() && shipment.get("cod").is_none(), "{shipment}");
}

#[actix_web::test]
async fn bosta_exceptions_are_failed_attempts_a_return_is_a_refusal_and_the_airway_bill_is_bostas() {
    let bosta = MockServer::start_async().await;
    let app = shop_with_bosta(&bosta).await;
    let admin = app.account_token(Role::Admin, "01012395011").await;
    let seeds = app.add_product(&admin, "Pepper seeds", 30, 10, 100).await;
    let id = confirmed_guest_order(&app, &admin, seeds, 3, "01112395011").await["data"]["id"].as_i64().unwrap();
    bosta
        .mock_async(|when, then| {
            when.method(POST).path("/api/v2/deliveries");
            then.status(201).json_body(json!({"success": true, "data": {"trackingNumber": "7099999"}}));
        })
        .await;
    bosta
        .mock_async(|when, then| {
            when.method(GET).path("/api/v2/deliveries/mass-awb").query_param("trackingNumbers", "7099999");
            then.status(200).json_body(json!({"success": true, "data": "JVBERi0xLjQgYmlsbA=="}));
        })
        .await;
    assert_eq!(app.post(&format!("dashboard/guest-orders/{id}/shipment"), json!({"courier": "bosta"}), Some(&admin)).await.status(), 200);
    assert_eq!(app.stock(seeds), 7);

    let bill = app.get(&format!("dashboard/guest-orders/{id}/airway-bill"), Some(&admin)).await;
    assert_eq!(bill.status(), 200);
    assert_eq!(bill.headers()["content-type"], "application/pdf");
    assert_eq!(bill.bytes().await.unwrap().as_ref(), b"%PDF-1.4 bill");

    let report = |state: i32, at: i64| json!({"trackingNumber": "7099999", "state": state, "timeStamp": at, "exceptionReason": "Customer not answering"});
    assert_eq!(webhook(&app, Some(SECRET), report(41, 1_795_000_000_000)).await.status(), 200);
    assert_eq!(webhook(&app, Some(SECRET), report(47, 1_795_000_100_000)).await.status(), 200);
    let order = guest_order(&app, &admin, id).await;
    assert_eq!(order["data"]["status"], "on_delivery");
    assert_eq!(order["data"]["failed_attempts"][0]["reason"], "Customer not answering");

    assert_eq!(webhook(&app, Some(SECRET), report(46, 1_795_000_200_000)).await.status(), 200);
    let order = guest_order(&app, &admin, id).await;
    assert_eq!((order["data"]["status"].as_str(), order["data"]["cancelled_as"].as_str()), (Some("cancelled"), Some("refused")));
    assert_eq!(app.stock(seeds), 10, "the returned parcel's units are back");

    // Reports nobody can read, or of a parcel the shop never sent, change nothing.
    assert_eq!(webhook(&app, Some(SECRET), json!({"trackingNumber": "7099999", "state": "delivered"})).await.status(), 400);
    assert_eq!(webhook(&app, Some(SECRET), json!({"trackingNumber": "1111111", "state": 45, "timeStamp": 1})).await.status(), 200);
}

#[actix_web::test]
async fn cancelling_an_order_bosta_has_not_picked_up_calls_its_booking_off_first_and_the_buyer_can_no_longer_cancel_it() {
    let bosta = MockServer::start_async().await;
    let app = shop_with_bosta(&bosta).await;
    let admin = app.account_token(Role::Admin, "01012395021").await;
    let seeds = app.add_product(&admin, "Cress seeds", 20, 10, 100).await;
    let placed = confirmed_guest_order(&app, &admin, seeds, 2, "01112395021").await;
    let (id, number) = (placed["data"]["id"].as_i64().unwrap(), placed["data"]["number"].as_str().unwrap().to_string());
    assert_eq!(placed["data"]["can_cancel"], true);
    bosta
        .mock_async(|when, then| {
            when.method(POST).path("/api/v2/deliveries");
            then.status(201).json_body(json!({"success": true, "data": {"trackingNumber": "7055555"}}));
        })
        .await;
    assert_eq!(app.post(&format!("dashboard/guest-orders/{id}/shipment"), json!({"courier": "bosta"}), Some(&admin)).await.status(), 200);
    let tracked = json_of(app.get(&format!("guest-orders/track?number={number}&phone=01112395021"), None).await).await;
    assert_eq!(tracked["data"]["can_cancel"], false, "handed to the courier, the buyer calls the shop to cancel");
    let status = format!("dashboard/guest-orders/{id}/status");
    let cancel = || app.post(&status, json!({"status": "cancelled"}), Some(&admin));

    let down = bosta
        .mock_async(|when, then| {
            when.method(DELETE).path("/api/v2/deliveries/business/7055555/terminate");
            then.status(503);
        })
        .await;
    assert_eq!(cancel().await.status(), 502, "Bosta could not call the parcel off: it would still be collected");
    let order = guest_order(&app, &admin, id).await;
    assert_eq!((order["data"]["status"].as_str(), order["data"]["shipment"]["state"].as_str()), (Some("new"), Some("created")));
    assert_eq!(app.stock(seeds), 8);
    down.delete_async().await;

    let terminated = bosta
        .mock_async(|when, then| {
            when.method(DELETE).path("/api/v2/deliveries/business/7055555/terminate").header("authorization", "bosta-key");
            then.status(200).json_body(json!({"success": true}));
        })
        .await;
    assert_eq!(cancel().await.status(), 200);
    terminated.assert_async().await;
    let order = guest_order(&app, &admin, id).await;
    assert_eq!((order["data"]["status"].as_str(), order["data"]["shipment"]["state"].as_str()), (Some("cancelled"), Some("cancelled")));
    assert_eq!(app.stock(seeds), 10, "the units are back");
}

#[actix_web::test]
async fn staff_ask_bosta_for_a_state_its_webhook_never_sent_and_the_order_moves_once() {
    let bosta = MockServer::start_async().await;
    let app = shop_with_bosta(&bosta).await;
    let admin = app.account_token(Role::Admin, "01012395031").await;
    let seeds = app.add_product(&admin, "Dill seeds", 20, 10, 100).await;
    let id = confirmed_guest_order(&app, &admin, seeds, 1, "01112395031").await["data"]["id"].as_i64().unwrap();
    let refresh = format!("dashboard/guest-orders/{id}/shipment/refresh");
    let early = json_of(app.post(&refresh, json!({}), Some(&admin)).await).await;
    assert_eq!(early["errors"]["courier"][0], "This order has not been handed to a courier.");
    bosta
        .mock_async(|when, then| {
            when.method(POST).path("/api/v2/deliveries");
            then.status(201).json_body(json!({"success": true, "data": {"trackingNumber": "7066666"}}));
        })
        .await;
    assert_eq!(app.post(&format!("dashboard/guest-orders/{id}/shipment"), json!({"courier": "bosta"}), Some(&admin)).await.status(), 200);
    bosta
        .mock_async(|when, then| {
            when.method(GET).path("/api/v2/deliveries/business/7066666").header("authorization", "bosta-key");
            then.status(200)
                .json_body(json!({"success": true, "data": {"state": {"code": 45, "value": "Delivered"}, "cod": 70, "updatedAt": "2026-11-27T10:00:00Z"}}));
        })
        .await;
    for _ in 0..2 {
        assert_eq!(app.post(&refresh, json!({}), Some(&admin)).await.status(), 200);
    }
    let order = guest_order(&app, &admin, id).await;
    assert_eq!((order["data"]["status"].as_str(), order["data"]["shipment"]["state"].as_str()), (Some("delivered"), Some("delivered")));
    assert_eq!(order["data"]["shipment"]["collected"].as_f64(), Some(70.0));
    assert_eq!(order["data"]["shipment"]["events"].as_array().unwrap().len(), 1, "the same state asked twice is kept once");
    let deliveries = order["data"]["history"].as_array().unwrap().iter().filter(|change| change["to"] == "delivered").count();
    assert_eq!(deliveries, 1);
}

#[actix_web::test]
async fn staff_hand_a_parcel_to_their_own_courier_with_its_tracking_number() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012395021").await;
    let couriers = json_of(app.get("dashboard/couriers", Some(&admin)).await).await;
    assert_eq!(couriers["data"], json!(["manual"]), "no Bosta account, no Bosta");
    let seeds = app.add_product(&admin, "Bean seeds", 20, 10, 100).await;
    let id = confirmed_guest_order(&app, &admin, seeds, 1, "01112395021").await["data"]["id"].as_i64().unwrap();

    let path = format!("dashboard/guest-orders/{id}/shipment");
    let unbooked = app.post(&path, json!({"courier": "bosta"}), Some(&admin)).await;
    assert_eq!(unbooked.status(), 422);
    let wrong = json_of(app.post(&path, json!({"courier": "manual", "courier_name": " ", "tracking": "a b"}), Some(&admin)).await).await;
    assert_eq!(wrong["errors"]["courier_name"][0].as_str().map(str::is_empty), Some(false), "{wrong}");
    let handed = json_of(app.post(&path, json!({"courier": "manual", "courier_name": "Mahmoud's van", "tracking": "kfs-١٢٣"}), Some(&admin)).await).await;
    assert_eq!(handed["data"]["status"], "on_delivery", "with the courier at once");
    assert_eq!(handed["data"]["shipment"]["courier_name"], "Mahmoud's van");
    assert_eq!(handed["data"]["shipment"]["tracking"], "KFS-123");
    assert_eq!(app.get(&format!("dashboard/guest-orders/{id}/airway-bill"), Some(&admin)).await.status(), 404, "their own courier prints its own");
    assert_eq!(webhook(&app, Some(SECRET), json!({"trackingNumber": "KFS-123", "state": 45, "timeStamp": 1})).await.status(), 404, "no account, no webhook");
}

#[actix_web::test]
async fn cash_with_couriers_is_their_delivered_parcels_until_a_remittance_settles_them_once() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012395031").await;
    let seeds = app.add_product(&admin, "Melon seeds", 50, 10, 100).await;
    let mut orders = Vec::new();
    for phone in ["01112395031", "01112395032", "01112395033"] {
        let placed = confirmed_guest_order(&app, &admin, seeds, 1, phone).await;
        let id = placed["data"]["id"].as_i64().unwrap();
        let tracking = format!("V-{}", &phone[7..]);
        let handed = app
            .post(&format!("dashboard/guest-orders/{id}/shipment"), json!({"courier": "manual", "courier_name": "Said", "tracking": tracking}), Some(&admin))
            .await;
        assert_eq!(handed.status(), 200);
        orders.push((id, placed["data"]["total"].as_f64().unwrap()));
    }
    for (id, _) in &orders[..2] {
        let delivered = app.post(&format!("dashboard/guest-orders/{id}/status"), json!({"status": "delivered"}), Some(&admin)).await;
        assert_eq!(delivered.status(), 200);
    }
    let cash = json_of(app.get("dashboard/courier-cash", Some(&admin)).await).await;
    let said = &cash["data"][0];
    assert_eq!((said["courier"].as_str(), said["courier_name"].as_str()), (Some("manual"), Some("Said")));
    assert_eq!(said["total"].as_f64(), Some(orders[0].1 + orders[1].1), "only the delivered parcels: {cash}");
    assert_eq!(said["parcels"].as_array().unwrap().len(), 2);

    let remit = |ids: Vec<i64>, amount: &str| {
        app.post("dashboard/courier-cash/remittances", json!({"courier": "manual", "courier_name": "Said", "amount": amount, "order_ids": ids}), Some(&admin))
    };
    let undelivered = remit(vec![orders[0].0, orders[2].0], "100").await;
    assert_eq!(undelivered.status(), 422, "a parcel not delivered yet is not settled");
    assert_eq!(json_of(app.get("dashboard/courier-cash", Some(&admin)).await).await["data"][0]["parcels"].as_array().unwrap().len(), 2, "nothing kept");
    assert_eq!(remit(vec![orders[0].0], "0").await.status(), 422, "an amount above zero");

    let paid = remit(vec![orders[0].0], "49.50").await;
    assert_eq!(paid.status(), 201);
    let paid = json_of(paid).await;
    assert_eq!(paid["message"], "The courier's payment is recorded.");
    assert_eq!(paid["data"][0]["total"].as_f64(), Some(orders[1].1), "what is left with Said: {paid}");
    assert_eq!(remit(vec![orders[0].0], "49.50").await.status(), 422, "a parcel is settled once");
    assert_eq!(remit(vec![orders[1].0], "50").await.status(), 201);
    assert_eq!(json_of(app.get("dashboard/courier-cash", Some(&admin)).await).await["data"], json!([]));
}

#[actix_web::test]
async fn a_burst_of_wrong_bosta_secrets_meets_429_and_the_right_secret_is_never_slowed() {
    let bosta = MockServer::start_async().await;
    let app = shop_with_bosta(&bosta).await;
    let unknown_parcel = json!({"trackingNumber": "0000000", "state": 24, "timeStamp": 1_795_000_000_000_i64});
    for attempt in 1..=20 {
        let wrong = webhook(&app, Some("guess"), unknown_parcel.clone()).await;
        assert_eq!(wrong.status(), 401, "wrong secret {attempt} of the burst");
    }
    let limited = webhook(&app, Some("guess"), unknown_parcel.clone()).await;
    assert_eq!(limited.status(), 429, "past 20 wrong secrets a minute");
    let wait: u64 = limited.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert_eq!(webhook(&app, None, unknown_parcel.clone()).await.status(), 429, "no secret at all counts as a wrong one");
    let right = webhook(&app, Some(SECRET), unknown_parcel).await.status();
    assert!(right != 429 && right != 401, "the right secret from the same address is heard: {right}");
}

#[actix_web::test]
async fn what_a_courier_owes_follows_a_partial_delivery_and_a_refused_parcel_owes_nothing() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012395061").await;
    let beans = app.add_product(&admin, "Bean seeds", 100, 20, 100).await;
    let mut ids = Vec::new();
    for (phone, packs) in [("01112395061", 2), ("01112395062", 1)] {
        let placed = confirmed_guest_order(&app, &admin, beans, packs, phone).await;
        let id = placed["data"]["id"].as_i64().unwrap();
        let handed = app
            .post(
                &format!("dashboard/guest-orders/{id}/shipment"),
                json!({"courier": "manual", "courier_name": "Said", "tracking": format!("S-{phone}")}),
                Some(&admin),
            )
            .await;
        assert_eq!(handed.status(), 200);
        ids.push(id);
    }
    let (partly, refused) = (ids[0], ids[1]);
    let before = guest_order(&app, &admin, partly).await["data"]["total"].as_f64().unwrap();
    let body = json!({"items": [{"id": beans, "quantity": 1}], "reason": "one pack torn"});
    assert_eq!(app.post(&format!("dashboard/guest-orders/{partly}/partial-delivery"), body, Some(&admin)).await.status(), 200);
    assert_eq!(app.post(&format!("dashboard/guest-orders/{refused}/refusal"), json!({"reason": "refused at the door"}), Some(&admin)).await.status(), 200);

    let order = guest_order(&app, &admin, partly).await;
    let total = order["data"]["total"].as_f64().unwrap();
    assert!(total < before, "the order's total fell with the refused pack: {before} → {total}");
    let shipment = &order["data"]["shipment"];
    assert_eq!((shipment["cod"].as_f64(), shipment["collected"].as_f64()), (Some(total), Some(total)), "the courier box: {shipment}");

    let cash = json_of(app.get("dashboard/courier-cash", Some(&admin)).await).await;
    let said = &cash["data"][0];
    assert_eq!(said["parcels"].as_array().unwrap().len(), 1, "the refused parcel owes nothing: {cash}");
    let parcel = &said["parcels"][0];
    assert_eq!(parcel["order_id"], partly);
    assert_eq!((parcel["amount"].as_f64(), parcel["collected"].as_f64(), parcel["mismatch"].as_bool()), (Some(total), Some(total), Some(false)));
    assert_eq!(said["total"].as_f64(), Some(total), "never the total before the partial delivery");
}
