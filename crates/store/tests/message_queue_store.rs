#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose
//! The queue of messages on a real database (SQLite, or PostgreSQL on the Makefile's second
//! leg): two senders claiming at once never get the same message, a claimed message waits out
//! its lease, and a sent one is never claimed again.

use std::collections::BTreeSet;

use chrono::{DateTime, TimeDelta, Utc};
use diesel::{ExpressionMethods, RunQueryDsl};
use ordering::MessageQueue;
use store::desk::DieselMessageQueue;
use store::schema::message_queue;

mod common;

const QUEUED: usize = 150;

fn at(seconds: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(1_790_000_000 + seconds, 0).unwrap()
}

#[test]
fn two_senders_claim_each_message_once_and_a_sent_one_never_comes_back() {
    let test = common::fresh_database();
    let due = at(-60).naive_utc();
    let mut conn = test.db.conn().unwrap();
    for n in 0..QUEUED {
        diesel::insert_into(message_queue::table)
            .values((
                message_queue::channel.eq("sms"),
                message_queue::recipient.eq(format!("+20100000{n:04}")),
                message_queue::body.eq("محصول"),
                message_queue::created_at.eq(due),
                message_queue::next_attempt_at.eq(due),
            ))
            .execute(&mut *conn)
            .unwrap();
    }
    drop(conn);
    let (now, lease) = (at(0), at(0) + TimeDelta::minutes(2));

    let claims: Vec<Vec<i64>> = std::thread::scope(|scope| {
        let senders: Vec<_> = (0..2)
            .map(|_| {
                let queue = DieselMessageQueue::new(test.db.clone());
                scope.spawn(move || queue.claim_due(now, lease, 100).unwrap().into_iter().map(|message| message.id).collect::<Vec<_>>())
            })
            .collect();
        senders.into_iter().map(|sender| sender.join().unwrap()).collect()
    });
    let first: BTreeSet<i64> = claims[0].iter().copied().collect();
    let second: BTreeSet<i64> = claims[1].iter().copied().collect();
    assert!(first.is_disjoint(&second), "a message claimed by both senders");
    assert_eq!(first.len().max(second.len()), 100, "one sender's batch is full");

    let queue = DieselMessageQueue::new(test.db.clone());
    let rest: BTreeSet<i64> = queue.claim_due(now, lease, 200).unwrap().into_iter().map(|message| message.id).collect();
    assert!(rest.is_disjoint(&first) && rest.is_disjoint(&second), "a leased message claimed again");
    assert_eq!(first.len() + second.len() + rest.len(), QUEUED, "every message claimed once");

    let all: Vec<i64> = first.iter().chain(&second).copied().collect();
    queue.sent(&all, now).unwrap();
    let after_lease = queue.claim_due(lease + TimeDelta::seconds(1), lease + TimeDelta::minutes(3), 200).unwrap();
    let again: BTreeSet<i64> = after_lease.into_iter().map(|message| message.id).collect();
    assert_eq!(again, rest, "after the lease only the unsent come back");
}
