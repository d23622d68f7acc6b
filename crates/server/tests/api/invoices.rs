//! Invoices over HTTP: a PDF for the order's client, the guest with its number and phone, and
//! staff who may see it; a 404 for anyone else.

use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app};

/// The text of a PDF answer as poppler's `pdftotext` reads it (bidi marks left out).
pub(crate) async fn pdf_text(response: reqwest::Response) -> String {
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("invoice.pdf");
    std::fs::write(&file, &bytes).unwrap();
    let out = std::process::Command::new("pdftotext").arg(&file).arg("-").output().expect("pdftotext (poppler-utils; make test installs it)");
    String::from_utf8(out.stdout)
        .unwrap()
        .chars()
        .filter(|c| !matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
        .collect()
}

async fn get(app: &TestApp, path: &str, token: Option<&str>, lang: &str) -> reqwest::Response {
    app.request(Method::GET, path, token, lang).send().await.unwrap()
}

#[actix_web::test]
async fn the_buyer_the_guest_and_staff_download_the_invoice_and_nobody_else() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012380001").await;
    let seeds = app.add_product(&admin, "Mint seeds", 40, 20, 250).await;
    let buyer = app.account_token(Role::Customer, "01012380002").await;
    app.add_to_cart(&buyer, seeds, json!(3)).await;
    let order = json_of(app.checkout(&buyer, json!({"address": "12 Nile St", "city_id": 1, "type": "self"}), None).await).await["data"].clone();
    let (id, number) = (order["id"].as_i64().unwrap(), order["number"].as_str().unwrap().to_string());

    let english = get(&app, &format!("orders/{id}/invoice"), Some(&buyer), "en").await;
    assert!(english.headers()["content-disposition"].to_str().unwrap().contains(&format!("invoice-{number}.pdf")));
    let text = pdf_text(english).await;
    for expected in [number.as_str(), "Invoice", "Mint seeds", "EGP 120.00", "EGP 170.00", "Cash on delivery"] {
        assert!(text.contains(expected), "{expected:?} missing:\n{text}");
    }
    let arabic = pdf_text(get(&app, &format!("orders/{id}/invoice?lang=ar"), Some(&buyer), "en").await).await;
    // The demo's Arabic name mixes in the English one; pdftotext reads each part.
    for expected in [number.as_str(), "فاتورة", "بالعربية", "Mint seeds", "الإجمالي المستحق", "120.00", "170.00"] {
        assert!(arabic.contains(expected), "{expected:?} missing:\n{arabic}");
    }

    let other = app.account_token(Role::Customer, "01012380003").await;
    assert_eq!(get(&app, &format!("orders/{id}/invoice"), Some(&other), "en").await.status(), 404, "another client's");
    assert_eq!(get(&app, &format!("orders/{id}/invoice"), None, "en").await.status(), 401);
    assert!(pdf_text(get(&app, &format!("dashboard/orders/{id}/invoice"), Some(&admin), "en").await).await.contains(&number));
    assert_eq!(get(&app, &format!("dashboard/orders/{id}/invoice"), Some(&buyer), "en").await.status(), 403);
    assert_eq!(get(&app, &format!("dashboard/guest-orders/{id}/invoice"), Some(&admin), "en").await.status(), 404, "not a guest order");

    let guest: Value = json_of(
        app.guest_checkout(
            &json!({"name": "Mona", "phone": "01112380009", "address": "Farm road", "city_id": 2, "items": [{"id": seeds, "quantity": 1}]}),
            None,
        )
        .await,
    )
    .await["data"]
        .clone();
    let guest_number = guest["number"].as_str().unwrap();
    let by_guest = get(&app, &format!("guest-orders/{guest_number}/invoice?phone=%2B20%20111%20238%200009"), None, "ar").await;
    assert!(pdf_text(by_guest).await.contains(guest_number), "the phone in any form");
    assert_eq!(get(&app, &format!("guest-orders/{guest_number}/invoice?phone=01112380008"), None, "en").await.status(), 404, "a wrong phone");
    assert_eq!(get(&app, &format!("guest-orders/{number}/invoice?phone=01012380002"), None, "en").await.status(), 200, "a client order with its phone");
    let guest_id = guest["id"].as_i64().unwrap();
    assert!(pdf_text(get(&app, &format!("dashboard/guest-orders/{guest_id}/invoice"), Some(&admin), "en").await).await.contains(guest_number));
}
