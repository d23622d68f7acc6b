//! Google sign-in against keys served on loopback: nothing reaches Google.

use reqwest::StatusCode;
use reqwest::header::{COOKIE, LOCATION, SET_COOKIE};
use serde_json::{Value, json};

use crate::helpers::{GOOGLE_CLIENT, google_keys, id_token, json_of, spawn_app};

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

#[actix_web::test]
async fn the_redirect_flow_checks_the_state_exchanges_the_code_with_pkce_and_signs_in() {
    let app = spawn_app().await;
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let providers = json_of(app.get("auth/providers", None).await).await;
    assert_eq!(providers["data"], json!({"google_client_id": GOOGLE_CLIENT, "google_redirect": true}));

    let start = client.get(format!("{}/api/auth/google/redirect", app.address)).send().await.unwrap();
    assert_eq!(start.status(), StatusCode::FOUND);
    let location = start.headers()[LOCATION].to_str().unwrap().to_string();
    assert!(location.starts_with("https://accounts.google.com/o/oauth2/v2/auth?"));
    for part in [format!("client_id={GOOGLE_CLIENT}"), "code_challenge_method=S256".into(), "code_challenge=".into(), "scope=openid".into()] {
        assert!(location.contains(&part), "{part} in {location}");
    }
    let state = location.split("state=").nth(1).unwrap().split('&').next().unwrap().to_string();
    let cookie = start.headers()[SET_COOKIE].to_str().unwrap().split(';').next().unwrap().to_string();
    assert!(cookie.starts_with(&format!("google_oauth={state}.")), "{cookie}");

    let callback = |query: String, cookie: Option<String>| {
        let mut request = client.get(format!("{}/api/auth/google/callback?{query}", app.address));
        if let Some(cookie) = cookie {
            request = request.header(COOKIE, cookie);
        }
        request.send()
    };
    let failed = "/auth/login?google=failed";
    let forged = callback("code=good-code&state=forged".to_string(), Some(cookie.clone())).await.unwrap();
    assert_eq!(forged.headers()[LOCATION], failed, "a state that is not ours");
    let no_cookie = callback(format!("code=good-code&state={state}"), None).await.unwrap();
    assert_eq!(no_cookie.headers()[LOCATION], failed, "no flow was started in this browser");
    let bad_code = callback(format!("code=bad-code&state={state}"), Some(cookie.clone())).await.unwrap();
    assert_eq!(bad_code.headers()[LOCATION], failed, "Google refused the code");

    let signed_in = callback(format!("code=good-code&state={state}"), Some(cookie)).await.unwrap();
    assert_eq!(signed_in.status(), StatusCode::FOUND);
    let location = signed_in.headers()[LOCATION].to_str().unwrap();
    let token = location.strip_prefix("/auth/google#token=").expect("the token travels in the fragment");
    let me = json_of(app.me(Some(token)).await).await;
    assert_eq!(me["data"]["email"], "g-redirect@gmail.com");
    assert_eq!(me["data"]["verified"], true);
}
