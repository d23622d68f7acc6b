//! Staff add, change and remove products, with pictures; permissions are checked.

use std::io::Cursor;

use identity::Role;
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app_with_catalogue};

fn png() -> Vec<u8> {
    let picture = image::RgbImage::from_fn(900, 600, |x, y| image::Rgb([(x % 200) as u8, (y % 200) as u8, 90]));
    let mut bytes = Vec::new();
    picture.write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    bytes
}

fn product_form(picture: Option<Vec<u8>>) -> Form {
    let form = Form::new()
        .text("name_ar", "بذور بطيخ شوجر بيبي")
        .text("name_en", "Sugar Baby watermelon seeds")
        .text("description_ar", "بطيخ صغير حلو للحدائق المنزلية")
        .text("description_en", "A small sweet watermelon for home gardens")
        .text("price", "٨٥٫٥")
        .text("quantity", "40")
        .text("weight", "250")
        .text("weight_unit", "g")
        .text("category_id", "1")
        .text("featured", "1");
    match picture {
        Some(bytes) => form.part("images[]", Part::bytes(bytes).file_name("melon.png").mime_str("image/png").unwrap()),
        None => form,
    }
}

async fn create(app: &TestApp, token: &str, form: Form) -> reqwest::Response {
    app.request(Method::POST, "dashboard/products", Some(token), "en").multipart(form).send().await.unwrap()
}

#[actix_web::test]
async fn an_admin_adds_a_product_with_a_picture_and_the_storefront_shows_it() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012349001").await;
    let response = create(&app, &admin, product_form(Some(png()))).await;
    assert_eq!(response.status(), 200);
    let saved = json_of(response).await;
    assert_eq!(saved["message"], "The product has been saved.");
    let data = &saved["data"];
    assert_eq!((data["name_ar"].as_str(), data["name_en"].as_str()), (Some("بذور بطيخ شوجر بيبي"), Some("Sugar Baby watermelon seeds")));
    assert_eq!(data["slug"], "sugar-baby-watermelon-seeds");
    assert_eq!((data["price"].as_f64(), data["weight"].as_f64(), data["weight_unit"].as_str()), (Some(85.5), Some(0.25), Some("g")));
    let image = data["image"].as_str().unwrap().to_string();
    assert!(image.starts_with("/media/products/") && image.ends_with("-large.webp"), "{image}");

    let picture = app.client.get(format!("{}{image}", app.address)).send().await.unwrap();
    assert_eq!(picture.status(), 200);
    assert_eq!(picture.headers()["content-type"], "image/webp");
    let thumbnail = app.client.get(format!("{}{}", app.address, image.replace("-large", "-thumb"))).send().await.unwrap();
    assert_eq!(thumbnail.status(), 200);

    let found = json_of(app.request(Method::GET, "products?search=بطيخ%20شوجر", None, "ar").send().await.unwrap()).await;
    assert_eq!(found["data"][0]["name"], "بذور بطيخ شوجر بيبي", "the storefront sees the new product at once");

    let again = json_of(create(&app, &admin, product_form(None)).await).await;
    assert_eq!(again["data"]["slug"], "sugar-baby-watermelon-seeds-2", "slugs stay unique");
}

#[actix_web::test]
async fn staff_edit_and_delete_products() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012349002").await;
    let created = json_of(create(&app, &admin, product_form(None)).await).await;
    let id = created["data"]["id"].as_i64().unwrap();

    let changed = app
        .request(Method::PUT, &format!("dashboard/products/{id}"), Some(&admin), "en")
        .json(&json!({"name_ar": "بذور بطيخ", "name_en": "Watermelon seeds", "price": 99, "weight": "0.5", "quantity": 0, "discount": 10}))
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), 200);
    let data = json_of(changed).await["data"].clone();
    assert_eq!((data["name_en"].as_str(), data["sale_price"].as_f64(), data["in_stock"].as_bool()), (Some("Watermelon seeds"), Some(89.1), Some(false)));
    assert_eq!(data["slug"], created["data"]["slug"], "the address stays when the name changes");

    let listed = json_of(app.staff_products(&admin, "?search=watermelon").await).await;
    assert_eq!(listed["data"][0]["id"], id);

    let deleted = app.delete_product(&admin, id).await;
    assert_eq!(deleted.status(), 200);
    assert_eq!(app.get(&format!("dashboard/products/{id}"), Some(&admin)).await.status(), 404);
    assert_eq!(app.delete_product(&admin, id).await.status(), 404);
    assert_eq!(app.get("dashboard/products/not-a-number", Some(&admin)).await.status(), 404);
}

#[actix_web::test]
async fn customers_and_sales_without_the_permission_are_refused() {
    let app = spawn_app_with_catalogue().await;
    let customer = app.register("01012349003", None).await;
    let sales = app.account_token(Role::Sales, "01012349004").await;
    for token in [&customer, &sales] {
        let response = create(&app, token, product_form(None)).await;
        assert_eq!(response.status(), 403);
        assert_eq!(json_of(response).await["message"], "You do not have permission to do this.");
        assert_eq!(app.get("dashboard/products", Some(token)).await.status(), 403);
    }
    assert_eq!(app.get("dashboard/products", None).await.status(), 401);
}

#[actix_web::test]
async fn a_file_that_is_not_a_picture_or_too_big_is_a_422_and_nothing_is_added() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012349005").await;
    let text = product_form(None).part("images[]", Part::bytes(b"#!/bin/sh\necho hi".to_vec()).file_name("melon.png").mime_str("image/png").unwrap());
    let refused = create(&app, &admin, text).await;
    assert_eq!(refused.status(), 422);
    assert_eq!(json_of(refused).await["errors"]["images"][0], "Upload JPEG, PNG, WebP or GIF pictures.");

    let big = product_form(None).part("images[]", Part::bytes(vec![0u8; 6 * 1024 * 1024]).file_name("big.png").mime_str("image/png").unwrap());
    let refused = create(&app, &admin, big).await;
    assert_eq!(refused.status(), 422);
    assert_eq!(json_of(refused).await["errors"]["images"][0], "Each picture must be 5 MB or smaller.");

    let missing = app.request(Method::POST, "dashboard/products", Some(&admin), "ar").json(&json!({"price": "free"})).send().await.unwrap();
    let body: Value = json_of(missing).await;
    assert_eq!(body["errors"]["name_ar"][0], "الاسم بالعربية مطلوب");
    assert_eq!(body["errors"]["price"][0], "أدخل سعرًا بالجنيه مثل 150 أو 150.50.");

    let total = json_of(app.get("products?search=sugar%20baby", None).await).await["meta"]["total"].clone();
    assert_eq!(total, 0, "nothing was added");
}

#[actix_web::test]
async fn staff_manage_categories_with_a_picture_and_the_storefront_follows() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012349006").await;
    let sales = app.account_token(Role::Sales, "01012349007").await;
    let form = Form::new()
        .text("name_ar", "أدوات ري")
        .text("name_en", "Irrigation tools")
        .text("sort_order", "6")
        .part("image", Part::bytes(png()).file_name("drip.png").mime_str("image/png").unwrap());
    let created = app.request(Method::POST, "dashboard/categories", Some(&admin), "en").multipart(form).send().await.unwrap();
    assert_eq!(created.status(), 200);
    let public = json_of(app.request(Method::GET, "categories", None, "ar").send().await.unwrap()).await;
    let added = public["data"].as_array().unwrap().iter().find(|c| c["slug"] == "irrigation-tools").cloned().unwrap();
    assert_eq!(added["name"], "أدوات ري");
    assert!(added["image"].as_str().unwrap().ends_with("-large.webp"));

    let id = added["id"].as_i64().unwrap();
    let renamed =
        app.put(&format!("dashboard/categories/{id}"), json!({"name_ar": "أدوات الري", "name_en": "Irrigation", "sort_order": 0}), Some(&admin)).await;
    assert_eq!(renamed.status(), 200);
    let staff = json_of(app.get("dashboard/categories", Some(&admin)).await).await;
    assert_eq!(staff["data"][0]["name_en"], "Irrigation", "sort order 0 comes first");
    assert!(staff["data"][0]["image"].as_str().is_some(), "the picture stays when none is sent");

    let empty = app.post("dashboard/categories", json!({"name_ar": " "}), Some(&admin)).await;
    assert_eq!(empty.status(), 422);
    assert_eq!(json_of(empty).await["errors"]["name_en"][0], "The English name is required");
    assert_eq!(app.get("dashboard/categories", Some(&sales)).await.status(), 403);

    let fertilisers = public["data"].as_array().unwrap().iter().find(|c| c["slug"] == "fertilisers").unwrap()["id"].as_i64().unwrap();
    let deleted = app.request(Method::DELETE, &format!("dashboard/categories/{fertilisers}"), Some(&admin), "en").send().await.unwrap();
    assert_eq!(deleted.status(), 200);
    let product = json_of(app.get("products/liquid-organic-fertiliser", None).await).await;
    assert_eq!(product["data"]["category"], Value::Null, "its products stay, without a category");
    assert_eq!(app.request(Method::DELETE, &format!("dashboard/categories/{fertilisers}"), Some(&admin), "en").send().await.unwrap().status(), 404);
}

#[actix_web::test]
async fn staff_run_offers_and_the_storefront_prices_follow() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012349008").await;
    let soil =
        json_of(app.get("categories", None).await).await["data"].as_array().unwrap().iter().find(|c| c["slug"] == "soil").unwrap()["id"].as_i64().unwrap();
    let today = chrono::Utc::now().date_naive();
    let offer = json!({
        "title_ar": "خصم التربة", "title_en": "Soil week", "percentage": 30, "category_id": soil,
        "starts_at": (today - chrono::Duration::days(1)).to_string(), "ends_at": (today + chrono::Duration::days(7)).to_string(),
    });
    assert_eq!(app.add_offer(&admin, offer).await.status(), 200);
    let peat = json_of(app.get("products/enriched-peat-moss", None).await).await["data"].clone();
    assert_eq!((peat["has_offer"].as_bool(), peat["sale_price"].as_f64()), (Some(true), Some(147.0)), "210 less 30%");

    let offers = json_of(app.staff_offers(&admin, "").await).await;
    let soil_week = offers["data"].as_array().unwrap().iter().find(|o| o["title_en"] == "Soil week").unwrap().clone();
    assert_eq!(soil_week["status"], "active");
    let id = soil_week["id"].as_i64().unwrap();

    let off = app.request(Method::POST, &format!("dashboard/offers/{id}/deactivate"), Some(&admin), "en").send().await.unwrap();
    assert_eq!(json_of(off).await["message"], "The offer is inactive.");
    let peat = json_of(app.get("products/enriched-peat-moss", None).await).await["data"].clone();
    assert_eq!((peat["has_offer"].as_bool(), peat["sale_price"].as_f64()), (Some(false), Some(210.0)));
    let statuses = json_of(app.staff_offers(&admin, "").await).await;
    assert_eq!(statuses["data"].as_array().unwrap().iter().find(|o| o["id"] == id).unwrap()["status"], "inactive");
    assert_eq!(app.request(Method::POST, &format!("dashboard/offers/{id}/activate"), Some(&admin), "en").send().await.unwrap().status(), 200);

    let bad = app
        .post(
            "dashboard/offers",
            json!({"title_ar": "x", "title_en": "x", "percentage": 95, "product_ids": [999999], "starts_at": "2026-12-10", "ends_at": "2026-12-01"}),
            Some(&admin),
        )
        .await;
    assert_eq!(bad.status(), 422);
    let errors = json_of(bad).await["errors"].clone();
    assert_eq!(errors["percentage"][0], "The percentage is from 1 to 90.");
    assert_eq!(errors["ends_at"][0], "The end must come after the start.");
    assert_eq!(errors["product_ids"][0], "Choose products from the catalogue.");

    let sales = app.account_token(Role::Sales, "01012349009").await;
    assert_eq!(app.request(Method::POST, &format!("dashboard/offers/{id}/deactivate"), Some(&sales), "en").send().await.unwrap().status(), 403);
    assert_eq!(app.request(Method::DELETE, &format!("dashboard/offers/{id}"), Some(&admin), "en").send().await.unwrap().status(), 200);
    assert_eq!(app.request(Method::POST, &format!("dashboard/offers/{id}/activate"), Some(&admin), "en").send().await.unwrap().status(), 404);
}

#[actix_web::test]
async fn staff_find_offers_by_title_and_status_a_page_at_a_time() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012349010").await;
    let today = chrono::Utc::now().date_naive();
    let offer = |title_en: &str, title_ar: &str, from: i64, to: i64| {
        json!({"title_ar": title_ar, "title_en": title_en, "percentage": 10, "product_ids": [1],
            "starts_at": (today + chrono::Duration::days(from)).to_string(), "ends_at": (today + chrono::Duration::days(to)).to_string()})
    };
    assert_eq!(app.add_offer(&admin, offer("Ramadan baskets", "سلال رمضان", 10, 20)).await.status(), 200);
    assert_eq!(app.add_offer(&admin, offer("Winter onions", "بصل الشتاء", -1, 5)).await.status(), 200);
    let titles = |list: serde_json::Value| list["data"].as_array().unwrap().iter().map(|o| o["title_en"].as_str().unwrap().to_string()).collect::<Vec<_>>();

    let all = json_of(app.staff_offers(&admin, "").await).await;
    assert_eq!(all["meta"]["total"], 4, "the two demo offers and these two");
    assert_eq!(titles(all)[..2], ["Winter onions", "Ramadan baskets"], "newest first");
    assert_eq!(titles(json_of(app.staff_offers(&admin, "?status=inactive").await).await), ["Ramadan baskets"], "not started yet");
    assert_eq!(titles(json_of(app.staff_offers(&admin, "?search=%D8%B1%D9%85%D8%B6%D8%A7%D9%86").await).await), ["Ramadan baskets"], "رمضان");
    assert_eq!(titles(json_of(app.staff_offers(&admin, "?search=ONIONS&status=active").await).await), ["Winter onions"]);
    let second = json_of(app.staff_offers(&admin, "?per_page=3&page=2").await).await;
    assert_eq!(second["meta"], json!({"current_page": 2, "last_page": 2, "per_page": 3, "total": 4}));
    assert_eq!(second["data"].as_array().unwrap().len(), 1);
    let wrong = app.request(Method::GET, "dashboard/offers?status=soon", Some(&admin), "ar").send().await.unwrap();
    assert_eq!(wrong.status(), 422);
    assert_eq!(json_of(wrong).await["errors"]["status"][0], "اختر حالة من القائمة.");
}

#[actix_web::test]
async fn pictures_that_nothing_uses_are_removed_from_the_disk() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012349010").await;
    let before = app.media_files();

    let good_then_bad = product_form(Some(png())).part("images[]", Part::bytes(b"not a picture".to_vec()).file_name("b.png").mime_str("image/png").unwrap());
    assert_eq!(create(&app, &admin, good_then_bad).await.status(), 422);
    assert_eq!(app.media_files(), before, "the good picture of a refused product is not kept");

    let nobody = app.request(Method::PUT, "dashboard/products/999999", Some(&admin), "en").multipart(product_form(Some(png()))).send().await.unwrap();
    assert_eq!(nobody.status(), 404);
    assert_eq!(app.media_files(), before, "a picture sent for a missing product is not kept");

    let created = json_of(create(&app, &admin, product_form(Some(png()))).await).await;
    assert_eq!(app.media_files().len(), before.len() + 2, "a large picture and a thumbnail");
    let id = created["data"]["id"].as_i64().unwrap();
    let deleted = app.delete_product(&admin, id).await;
    assert_eq!(deleted.status(), 200);
    assert_eq!(app.media_files(), before, "a removed product takes its pictures with it");

    let category = |name: &str| {
        Form::new()
            .text("name_ar", "أدوات ري")
            .text("name_en", name.to_string())
            .part("image", Part::bytes(png()).file_name("drip.png").mime_str("image/png").unwrap())
    };
    let added = app.request(Method::POST, "dashboard/categories", Some(&admin), "en").multipart(category("Irrigation tools")).send().await.unwrap();
    assert_eq!(added.status(), 200);
    let staff = json_of(app.get("dashboard/categories", Some(&admin)).await).await;
    let id = staff["data"].as_array().unwrap().iter().find(|c| c["name_en"] == "Irrigation tools").unwrap()["id"].as_i64().unwrap();
    let replaced = app.request(Method::PUT, &format!("dashboard/categories/{id}"), Some(&admin), "en").multipart(category("Irrigation")).send().await.unwrap();
    assert_eq!(replaced.status(), 200);
    assert_eq!(app.media_files().len(), before.len() + 2, "a replaced category picture is removed");
    let removed = app.request(Method::DELETE, &format!("dashboard/categories/{id}"), Some(&admin), "en").send().await.unwrap();
    assert_eq!(removed.status(), 200);
    assert_eq!(app.media_files(), before, "a removed category takes its picture with it");
}

#[actix_web::test]
async fn a_product_named_only_in_emoji_or_symbols_still_gets_an_address() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012377001").await;
    let body = json!({"name_ar": "🌱🌱", "name_en": "✨ — ✨", "price": 10, "quantity": 5, "weight": 100, "weight_unit": "g"});
    let mut slugs = Vec::new();
    for _ in 0..2 {
        let saved = app.post("dashboard/products", body.clone(), Some(&admin)).await;
        assert_eq!(saved.status(), 200, "saved and found");
        slugs.push(json_of(saved).await["data"]["slug"].as_str().unwrap().to_string());
    }
    assert_eq!(slugs, ["product", "product-2"]);
    let shown = json_of(app.get("products/product-2", None).await).await;
    assert_eq!(shown["data"]["name"], "✨ — ✨");
}

#[actix_web::test]
async fn products_and_categories_of_one_name_saved_at_once_each_get_an_address() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(Role::Admin, "01012377101").await;
    let product = json!({"name_ar": "بذور فلفل", "name_en": "Chili seeds", "price": 10, "quantity": 5, "weight": 100, "weight_unit": "g"});
    let saved = futures_util::future::join_all((0..6).map(|_| app.post("dashboard/products", product.clone(), Some(&admin)))).await;
    let mut slugs = Vec::new();
    for answer in saved {
        assert_eq!(answer.status(), 200, "every save answers, none a 500");
        slugs.push(json_of(answer).await["data"]["slug"].as_str().unwrap().to_string());
    }
    slugs.sort();
    slugs.dedup();
    assert_eq!(slugs.len(), 6, "six products, six addresses: {slugs:?}");
    let category = json!({"name_ar": "أسمدة ورقية", "name_en": "Foliar fertilisers", "sort_order": 9});
    let saved = futures_util::future::join_all((0..4).map(|_| app.post("dashboard/categories", category.clone(), Some(&admin)))).await;
    assert!(saved.iter().all(|answer| answer.status() == 200), "{:?}", saved.iter().map(|answer| answer.status()).collect::<Vec<_>>());
}
