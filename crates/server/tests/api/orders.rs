//! Checkout and orders over HTTP: the first sale end to end, the buyer's own orders, guest
//! orders tracked by number and phone, and the races the big platforms lose — parallel
//! checkouts for the last units and parallel repeats of one Idempotency-Key.

use futures_util::future::join_all;
use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app};

struct Shop {
    app: TestApp,
    buyer: String,
    seeds: i64,
    soil: i64,
}

/// Mint seeds (40 EGP, 250 g, 5 left) and peat soil (100 EGP, 6 kg, 50 left), and a verified
/// buyer.
async fn shop() -> Shop {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012360001").await;
    let seeds = app.add_product(&admin, "Mint seeds", 40, 5, 250).await;
    let soil = app.add_product(&admin, "Peat soil", 100, 50, 6_000).await;
    let buyer = app.account_token(Role::Customer, "01012360002").await;
    Shop { app, buyer, seeds, soil }
}

/// `base` with the fields of `extra` added or replaced.
fn with(base: Value, extra: Value) -> Value {
    let mut body = base;
    for (name, value) in extra.as_object().unwrap() {
        body[name] = value.clone();
    }
    body
}

fn to_cairo() -> Value {
    json!({"address": "12 Nile St, Dokki", "city_id": 1, "type": "self"})
}

fn guest(items: Value) -> Value {
    json!({"name": "Mona", "phone": "01112345678", "address": "Farm road", "city_id": 2, "items": items})
}

#[actix_web::test]
async fn a_client_buys_the_cart_sees_the_order_and_cancels_it_while_new() {
    let Shop { app, buyer, seeds, soil } = shop().await;
    app.add_to_cart(&buyer, seeds, json!(3)).await;
    app.add_to_cart(&buyer, soil, json!(2)).await;

    let placed = app.checkout(&buyer, with(to_cairo(), json!({"notes": "Call before noon", "expected_total": "385"})), None).await;
    assert_eq!(placed.status(), 201);
    let placed = json_of(placed).await;
    assert_eq!(placed["message"], "Your order has been placed. Our sales team will call you to confirm it.");
    let order = &placed["data"];
    assert!(order["number"].as_str().unwrap().starts_with("MS-20"));
    assert_eq!(
        (order["status"].as_str(), order["status_label"].as_str(), order["source"].as_str(), order["type"].as_str()),
        (Some("new"), Some("New"), Some("web"), Some("self"))
    );
    assert_eq!(
        (order["subtotal"].as_f64(), order["shipping_base"].as_f64(), order["shipping_extra"].as_f64(), order["total"].as_f64()),
        (Some(320.0), Some(50.0), Some(15.0), Some(385.0))
    );
    assert_eq!((order["address"]["city"]["name"].as_str(), order["customer"]["phone"].as_str()), (Some("Cairo"), Some("01012360002")));
    assert_eq!(order["items"].as_array().unwrap().len(), 2);
    assert_eq!(order["can_cancel"], true);
    assert_eq!((app.stock(seeds), app.stock(soil)), (2, 48), "stock taken");
    assert_eq!(json_of(app.cart(&buyer).await).await["data"]["products"], json!([]), "the cart was bought");

    let id = order["id"].as_i64().unwrap();
    let read_back = json_of(app.get(&format!("orders/{id}"), Some(&buyer)).await).await;
    assert_eq!(&read_back["data"], order, "the checkout answers the order as stored");
    let mine = json_of(app.get("orders", Some(&buyer)).await).await;
    assert_eq!((mine["data"][0]["id"].as_i64(), mine["meta"]["total"].as_u64()), (Some(id), Some(1)));
    let arabic = json_of(app.request(Method::GET, &format!("orders/{id}"), Some(&buyer), "ar").send().await.unwrap()).await;
    assert_eq!((arabic["data"]["status_label"].as_str(), arabic["data"]["items"][0]["name"].as_str()), (Some("جديد"), Some("Mint seeds بالعربية")));

    let other = app.account_token(Role::Customer, "01012360003").await;
    assert_eq!(app.get(&format!("orders/{id}"), Some(&other)).await.status(), 404, "another client's order");
    assert_eq!(app.post(&format!("orders/{id}/cancel"), json!({}), Some(&other)).await.status(), 404);
    assert_eq!(json_of(app.get("orders", Some(&other)).await).await["data"], json!([]));

    let cancelled = json_of(app.post(&format!("orders/{id}/cancel"), json!({}), Some(&buyer)).await).await;
    assert_eq!((cancelled["data"]["status"].as_str(), cancelled["data"]["can_cancel"].as_bool()), (Some("cancelled"), Some(false)));
    assert_eq!(cancelled["data"]["history"].as_array().unwrap().len(), 2);
    assert_eq!((app.stock(seeds), app.stock(soil)), (5, 50), "stock given back");
    let again = app.post(&format!("orders/{id}/cancel"), json!({}), Some(&buyer)).await;
    assert_eq!(again.status(), 422);
    assert_eq!(json_of(again).await["message"], "This order can no longer be cancelled.");
    assert_eq!((app.stock(seeds), app.stock(soil)), (5, 50), "given back once");

    app.add_to_cart(&buyer, seeds, json!(1)).await;
    assert_eq!(app.checkout(&buyer, to_cairo(), None).await.status(), 201);
    let statuses = |page: Value| page["data"].as_array().unwrap().iter().map(|order| order["status"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(statuses(json_of(app.get("orders", Some(&buyer)).await).await), ["new", "cancelled"], "newest first");
    let cancelled = json_of(app.get("orders?status=cancelled", Some(&buyer)).await).await;
    assert_eq!((statuses(cancelled.clone()), cancelled["meta"]["total"].as_u64()), (vec!["cancelled".to_string()], Some(1)));
    assert_eq!(statuses(json_of(app.get("orders?status=new", Some(&buyer)).await).await), ["new"]);
    assert_eq!(json_of(app.get("orders?status=delivered", Some(&buyer)).await).await["data"], json!([]));
    let unknown = app.get("orders?status=lost", Some(&buyer)).await;
    assert_eq!(unknown.status(), 422);
    assert!(json_of(unknown).await["errors"]["status"][0].is_string());
}

#[actix_web::test]
async fn checkout_needs_a_verified_client_and_refuses_bad_fields_in_both_languages() {
    let Shop { app, buyer, seeds, .. } = shop().await;
    assert_eq!(app.post("orders/checkout", to_cairo(), None).await.status(), 401);
    let unverified = app.register("01012360004", None).await;
    assert_eq!(app.checkout(&unverified, to_cairo(), None).await.status(), 403);

    let empty = app.checkout(&buyer, to_cairo(), None).await;
    assert_eq!(empty.status(), 422);
    assert_eq!(json_of(empty).await["errors"]["cart"][0], "Your cart is empty.");
    app.add_to_cart(&buyer, seeds, json!(1)).await;

    let errors = json_of(app.checkout(&buyer, json!({"type": "other"}), None).await).await["errors"].clone();
    assert_eq!(errors["address_id"][0], "Address is required");
    assert_eq!(errors["receiver_name"][0], "The receiver's name is required");
    assert_eq!(errors["receiver_phone"][0], "The receiver's phone is required");
    let arabic = app.request(Method::POST, "orders/checkout", Some(&buyer), "ar").json(&json!({"address": "x", "city_id": 1})).send().await.unwrap();
    assert_eq!(json_of(arabic).await["errors"]["type"][0], "نوع الطلب مطلوب");
    let card = json_of(app.checkout(&buyer, with(to_cairo(), json!({"payment_method": "visa"})), None).await).await;
    assert_eq!(card["errors"]["payment_method"][0], "Cash on delivery is the only payment method for now.");
    assert_eq!(app.checkout(&buyer, with(to_cairo(), json!({"type": "neighbour"})), None).await.status(), 422);
    assert_eq!(app.checkout(&buyer, with(to_cairo(), json!({"city_id": 999})), None).await.status(), 422);
    assert_eq!(app.checkout(&buyer, json!({"address_id": 999_999, "type": "self"}), None).await.status(), 422, "not one of the buyer's addresses");

    let changed = app.checkout(&buyer, with(to_cairo(), json!({"expected_total": 10})), None).await;
    assert_eq!(changed.status(), 422);
    assert_eq!(json_of(changed).await["errors"]["expected_total"][0], "The total is now EGP 90.00. Please check the new figures and confirm.");
    assert_eq!((app.order_count(), app.stock(seeds)), (0, 5), "nothing was written");
}

#[actix_web::test]
async fn a_client_checks_out_to_a_saved_address_for_someone_else() {
    let Shop { app, buyer, seeds, .. } = shop().await;
    let address = json_of(app.add_address(&buyer, "Palm farm", json!(2)).await).await["data"]["id"].as_i64().unwrap();
    app.add_to_cart(&buyer, seeds, json!(1)).await;
    let body = json!({"address_id": address, "type": "other", "receiver_name": "Mona", "receiver_phone": "+20 111 234 5678"});
    let order = json_of(app.checkout(&buyer, body, None).await).await["data"].clone();
    assert_eq!((order["type"].as_str(), order["receiver_name"].as_str(), order["receiver_phone"].as_str()), (Some("other"), Some("Mona"), Some("01112345678")));
    assert_eq!((order["address"]["address"].as_str(), order["address"]["city"]["name"].as_str()), (Some("Palm farm"), Some("Giza")));
}

#[actix_web::test]
async fn more_than_is_left_fails_the_whole_order_naming_the_product() {
    let Shop { app, seeds, soil, .. } = shop().await;
    let short = app.guest_checkout(&guest(json!([{"id": soil, "quantity": 1}, {"id": seeds, "quantity": 6}])), None).await;
    assert_eq!(short.status(), 422);
    assert_eq!(json_of(short).await["errors"]["items"][0], "Only 5 left of Mint seeds.");
    assert_eq!((app.order_count(), app.stock(seeds), app.stock(soil)), (0, 5, 50), "nothing was written, not even the soil");
}

#[actix_web::test]
async fn a_guest_orders_and_tracks_the_order_by_number_and_phone_in_any_form() {
    let Shop { app, seeds, soil, .. } = shop().await;
    let placed = app.guest_checkout(&guest(json!([{"id": seeds, "quantity": 2}, {"id": soil, "quantity": 1}, {"id": seeds, "quantity": "1"}])), None).await;
    assert_eq!(placed.status(), 201);
    let placed = json_of(placed).await;
    assert_eq!(placed["message"], "Your order has been placed. Keep its number to track it.");
    let number = placed["data"]["number"].as_str().unwrap().to_string();
    assert_eq!((placed["data"]["source"].as_str(), placed["data"]["items"][0]["quantity"].as_u64()), (Some("guest"), Some(3)));
    assert_eq!(app.stock(seeds), 2);

    for phone in ["01112345678", "+201112345678", "٠١١١٢٣٤٥٦٧٨", "0111 234 5678"] {
        let query = format!("guest-orders/track?number={number}&phone={}", phone.replace('+', "%2B").replace(' ', "%20"));
        let tracked = app.get(&query, None).await;
        assert_eq!(tracked.status(), 200, "{phone}");
        assert_eq!(json_of(tracked).await["data"]["number"], number.as_str());
    }
    let wrong_phone = app.get(&format!("guest-orders/track?number={number}&phone=01099999999"), None).await;
    let wrong_number = app.get("guest-orders/track?number=MS-2026-999999&phone=01112345678", None).await;
    assert_eq!((wrong_phone.status(), wrong_number.status()), (reqwest::StatusCode::NOT_FOUND, reqwest::StatusCode::NOT_FOUND));
    assert_eq!(json_of(wrong_phone).await["message"], json_of(wrong_number).await["message"], "which part was wrong is not told");

    let whatsapp = json_of(app.guest_checkout(&with(guest(json!([{"id": soil, "quantity": 1}])), json!({"source": "whatsapp"})), None).await).await;
    assert_eq!(whatsapp["data"]["source"], "whatsapp");

    // A village has no street: the landmark the guest writes travels after the address.
    let marked = json_of(app.guest_checkout(&with(guest(json!([{"id": soil, "quantity": 1}])), json!({"landmark": " خلف المسجد "})), None).await).await;
    assert_eq!(marked["data"]["address"]["address"], "Farm road — خلف المسجد", "{marked}");
    let long = app.guest_checkout(&with(guest(json!([{"id": soil, "quantity": 1}])), json!({"landmark": "م".repeat(201)})), None).await;
    assert_eq!(long.status(), 422);
    assert!(json_of(long).await["errors"]["landmark"].is_array(), "a landmark past 200 characters is refused by name");
}

#[actix_web::test]
async fn bad_guest_bodies_are_refused_and_write_nothing() {
    let Shop { app, seeds, .. } = shop().await;
    let hostile = [
        guest(json!([{"id": seeds, "quantity": -1}])),
        guest(json!([{"id": seeds, "quantity": 1000}])),
        guest(json!([{"id": seeds, "quantity": 1e15}])),
        guest(json!([{"id": "seeds", "quantity": 1}])),
        guest(json!([{"id": 999_999, "quantity": 1}])),
        guest(json!([])),
        guest(json!("all of it")),
        guest(Value::Array((0..1_000).map(|n| json!({"id": n, "quantity": 1})).collect())),
        with(guest(json!([{"id": seeds, "quantity": 1}])), json!({"phone": "12345"})),
        with(guest(json!([{"id": seeds, "quantity": 1}])), json!({"name": ["Mona"]})),
        with(guest(json!([{"id": seeds, "quantity": 1}])), json!({"city_id": 999})),
    ];
    for body in &hostile {
        assert_eq!(app.guest_checkout(body, None).await.status(), 422, "{body}");
    }
    let errors = json_of(app.guest_checkout(&json!({"items": [{"id": seeds, "quantity": 1}]}), None).await).await["errors"].clone();
    assert_eq!(
        (errors["name"][0].as_str(), errors["phone"][0].as_str(), errors["address"][0].as_str()),
        (Some("Name is required"), Some("Phone is required"), Some("Address is required"))
    );
    assert_eq!((app.order_count(), app.stock(seeds)), (0, 5));
}

#[actix_web::test]
async fn twenty_simultaneous_checkouts_for_five_units_make_exactly_five_orders() {
    let Shop { app, seeds, .. } = shop().await;
    let body = guest(json!([{"id": seeds, "quantity": 1}]));
    let answers = join_all((0..20).map(|_| app.guest_checkout(&body, None))).await;
    let placed = answers.iter().filter(|answer| answer.status() == 201).count();
    let refused = answers.iter().filter(|answer| answer.status() == 422).count();
    assert_eq!((placed, refused), (5, 15), "every checkout answered, five of them with an order");
    assert_eq!((app.order_count(), app.stock(seeds)), (5, 0));

    let shown = json_of(app.get("products/mint-seeds", None).await).await;
    assert_eq!(shown["data"]["in_stock"], false, "the storefront sees the sale at once, without a catalogue write");
    let listed = json_of(app.get("products?in_stock=1", None).await).await;
    assert!(listed["data"].as_array().unwrap().iter().all(|card| card["id"] != seeds));
}

#[actix_web::test]
async fn simultaneous_checkouts_naming_two_products_in_either_order_never_wait_on_each_other_in_a_circle() {
    let Shop { app, seeds, soil, .. } = shop().await;
    let seeds_first = guest(json!([{"id": seeds, "quantity": 1}, {"id": soil, "quantity": 1}]));
    let soil_first = guest(json!([{"id": soil, "quantity": 1}, {"id": seeds, "quantity": 1}]));
    let answers = join_all((0..16).map(|n| app.guest_checkout(if n % 2 == 0 { &seeds_first } else { &soil_first }, None))).await;
    let statuses: Vec<u16> = answers.iter().map(|answer| answer.status().as_u16()).collect();
    assert_eq!(
        (statuses.iter().filter(|&&status| status == 201).count(), statuses.iter().filter(|&&status| status == 422).count()),
        (5, 11),
        "every checkout answered, five with an order and none failed: {statuses:?}"
    );
    assert_eq!((app.order_count(), app.stock(seeds), app.stock(soil)), (5, 0, 45), "each order took one of each");
}

#[actix_web::test]
async fn the_storefront_sees_a_cancelled_orders_stock_come_back() {
    let Shop { app, buyer, seeds, .. } = shop().await;
    app.add_to_cart(&buyer, seeds, json!(5)).await;
    let order = json_of(app.checkout(&buyer, to_cairo(), None).await).await;
    let in_stock = || async { json_of(app.get("products/mint-seeds", None).await).await["data"]["in_stock"].clone() };
    assert_eq!(in_stock().await, false, "the last five were sold");
    let id = order["data"]["id"].as_i64().unwrap();
    assert_eq!(app.post(&format!("orders/{id}/cancel"), json!({}), Some(&buyer)).await.status(), 200);
    assert_eq!(in_stock().await, true, "the cancelled order's units are on sale again, without a catalogue write");
}

#[actix_web::test]
async fn five_simultaneous_repeats_of_one_key_make_one_order_and_replay_it() {
    let Shop { app, buyer, seeds, soil } = shop().await;
    app.add_to_cart(&buyer, seeds, json!(1)).await;
    let answers = join_all((0..5).map(|_| app.checkout(&buyer, to_cairo(), Some("attempt-7f3a")))).await;
    assert!(answers.iter().all(|answer| answer.status() == 201), "{:?}", answers.iter().map(|a| a.status()).collect::<Vec<_>>());
    let replayed = answers.iter().filter(|answer| answer.headers().get("Idempotent-Replayed").is_some_and(|v| v == "true")).count();
    assert_eq!(replayed, 4, "the first answer is the order, the other four replay it");
    let mut numbers = Vec::new();
    for answer in answers {
        numbers.push(json_of(answer).await["data"]["number"].as_str().unwrap().to_string());
    }
    numbers.dedup();
    assert_eq!(numbers.len(), 1, "one order for one key");
    assert_eq!((app.order_count(), app.stock(seeds)), (1, 4));

    let later = app.checkout(&buyer, to_cairo(), Some("attempt-7f3a")).await;
    assert_eq!(
        (later.status(), later.headers().get("Idempotent-Replayed").map(|v| v.to_str().unwrap().to_string())),
        (reqwest::StatusCode::CREATED, Some("true".to_string()))
    );
    app.add_to_cart(&buyer, soil, json!(1)).await;
    let other_body = app.checkout(&buyer, with(to_cairo(), json!({"notes": "a different order"})), Some("attempt-7f3a")).await;
    assert_eq!(other_body.status(), 400);
    assert_eq!(json_of(other_body).await["message"], "This Idempotency-Key was already used for a different order.");
    assert_eq!(app.checkout(&buyer, to_cairo(), Some(&"k".repeat(256))).await.status(), 400);
    assert_eq!(app.order_count(), 1);
}

#[actix_web::test]
async fn a_repeat_gets_the_first_answer_as_it_was_sent_even_after_the_order_moved_on() {
    let Shop { app, buyer, seeds, .. } = shop().await;
    app.add_to_cart(&buyer, seeds, json!(1)).await;
    let first = app.checkout(&buyer, to_cairo(), Some("attempt-kept")).await;
    assert_eq!(first.status(), 201);
    let first = first.text().await.unwrap();
    let id = serde_json::from_str::<Value>(&first).unwrap()["data"]["id"].as_i64().unwrap();
    assert_eq!(app.post(&format!("orders/{id}/cancel"), json!({}), Some(&buyer)).await.status(), 200);

    let again = app.checkout(&buyer, to_cairo(), Some("attempt-kept")).await;
    assert_eq!((again.status().as_u16(), again.headers().get("Idempotent-Replayed").map(|v| v.to_str().unwrap().to_string())), (201, Some("true".into())));
    assert_eq!(again.text().await.unwrap(), first, "the kept answer, byte for byte: the order as it was placed");
    let now = json_of(app.get(&format!("orders/{id}"), Some(&buyer)).await).await;
    assert_eq!(now["data"]["status"], "cancelled", "while the order itself moved on");
}

#[actix_web::test]
async fn a_refused_checkout_repeated_with_its_key_gets_the_first_answer_again() {
    let Shop { app, buyer, seeds, .. } = shop().await;
    let refused = app.checkout(&buyer, to_cairo(), Some("attempt-empty")).await;
    assert_eq!(refused.status(), 422);
    assert!(refused.headers().get("Idempotent-Replayed").is_none());
    let refused = json_of(refused).await;
    assert_eq!(refused["errors"]["cart"][0], "Your cart is empty.");

    // What was refused has changed, but this key's answer is kept: the repeat places nothing.
    app.add_to_cart(&buyer, seeds, json!(1)).await;
    let again = app.checkout(&buyer, to_cairo(), Some("attempt-empty")).await;
    assert_eq!(
        (again.status(), again.headers().get("Idempotent-Replayed").map(|v| v.to_str().unwrap().to_string())),
        (reqwest::StatusCode::UNPROCESSABLE_ENTITY, Some("true".to_string()))
    );
    assert_eq!(json_of(again).await, refused);
    assert_eq!(app.order_count(), 0);
    let other_body = app.checkout(&buyer, with(to_cairo(), json!({"notes": "now with a cart"})), Some("attempt-empty")).await;
    assert_eq!(other_body.status(), 400, "the same key with another request");

    let fresh = app.checkout(&buyer, to_cairo(), Some("attempt-fresh")).await;
    assert_eq!(fresh.status(), 201, "a new attempt asks again");
    assert_eq!((app.order_count(), app.stock(seeds)), (1, 4));

    // A day later the keys are forgotten: the refused attempt's key asks again.
    app.age_idempotency_keys();
    app.add_to_cart(&buyer, seeds, json!(1)).await;
    let next_day = app.checkout(&buyer, to_cairo(), Some("attempt-empty")).await;
    assert_eq!(next_day.status(), 201);
    assert!(next_day.headers().get("Idempotent-Replayed").is_none());
    assert_eq!(app.order_count(), 2);
}

#[actix_web::test]
async fn one_address_may_try_only_so_many_guest_orders_and_look_ups() {
    let app = crate::helpers::spawn_app_with(|settings| {
        settings.limits.guest_orders_per_address = 2;
        settings.limits.order_lookups_per_address = 3;
    })
    .await;
    let admin = app.account_token(Role::Admin, "01012360009").await;
    let seeds = app.add_product(&admin, "Mint seeds", 40, 50, 250).await;
    let body = guest(json!([{"id": seeds, "quantity": 1}]));
    let number = json_of(app.guest_checkout(&body, None).await).await["data"]["number"].as_str().unwrap().to_string();
    assert_eq!(app.guest_checkout(&guest(json!([])), None).await.status(), 422, "a refused attempt counts too");
    let third = app.guest_checkout(&body, None).await;
    assert_eq!(third.status(), 429);
    assert!(third.headers().contains_key("retry-after"));
    assert_eq!(app.order_count(), 1);

    for phone in ["01099999991", "01099999992", "01112345678"] {
        assert_ne!(app.get(&format!("guest-orders/track?number={number}&phone={phone}"), None).await.status(), 429);
    }
    assert_eq!(app.get(&format!("guest-orders/track?number={number}&phone=01112345678"), None).await.status(), 429, "phones cannot be walked");
}

#[actix_web::test]
async fn a_checkout_repeated_by_another_process_with_its_keys_in_another_order_gets_the_same_order() {
    let Shop { app, seeds, .. } = shop().await;
    let send = |address: String, body: &'static str| {
        let client = reqwest::Client::new();
        async move {
            client
                .post(format!("{address}/api/guest-orders/checkout"))
                .header("Content-Type", "application/json")
                .header("Accept-Language", "en")
                .header("Idempotency-Key", "across-a-restart")
                .body(body.replace("SEEDS", &seeds.to_string()))
                .send()
                .await
                .unwrap()
        }
    };
    let first =
        send(app.address.clone(), r#"{"name": "Mona", "phone": "01112345678", "address": "Farm road", "city_id": 2, "items": [{"id": SEEDS, "quantity": 1}]}"#)
            .await;
    assert_eq!(first.status(), 201);
    let number = json_of(first).await["data"]["number"].clone();

    // Another process of the shop: a restart, or the other node behind the proxy.
    let dir = tempfile::tempdir().unwrap();
    let node = crate::node::Node::start(dir.path(), &app.settings.database.url, &[]);
    let reordered = r#"{"items": [{"quantity": "1", "id": SEEDS}], "city_id": 2, "address": "Farm road", "phone": "01112345678", "name": "Mona"}"#;
    let again = send(node.address.clone(), reordered).await;
    assert_eq!((again.status().as_u16(), again.headers().get("Idempotent-Replayed").map(|v| v.to_str().unwrap().to_string())), (201, Some("true".into())));
    assert_eq!(json_of(again).await["data"]["number"], number, "the same order, not a second one");

    let other = send(
        node.address.clone(),
        r#"{"items": [{"quantity": 2, "id": SEEDS}], "city_id": 2, "address": "Farm road", "phone": "01112345678", "name": "Mona"}"#,
    )
    .await;
    assert_eq!(other.status(), 400);
    assert_eq!(json_of(other).await["message"], "This Idempotency-Key was already used for a different order.");
    assert_eq!(app.order_count(), 1);
}
