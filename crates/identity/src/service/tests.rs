//! Use-case tests over mocked ports: no database, no network.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use kernel::{Clock, Email, Locale, Phone};
use mockall::predicate::eq;

use super::*;
use crate::otp::{Otp, OtpCode};
use crate::password::MockPasswordHasher;
use crate::permission::Permission;
use crate::ports::{
    GoogleProfile, GoogleTokenError, MockAttemptLog, MockGoogleAuthorization, MockGoogleVerifier, MockOtpMessenger, MockOtpRepository, MockSessionRepository,
    MockUserRepository,
};
use crate::token::{MockTokenSigner, TokenKind};
use crate::user::{Role, User, UserId};

struct FixedClock(DateTime<Utc>);

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

#[derive(Default)]
struct Mocks {
    users: MockUserRepository,
    sessions: MockSessionRepository,
    otps: MockOtpRepository,
    attempts: MockAttemptLog,
    hasher: MockPasswordHasher,
    tokens: MockTokenSigner,
    messenger: MockOtpMessenger,
    google: MockGoogleVerifier,
    google_authorization: MockGoogleAuthorization,
}

fn now() -> DateTime<Utc> {
    DateTime::from_timestamp(1_800_000_000, 0).unwrap_or_default()
}

fn phone() -> Phone {
    Phone::parse("01012345678").unwrap_or_else(|| unreachable!())
}

fn customer() -> User {
    User {
        id: UserId(7),
        name: "Samir".into(),
        email: Email::parse("samir@example.com"),
        phone: Some(phone()),
        role: Role::Customer,
        access_role: None,
        permissions: vec![],
        verified: false,
        blocked: false,
        city_id: None,
        country: None,
        gender: None,
        points: 0,
        group_id: None,
        created_at: now(),
        api_key: None,
    }
}

fn principal(user: User) -> Principal {
    Principal { user, session_id: "s1".into() }
}

impl Mocks {
    fn service(self) -> IdentityService {
        IdentityService::new(IdentityPorts {
            users: Arc::new(self.users),
            sessions: Arc::new(self.sessions),
            otps: Arc::new(self.otps),
            attempts: Arc::new(self.attempts),
            hasher: Arc::new(self.hasher),
            tokens: Arc::new(self.tokens),
            messenger: Arc::new(self.messenger),
            google: Arc::new(self.google),
            google_authorization: Arc::new(self.google_authorization),
            clock: Arc::new(FixedClock(now())),
        })
    }

    fn no_attempts_yet(mut self) -> Self {
        self.attempts.expect_since().returning(|_, _| Ok(vec![]));
        self.attempts.expect_record().returning(|_, _| Ok(()));
        self.attempts.expect_clear().returning(|_| Ok(()));
        self
    }

    fn sessions_open(mut self) -> Self {
        self.sessions.expect_create().returning(|_, _| Ok(()));
        self.tokens.expect_sign().returning(|claims| Ok(format!("token-{}-{}", claims.kind, claims.sub)));
        self
    }
}

fn registration(password: &str) -> Registration {
    Registration {
        name: "Samir".into(),
        phone: phone(),
        email: Email::parse("samir@example.com"),
        password: password.into(),
        password_confirmation: password.into(),
        city_id: None,
    }
}

#[test]
fn register_creates_an_unverified_customer_and_sends_one_code_by_sms_and_email() {
    let mut m = Mocks::default().no_attempts_yet().sessions_open();
    m.users.expect_find_by_phone().returning(|_| Ok(None));
    m.users.expect_find_by_email().returning(|_| Ok(None));
    m.hasher.expect_hash().returning(|_| Ok("hash".into()));
    m.users
        .expect_create()
        .withf(|new| new.role == Role::Customer && !new.verified && new.password_hash.as_deref() == Some("hash"))
        .returning(|_| Ok(Ok(customer())));
    m.otps.expect_replace().times(1).returning(|_, _| Ok(()));
    let sent = Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = sent.clone();
    m.messenger.expect_send_code().times(2).returning(move |to, code, _, _| {
        log.lock().map(|mut l| l.push((to.clone(), code.to_string()))).ok();
        Ok(())
    });

    let session = m.service().register(registration("Harvest2026"), Locale::Ar, "203.0.113.7");

    assert_eq!(session.map(|s| s.token).ok(), Some("token-session-7".to_string()));
    let sent = sent.lock().map(|s| s.clone()).unwrap_or_default();
    assert_eq!(sent.len(), 2);
    assert_eq!(sent[0].0, Destination::Sms(phone()));
    assert_eq!(sent[0].1, sent[1].1, "the same code goes to both");
}

#[test]
fn register_refuses_a_taken_phone_and_a_weak_password_without_creating_anything() {
    let mut m = Mocks::default();
    m.users.expect_find_by_phone().returning(|_| Ok(Some(customer())));
    m.users.expect_find_by_email().returning(|_| Ok(None));
    m.users.expect_create().never();

    let Err(IdentityError::Invalid(errors)) = m.service().register(registration("short"), Locale::En, "203.0.113.7") else {
        panic!("expected field errors");
    };
    assert!(errors.has("phone") && errors.has("password"));
}

#[test]
fn a_wrong_password_is_recorded_and_answered_like_an_unknown_account() {
    let mut m = Mocks::default();
    m.attempts.expect_since().returning(|_, _| Ok(vec![]));
    m.attempts.expect_record().with(eq("login:user:7"), eq(now())).times(1).returning(|_, _| Ok(()));
    m.attempts.expect_record().with(eq("login-from:203.0.113.7"), eq(now())).times(1).returning(|_, _| Ok(()));
    m.users.expect_find_by_phone().returning(|_| Ok(Some(customer())));
    m.users.expect_password_hash().returning(|_| Ok(Some("hash".into())));
    m.hasher.expect_verify().returning(|_, _| false);

    let error = m.service().login("+20 10 1234 5678", "Wrong1234", "203.0.113.7");
    assert!(matches!(error, Err(IdentityError::Invalid(e)) if e == kernel::FieldErrors::single("username", "credentials")));
}

#[test]
fn logins_are_refused_with_a_wait_after_five_failures_of_the_account_by_any_of_its_names() {
    for name in ["01012345678", "samir@example.com"] {
        let mut m = Mocks::default();
        m.attempts.expect_since().with(eq("login-from:203.0.113.7"), mockall::predicate::always()).returning(|_, _| Ok(vec![]));
        m.attempts
            .expect_since()
            .with(eq("login:user:7"), mockall::predicate::always())
            .returning(|_, _| Ok((1..=5).map(|minutes| now() - Duration::minutes(minutes)).collect()));
        m.users.expect_find_by_phone().returning(|_| Ok(Some(customer())));
        m.users.expect_find_by_email().returning(|_| Ok(Some(customer())));
        m.hasher.expect_verify().never();

        let error = m.service().login(name, "Harvest2026", "203.0.113.7");
        assert!(matches!(error, Err(IdentityError::TooManyAttempts { retry_after }) if retry_after == 10 * 60), "{name}");
    }
}

#[test]
fn an_address_with_many_failed_logins_is_refused_before_any_account_is_looked_up() {
    let mut m = Mocks::default();
    m.attempts
        .expect_since()
        .with(eq("login-from:203.0.113.7"), mockall::predicate::always())
        .returning(|_, _| Ok((0..30).map(|seconds| now() - Duration::seconds(seconds)).collect()));
    m.users.expect_find_by_phone().never();
    m.hasher.expect_verify().never();
    assert!(matches!(m.service().login("01012345678", "Harvest2026", "203.0.113.7"), Err(IdentityError::TooManyAttempts { .. })));
}

#[test]
fn registrations_are_limited_per_address_and_per_block_of_numbers_before_anything_is_sent() {
    for full in ["register-from:203.0.113.7", "register-block:0101234"] {
        let mut m = Mocks::default();
        let limit = if full.starts_with("register-from") { 10 } else { 20 };
        m.attempts
            .expect_since()
            .returning(move |key, _| Ok(if key == full { (0..limit).map(|seconds| now() - Duration::seconds(seconds)).collect() } else { vec![] }));
        m.attempts.expect_record().never();
        m.users.expect_find_by_phone().returning(|_| Ok(None));
        m.users.expect_find_by_email().returning(|_| Ok(None));
        m.users.expect_create().never();
        m.messenger.expect_send_code().never();
        let result = m.service().register(registration("Harvest2026"), Locale::Ar, "203.0.113.7");
        assert!(matches!(result, Err(IdentityError::TooManyAttempts { .. })), "{full}");
    }
}

#[test]
fn a_blocked_account_cannot_sign_in_even_with_the_right_password() {
    let mut m = Mocks::default().no_attempts_yet();
    m.users.expect_find_by_email().returning(|_| Ok(Some(User { blocked: true, ..customer() })));
    m.users.expect_password_hash().returning(|_| Ok(Some("hash".into())));
    m.hasher.expect_verify().returning(|_, _| true);
    m.sessions.expect_create().never();

    assert!(matches!(m.service().login("samir@example.com", "Harvest2026", "203.0.113.7"), Err(IdentityError::Blocked)));
}

fn claims(kind: TokenKind) -> crate::token::Claims {
    crate::token::Claims::new(UserId(7), "s1", kind, now(), now() + Duration::days(1))
}

fn session(ended: bool, kind: TokenKind) -> Session {
    Session { id: "s1".into(), user_id: UserId(7), kind, expires_at: now() + Duration::days(1), ended }
}

#[test]
fn a_token_stops_working_once_its_session_ended() {
    let mut m = Mocks::default();
    m.tokens.expect_read().returning(|_| Some(claims(TokenKind::Session)));
    m.sessions.expect_find_with_user().returning(|_| Ok(Some((session(true, TokenKind::Session), customer()))));
    assert!(matches!(m.service().authenticate("t", TokenKind::Session), Err(IdentityError::Unauthenticated)));
}

#[test]
fn a_valid_token_of_an_open_session_names_its_user() {
    let mut m = Mocks::default();
    m.tokens.expect_read().returning(|_| Some(claims(TokenKind::Session)));
    m.sessions.expect_find_with_user().withf(|id| id == "s1").returning(|_| Ok(Some((session(false, TokenKind::Session), customer()))));
    assert_eq!(m.service().authenticate("t", TokenKind::Session).map(|p| p.user.id).ok(), Some(UserId(7)));
}

#[test]
fn a_reset_token_is_not_a_session_token() {
    let mut m = Mocks::default();
    m.tokens.expect_read().returning(|_| Some(claims(TokenKind::Reset)));
    assert!(matches!(m.service().authenticate("t", TokenKind::Session), Err(IdentityError::Unauthenticated)));
}

#[test]
fn logout_ends_the_current_session() {
    let mut m = Mocks::default();
    m.sessions.expect_end().with(eq("s1"), eq(now())).times(1).returning(|_, _| Ok(()));
    assert!(m.service().logout(&principal(customer())).is_ok());
}

#[test]
fn a_second_code_within_a_minute_is_refused() {
    let mut m = Mocks::default();
    m.attempts.expect_since().returning(|_, _| Ok(vec![now() - Duration::seconds(20)]));
    m.messenger.expect_send_code().never();
    let result = m.service().resend_verification(&principal(customer()), None, Locale::Ar);
    assert!(matches!(result, Err(IdentityError::TooManyAttempts { retry_after: 40 })));
}

#[test]
fn a_sixth_code_within_an_hour_is_refused() {
    let mut m = Mocks::default();
    m.attempts.expect_since().returning(|_, _| Ok((1..=5).map(|i| now() - Duration::minutes(i * 10)).collect()));
    m.messenger.expect_send_code().never();
    let result = m.service().resend_verification(&principal(customer()), Some(Channel::Sms), Locale::Ar);
    assert!(matches!(result, Err(IdentityError::TooManyAttempts { retry_after: 600 })));
}

#[test]
fn resend_goes_to_the_email_when_asked() {
    let mut m = Mocks::default().no_attempts_yet();
    m.otps.expect_replace().returning(|_, _| Ok(()));
    m.messenger
        .expect_send_code()
        .withf(|to, _, purpose, _| matches!(to, Destination::Email(_)) && *purpose == OtpPurpose::Verify)
        .times(1)
        .returning(|_, _, _, _| Ok(()));
    assert!(m.service().resend_verification(&principal(customer()), Some(Channel::Email), Locale::En).is_ok());
}

fn stored(code: &str, expires_at: DateTime<Utc>, wrong_tries: i32) -> Otp {
    let code = OtpCode::parse(code).unwrap_or_else(|| unreachable!());
    Otp {
        id: 3,
        user_id: UserId(7),
        purpose: OtpPurpose::Verify,
        code_hash: code.hash(UserId(7), OtpPurpose::Verify),
        expires_at,
        wrong_tries,
        consumed: false,
    }
}

fn code(text: &str) -> OtpCode {
    OtpCode::parse(text).unwrap_or_else(|| unreachable!())
}

#[test]
fn the_right_code_verifies_the_account_and_is_used_up() {
    let mut m = Mocks::default().no_attempts_yet();
    m.otps.expect_latest().returning(|_, _| Ok(Some(stored("123456", now() + Duration::minutes(5), 0))));
    m.otps.expect_consume().with(eq(3)).times(1).returning(|_| Ok(()));
    m.users.expect_mark_verified().with(eq(UserId(7))).times(1).returning(|_| Ok(()));
    assert_eq!(m.service().verify(&principal(customer()), &code("123456")).map(|u| u.verified).ok(), Some(true));
}

#[test]
fn a_wrong_code_counts_a_wrong_try() {
    let mut m = Mocks::default().no_attempts_yet();
    m.otps.expect_latest().returning(|_, _| Ok(Some(stored("123456", now() + Duration::minutes(5), 0))));
    m.otps.expect_add_wrong_try().with(eq(3)).times(1).returning(|_| Ok(()));
    m.users.expect_mark_verified().never();
    assert!(matches!(m.service().verify(&principal(customer()), &code("654321")), Err(IdentityError::Invalid(_))));
}

#[test]
fn an_expired_or_exhausted_code_is_refused_even_when_right() {
    for otp in [stored("123456", now() - Duration::seconds(1), 0), stored("123456", now() + Duration::minutes(5), 5)] {
        let mut m = Mocks::default().no_attempts_yet();
        m.otps.expect_latest().returning(move |_, _| Ok(Some(otp.clone())));
        m.users.expect_mark_verified().never();
        m.otps.expect_consume().never();
        assert!(matches!(m.service().verify(&principal(customer()), &code("123456")), Err(IdentityError::Invalid(_))));
    }
}

#[test]
fn forgot_password_answers_the_same_for_an_unknown_account_and_sends_nothing() {
    let mut m = Mocks::default().no_attempts_yet();
    m.users.expect_find_by_phone().returning(|_| Ok(None));
    m.messenger.expect_send_code().never();
    assert!(m.service().forget_password("01099999999", Locale::Ar, "203.0.113.7").is_ok());
}

#[test]
fn a_reset_token_works_once() {
    let mut m = Mocks::default().sessions_open();
    m.sessions.expect_end_if_open().times(1).returning(|_, _| Ok(false));
    m.users.expect_set_password_hash().never();
    let result = m.service().reset_password(&principal(customer()), "Harvest2026", "Harvest2026");
    assert!(matches!(result, Err(IdentityError::Unauthenticated)));
}

#[test]
fn a_reset_ends_every_older_session_and_opens_a_new_one() {
    let mut m = Mocks::default().sessions_open();
    m.sessions.expect_end_if_open().returning(|_, _| Ok(true));
    m.hasher.expect_hash().returning(|_| Ok("new-hash".into()));
    m.users.expect_set_password_hash().with(eq(UserId(7)), eq("new-hash")).times(1).returning(|_, _| Ok(()));
    m.sessions.expect_end_all_for_user().with(eq(UserId(7)), eq(None), eq(now())).times(1).returning(|_, _, _| Ok(()));
    m.users.expect_mark_verified().returning(|_| Ok(()));
    m.attempts.expect_clear().with(eq("login:user:7")).times(1).returning(|_| Ok(()));
    let session = m.service().reset_password(&principal(customer()), "Harvest2026", "Harvest2026");
    assert_eq!(session.map(|s| s.token).ok(), Some("token-session-7".to_string()));
}

#[test]
fn staff_actions_need_their_permission() {
    let sales = User { role: Role::Sales, permissions: crate::permission::sales_engineer(), ..customer() };
    assert!(principal(sales.clone()).require(Permission::ClientList).is_ok());
    assert!(matches!(principal(sales).require(Permission::ProductCreate), Err(IdentityError::Forbidden)));
    assert!(matches!(principal(customer()).require(Permission::ClientList), Err(IdentityError::Forbidden)));
}

#[test]
fn a_rejected_google_token_is_a_field_error_and_creates_nothing() {
    let mut m = Mocks::default();
    m.google.expect_verify().returning(|_| Err(GoogleTokenError::Rejected("audience".into())));
    m.users.expect_create().never();
    let result = m.service().login_with_google("t");
    assert!(matches!(result, Err(IdentityError::Invalid(e)) if e.has("token")));
}

#[test]
fn a_new_google_user_becomes_a_verified_customer() {
    let mut m = Mocks::default().sessions_open();
    m.google
        .expect_verify()
        .returning(|_| Ok(GoogleProfile { subject: "g-1".into(), email: Email::parse("new@example.com"), email_verified: true, name: Some("Mona".into()) }));
    m.users.expect_find_by_google_subject().returning(|_| Ok(None));
    m.users.expect_find_by_email().returning(|_| Ok(None));
    m.users
        .expect_create()
        .withf(|new| new.verified && new.google_subject.as_deref() == Some("g-1") && new.password_hash.is_none())
        .times(1)
        .returning(|_| Ok(Ok(User { verified: true, ..customer() })));
    assert!(m.service().login_with_google("t").is_ok());
}

#[test]
fn the_redirect_flow_exchanges_the_code_and_signs_in_like_the_button() {
    let mut m = Mocks::default().sessions_open();
    m.google_authorization.expect_exchange().with(eq("code-1"), eq("verifier-1")).returning(|_, _| Ok("id-token".into()));
    m.google.expect_verify().with(eq("id-token")).returning(|_| Ok(GoogleProfile { subject: "g-2".into(), email: None, email_verified: false, name: None }));
    m.users.expect_find_by_google_subject().returning(|_| Ok(Some(User { verified: true, ..customer() })));
    assert!(m.service().login_with_google_code("code-1", "verifier-1").is_ok());
}

#[test]
fn a_failing_sms_gateway_does_not_lose_the_new_account() {
    let mut m = Mocks::default().no_attempts_yet().sessions_open();
    m.users.expect_find_by_phone().returning(|_| Ok(None));
    m.users.expect_find_by_email().returning(|_| Ok(None));
    m.hasher.expect_hash().returning(|_| Ok("hash".into()));
    m.users.expect_create().returning(|_| Ok(Ok(customer())));
    m.otps.expect_replace().returning(|_, _| Ok(()));
    m.messenger.expect_send_code().returning(|_, _, _, _| Err(anyhow::anyhow!("gateway down")));
    let session = m.service().register(registration("Harvest2026"), Locale::Ar, "203.0.113.7");
    assert_eq!(session.map(|s| s.user.id).ok(), Some(UserId(7)), "signed in; the code can be sent again");
}
