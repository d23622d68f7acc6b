//! The staff's side of orders over HTTP: the lists and their search, moves along the state
//! machine with the news they send (notifications and SMS, once per change), notes, sales
//! engineers who see only their clients' orders, the CSV export, and an SMS gateway that fails.

use httpmock::prelude::*;
use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app, spawn_app_with};

const BUYER_PHONE: &str = "01012370002";

struct Shop {
    app: TestApp,
    admin: String,
    buyer: String,
    seeds: i64,
}

/// An admin, mint seeds (40 EGP, 250 g, 20 left) and a verified buyer.
async fn shop_on(app: TestApp) -> Shop {
    let admin = app.account_token(Role::Admin, "01012370001").await;
    let seeds = app.add_product(&admin, "Mint seeds", 40, 20, 250).await;
    let buyer = app.account_token(Role::Customer, BUYER_PHONE).await;
    Shop { app, admin, buyer, seeds }
}

/// The buyer's checkout of `units` seeds to Cairo, in `lang`; answers the order.
async fn buy(app: &TestApp, buyer: &str, seeds: i64, units: i64, lang: &str) -> Value {
    app.add_to_cart(buyer, seeds, json!(units)).await;
    let body = json!({"address": "12 Nile St, Dokki", "city_id": 1, "type": "self"});
    let placed = app.request(Method::POST, "orders/checkout", Some(buyer), lang).json(&body).send().await.unwrap();
    assert_eq!(placed.status(), 201);
    json_of(placed).await["data"].clone()
}

async fn guest_order(app: &TestApp, phone: &str, seeds: i64) -> Value {
    let body = json!({"name": "Mona", "phone": phone, "address": "Farm road", "city_id": 2, "items": [{"id": seeds, "quantity": 2}]});
    let placed = app.guest_checkout(&body, None).await;
    assert_eq!(placed.status(), 201);
    json_of(placed).await["data"].clone()
}

async fn move_to(app: &TestApp, token: &str, list: &str, id: i64, status: &str, note: Option<&str>) -> reqwest::Response {
    app.post(&format!("dashboard/{list}/{id}/status"), json!({"status": status, "note": note}), Some(token)).await
}

fn numbers(list: &Value) -> Vec<String> {
    list["data"].as_array().unwrap().iter().map(|order| order["number"].as_str().unwrap().to_string()).collect()
}

/// The order SMS sent to a phone (international form), oldest first.
fn order_texts(outbox: &[Value], to: &str) -> Vec<String> {
    outbox.iter().filter(|m| m["to"] == to && m["code"].is_null()).map(|m| m["body"].as_str().unwrap().to_string()).collect()
}

/// Copies of an order written straight into the table, numbered `<label>-1` to `<label>-<count>`:
/// with ids from `first_id + 1` when given, and a word added to the search words of the first
/// so many copies when given.
fn copy_order(app: &TestApp, order: &Value, label: &str, count: u32, first_id: Option<i64>, worded: Option<(&str, u32)>) {
    let columns = "user_id, source, status, kind, payment_method, customer_name, customer_phone, receiver_name, receiver_phone, address, city_id, \
                   city_name_ar, city_name_en, notes, copoun, subtotal, discount, shipping_base, shipping_extra, total, total_weight_grams, created_at, \
                   sales_engineer_id, locale";
    let (id_column, id) = first_id.map_or((String::new(), String::new()), |first| (", id".to_string(), format!(", {first} + copies.n")));
    let words = worded.map_or("search_text".to_string(), |(word, up_to)| format!("search_text || CASE WHEN copies.n <= {up_to} THEN ' {word}' ELSE '' END"));
    let copies = format!(
        "WITH RECURSIVE copies(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM copies WHERE n < {count}) \
         INSERT INTO orders (number{id_column}, {columns}, search_text) \
         SELECT '{label}-' || copies.n{id}, {columns}, {words} FROM orders, copies WHERE orders.id = {}",
        order["id"]
    );
    diesel::RunQueryDsl::execute(diesel::sql_query(copies), &mut *app.database().conn().unwrap()).unwrap();
}

#[actix_web::test]
async fn staff_move_an_order_along_its_states_and_the_buyer_hears_of_each_step_once() {
    let Shop { app, admin, buyer, seeds } = shop_on(spawn_app().await).await;
    let order = buy(&app, &buyer, seeds, 3, "ar").await;
    let (id, number) = (order["id"].as_i64().unwrap(), order["number"].as_str().unwrap().to_string());

    let list = json_of(app.get("dashboard/orders?status=new", Some(&admin)).await).await;
    assert_eq!(numbers(&list), [number.as_str()]);
    assert_eq!((list["counts"]["new"].as_u64(), list["counts"]["delivered"].as_u64()), (Some(1), Some(0)));
    assert!(list["data"][0]["user_id"].as_i64().is_some(), "a client order names the account");
    let staff_bell = json_of(app.get("notifications", Some(&admin)).await).await;
    assert_eq!((staff_bell["unread"].as_u64(), staff_bell["data"][0]["title"].as_str()), (Some(1), Some("New order")));
    assert_eq!(staff_bell["data"][0]["link"], format!("/dashboard/orders-actions?id={id}"));

    let moved = move_to(&app, &admin, "orders", id, "on_delivery", Some("Courier Ahmed, 2 pm")).await;
    assert_eq!(moved.status(), 200);
    let moved = json_of(moved).await;
    assert_eq!((moved["message"].as_str(), moved["data"]["status"].as_str()), (Some("The order's status has been updated."), Some("on_delivery")));
    assert_eq!(moved["data"]["next_statuses"], json!(["delivered", "cancelled"]));
    assert_eq!(moved["data"]["history"][1]["note"], "Courier Ahmed, 2 pm");
    let repeated = json_of(move_to(&app, &admin, "orders", id, "on_delivery", Some("Courier Ahmed, 2 pm")).await).await;
    assert_eq!(repeated["data"]["history"].as_array().unwrap().len(), 2, "a repeat changes nothing");

    let backwards = move_to(&app, &admin, "orders", id, "new", None).await;
    assert_eq!(backwards.status(), 422);
    assert_eq!(json_of(backwards).await["errors"]["status"][0], "This order cannot go from \"On delivery\" to \"New\".");
    let unknown = move_to(&app, &admin, "orders", id, "lost", None).await;
    assert_eq!(unknown.status(), 422);
    assert_eq!(move_to(&app, &admin, "orders", id, "delivered", None).await.status(), 200);
    assert_eq!(move_to(&app, &admin, "orders", id, "cancelled", None).await.status(), 422, "delivered is final");

    let bell = json_of(app.get("notifications", Some(&buyer)).await).await;
    let titles: Vec<&str> = bell["data"].as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap()).collect();
    assert_eq!(
        titles,
        ["You earned points", "Order delivered", "Your order is on its way", "Order received"],
        "one per step, newest first, and the points the delivery earned"
    );
    assert_eq!(bell["unread"], 4);
    let texts = app.outbox_when(|outbox| order_texts(outbox, "+201012370002").len() >= 3).await;
    let texts = order_texts(&texts, "+201012370002");
    assert_eq!(texts.len(), 3, "one SMS per change: {texts:?}");
    assert!(texts.iter().all(|text| text.contains(&number) && text.starts_with("محصول")), "Arabic, as ordered: {texts:?}");
    // The first carries the link that confirms the order: two SMS parts; the others fit one.
    assert!(texts[0].contains("/confirm/") && texts[0].chars().count() <= 134, "{texts:?}");
    assert!(texts[1..].iter().all(|text| text.chars().count() <= 70), "{texts:?}");

    let seen = json_of(app.get(&format!("orders/{id}"), Some(&buyer)).await).await;
    assert_eq!(seen["data"]["status"], "delivered");
    assert!(seen["data"]["history"][1].get("note").is_none(), "staff notes stay with the staff");

    let first = bell["data"][3]["id"].as_i64().unwrap();
    let read = json_of(app.post(&format!("notifications/{first}/read"), json!({}), Some(&buyer)).await).await;
    assert_eq!(read["unread"], 3);
    let unread = json_of(app.get("notifications?unread=1", Some(&buyer)).await).await;
    assert_eq!(unread["data"].as_array().unwrap().len(), 3);
    let staffs = staff_bell["data"][0]["id"].as_i64().unwrap();
    assert_eq!(app.post(&format!("notifications/{staffs}/read"), json!({}), Some(&buyer)).await.status(), 404, "another's notification");
    assert_eq!(json_of(app.post("notifications/read-all", json!({}), Some(&buyer)).await).await["unread"], 0);
    assert_eq!(json_of(app.get("notifications", Some(&buyer)).await).await["unread"], 0);
    assert_eq!(app.get("notifications", None).await.status(), 401);
}

#[actix_web::test]
async fn a_cancel_gives_the_stock_back_and_guest_orders_live_in_their_own_list() {
    let Shop { app, admin, buyer, seeds } = shop_on(spawn_app().await).await;
    let client = buy(&app, &buyer, seeds, 1, "en").await;
    let guest = guest_order(&app, "01112370009", seeds).await;
    let (client_id, guest_id) = (client["id"].as_i64().unwrap(), guest["id"].as_i64().unwrap());
    assert_eq!(app.stock(seeds), 17);

    assert_eq!(numbers(&json_of(app.get("dashboard/guest-orders", Some(&admin)).await).await), [guest["number"].as_str().unwrap()]);
    assert_eq!(numbers(&json_of(app.get("dashboard/orders", Some(&admin)).await).await), [client["number"].as_str().unwrap()]);
    assert_eq!(app.get(&format!("dashboard/orders/{guest_id}"), Some(&admin)).await.status(), 404, "a guest order is not a client's");
    assert_eq!(app.get(&format!("dashboard/guest-orders/{client_id}"), Some(&admin)).await.status(), 404);

    let cancelled = json_of(move_to(&app, &admin, "guest-orders", guest_id, "cancelled", Some("No answer")).await).await;
    assert_eq!(cancelled["data"]["status"], "cancelled");
    assert_eq!(app.stock(seeds), 19, "its two units are back");
    assert_eq!(move_to(&app, &admin, "guest-orders", guest_id, "cancelled", None).await.status(), 200, "a repeat is no error");
    assert_eq!(app.stock(seeds), 19, "and gives back nothing twice");
    let texts = app.outbox_when(|outbox| order_texts(outbox, "+201112370009").len() >= 2).await;
    assert_eq!(order_texts(&texts, "+201112370009").len(), 2, "a guest hears by SMS: placed, cancelled");

    let noted = app.post(&format!("dashboard/guest-orders/{guest_id}/notes"), json!({"note": "Asked to order again next week"}), Some(&admin)).await;
    assert_eq!(noted.status(), 200);
    let shown = json_of(app.get(&format!("dashboard/guest-orders/{guest_id}"), Some(&admin)).await).await;
    assert_eq!(shown["data"]["staff_notes"][0]["body"], "Asked to order again next week");
    assert_eq!(shown["data"]["staff_notes"][0]["author_name"], "Staff");
    assert_eq!(shown["data"]["next_statuses"], json!([]));
    let blank = app.post(&format!("dashboard/guest-orders/{guest_id}/notes"), json!({"note": "  "}), Some(&admin)).await;
    assert_eq!(blank.status(), 422);

    let bulk = json_of(app.post("dashboard/orders/bulk-status", json!({"ids": [client_id, guest_id], "status": "on_delivery"}), Some(&admin)).await).await;
    assert_eq!(bulk["changed"], json!([client_id]));
    assert_eq!(bulk["refused"][0]["id"], guest_id, "a guest order is not in the clients' list");
    assert_eq!(
        app.post("dashboard/orders/bulk-status", json!({"ids": (1..=101).collect::<Vec<i64>>(), "status": "delivered"}), Some(&admin)).await.status(),
        422
    );
}

#[actix_web::test]
async fn the_search_finds_orders_by_number_name_phone_in_any_form_and_arabic_spelling() {
    let Shop { app, admin, buyer, seeds } = shop_on(spawn_app().await).await;
    let urea = app
        .post(
            "dashboard/products",
            json!({"name_ar": "سماد اليوريا المركّزة", "name_en": "Concentrated urea", "price": 30, "quantity": 10, "weight": 1, "weight_unit": "kg"}),
            Some(&admin),
        )
        .await;
    let urea = json_of(urea).await["data"]["id"].as_i64().unwrap();
    let seeds_order = buy(&app, &buyer, seeds, 1, "en").await;
    let urea_order = buy(&app, &buyer, urea, 1, "en").await;
    let guest = guest_order(&app, "01112370010", seeds).await;
    let (seeds_number, urea_number) = (seeds_order["number"].as_str().unwrap(), urea_order["number"].as_str().unwrap());

    let search = |query: &str| {
        let query = query.to_string();
        let (app, admin) = (&app, &admin);
        async move {
            let url = format!("dashboard/orders?search={}", form_urlencoded::byte_serialize(query.as_bytes()).collect::<String>());
            let response = app.get(&url, Some(admin)).await;
            assert_eq!(response.status(), 200, "{query}");
            numbers(&json_of(response).await)
        }
    };
    assert_eq!(search("المركزه").await, [urea_number], "ة and ه, with or without shadda");
    assert_eq!(search("أليوريا").await, [urea_number], "any alef");
    assert_eq!(search("urea").await, [urea_number]);
    assert_eq!(search(seeds_number).await, [seeds_number]);
    assert_eq!(search(&seeds_number.to_lowercase()).await, [seeds_number]);
    for phone in ["01012370002", "+20 101 237 0002", "٠١٠١٢٣٧٠٠٠٢", "00201012370002"] {
        assert_eq!(search(phone).await, [urea_number, seeds_number], "{phone}");
    }
    assert_eq!(search("Staff").await, [urea_number, seeds_number], "the buyer's name");
    assert_eq!(search("مركزه").await, [urea_number], "a word without the article finds it with");
    assert_eq!(search("staff UREA").await, [urea_number], "every word, in any case");
    assert_eq!(search("المرك").await, Vec::<String>::new(), "whole words only");
    assert_eq!(search("nothing like it").await, Vec::<String>::new());
    let in_giza = json_of(app.get("dashboard/orders?search=Staff&city=2", Some(&admin)).await).await;
    assert_eq!((numbers(&in_giza).len(), &in_giza["more_matches"]), (0, &json!(false)), "the search within the list's other filters");
    let guests = json_of(app.get("dashboard/guest-orders?search=%2B201112370010", Some(&admin)).await).await;
    assert_eq!(numbers(&guests), [guest["number"].as_str().unwrap()]);

    let filtered = |query: &'static str| {
        let (app, admin) = (&app, &admin);
        async move { json_of(app.get(&format!("dashboard/orders?{query}"), Some(admin)).await).await }
    };
    let today = chrono::Utc::now().date_naive();
    assert_eq!(numbers(&filtered("city=1").await).len(), 2);
    assert_eq!(numbers(&filtered("city=2").await).len(), 0);
    assert_eq!(numbers(&filtered("source=web").await).len(), 2);
    assert_eq!(numbers(&filtered("source=sales").await).len(), 0);
    let day = |offset: i64| (today + chrono::Duration::days(offset)).format("%Y-%m-%d").to_string();
    let range = json_of(app.get(&format!("dashboard/orders?from={}&to={}", day(0), day(0)), Some(&admin)).await).await;
    assert_eq!(numbers(&range).len(), 2, "today, both ends included");
    let tomorrow = json_of(app.get(&format!("dashboard/orders?from={}", day(1)), Some(&admin)).await).await;
    assert_eq!(numbers(&tomorrow).len(), 0);
    let paged = filtered("per_page=1&page=2").await;
    assert_eq!((numbers(&paged), paged["meta"]["total"].as_u64()), (vec![seeds_number.to_string()], Some(2)));

    for bad in ["status=lost", "source=fax", "city=cairo", "from=yesterday", "from=2026-05-02&to=2026-05-01"] {
        let refused = app.get(&format!("dashboard/orders?{bad}"), Some(&admin)).await;
        assert_eq!(refused.status(), 422, "{bad}");
    }
}

#[actix_web::test]
async fn a_search_lists_and_counts_its_newest_five_hundred_matches_and_says_there_are_more() {
    let Shop { app, admin, seeds, .. } = shop_on(spawn_app().await).await;
    let guest = guest_order(&app, "01112370020", seeds).await;
    copy_order(&app, &guest, "COPY", 504, None, None);

    let found = json_of(app.get("dashboard/guest-orders?search=Mona&per_page=100&page=5", Some(&admin)).await).await;
    assert_eq!(found["more_matches"], true, "505 orders match");
    assert_eq!((found["counts"]["new"].as_u64(), found["meta"]["total"].as_u64()), (Some(500), Some(500)));
    assert_eq!(numbers(&found).last().map(String::as_str), Some("COPY-5"), "the newest 500: the first five placed are left out");
    let narrowed = json_of(app.get("dashboard/guest-orders?search=Mona&status=cancelled", Some(&admin)).await).await;
    assert_eq!((narrowed["meta"]["total"].as_u64(), &narrowed["counts"]["new"]), (Some(0), &json!(500)));
    let plain = json_of(app.get("dashboard/guest-orders", Some(&admin)).await).await;
    assert_eq!((plain["counts"]["new"].as_u64(), &plain["more_matches"]), (Some(505), &json!(false)), "a list without a search counts them all");
}

#[actix_web::test]
async fn a_search_over_years_of_orders_lists_the_newest_matches_whether_they_are_recent_or_old() {
    let Shop { app, admin, seeds, .. } = shop_on(spawn_app().await).await;
    let guest = guest_order(&app, "01112370021", seeds).await;
    // 300 orders placed long ago and 600 of late, far apart in ids; "figtree" is in every old
    // one and in only the first 100 recent ones.
    copy_order(&app, &guest, "OLD", 300, Some(20_000), Some(("figtree", 300)));
    copy_order(&app, &guest, "NEW", 600, Some(400_000), Some(("figtree", 100)));

    let common = json_of(app.get("dashboard/guest-orders?search=Mona&per_page=100&page=5", Some(&admin)).await).await;
    assert_eq!((common["meta"]["total"].as_u64(), &common["more_matches"]), (Some(500), &json!(true)));
    assert_eq!(numbers(&common).last().map(String::as_str), Some("NEW-101"), "the newest 500 of 901 matches, all of late");

    let spread = json_of(app.get("dashboard/guest-orders?search=figtree&per_page=100&page=4", Some(&admin)).await).await;
    assert_eq!((spread["meta"]["total"].as_u64(), &spread["more_matches"]), (Some(400), &json!(false)), "the recent matches and the old ones");
    let listed = numbers(&spread);
    assert_eq!((listed.first().map(String::as_str), listed.last().map(String::as_str)), (Some("OLD-100"), Some("OLD-1")));
    let first_page = json_of(app.get("dashboard/guest-orders?search=figtree&per_page=100", Some(&admin)).await).await;
    assert_eq!(numbers(&first_page).first().map(String::as_str), Some("NEW-100"), "newest first");
}

#[actix_web::test]
async fn a_sales_engineer_sees_only_the_orders_of_their_clients() {
    let Shop { app, admin, buyer, seeds } = shop_on(spawn_app().await).await;
    let first = app.account_token(Role::Sales, "01012370011").await;
    let second = app.account_token(Role::Sales, "01012370012").await;
    let first_id = json_of(app.me(Some(&first)).await).await["data"]["id"].as_i64().unwrap();
    let second_id = json_of(app.me(Some(&second)).await).await["data"]["id"].as_i64().unwrap();

    let order = buy(&app, &buyer, seeds, 1, "en").await;
    let id = order["id"].as_i64().unwrap();
    let shown = json_of(app.get(&format!("dashboard/orders/{id}"), Some(&admin)).await).await;
    assert_eq!(shown["data"]["sales_engineer"]["id"], first_id, "the default engineer: the first sales account");
    assert_eq!(numbers(&json_of(app.get("dashboard/orders", Some(&first)).await).await).len(), 1);
    assert_eq!(numbers(&json_of(app.get("dashboard/orders", Some(&second)).await).await).len(), 0);
    assert_eq!(app.get(&format!("dashboard/orders/{id}"), Some(&second)).await.status(), 404);
    assert_eq!(move_to(&app, &second, "orders", id, "on_delivery", None).await.status(), 404);
    assert_eq!(json_of(app.get("notifications", Some(&first)).await).await["unread"], 1, "their client's new order");
    assert_eq!(json_of(app.get("notifications", Some(&second)).await).await["unread"], 0);

    let assigned = app.post(&format!("dashboard/orders/{id}/sales-engineer"), json!({"sales_engineer_id": second_id}), Some(&admin)).await;
    assert_eq!(assigned.status(), 200);
    assert_eq!(app.get(&format!("dashboard/orders/{id}"), Some(&first)).await.status(), 404, "no longer theirs");
    assert_eq!(move_to(&app, &second, "orders", id, "on_delivery", None).await.status(), 200);
    let next = buy(&app, &buyer, seeds, 1, "en").await;
    assert_eq!(numbers(&json_of(app.get("dashboard/orders", Some(&second)).await).await).len(), 2, "the client's next order follows");
    let by_engineer = json_of(app.get(&format!("dashboard/orders?sales_engineer_id={second_id}"), Some(&admin)).await).await;
    assert_eq!(numbers(&by_engineer)[0], next["number"].as_str().unwrap());
    let customer_as_engineer = json_of(app.me(Some(&buyer)).await).await["data"]["id"].as_i64().unwrap();
    let refused = app.post(&format!("dashboard/orders/{id}/sales-engineer"), json!({"sales_engineer_id": customer_as_engineer}), Some(&admin)).await;
    assert_eq!(refused.status(), 422, "only a sales account can look after clients");
    let guest = guest_order(&app, "01112370013", seeds).await;
    let guests = json_of(app.get("dashboard/guest-orders", Some(&first)).await).await;
    assert_eq!(numbers(&guests), [guest["number"].as_str().unwrap()], "guests belong to no engineer: every sales engineer sees them");
}

#[actix_web::test]
async fn customers_and_staff_without_the_permission_are_refused() {
    let Shop { app, admin, buyer, seeds } = shop_on(spawn_app().await).await;
    let order = buy(&app, &buyer, seeds, 1, "en").await;
    let id = order["id"].as_i64().unwrap();
    let editor = app.staff_holding("01012370021", &["product-list"]).await;
    let viewer = app.staff_holding("01012370022", &["order-list"]).await;
    for token in [&buyer, &editor] {
        assert_eq!(app.get("dashboard/orders", Some(token)).await.status(), 403);
        assert_eq!(app.get(&format!("dashboard/orders/{id}"), Some(token)).await.status(), 403);
        assert_eq!(app.get("dashboard/orders/export.csv", Some(token)).await.status(), 403);
        assert_eq!(move_to(&app, token, "orders", id, "cancelled", None).await.status(), 403);
    }
    assert_eq!(app.get("dashboard/orders", None).await.status(), 401);
    assert_eq!(app.get("dashboard/orders", Some(&viewer)).await.status(), 200);
    assert_eq!(move_to(&app, &viewer, "orders", id, "cancelled", None).await.status(), 403, "listing is not changing");
    assert_eq!(app.post(&format!("dashboard/orders/{id}/notes"), json!({"note": "x"}), Some(&viewer)).await.status(), 403);
    assert_eq!(app.stock(seeds), 19, "nothing was cancelled");
    assert_eq!(move_to(&app, &admin, "orders", 999_999, "cancelled", None).await.status(), 404);
}

#[actix_web::test]
async fn the_csv_export_runs_no_formula_keeps_phones_as_text_and_adds_up() {
    let Shop { app, admin, seeds, .. } = shop_on(spawn_app().await).await;
    let hostile = json!({
        "name": "=HYPERLINK(\"http://evil.example\",\"Click\")", "phone": "01112345678", "address": "+cmd|' /C calc'!A0",
        "city_id": 2, "items": [{"id": seeds, "quantity": 3}],
        "notes": "@SUM(1+1)"
    });
    assert_eq!(app.guest_checkout(&hostile, Some("csv-hostile")).await.status(), 201);
    let text = app.request(Method::GET, "dashboard/guest-orders/export.csv", Some(&admin), "en").send().await.unwrap().text().await.unwrap();
    let mut rows = csv::Reader::from_reader(text.trim_start_matches('\u{feff}').as_bytes());
    assert_eq!(rows.headers().unwrap().iter().skip(10).collect::<Vec<_>>(), ["Subtotal", "Discount", "Total", "Shipping", "Of which weight fee"]);
    let row = rows.records().next().unwrap().unwrap();
    assert_eq!(&row[4], "'=HYPERLINK(\"http://evil.example\",\"Click\")", "the name is text, not a formula");
    assert_eq!(&row[8], "'+cmd|' /C calc'!A0");
    assert_eq!(&row[5], "011 1234 5678", "the phone keeps its leading 0");
    assert_eq!(&row[3], "Guest", "the source in the reader's language");
    let pounds = |cell: &str| (cell.parse::<f64>().unwrap() * 100.0).round() as i64;
    assert!(pounds(&row[13]) > 0, "the city's shipping");
    assert_eq!(pounds(&row[10]) - pounds(&row[11]) + pounds(&row[13]), pounds(&row[12]), "subtotal − discount + shipping = total");
    assert!(pounds(&row[14]) <= pounds(&row[13]), "the weight fee is part of shipping");
    let arabic = app.request(Method::GET, "dashboard/guest-orders/export.csv", Some(&admin), "ar").send().await.unwrap().text().await.unwrap();
    let mut rows = csv::Reader::from_reader(arabic.trim_start_matches('\u{feff}').as_bytes());
    assert_eq!(&rows.records().next().unwrap().unwrap()[3], "زائر");
}

#[actix_web::test]
async fn the_csv_export_holds_the_filtered_orders_with_headers_in_the_callers_language() {
    let Shop { app, admin, buyer, seeds } = shop_on(spawn_app().await).await;
    let kept = buy(&app, &buyer, seeds, 2, "en").await;
    let cancelled = buy(&app, &buyer, seeds, 1, "en").await;
    move_to(&app, &admin, "orders", cancelled["id"].as_i64().unwrap(), "cancelled", None).await;

    let english = app.request(Method::GET, "dashboard/orders/export.csv?status=new", Some(&admin), "en").send().await.unwrap();
    assert_eq!(english.status(), 200);
    assert!(english.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    assert!(english.headers()["content-disposition"].to_str().unwrap().contains("orders.csv"));
    let text = english.text().await.unwrap();
    let mut rows = csv::Reader::from_reader(text.trim_start_matches('\u{feff}').as_bytes());
    assert_eq!(rows.headers().unwrap().iter().take(3).collect::<Vec<_>>(), ["Number", "Date", "Status"]);
    let records: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), 1, "only the new order");
    assert_eq!((&records[0][0], &records[0][2], &records[0][5]), (kept["number"].as_str().unwrap(), "New", "010 1237 0002"));
    assert_eq!((&records[0][9], &records[0][12]), ("Mint seeds × 2", "130.00"));

    let arabic = app.request(Method::GET, "dashboard/orders/export.csv", Some(&admin), "ar").send().await.unwrap().text().await.unwrap();
    assert!(arabic.starts_with('\u{feff}'), "a byte-order mark for spreadsheets");
    let mut rows = csv::Reader::from_reader(arabic.trim_start_matches('\u{feff}').as_bytes());
    assert_eq!(&rows.headers().unwrap()[0], "رقم الطلب");
    assert_eq!(rows.records().count(), 2);
    assert_eq!(app.get("dashboard/orders/export.csv?status=lost", Some(&admin)).await.status(), 422);
}

#[actix_web::test]
async fn a_failing_sms_gateway_never_loses_a_status_change_and_the_message_goes_out_on_retry() {
    let gateway = MockServer::start();
    let mut refusing = gateway.mock(|when, then| {
        when.method(POST).path("/send");
        then.status(500);
    });
    let url = gateway.url("/send");
    let app = spawn_app_with(|settings| {
        settings.messages.sms = "http".into();
        settings.messages.sms_gateway.url = url;
    })
    .await;
    let Shop { app, admin, seeds, .. } = shop_on(app).await;
    let order = guest_order(&app, "01112370030", seeds).await;
    let id = order["id"].as_i64().unwrap();
    let moved = move_to(&app, &admin, "guest-orders", id, "on_delivery", None).await;
    assert_eq!(moved.status(), 200, "the gateway's failure is not the change's");
    for _ in 0..200 {
        if app.message_queue().iter().all(|(_, _, attempts, _)| *attempts >= 1) {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let queue = app.message_queue();
    assert_eq!(queue.len(), 2, "placed and on delivery: {queue:?}");
    assert!(queue.iter().all(|(to, _, attempts, sent)| to == "+201112370030" && *attempts >= 1 && !sent), "tried, failed, kept: {queue:?}");
    assert_eq!(json_of(app.get(&format!("dashboard/guest-orders/{id}"), Some(&admin)).await).await["data"]["status"], "on_delivery");

    refusing.delete();
    let accepting = gateway.mock(|when, then| {
        when.method(POST).path("/send");
        then.status(200).body("{}");
    });
    app.make_messages_due();
    for _ in 0..200 {
        if app.message_queue().iter().all(|(_, _, _, sent)| *sent) {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(app.message_queue().iter().all(|(_, _, _, sent)| *sent), "sent on retry: {:?}", app.message_queue());
    assert_eq!(accepting.calls(), 2, "each message once");
}
