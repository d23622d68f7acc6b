//! Every `auth/*` call, over HTTP.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{JWT_SECRET, PASSWORD, json_of, spawn_app};

#[actix_web::test]
async fn register_signs_in_and_the_code_from_the_outbox_verifies_the_account() {
    let app = spawn_app().await;
    let response = app
        .request(Method::POST, "auth/register", None, "ar")
        .json(&json!({"name": "سمير", "phone": "010 1234 5678", "email": "Samir@Example.com", "password": PASSWORD, "password_confirmation": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let body = json_of(response).await;
    assert_eq!(body["message"], "تم إنشاء حسابك. أدخل الرمز الذي أرسلناه إليك لتفعيله.");
    assert_eq!(body["data"]["phone"], "01012345678");
    assert_eq!(body["data"]["email"], "samir@example.com");
    assert_eq!(body["data"]["role"], "customer");
    assert_eq!(body["data"]["verified"], false);
    assert_eq!(body["data"]["points"], 0);
    let token = body["data"]["token"].as_str().unwrap().to_string();

    // One code, by SMS and by e-mail.
    let sms_code = app.last_code("+201012345678");
    assert_eq!(app.last_code("samir@example.com"), sms_code);
    let sms = app.outbox().into_iter().find(|m| m["channel"] == "sms").unwrap();
    assert!(sms["body"].as_str().unwrap().contains("رمز التحقق"), "the SMS is in the caller's language");

    let wrong = if sms_code == "000000" { "111111" } else { "000000" };
    let response = app.post("auth/verify", json!({"code": wrong}), Some(&token)).await;
    assert_eq!(response.status(), 422);
    assert_eq!(json_of(response).await["errors"]["code"][0], "The code is wrong or has expired.");

    let arabic_digits: String = sms_code.chars().map(|c| char::from_u32(0x0660 + c.to_digit(10).unwrap()).unwrap()).collect();
    let response = app.post("auth/verify", json!({"code": arabic_digits}), Some(&token)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(json_of(response).await["data"]["verified"], true);

    let me = json_of(app.me(Some(&token)).await).await;
    assert_eq!(me["data"]["verified"], true);
    let again = app.post("auth/verify", json!({"code": sms_code}), Some(&token)).await;
    assert_eq!(again.status(), 400);
    assert_eq!(json_of(again).await["message"], "Your account is already verified.");
}

#[actix_web::test]
async fn register_reports_the_first_message_of_every_missing_field_in_both_languages() {
    let app = spawn_app().await;
    let english = json_of(app.post("auth/register", json!({}), None).await).await;
    assert_eq!(english["errors"]["name"][0], "Name is required");
    assert_eq!(english["errors"]["phone"][0], "Phone is required");
    assert_eq!(english["errors"]["password"][0], "Password is required");
    assert_eq!(english["errors"]["password_confirmation"][0], "Password confirmation is required");
    assert_eq!(english["message"], "Name is required");

    let response = app.request(Method::POST, "auth/register", None, "ar").json(&json!({})).send().await.unwrap();
    assert_eq!(response.status(), 422);
    let arabic = json_of(response).await;
    assert_eq!(arabic["errors"]["name"][0], "الاسم مطلوب");
    assert_eq!(arabic["errors"]["password"][0], "كلمة المرور مطلوبة");
}

#[actix_web::test]
async fn register_refuses_bad_phones_weak_passwords_unknown_cities_and_taken_numbers() {
    let app = spawn_app().await;
    let response = app
        .post(
            "auth/register",
            json!({"name": "A", "phone": "0223456789", "email": "not-an-email", "password": "short", "password_confirmation": "other", "city_id": 999}),
            None,
        )
        .await;
    assert_eq!(response.status(), 422);
    let body = json_of(response).await;
    assert_eq!(body["errors"]["phone"][0], "Enter an Egyptian mobile number such as 01012345678.");
    assert_eq!(body["errors"]["email"][0], "Enter a valid e-mail address.");

    let body = json_of(
        app.post("auth/register", json!({"name": "A", "phone": "01012345678", "password": "short", "password_confirmation": "other", "city_id": "999"}), None)
            .await,
    )
    .await;
    assert_eq!(body["errors"]["password"][0], "The password must be at least 8 characters.");
    assert_eq!(body["errors"]["password_confirmation"][0], "Password confirmation does not match the password.");
    assert_eq!(body["errors"]["city_id"][0], "Choose a governorate from the list.");

    app.register("01012345678", None).await;
    let body = json_of(
        app.post("auth/register", json!({"name": "B", "phone": "+201012345678", "password": PASSWORD, "password_confirmation": PASSWORD, "city_id": 1}), None)
            .await,
    )
    .await;
    assert_eq!(body["errors"]["phone"][0], "This phone number is already registered.");
}

#[actix_web::test]
async fn login_accepts_the_phone_in_every_common_form_and_the_email() {
    let app = spawn_app().await;
    app.register("01112345678", Some("farmer@example.com")).await;
    for username in ["01112345678", "+201112345678", "00201112345678", "٠١١١٢٣٤٥٦٧٨", "011-1234-5678", "FARMER@example.com"] {
        let response = app.login(username, PASSWORD).await;
        assert_eq!(response.status(), 200, "{username}");
        let body = json_of(response).await;
        assert_eq!(body["data"]["phone"], "01112345678");
        assert!(body["data"]["token"].as_str().is_some_and(|t| t.len() > 20));
    }
}

#[actix_web::test]
async fn a_wrong_password_and_an_unknown_account_get_the_same_answer_then_429() {
    let app = spawn_app().await;
    app.register("01212345678", None).await;
    let wrong = json_of(app.login("01212345678", "Wrong2026x").await).await;
    let unknown = json_of(app.login("01099999999", "Wrong2026x").await).await;
    assert_eq!(wrong, unknown);
    assert_eq!(wrong["errors"]["username"][0], "These credentials do not match our records.");

    for _ in 0..4 {
        assert_eq!(app.login("01212345678", "Wrong2026x").await.status(), 422);
    }
    let limited = app.request(Method::POST, "auth/login", None, "ar").json(&json!({"username": "01212345678", "password": PASSWORD})).send().await.unwrap();
    assert_eq!(limited.status(), 429);
    let retry_after: u64 = limited.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(retry_after > 0 && retry_after <= 15 * 60);
    let body = json_of(limited).await;
    assert!(body["message"].as_str().unwrap().contains("محاولات كثيرة"));
}

#[actix_web::test]
async fn me_needs_a_valid_token() {
    let app = spawn_app().await;
    let missing = app.me(None).await;
    assert_eq!(missing.status(), 401);
    assert_eq!(json_of(missing).await, json!({"message": "Please make sure you are logged in"}));
    let garbage = app.request(Method::GET, "auth/me", Some("not-a-token"), "ar").send().await.unwrap();
    assert_eq!(garbage.status(), 401);
    assert_eq!(json_of(garbage).await["message"], "يرجى التأكد من تسجيل الدخول");

    let token = app.register("01512345678", None).await;
    let me = json_of(app.me(Some(&token)).await).await;
    assert_eq!(me["data"]["phone"], "01512345678");
    assert_eq!(me["data"]["permissions"], json!([]));
}

#[actix_web::test]
async fn logout_revokes_the_token_at_once() {
    let app = spawn_app().await;
    let token = app.register("01012345670", None).await;
    let other_session = app.login_token("01012345670", PASSWORD).await;
    let response = app.get("auth/logout", Some(&token)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(app.me(Some(&token)).await.status(), 401);
    assert_eq!(app.get("auth/logout", Some(&token)).await.status(), 401);
    assert_eq!(app.me(Some(&other_session)).await.status(), 200, "only that session ends");
}

#[actix_web::test]
async fn an_expired_token_is_refused() {
    let app = spawn_app().await;
    let token = app.register("01012345671", None).await;
    let payload = token.split('.').nth(1).unwrap();
    use base64::Engine;
    let claims: Value = serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap();
    let now = chrono::Utc::now().timestamp();
    let expired = json!({"sub": claims["sub"], "sid": claims["sid"], "kind": "session", "iat": now - 7200, "exp": now - 3600});
    let expired = jsonwebtoken::encode(&jsonwebtoken::Header::default(), &expired, &jsonwebtoken::EncodingKey::from_secret(JWT_SECRET.as_bytes())).unwrap();
    assert_eq!(app.me(Some(&expired)).await.status(), 401);
    assert_eq!(app.me(Some(&token)).await.status(), 200);
}

#[actix_web::test]
async fn forgot_password_check_otp_and_reset_with_a_single_use_temporary_token() {
    let app = spawn_app().await;
    let old_session = app.register("01012345672", Some("reset@example.com")).await;

    let known = app.forget_password("reset@example.com").await;
    assert_eq!(known.status(), 200);
    let unknown = app.forget_password("nobody@example.com").await;
    assert_eq!(unknown.status(), 200);
    assert_eq!(json_of(known).await, json_of(unknown).await, "no answer tells whether an account exists");
    assert!(app.outbox().iter().all(|m| m["to"] != "nobody@example.com"));

    let code = app.last_code("reset@example.com");
    let wrong = app.post("auth/forget-password/check-otp", json!({"username": "reset@example.com", "code": "12345"}), None).await;
    assert_eq!(wrong.status(), 422);
    assert_eq!(json_of(wrong).await["errors"]["code"][0], "The code is 6 digits.");
    let unknown = app.post("auth/forget-password/check-otp", json!({"username": "nobody@example.com", "code": code}), None).await;
    assert_eq!(json_of(unknown).await["errors"]["code"][0], "The code is wrong or has expired.");

    let accepted = app.post("auth/forget-password/check-otp", json!({"username": "reset@example.com", "code": code}), None).await;
    assert_eq!(accepted.status(), 200);
    let temporary = json_of(accepted).await["data"]["token"].as_str().unwrap().to_string();
    assert_eq!(app.me(Some(&temporary)).await.status(), 401, "a reset token is not a session");

    let mismatch = app.put("auth/reset-password", json!({"password": "NewHarvest1", "password_confirmation": "x"}), Some(&temporary)).await;
    assert_eq!(mismatch.status(), 422, "a refused reset leaves the token usable");
    let reset = app.put("auth/reset-password", json!({"password": "NewHarvest1", "password_confirmation": "NewHarvest1"}), Some(&temporary)).await;
    assert_eq!(reset.status(), 200);
    let new_session = json_of(reset).await["data"]["token"].as_str().unwrap().to_string();

    let reused = app.put("auth/reset-password", json!({"password": "NewHarvest2", "password_confirmation": "NewHarvest2"}), Some(&temporary)).await;
    assert_eq!(reused.status(), 401, "the temporary token works once");
    assert_eq!(app.me(Some(&old_session)).await.status(), 401, "older sessions end");
    assert_eq!(app.me(Some(&new_session)).await.status(), 200);
    assert_eq!(app.login("01012345672", PASSWORD).await.status(), 422);
    assert_eq!(app.login("01012345672", "NewHarvest1").await.status(), 200);
    assert_eq!(
        app.post("auth/forget-password/check-otp", json!({"username": "reset@example.com", "code": code}), None).await.status(),
        422,
        "the code is used up"
    );
}

#[actix_web::test]
async fn a_new_code_within_a_minute_is_refused_with_retry_after() {
    let app = spawn_app().await;
    let token = app.register("01012345673", None).await;
    let response = app.post("auth/verify/resend", json!({"phone": "01012345673"}), Some(&token)).await;
    assert_eq!(response.status(), 429);
    let retry: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry));

    app.forget_password("01099990000").await;
    let again = app.forget_password("01099990000").await;
    assert_eq!(again.status(), 429, "limits count what was typed, known or not");
}

#[actix_web::test]
async fn profile_and_password_changes() {
    let app = spawn_app().await;
    let token = app.register("01012345674", None).await;
    app.register("01012345675", Some("taken@example.com")).await;

    let taken = app.put("auth/profile", json!({"name": "Samir", "phone": "01012345674", "email": "taken@example.com"}), Some(&token)).await;
    assert_eq!(taken.status(), 422);
    assert_eq!(json_of(taken).await["errors"]["email"][0], "This e-mail is already registered.");

    let profile = json!({"name": "Samir Farouk", "phone": "01012345674", "email": "samir@example.com", "city_id": 2, "gender": "male", "country": "Egypt", "current_password": PASSWORD});
    let updated = app.put("auth/profile", profile, Some(&token)).await;
    assert_eq!(updated.status(), 200);
    let answer = json_of(updated).await;
    let user = answer["data"].clone();
    assert_eq!((user["name"].as_str(), user["city_id"].as_i64(), user["gender"].as_str()), (Some("Samir Farouk"), Some(2), Some("male")));
    assert_eq!((user["email"].clone(), answer["pending"]["email"].clone()), (json!(null), json!("samir@example.com")), "the new e-mail waits for its code");
    let code = app.last_code("samir@example.com");
    let confirmed = app.post("auth/profile/confirm-contact", json!({"code": code}), Some(&token)).await;
    assert_eq!(confirmed.status(), 200);
    assert_eq!(json_of(confirmed).await["data"]["email"], "samir@example.com");

    let other = app.login_token("01012345674", PASSWORD).await;
    let wrong =
        app.put("auth/password", json!({"current_password": "nope", "password": "Fresh2026x", "password_confirmation": "Fresh2026x"}), Some(&token)).await;
    assert_eq!(json_of(wrong).await["errors"]["current_password"][0], "The current password is wrong.");
    let changed =
        app.put("auth/password", json!({"current_password": PASSWORD, "password": "Fresh2026x", "password_confirmation": "Fresh2026x"}), Some(&token)).await;
    assert_eq!(changed.status(), 200);
    assert_eq!(app.me(Some(&token)).await.status(), 200, "this session stays");
    assert_eq!(app.me(Some(&other)).await.status(), 401, "other sessions end");
    assert_eq!(app.login("samir@example.com", "Fresh2026x").await.status(), 200);
}

#[actix_web::test]
async fn a_stolen_token_cannot_move_the_account_to_another_phone() {
    let app = spawn_app().await;
    let token = app.register("01012345680", Some("owner@example.com")).await;
    let takeover = json!({"name": "Samir", "phone": "01099990000", "email": "owner@example.com"});
    let refused = app.put("auth/profile", takeover.clone(), Some(&token)).await;
    assert_eq!(refused.status(), 422);
    assert_eq!(json_of(refused).await["errors"]["current_password"][0], "Current password is required");
    let wrong = app.put("auth/profile", json!({"current_password": "Wrong-guess1", "name": "Samir", "phone": "01099990000"}), Some(&token)).await;
    assert_eq!(json_of(wrong).await["errors"]["current_password"][0], "The current password is wrong.");

    let mut with_password = takeover.clone();
    with_password["current_password"] = json!(PASSWORD);
    let asked = json_of(app.put("auth/profile", with_password, Some(&token)).await).await;
    assert_eq!(asked["data"]["phone"], "01012345680", "the old phone stays in force until the new one is confirmed");
    assert_eq!(asked["pending"]["phone"], "01099990000");
    let sent_to_old = app.outbox().iter().filter(|m| m["to"] == "+201012345680").count();
    app.forget_password("01099990000").await;
    assert!(
        app.outbox().iter().all(|m| m["to"] != "+201099990000" || m["body"].as_str().unwrap_or("").contains("confirm")),
        "no reset code goes to an unconfirmed phone"
    );

    let wrong_code = app.post("auth/profile/confirm-contact", json!({"code": "000000"}), Some(&token)).await;
    assert_eq!(wrong_code.status(), 422);
    let code = app.last_code("+201099990000");
    let confirmed = json_of(app.post("auth/profile/confirm-contact", json!({"code": code}), Some(&token)).await).await;
    assert_eq!(confirmed["data"]["phone"], "01099990000");
    let notices: Vec<_> = app.outbox().into_iter().filter(|m| m["to"] == "+201012345680").collect();
    assert_eq!(notices.len(), sent_to_old + 1, "the old phone is told");
    assert!(notices.last().unwrap()["code"].is_null());
    assert_eq!(app.login("01099990000", PASSWORD).await.status(), 200);
    assert_eq!(app.login("01012345680", PASSWORD).await.status(), 422);
}
