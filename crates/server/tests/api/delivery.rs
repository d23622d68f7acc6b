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
    assert_eq!(json_of(deactivated).await["message"], "Addresses still use this governorate, so it was deactivated instead of deleted.");
    assert!(!names(&json_of(app.get("shipping-cities", None).await).await).contains(&"Siwa Oasis".to_string()), "no longer offered");
    assert_eq!(json_of(app.addresses(&buyer).await).await["data"][0]["shipping_city"]["name"], "Siwa Oasis", "the address keeps its city");

    app.add_city(&admin, json!({"name_ar": "مؤقتة", "name_en": "Temporary", "shipping_cost": 10})).await;
    let temporary = json_of(app.get("dashboard/shipping-cities?search=temp", Some(&admin)).await).await["data"][0]["id"].as_i64().unwrap();
    let deleted = app.request(Method::DELETE, &format!("dashboard/shipping-cities/{temporary}"), Some(&admin), "en").send().await.unwrap();
    assert_eq!(json_of(deleted).await["message"], "The governorate has been deleted.");
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
    assert_eq!((errors["address"][0].as_str(), errors["city_id"][0].as_str()), (Some("Address is required"), Some("Governorate is required")));
    let arabic = app.request(Method::POST, "addresses", Some(&buyer), "ar").json(&json!({"address": "", "city_id": 999})).send().await.unwrap();
    let errors = json_of(arabic).await["errors"].clone();
    assert_eq!((errors["address"][0].as_str(), errors["city_id"][0].as_str()), (Some("العنوان مطلوب"), Some("اختر محافظة من القائمة.")));
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

#[actix_web::test]
async fn a_citys_cash_fee_is_its_own_part_of_the_total_and_a_city_without_cash_on_delivery_refuses_with_why() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012350005").await;
    let seeds = app.add_product(&admin, "Okra seeds", 100, 20, 200).await;
    for body in [
        json!({"name_ar": "سيوة", "name_en": "Siwa", "shipping_cost": 80, "cod_accepted": false}),
        json!({"name_ar": "الأقصر", "name_en": "Luxor", "shipping_cost": 60, "cod_fee_kind": "percent", "cod_fee": "1.5"}),
        json!({"name_ar": "أسوان", "name_en": "Aswan", "shipping_cost": 60, "cod_fee_kind": "flat", "cod_fee": "١٢٫٥"}),
    ] {
        assert_eq!(app.add_city(&admin, body).await.status(), 200);
    }
    let cities = json_of(app.get("shipping-cities", None).await).await;
    let city = |name: &str| cities["data"].as_array().unwrap().iter().find(|city| city["name"] == name).unwrap().clone();
    assert_eq!(city("Luxor")["cod"], json!({"accepted": true, "fee_kind": "percent", "fee": 1.5}), "buyers see the terms to add the fee themselves");
    assert_eq!(city("Aswan")["cod"], json!({"accepted": true, "fee_kind": "flat", "fee": 12.5}));
    assert_eq!(city("Siwa")["cod"]["accepted"], false);
    assert_eq!(city("Cairo")["cod"], json!({"accepted": true, "fee_kind": "none", "fee": 0.0}), "cities before the setting keep cash without a fee");
    let order = |city: &Value, expected_total: Option<&str>, lang: &'static str| {
        let mut body = json!({"name": "Mona", "phone": "01112350005", "address": "Farm", "city_id": city["id"], "items": [{"id": seeds, "quantity": 2}]});
        if let Some(total) = expected_total {
            body["expected_total"] = json!(total);
        }
        let request = app.request(Method::POST, "guest-orders/checkout", None, lang).json(&body);
        async move { request.send().await.unwrap() }
    };

    for (lang, message) in [
        ("en", "We do not take cash on delivery in Siwa yet. Please call us on 01000000000 and we will arrange your order."),
        ("ar", "لا نقبل الدفع عند الاستلام في سيوة بعد. اتصل بنا على 01000000000 وسنرتب طلبك."),
    ] {
        let refused = order(&city("Siwa"), None, lang).await;
        assert_eq!(refused.status(), 422);
        assert_eq!(json_of(refused).await["errors"]["city_id"][0], message);
    }
    assert_eq!(app.stock(seeds), 20, "nothing was ordered");

    // Two packets and EGP 60 of shipping are 260 before the fee: 1.5 % is 3.90.
    let unseen = json_of(order(&city("Luxor"), Some("260.00"), "en").await).await;
    assert!(unseen["errors"]["expected_total"][0].as_str().unwrap().contains("263.90"), "{unseen}");
    let placed = order(&city("Luxor"), Some("263.90"), "en").await;
    assert_eq!(placed.status(), 201);
    let placed = json_of(placed).await;
    assert_eq!((placed["data"]["cod_fee"].as_f64(), placed["data"]["total"].as_f64()), (Some(3.9), Some(263.9)));
    let id = placed["data"]["id"].as_i64().unwrap();
    let stored = json_of(app.get(&format!("dashboard/guest-orders/{id}"), Some(&admin)).await).await;
    assert_eq!((stored["data"]["cod_fee"].as_f64(), stored["data"]["shipping_total"].as_f64()), (Some(3.9), Some(60.0)), "read back as placed");
    let flat = json_of(order(&city("Aswan"), None, "en").await).await;
    assert_eq!((flat["data"]["cod_fee"].as_f64(), flat["data"]["total"].as_f64()), (Some(12.5), Some(272.5)));

    let siwa = city("Siwa")["id"].as_i64().unwrap();
    for (body, field) in [
        (json!({"name_ar": "سيوة", "name_en": "Siwa", "shipping_cost": 80, "cod_fee_kind": "percent", "cod_fee": "100.01"}), "cod_fee"),
        (json!({"name_ar": "سيوة", "name_en": "Siwa", "shipping_cost": 80, "cod_fee_kind": "flat", "cod_fee": "-1"}), "cod_fee"),
        (json!({"name_ar": "سيوة", "name_en": "Siwa", "shipping_cost": 80, "cod_fee_kind": "bitcoin", "cod_fee": "1"}), "cod_fee_kind"),
    ] {
        let refused = app.put(&format!("dashboard/shipping-cities/{siwa}"), body, Some(&admin)).await;
        assert_eq!(refused.status(), 422);
        assert!(json_of(refused).await["errors"][field][0].is_string());
    }
    let staff_view = json_of(app.get(&format!("dashboard/shipping-cities/{siwa}"), Some(&admin)).await).await;
    assert_eq!(staff_view["data"]["cod"], json!({"accepted": false, "fee_kind": "none", "fee": 0.0}), "a refused edit changes nothing");
}

#[actix_web::test]
async fn an_address_keeps_what_the_buyer_calls_it_who_takes_the_parcel_and_the_landmark() {
    let app = spawn_app().await;
    let buyer = app.register("01012349601", None).await;
    let details = json!({"address": "Farm road 4", "city_id": 1, "label": "farm", "recipient_name": "Am Hassan", "recipient_phone": "0101 234 5679", "landmark": "the green gate"});
    let saved = app.post("addresses", details, Some(&buyer)).await;
    assert_eq!(saved.status(), 200);
    let data = json_of(saved).await["data"].clone();
    assert_eq!(
        (data["label"].as_str(), data["recipient_name"].as_str(), data["recipient_phone"].as_str(), data["landmark"].as_str()),
        (Some("farm"), Some("Am Hassan"), Some("01012345679"), Some("the green gate"))
    );
    let plain = json_of(app.add_address(&buyer, "12 Nile St", json!(1)).await).await["data"].clone();
    assert_eq!((plain["label"].as_str(), plain["recipient_name"].is_null(), plain["landmark"].is_null()), (Some("home"), true, true), "a home by default");

    let refused = app.post("addresses", json!({"address": "x", "city_id": 1, "label": "castle", "recipient_name": "Am Hassan"}), Some(&buyer)).await;
    assert_eq!(refused.status(), 422);
    let errors = json_of(refused).await["errors"].clone();
    assert_eq!(errors["label"][0], "Choose home, farm or shop.");
    assert!(errors["recipient_phone"].is_array(), "a recipient without a phone the courier can call: {errors}");
    let bad_phone = app.post("addresses", json!({"address": "x", "city_id": 1, "recipient_name": "Am Hassan", "recipient_phone": "12345"}), Some(&buyer)).await;
    assert_eq!(bad_phone.status(), 422);

    let id = data["id"].as_i64().unwrap();
    let changed = app.put(&format!("addresses/{id}"), json!({"address": "Farm road 4", "city_id": 1, "label": "shop"}), Some(&buyer)).await;
    assert_eq!(changed.status(), 200);
    let listed = json_of(app.addresses(&buyer).await).await["data"].clone();
    let shop = listed.as_array().unwrap().iter().find(|address| address["id"] == id).unwrap().clone();
    assert_eq!(
        (shop["label"].as_str(), shop["recipient_name"].is_null(), shop["landmark"].is_null()),
        (Some("shop"), true, true),
        "a change writes every detail anew"
    );
}
