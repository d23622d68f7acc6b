//! Staff's settings, pages and contact messages: changes reach the storefront, broken
//! changes change nothing, and only holders of the permission get in.

use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app_with_catalogue};

async fn public_settings(app: &TestApp, lang: &str) -> Value {
    json_of(app.request(Method::GET, "settings", None, lang).send().await.unwrap()).await["data"].clone()
}

#[actix_web::test]
async fn staff_change_the_settings_and_the_storefront_follows() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012348001").await;
    let before = json_of(app.get("dashboard/settings", Some(&admin)).await).await["data"].clone();
    assert_eq!(before["extra_fee_per_kg"], 5.0);
    assert!(before["address_ar"].as_str().unwrap().contains("الجيزة"));

    let change = json!({
        "whatsapp_number": "٠١٠٩٨٧٦٥٤٣٢",
        "address_ar": "٥ شارع النيل، أسوان",
        "address_en": "5 Nile Street, Aswan",
        "facebook_url": "https://facebook.com/mahsoul",
        "extra_fee_per_kg": "7.50",
        "free_weight_kg": 12,
        "shipping_hours": "٢٤",
        "points_earn_rate": 20
    });
    let saved = app.put("dashboard/settings", change, Some(&admin)).await;
    assert_eq!(saved.status(), 200);
    let saved = json_of(saved).await;
    assert_eq!(saved["message"], "The settings have been saved.");
    assert_eq!(saved["data"]["whatsapp_number"], "201098765432");
    assert_eq!(saved["data"]["email"], before["email"], "a field left out keeps its value");

    let arabic = public_settings(&app, "ar").await;
    assert_eq!(arabic["whatsapp_number"], "201098765432");
    assert_eq!(arabic["address"], "٥ شارع النيل، أسوان");
    assert_eq!(arabic["social"]["facebook"], "https://facebook.com/mahsoul");
    assert_eq!(arabic["shipping"], json!({"free_weight_kg": 12, "extra_fee_per_kg": 7.5, "estimated_hours": 24}));
    assert_eq!(arabic["points_earn_rate"], 20.0);
    assert_eq!(public_settings(&app, "en").await["address"], "5 Nile Street, Aswan");
}

#[actix_web::test]
async fn a_broken_settings_change_names_each_field_and_changes_nothing() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012348002").await;
    let before = public_settings(&app, "en").await;
    let change = json!({
        "address_en": "1 New Street",
        "email": "shop@",
        "whatsapp_number": "call us",
        "instagram_url": "javascript:alert(1)",
        "extra_fee_per_kg": "-3",
        "shipping_hours": 0,
        "points_earn_rate": "0"
    });
    let refused = app.request(Method::PUT, "dashboard/settings", Some(&admin), "ar").json(&change).send().await.unwrap();
    assert_eq!(refused.status(), 422);
    let errors = json_of(refused).await["errors"].clone();
    assert_eq!(errors["email"][0], "أدخل بريدًا إلكترونيًا صحيحًا.");
    for field in ["whatsapp_number", "instagram_url", "extra_fee_per_kg", "shipping_hours", "points_earn_rate"] {
        assert!(errors[field][0].as_str().is_some_and(|m| !m.is_empty()), "{field}: {errors}");
    }
    assert!(errors.get("address_en").is_none());
    assert_eq!(public_settings(&app, "en").await, before);
}

#[actix_web::test]
async fn staff_rewrite_a_page_in_both_languages() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012348003").await;
    let pages = json_of(app.get("dashboard/settings/pages", Some(&admin)).await).await["data"].clone();
    let slugs: Vec<&str> = pages.as_array().unwrap().iter().map(|p| p["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["about-us", "terms-and-conditions", "privacy-policy", "refund-policies"]);
    assert_eq!(pages[0]["title_en"], "About us");

    let text = json!({"title_ar": "قصتنا", "title_en": "Our story", "body_ar": "بدأنا في الفيوم.\n\nونشحن لكل المحافظات.", "body_en": "We started in Fayoum.\n\nWe ship everywhere."});
    let saved = app.put("dashboard/settings/pages/about-us", text, Some(&admin)).await;
    assert_eq!(saved.status(), 200);
    let arabic = json_of(app.request(Method::GET, "pages/about-us", None, "ar").send().await.unwrap()).await["data"].clone();
    assert_eq!(arabic["title"], "قصتنا");
    assert_eq!(arabic["body"], "بدأنا في الفيوم.\n\nونشحن لكل المحافظات.");
    assert_eq!(json_of(app.get("pages/about-us", None).await).await["data"]["title"], "Our story");

    let half = app.put("dashboard/settings/pages/about-us", json!({"title_ar": "قصتنا", "title_en": "", "body_ar": "نص"}), Some(&admin)).await;
    assert_eq!(half.status(), 422);
    let errors = json_of(half).await["errors"].clone();
    assert_eq!(errors["title_en"][0], "The English title is required");
    assert_eq!(errors["body_en"][0], "The English text is required");
    assert_eq!(json_of(app.get("pages/about-us", None).await).await["data"]["title"], "Our story");
    let unknown = app.put("dashboard/settings/pages/secrets", json!({"title_ar": "س", "title_en": "S", "body_ar": "ن", "body_en": "T"}), Some(&admin)).await;
    assert_eq!(unknown.status(), 404);
}

async fn send_contact(app: &TestApp, name: &str, phone: Option<&str>, email: Option<&str>, message: &str) {
    let response = app.contact(json!({"name": name, "phone": phone, "email": email, "message": message})).await;
    assert_eq!(response.status(), 200);
}

async fn names(app: &TestApp, query: &str, token: &str) -> Vec<String> {
    let list = json_of(app.get(&format!("dashboard/contact-messages{query}"), Some(token)).await).await;
    list["data"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap().to_string()).collect()
}

#[actix_web::test]
async fn staff_find_handle_and_remove_contact_messages() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012348004").await;
    send_contact(&app, "Samir Adel", Some("01012345678"), None, "Do you sell drip irrigation kits?").await;
    send_contact(&app, "منى", None, Some("Mona@Example.com"), "هل يوجد سماد للنخيل؟").await;
    send_contact(&app, "Hassan", Some("01112345678"), None, "Wholesale prices for 100% organic compost_mix?").await;

    let all = json_of(app.get("dashboard/contact-messages", Some(&admin)).await).await;
    assert_eq!(all["meta"]["total"], 3);
    assert_eq!(names(&app, "", &admin).await, ["Hassan", "منى", "Samir Adel"], "newest first");
    let first = &all["data"][2];
    assert_eq!((first["phone"].as_str(), first["status"].as_str()), (Some("01012345678"), Some("new")));

    assert_eq!(names(&app, "?search=SAMIR", &admin).await, ["Samir Adel"]);
    assert_eq!(names(&app, "?search=mona@example", &admin).await, ["منى"]);
    assert_eq!(names(&app, "?search=للنخيل", &admin).await, ["منى"]);
    assert_eq!(names(&app, "?search=0111", &admin).await, ["Hassan"]);
    assert_eq!(names(&app, "?search=100%25%20organic", &admin).await, ["Hassan"]);
    assert_eq!(names(&app, "?search=100%25compost", &admin).await, Vec::<String>::new(), "% is a character, not a wildcard");
    assert_eq!(names(&app, "?search=organic_compost", &admin).await, Vec::<String>::new(), "_ is a character, not a wildcard");

    let paged = json_of(app.get("dashboard/contact-messages?per_page=2&page=2", Some(&admin)).await).await;
    assert_eq!(paged["meta"], json!({"current_page": 2, "last_page": 2, "per_page": 2, "total": 3}));
    assert_eq!(paged["data"][0]["name"], "Samir Adel");

    let id = first["id"].as_i64().unwrap();
    let handled = app.request(Method::POST, &format!("dashboard/contact-messages/{id}/handled"), Some(&admin), "en").send().await.unwrap();
    assert_eq!(handled.status(), 200);
    assert_eq!(names(&app, "?status=handled", &admin).await, ["Samir Adel"]);
    assert_eq!(names(&app, "?status=new", &admin).await, ["Hassan", "منى"]);
    assert_eq!(app.get("dashboard/contact-messages?status=lost", Some(&admin)).await.status(), 422);

    let removed = app.request(Method::DELETE, &format!("dashboard/contact-messages/{id}"), Some(&admin), "en").send().await.unwrap();
    assert_eq!(removed.status(), 200);
    assert_eq!(names(&app, "", &admin).await, ["Hassan", "منى"]);
    let again = app.request(Method::DELETE, &format!("dashboard/contact-messages/{id}"), Some(&admin), "en").send().await.unwrap();
    assert_eq!(again.status(), 404);
    let missing = app.request(Method::POST, &format!("dashboard/contact-messages/{id}/handled"), Some(&admin), "en").send().await.unwrap();
    assert_eq!(missing.status(), 404);
}

#[actix_web::test]
async fn customers_and_sales_cannot_touch_settings_or_messages() {
    let app = spawn_app_with_catalogue().await;
    let customer = app.account_token(Role::Customer, "01012348005").await;
    let sales = app.account_token(Role::Sales, "01012348006").await;
    send_contact(&app, "Samir", Some("01012345678"), None, "Hello").await;
    let before = public_settings(&app, "en").await;
    for token in [Some(customer.as_str()), Some(sales.as_str()), None] {
        let expected = if token.is_some() { 403 } else { 401 };
        let calls = [
            app.get("dashboard/settings", token).await,
            app.put("dashboard/settings", json!({"whatsapp_number": "01011111111"}), token).await,
            app.get("dashboard/settings/pages", token).await,
            app.put("dashboard/settings/pages/about-us", json!({"title_ar": "س", "title_en": "S", "body_ar": "ن", "body_en": "T"}), token).await,
            app.get("dashboard/contact-messages", token).await,
            app.post("dashboard/contact-messages/1/handled", json!({}), token).await,
            app.request(Method::DELETE, "dashboard/contact-messages/1", token, "en").send().await.unwrap(),
        ];
        for response in calls {
            assert_eq!(response.status(), expected, "{}", response.url());
        }
    }
    assert_eq!(public_settings(&app, "en").await, before);
    assert_eq!(json_of(app.get("pages/about-us", None).await).await["data"]["title"], "About us");
}
