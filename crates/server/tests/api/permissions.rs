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

    let me = json_of(app.get("auth/me", Some(&sales)).await).await;
    assert_eq!(me["data"]["role"], "sales");
    assert_eq!(me["data"]["access_role"], "Sales Engineer");
    assert!(me["data"]["permissions"].as_array().unwrap().iter().any(|p| p == "order-status"));
}
