//! A product's agronomy: what staff may write, what a shopper reads, shopping by crop and
//! pest, and the dose calculator (issue 38).

use identity::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::catalogue::urlencode;
use crate::helpers::{TestApp, json_of, spawn_app};

/// An abamectin 1.8% EC in 250 mL bottles, used on tomato against spider mites and aphids.
fn abamectin(app_ids: &Ids) -> Value {
    json!({
        "kind": "pesticide",
        "formulation": "EC",
        "pack": {"size": 250, "unit": "ml"},
        "active_ingredients": [{"ingredient_id": app_ids.abamectin, "concentration": "18", "unit": "g/L"}],
        "registration_no": "SAMPLE-APC-1234",
        "registration_expires_on": "2099-12-31",
        "who_class": "II",
        "ghs_pictograms": ["GHS09", "GHS07"],
        "signal_word": "warning",
        "uses": [
            {"crop_id": app_ids.tomato, "pest_id": app_ids.mites, "rate_from": 40, "rate_to": "50", "rate_unit": "ml_per_100l", "water_per_feddan": 400, "phi_days": 3, "reentry_hours": 12},
            {"crop_id": app_ids.tomato, "pest_id": app_ids.aphids, "rate_from": 25, "rate_to": 25, "rate_unit": "ml_per_20l", "phi_days": 3}
        ]
    })
}

/// The seeded lists' ids this test names.
struct Ids {
    tomato: i64,
    mites: i64,
    aphids: i64,
    abamectin: i64,
}

async fn ids(app: &TestApp) -> Ids {
    let crops = json_of(app.get("crops", None).await).await;
    let tomato = crops["data"].as_array().unwrap().iter().find(|crop| crop["slug"] == "tomato").unwrap()["id"].as_i64().unwrap();
    let database = app.database();
    let conn = &mut *database.conn().unwrap();
    use diesel::prelude::*;
    use store::schema::{active_ingredients, pests};
    let mut pest = |slug: &str| pests::table.filter(pests::slug.eq(slug)).select(pests::id).first::<i64>(&mut *conn).unwrap();
    let (mites, aphids) = (pest("spider-mites"), pest("aphids"));
    let abamectin = active_ingredients::table.filter(active_ingredients::name_en.eq("abamectin")).select(active_ingredients::id).first::<i64>(conn).unwrap();
    Ids { tomato, mites, aphids, abamectin }
}

async fn put_agronomy(app: &TestApp, token: &str, product: i64, body: Value, lang: &str) -> reqwest::Response {
    app.request(Method::PUT, &format!("dashboard/products/{product}/agronomy"), Some(token), lang).json(&body).send().await.unwrap()
}

#[actix_web::test]
async fn a_pesticide_is_refused_until_it_can_be_sold_legally_each_missing_field_named() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012380001").await;
    let product = app.add_product(&admin, "Vertimec 1.8% EC", 180, 20, 300).await;
    let ids = ids(&app).await;

    let bare = put_agronomy(&app, &admin, product, json!({"kind": "pesticide"}), "en").await;
    assert_eq!(bare.status(), 422);
    let errors = json_of(bare).await["errors"].clone();
    for field in ["agronomy.registration_no", "agronomy.active_ingredients", "agronomy.who_class", "agronomy.uses"] {
        assert_eq!(errors[field][0], "A pesticide cannot be sold without this.", "{field}: {errors}");
    }
    let arabic = json_of(put_agronomy(&app, &admin, product, json!({"kind": "pesticide"}), "ar").await).await;
    assert_eq!(arabic["errors"]["agronomy.who_class"][0], "لا يُباع المبيد بدون هذا الحقل.");

    let mut wrong = abamectin(&ids);
    wrong["who_class"] = json!("IV");
    wrong["pack"]["size"] = json!("a lot");
    wrong["uses"][0]["rate_to"] = json!(10);
    wrong["registration_expires_on"] = json!("2020-01-01");
    let refused = put_agronomy(&app, &admin, product, wrong, "en").await;
    assert_eq!(refused.status(), 422);
    let errors = json_of(refused).await["errors"].clone();
    assert_eq!(errors["agronomy.who_class"][0], "Choose one of the listed values.");
    assert_eq!(errors["agronomy.pack.size"][0], "Enter a number such as 2.5.");
    let mut expired = abamectin(&ids);
    expired["registration_expires_on"] = json!("2020-01-01");
    expired["uses"][0]["rate_to"] = json!(10);
    let errors = json_of(put_agronomy(&app, &admin, product, expired, "en").await).await["errors"].clone();
    assert_eq!(errors["agronomy.registration_expires_on"][0], "This registration has expired: a product under it cannot be sold.");
    assert_eq!(errors["agronomy.uses.0.rate"][0], "The rate runs from a number above zero up to a number no smaller.");
    let mut gappy = abamectin(&ids);
    gappy["uses"][0]["water_per_feddan"] = json!(null);
    gappy["uses"][1]["phi_days"] = json!(null);
    let errors = json_of(put_agronomy(&app, &admin, product, gappy, "ar").await).await["errors"].clone();
    assert_eq!(errors["agronomy.uses.0.water_per_feddan"][0], "معدل لكل ١٠٠ لتر يحتاج كمية الماء للفدان، وإلا فلن تعمل حاسبة الفدان.", "{errors}");
    assert_eq!(errors["agronomy.uses.1.phi_days"][0], "اكتب فترة الأمان قبل الحصاد (بالأيام) لاستخدام المبيد.");
    let shown = json_of(app.get(&format!("dashboard/products/{product}"), Some(&admin)).await).await;
    assert!(shown["data"].get("agronomy").is_none(), "nothing refused was written: {}", shown["data"]);

    let customer = app.account_token(Role::Customer, "01012380002").await;
    assert_eq!(put_agronomy(&app, &customer, product, abamectin(&ids), "en").await.status(), 403);

    let saved = put_agronomy(&app, &admin, product, abamectin(&ids), "en").await;
    assert_eq!(saved.status(), 200);
    let slug = json_of(saved).await["data"]["slug"].as_str().unwrap().to_string();
    let page = json_of(app.get(&format!("products/{slug}"), None).await).await;
    let agronomy = &page["data"]["agronomy"];
    assert_eq!(
        (agronomy["kind"].as_str(), agronomy["who_class"].as_str(), agronomy["registration_no"].as_str()),
        (Some("pesticide"), Some("II"), Some("SAMPLE-APC-1234"))
    );
    assert_eq!(agronomy["ghs_pictograms"], json!(["GHS07", "GHS09"]));
    assert_eq!(agronomy["active_ingredients"][0], json!({"ingredient_id": ids.abamectin, "concentration": "18", "unit": "g/L", "name": "abamectin"}));
    assert_eq!(agronomy["uses"][0]["crop"], json!({"slug": "tomato", "name": "Tomato"}), "named for the shopper");
    assert_eq!((agronomy["uses"][0]["rate_to"].as_str(), agronomy["uses"][0]["phi_days"].as_i64()), (Some("50"), Some(3)));
    assert_eq!(agronomy["uses"][0]["gaps"], json!([]), "a complete use lacks nothing");
    assert_eq!(page["data"]["name"], "Vertimec 1.8% EC", "the card's fields stay where they were");

    // The product form's save leaves the agronomy as it was.
    let form = json!({"name_ar": "فيرتميك", "name_en": "Vertimec 1.8% EC", "price": 175, "quantity": 20, "weight": 300, "weight_unit": "g"});
    assert_eq!(app.put(&format!("dashboard/products/{product}"), form, Some(&admin)).await.status(), 200);
    assert_eq!(json_of(app.get(&format!("products/{slug}"), None).await).await["data"]["agronomy"]["kind"], "pesticide");
}

#[actix_web::test]
async fn a_farmer_finds_the_product_by_crop_pest_or_ingredient_and_reckons_the_dose_with_its_packs() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012380011").await;
    let product = app.add_product(&admin, "Vertimec 1.8% EC", 120, 20, 300).await;
    let other = app.add_product(&admin, "Garden gloves", 60, 20, 100).await;
    let ids = ids(&app).await;
    assert_eq!(put_agronomy(&app, &admin, product, abamectin(&ids), "en").await.status(), 200);

    let tomato = json_of(app.request(Method::GET, "crops/tomato", None, "ar").send().await.unwrap()).await;
    assert_eq!(tomato["data"]["crop"]["name"], "طماطم");
    let products: Vec<i64> = tomato["data"]["products"].as_array().unwrap().iter().map(|card| card["id"].as_i64().unwrap()).collect();
    assert_eq!(products, [product], "only what is used on tomato, not {other}");
    let pests: Vec<&str> = tomato["data"]["pests"].as_array().unwrap().iter().map(|pest| pest["slug"].as_str().unwrap()).collect();
    assert_eq!(pests, ["aphids", "spider-mites"]);
    let aphids = json_of(app.get("pests/aphids", None).await).await;
    assert_eq!((aphids["data"]["products"][0]["id"].as_i64(), aphids["data"]["crops"][0]["slug"].as_str()), (Some(product), Some("tomato")));
    assert_eq!(app.get("crops/moon-cheese", None).await.status(), 404);
    assert_eq!(app.get("pests/dragons", None).await.status(), 404);

    for typed in ["abamectin", "ابامكتين", "المن", "طماطم", "قوطة", "spider mites"] {
        let found = json_of(app.get(&format!("products?search={}", urlencode(typed)), None).await).await;
        let first = found["data"].as_array().unwrap().first().map(|card| card["id"].as_i64().unwrap());
        assert_eq!(first, Some(product), "{typed}");
    }

    let listed = |query: &'static str| {
        let app = &app;
        async move {
            let page = json_of(app.get(&format!("products?{query}"), None).await).await;
            page["data"].as_array().unwrap().iter().map(|card| card["id"].as_i64().unwrap()).collect::<Vec<_>>()
        }
    };
    for query in ["crop=tomato", "pest=aphids", "crop=tomato&pest=spider-mites", "ingredient=abamectin", "ingredient=ABAMECTIN&in_stock=1"] {
        assert_eq!(listed(query).await, [product], "{query}");
    }
    for query in ["crop=wheat", "crop=tomato&pest=late-blight", "ingredient=glyphosate", "crop=moon-cheese", "pest=aphids&search=gloves"] {
        assert_eq!(listed(query).await, Vec::<i64>::new(), "{query}");
    }

    // 2.5 feddan at 50 mL per 100 L with 400 L a feddan: 1,000 L, 500 mL, two 250 mL bottles.
    let dose = app.post("dose", json!({"product_id": product, "crop": "tomato", "pest": "spider-mites", "area": "٢٫٥", "area_unit": "feddan"}), None).await;
    assert_eq!(dose.status(), 200);
    let dose = json_of(dose).await["data"].clone();
    assert_eq!(
        dose,
        json!({
            "amount": 500, "unit": "ml", "water_l": 1000, "tank_fills": 50, "phi_days": 3,
            "packs": [{"product_id": product, "name": "Vertimec 1.8% EC", "quantity": 2, "pack": {"size": "250", "unit": "ml"}, "price": 120.0}],
            "total": 240.0
        }),
        "the packs named by their size and price, and what they cost together"
    );
    let qirat =
        json_of(app.post("dose", json!({"product_id": product, "crop": "tomato", "pest": "spider-mites", "area": 60, "area_unit": "qirat"}), None).await).await;
    assert_eq!(qirat["data"]["amount"], 500, "60 qirat is 2.5 feddan");
    let sprayers =
        json_of(app.post("dose", json!({"product_id": product, "crop": "tomato", "pest": "aphids", "area": 10, "area_unit": "sprayer_20l"}), None).await).await;
    assert_eq!((sprayers["data"]["amount"].as_i64(), sprayers["data"]["packs"][0]["quantity"].as_i64()), (Some(250), Some(1)));

    let refusals = [
        (
            json!({"product_id": product, "crop": "tomato", "pest": "aphids", "area": 1, "area_unit": "feddan"}),
            "area_unit",
            "This use is measured per sprayer: give the area as a number of 20-litre sprayers.",
        ),
        (json!({"product_id": product, "crop": "wheat", "area": 1}), "crop", "This product has no use on that crop."),
        (json!({"product_id": product, "crop": "tomato", "area": "lots"}), "area", "Enter a number such as 2.5."),
        (json!({"product_id": product, "crop": "tomato", "area": 1, "area_unit": "acre"}), "area_unit", "Choose one of the listed values."),
        (json!({"product_id": product, "crop": "tomato", "area": 0}), "area", "This number is outside the allowed range."),
        (json!({"crop": "tomato", "area": 1}), "product_id", "This field is required."),
    ];
    for (body, field, message) in refusals {
        let refused = app.post("dose", body.clone(), None).await;
        assert_eq!(refused.status(), 422, "{body}");
        assert_eq!(json_of(refused).await["errors"][field][0], message, "{body}");
    }
    assert_eq!(app.post("dose", json!({"product_id": 999_999, "crop": "tomato", "area": 1}), None).await.status(), 404);
}

#[actix_web::test]
async fn the_same_active_ingredient_at_the_same_strength_is_offered_cheapest_per_litre_first() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012380021").await;
    let ids = ids(&app).await;
    let small = app.add_product(&admin, "Vertimec 250 mL", 120, 20, 300).await;
    let litre = app.add_product(&admin, "Vapcomic 1 L", 400, 20, 1100).await;
    let dear = app.add_product(&admin, "Agrimec 100 mL", 60, 20, 150).await;
    let weaker = app.add_product(&admin, "Abamectin 1% EC", 50, 20, 300).await;
    let describe = |size: &'static str, concentration: &'static str| {
        let mut body = abamectin(&ids);
        body["pack"] = json!({"size": size, "unit": "ml"});
        body["active_ingredients"][0]["concentration"] = json!(concentration);
        body
    };
    for (product, body) in [(small, describe("250", "18")), (litre, describe("1000", "18")), (dear, describe("100", "18")), (weaker, describe("250", "10"))] {
        assert_eq!(put_agronomy(&app, &admin, product, body, "en").await.status(), 200);
    }
    let slug = json_of(app.get(&format!("dashboard/products/{small}"), Some(&admin)).await).await["data"]["slug"].as_str().unwrap().to_string();
    let answer = json_of(app.get(&format!("products/{slug}/alternatives"), None).await).await;
    let offered: Vec<(i64, f64)> =
        answer["data"].as_array().unwrap().iter().map(|card| (card["id"].as_i64().unwrap(), card["price_per_litre_or_kilo"].as_f64().unwrap())).collect();
    // 400 for a litre, then 60 for 100 mL (600 a litre); not itself (480 a litre), not the weaker one.
    assert_eq!(offered, [(litre, 400.0), (dear, 600.0)]);
    let gloves = app.add_product(&admin, "Garden gloves", 60, 20, 100).await;
    let gloves = json_of(app.get(&format!("dashboard/products/{gloves}"), Some(&admin)).await).await["data"]["slug"].as_str().unwrap().to_string();
    assert_eq!(json_of(app.get(&format!("products/{gloves}/alternatives"), None).await).await["data"], json!([]));
    assert_eq!(app.get("products/no-such-thing/alternatives", None).await.status(), 404);
}

#[actix_web::test]
async fn a_highly_hazardous_or_restricted_product_is_ordered_only_with_the_buyers_safety_acknowledgement() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012380031").await;
    let ids = ids(&app).await;
    let hazardous = app.add_product(&admin, "Methomyl 90% SP", 150, 10, 250).await;
    let restricted = app.add_product(&admin, "Aluminium phosphide", 80, 10, 100).await;
    let gloves = app.add_product(&admin, "Garden gloves", 60, 10, 100).await;
    let mut class_ib = abamectin(&ids);
    class_ib["who_class"] = json!("Ib");
    assert_eq!(put_agronomy(&app, &admin, hazardous, class_ib, "en").await.status(), 200);
    let mut restricted_use = abamectin(&ids);
    restricted_use["restricted"] = json!(true);
    assert_eq!(put_agronomy(&app, &admin, restricted, restricted_use, "en").await.status(), 200);

    let items = |product: i64| json!([{"id": product, "quantity": 1}]);
    let quote = json_of(app.post("cart/quote", json!({"items": [{"id": hazardous, "quantity": 1}, {"id": gloves, "quantity": 1}]}), None).await).await;
    let flags: Vec<(i64, bool)> = quote["data"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| (line["id"].as_i64().unwrap(), line["needs_safety_acknowledgement"].as_bool().unwrap()))
        .collect();
    assert_eq!(flags, [(hazardous, true), (gloves, false)], "the checkout knows which lines to name");

    let guest = |items: Value, acknowledged: Option<bool>| {
        let mut body = json!({"name": "Mona", "phone": "01112345678", "address": "Farm road", "city_id": 2, "items": items});
        if let Some(acknowledged) = acknowledged {
            body["acknowledged_safety"] = json!(acknowledged);
        }
        body
    };
    for product in [hazardous, restricted] {
        for acknowledged in [None, Some(false)] {
            let refused = app.guest_checkout(&guest(items(product), acknowledged), None).await;
            assert_eq!(refused.status(), 422, "{product} {acknowledged:?}");
            assert_eq!(
                json_of(refused).await["errors"]["acknowledged_safety"][0],
                "Your order holds a highly hazardous or restricted pesticide: read its safety instructions and confirm you will follow them before ordering."
            );
        }
    }
    let arabic = app.request(Method::POST, "guest-orders/checkout", None, "ar").json(&guest(items(hazardous), None)).send().await.unwrap();
    assert!(json_of(arabic).await["errors"]["acknowledged_safety"][0].as_str().unwrap().starts_with("يحتوي طلبك على مبيد شديد الخطورة"));
    assert_eq!((app.order_count(), app.stock(hazardous), app.stock(restricted)), (0, 10, 10), "nothing refused was written");

    let placed = app.guest_checkout(&guest(json!([{"id": hazardous, "quantity": 1}, {"id": gloves, "quantity": 1}]), Some(true)), None).await;
    assert_eq!(placed.status(), 201);
    let order = json_of(placed).await["data"].clone();
    assert_eq!(order["safety_acknowledged"], true);
    let staff_view = json_of(app.get(&format!("dashboard/guest-orders/{}", order["id"]), Some(&admin)).await).await;
    assert_eq!(staff_view["data"]["safety_acknowledged"], true, "staff see the acknowledgement before handing it over");

    let buyer = app.account_token(Role::Customer, "01012380032").await;
    app.add_to_cart(&buyer, restricted, json!(1)).await;
    let to_cairo = json!({"address": "12 Nile St", "city_id": 1, "type": "self"});
    assert_eq!(app.checkout(&buyer, to_cairo.clone(), None).await.status(), 422, "a client's checkout asks it too");
    let mut acknowledged = to_cairo;
    acknowledged["acknowledged_safety"] = json!(true);
    assert_eq!(app.checkout(&buyer, acknowledged, None).await.status(), 201);

    let ordinary = json_of(app.guest_checkout(&guest(items(gloves), None), None).await).await;
    assert_eq!(ordinary["data"]["safety_acknowledged"], false, "ordinary products need no acknowledgement");
}

#[actix_web::test]
async fn staff_keep_the_crop_pest_and_ingredient_lists_and_cannot_remove_what_a_product_names() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012380041").await;
    let ids = ids(&app).await;

    let added =
        app.post("dashboard/crops", json!({"name_ar": "باذنجان", "name_en": "Eggplant", "synonyms_ar": ["بتنجان", " "], "sort_order": 20}), Some(&admin)).await;
    assert_eq!(added.status(), 200);
    let shown = json_of(app.request(Method::GET, "crops/eggplant", None, "ar").send().await.unwrap()).await;
    assert_eq!(shown["data"]["crop"]["name"], "باذنجان", "on the storefront at once, under an address from its English name");
    let staff = json_of(app.get("dashboard/crops", Some(&admin)).await).await;
    let eggplant = staff["data"].as_array().unwrap().iter().find(|crop| crop["slug"] == "eggplant").unwrap().clone();
    assert_eq!((eggplant["synonyms_ar"].clone(), eggplant["sort_order"].as_i64()), (json!(["بتنجان"]), Some(20)), "blank synonyms left out");
    let id = eggplant["id"].as_i64().unwrap();
    let renamed = app.put(&format!("dashboard/crops/{id}"), json!({"name_ar": "باذنجان رومي", "name_en": "Aubergine"}), Some(&admin)).await;
    assert_eq!(renamed.status(), 200);
    assert_eq!(json_of(app.get("crops/eggplant", None).await).await["data"]["crop"]["name"], "Aubergine", "renamed, the address stays");

    let refusals = [
        ("dashboard/crops", json!({"name_ar": "", "name_en": "Okra"}), "name_ar", "The Arabic name is required"),
        ("dashboard/crops", json!({"name_ar": "بامية", "name_en": "x".repeat(201)}), "name_en", "This field is too long."),
        ("dashboard/crops", json!({"name_ar": "بامية", "name_en": "Okra", "synonyms_ar": vec!["ب"; 11]}), "synonyms_ar", "Too many items were chosen."),
        ("dashboard/pests", json!({"name_ar": "تنين", "name_en": "Dragon", "kind": "dragon"}), "kind", "Choose one of the listed values."),
        ("dashboard/active-ingredients", json!({"name_ar": "أبامكتين", "name_en": "abamectin"}), "name_en", "Another entry of this list has this name."),
    ];
    for (path, body, field, message) in refusals {
        let refused = app.post(path, body.clone(), Some(&admin)).await;
        assert_eq!(refused.status(), 422, "{path} {body}");
        assert_eq!(json_of(refused).await["errors"][field][0], message, "{path} {body}");
    }

    let pest = json!({"name_ar": "ذبابة ثمار الزيتون", "name_en": "Olive fruit fly", "kind": "insect", "symptoms_en": "Small holes in the olives; the flesh rots.", "synonyms_ar": ["دودة الزيتون"]});
    assert_eq!(app.post("dashboard/pests", pest, Some(&admin)).await.status(), 200);
    let fly = json_of(app.get("pests/olive-fruit-fly", None).await).await;
    assert_eq!(
        (fly["data"]["pest"]["kind"].as_str(), fly["data"]["pest"]["symptoms"].as_str()),
        (Some("insect"), Some("Small holes in the olives; the flesh rots."))
    );
    let ingredient = json!({"name_ar": "سبينيتورام", "name_en": "spinetoram", "resistance_group": "IRAC 5"});
    assert_eq!(app.post("dashboard/active-ingredients", ingredient, Some(&admin)).await.status(), 200);
    let ingredients = json_of(app.get("dashboard/active-ingredients", Some(&admin)).await).await;
    assert!(ingredients["data"].as_array().unwrap().iter().any(|entry| entry["name_en"] == "spinetoram" && entry["resistance_group"] == "IRAC 5"));

    let product = app.add_product(&admin, "Vertimec 1.8% EC", 180, 20, 300).await;
    assert_eq!(put_agronomy(&app, &admin, product, abamectin(&ids), "en").await.status(), 200);
    for (path, id) in [("crops", ids.tomato), ("pests", ids.aphids), ("active-ingredients", ids.abamectin)] {
        let refused = app.request(Method::DELETE, &format!("dashboard/{path}/{id}"), Some(&admin), "en").send().await.unwrap();
        assert_eq!(refused.status(), 422, "{path}");
        assert_eq!(json_of(refused).await["errors"]["id"][0], "Products still name it: change them first.");
    }
    assert_eq!(app.request(Method::DELETE, &format!("dashboard/crops/{id}"), Some(&admin), "en").send().await.unwrap().status(), 200);
    assert_eq!(app.get("crops/eggplant", None).await.status(), 404);
    assert_eq!(app.request(Method::DELETE, &format!("dashboard/crops/{id}"), Some(&admin), "en").send().await.unwrap().status(), 404);
    assert_eq!(app.put("dashboard/pests/999999", json!({"name_ar": "س", "name_en": "X", "kind": "mite"}), Some(&admin)).await.status(), 404);
}

#[actix_web::test]
async fn the_dose_is_packed_from_every_size_of_the_products_pack_group_cheapest_first() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012380051").await;
    let ids = ids(&app).await;
    let bottle = app.add_product(&admin, "Vertimec 250 mL", 120, 20, 300).await;
    let litre = app.add_product(&admin, "Vertimec 1 L", 400, 20, 1100).await;
    let sold_out = app.add_product(&admin, "Vertimec 500 mL", 10, 0, 600).await;
    let stranger = app.add_product(&admin, "Agrimec 1 L", 100, 20, 1100).await;
    for (product, size, group) in [(bottle, 250, "vertimec-18-ec"), (litre, 1000, "vertimec-18-ec"), (sold_out, 500, "vertimec-18-ec"), (stranger, 1000, "")] {
        let mut body = abamectin(&ids);
        body["pack"] = json!({"size": size, "unit": "ml"});
        body["pack_group"] = json!(group);
        assert_eq!(put_agronomy(&app, &admin, product, body, "en").await.status(), 200);
    }
    let dose = |feddan: &'static str| {
        let app = &app;
        async move {
            let body = json!({"product_id": bottle, "crop": "tomato", "pest": "spider-mites", "area": feddan, "area_unit": "feddan"});
            let data = json_of(app.post("dose", body, None).await).await["data"].clone();
            (data["packs"].clone(), data["total"].clone())
        }
    };
    // 50 mL per 100 L, 400 L a feddan: 200 mL a feddan.
    assert_eq!(
        dose("2.5").await,
        (json!([{"product_id": bottle, "name": "Vertimec 250 mL", "quantity": 2, "pack": {"size": "250", "unit": "ml"}, "price": 120.0}]), json!(240.0)),
        "500 mL: two bottles (240 EGP) beat a litre (400)"
    );
    assert_eq!(
        dose("5").await,
        (json!([{"product_id": litre, "name": "Vertimec 1 L", "quantity": 1, "pack": {"size": "1000", "unit": "ml"}, "price": 400.0}]), json!(400.0)),
        "1 L: the litre (400 EGP) beats four bottles (480); the sold-out 500 mL and another maker's litre are not offered"
    );
    let page = json_of(app.get(&format!("dashboard/products/{litre}"), Some(&admin)).await).await;
    assert_eq!(page["data"]["agronomy"]["pack_group"], "vertimec-18-ec");
}

/// Moves a product's registration to have ended yesterday, as if the days had passed, and
/// tells the nodes' catalogues the product changed.
fn registration_ran_out(app: &TestApp, product: i64) {
    use diesel::prelude::*;
    use store::schema::{catalogue_version, products};
    let yesterday = kernel::shop_day(chrono::Utc::now()).pred_opt().unwrap().to_string();
    let database = app.database();
    let conn = &mut *database.conn().unwrap();
    let agronomy: String = products::table.find(product).select(products::agronomy.assume_not_null()).first(conn).unwrap();
    assert!(agronomy.contains("2099-12-31"), "{agronomy}");
    diesel::update(products::table.find(product)).set(products::agronomy.eq(agronomy.replace("2099-12-31", &yesterday))).execute(conn).unwrap();
    diesel::update(catalogue_version::table).set(catalogue_version::version.eq(catalogue_version::version + 1)).execute(conn).unwrap();
}

#[actix_web::test]
async fn a_pesticide_whose_registration_ran_out_goes_off_sale_and_staff_are_told_once_in_the_bell() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012380041").await;
    let ids = ids(&app).await;
    let product = app.add_product(&admin, "Vertimec 1.8% EC", 120, 10, 250).await;
    assert_eq!(put_agronomy(&app, &admin, product, abamectin(&ids), "en").await.status(), 200);
    let slug = json_of(app.get(&format!("dashboard/products/{product}"), Some(&admin)).await).await["data"]["slug"].as_str().unwrap().to_string();
    let buyer = app.account_token(Role::Customer, "01012380042").await;
    assert_eq!(app.add_to_cart(&buyer, product, json!(1)).await.status(), 200);

    registration_ran_out(&app, product);

    assert_eq!(app.get(&format!("products/{slug}"), None).await.status(), 404, "its page");
    let listed = json_of(app.get("products?search=vertimec", None).await).await;
    assert_eq!(listed["meta"]["total"], 0, "the search: {listed}");
    let on_tomato = json_of(app.get("products?crop=tomato", None).await).await;
    assert!(on_tomato["data"].as_array().unwrap().iter().all(|card| card["id"] != product), "the crop's list");
    let cart = json_of(app.cart(&buyer).await).await;
    assert!(cart["data"]["products"].as_array().unwrap().iter().all(|line| line["id"] != product), "the cart no longer offers it: {cart}");
    let order = json!({"name": "Mona", "phone": "01112345678", "address": "Farm road", "city_id": 2, "items": [{"id": product, "quantity": 1}], "acknowledged_safety": true});
    let refused = app.guest_checkout(&order, None).await;
    assert_eq!(refused.status(), 422, "no order takes it");
    assert_eq!(app.stock(product), 10);

    let staff = json_of(app.get(&format!("dashboard/products/{product}"), Some(&admin)).await).await;
    assert_eq!(staff["data"]["on_sale"], false, "staff still open it, marked off sale");
    let staff_list = json_of(app.get("dashboard/products?search=vertimec", Some(&admin)).await).await;
    assert_eq!((staff_list["meta"]["total"].as_u64(), staff_list["data"][0]["on_sale"].as_bool()), (Some(1), Some(false)));

    // A node starting runs its jobs at once; the second finds the lapse already told.
    let lapse_notices =
        |bell: &Value| bell["data"].as_array().unwrap().iter().filter(|notice| notice["title"] == "Registration expired").cloned().collect::<Vec<_>>();
    let mut told = Vec::new();
    let _node = app.another_node(0).await;
    for _ in 0..100 {
        told = lapse_notices(&json_of(app.get("notifications", Some(&admin)).await).await);
        if !told.is_empty() {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(told.len(), 1, "told in the bell");
    assert_eq!(told[0]["link"], format!("/dashboard/products-actions?id={product}"));
    assert!(told[0]["body"].as_str().unwrap().starts_with("Vertimec 1.8% EC: its APC registration ended on"), "{}", told[0]["body"]);
    let arabic = json_of(app.request(Method::GET, "notifications", Some(&admin), "ar").send().await.unwrap()).await;
    assert!(arabic["data"].as_array().unwrap().iter().any(|notice| notice["title"] == "انتهى تسجيل مبيد"), "in the reader's language");
    let _again = app.another_node(0).await;
    actix_web::rt::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(lapse_notices(&json_of(app.get("notifications", Some(&admin)).await).await).len(), 1, "told once");
    assert!(lapse_notices(&json_of(app.get("notifications", Some(&buyer)).await).await).is_empty(), "a buyer is not staff");

    assert_eq!(put_agronomy(&app, &admin, product, abamectin(&ids), "en").await.status(), 200, "a renewal recorded");
    assert_eq!(app.get(&format!("products/{slug}"), None).await.status(), 200, "back on sale");
}

/// A small PDF as a writer ends one.
pub fn label_pdf(text: &str) -> Vec<u8> {
    format!("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% {text}\ntrailer << /Root 1 0 R >>\n%%EOF\n").into_bytes()
}

/// `PUT dashboard/products/{product}/documents/{document}` with the PDF as its `file`.
pub async fn upload(app: &TestApp, token: &str, product: i64, document: &str, bytes: Vec<u8>, lang: &str) -> reqwest::Response {
    let form = reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(bytes).file_name("label.pdf").mime_str("application/pdf").unwrap());
    app.request(Method::PUT, &format!("dashboard/products/{product}/documents/{document}"), Some(token), lang).multipart(form).send().await.unwrap()
}

#[actix_web::test]
async fn staff_attach_the_label_and_safety_sheet_as_pdfs_and_shoppers_download_them_from_the_product() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012380051").await;
    let ids = ids(&app).await;
    let product = app.add_product(&admin, "Vertimec 1.8% EC", 120, 10, 250).await;
    assert_eq!(put_agronomy(&app, &admin, product, abamectin(&ids), "en").await.status(), 200);

    let picture = json_of(upload(&app, &admin, product, "label", b"\x89PNG\r\n\x1a\n not a pdf".to_vec(), "en").await).await;
    assert_eq!(picture["errors"]["file"][0], "Upload the document as a whole PDF file.");
    let cut = label_pdf("cut off");
    let arabic = json_of(upload(&app, &admin, product, "label", cut[..cut.len() - 7].to_vec(), "ar").await).await;
    assert_eq!(arabic["errors"]["file"][0], "ارفع المستند كملف PDF كامل.");
    let mut large = label_pdf("large");
    large.splice(10..10, std::iter::repeat_n(b' ', 5 * 1024 * 1024));
    let too_large = upload(&app, &admin, product, "sds", large, "en").await;
    assert_eq!(too_large.status(), 422);
    assert_eq!(json_of(too_large).await["errors"]["file"][0], "The PDF must be 5 MB or smaller.");
    assert_eq!(upload(&app, &admin, product, "leaflet", label_pdf("x"), "en").await.status(), 404, "only a label or a safety data sheet");
    let customer = app.account_token(Role::Customer, "01012380052").await;
    assert_eq!(upload(&app, &customer, product, "label", label_pdf("x"), "en").await.status(), 403);
    assert!(app.media_files().iter().all(|file| !file.ends_with(".pdf")), "nothing refused was kept: {:?}", app.media_files());

    let first = label_pdf("first label");
    assert_eq!(upload(&app, &admin, product, "label", first.clone(), "en").await.status(), 200);
    assert_eq!(upload(&app, &admin, product, "sds", label_pdf("sheet"), "en").await.status(), 200);
    let slug = json_of(app.get(&format!("dashboard/products/{product}"), Some(&admin)).await).await["data"]["slug"].as_str().unwrap().to_string();
    let agronomy = json_of(app.get(&format!("products/{slug}"), None).await).await["data"]["agronomy"].clone();
    let label_url = agronomy["label_url"].as_str().unwrap().to_string();
    assert!(label_url.starts_with("/media/documents/") && agronomy["sds_url"].as_str().is_some_and(|url| url.ends_with(".pdf")), "{agronomy}");
    let served = app.client.get(format!("{}{label_url}", app.address)).send().await.unwrap();
    assert_eq!(served.headers()["content-type"], "application/pdf");
    assert_eq!(served.bytes().await.unwrap().as_ref(), first.as_slice());

    // A new label replaces the old file; removing the sheet removes its file.
    assert_eq!(upload(&app, &admin, product, "label", label_pdf("second label"), "en").await.status(), 200);
    let removed = app.request(Method::DELETE, &format!("dashboard/products/{product}/documents/sds"), Some(&admin), "en").send().await.unwrap();
    assert_eq!(removed.status(), 200);
    let agronomy = json_of(app.get(&format!("products/{slug}"), None).await).await["data"]["agronomy"].clone();
    assert!(agronomy.get("sds_url").is_none() && agronomy["label_url"] != label_url.as_str(), "{agronomy}");
    let pdfs: Vec<String> = app.media_files().into_iter().filter(|file| file.ends_with(".pdf")).collect();
    assert_eq!(pdfs.len(), 1, "only the label in use is kept: {pdfs:?}");

    assert_eq!(app.request(Method::DELETE, &format!("dashboard/products/{product}"), Some(&admin), "en").send().await.unwrap().status(), 200);
    assert!(app.media_files().iter().all(|file| !file.ends_with(".pdf")), "a removed product takes its PDFs with it");
}

async fn upload_picture(app: &TestApp, token: &str, path: &str, bytes: Vec<u8>, lang: &str) -> reqwest::Response {
    let form = reqwest::multipart::Form::new().part("image", reqwest::multipart::Part::bytes(bytes).file_name("leaf.png").mime_str("image/png").unwrap());
    app.request(Method::PUT, path, Some(token), lang).multipart(form).send().await.unwrap()
}

fn leaf_png() -> Vec<u8> {
    let picture = image::RgbImage::from_fn(300, 200, |x, y| image::Rgb([40, (x % 200) as u8, (y % 200) as u8]));
    let mut bytes = Vec::new();
    picture.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    bytes
}

#[actix_web::test]
async fn staff_give_crops_and_pests_their_pictures_which_shoppers_see_and_which_leave_with_them() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012380071").await;
    let ids = ids(&app).await;

    let text = upload_picture(&app, &admin, &format!("dashboard/crops/{}/picture", ids.tomato), b"not a picture".to_vec(), "en").await;
    assert_eq!(text.status(), 422);
    assert_eq!(json_of(text).await["errors"]["image"][0], "Upload JPEG, PNG, WebP or GIF pictures.");
    let arabic = upload_picture(&app, &admin, &format!("dashboard/pests/{}/picture", ids.aphids), b"GIF89a".to_vec(), "ar").await;
    assert_eq!(json_of(arabic).await["errors"]["image"][0], "ارفع صورًا بصيغة JPEG أو PNG أو WebP أو GIF.");
    assert_eq!(upload_picture(&app, &admin, "dashboard/crops/999999/picture", leaf_png(), "en").await.status(), 404);
    assert!(app.media_files().is_empty(), "nothing refused was kept: {:?}", app.media_files());

    assert_eq!(upload_picture(&app, &admin, &format!("dashboard/crops/{}/picture", ids.tomato), leaf_png(), "en").await.status(), 200);
    assert_eq!(upload_picture(&app, &admin, &format!("dashboard/pests/{}/picture", ids.aphids), leaf_png(), "en").await.status(), 200);
    let crops = json_of(app.get("crops", None).await).await;
    let tomato = crops["data"].as_array().unwrap().iter().find(|crop| crop["slug"] == "tomato").unwrap().clone();
    let picture = tomato["image"].as_str().unwrap().to_string();
    assert!(picture.starts_with("/media/products/") && picture.ends_with("-large.webp"), "{tomato}");
    assert_eq!(app.client.get(format!("{}{picture}", app.address)).send().await.unwrap().headers()["content-type"], "image/webp");
    let aphids = json_of(app.get("pests/aphids", None).await).await;
    assert!(aphids["data"]["pest"]["image"].as_str().is_some_and(|url| url.ends_with(".webp")), "{aphids}");
    let staff = json_of(app.get("dashboard/crops", Some(&admin)).await).await;
    assert!(staff["data"].as_array().unwrap().iter().any(|crop| crop["image"] == picture.as_str()), "staff see it too");
    assert_eq!(app.media_files().len(), 4, "a large picture and a thumbnail each");

    assert_eq!(upload_picture(&app, &admin, &format!("dashboard/crops/{}/picture", ids.tomato), leaf_png(), "en").await.status(), 200);
    assert_eq!(app.media_files().len(), 4, "a new picture replaces the old files");
    let removed = app.request(Method::DELETE, &format!("dashboard/pests/{}/picture", ids.aphids), Some(&admin), "en").send().await.unwrap();
    assert_eq!(removed.status(), 200);
    assert!(json_of(app.get("pests/aphids", None).await).await["data"]["pest"].get("image").is_none_or(Value::is_null));
    assert_eq!(app.media_files().len(), 2);

    assert_eq!(app.post("dashboard/crops", json!({"name_ar": "بامية", "name_en": "Okra"}), Some(&admin)).await.status(), 200);
    let okra =
        json_of(app.get("dashboard/crops", Some(&admin)).await).await["data"].as_array().unwrap().iter().find(|crop| crop["slug"] == "okra").unwrap()["id"]
            .as_i64()
            .unwrap();
    assert_eq!(upload_picture(&app, &admin, &format!("dashboard/crops/{okra}/picture"), leaf_png(), "en").await.status(), 200);
    assert_eq!(app.request(Method::DELETE, &format!("dashboard/crops/{okra}"), Some(&admin), "en").send().await.unwrap().status(), 200);
    assert_eq!(app.media_files().len(), 2, "a crop removed takes its picture with it");
}
