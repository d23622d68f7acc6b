//! Public settings, content pages and the contact form.

use diesel::{QueryDsl, RunQueryDsl};
use reqwest::Method;
use serde_json::json;

use crate::helpers::{json_of, spawn_app_with_catalogue};

#[actix_web::test]
async fn the_public_settings_carry_contacts_and_the_shipping_rule_numbers() {
    let app = spawn_app_with_catalogue().await;
    let settings = json_of(app.request(Method::GET, "settings", None, "ar").send().await.unwrap()).await["data"].clone();
    assert_eq!(settings["shipping"], json!({"free_weight_kg": 10, "extra_fee_per_kg": 5.0, "estimated_hours": 48}));
    assert_eq!(settings["points_earn_rate"], 10.0);
    assert!(settings["whatsapp_number"].as_str().unwrap().starts_with("20"));
    assert!(settings["address"].as_str().unwrap().contains("الجيزة"));
    let english = json_of(app.get("settings", None).await).await;
    assert!(english["data"]["address"].as_str().unwrap().contains("Giza"));
}

#[actix_web::test]
async fn the_four_pages_in_both_languages_and_nothing_else() {
    let app = spawn_app_with_catalogue().await;
    for slug in ["about-us", "terms-and-conditions", "privacy-policy", "refund-policies"] {
        let arabic = json_of(app.request(Method::GET, &format!("pages/{slug}"), None, "ar").send().await.unwrap()).await;
        let english = json_of(app.get(&format!("pages/{slug}"), None).await).await;
        assert_eq!(arabic["data"]["slug"], slug);
        assert_ne!(arabic["data"]["title"], english["data"]["title"], "{slug}");
        assert!(english["data"]["body"].as_str().unwrap().len() > 100, "{slug}");
    }
    assert_eq!(json_of(app.get("pages/about-us", None).await).await["data"]["title"], "About us");
    assert_eq!(app.get("pages/secrets", None).await.status(), 404);
}

#[actix_web::test]
async fn a_contact_message_is_kept_for_staff_and_bad_ones_are_refused() {
    let app = spawn_app_with_catalogue().await;
    let count = || {
        let db = app.database();
        let conn = &mut *db.conn().unwrap();
        store::schema::contact_messages::table.count().get_result::<i64>(conn).unwrap()
    };
    let refused = app.contact(json!({"name": "Samir", "message": "Hi"})).await;
    assert_eq!(refused.status(), 422);
    assert_eq!(json_of(refused).await["errors"]["phone"][0], "Give a phone number or an e-mail so we can answer.");
    let empty = json_of(app.contact(json!({})).await).await;
    assert_eq!(empty["errors"]["name"][0], "Name is required");
    assert_eq!(empty["errors"]["message"][0], "Message is required");
    assert_eq!(count(), 0);

    let sent = app
        .request(Method::POST, "contact", None, "ar")
        .form(&[("name", "سمير"), ("phone", "٠١٠١٢٣٤٥٦٧٨"), ("message", "هل يوجد سماد للنخيل؟")])
        .send()
        .await
        .unwrap();
    assert_eq!(sent.status(), 200);
    assert_eq!(json_of(sent).await["message"], "شكرًا لك! سيتواصل معك فريقنا قريبًا.");
    assert_eq!(count(), 1);
}
