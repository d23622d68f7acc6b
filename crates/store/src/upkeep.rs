//! Pruning: what the queues and logs no longer need is deleted by a job, a batch of each kind a
//! run, so the tables do not grow with the shop's age and every poll stays on a small index of
//! what is still pending. Nothing still to do is touched: an unsent message, an unread
//! notification, a key inside its window, a pending delivery, an event a reader has not passed.

use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
use kernel::IDEMPOTENCY_KEY_LIFETIME;

use crate::database::{Database, DbConn};
use crate::schema::{
    event_cursors, idempotency_keys, message_queue, notifications, order_events, search_misses, webhook_attempts, webhook_deliveries, webhook_events,
};

/// The most rows of each kind one run deletes, so a run never holds the database for long.
pub const BATCH: i64 = 1000;

/// How long what is done is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    /// Messages sent.
    pub sent_messages: Duration,
    /// Notifications read.
    pub read_notifications: Duration,
    /// Webhook deliveries done (sent or failed), with their attempts and events.
    pub webhook_deliveries: Duration,
    /// Order events every reader of the spine has passed.
    pub order_events: Duration,
    /// Searches that found nothing: the most searched this many are kept.
    pub search_misses_kept: i64,
}

/// The pruning job's work.
pub struct Upkeep {
    db: Database,
    retention: Retention,
}

impl Upkeep {
    /// Prunes `db` keeping what `retention` says.
    pub fn new(db: Database, retention: Retention) -> Upkeep {
        Upkeep { db, retention }
    }

    /// Deletes a batch of each kind of what is done and old at `now`; answers how many rows.
    pub fn prune(&self, now: DateTime<Utc>) -> anyhow::Result<usize> {
        let conn = &mut *self.db.conn()?;
        let cutoff = |kept: Duration| (now - kept).naive_utc();
        let r = self.retention;
        Ok(sent_messages(conn, cutoff(r.sent_messages))?
            + read_notifications(conn, cutoff(r.read_notifications))?
            + idempotency_keys(conn, cutoff(IDEMPOTENCY_KEY_LIFETIME))?
            + webhook_history(conn, cutoff(r.webhook_deliveries))?
            + passed_order_events(conn, cutoff(r.order_events))?
            + search_misses(conn, r.search_misses_kept)?)
    }
}

fn sent_messages(conn: &mut DbConn, before: NaiveDateTime) -> QueryResult<usize> {
    let batch: Vec<i64> = message_queue::table.filter(message_queue::sent_at.lt(before)).select(message_queue::id).limit(BATCH).load(conn)?;
    diesel::delete(message_queue::table.filter(message_queue::id.eq_any(batch))).execute(conn)
}

fn read_notifications(conn: &mut DbConn, before: NaiveDateTime) -> QueryResult<usize> {
    let batch: Vec<i64> = notifications::table
        .filter(notifications::read_at.is_not_null())
        .filter(notifications::created_at.lt(before))
        .select(notifications::id)
        .limit(BATCH)
        .load(conn)?;
    diesel::delete(notifications::table.filter(notifications::id.eq_any(batch))).execute(conn)
}

/// Keys past their window: up to the batch's newest moment, so a batch is about `BATCH` rows
/// though the key is two columns.
fn idempotency_keys(conn: &mut DbConn, before: NaiveDateTime) -> QueryResult<usize> {
    let last: Option<NaiveDateTime> = idempotency_keys::table
        .filter(idempotency_keys::created_at.lt(before))
        .order(idempotency_keys::created_at)
        .offset(BATCH - 1)
        .select(idempotency_keys::created_at)
        .first(conn)
        .optional()?;
    let expired = idempotency_keys::table.filter(idempotency_keys::created_at.lt(before));
    match last {
        Some(last) => diesel::delete(expired.filter(idempotency_keys::created_at.le(last))).execute(conn),
        None => diesel::delete(expired).execute(conn),
    }
}

/// Deliveries done long ago with their attempts, then the events no delivery needs any more.
fn webhook_history(conn: &mut DbConn, before: NaiveDateTime) -> QueryResult<usize> {
    let done: Vec<i64> = webhook_deliveries::table
        .filter(webhook_deliveries::state.ne("pending"))
        .filter(webhook_deliveries::next_attempt_at.lt(before))
        .select(webhook_deliveries::id)
        .limit(BATCH)
        .load(conn)?;
    let attempts = diesel::delete(webhook_attempts::table.filter(webhook_attempts::delivery_id.eq_any(&done))).execute(conn)?;
    let deliveries = diesel::delete(webhook_deliveries::table.filter(webhook_deliveries::id.eq_any(&done))).execute(conn)?;
    let unneeded: Vec<i64> = webhook_events::table
        .filter(webhook_events::occurred_at.lt(before))
        .filter(diesel::dsl::not(diesel::dsl::exists(webhook_deliveries::table.filter(webhook_deliveries::event_seq.eq(webhook_events::seq)))))
        .select(webhook_events::seq)
        .limit(BATCH)
        .load(conn)?;
    let events = diesel::delete(webhook_events::table.filter(webhook_events::seq.eq_any(unneeded))).execute(conn)?;
    Ok(attempts + deliveries + events)
}

/// Order events older than the cutoff that every reader of the spine has passed.
fn passed_order_events(conn: &mut DbConn, before: NaiveDateTime) -> QueryResult<usize> {
    let passed: Option<i64> = event_cursors::table.select(diesel::dsl::min(event_cursors::last_seq)).first(conn)?;
    let Some(passed) = passed else { return Ok(0) };
    let batch: Vec<i64> = order_events::table
        .filter(order_events::seq.le(passed))
        .filter(order_events::occurred_at.lt(before))
        .order(order_events::seq)
        .select(order_events::seq)
        .limit(BATCH)
        .load(conn)?;
    diesel::delete(order_events::table.filter(order_events::seq.eq_any(batch))).execute(conn)
}

/// The searches that found nothing beyond the `kept` most searched.
fn search_misses(conn: &mut DbConn, kept: i64) -> QueryResult<usize> {
    let beyond: Vec<i64> = search_misses::table
        .order((search_misses::searches.desc(), search_misses::last_searched_at.desc(), search_misses::id.desc()))
        .offset(kept.max(0))
        .limit(BATCH)
        .select(search_misses::id)
        .load(conn)?;
    diesel::delete(search_misses::table.filter(search_misses::id.eq_any(beyond))).execute(conn)
}
