//! Pruning: what the queues and logs no longer need is deleted by a job, a batch of each kind a
//! run, so the tables do not grow with the shop's age and every poll stays on a small index of
//! what is still pending. Nothing still to do is touched: an unsent message, an unread
//! notification, a key inside its window, a pending delivery, an event a reader has not passed,
//! an attempt a rate limit still counts.

use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
use kernel::IDEMPOTENCY_KEY_LIFETIME;

use crate::database::{Database, DbConn};
use crate::schema::{
    auth_attempts, event_cursors, idempotency_keys, message_queue, notifications, order_events, search_misses, webhook_attempts, webhook_deliveries,
    webhook_events,
};

/// The most rows of each kind one statement deletes, so no statement holds the database for
/// long.
pub const BATCH: i64 = 1000;

/// How long one run goes on deleting batches before it leaves the rest to the next run.
const RUN_BUDGET: std::time::Duration = std::time::Duration::from_secs(2);

/// Vacuums the message queue on PostgreSQL, its indexes included. Each message sent leaves a
/// dead entry in the index of pending messages the sender's poll reads, and only a vacuum takes
/// it out: with autovacuum off (or behind) the poll walked every message sent since, 10 ms a
/// poll after a million (docs/performance.md). SQLite takes an entry out with its row.
fn vacuum_queue(conn: &mut DbConn) -> QueryResult<()> {
    if let DbConn::Postgres(_) = conn {
        diesel::sql_query("VACUUM (INDEX_CLEANUP ON) message_queue").execute(conn)?;
    }
    Ok(())
}

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

    /// Deletes what is done and old at `now`, a batch of each kind at a time, until nothing is
    /// left or the run has taken [`RUN_BUDGET`]; then, on PostgreSQL, vacuums the message
    /// queue. Answers how many rows went.
    pub fn prune(&self, now: DateTime<Utc>) -> anyhow::Result<usize> {
        let conn = &mut *self.db.conn()?;
        let started = std::time::Instant::now();
        let mut pruned = 0;
        loop {
            let round = self.prune_round(conn, now)?;
            pruned += round;
            if round == 0 || started.elapsed() > RUN_BUDGET {
                break;
            }
        }
        vacuum_queue(conn)?;
        Ok(pruned)
    }

    /// One batch of each kind.
    fn prune_round(&self, conn: &mut DbConn, now: DateTime<Utc>) -> QueryResult<usize> {
        let cutoff = |kept: Duration| (now - kept).naive_utc();
        let r = self.retention;
        Ok(sent_messages(conn, cutoff(r.sent_messages))?
            + read_notifications(conn, cutoff(r.read_notifications))?
            + idempotency_keys(conn, cutoff(IDEMPOTENCY_KEY_LIFETIME))?
            + webhook_history(conn, cutoff(r.webhook_deliveries))?
            + passed_order_events(conn, cutoff(r.order_events))?
            + search_misses(conn, r.search_misses_kept)?
            + day_old_attempts(conn, cutoff(Duration::days(1)))?)
    }
}

/// Attempts no limit counts any more (the longest window is a day): oldest first by id, so the
/// batch is found at the start of the primary key.
fn day_old_attempts(conn: &mut DbConn, before: NaiveDateTime) -> QueryResult<usize> {
    let batch: Vec<i64> =
        auth_attempts::table.filter(auth_attempts::at.lt(before)).order(auth_attempts::id).select(auth_attempts::id).limit(BATCH).load(conn)?;
    diesel::delete(auth_attempts::table.filter(auth_attempts::id.eq_any(batch))).execute(conn)
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
