//! The pages the server paints before any script runs are written by a template engine that
//! escapes by default: what staff type (a product's, a category's, an offer's or a page's
//! name and text) shows as text on every one of them, never as markup.

use serde_json::{Value, json};

use crate::helpers::{json_of, spawn_app_with_catalogue};

/// Names that would run a script if a page wrote them as markup: inside an element, and
/// breaking out of an attribute.
const HOSTILE: [&str; 2] = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>"];

/// The two names as an escaping page writes them.
const ESCAPED: [&str; 2] = ["&lt;script&gt;alert(1)&lt;/script&gt;", "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"];

#[actix_web::test]
async fn every_server_painted_page_shows_a_hostile_name_as_text() {
    let app = spawn_app_with_catalogue().await;
    let admin = app.account_token(identity::Role::Admin, "01012349301").await;
    assert_eq!(app.post("dashboard/categories", json!({"name_ar": HOSTILE[0], "name_en": HOSTILE[1]}), Some(&admin)).await.status(), 200);
    let categories = json_of(app.get("categories", None).await).await;
    let category = categories["data"].as_array().unwrap().iter().find(|c| c["name"] == HOSTILE[1]).expect("the category is listed").clone();
    let (category, category_slug) = (category["id"].as_i64().unwrap(), category["slug"].as_str().unwrap().to_string());
    let product = json!({
        "name_ar": HOSTILE[0], "name_en": HOSTILE[1], "description_ar": HOSTILE[1], "description_en": HOSTILE[0],
        "price": "10", "weight": "1", "quantity": 3, "featured": true, "category_id": category,
    });
    let product = json_of(app.post("dashboard/products", product, Some(&admin)).await).await;
    let slug = product["data"]["slug"].as_str().expect("the product is saved").to_string();
    let today = chrono::Utc::now().date_naive();
    let offer = json!({
        "title_ar": HOSTILE[0], "title_en": HOSTILE[1], "percentage": 10, "category_id": category,
        "starts_at": (today - chrono::Duration::days(1)).to_string(), "ends_at": (today + chrono::Duration::days(7)).to_string(),
    });
    assert_eq!(app.add_offer(&admin, offer).await.status(), 200);
    let page = json!({"title_ar": HOSTILE[0], "title_en": HOSTILE[1], "body_ar": HOSTILE[1], "body_en": HOSTILE[0]});
    assert_eq!(app.put("dashboard/settings/pages/about-us", page, Some(&admin)).await.status(), 200);

    let paths = [
        "/".to_string(),
        "/products".to_string(),
        format!("/products?category={category_slug}"),
        format!("/products/{slug}"),
        "/about-us".to_string(),
        "/sitemap.xml".to_string(),
    ];
    for (language, name) in [("ar", 0), ("en", 1)] {
        for path in &paths {
            let response = app.client.get(format!("{}{path}", app.address)).header("Cookie", format!("language={language}")).send().await.unwrap();
            assert_eq!(response.status(), 200, "{path}");
            let html = response.text().await.unwrap();
            for hostile in ["<script>alert", "<img src=x"] {
                assert!(!html.contains(hostile), "{path} in {language} writes {hostile:?} as markup: {html}");
            }
            if path != "/sitemap.xml" {
                assert!(html.contains(ESCAPED[name]), "{path} in {language} shows the name as text: {html}");
            }
        }
    }
    // The answers the app reads from the page keep the name as it was typed.
    let home = app.client.get(format!("{}/", app.address)).header("Cookie", "language=en").send().await.unwrap().text().await.unwrap();
    let data = home.split(r#"<script id="page-data" type="application/json">"#).nth(1).unwrap().split("</script>").next().unwrap();
    let data: Value = serde_json::from_str(data).unwrap();
    let featured = &data["queries"][0][1]["data"]["featured"];
    assert!(featured.as_array().unwrap().iter().any(|product| product["name"] == HOSTILE[1]), "{featured}");
}

#[actix_web::test]
async fn a_farm_products_page_paints_its_safety_and_use_block_for_readers_without_scripts() {
    let app = spawn_app_with_catalogue().await;
    let products = json_of(app.get("products?search=copper%20fungicide", None).await).await;
    let slug = products["data"][0]["slug"].as_str().expect("the demo's copper fungicide").to_string();
    let admin = app.account_token(identity::Role::Admin, "01012380061").await;
    let product = products["data"][0]["id"].as_i64().unwrap();
    assert_eq!(crate::agronomy::upload(&app, &admin, product, "label", crate::agronomy::label_pdf("copper"), "en").await.status(), 200);
    for (language, heading, ingredient, words, row) in [
        (
            "en",
            "Safety and use",
            "copper hydroxide",
            ["Wettable powder (WP)", "valid until 30 June 2028", "Moderately hazardous (II)", "Harmful or irritant", "Harmful to aquatic life"],
            ["Tomato", "Late blight", "200–250", "g per 100 L of water", "400 L per feddan", "after 3 days", "after 24 hours"],
        ),
        (
            "ar",
            "الأمان وطريقة الاستخدام",
            "هيدروكسيد النحاس",
            ["مسحوق قابل للبلل (WP)", "سارٍ حتى 30 يونيو 2028", "خطورة متوسطة (II)", "ضار أو مهيّج", "ضار بالبيئة المائية"],
            ["طماطم", "الندوة المتأخرة", "200–250", "جم لكل 100 لتر ماء", "400 لتر للفدان", "بعد 3 أيام", "بعد 24 ساعة"],
        ),
    ] {
        let html = app
            .client
            .get(format!("{}/products/{slug}", app.address))
            .header("Cookie", format!("language={language}"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let block = &html[html.find("fp-agronomy").unwrap_or_else(|| panic!("{language}: no safety block in {html}"))..];
        let block = &block[..block.find("</section>").expect("the block's end")];
        assert!(block.contains(heading) && block.contains(ingredient), "{language}: {block}");
        assert!(block.contains("SAMPLE-APC-2417"), "{language}: the registration");
        // Codes are worded and dated as the app words them; the pictograms are drawn, not named.
        for word in words {
            assert!(block.contains(word), "{language}: {word} in {block}");
        }
        assert!(block.contains(r#"<span class="fp-ghs fp-ghs-GHS07" aria-hidden="true">"#), "{language}: the pictogram");
        assert!(!block.contains("GHS07 ·") && !block.contains("2028-06-30"), "{language}: no bare codes or ISO dates");
        let label = if language == "en" { "Label (PDF)" } else { "الملصق (PDF)" };
        assert!(block.contains(r#"<a href="/media/documents/"#) && block.contains(label), "{language}: the label's link");
        let mut at = block.find(row[0]).expect("the tomato row");
        for cell in &row[1..] {
            let next = block[at..].find(cell).unwrap_or_else(|| panic!("{language}: {cell} after {}", row[0]));
            at += next;
        }
        // Search engines read the same facts from the head's structured data.
        let json = html.split(r#"<script type="application/ld+json">"#).nth(1).unwrap().split("</script>").next().unwrap();
        let data: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(data["size"], "1 kg", "{language}");
        let properties: Vec<&str> = data["additionalProperty"].as_array().unwrap().iter().map(|property| property["value"].as_str().unwrap()).collect();
        assert_eq!(properties, [format!("{ingredient} 77 %").as_str(), "SAMPLE-APC-2417", "II"], "{language}");
    }
}

/// The page `path` as a phone asking in `language` gets it.
async fn page(app: &crate::helpers::TestApp, path: &str, language: &str) -> String {
    let response = app.client.get(format!("{}{path}", app.address)).header("Cookie", format!("language={language}")).send().await.unwrap();
    assert_eq!(response.status(), 200, "{path}");
    response.text().await.unwrap()
}

#[actix_web::test]
async fn the_cart_and_the_checkout_come_painted_in_their_language_with_their_own_scripts_preloaded() {
    let app = spawn_app_with_catalogue().await;
    let preload = |file: &str| format!(r#"<link rel="modulepreload" crossorigin href="/assets/{file}">"#);
    for (language, root, cart, checkout, footer) in [
        ("ar", r#"<html lang="ar" dir="rtl">"#, "السلة", "إتمام الطلب", "تتبع طلبًا"),
        ("en", r#"<html lang="en" dir="ltr">"#, "Cart", "Checkout", "Track an order"),
    ] {
        let html = page(&app, "/cart", language).await;
        assert!(html.contains(root), "{language}: {html}");
        let head = &html[..html.find("</head>").unwrap()];
        // The screen's own chunks and what only they import, not what the entry brings.
        for file in ["CartScreen.js", "CartActions.js", "forms.js"] {
            assert!(head.contains(&preload(file)), "{language}: the cart preloads {file}: {head}");
        }
        assert!(!head.contains(&preload("vendor.js")) && !head.contains(&preload("Checkout.js")), "{language}: {head}");
        let painted = &html[html.find(r#"<div id="root">"#).expect("the root holds the painted page")..];
        assert!(painted.contains("fp-header") && painted.contains(&format!("<h2>{cart}</h2>")), "{language}: the cart's frame and title: {painted}");
        assert!(painted.contains("fp-footer") && painted.contains(footer), "{language}: the footer: {painted}");

        let html = page(&app, "/account/checkout", language).await;
        assert!(html.contains(root), "{language}: {html}");
        let head = &html[..html.find("</head>").unwrap()];
        assert!(head.contains(&preload("Checkout.js")) && head.contains(&preload("forms.js")), "{language}: {head}");
        assert!(!head.contains(&preload("CartScreen.js")) && !head.contains(&preload("vendor.js")), "{language}: {head}");
        assert!(html.contains(&format!("<h2>{checkout}</h2>")), "{language}: the checkout's title: {html}");

        for path in ["/order-success", "/track-order"] {
            let html = page(&app, path, language).await;
            assert!(html.contains(root) && html.contains("fp-header") && html.contains("fp-footer"), "{language}: {path} is painted: {html}");
        }
        // A screen of the entry needs nothing more.
        let home = page(&app, "/", language).await;
        assert!(!home[..home.find("</head>").unwrap()].contains(&preload("CartScreen.js")), "{language}: Home preloads no screen");
    }
}

#[actix_web::test]
async fn a_first_visit_opens_in_arabic_whatever_the_phone_asks_and_a_link_or_the_cookie_choose_english() {
    let app = spawn_app_with_catalogue().await;
    let get = |path: &str, cookie: Option<&str>| {
        let mut request = app.client.get(format!("{}{path}", app.address)).header("Accept-Language", "en-US,en;q=0.9");
        if let Some(cookie) = cookie {
            request = request.header("Cookie", cookie);
        }
        async move { request.send().await.unwrap().text().await.unwrap() }
    };
    assert!(get("/products", None).await.contains(r#"<html lang="ar" dir="rtl">"#), "no cookie: Arabic, though the phone asks for English");
    assert!(get("/products?lang=en", None).await.contains(r#"<html lang="en" dir="ltr">"#), "a link in English");
    assert!(get("/products", Some("language=en")).await.contains(r#"<html lang="en" dir="ltr">"#), "the choice kept");
    let api = app.client.get(format!("{}/api/products/no-such-product", app.address)).header("Accept-Language", "en").send().await.unwrap();
    assert_eq!(api.status(), 404);
    let answer: serde_json::Value = api.json().await.unwrap();
    assert_eq!(answer["message"], "Page not found", "the API still answers in the language asked");
}
