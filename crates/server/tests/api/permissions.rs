//! Staff endpoints check permissions on the server.

use identity::Role;

use crate::helpers::{json_of, spawn_app};

#[actix_web::test]
async fn only_staff_holding_the_permission_may_call_a_dashboard_endpoint() {
    let app = spawn_app().await;
    let customer = app.register("01012340001", None).await;
    let sales = app.account_token(Role::Sales, "01012340002").await;
    let admin = app.account_token(Role::Admin, "01012340003").await;

    let forbidden = app.get("dashboard/permissions", Some(&customer)).await;
    assert_eq!(forbidden.status(), 403);
    assert_eq!(json_of(forbidden).await["message"], "You do not have permission to do this.");
    assert_eq!(app.get("dashboard/permissions", Some(&sales)).await.status(), 403, "Sales Engineer lacks role-list");
    assert_eq!(app.get("dashboard/permissions", None).await.status(), 401);

    let allowed = app.get("dashboard/permissions", Some(&admin)).await;
    assert_eq!(allowed.status(), 200);
    let list = json_of(allowed).await;
    assert!(list["data"].as_array().unwrap().iter().any(|p| p == "client-list"));

    let me = json_of(app.me(Some(&sales)).await).await;
    assert_eq!(me["data"]["role"], "sales");
    assert_eq!(me["data"]["access_role"], "Sales Engineer");
    assert!(me["data"]["permissions"].as_array().unwrap().iter().any(|p| p == "order-status"));
}

#[actix_web::test]
async fn a_customer_or_a_stranger_is_refused_before_a_staff_body_is_read() {
    let app = spawn_app().await;
    let customer = app.account_token(Role::Customer, "01012349201").await;
    let wrong_fields = serde_json::json!({"points_earn_rate": "lots", "facebook_url": "ftp://x"});
    let response = app.put("dashboard/settings", wrong_fields, Some(&customer)).await;
    assert_eq!(response.status(), 403, "a customer learns nothing of the staff fields");
    assert_eq!(json_of(response).await, serde_json::json!({"message": "You do not have permission to do this."}));
    let upload = reqwest::multipart::Form::new().part("images[]", reqwest::multipart::Part::bytes(vec![0u8; 2 * 1024 * 1024]).file_name("x.png"));
    let response = app.request(reqwest::Method::POST, "dashboard/products", None, "en").multipart(upload).send().await;
    if let Ok(response) = response {
        assert_eq!(response.status(), 401, "a stranger's upload is refused before it is read");
    }
}
