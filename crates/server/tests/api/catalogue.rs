//! The public catalogue over HTTP, on the demo catalogue.

use reqwest::Method;
use serde_json::Value;

use crate::helpers::{TestApp, json_of, spawn_app_with_catalogue};

async fn list(app: &TestApp, query: &str, lang: &str) -> Value {
    let response = app.request(Method::GET, &format!("products?{query}"), None, lang).send().await.unwrap();
    assert_eq!(response.status(), 200, "{query}");
    json_of(response).await
}

fn names(page: &Value) -> Vec<String> {
    page["data"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_string()).collect()
}

fn prices(page: &Value) -> Vec<f64> {
    page["data"].as_array().unwrap().iter().map(|p| p["sale_price"].as_f64().unwrap()).collect()
}

#[actix_web::test]
async fn pages_of_products_with_their_meta_and_edges() {
    let app = spawn_app_with_catalogue().await;
    let first = list(&app, "", "en").await;
    assert_eq!(first["meta"], serde_json::json!({"current_page": 1, "last_page": 3, "per_page": 20, "total": 43}));
    assert_eq!(first["data"].as_array().unwrap().len(), 20);
    let last = list(&app, "page=3", "en").await;
    assert_eq!(last["data"].as_array().unwrap().len(), 3);
    assert!(list(&app, "page=99", "en").await["data"].as_array().unwrap().is_empty());
    assert_eq!(list(&app, "per_page=1000", "en").await["meta"]["per_page"], 100);
    assert_eq!(list(&app, "page=0&per_page=0", "en").await["meta"]["per_page"], 1);
    let newest = list(&app, "sort=newest&per_page=42", "en").await;
    let dates: Vec<&str> = newest["data"].as_array().unwrap().iter().map(|p| p["created_at"].as_str().unwrap()).collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "newest first");
}

#[actix_web::test]
async fn filters_by_category_stock_featured_offers_and_price() {
    let app = spawn_app_with_catalogue().await;
    let seeds = list(&app, "category=seeds&per_page=100", "en").await;
    assert_eq!(seeds["meta"]["total"], 12);
    assert!(seeds["data"].as_array().unwrap().iter().all(|p| p["category"]["slug"] == "seeds"));
    let id = seeds["data"][0]["category"]["id"].as_i64().unwrap();
    assert_eq!(list(&app, &format!("category={id}"), "en").await["meta"]["total"], 12);
    assert_eq!(list(&app, "category=tractors", "en").await["meta"]["total"], 0);

    let featured = list(&app, "featured=1&per_page=100", "en").await;
    assert!(featured["data"].as_array().unwrap().iter().all(|p| p["featured"] == true));
    assert_eq!(featured["meta"]["total"], 6);
    let offers = list(&app, "offers=true&per_page=100", "en").await;
    assert!(offers["data"].as_array().unwrap().iter().all(|p| p["has_offer"] == true && p["sale_price"].as_f64() < p["price"].as_f64()));
    assert_eq!(offers["meta"]["total"], 14, "ten fertilisers and four seeds");
    let stocked = list(&app, "in_stock=1&per_page=100", "en").await;
    assert_eq!(stocked["meta"]["total"], 42, "the hybrid maize is sold out");
    assert!(stocked["data"].as_array().unwrap().iter().all(|p| p["in_stock"] == true));

    let range = list(&app, "min_price=100&max_price=150&per_page=100", "en").await;
    assert!(prices(&range).iter().all(|p| (100.0..=150.0).contains(p)), "{:?}", prices(&range));
    assert!(!prices(&range).is_empty());
}

#[actix_web::test]
async fn sorts_by_sale_price_both_ways() {
    let app = spawn_app_with_catalogue().await;
    let ascending = prices(&list(&app, "sort=price_asc&per_page=100", "en").await);
    assert!(ascending.windows(2).all(|w| w[0] <= w[1]));
    let descending = prices(&list(&app, "sort=price_desc&per_page=100", "en").await);
    assert!(descending.windows(2).all(|w| w[0] >= w[1]));
    assert_eq!(ascending.len(), 43);
}

#[actix_web::test]
async fn arabic_search_forgives_spelling_diacritics_digits_the_article_and_a_typo() {
    let app = spawn_app_with_catalogue().await;
    let finds = |query: &'static str, expected: &'static str| {
        let app = &app;
        async move {
            let page = list(app, &format!("search={}", urlencode(query)), "ar").await;
            assert!(names(&page).iter().any(|n| n == expected), "{query} should find {expected}: {:?}", names(&page));
        }
    };
    finds("اسمده", "أسمدة ورقية لنباتات الزينة").await;
    finds("إسمدة", "أسمدة ورقية لنباتات الزينة").await;
    finds("الأسمدة", "أسمدة ورقية لنباتات الزينة").await;
    finds("أَسْمِدَة", "أسمدة ورقية لنباتات الزينة").await;
    finds("اســمدة", "أسمدة ورقية لنباتات الزينة").await;
    finds("بلدى", "بذور خيار بلدي").await;
    finds("ملوخيه", "بذور ملوخية").await;
    finds("٢٠-٢٠-٢٠", "سماد NPK 20-20-20").await;
    finds("طماطن", "بذور طماطم هجين 023").await;
    finds("tomato بذور", "بذور طماطم هجين 023").await;

    let english = list(&app, "search=TOMATO%20seed", "en").await;
    assert_eq!(names(&english).first().map(String::as_str), Some("Hybrid tomato seeds 023"), "the best match first");
    assert_eq!(list(&app, "search=tractor", "en").await["meta"]["total"], 0);
}

pub fn urlencode(text: &str) -> String {
    text.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[actix_web::test]
async fn a_product_by_slug_in_both_languages_and_unknown_slugs_are_404() {
    let app = spawn_app_with_catalogue().await;
    let arabic = json_of(app.request(Method::GET, "products/neem-oil", None, "ar").send().await.unwrap()).await;
    assert_eq!(arabic["data"]["name"], "زيت النيم");
    assert_eq!(arabic["data"]["category"]["name"], "مبيدات");
    let english = json_of(app.get("products/neem-oil", None).await).await;
    assert_eq!(english["data"]["name"], "Neem oil");
    assert_eq!(english["data"]["weight"], 0.5);
    assert_eq!(english["data"]["weight_unit"], "g");
    assert_eq!(english["data"]["image"], "/media/demo/neem-oil.svg");
    let picture = app.client.get(format!("{}/media/demo/neem-oil.svg", app.address)).send().await.unwrap();
    assert_eq!(picture.status(), 200);
    assert_eq!(picture.headers()["content-type"], "image/svg+xml");
    assert!(picture.headers()["cache-control"].to_str().unwrap().contains("max-age"));
    let package = json_of(app.get("products/home-garden-package", None).await).await;
    assert_eq!((package["data"]["is_package"].as_bool(), package["data"]["pieces_per_package"].as_i64()), (Some(true), Some(7)));

    let missing = app.request(Method::GET, "products/no-such-thing", None, "ar").send().await.unwrap();
    assert_eq!(missing.status(), 404);
    assert_eq!(json_of(missing).await["message"], "الصفحة غير موجودة");
}

#[actix_web::test]
async fn malformed_list_parameters_are_a_422_naming_each() {
    let app = spawn_app_with_catalogue().await;
    let response = app.get("products?sort=cheapest&min_price=abc&page=x", None).await;
    assert_eq!(response.status(), 422);
    let body = json_of(response).await;
    for field in ["sort", "min_price", "page"] {
        assert!(body["errors"][field][0].is_string(), "{field}");
    }
}

#[actix_web::test]
async fn home_and_categories_in_one_call_each() {
    let app = spawn_app_with_catalogue().await;
    let home = json_of(app.request(Method::GET, "home", None, "ar").send().await.unwrap()).await;
    assert_eq!(home["data"]["categories"].as_array().unwrap().len(), 5);
    assert_eq!(home["data"]["featured"].as_array().unwrap().len(), 6);
    assert_eq!(home["data"]["recent"].as_array().unwrap().len(), 8);
    assert_eq!(home["data"]["offers"][0]["title"], "خصم موسم الزراعة على الأسمدة");
    let crops: Vec<&str> = home["data"]["crops"].as_array().unwrap().iter().map(|crop| crop["name"].as_str().unwrap()).collect();
    assert!(crops.contains(&"طماطم") && crops.len() <= 12, "the crops to shop by come first, in Arabic: {crops:?}");
    let tomato = json_of(app.request(Method::GET, "crops/tomato", None, "en").send().await.unwrap()).await;
    let names: Vec<&str> = tomato["data"]["products"].as_array().unwrap().iter().map(|product| product["name"].as_str().unwrap()).collect();
    assert_eq!(names.last(), Some(&"Poultry manure pellets"), "on a crop's page its protection comes first: {names:?}");
    let categories = json_of(app.get("categories", None).await).await;
    let slugs: Vec<&str> = categories["data"].as_array().unwrap().iter().map(|c| c["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["seeds", "soil", "fertilisers", "pesticides", "packages"]);
}

fn slugs(page: &Value) -> std::collections::BTreeSet<String> {
    page["data"].as_array().unwrap().iter().map(|p| p["slug"].as_str().unwrap().to_string()).collect()
}

#[actix_web::test]
async fn a_plural_and_its_singular_and_a_misspelt_american_word_find_the_fertilisers() {
    let app = spawn_app_with_catalogue().await;
    let fertilisers = slugs(&list(&app, "category=fertilisers&per_page=100", "en").await);
    assert_eq!(fertilisers.len(), 10);
    let plural = slugs(&list(&app, "search=اسمده&per_page=100", "ar").await);
    let singular = slugs(&list(&app, "search=سماد&per_page=100", "ar").await);
    assert_eq!(plural, singular, "أسمدة and سماد are one word to a shopper");
    assert!(plural.is_superset(&fertilisers));
    let misspelt = slugs(&list(&app, "search=fertlizer&per_page=100", "en").await);
    assert!(misspelt.is_superset(&fertilisers), "a dropped letter in the American spelling");
}

#[actix_web::test]
async fn the_search_box_suggests_crops_pests_categories_and_products() {
    let app = spawn_app_with_catalogue().await;
    let suggest = |q: &str, lang: &'static str| {
        let path = format!("search/suggestions?q={}", urlencoding(q));
        let app = &app;
        async move { json_of(app.request(Method::GET, &path, None, lang).send().await.unwrap()).await }
    };
    let seeds = suggest("بذور", "ar").await;
    assert_eq!(seeds["data"]["categories"][0]["slug"], "seeds");
    let products = seeds["data"]["products"].as_array().unwrap();
    assert!(!products.is_empty() && products.len() <= 6);
    assert!(products.iter().all(|p| p["name"].as_str().unwrap().contains("بذور") && p["sale_price"].as_f64().unwrap() > 0.0));
    let english = suggest("fertiliz", "en").await;
    assert_eq!(english["data"]["categories"][0]["name"], "Fertilisers");
    let tomato = suggest("طماطم", "ar").await;
    assert_eq!(tomato["data"]["crops"][0]["slug"], "tomato", "a crop by its name: {tomato}");
    let aphids = suggest("aphids", "en").await;
    assert_eq!(aphids["data"]["pests"][0]["slug"], "aphids", "a pest by its name: {aphids}");
    let nothing = suggest("", "en").await;
    assert_eq!(nothing["data"], serde_json::json!({"products": [], "categories": [], "crops": [], "pests": []}));
    let long = suggest(&"سماد ".repeat(300), "ar").await;
    assert!(long["data"]["products"].as_array().unwrap().len() <= 6, "a huge query is cut, not refused");
}

fn urlencoding(text: &str) -> String {
    text.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[actix_web::test]
async fn a_deal_on_home_leads_to_its_page_with_the_products_it_lowers() {
    let app = spawn_app_with_catalogue().await;
    let home = json_of(app.request(Method::GET, "home", None, "en").send().await.unwrap()).await;
    let id = home["data"]["offers"][0]["id"].as_i64().unwrap();
    let page = json_of(app.request(Method::GET, &format!("offers/{id}?per_page=100"), None, "en").send().await.unwrap()).await;
    assert_eq!(page["offer"]["title"], home["data"]["offers"][0]["title"]);
    let products = page["data"].as_array().unwrap();
    assert_eq!(page["meta"]["total"], 10, "the season's deal lowers the ten fertilisers");
    assert!(products.iter().all(|p| p["has_offer"] == true && p["sale_price"].as_f64() < p["price"].as_f64()));
    let second = json_of(app.request(Method::GET, &format!("offers/{id}?per_page=4&page=3"), None, "en").send().await.unwrap()).await;
    assert_eq!(second["data"].as_array().unwrap().len(), 2, "pages of the offer's products");
    assert_eq!(app.request(Method::GET, "offers/999999", None, "en").send().await.unwrap().status(), 404);
    let refused = app.request(Method::GET, &format!("offers/{id}?page=x"), None, "ar").send().await.unwrap();
    assert_eq!(refused.status(), 422);
}

#[actix_web::test]
async fn a_shared_product_link_carries_the_product_in_the_html_head() {
    let app = spawn_app_with_catalogue().await;
    let page = |slug: &str, cookie: Option<&str>| {
        let mut request = app.client.get(format!("{}/products/{slug}", app.address));
        if let Some(cookie) = cookie {
            request = request.header("Cookie", cookie);
        }
        request.send()
    };
    let arabic = page("neem-oil", None).await.unwrap();
    assert_eq!(arabic.status(), 200);
    let html = arabic.text().await.unwrap();
    assert!(html.contains("<title>زيت النيم | محصول</title>"), "{html}");
    assert!(html.contains(r#"<meta property="og:title" content="زيت النيم">"#));
    let json = html.split(r#"<script type="application/ld+json">"#).nth(1).unwrap().split("</script>").next().unwrap();
    let data: Value = serde_json::from_str(json).unwrap();
    assert_eq!(data["@type"], "Product");
    assert_eq!(data["offers"]["priceCurrency"], "EGP");
    assert_eq!(data["offers"]["price"], "120.00");
    let shop_picture = format!(r#"<meta property="og:image" content="{}/og-image.jpg">"#, app.address);
    assert!(html.contains(&shop_picture), "a demo product's picture is an SVG, which link previews do not show: {html}");
    assert_eq!(html.matches("og:image\"").count(), 1);
    let home = app.client.get(format!("{}/", app.address)).send().await.unwrap().text().await.unwrap();
    assert!(home.contains(&shop_picture), "Home shares with the shop's picture");
    let canonical = format!(r#"<link rel="canonical" href="{}/">"#, app.address);
    assert_eq!(home.matches(&canonical).count(), 1, "Home names its one address: {home}");
    let tracked = app.client.get(format!("{}/?utm_source=whatsapp", app.address)).send().await.unwrap().text().await.unwrap();
    assert!(tracked.contains(&canonical), "a shared link with tracking names the same address");
    let about = app.client.get(format!("{}/about-us", app.address)).send().await.unwrap().text().await.unwrap();
    assert!(!about.contains(&canonical), "another page does not claim to be Home");
    assert!(html.contains("<style>body{margin:0}</style>") && !html.contains("index.css"), "the styles come with the page: {html}");
    assert!(html.contains(r#"href="/assets/ar.js" data-language="ar""#) && !html.contains("/assets/en.js"), "the Arabic texts only: {html}");

    let english = page("neem-oil", Some("language=en")).await.unwrap().text().await.unwrap();
    assert!(english.contains("<title>Neem oil | Mahsoul</title>"));
    assert!(english.contains(r#"href="/assets/en.js" data-language="en""#) && !english.contains("/assets/ar.js"), "the English texts only");
    assert_eq!(page("no-such-product", None).await.unwrap().status(), 404);
}

/// The answers a page painted on the server carries for the app (`#page-data`).
fn page_data(html: &str) -> Value {
    let json = html.split(r#"<script id="page-data" type="application/json">"#).nth(1).expect("page data").split("</script>").next().unwrap();
    serde_json::from_str(json).unwrap()
}

/// Whether the page asks for `picture` ahead of its scripts (a preload link at the top of the
/// head), so a phone's six connections do not fetch forty scripts first.
fn asks_first_for(html: &str, picture: &Value) -> bool {
    let link = format!(r#"<link rel="preload" as="image" href="{}" fetchpriority="high">"#, picture.as_str().expect("a picture"));
    matches!((html.find(&link), html.find("<script")), (Some(link), Some(script)) if link < script)
}

/// A price as the pages write it in Arabic: `120 جنيه`, `12.50 جنيه`.
fn arabic_price(pounds: &Value) -> String {
    let pounds = pounds.as_f64().unwrap();
    if pounds.fract() == 0.0 { format!("<bdi>{pounds:.0} جنيه</bdi>") } else { format!("<bdi>{pounds:.2} جنيه</bdi>") }
}

#[actix_web::test]
async fn home_a_list_and_a_product_page_carry_their_products_before_any_script() {
    let app = spawn_app_with_catalogue().await;
    let html = |path: &str, lang: &str| {
        let request = app.client.get(format!("{}{path}", app.address)).header("Cookie", format!("language={lang}"));
        async move { request.send().await.unwrap().text().await.unwrap() }
    };

    let product = html("/products/neem-oil", "ar").await;
    let answer = json_of(app.request(Method::GET, "products/neem-oil", None, "ar").send().await.unwrap()).await;
    assert!(product.contains("<h1>زيت النيم</h1>"), "{product}");
    assert!(product.contains(&arabic_price(&answer["data"]["sale_price"])), "{product}");
    let data = page_data(&product);
    assert_eq!(data["language"], "ar");
    assert_eq!(data["queries"][0][0], serde_json::json!(["catalog", "ar", "product", "neem-oil"]));
    assert_eq!(data["queries"][0][1], answer, "the app's first answer, as the API gives it");
    assert!(asks_first_for(&product, &answer["data"]["image"]), "{product}");

    let home = html("/", "en").await;
    let answer = json_of(app.request(Method::GET, "home", None, "en").send().await.unwrap()).await;
    assert!(home.contains("Everything your harvest needs"));
    for featured in answer["data"]["featured"].as_array().unwrap() {
        assert!(home.contains(featured["name"].as_str().unwrap()), "{featured} on Home");
    }
    assert_eq!(page_data(&home)["queries"][0], serde_json::json!([["catalog", "en", "home"], answer]));
    let featured = answer["data"]["featured"].as_array().unwrap();
    assert!(featured.len() > 4);
    assert!(featured[..4].iter().all(|product| asks_first_for(&home, &product["image"])), "{home}");
    assert!(!home.contains(&format!("href=\"{}\"", featured[4]["image"].as_str().unwrap())), "a phone's screen shows two rows of two");

    // The app's key holds what it reads of the query; other parameters do not change the list.
    let list = html("/products?category=seeds&sort=price_asc&per_page=2", "ar").await;
    let answer = json_of(app.request(Method::GET, "products?category=seeds&sort=price_asc", None, "ar").send().await.unwrap()).await;
    let seeds = answer["data"].as_array().unwrap();
    assert!(seeds.len() > 2);
    for seed in seeds {
        assert!(list.contains(&format!("{}</span>", seed["name"].as_str().unwrap())), "{seed} in the list");
    }
    let data = page_data(&list);
    assert_eq!(data["queries"][0], serde_json::json!([["catalog", "ar", "products", {"category": "seeds", "sort": "price_asc"}], answer]));
    assert_eq!(data["queries"][1][0], serde_json::json!(["catalog", "ar", "categories"]));
    assert!(asks_first_for(&list, &seeds[0]["image"]) && asks_first_for(&list, &seeds[1]["image"]), "{list}");

    let refused = html("/products?page=x", "en").await;
    assert!(!refused.contains("page-data"), "a query the API refuses is left to the app, which says why");
    assert!(!html("/auth/login", "en").await.contains("page-data"), "a screen of the account is left to the app");
}

#[actix_web::test]
async fn a_content_page_carries_its_title_and_paragraphs_before_any_script() {
    let app = spawn_app_with_catalogue().await;
    for (lang, title) in [("en", "About us"), ("ar", "من نحن")] {
        let request = app.client.get(format!("{}/about-us", app.address)).header("Cookie", format!("language={lang}"));
        let html = request.send().await.unwrap().text().await.unwrap();
        let answer = json_of(app.request(Method::GET, "pages/about-us", None, lang).send().await.unwrap()).await;
        assert_eq!(answer["data"]["title"], title);
        assert!(html.contains(&format!("<h1>{title}</h1>")), "{html}");
        let body = answer["data"]["body"].as_str().unwrap();
        let paragraphs = body.split("\n\n").filter(|p| !p.trim().is_empty()).count();
        assert!(paragraphs > 1);
        assert_eq!(html.matches("<p>").count(), paragraphs, "{html}");
        let opening: String = body.chars().take(20).collect();
        assert!(html.contains(&format!("<p>{opening}")), "{html}");
        assert_eq!(page_data(&html)["queries"][0], serde_json::json!([["content", lang, "page", "about-us"], answer]));
    }
}

#[actix_web::test]
async fn crawlers_get_a_404_for_unknown_paths_a_robots_file_and_a_sitemap_in_both_languages() {
    let app = spawn_app_with_catalogue().await;
    let status = |path: &'static str| {
        let request = app.client.get(format!("{}{path}", app.address));
        async move { request.send().await.unwrap().status().as_u16() }
    };
    assert_eq!(status("/").await, 200);
    assert_eq!(status("/products?category=seeds").await, 200);
    assert_eq!(status("/dashboard/users/7").await, 200, "the app's screens");
    assert_eq!(status("/no-such-page").await, 404);
    assert_eq!(status("/products/neem-oil/extra").await, 404);
    let robots = app.client.get(format!("{}/robots.txt", app.address)).send().await.unwrap().text().await.unwrap();
    assert!(robots.contains("Disallow: /dashboard") && robots.contains(&format!("Sitemap: {}/sitemap.xml", app.address)));
    let sitemap = app.client.get(format!("{}/sitemap.xml", app.address)).send().await.unwrap();
    assert_eq!(sitemap.headers()["content-type"], "application/xml; charset=utf-8");
    let sitemap = sitemap.text().await.unwrap();
    assert_eq!(sitemap.matches("<url>").count(), 7 + 5 + 2 + 43, "pages, categories, the two running offers, products");
    assert!(sitemap.contains(&format!("<loc>{}/products/neem-oil</loc>", app.address)));
    assert!(sitemap.contains(&format!("hreflang=\"en\" href=\"{}/products?category=seeds&amp;lang=en\"", app.address)));
}
