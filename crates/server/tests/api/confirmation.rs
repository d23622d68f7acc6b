//! Cash on delivery's first step (issue 39): a placed order awaits its buyer's confirmation —
//! a signed link by SMS, or staff's call — unless the shop trusts it, and cancels itself, its
//! stock given back, when nobody confirms it in time.

use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app, spawn_app_with};

fn guest(product: i64, quantity: i64, phone: &str) -> Value {
    json!({"name": "Mona", "phone": phone, "address": "Farm road", "city_id": 2, "items": [{"id": product, "quantity": quantity}]})
}

/// The link's token in the SMS sent to `phone` (`+20…`), once it is out.
async fn texted_token(app: &TestApp, phone: &str) -> String {
    let outbox = app.outbox_when(|messages| messages.iter().any(|message| message["to"] == phone)).await;
    let body = outbox.iter().find(|message| message["to"] == phone).unwrap()["body"].as_str().unwrap().to_string();
    body.rsplit("/confirm/").next().unwrap().to_string()
}

#[actix_web::test]
async fn a_guest_confirms_once_with_the_link_texted_to_them_and_only_their_own_order() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012392001").await;
    let product = app.add_product(&admin, "Clover seeds", 50, 10, 500).await;
    let placed = json_of(app.guest_checkout(&guest(product, 1, "01112392001"), None).await).await;
    assert_eq!(placed["data"]["confirmation"]["state"], "awaiting", "{placed}");
    assert!(placed["data"]["confirmation"]["confirm_by"].is_string(), "the success page's deadline: {placed}");
    let offered = placed["confirmation_url"].as_str().unwrap().to_string();
    let token = texted_token(&app, "+201112392001").await;
    assert!(offered.ends_with(&format!("/confirm/{token}")), "the success page offers the link the SMS carries: {offered}");
    let id = placed["data"]["id"].as_i64().unwrap();
    let other = json_of(app.guest_checkout(&guest(product, 1, "01112392002"), None).await).await;
    let other_id = other["data"]["id"].as_i64().unwrap();

    let forged = token.replacen(&id.to_string(), &other_id.to_string(), 1);
    assert_eq!(app.post(&format!("order-confirmations/{forged}"), json!({}), None).await.status(), 404, "another order's id under this signature");
    let confirmed = app.request(Method::POST, &format!("order-confirmations/{token}"), None, "ar").send().await.unwrap();
    assert_eq!(confirmed.status(), 200);
    let confirmed = json_of(confirmed).await;
    assert_eq!((confirmed["data"]["confirmation"]["state"].as_str(), confirmed["data"]["confirmation"]["via"].as_str()), (Some("confirmed"), Some("link")));
    assert_eq!(app.post(&format!("order-confirmations/{token}"), json!({}), None).await.status(), 404, "a link works once");

    let staff = json_of(app.get(&format!("dashboard/guest-orders/{id}"), Some(&admin)).await).await;
    assert_eq!(staff["data"]["confirmation"]["via"], "link", "staff see how it was confirmed: {staff}");
    let still = json_of(app.get(&format!("dashboard/guest-orders/{other_id}"), Some(&admin)).await).await;
    assert_eq!(still["data"]["confirmation"]["state"], "awaiting");

    let ids = |list: &Value| list["data"].as_array().unwrap().iter().map(|order| order["id"].as_i64().unwrap()).collect::<Vec<_>>();
    let awaiting = json_of(app.get("dashboard/guest-orders?confirmation=awaiting", Some(&admin)).await).await;
    assert_eq!(ids(&awaiting), [other_id], "the list of those to call: {awaiting}");
    let tabs = |list: &Value| (list["counts"]["awaiting"].as_u64(), list["counts"]["new"].as_u64(), list["meta"]["total"].as_u64());
    assert_eq!(tabs(&awaiting), (Some(1), Some(2), Some(1)), "the tabs count the whole list, the page only those awaiting: {awaiting}");
    let searched = json_of(app.get("dashboard/guest-orders?confirmation=awaiting&search=Mona", Some(&admin)).await).await;
    assert_eq!(ids(&searched), [other_id], "a search keeps the filter");
    assert_eq!(tabs(&searched), (Some(1), Some(2), Some(1)), "and counts as the list does: {searched}");
    let delivering = json_of(app.get("dashboard/guest-orders?confirmation=awaiting&status=on_delivery", Some(&admin)).await).await;
    assert_eq!((ids(&delivering).len(), tabs(&delivering)), (0, (Some(1), Some(2), Some(0))), "none awaits on its way: {delivering}");
    let everything = json_of(app.get("dashboard/guest-orders?status=new", Some(&admin)).await).await;
    assert_eq!(ids(&everything).len(), 2);
    let wrong = app.get("dashboard/guest-orders?confirmation=maybe", Some(&admin)).await;
    assert_eq!(wrong.status(), 422);
    assert_eq!(json_of(wrong).await["errors"]["confirmation"][0], "Choose one of the listed values.");
}

#[actix_web::test]
async fn staff_confirm_after_the_call_once_and_a_sales_engineers_or_trusted_clients_order_needs_none() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012392011").await;
    let product = app.add_product(&admin, "Wheat seeds", 40, 50, 500).await;
    let id = json_of(app.guest_checkout(&guest(product, 1, "01112392011"), None).await).await["data"]["id"].as_i64().unwrap();

    let confirm = |body: Value, lang: &'static str| {
        let request = app.request(Method::POST, &format!("dashboard/guest-orders/{id}/confirm"), Some(&admin), lang).json(&body);
        async move { request.send().await.unwrap() }
    };
    let wrong = confirm(json!({"via": "link"}), "en").await;
    assert_eq!(wrong.status(), 422);
    assert_eq!(json_of(wrong).await["errors"]["via"][0], "Choose one of the listed values.");
    let done = json_of(confirm(json!({"via": "call"}), "en").await).await;
    assert_eq!(done["message"], "The order is confirmed.");
    assert_eq!(done["data"]["confirmation"]["via"], "call");
    assert!(done["data"]["confirmation"]["by"].as_i64().is_some(), "who confirmed it: {done}");
    let story = &done["data"]["story"];
    let kinds: Vec<&str> = story.as_array().unwrap().iter().map(|line| line["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["order.created", "order.confirmed"], "the order's story: {story}");
    assert_eq!((story[1]["text"].as_str(), story[1]["name"].is_string()), (Some("Confirmed on a call"), true), "how and by whom: {story}");
    assert!(story[0]["text"].as_str().unwrap().starts_with("Placed, EGP "), "{story}");
    let again = confirm(json!({"via": "whatsapp"}), "ar").await;
    assert_eq!(again.status(), 422);
    assert_eq!(json_of(again).await["errors"]["order"][0], "هذا الطلب لا ينتظر التأكيد.");

    // A client with two delivered orders is trusted.
    let client = app.account_token(Role::Customer, "01012392012").await;
    let (mut vias, mut last) = (Vec::new(), 0);
    for _ in 0..3 {
        assert_eq!(app.add_to_cart(&client, product, json!(1)).await.status(), 200);
        let order = json_of(app.checkout(&client, json!({"address": "Farm road", "city_id": 2, "type": "self"}), None).await).await;
        let id = order["data"]["id"].as_i64().unwrap();
        last = id;
        vias.push(order["data"]["confirmation"]["via"].as_str().unwrap_or("awaiting").to_string());
        for status in ["on_delivery", "delivered"] {
            assert_eq!(app.post(&format!("dashboard/orders/{id}/status"), json!({"status": status}), Some(&admin)).await.status(), 200);
        }
    }
    assert_eq!(vias, ["awaiting", "awaiting", "trusted"]);
    let history = json_of(app.get(&format!("dashboard/orders/{last}"), Some(&admin)).await).await["data"]["phone_history"].clone();
    assert_eq!(
        history,
        json!({"orders": 3, "delivered": 3, "cancelled": 0, "never_confirmed": 0, "refused": 0, "not_ordered": 0, "band": "trusted", "band_by_rules": "trusted", "band_override": null})
    );
    let listed = json_of(app.get("dashboard/orders", Some(&admin)).await).await;
    assert!(listed["data"][0].get("phone_history").is_none(), "read for one order's page, not for lists");
}

#[actix_web::test]
async fn an_order_nobody_confirms_in_time_cancels_itself_and_gives_its_stock_back_once() {
    let app = spawn_app_with(|settings| settings.orders.confirm_within_hours = 2.0 / 3600.0).await;
    let admin = app.account_token(Role::Admin, "01012392021").await;
    let product = app.add_product(&admin, "Onion seeds", 30, 5, 200).await;
    let forgotten = json_of(app.guest_checkout(&guest(product, 2, "01112392021"), None).await).await;
    let confirmed = json_of(app.guest_checkout(&guest(product, 1, "01112392022"), None).await).await;
    let token = confirmed["confirmation_url"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    assert_eq!(app.post(&format!("order-confirmations/{token}"), json!({}), None).await.status(), 200);
    assert_eq!(app.stock(product), 2);

    let id = forgotten["data"]["id"].as_i64().unwrap();
    let mut status = String::new();
    for _ in 0..100 {
        status = json_of(app.get(&format!("dashboard/guest-orders/{id}"), Some(&admin)).await).await["data"]["status"].as_str().unwrap().to_string();
        if status == "cancelled" {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(status, "cancelled", "nobody confirmed it within two seconds");
    let order = json_of(app.get(&format!("dashboard/guest-orders/{id}"), Some(&admin)).await).await;
    assert_eq!(order["data"]["confirmation"]["state"], "none");
    assert_eq!(order["data"]["history"].as_array().unwrap().last().unwrap()["note"], "not confirmed in time");
    assert_eq!(
        order["data"]["phone_history"],
        json!({"orders": 1, "delivered": 0, "cancelled": 1, "never_confirmed": 1, "refused": 0, "not_ordered": 0, "band": "confirm_by_call", "band_by_rules": "confirm_by_call", "band_override": null}),
        "staff weigh the phone's next order by it"
    );
    actix_web::rt::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(app.stock(product), 4, "its two units back, once; the confirmed order keeps its unit");
    let told = app.outbox_when(|messages| messages.iter().filter(|message| message["to"] == "+201112392021").count() >= 2).await;
    let told: Vec<&str> = told.iter().filter(|message| message["to"] == "+201112392021").map(|message| message["body"].as_str().unwrap()).collect();
    assert_eq!(
        told[1],
        format!("Mahsoul: order {} was cancelled, not confirmed in time.", forgotten["data"]["number"].as_str().unwrap()),
        "the buyer hears why"
    );
    let kept = json_of(app.get(&format!("dashboard/guest-orders/{}", confirmed["data"]["id"]), Some(&admin)).await).await;
    assert_eq!(kept["data"]["status"], "new", "a confirmed order waits for staff as long as it takes");
}

#[actix_web::test]
async fn the_link_shows_what_it_confirms_and_where_it_stands_and_not_mine_cancels_it_once_without_marking_the_phone() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012392031").await;
    let product = app.add_product(&admin, "Parsley seeds", 40, 10, 200).await;
    let placed = json_of(app.guest_checkout(&guest(product, 2, "01112392031"), None).await).await;
    let token = texted_token(&app, "+201112392031").await;
    let page = || async { app.request(Method::GET, &format!("order-confirmations/{token}"), None, "ar").send().await.unwrap() };

    // Opening the link (a preview does) shows the order and changes nothing.
    let shown = json_of(page().await).await["data"].clone();
    assert_eq!((shown["number"].clone(), shown["state"].as_str()), (placed["data"]["number"].clone(), Some("awaiting")), "{shown}");
    assert_eq!(shown["lines"], json!([{"name": "Parsley seeds بالعربية", "quantity": 2}]), "in the request's language");
    assert_eq!(shown["total"], placed["data"]["total"]);
    assert_eq!(shown["address"], "Farm•••", "the address masked: anybody may read the SMS");
    assert!(shown["confirm_by"].as_str().unwrap() > placed["data"]["created_at"].as_str().unwrap(), "the deadline: {shown}");
    assert_eq!(app.stock(product), 8);
    assert_eq!(json_of(page().await).await["data"]["state"], "awaiting", "opened twice, still waiting");

    // "I did not order this": cancelled, the stock back once, the phone not marked.
    let disowned = app.post(&format!("order-confirmations/{token}/not-mine"), json!({}), None).await;
    assert_eq!(disowned.status(), 200);
    assert_eq!(json_of(disowned).await["data"]["state"], "not_ordered");
    assert_eq!(app.stock(product), 10, "the two units are back");
    assert_eq!(app.post(&format!("order-confirmations/{token}/not-mine"), json!({}), None).await.status(), 404, "once");
    assert_eq!(app.post(&format!("order-confirmations/{token}"), json!({}), None).await.status(), 404, "nor confirmed after");
    assert_eq!(app.stock(product), 10, "still once");
    assert_eq!(json_of(page().await).await["data"]["state"], "not_ordered", "opened again, the page says what became of it");

    let id = placed["data"]["id"].as_i64().unwrap();
    let order = json_of(app.get(&format!("dashboard/guest-orders/{id}"), Some(&admin)).await).await["data"].clone();
    assert_eq!(order["history"].as_array().unwrap().last().unwrap()["note"], "not ordered by the phone's owner");
    let record = &order["phone_history"];
    assert_eq!((record["not_ordered"].as_u64(), record["never_confirmed"].as_u64(), record["band"].as_str()), (Some(1), Some(0), Some("normal")), "{record}");

    // A confirmed order's link says so.
    let kept = json_of(app.guest_checkout(&guest(product, 1, "01112392032"), None).await).await;
    let kept_token = kept["confirmation_url"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    assert_eq!(app.post(&format!("order-confirmations/{kept_token}"), json!({}), None).await.status(), 200);
    let kept_page = json_of(app.get(&format!("order-confirmations/{kept_token}"), None).await).await;
    assert_eq!(kept_page["data"]["state"], "confirmed");
    assert_eq!(app.post(&format!("order-confirmations/{kept_token}/not-mine"), json!({}), None).await.status(), 404, "a confirmed order is not disowned");
    assert_eq!(app.get(&format!("order-confirmations/{}", "1-forged"), None).await.status(), 404);
    assert_eq!(app.get(&format!("order-confirmations/{}", "9".repeat(61)), None).await.status(), 404);
}

#[actix_web::test]
async fn a_client_sees_the_deadline_and_confirms_from_their_history_once_and_only_their_own_order() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012392041").await;
    let product = app.add_product(&admin, "Coriander seeds", 20, 10, 100).await;
    let client = app.account_token(Role::Customer, "01012392042").await;
    app.add_to_cart(&client, product, json!(1)).await;
    let placed = json_of(app.checkout(&client, json!({"address": "12 Nile St", "city_id": 1, "type": "self"}), None).await).await;
    let deadline = placed["data"]["confirmation"]["confirm_by"].as_str().unwrap_or_else(|| panic!("the success page's deadline: {placed}")).to_string();
    assert!(deadline.as_str() > placed["data"]["created_at"].as_str().unwrap());
    assert!(placed["confirmation_url"].is_string(), "a client may confirm at once too");
    let id = placed["data"]["id"].as_i64().unwrap();
    let listed = json_of(app.get("orders", Some(&client)).await).await;
    assert_eq!(
        (listed["data"][0]["confirmation"]["state"].as_str(), listed["data"][0]["confirmation"]["confirm_by"].as_str()),
        (Some("awaiting"), Some(deadline.as_str()))
    );

    let stranger = app.account_token(Role::Customer, "01012392043").await;
    assert_eq!(app.post(&format!("orders/{id}/confirm"), json!({}), Some(&stranger)).await.status(), 404, "another client's order");
    let confirmed = app.post(&format!("orders/{id}/confirm"), json!({}), Some(&client)).await;
    assert_eq!(confirmed.status(), 200);
    let confirmed = json_of(confirmed).await;
    assert_eq!((confirmed["data"]["confirmation"]["state"].as_str(), confirmed["data"]["confirmation"]["via"].as_str()), (Some("confirmed"), Some("link")));
    assert!(confirmed["data"]["confirmation"].get("confirm_by").is_none(), "no deadline once confirmed");
    assert_eq!(
        (confirmed["data"]["status"].as_str(), confirmed["data"]["status_label"].as_str()),
        (Some("new"), Some("Confirmed, being prepared")),
        "the buyer reads it confirmed"
    );
    assert_eq!(app.post(&format!("orders/{id}/confirm"), json!({}), Some(&client)).await.status(), 404, "once");
    let staff = json_of(app.get(&format!("dashboard/orders/{id}"), Some(&admin)).await).await;
    assert!(staff["data"]["confirmation"].get("confirm_by").is_none(), "the deadline is the buyer's answer's: {staff}");
}
