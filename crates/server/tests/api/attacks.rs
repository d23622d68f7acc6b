//! The holes an attack on the API found: each test sends what the attacker sent and asserts
//! a clear, quick refusal that changes nothing.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use identity::Role;
use reqwest::Method;
use serde_json::json;

use crate::helpers::{PASSWORD, json_of, spawn_app, spawn_app_with, spawn_app_with_catalogue};

/// An answer that does not come within this time is a hang, not a refusal.
const PROMPTLY: Duration = Duration::from_secs(10);

async fn form_login(app: &crate::helpers::TestApp, body: String) -> reqwest::Response {
    let request = app.request(Method::POST, "auth/login", None, "en").header("Content-Type", "application/x-www-form-urlencoded").body(body);
    tokio::time::timeout(PROMPTLY, request.send()).await.expect("answered promptly").expect("request")
}

#[actix_web::test]
async fn a_huge_form_index_is_refused_before_anything_is_allocated() {
    let app = spawn_app().await;
    for body in ["a[3000000]=1", "items[0][id]=1&items[1001][id]=2"] {
        let response = form_login(&app, body.into()).await;
        assert_eq!(response.status(), 400, "{body}");
        assert_eq!(json_of(response).await["message"], "The request has too many fields or nests them too deeply.");
    }
    assert_eq!(app.get("health", None).await.status(), 200);
}

#[actix_web::test]
async fn deeply_nested_or_numerous_form_fields_are_refused() {
    let app = spawn_app().await;
    let deep = format!("a{}=1", "[b]".repeat(5000));
    assert_eq!(form_login(&app, deep).await.status(), 400);
    let many = (0..1001).map(|n| format!("f{n}=1")).collect::<Vec<_>>().join("&");
    assert_eq!(form_login(&app, many).await.status(), 400);
    let multipart = (0..1001).fold(reqwest::multipart::Form::new(), |form, n| form.text(format!("f{n}"), "1"));
    let response = app.request(Method::POST, "auth/login", None, "en").multipart(multipart).send().await.unwrap();
    assert_eq!(response.status(), 400);
    let fine = form_login(&app, format!("username=01012345678&password={PASSWORD}&x{}=1", "[b]".repeat(6))).await;
    assert_eq!(fine.status(), 422, "a reasonable form is read as before (no such account)");
}

#[actix_web::test]
async fn a_slow_body_is_cut_off_with_a_json_408() {
    let app = spawn_app_with(|settings| settings.server.body_timeout_secs = 1).await;
    let address = app.address.trim_start_matches("http://").to_string();
    let answer = tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(address).unwrap();
        stream.set_read_timeout(Some(PROMPTLY)).unwrap();
        let head = "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nAccept-Language: en\r\n\r\n{\"user";
        stream.write_all(head.as_bytes()).unwrap();
        let mut answer = vec![0; 4096];
        let read = stream.read(&mut answer).unwrap_or(0);
        String::from_utf8_lossy(&answer[..read]).to_string()
    })
    .await
    .unwrap();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("The request took too long to arrive."), "{answer}");
}

#[actix_web::test]
async fn a_giant_search_term_is_bounded_and_the_server_keeps_answering() {
    let app = spawn_app_with_catalogue().await;
    // The longest query line the HTTP layer takes is some tens of kilobytes; a term of 20,000
    // letters made the old typo search quadratic (400 million letters of candidates).
    let giant = "b".repeat(20_000);
    let searches = futures_util::future::join_all((0..2).map(|_| app.request(Method::GET, "products", None, "ar").query(&[("search", giant.as_str())]).send()));
    let (found, health) = tokio::join!(tokio::time::timeout(PROMPTLY, searches), tokio::time::timeout(PROMPTLY, app.get("health", None)));
    for response in found.expect("searches answered promptly") {
        assert_eq!(response.unwrap().status(), 200);
    }
    assert_eq!(health.expect("health answered promptly").status(), 200);
    // Only the first ten terms are searched: an eleventh that matches nothing changes nothing.
    let eleven = format!("{}zzqqxx", "سماد ".repeat(10));
    let response = app.request(Method::GET, "products", None, "ar").query(&[("search", eleven.as_str())]).send().await.unwrap();
    assert!(json_of(response).await["meta"]["total"].as_u64().unwrap() > 0);
}

#[actix_web::test]
async fn stored_texts_have_limits_and_a_huge_name_is_refused_with_a_localised_422() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012349101").await;
    let product = |name: String, description: String| json!({"name_ar": name, "name_en": "Seeds", "description_ar": description, "price": "10", "weight": "1", "quantity": 3});
    let huge_name = app.request(Method::POST, "dashboard/products", Some(&admin), "ar").json(&product("س".repeat(100_000), String::new())).send();
    let response = tokio::time::timeout(PROMPTLY, huge_name).await.expect("refused promptly").unwrap();
    assert_eq!(response.status(), 422);
    assert_eq!(json_of(response).await["errors"]["name_ar"][0], "هذا الحقل طويل جدًا.");
    let long_description = app.post("dashboard/products", product("بذور".into(), "و".repeat(10_001)), Some(&admin)).await;
    assert_eq!(json_of(long_description).await["errors"]["description_ar"][0], "This field is too long.");
    let category = app.post("dashboard/categories", json!({"name_ar": "ف".repeat(201), "name_en": "Tools"}), Some(&admin)).await;
    assert_eq!(json_of(category).await["errors"]["name_ar"][0], "This field is too long.");
    let contact = app.contact(json!({"name": "ن".repeat(201), "phone": "01012345678", "message": "hello"})).await;
    assert_eq!(json_of(contact).await["errors"]["name"][0], "This field is too long.");
    let fine = app.post("dashboard/products", product("ب".repeat(200), "و".repeat(10_000)), Some(&admin)).await;
    assert_eq!(fine.status(), 200, "texts at the limit are accepted");
}

#[actix_web::test]
async fn absurd_prices_and_quantities_are_refused_and_no_sale_price_goes_negative() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012349102").await;
    let product =
        |price: &str, quantity: i64| json!({"name_ar": "بذور", "name_en": "Seeds", "price": price, "discount": 99, "weight": "1", "quantity": quantity});
    let response = app.post("dashboard/products", product("92233720368547758.07", 1), Some(&admin)).await;
    assert_eq!(response.status(), 422);
    assert_eq!(json_of(response).await["errors"]["price"][0], "The price may be at most 1,000,000 EGP.");
    let response = app.post("dashboard/products", product("10", i64::MAX), Some(&admin)).await;
    assert_eq!(json_of(response).await["errors"]["quantity"][0], "The quantity may be at most 1,000,000.");
    assert_eq!(app.post("dashboard/products", product("1000000", 1_000_000), Some(&admin)).await.status(), 200);
    let cheapest = json_of(app.get("products?sort=price_asc&per_page=1", None).await).await;
    assert!(cheapest["data"][0]["sale_price"].as_f64().unwrap() >= 0.0, "{cheapest}");
}

#[actix_web::test]
async fn password_hashing_is_bounded_and_the_overflow_gets_a_503_with_retry_after() {
    let app = spawn_app_with(|settings| {
        settings.limits.hashing_slots = 1;
        settings.limits.hashing_wait_ms = 1;
    })
    .await;
    let names: Vec<String> = (0..12).map(|n| format!("0101234{n:04}")).collect();
    let logins = names.iter().map(|name| app.login(name, "Wrong-password1"));
    let answers = futures_util::future::join_all(logins).await;
    let busy: Vec<_> = answers.iter().filter(|r| r.status() == 503).collect();
    assert!(!busy.is_empty(), "with one slot, twelve logins at once cannot all hash");
    assert!(busy.iter().all(|r| r.headers().get("retry-after").is_some_and(|v| v == "1")));
    assert!(answers.iter().all(|r| matches!(r.status().as_u16(), 422 | 503)), "every answer is a refusal, none an error");
    let busy = answers.into_iter().find(|r| r.status() == 503).unwrap();
    assert_eq!(json_of(busy).await["message"], "The server is busy. Please try again in a moment.");
}

#[actix_web::test]
async fn registrations_from_one_address_are_limited_before_any_message_is_sent() {
    let app = spawn_app().await;
    for n in 0..10 {
        app.register(&format!("0111111{n:04}"), None).await;
    }
    let sent = app.outbox().len();
    let body = json!({"name": "Pump", "phone": "01222220000", "password": PASSWORD, "password_confirmation": PASSWORD});
    let response = app.post("auth/register", body, None).await;
    assert_eq!(response.status(), 429);
    assert!(response.headers().get("retry-after").is_some());
    assert_eq!(app.outbox().len(), sent, "no message for a refused registration");
    assert_eq!(app.login("01222220000", PASSWORD).await.status(), 422, "no account was made");
}

#[actix_web::test]
async fn registrations_in_one_block_of_numbers_are_limited_across_addresses() {
    let app = spawn_app_with(|settings| {
        settings.limits.registrations_per_address = 100;
        settings.limits.registrations_per_phone_block = 3;
    })
    .await;
    for n in 0..3 {
        app.register(&format!("0155555{n:04}"), None).await;
    }
    let body = json!({"name": "Pump", "phone": "01555559999", "password": PASSWORD, "password_confirmation": PASSWORD});
    assert_eq!(app.post("auth/register", body, None).await.status(), 429);
    app.register("01066666666", None).await;
}

#[actix_web::test]
async fn contact_messages_and_reset_codes_are_limited_per_address() {
    let app = spawn_app().await;
    for n in 0..5 {
        let response = app.contact(json!({"name": "Nour", "phone": "01012345678", "message": format!("question {n}")})).await;
        assert_eq!(response.status(), 200);
    }
    let response = app.contact(json!({"name": "Nour", "phone": "01012345678", "message": "again"})).await;
    assert_eq!(response.status(), 429);
    for n in 0..10 {
        assert_eq!(app.post("auth/forget-password", json!({"username": format!("0101234{n:04}")}), None).await.status(), 200);
    }
    assert_eq!(app.forget_password("01012349999").await.status(), 429);
}

#[actix_web::test]
async fn failed_logins_count_per_account_whatever_name_is_typed_and_a_code_opens_it_again() {
    let app = spawn_app().await;
    app.register("01033333333", Some("owner@example.com")).await;
    for username in ["01033333333", "owner@example.com", "+201033333333", "OWNER@example.com", "01033333333"] {
        assert_eq!(app.login(username, "Wrong-password1").await.status(), 422, "{username}");
    }
    assert_eq!(app.login("owner@example.com", PASSWORD).await.status(), 429, "the account's fifth failure locks its password, by any name");

    app.forget_password("01033333333").await;
    let code = app.last_code("+201033333333");
    let checked = json_of(app.post("auth/forget-password/check-otp", json!({"username": "01033333333", "code": code}), None).await).await;
    let reset_token = checked["data"]["token"].as_str().unwrap().to_string();
    let new_password = "Harvest2027";
    let reset = app.put("auth/reset-password", json!({"password": new_password, "password_confirmation": new_password}), Some(&reset_token)).await;
    assert_eq!(reset.status(), 200);
    assert_eq!(app.login("owner@example.com", new_password).await.status(), 200, "the owner's code cleared the lock");
}

#[actix_web::test]
async fn many_failed_logins_from_one_address_are_refused_across_accounts() {
    let app = spawn_app_with(|settings| settings.limits.login_failures_per_address = 4).await;
    for n in 0..4 {
        assert_eq!(app.login(&format!("0101234{n:04}"), "Wrong-password1").await.status(), 422);
    }
    let response = app.login("01012340099", "Wrong-password1").await;
    assert_eq!(response.status(), 429);
    assert!(response.headers().get("retry-after").is_some());
}

/// The statuses of `count` copies of one request sent at once, sorted.
async fn all_at_once(count: usize, send: impl Fn() -> reqwest::RequestBuilder) -> Vec<(u16, serde_json::Value)> {
    let answers = futures_util::future::join_all((0..count).map(|_| send().send())).await;
    let mut statuses = Vec::new();
    for answer in answers {
        let answer = answer.unwrap();
        statuses.push((answer.status().as_u16(), answer.json().await.unwrap_or_default()));
    }
    statuses.sort_by_key(|(status, _)| *status);
    statuses
}

#[actix_web::test]
async fn a_phone_or_a_role_name_taken_by_a_concurrent_write_is_a_422_never_a_500() {
    let app = spawn_app_with(|settings| {
        settings.limits.registrations_per_address = 100;
        settings.limits.hashing_wait_ms = 60_000;
    })
    .await;
    let body = json!({"name": "Race", "phone": "01077777777", "password": PASSWORD, "password_confirmation": PASSWORD});
    let answers = all_at_once(12, || app.request(Method::POST, "auth/register", None, "en").json(&body)).await;
    assert_eq!(answers[0].0, 200, "{answers:?}");
    for (status, body) in &answers[1..] {
        assert_eq!(*status, 422, "{answers:?}");
        assert_eq!(body["errors"]["phone"][0], "This phone number is already registered.");
    }

    let admin = app.account_token(Role::Admin, "01077777700").await;
    let client = json!({"name": "Hassan", "phone": "01077777701"});
    let answers = all_at_once(10, || app.request(Method::POST, "dashboard/users", Some(&admin), "en").json(&client)).await;
    assert_eq!(answers.iter().filter(|(status, _)| *status == 200).count(), 1, "{answers:?}");
    assert!(
        answers[1..].iter().all(|(status, body)| *status == 422 && body["errors"]["phone"][0] == "This phone number is already registered."),
        "{answers:?}"
    );

    let role = json!({"name": "Cashiers", "permissions": ["order-list"]});
    let answers = all_at_once(10, || app.request(Method::POST, "dashboard/roles", Some(&admin), "en").json(&role)).await;
    assert_eq!(answers.iter().filter(|(status, _)| *status == 200).count(), 1, "{answers:?}");
    assert!(answers[1..].iter().all(|(status, body)| *status == 422 && body["errors"]["name"][0] == "Another role has this name."), "{answers:?}");
}
