//! Where orders go, over HTTP: the public list of shipping cities, staff's cities, and the
//! addresses each buyer keeps to themselves.

use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{json_of, spawn_app};

fn names(list: &Value) -> Vec<String> {
    list["data"].as_array().unwrap().iter().map(|city| city["name"].as_str().or(city["name_en"].as_str()).unwrap().to_string()).collect()
}

#[actix_web::test]
async fn anybody_reads_the_27_governorates_in_their_language_with_their_cost() {
    let app = spawn_app().await;
    let english = json_of(app.get("shipping-cities", None).await).await;
    assert_eq!(english["data"].as_array().unwrap().len(), 27);
    assert_eq!(english["data"][0]["name"], "Cairo");
    assert!(english["data"][0]["shipping_cost"].as_f64().unwrap() > 0.0);
    let arabic = json_of(app.request(Method::GET, "shipping-cities", None, "ar").send().await.unwrap()).await;
    assert_eq!(arabic["data"][0]["name"], "القاهرة");
}

#[actix_web::test]
async fn staff_add_edit_search_and_remove_cities_and_a_city_in_use_is_only_deactivated() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012350001").await;
    let added = app.add_city(&admin, json!({"name_ar": "سيوة", "name_en": "Siwa", "shipping_cost": "١٢٠٫٥", "sort_order": 30})).await;
    assert_eq!(added.status(), 200);
    let found = json_of(app.get("dashboard/shipping-cities?search=siw", Some(&admin)).await).await;
    assert_eq!(names(&found), ["Siwa"]);
    let siwa = found["data"][0]["id"].as_i64().unwrap();
    assert_eq!((found["data"][0]["shipping_cost"].as_f64(), found["meta"]["total"].as_u64()), (Some(120.5), Some(1)));
    assert!(names(&json_of(app.get("shipping-cities", None).await).await).contains(&"Siwa".to_string()), "buyers can choose it");

    let edited =
        app.put(&format!("dashboard/shipping-cities/{siwa}"), json!({"name_ar": "سيوة", "name_en": "Siwa Oasis", "shipping_cost": 150}), Some(&admin)).await;
    assert_eq!(edited.status(), 200);
    let city = json_of(app.get(&format!("dashboard/shipping-cities/{siwa}"), Some(&admin)).await).await;
    assert_eq!((city["data"]["name_en"].as_str(), city["data"]["shipping_cost"].as_f64()), (Some("Siwa Oasis"), Some(150.0)));

    let buyer = app.account_token(Role::Customer, "01012350002").await;
    assert_eq!(app.add_address(&buyer, "Palm farm road", json!(siwa)).await.status(), 200);
    let deactivated = app.request(Method::DELETE, &format!("dashboard/shipping-cities/{siwa}"), Some(&admin), "en").send().await.unwrap();
    assert_eq!(json_of(deactivated).await["message"], "Addresses still use this city, so it was deactivated instead of deleted.");
    assert!(!names(&json_of(app.get("shipping-cities", None).await).await).contains(&"Siwa Oasis".to_string()), "no longer offered");
    assert_eq!(json_of(app.addresses(&buyer).await).await["data"][0]["shipping_city"]["name"], "Siwa Oasis", "the address keeps its city");

    app.add_city(&admin, json!({"name_ar": "مؤقتة", "name_en": "Temporary", "shipping_cost": 10})).await;
    let temporary = json_of(app.get("dashboard/shipping-cities?search=temp", Some(&admin)).await).await["data"][0]["id"].as_i64().unwrap();
    let deleted = app.request(Method::DELETE, &format!("dashboard/shipping-cities/{temporary}"), Some(&admin), "en").send().await.unwrap();
    assert_eq!(json_of(deleted).await["message"], "The city has been deleted.");
    assert_eq!(app.get(&format!("dashboard/shipping-cities/{temporary}"), Some(&admin)).await.status(), 404);
}

#[actix_web::test]
async fn a_bad_city_is_refused_per_field_in_both_languages_and_sales_may_not_touch_cities() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012350003").await;
    let refused = app.add_city(&admin, json!({"name_en": "Nowhere", "shipping_cost": "-5"})).await;
    assert_eq!(refused.status(), 422);
    let errors = json_of(refused).await["errors"].clone();
    assert_eq!(errors["name_ar"][0], "The Arabic name is required");
    assert_eq!(errors["shipping_cost"][0], "Enter a cost from 0 to 100,000 EGP, with at most two decimals.");
    let arabic = app
        .request(Method::POST, "dashboard/shipping-cities", Some(&admin), "ar")
        .json(&json!({"name_ar": "x", "name_en": "x", "shipping_cost": "100001"}))
        .send()
        .await
        .unwrap();
    assert_eq!(json_of(arabic).await["errors"]["shipping_cost"][0], "أدخل تكلفة من 0 إلى 100,000 جنيه، بخانتين عشريتين على الأكثر.");
    assert_eq!(app.add_city(&admin, json!({"name_ar": "ب", "name_en": "B", "shipping_cost": [1]})).await.status(), 422);
    assert_eq!(json_of(app.get("dashboard/shipping-cities?per_page=100", Some(&admin)).await).await["meta"]["total"], 27, "nothing was added");

    let sales = app.account_token(Role::Sales, "01012350004").await;
    assert_eq!(app.get("dashboard/shipping-cities", Some(&sales)).await.status(), 403);
    assert_eq!(app.add_city(&sales, json!({"name_ar": "ب", "name_en": "B", "shipping_cost": 1})).await.status(), 403);
    assert_eq!(app.get("dashboard/shipping-cities", None).await.status(), 401);
}

#[actix_web::test]
async fn a_buyer_keeps_addresses_shown_with_city_and_cost_and_another_buyers_are_404() {
    let app = spawn_app().await;
    let buyer = app.account_token(Role::Customer, "01012350005").await;
    assert_eq!(json_of(app.addresses(&buyer).await).await["data"], json!([]));

    let saved = json_of(app.add_address(&buyer, "  12 Nile St, Dokki  ", json!("٢")).await).await;
    assert_eq!(saved["message"], "The address has been saved.");
    let id = saved["data"]["id"].as_i64().unwrap();
    assert_eq!((saved["data"]["address"].as_str(), saved["data"]["shipping_city"]["name"].as_str()), (Some("12 Nile St, Dokki"), Some("Giza")));
    assert!(saved["data"]["shipping_city"]["shipping_cost"].as_f64().unwrap() > 0.0);

    let moved = json_of(app.put(&format!("addresses/{id}"), json!({"address": "3 Corniche", "city_id": 1}), Some(&buyer)).await).await;
    assert_eq!((moved["data"]["address"].as_str(), moved["data"]["shipping_city"]["name"].as_str()), (Some("3 Corniche"), Some("Cairo")));

    let other = app.account_token(Role::Customer, "01012350006").await;
    assert_eq!(json_of(app.addresses(&other).await).await["data"], json!([]));
    assert_eq!(app.put(&format!("addresses/{id}"), json!({"address": "mine now", "city_id": 1}), Some(&other)).await.status(), 404);
    assert_eq!(app.request(Method::DELETE, &format!("addresses/{id}"), Some(&other), "en").send().await.unwrap().status(), 404);
    assert_eq!(json_of(app.addresses(&buyer).await).await["data"][0]["address"], "3 Corniche", "untouched by the other buyer");

    let deleted = app.request(Method::DELETE, &format!("addresses/{id}"), Some(&buyer), "en").send().await.unwrap();
    assert_eq!(json_of(deleted).await["message"], "The address has been deleted.");
    assert_eq!(json_of(app.addresses(&buyer).await).await["data"], json!([]));
    assert_eq!(app.get("addresses", None).await.status(), 401);
}

#[actix_web::test]
async fn a_bad_address_is_refused_per_field_and_a_buyer_keeps_at_most_20() {
    let app = spawn_app().await;
    let buyer = app.account_token(Role::Customer, "01012350007").await;
    let refused = app.add_address(&buyer, " ", Value::Null).await;
    assert_eq!(refused.status(), 422);
    let errors = json_of(refused).await["errors"].clone();
    assert_eq!((errors["address"][0].as_str(), errors["city_id"][0].as_str()), (Some("Address is required"), Some("City is required")));
    let arabic = app.request(Method::POST, "addresses", Some(&buyer), "ar").json(&json!({"address": "", "city_id": 999})).send().await.unwrap();
    let errors = json_of(arabic).await["errors"].clone();
    assert_eq!((errors["address"][0].as_str(), errors["city_id"][0].as_str()), (Some("العنوان مطلوب"), Some("اختر مدينة من القائمة.")));
    assert_eq!(app.add_address(&buyer, &"x".repeat(501), json!(1)).await.status(), 422);
    assert_eq!(app.add_address(&buyer, "fine", json!({"id": 1})).await.status(), 422);

    for n in 0..20 {
        assert_eq!(app.add_address(&buyer, &format!("Farm {n}"), json!(1)).await.status(), 200);
    }
    let full = app.add_address(&buyer, "one too many", json!(1)).await;
    assert_eq!(full.status(), 422);
    assert_eq!(json_of(full).await["errors"]["address"][0], "You can keep at most 20 addresses: delete one first.");
    assert_eq!(json_of(app.addresses(&buyer).await).await["data"].as_array().unwrap().len(), 20);
}
