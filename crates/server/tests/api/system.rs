//! Health, unknown paths and the API document.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{json_of, spawn_app};

#[actix_web::test]
async fn health_names_the_database_in_use() {
    let app = spawn_app().await;
    let response = app.get("health", None).await;
    assert_eq!(response.status(), 200);
    assert_eq!(json_of(response).await, json!({"status": "ok", "database": app.backend}));
}

#[actix_web::test]
async fn unknown_api_paths_answer_a_json_404_in_the_callers_language() {
    let app = spawn_app().await;
    let english = app.get("no/such/thing", None).await;
    assert_eq!(english.status(), 404);
    assert_eq!(json_of(english).await, json!({"message": "Page not found"}));
    let arabic = app.request(Method::GET, "auth/nothing-here", None, "ar-EG,ar;q=0.9").send().await.unwrap();
    assert_eq!(arabic.status(), 404);
    assert_eq!(json_of(arabic).await, json!({"message": "الصفحة غير موجودة"}));
}

#[actix_web::test]
async fn a_wrong_method_on_a_known_path_is_a_405_naming_the_allowed_ones() {
    let app = spawn_app().await;
    let response = app.request(Method::DELETE, "auth/me", None, "ar").send().await.unwrap();
    assert_eq!(response.status(), 405);
    assert_eq!(response.headers()["allow"], "GET, HEAD");
    assert_eq!(json_of(response).await, json!({"message": "هذا العنوان لا يقبل هذا النوع من الطلبات."}));

    let with_slug = app.request(Method::POST, "products/any-product", None, "en").send().await.unwrap();
    assert_eq!(with_slug.status(), 405, "a path with a parameter is known too");
    assert_eq!(with_slug.headers()["allow"], "GET, HEAD");
    let admin = app.account_token(identity::Role::Admin, "01012349020").await;
    let staff = app.request(Method::POST, "dashboard/products/12", Some(&admin), "en").send().await.unwrap();
    assert_eq!(staff.headers()["allow"], "GET, HEAD, PUT, DELETE");
    assert_eq!(app.request(Method::GET, "auth/login", None, "en").send().await.unwrap().headers()["allow"], "POST");

    // A fixed path beside an id route (`orders/checkout` beside `orders/{id}`) is not an id.
    let buyer = app.account_token(identity::Role::Customer, "01012349021").await;
    let checkout = app.request(Method::GET, "orders/checkout", Some(&buyer), "en").send().await.unwrap();
    assert_eq!((checkout.status().as_u16(), checkout.headers()["allow"].to_str().unwrap()), (405, "POST"));
    let transfer = app.request(Method::PUT, "cart/transfer", Some(&buyer), "en").send().await.unwrap();
    assert_eq!((transfer.status().as_u16(), transfer.headers()["allow"].to_str().unwrap()), (405, "POST"));
    assert_eq!(app.request(Method::GET, "orders/abc", Some(&buyer), "en").send().await.unwrap().status(), 404, "a malformed id names nothing");
    let stranger = app.request(Method::PUT, "cart/quote", None, "en").send().await.unwrap();
    assert_eq!((stranger.status().as_u16(), stranger.headers()["allow"].to_str().unwrap()), (405, "POST"), "the path's shape is read before the sign-in");
}

#[actix_web::test]
async fn head_answers_wherever_get_does_with_the_headers_and_no_body() {
    let app = spawn_app().await;
    let get = app.get("health", None).await;
    let length = get.headers()["content-length"].clone();
    let head = app.request(Method::HEAD, "health", None, "en").send().await.unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(head.headers()["content-type"], "application/json");
    assert_eq!(head.headers()["content-length"], length);
    assert!(head.bytes().await.unwrap().is_empty());
    let page = app.client.head(format!("{}/api/openapi.json", app.address)).send().await.unwrap();
    assert_eq!(page.status(), 200);
}

#[actix_web::test]
async fn the_openapi_document_describes_the_auth_calls() {
    let app = spawn_app().await;
    let response = app.client.get(format!("{}/api/openapi.json", app.address)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let document = json_of(response).await;
    assert!(document["openapi"].as_str().unwrap().starts_with("3."));
    for path in ["/api/auth/register", "/api/auth/login", "/api/auth/login/google", "/api/auth/reset-password", "/api/health"] {
        assert!(document["paths"].get(path).is_some(), "{path}");
    }
    let page = app.client.get(format!("{}/api/docs/", app.address)).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("swagger"));
}

#[actix_web::test]
async fn every_answer_carries_the_security_headers() {
    let app = spawn_app().await;
    for url in [format!("{}/api/health", app.address), format!("{}/api/no/such", app.address), format!("{}/products/x", app.address)] {
        let response = app.client.get(&url).send().await.unwrap();
        let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        assert_eq!(header("x-content-type-options"), "nosniff", "{url}");
        assert_eq!(header("referrer-policy"), "strict-origin-when-cross-origin", "{url}");
        assert!(header("content-security-policy").contains("frame-ancestors 'none'"), "{url}");
        assert!(header("content-security-policy").contains("script-src 'self'"), "{url}");
    }
}

#[actix_web::test]
async fn a_missing_picture_is_a_json_404_in_the_callers_language() {
    let app = spawn_app().await;
    let response = app.client.get(format!("{}/media/products/none.webp", app.address)).header("Accept-Language", "en").send().await.unwrap();
    assert_eq!(response.status(), 404);
    assert_eq!(json_of(response).await, json!({"message": "Page not found"}));
}

#[actix_web::test]
async fn every_operation_of_the_api_document_has_its_own_id() {
    let app = spawn_app().await;
    let document: serde_json::Value = app.client.get(format!("{}/api/openapi.json", app.address)).send().await.unwrap().json().await.unwrap();
    let mut ids: Vec<String> = document["paths"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|operations| operations.as_object().unwrap().values().map(|operation| operation["operationId"].as_str().unwrap_or_default().to_string()))
        .collect();
    let count = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), count, "client generators need one id per operation: {ids:?}");
    assert!(ids.contains(&"listStaffProducts".to_string()) && ids.contains(&"confirm_contact".to_string()));
}

#[actix_web::test]
async fn every_operation_of_the_api_document_lists_the_errors_it_can_answer() {
    let app = spawn_app().await;
    let document = json_of(app.client.get(format!("{}/api/openapi.json", app.address)).send().await.unwrap()).await;
    let mut checked = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let answers = operation["responses"].as_object().unwrap();
            let expect = |status: &str, why: &str| assert!(answers.contains_key(status), "{method} {path} lacks {status} ({why})");
            if operation["security"].as_array().is_some_and(|s| !s.is_empty()) {
                expect("401", "it needs a token");
            }
            if path.contains('{') {
                expect("404", "it names something");
            }
            if operation.get("requestBody").is_some() {
                for status in ["400", "408", "413", "415", "422"] {
                    expect(status, "it reads a body");
                }
            }
            // The readiness check's 503 is its own report, not an error body.
            for (status, answer) in answers.iter().filter(|(status, _)| status.starts_with('4') || (status.starts_with('5') && path != "/api/ready")) {
                assert_eq!(answer["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/ErrorBody", "{method} {path} {status}");
            }
            checked += 1;
        }
    }
    assert!(checked > 40, "{checked} operations");

    let upload = &document["paths"]["/api/dashboard/products"]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"];
    assert_eq!(upload["allOf"][1]["properties"]["images"]["items"]["format"], "binary", "pictures are documented as files");
    let per_page = document["paths"]["/api/products"]["get"]["parameters"].as_array().unwrap().iter().find(|p| p["name"] == "per_page").cloned().unwrap();
    assert!(per_page["description"].as_str().unwrap().contains("treated as 100"), "the clamp is documented");
}

#[actix_web::test]
async fn list_parameters_that_do_not_read_or_come_twice_are_a_422_naming_them() {
    let app = spawn_app().await;
    let twice = app.get("products?min_price=5&min_price=", None).await;
    assert_eq!(twice.status(), 422);
    assert_eq!(json_of(twice).await["errors"]["min_price"][0], "Give this parameter only once.");
    let flag = app.get("products?in_stock=maybe", None).await;
    assert_eq!(flag.status(), 422);
    assert_eq!(json_of(flag).await["errors"]["in_stock"][0], "Use true or false.");
    let huge = json_of(app.get("products?per_page=99999999999999999999&page=١", None).await).await;
    assert_eq!((huge["meta"]["per_page"].as_u64(), huge["meta"]["current_page"].as_u64()), (Some(100), Some(1)), "a huge page size is the largest");
    let admin = app.account_token(identity::Role::Admin, "01012349021").await;
    let staff = app.staff_products(&admin, "?page=two").await;
    assert_eq!(staff.status(), 422);
    assert!(json_of(staff).await["errors"]["page"][0].is_string());
}
