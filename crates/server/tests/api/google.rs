//! Google sign-in against keys served on loopback: nothing reaches Google.

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};

use crate::helpers::{GOOGLE_CLIENT, google_keys, json_of, spawn_app};

fn id_token(pem: &str, audience: &str, expires_in: i64, subject: &str) -> String {
    let now = chrono::Utc::now().timestamp();
    let claims = json!({
        "iss": "https://accounts.google.com", "aud": audience, "sub": subject,
        "email": format!("{subject}@gmail.com"), "email_verified": true, "name": "Mona Farmer",
        "iat": now - 10, "exp": now + expires_in,
    });
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some("test-key".into());
    jsonwebtoken::encode(&header, &claims, &EncodingKey::from_rsa_pem(pem.as_bytes()).unwrap()).unwrap()
}

async fn google_login(app: &crate::helpers::TestApp, token: &str) -> (u16, Value) {
    let response = app.post("auth/login/google", json!({"token": token}), None).await;
    (response.status().as_u16(), json_of(response).await)
}

#[actix_web::test]
async fn a_valid_google_token_signs_in_a_verified_customer_and_signs_them_in_again_later() {
    let app = spawn_app().await;
    let keys = google_keys();
    let (status, body) = google_login(&app, &id_token(&keys.google_pem, GOOGLE_CLIENT, 3600, "g-100")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["email"], "g-100@gmail.com");
    assert_eq!(body["data"]["verified"], true);
    assert_eq!(body["data"]["role"], "customer");
    let (status, again) = google_login(&app, &id_token(&keys.google_pem, GOOGLE_CLIENT, 3600, "g-100")).await;
    assert_eq!(status, 200);
    assert_eq!(again["data"]["id"], body["data"]["id"], "the same account");
}

#[actix_web::test]
async fn expired_wrongly_signed_and_wrong_audience_tokens_are_refused() {
    let app = spawn_app().await;
    let keys = google_keys();
    for (case, token) in [
        ("expired", id_token(&keys.google_pem, GOOGLE_CLIENT, -3600, "g-1")),
        ("wrongly signed", id_token(&keys.stranger_pem, GOOGLE_CLIENT, 3600, "g-2")),
        ("wrong audience", id_token(&keys.google_pem, "someone-else.apps.googleusercontent.com", 3600, "g-3")),
        ("garbage", "not-a-jwt".to_string()),
    ] {
        let (status, body) = google_login(&app, &token).await;
        assert_eq!(status, 422, "{case}");
        assert_eq!(body["errors"]["token"][0], "Google sign-in could not be verified. Please try again.", "{case}");
    }
}
