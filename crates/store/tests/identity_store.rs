#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose
//! The identity repositories on a real database: SQLite, or PostgreSQL when
//! `MAHSOUL_TEST_DATABASE=postgres` (the Makefile runs both legs).

use chrono::{Duration, Utc};
use diesel::RunQueryDsl;
use identity::otp::OtpPurpose;
use identity::ports::{AttemptLog, NewOtp, OtpRepository, Session, SessionRepository, UserRepository};
use identity::token::TokenKind;
use identity::user::{NewUser, Role, UserId};
use kernel::{Email, Phone};
use store::identity::{DieselAttemptLog, DieselOtpRepository, DieselSessionRepository, DieselUserRepository};

mod common;
use common::fresh_database as database;

fn new_customer(phone: &str, email: Option<&str>) -> NewUser {
    NewUser {
        name: "Samir".into(),
        email: email.and_then(Email::parse),
        phone: Phone::parse(phone),
        password_hash: Some("hash".into()),
        role: Role::Customer,
        access_role: None,
        verified: false,
        city_id: None,
        google_subject: None,
    }
}

#[test]
fn users_are_found_by_phone_email_and_google_subject_with_role_permissions() {
    let test = database();
    let users = DieselUserRepository::new(test.db.clone());
    users.upsert_access_role("Sales Engineer", &["order-list".into(), "client-list".into()]).unwrap();
    users.upsert_access_role("Sales Engineer", &["order-list".into(), "order-status".into()]).unwrap();

    let created = users.create(&new_customer("01012345678", Some("samir@example.com"))).unwrap().unwrap();
    assert!(!created.verified);
    assert_eq!(users.find_by_phone(&Phone::parse("+201012345678").unwrap()).unwrap().map(|u| u.id), Some(created.id));
    assert_eq!(users.find_by_email(&Email::parse("SAMIR@example.com").unwrap()).unwrap().map(|u| u.id), Some(created.id));
    assert_eq!(users.password_hash(created.id).unwrap().as_deref(), Some("hash"));
    users.link_google(created.id, "g-1").unwrap();
    assert_eq!(users.find_by_google_subject("g-1").unwrap().map(|u| u.id), Some(created.id));
    users.mark_verified(created.id).unwrap();
    assert!(users.find_by_phone(&Phone::parse("+201012345678").unwrap()).unwrap().unwrap().verified);

    let sales = users.create(&NewUser { role: Role::Sales, access_role: Some("Sales Engineer".into()), ..new_customer("01112345678", None) }).unwrap().unwrap();
    assert_eq!(sales.permissions, vec!["order-list".to_string(), "order-status".to_string()], "the upsert replaced the permissions");
    assert!(
        matches!(users.create(&new_customer("01012345678", None)), Ok(Err(identity::ports::Taken::Phone))),
        "phones are unique, and a collision says which"
    );
    assert!(users.city_exists(1).is_ok_and(|exists| !exists));
}

#[test]
fn a_session_ends_once_and_ending_all_keeps_the_one_asked() {
    let test = database();
    let users = DieselUserRepository::new(test.db.clone());
    let sessions = DieselSessionRepository::new(test.db.clone());
    let user = users.create(&new_customer("01012345679", None)).unwrap().unwrap();
    let now = Utc::now();
    for id in ["a", "b", "c"] {
        let session = Session { id: id.into(), user_id: user.id, kind: TokenKind::Session, expires_at: now + Duration::days(1), ended: false };
        sessions.create(&session, now).unwrap();
    }
    assert!(sessions.end_if_open("a", now).unwrap());
    assert!(!sessions.end_if_open("a", now).unwrap(), "a second end finds it ended");
    sessions.end_all_for_user(user.id, Some("c".into()), now).unwrap();
    assert!(sessions.find_with_user("b").unwrap().unwrap().0.ended);
    assert!(!sessions.find_with_user("c").unwrap().unwrap().0.ended);
    assert_eq!(sessions.find_with_user("nope").unwrap(), None);
}

#[test]
fn a_session_is_read_with_its_user_and_their_points() {
    let test = database();
    let users = DieselUserRepository::new(test.db.clone());
    let sessions = DieselSessionRepository::new(test.db.clone());
    let user = users.create(&new_customer("01012345670", None)).unwrap().unwrap();
    let other = users.create(&new_customer("01012345671", None)).unwrap().unwrap();
    let now = Utc::now();
    sessions.create(&Session { id: "s".into(), user_id: user.id, kind: TokenKind::Session, expires_at: now + Duration::days(1), ended: false }, now).unwrap();
    let (session, found) = sessions.find_with_user("s").unwrap().unwrap();
    assert_eq!((session.user_id, found.id, found.points), (user.id, user.id, 0));
    let conn = &mut *test.db.conn().unwrap();
    for (owner, delta) in [(user.id, 50), (user.id, -20), (other.id, 7)] {
        diesel::sql_query(format!("INSERT INTO points_ledger (user_id, delta, reason, created_at) VALUES ({}, {delta}, 'test', CURRENT_TIMESTAMP)", owner.0))
            .execute(conn)
            .unwrap();
    }
    let (_, found) = sessions.find_with_user("s").unwrap().unwrap();
    assert_eq!((found.id, found.points), (user.id, 30), "the user's own points only");
}

#[test]
fn a_new_code_voids_the_older_one_and_wrong_tries_count() {
    let test = database();
    let users = DieselUserRepository::new(test.db.clone());
    let otps = DieselOtpRepository::new(test.db.clone());
    let user = users.create(&new_customer("01012345670", None)).unwrap().unwrap();
    let now = Utc::now();
    let code = |hash: &str| NewOtp { user_id: user.id, purpose: OtpPurpose::Verify, code_hash: hash.into(), expires_at: now + Duration::minutes(10) };
    otps.replace(&code("first"), now).unwrap();
    otps.replace(&code("second"), now).unwrap();
    let latest = otps.latest(user.id, OtpPurpose::Verify).unwrap().unwrap();
    assert_eq!(latest.code_hash, "second");
    otps.add_wrong_try(latest.id).unwrap();
    otps.add_wrong_try(latest.id).unwrap();
    assert_eq!(otps.latest(user.id, OtpPurpose::Verify).unwrap().unwrap().wrong_tries, 2);
    otps.consume(latest.id).unwrap();
    assert_eq!(otps.latest(user.id, OtpPurpose::Verify).unwrap(), None, "no usable code is left");
    assert_eq!(otps.latest(UserId(user.id.0), OtpPurpose::Reset).unwrap(), None);
}

#[test]
fn attempts_are_counted_in_their_window_and_cleared() {
    let test = database();
    let log = DieselAttemptLog::new(test.db.clone());
    let now = Utc::now();
    log.record("login:x", now - Duration::minutes(20)).unwrap();
    log.record("login:x", now - Duration::minutes(5)).unwrap();
    log.record("login:x", now).unwrap();
    log.record("login:y", now).unwrap();
    assert_eq!(log.since("login:x", now - Duration::minutes(15)).unwrap().len(), 2);
    log.clear("login:x").unwrap();
    assert!(log.since("login:x", now - Duration::days(1)).unwrap().is_empty());
    assert_eq!(log.since("login:y", now - Duration::minutes(1)).unwrap().len(), 1);
}

#[test]
fn the_governorates_are_seeded_once() {
    let test = database();
    assert_eq!(store::seed::shipping_cities(&test.db).unwrap(), 27);
    assert_eq!(store::seed::shipping_cities(&test.db).unwrap(), 0);
    assert!(DieselUserRepository::new(test.db.clone()).city_exists(27).unwrap());
}

#[test]
fn writers_that_read_first_queue_instead_of_failing_when_they_race() {
    use shop::ShopStore;
    use shop::contact::ContactMessage;
    use store::content::DieselShopStore;

    let test = database();
    let store = std::sync::Arc::new(DieselShopStore::new(test.db.clone()));
    let message = ContactMessage { name: "Samir".into(), phone: None, email: None, message: "Do you sell drip lines?".into() };
    for _ in 0..64 {
        store.add_contact_message(&message, Utc::now()).unwrap();
    }
    let workers: Vec<_> = (0..8)
        .map(|worker| {
            let store = store.clone();
            std::thread::spawn(move || (0..8).map(|n| store.mark_contact_handled(worker * 8 + n + 1, Utc::now())).collect::<Vec<_>>())
        })
        .collect();
    for worker in workers {
        for outcome in worker.join().unwrap() {
            assert!(outcome.as_ref().is_ok_and(|found| *found), "{outcome:?}");
        }
    }
}
