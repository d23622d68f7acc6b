//! "Tell me when it is back": a client waiting for a product out of stock is told once, in
//! the bell and by SMS when they asked, when staff count units in again — on both databases.

use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app};

/// The client's "back in stock" notices.
async fn back_notices(app: &TestApp, token: &str) -> Vec<Value> {
    let bell = json_of(app.get("notifications", Some(token)).await).await;
    bell["data"].as_array().unwrap().iter().filter(|notice| notice["title"] == "Back in stock").cloned().collect()
}

#[actix_web::test]
async fn a_client_waiting_for_a_product_is_told_once_when_it_is_back_in_the_bell_and_by_sms() {
    let app = spawn_app().await;
    let admin = app.account_token(identity::Role::Admin, "01012349501").await;
    let peat = app.add_product(&admin, "Waiting peat moss", 30, 0, 1000).await;
    let seeds = app.add_product(&admin, "Plenty of seeds", 10, 40, 50).await;
    let texted = app.register("01012349502", None).await;
    let quiet = app.register("01012349503", None).await;
    let ask = |product: i64, body: Value, token: Option<String>| {
        let app = &app;
        async move { app.post(&format!("products/{product}/back-in-stock"), body, token.as_deref()).await }
    };

    assert_eq!(ask(peat, json!({"sms": true}), None).await.status(), 401, "a guest signs in first");
    let asked = ask(peat, json!({"sms": true}), Some(texted.clone())).await;
    assert_eq!(asked.status(), 200);
    assert_eq!(json_of(asked).await["message"], "We will tell you once when it is back.");
    assert_eq!(ask(peat, json!({"sms": true}), Some(texted.clone())).await.status(), 200, "asking twice keeps one wish");
    assert_eq!(ask(peat, json!({}), Some(quiet.clone())).await.status(), 200);
    let in_stock = ask(seeds, json!({}), Some(quiet.clone())).await;
    assert_eq!(in_stock.status(), 422);
    assert_eq!(json_of(in_stock).await["errors"]["product"][0], "It is in stock: you can order it now.");
    assert_eq!(ask(999_999, json!({}), Some(quiet.clone())).await.status(), 404);
    actix_web::rt::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(back_notices(&app, &texted).await.is_empty(), "nothing while it is out of stock");

    let form = json!({"name_ar": "بيتموس للانتظار", "name_en": "Waiting peat moss", "price": 30, "quantity": 6, "weight": 1000, "weight_unit": "g"});
    assert_eq!(app.put(&format!("dashboard/products/{peat}"), form, Some(&admin)).await.status(), 200);
    let mut told = Vec::new();
    for _ in 0..100 {
        told = back_notices(&app, &texted).await;
        if !told.is_empty() {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(told.len(), 1, "told in the bell");
    let slug = json_of(app.get(&format!("dashboard/products/{peat}"), Some(&admin)).await).await["data"]["slug"].as_str().unwrap().to_string();
    assert_eq!(told[0]["link"], format!("/products/{slug}"), "the notice opens the product");
    assert_eq!(back_notices(&app, &quiet).await.len(), 1, "the one who did not ask for SMS hears in the bell");
    let texts =
        app.outbox_when(|outbox| outbox.iter().any(|m| m["to"] == "+201012349502" && m["body"].as_str().unwrap_or_default().contains("back in stock"))).await;
    assert!(texts.iter().any(|m| m["to"] == "+201012349502" && m["body"] == "Mahsoul: Waiting peat moss is back in stock."), "in the language asked in");
    assert!(!texts.iter().any(|m| m["to"] == "+201012349503" && m["body"].as_str().unwrap_or_default().contains("back in stock")), "no SMS unasked");

    // Sold out and back again: the wish was told and forgotten.
    for quantity in [0, 4] {
        let form = json!({"name_ar": "بيتموس للانتظار", "name_en": "Waiting peat moss", "price": 30, "quantity": quantity, "weight": 1000, "weight_unit": "g"});
        assert_eq!(app.put(&format!("dashboard/products/{peat}"), form, Some(&admin)).await.status(), 200);
    }
    actix_web::rt::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(back_notices(&app, &texted).await.len(), 1, "told once");
}
