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
    let arabic = app.request(Method::DELETE, "auth/me", None, "ar-EG,ar;q=0.9").send().await.unwrap();
    assert_eq!(arabic.status(), 404);
    assert_eq!(json_of(arabic).await, json!({"message": "الصفحة غير موجودة"}));
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
