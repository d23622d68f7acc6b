//! Integrators over HTTP, on both databases: API keys acting within their scopes, and webhooks
//! sent to a receiver the test starts on loopback — signed as the Standard Webhooks reference
//! library checks, in version order, retried with the same id, sent once by two nodes, held
//! back from a disabled endpoint until a replay, and refused inside the shop's network.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use actix_web::{App, HttpRequest, HttpResponse, HttpServer};
use identity::Role;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app, spawn_app_with};

/// What a receiver was sent.
#[derive(Clone)]
struct Received {
    headers: http::HeaderMap,
    body: String,
}

impl Received {
    fn id(&self) -> String {
        self.headers["webhook-id"].to_str().unwrap().to_string()
    }

    fn event(&self) -> Value {
        serde_json::from_str(&self.body).unwrap()
    }
}

/// A receiver on loopback answering the statuses of its script in turn, then 200.
struct Receiver {
    url: String,
    got: Arc<Mutex<Vec<Received>>>,
}

impl Receiver {
    async fn start(script: &[u16]) -> Receiver {
        let got = Arc::new(Mutex::new(Vec::new()));
        let script = Arc::new(Mutex::new(script.iter().copied().collect::<VecDeque<u16>>()));
        let (kept, answers) = (got.clone(), script.clone());
        let server = HttpServer::new(move || {
            let (kept, answers) = (kept.clone(), answers.clone());
            App::new().default_service(actix_web::web::to(move |request: HttpRequest, body: Bytes| {
                let (kept, answers) = (kept.clone(), answers.clone());
                async move {
                    let mut headers = http::HeaderMap::new();
                    for (name, value) in request.headers() {
                        headers
                            .insert(http::HeaderName::from_bytes(name.as_str().as_bytes()).unwrap(), http::HeaderValue::from_bytes(value.as_bytes()).unwrap());
                    }
                    kept.lock().unwrap().push(Received { headers, body: String::from_utf8(body.to_vec()).unwrap() });
                    let status = answers.lock().unwrap().pop_front().unwrap_or(200);
                    HttpResponse::build(StatusCode::from_u16(status).unwrap()).body("thanks, token abcdefghijklmnopqrstuvwxyz123456")
                }
            }))
        })
        .workers(1)
        .bind(("127.0.0.1", 0))
        .unwrap();
        let port = server.addrs()[0].port();
        actix_web::rt::spawn(server.run());
        Receiver { url: format!("http://127.0.0.1:{port}/hooks"), got }
    }

    fn received(&self) -> Vec<Received> {
        self.got.lock().unwrap().clone()
    }

    /// What it was sent once `enough` holds of it, or after 15 seconds.
    async fn when(&self, enough: impl Fn(&[Received]) -> bool) -> Vec<Received> {
        for _ in 0..300 {
            let received = self.received();
            if enough(&received) {
                return received;
            }
            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        }
        self.received()
    }
}

/// Adds an endpoint for `events`; answers its id and secret.
async fn add_endpoint(app: &TestApp, admin: &str, url: &str, events: &[&str]) -> (i64, String) {
    let added = app.post("dashboard/webhooks", json!({"url": url, "events": events}), Some(admin)).await;
    assert_eq!(added.status(), 201);
    let added = json_of(added).await;
    assert!(added["secret"].as_str().unwrap().starts_with("whsec_"));
    (added["data"]["id"].as_i64().unwrap(), added["secret"].as_str().unwrap().to_string())
}

/// A guest's order of two units; answers its id.
async fn guest_order(app: &TestApp, product: i64, phone: &str) -> i64 {
    let body = json!({"name": "Mona", "phone": phone, "address": "Farm road", "city_id": 2, "items": [{"id": product, "quantity": 2}]});
    let placed = app.guest_checkout(&body, None).await;
    assert_eq!(placed.status(), 201);
    json_of(placed).await["data"]["id"].as_i64().unwrap()
}

async fn move_to(app: &TestApp, admin: &str, id: i64, status: &str) {
    let moved = app.post(&format!("dashboard/guest-orders/{id}/status"), json!({"status": status}), Some(admin)).await;
    assert_eq!(moved.status(), 200, "to {status}");
}

/// Lets a delivery's retry fall due now, as if its wait had passed.
fn retry_now(app: &TestApp) {
    use diesel::prelude::*;
    use store::schema::webhook_deliveries;
    let conn = &mut *app.database().conn().unwrap();
    let past = (chrono::Utc::now() - chrono::Duration::seconds(1)).naive_utc();
    diesel::update(webhook_deliveries::table.filter(webhook_deliveries::state.eq("pending")))
        .set(webhook_deliveries::next_attempt_at.eq(past))
        .execute(conn)
        .unwrap();
}

#[actix_web::test]
async fn an_orders_life_arrives_as_signed_events_in_version_order() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012344101").await;
    let seeds = app.add_product(&admin, "Webhook seeds", 40, 20, 250).await;
    let receiver = Receiver::start(&[]).await;
    let every = ["order.created", "order.status_changed", "order.cancelled", "order.lines_changed"];
    let (_, secret) = add_endpoint(&app, &admin, &receiver.url, &every).await;

    let order = guest_order(&app, seeds, "01012344102").await;
    move_to(&app, &admin, order, "on_delivery").await;
    move_to(&app, &admin, order, "delivered").await;
    let got = receiver.when(|got| got.len() >= 3).await;

    let events: Vec<Value> = got.iter().map(Received::event).collect();
    let kinds: Vec<&str> = events.iter().map(|event| event["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["order.created", "order.status_changed", "order.status_changed"]);
    let versions: Vec<i64> = events.iter().map(|event| event["version"].as_i64().unwrap()).collect();
    assert!(versions.windows(2).all(|pair| pair[0] < pair[1]), "in version order: {versions:?}");
    assert_eq!(events[1]["data"]["change"]["to"], "on_delivery");
    let shown = json_of(app.get(&format!("dashboard/guest-orders/{order}"), Some(&admin)).await).await;
    assert_eq!(events[0]["data"]["order"]["number"], shown["data"]["number"], "the order in the API's shape");
    assert_eq!(events[2]["data"]["order"]["status"], "delivered");
    for (received, event) in got.iter().zip(&events) {
        assert_eq!(received.id(), event["id"].as_str().unwrap(), "webhook-id is the event's id");
        let reference = standardwebhooks::Webhook::new(&secret).unwrap();
        assert!(reference.verify(received.body.as_bytes(), &received.headers).is_ok(), "the reference library accepts the signature");
    }
    // A signature made with another secret is not what the shop sends.
    let (_, other) = add_endpoint(&app, &admin, &format!("{}/other", receiver.url), &["order.created"]).await;
    let stranger = standardwebhooks::Webhook::new(&other).unwrap();
    assert!(stranger.verify(got[0].body.as_bytes(), &got[0].headers).is_err());
    let mut tampered = got[0].headers.clone();
    let sent_at: i64 = got[0].headers["webhook-timestamp"].to_str().unwrap().parse().unwrap();
    tampered.insert("webhook-timestamp", http::HeaderValue::from(sent_at - 1));
    assert!(standardwebhooks::Webhook::new(&secret).unwrap().verify(got[0].body.as_bytes(), &tampered).is_err(), "the timestamp is signed");
}

#[actix_web::test]
async fn a_receiver_failing_twice_gets_the_same_event_three_times_and_a_410_turns_it_off() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012344201").await;
    let seeds = app.add_product(&admin, "Retried seeds", 40, 20, 250).await;
    let receiver = Receiver::start(&[500, 500, 200]).await;
    let (endpoint, _) = add_endpoint(&app, &admin, &receiver.url, &["order.created"]).await;

    guest_order(&app, seeds, "01012344202").await;
    receiver.when(|got| !got.is_empty()).await;
    let log = json_of(app.get(&format!("dashboard/webhooks/{endpoint}/deliveries"), Some(&admin)).await).await;
    assert_eq!(log["data"][0]["state"], "pending");
    let next = log["data"][0]["next_attempt_at"].as_str().unwrap().parse::<chrono::DateTime<chrono::Utc>>().unwrap();
    assert!(next > chrono::Utc::now() + chrono::Duration::seconds(50), "the first retry waits a minute");
    for seen in [2, 3] {
        retry_now(&app);
        receiver.when(|got| got.len() >= seen).await;
    }
    actix_web::rt::time::sleep(Duration::from_millis(300)).await;
    let got = receiver.received();
    assert_eq!(got.len(), 3, "three attempts, no more");
    assert!(got.iter().all(|received| received.id() == got[0].id()), "one webhook-id");
    let log = json_of(app.get(&format!("dashboard/webhooks/{endpoint}/deliveries"), Some(&admin)).await).await;
    let delivery = &log["data"][0];
    assert_eq!(delivery["state"], "sent");
    let outcomes: Vec<&str> = delivery["attempts"].as_array().unwrap().iter().map(|attempt| attempt["outcome"].as_str().unwrap()).collect();
    assert_eq!(outcomes, ["delivered", "retry", "retry"], "newest first");
    assert_eq!(delivery["attempts"][1]["status"], 500);
    assert_eq!(delivery["attempts"][0]["response"], "thanks, token [redacted]", "the answer is kept, redacted");
    assert_eq!(delivery["attempts"][0]["silence"], Value::Null, "an answer is no silence");

    // Resent by hand: the same id once more.
    let resent = app.post(&format!("dashboard/webhooks/{endpoint}/deliveries/{}/resend", delivery["id"]), json!({}), Some(&admin)).await;
    assert_eq!(resent.status(), 202);
    let got = receiver.when(|got| got.len() >= 4).await;
    assert_eq!(got[3].id(), got[0].id());

    // A receiver that is gone turns the endpoint off and tells the admins.
    let gone = Receiver::start(&[410]).await;
    let (dead, _) = add_endpoint(&app, &admin, &gone.url, &["order.created"]).await;
    guest_order(&app, seeds, "01012344203").await;
    gone.when(|got| !got.is_empty()).await;
    let mut endpoint = Value::Null;
    for _ in 0..100 {
        let list = json_of(app.get("dashboard/webhooks", Some(&admin)).await).await;
        endpoint = list["data"].as_array().unwrap().iter().find(|found| found["id"] == dead).unwrap().clone();
        if endpoint["disabled_reason"] == "gone" {
            break;
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!((endpoint["active"].as_bool(), endpoint["disabled_reason"].as_str()), (Some(false), Some("gone")));
    let bell = json_of(app.get("notifications", Some(&admin)).await).await;
    assert!(bell["data"].as_array().unwrap().iter().any(|notice| notice["title"] == "A webhook endpoint was turned off"), "{bell}");
}

#[actix_web::test]
async fn two_nodes_send_each_attempt_once() {
    let app = spawn_app().await;
    let other = app.another_node(0).await;
    let admin = app.account_token(Role::Admin, "01012344301").await;
    let seeds = app.add_product(&admin, "Shared seeds", 40, 100, 250).await;
    let receiver = Receiver::start(&[]).await;
    add_endpoint(&app, &admin, &receiver.url, &["order.created", "order.status_changed"]).await;

    let mut orders = Vec::new();
    for buyer in 0..6 {
        let node = if buyer % 2 == 0 { &app } else { &other };
        orders.push(guest_order(node, seeds, &format!("0101234431{buyer}")).await);
    }
    for &order in &orders {
        move_to(&other, &admin, order, "on_delivery").await;
    }
    let got = receiver.when(|got| got.len() >= 12).await;
    actix_web::rt::time::sleep(Duration::from_millis(500)).await;
    let got = if receiver.received().len() > got.len() { receiver.received() } else { got };
    let mut ids: Vec<String> = got.iter().map(Received::id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!((got.len(), ids.len()), (12, 12), "each event sent once by one of the two nodes");
}

#[actix_web::test]
async fn a_disabled_endpoint_gets_nothing_and_a_replay_sends_what_it_missed() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012344401").await;
    let seeds = app.add_product(&admin, "Missed seeds", 40, 20, 250).await;
    let receiver = Receiver::start(&[]).await;
    let (endpoint, _) = add_endpoint(&app, &admin, &receiver.url, &["order.created"]).await;
    let off =
        app.put(&format!("dashboard/webhooks/{endpoint}"), json!({"url": receiver.url, "events": ["order.created"], "active": false}), Some(&admin)).await;
    assert_eq!(off.status(), 200);
    let before = chrono::Utc::now() - chrono::Duration::seconds(1);

    guest_order(&app, seeds, "01012344402").await;
    actix_web::rt::time::sleep(Duration::from_millis(800)).await;
    assert!(receiver.received().is_empty(), "nothing while off");

    let on = app.put(&format!("dashboard/webhooks/{endpoint}"), json!({"url": receiver.url, "events": ["order.created"], "active": true}), Some(&admin)).await;
    assert_eq!(on.status(), 200);
    let replayed = app.post(&format!("dashboard/webhooks/{endpoint}/replay"), json!({"since": before.to_rfc3339()}), Some(&admin)).await;
    assert_eq!(replayed.status(), 202);
    assert_eq!(json_of(replayed).await["message"], "1 events will be sent again.");
    let got = receiver.when(|got| !got.is_empty()).await;
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].event()["type"], "order.created");
    assert_eq!(app.post(&format!("dashboard/webhooks/{endpoint}/replay"), json!({"since": "someday"}), Some(&admin)).await.status(), 422);

    let tested = app.post(&format!("dashboard/webhooks/{endpoint}/test"), json!({}), Some(&admin)).await;
    assert_eq!(tested.status(), 202);
    let got = receiver.when(|got| got.len() >= 2).await;
    assert_eq!(got[1].event()["type"], "webhook.test");
}

#[actix_web::test]
async fn endpoints_inside_the_shops_network_are_refused_when_development_is_off() {
    let app = spawn_app_with(|settings| settings.integrations.webhooks_allow_private = false).await;
    let admin = app.account_token(Role::Admin, "01012344501").await;
    let receiver = Receiver::start(&[]).await;
    let port = receiver.url.split(':').nth(2).unwrap().split('/').next().unwrap().to_string();
    for url in ["https://169.254.169.254/latest/meta-data", "https://10.0.0.1/hooks", &format!("https://localhost:{port}/hooks")] {
        let refused = app.post("dashboard/webhooks", json!({"url": url, "events": ["order.created"]}), Some(&admin)).await;
        assert_eq!(refused.status(), 422, "{url}");
        assert_eq!(json_of(refused).await["errors"]["url"][0], "This address points inside the shop's own network, which webhooks may not reach.", "{url}");
    }
    let plain = app.post("dashboard/webhooks", json!({"url": "http://erp.example.com/hooks", "events": ["order.created"]}), Some(&admin)).await;
    assert_eq!(json_of(plain).await["errors"]["url"][0], "The address must start with https://.");
    let unknown = app.post("dashboard/webhooks", json!({"url": "https://erp.example.com/", "events": ["order.paid"]}), Some(&admin)).await;
    assert_eq!(unknown.status(), 422);
}

#[actix_web::test]
async fn an_api_key_acts_within_its_scopes_until_revoked_and_at_its_rate() {
    let app = spawn_app_with(|settings| settings.integrations.key_requests_per_minute = 4).await;
    let admin = app.account_token(Role::Admin, "01012344601").await;
    let created = app.post("dashboard/api-keys", json!({"name": "ERP", "scopes": ["order-list", "guest-order-list"]}), Some(&admin)).await;
    assert_eq!(created.status(), 201);
    let created = json_of(created).await;
    let (key, id) = (created["secret"].as_str().unwrap().to_string(), created["data"]["id"].as_i64().unwrap());
    assert!(key.starts_with("mk_") && created["data"]["prefix"].as_str().is_some_and(|prefix| key.starts_with(prefix)));

    assert_eq!(app.get("dashboard/guest-orders", Some(&key)).await.status(), 200, "within its scopes");
    let outside = app.get("dashboard/products", Some(&key)).await;
    assert_eq!(outside.status(), 403, "outside its scopes");
    assert_eq!(app.get("cart", Some(&key)).await.status(), 401, "a key is for the dashboard's API only");
    let keys = json_of(app.get("dashboard/api-keys", Some(&admin)).await).await;
    assert_eq!(keys["data"][0]["request_count"], 2);
    assert!(keys["data"][0]["last_used_at"].is_string());
    assert!(keys["data"][0].get("secret").is_none(), "the secret is shown once");

    app.get("dashboard/guest-orders", Some(&key)).await;
    app.get("dashboard/guest-orders", Some(&key)).await;
    let over = app.get("dashboard/guest-orders", Some(&key)).await;
    assert_eq!(over.status(), 429, "over its rate");
    assert!(over.headers()["retry-after"].to_str().unwrap().parse::<u64>().unwrap() <= 60);

    let sales = app.account_token(Role::Sales, "01012344602").await;
    assert_eq!(
        app.post("dashboard/api-keys", json!({"name": "Mine", "scopes": ["order-list"]}), Some(&sales)).await.status(),
        403,
        "sales hold no integration-create"
    );
    let beyond = app.post("dashboard/api-keys", json!({"name": "Wide", "scopes": ["order-list", "no-such-thing"]}), Some(&admin)).await;
    assert_eq!(beyond.status(), 422);
    let narrow =
        app.post("dashboard/api-keys", json!({"name": "Office only", "scopes": ["order-list"], "allowed_addresses": ["203.0.113.9"]}), Some(&admin)).await;
    let narrow = json_of(narrow).await["secret"].as_str().unwrap().to_string();
    assert_eq!(app.get("dashboard/orders", Some(&narrow)).await.status(), 403, "from an address it does not allow");

    assert_eq!(app.request(reqwest::Method::DELETE, &format!("dashboard/api-keys/{id}"), Some(&admin), "en").send().await.unwrap().status(), 200);
    assert_eq!(app.get("dashboard/guest-orders", Some(&key)).await.status(), 401, "revoked");
    assert_eq!(app.get("dashboard/guest-orders", Some("mk_not-a-key")).await.status(), 401);
}

#[actix_web::test]
async fn products_and_clients_are_sent_as_the_api_shows_them_and_a_stock_at_most_once_a_minute() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012344701").await;
    let receiver = Receiver::start(&[]).await;
    add_endpoint(&app, &admin, &receiver.url, &["product.updated", "product.stock_changed", "client.created"]).await;

    let seeds = app.add_product(&admin, "Watched seeds", 40, 20, 250).await;
    app.register("01012344702", None).await;
    let got = receiver.when(|got| got.len() >= 3).await;
    let of = |kind: &str| got.iter().map(Received::event).filter(|event| event["type"] == kind).collect::<Vec<_>>();
    let updated = of("product.updated");
    assert_eq!(updated.len(), 1);
    let shown = json_of(app.get(&format!("dashboard/products/{seeds}"), Some(&admin)).await).await;
    assert_eq!(updated[0]["data"]["product"], shown["data"], "the product as the API answers it");
    assert_eq!(updated[0]["version"], 1);
    assert_eq!(of("product.stock_changed")[0]["data"]["product"]["quantity"], 20);
    let clients = of("client.created");
    assert_eq!(clients.len(), 1);
    assert_eq!(clients[0]["data"]["client"]["phone"], "01012344702");

    // An order moves the stock again within the minute: no second event yet.
    guest_order(&app, seeds, "01012344703").await;
    actix_web::rt::time::sleep(Duration::from_millis(1200)).await;
    let stock_events = receiver.received().iter().filter(|received| received.event()["type"] == "product.stock_changed").count();
    assert_eq!(stock_events, 1, "at most once a minute per product");

    // Staff change the product: a newer version of it.
    let form = json!({"name_ar": "بذور مراقبة", "name_en": "Watched seeds, new", "price": 45, "quantity": 18, "weight": 250, "weight_unit": "g"});
    assert_eq!(app.put(&format!("dashboard/products/{seeds}"), form, Some(&admin)).await.status(), 200);
    let got = receiver.when(|got| got.iter().filter(|received| received.event()["type"] == "product.updated").count() >= 2).await;
    let latest = got.iter().map(Received::event).rfind(|event| event["type"] == "product.updated").unwrap();
    assert_eq!((latest["version"].as_i64(), latest["data"]["product"]["name_en"].as_str()), (Some(2), Some("Watched seeds, new")));
}

#[actix_web::test]
async fn a_parcel_handed_to_a_courier_is_sent_as_a_shipment_update_with_its_order() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012344801").await;
    let seeds = app.add_product(&admin, "Shipped seeds", 40, 20, 250).await;
    let receiver = Receiver::start(&[]).await;
    add_endpoint(&app, &admin, &receiver.url, &["shipment.updated"]).await;

    let order = guest_order(&app, seeds, "01012344802").await;
    assert_eq!(app.post(&format!("dashboard/guest-orders/{order}/confirm"), json!({"via": "call"}), Some(&admin)).await.status(), 200);
    let handed = json!({"courier": "manual", "courier_name": "Said", "tracking": "V-4802"});
    assert_eq!(app.post(&format!("dashboard/guest-orders/{order}/shipment"), handed, Some(&admin)).await.status(), 200);
    let got = receiver.when(|got| !got.is_empty()).await;
    let event = got[0].event();
    assert_eq!((event["type"].as_str(), event["version"].as_i64()), (Some("shipment.updated"), Some(1)));
    assert_eq!(event["data"]["order"]["id"], order);
    assert_eq!(event["data"]["order"]["shipment"]["tracking"], "V-4802");
    assert!(got.iter().all(|received| received.event()["type"] == "shipment.updated"), "only the kinds it takes");
}
