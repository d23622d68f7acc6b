//! The pruning job on both databases: what is done and old goes, what is still to do stays — an
//! unsent message, an unread notification, a key inside its window, a pending delivery, an
//! order event a reader has not passed, the most searched misses.

use chrono::{Duration, Utc};
use diesel::prelude::*;
use identity::Role;
use serde_json::json;
use store::schema::{
    event_cursors, idempotency_keys, message_queue, notifications, order_events, search_misses, webhook_deliveries, webhook_endpoints, webhook_events,
};
use store::upkeep::{Retention, Upkeep};

use crate::helpers::{json_of, spawn_app};

const RETENTION: Retention = Retention {
    sent_messages: Duration::days(30),
    read_notifications: Duration::days(180),
    webhook_deliveries: Duration::days(30),
    order_events: Duration::days(30),
    search_misses_kept: 2,
};

#[actix_web::test]
async fn the_pruning_job_deletes_what_is_done_and_old_and_keeps_what_is_still_to_do() {
    let app = spawn_app().await;
    let admin = app.account_token(Role::Admin, "01012344901").await;
    let client = app.account_token(Role::Customer, "01012344902").await;
    let user = json_of(app.me(Some(&client)).await).await["data"]["id"].as_i64().unwrap();
    let seeds = app.add_product(&admin, "Pruned seeds", 40, 20, 250).await;
    let placed = app
        .guest_checkout(&json!({"name": "Mona", "phone": "01012344903", "address": "Farm road", "city_id": 2, "items": [{"id": seeds, "quantity": 1}]}), None)
        .await;
    assert_eq!(placed.status(), 201);

    let db = app.database();
    let conn = &mut *db.conn().unwrap();
    let long_ago = (Utc::now() - Duration::days(400)).naive_utc();
    let recently = (Utc::now() - Duration::hours(1)).naive_utc();
    // Messages: one sent long ago, one never sent.
    for (body, sent) in [("old and sent", Some(long_ago)), ("old and unsent", None)] {
        diesel::insert_into(message_queue::table)
            .values((
                message_queue::channel.eq("sms"),
                message_queue::recipient.eq("+201012344902"),
                message_queue::body.eq(body),
                message_queue::created_at.eq(long_ago),
                message_queue::attempts.eq(1),
                message_queue::next_attempt_at.eq(Utc::now().naive_utc() + Duration::days(1)),
                message_queue::sent_at.eq(sent),
            ))
            .execute(conn)
            .unwrap();
    }
    // Notifications: old and read, old and unread, read yesterday.
    for (title, created, read) in [("old read", long_ago, Some(long_ago)), ("old unread", long_ago, None), ("new read", recently, Some(recently))] {
        diesel::insert_into(notifications::table)
            .values((
                notifications::user_id.eq(user),
                notifications::title_ar.eq(title),
                notifications::title_en.eq(title),
                notifications::body_ar.eq(title),
                notifications::body_en.eq(title),
                notifications::created_at.eq(created),
                notifications::read_at.eq(read),
            ))
            .execute(conn)
            .unwrap();
    }
    // Keys: one past its 24 hours, one inside them.
    for (key, at) in [("expired", (Utc::now() - Duration::hours(25)).naive_utc()), ("fresh", recently)] {
        diesel::insert_into(idempotency_keys::table)
            .values((
                idempotency_keys::caller.eq("test"),
                idempotency_keys::key.eq(key),
                idempotency_keys::fingerprint.eq("f"),
                idempotency_keys::answer.eq("{}"),
                idempotency_keys::created_at.eq(at),
            ))
            .execute(conn)
            .unwrap();
    }
    // Misses: four, of which the two most searched are kept.
    for (text, searches) in [("rare", 1), ("often", 9), ("sometimes", 3), ("never again", 2)] {
        diesel::insert_into(search_misses::table)
            .values((
                search_misses::text.eq(text),
                search_misses::language.eq("en"),
                search_misses::searches.eq(searches),
                search_misses::last_searched_at.eq(recently),
            ))
            .execute(conn)
            .unwrap();
    }
    // Webhooks: two old deliveries of one old event, one sent, one still pending.
    let endpoint: i64 = diesel::insert_into(webhook_endpoints::table)
        .values((
            webhook_endpoints::url.eq("https://erp.example.com/hooks"),
            webhook_endpoints::events.eq("[]"),
            webhook_endpoints::active.eq(false),
            webhook_endpoints::secret.eq("whsec_c2VjcmV0"),
            webhook_endpoints::created_at.eq(long_ago),
        ))
        .returning(webhook_endpoints::id)
        .get_result(conn)
        .unwrap();
    let mut events = Vec::new();
    for id in ["sent-event", "pending-event"] {
        let seq: i64 = diesel::insert_into(webhook_events::table)
            .values((
                webhook_events::id.eq(id),
                webhook_events::kind.eq("order.created"),
                webhook_events::body.eq("{}"),
                webhook_events::occurred_at.eq(long_ago),
            ))
            .returning(webhook_events::seq)
            .get_result(conn)
            .unwrap();
        events.push(seq);
    }
    for (seq, state) in [(events[0], "sent"), (events[1], "pending")] {
        diesel::insert_into(webhook_deliveries::table)
            .values((
                webhook_deliveries::endpoint_id.eq(endpoint),
                webhook_deliveries::event_seq.eq(seq),
                webhook_deliveries::state.eq(state),
                webhook_deliveries::next_attempt_at.eq(long_ago),
            ))
            .execute(conn)
            .unwrap();
    }
    // The order's event, made old: it goes once every reader has passed it, a slow one too.
    diesel::update(order_events::table).set(order_events::occurred_at.eq(long_ago)).execute(conn).unwrap();
    let newest: i64 = order_events::table.select(diesel::dsl::max(order_events::seq)).first::<Option<i64>>(conn).unwrap().unwrap();
    diesel::insert_into(event_cursors::table)
        .values((event_cursors::consumer.eq("slow reader"), event_cursors::last_seq.eq(newest - 1)))
        .execute(conn)
        .unwrap();

    let upkeep = Upkeep::new(db.clone(), RETENTION);
    upkeep.prune(Utc::now()).unwrap();

    let bodies: Vec<String> = message_queue::table.filter(message_queue::recipient.eq("+201012344902")).select(message_queue::body).load(conn).unwrap();
    assert_eq!(bodies, ["old and unsent"]);
    let mut titles: Vec<String> = notifications::table.filter(notifications::user_id.eq(user)).select(notifications::title_en).load(conn).unwrap();
    titles.sort();
    assert_eq!(titles, ["new read", "old unread"]);
    let keys: Vec<String> = idempotency_keys::table.filter(idempotency_keys::caller.eq("test")).select(idempotency_keys::key).load(conn).unwrap();
    assert_eq!(keys, ["fresh"]);
    let mut misses: Vec<String> = search_misses::table.select(search_misses::text).load(conn).unwrap();
    misses.sort();
    assert_eq!(misses, ["often", "sometimes"]);
    let states: Vec<String> =
        webhook_deliveries::table.filter(webhook_deliveries::endpoint_id.eq(endpoint)).select(webhook_deliveries::state).load(conn).unwrap();
    assert_eq!(states, ["pending"]);
    let kept: Vec<String> = webhook_events::table.filter(webhook_events::seq.eq_any(&events)).select(webhook_events::id).load(conn).unwrap();
    assert_eq!(kept, ["pending-event"], "an event a delivery still needs stays");
    let events: i64 = order_events::table.filter(order_events::seq.eq(newest)).count().get_result(conn).unwrap();
    assert_eq!(events, 1, "a reader has not passed it yet");

    diesel::update(event_cursors::table.filter(event_cursors::consumer.eq("slow reader"))).set(event_cursors::last_seq.eq(newest)).execute(conn).unwrap();
    for _ in 0..100 {
        let passed: Option<i64> = event_cursors::table.select(diesel::dsl::min(event_cursors::last_seq)).first(conn).unwrap();
        if passed >= Some(newest) {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    upkeep.prune(Utc::now()).unwrap();
    let events: i64 = order_events::table.filter(order_events::seq.eq(newest)).count().get_result(conn).unwrap();
    assert_eq!(events, 0, "passed by every reader and old");
}
