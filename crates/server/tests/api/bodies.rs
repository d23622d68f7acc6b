//! Bodies in every accepted encoding, and bad bodies that must change nothing.

use reqwest::Method;
use reqwest::multipart::Form;
use serde_json::json;

use crate::helpers::{PASSWORD, json_of, spawn_app};

#[actix_web::test]
async fn form_and_multipart_bodies_work_like_json() {
    let app = spawn_app().await;
    let form = app
        .request(Method::POST, "auth/register", None, "en")
        .form(&[("name", "Form"), ("phone", "01012345676"), ("password", PASSWORD), ("password_confirmation", PASSWORD), ("city_id", "٣")])
        .send()
        .await
        .unwrap();
    assert_eq!(form.status(), 200);
    assert_eq!(json_of(form).await["data"]["city_id"], 3);

    let multipart = Form::new().text("username", "01012345676").text("password", PASSWORD);
    let response = app.request(Method::POST, "auth/login", None, "en").multipart(multipart).send().await.unwrap();
    assert_eq!(response.status(), 200);

    let missing = app.request(Method::POST, "auth/login", None, "en").multipart(Form::new().text("username", "x")).send().await.unwrap();
    assert_eq!(missing.status(), 422);
    assert_eq!(json_of(missing).await["errors"]["password"][0], "Password is required");
}

#[actix_web::test]
async fn malformed_json_is_a_400_and_changes_nothing() {
    let app = spawn_app().await;
    let response = app
        .request(Method::POST, "auth/register", None, "en")
        .header("Content-Type", "application/json")
        .body(r#"{"name": "x", "phone": "01012345677""#)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    assert_eq!(json_of(response).await, json!({"message": "The request body could not be read."}));
    assert_eq!(app.login("01012345677", PASSWORD).await.status(), 422, "no account was made");
}

#[actix_web::test]
async fn wrong_types_are_a_422_on_the_field() {
    let app = spawn_app().await;
    let response = app.post("auth/login", json!({"username": 1012345678, "password": true}), None).await;
    assert_eq!(response.status(), 422);
    let body = json_of(response).await;
    assert_eq!(body["errors"]["username"][0], "This field has the wrong type.");

    let array = app.post("auth/login", json!(["username", "password"]), None).await;
    assert_eq!(array.status(), 422);
    let city = app.post("auth/register", json!({"city_id": "three"}), None).await;
    assert_eq!(json_of(city).await["errors"]["city_id"][0], "This field has the wrong type.");
}

#[actix_web::test]
async fn a_two_megabyte_body_is_refused_with_413() {
    let app = spawn_app().await;
    let huge = json!({"name": "x".repeat(2 * 1024 * 1024), "phone": "01012345679", "password": PASSWORD, "password_confirmation": PASSWORD});
    let response = app.request(Method::POST, "auth/register", None, "ar").json(&huge).send().await.unwrap();
    assert_eq!(response.status(), 413);
    assert_eq!(json_of(response).await["message"], "حجم الطلب كبير جدًا.");
    assert_eq!(app.login("01012345679", PASSWORD).await.status(), 422, "no account was made");
}

#[actix_web::test]
async fn other_content_types_are_refused() {
    let app = spawn_app().await;
    let response = app.request(Method::POST, "auth/login", None, "en").header("Content-Type", "text/plain").body("username=01012345678").send().await.unwrap();
    assert_eq!(response.status(), 415);
    assert_eq!(json_of(response).await["message"], "This type of request body is not accepted.");
}

#[actix_web::test]
async fn an_overlong_name_is_refused() {
    let app = spawn_app().await;
    let response = app
        .post("auth/register", json!({"name": "ن".repeat(121), "phone": "01012345679", "password": PASSWORD, "password_confirmation": PASSWORD}), None)
        .await;
    assert_eq!(json_of(response).await["errors"]["name"][0], "This field is too long.");
}

#[actix_web::test]
async fn an_overlong_username_is_refused_before_anything_is_stored() {
    let app = spawn_app().await;
    let long = "1".repeat(10_000);
    for path in ["auth/login", "auth/forget-password"] {
        let response = app.post(path, json!({"username": long, "password": PASSWORD}), None).await;
        assert_eq!(response.status(), 422, "{path}");
        assert_eq!(json_of(response).await["errors"]["username"][0], "This field is too long.", "{path}");
    }
}

#[actix_web::test]
async fn nul_and_other_control_characters_answer_422_on_their_field_and_write_nothing() {
    let app = spawn_app().await;
    let register = |name: &str, phone: &str| {
        app.request(Method::POST, "auth/register", None, "en")
            .json(&json!({"name": name, "phone": phone, "password": PASSWORD, "password_confirmation": PASSWORD}))
    };
    for (name, phone) in [("Sa\u{0}mir", "01012348801"), ("\u{1b}[31mSamir", "01012348802"), ("Samir\u{7}", "01012348803")] {
        let refused = register(name, phone).send().await.unwrap();
        assert_eq!(refused.status(), 422, "{name:?}");
        let body = json_of(refused).await;
        assert_eq!(body["errors"]["name"][0], "This field holds control characters (such as NUL) that text cannot contain.");
        assert_eq!(app.login(phone, PASSWORD).await.status(), 422, "no account for {phone}");
    }
    let arabic = app.request(Method::POST, "auth/login", None, "ar").json(&json!({"username": "0101234\u{0}8804", "password": PASSWORD})).send().await.unwrap();
    assert_eq!(arabic.status(), 422);
    assert_eq!(json_of(arabic).await["errors"]["username"][0], "يحتوي هذا الحقل على رموز تحكم (مثل NUL) لا يمكن أن يحتويها النص.");
    let form =
        app.request(Method::POST, "contact", None, "en").form(&[("name", "x\u{0}"), ("phone", "01012348806"), ("message", "hello")]).send().await.unwrap();
    assert_eq!(json_of(form).await["errors"]["name"][0], "This field holds control characters (such as NUL) that text cannot contain.", "a form body");
    let nested = app.request(Method::POST, "auth/login", None, "en").json(&json!({"username": ["a", {"b": "\u{0}"}]})).send().await.unwrap();
    assert_eq!(json_of(nested).await["errors"]["username[1].b"][0], "This field holds control characters (such as NUL) that text cannot contain.");

    for path in ["products?search=%00", "products?search=rice%1B", "products?ca%00t=1"] {
        let refused = app.get(path, None).await;
        assert_eq!(refused.status(), 422, "{path}");
    }
    assert_eq!(app.get("products/seed%00s", None).await.status(), 404, "a path with a control character names nothing");
    assert_eq!(
        json_of(app.get("products?search=%00", None).await).await["errors"]["search"][0],
        "This field holds control characters (such as NUL) that text cannot contain."
    );
    assert_eq!(app.get("products?search=%09rice%0A", None).await.status(), 200, "tab and line feed are text");
    let lines = app
        .request(Method::POST, "contact", None, "en")
        .json(&json!({"name": "Samir", "phone": "01012348805", "message": "Line one\r\n\tLine two"}))
        .send()
        .await
        .unwrap();
    assert_eq!(lines.status(), 200, "tabs and new lines are text");
}
