//! The spine of what happens to orders (`order_events`): a row per change, written in the
//! change's own transaction, so that whoever hears of changes reads a record that never
//! disagrees with the orders; and the news' reading of it through its cursor
//! (`event_cursors`).

use chrono::{DateTime, NaiveDateTime, TimeDelta, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Nullable, Text, Timestamp};
use kernel::{Money, OrderId, Phone, UserId};
use ordering::{CancelCause, OrderChange, OrderHeadline, OrderNews, OrderSpine, OrderStatus, UntoldChange};
use serde_json::{Value, json};

use crate::database::{Database, DbConn, KeptPrepared, RowId, write};
use crate::desk::write_news;
use crate::schema::{event_cursors, order_events, order_history, orders};

/// The news' cursor on the spine.
const NEWS: &str = "order_news";

/// How long a gap in the spine's numbers may be waited for. A number is taken when a change's
/// event is written and shows once its transaction commits, so on PostgreSQL a later number
/// can show first; a gap younger than this is a transaction still running, an older one a
/// transaction that rolled back after taking its number.
pub const GAP_WAIT: TimeDelta = TimeDelta::seconds(10);

/// Writes `change` of `order`, which it brought to `version`.
pub(crate) fn record(conn: &mut DbConn, order: i64, version: i32, change: &OrderChange, at: NaiveDateTime) -> QueryResult<()> {
    diesel::insert_into(order_events::table)
        .values((
            order_events::id.eq(uuid::Uuid::new_v4().to_string()),
            order_events::order_id.eq(order),
            order_events::order_version.eq(version),
            order_events::kind.eq(change.kind()),
            order_events::payload.eq(payload(change).to_string()),
            order_events::occurred_at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

/// A move of an order's status, as the order's history shows it.
pub(crate) struct StatusEntry<'a> {
    /// The status it left; none for a new order.
    pub(crate) from: Option<OrderStatus>,
    /// The status it took.
    pub(crate) to: OrderStatus,
    /// Who moved it.
    pub(crate) by: Option<UserId>,
    /// What they said of it.
    pub(crate) note: Option<&'a str>,
}

/// [`record`]'s event and the history's row of the move, in one statement (`$1`… the event's
/// id, order, version, kind, payload and time, then the move's from, to, by and note).
const RECORD_WITH_HISTORY_POSTGRES: &str = "WITH history AS (INSERT INTO order_history (order_id, from_status, to_status, changed_at, changed_by, note) \
     VALUES ($2, $7, $8, $6, $9, $10)) \
     INSERT INTO order_events (id, order_id, order_version, kind, payload, occurred_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING seq AS id";

/// Writes `change` of `order` as [`record`] does, with the row the order's history shows for
/// the move of its status: one statement on PostgreSQL (a data-modifying `WITH`: a round trip
/// less for every order placed or moved), two on SQLite, which has none.
pub(crate) fn record_with_history(
    conn: &mut DbConn,
    order: i64,
    version: i32,
    change: &OrderChange,
    entry: &StatusEntry<'_>,
    at: NaiveDateTime,
) -> QueryResult<()> {
    let DbConn::Postgres(pg) = conn else {
        diesel::insert_into(order_history::table)
            .values((
                order_history::order_id.eq(order),
                order_history::from_status.eq(entry.from.map(<&str>::from)),
                order_history::to_status.eq(<&str>::from(entry.to)),
                order_history::changed_at.eq(at),
                order_history::changed_by.eq(entry.by.map(|user| user.0)),
                order_history::note.eq(entry.note),
            ))
            .execute(conn)?;
        return record(conn, order, version, change, at);
    };
    let statement = diesel::sql_query(RECORD_WITH_HISTORY_POSTGRES)
        .bind::<Text, _>(uuid::Uuid::new_v4().to_string())
        .bind::<BigInt, _>(order)
        .bind::<Integer, _>(version)
        .bind::<Text, _>(change.kind())
        .bind::<Text, _>(payload(change).to_string())
        .bind::<Timestamp, _>(at)
        .bind::<Nullable<Text>, _>(entry.from.map(<&str>::from))
        .bind::<Text, _>(<&str>::from(entry.to))
        .bind::<Nullable<BigInt>, _>(entry.by.map(|user| user.0))
        .bind::<Nullable<Text>, _>(entry.note);
    KeptPrepared(statement).load::<RowId>(pg)?;
    Ok(())
}

/// What a reader needs of the change besides its kind; money in piastres.
fn payload(change: &OrderChange) -> Value {
    match change {
        OrderChange::Placed { number, source, total, awaits_call } => {
            let mut payload = json!({"number": number, "status": "new", "source": <&str>::from(*source), "total_piastres": total.piastres()});
            if *awaits_call {
                payload["awaits_call"] = true.into();
            }
            payload
        }
        OrderChange::StatusChanged { from, to, by, points_earned } => {
            json!({"from": <&str>::from(*from), "to": <&str>::from(*to), "by": by.map(|user| user.0), "points_earned": points_earned})
        }
        // `unconfirmed` or `refused` only when it is so: a cancellation called off reads as it
        // always did.
        OrderChange::Cancelled { from, by, cause } => {
            let mut payload = json!({"from": <&str>::from(*from), "by": by.map(|user| user.0)});
            match cause {
                CancelCause::CalledOff => {}
                CancelCause::Unconfirmed => payload["unconfirmed"] = true.into(),
                CancelCause::Refused => payload["refused"] = true.into(),
                CancelCause::NotOrdered => payload["not_ordered"] = true.into(),
            }
            payload
        }
        OrderChange::DeliveryFailed { attempt, reason, by } => json!({"attempt": attempt, "reason": reason, "by": by.map(|user| user.0)}),
        OrderChange::Assigned { sales_engineer } => json!({"sales_engineer_id": sales_engineer.0}),
        OrderChange::Confirmed { via, by } => json!({"via": <&str>::from(*via), "by": by.map(|user| user.0)}),
        OrderChange::ReturnChanged { return_id, state, by } => json!({"return_id": return_id, "state": <&str>::from(*state), "by": by.map(|user| user.0)}),
        OrderChange::MoveUndone { from, to, by } => json!({"from": <&str>::from(*from), "to": <&str>::from(*to), "by": by.map(|user| user.0)}),
        // `at_door` only when it is so, as `refused` of a cancellation.
        OrderChange::LinesChanged { total_before, total, by, at_door } => {
            let mut payload = json!({"total_before_piastres": total_before.piastres(), "total_piastres": total.piastres(), "by": by.map(|user| user.0)});
            if *at_door {
                payload["at_door"] = true.into();
            }
            payload
        }
    }
}

/// The change a stored event records.
pub(crate) fn change_of(kind: &str, payload: &str) -> anyhow::Result<OrderChange> {
    let payload: Value = serde_json::from_str(payload)?;
    let text = |field: &str| payload[field].as_str().map(str::to_string).ok_or_else(|| anyhow::anyhow!("order event without {field}"));
    let status = |field: &str| -> anyhow::Result<OrderStatus> { Ok(text(field)?.parse()?) };
    let by = payload["by"].as_i64().map(UserId);
    Ok(match kind {
        "order.created" => OrderChange::Placed {
            number: text("number")?,
            source: text("source")?.parse()?,
            total: Money::from_piastres(payload["total_piastres"].as_i64().unwrap_or_default()),
            awaits_call: payload["awaits_call"].as_bool().unwrap_or(false),
        },
        "order.status_changed" => OrderChange::StatusChanged { from: status("from")?, to: status("to")?, by, points_earned: payload["points_earned"].as_i64() },
        "order.cancelled" => OrderChange::Cancelled {
            from: status("from")?,
            by,
            cause: match (payload["unconfirmed"].as_bool(), payload["refused"].as_bool(), payload["not_ordered"].as_bool()) {
                (Some(true), _, _) => CancelCause::Unconfirmed,
                (_, Some(true), _) => CancelCause::Refused,
                (_, _, Some(true)) => CancelCause::NotOrdered,
                _ => CancelCause::CalledOff,
            },
        },
        "order.delivery_failed" => OrderChange::DeliveryFailed {
            attempt: payload["attempt"]
                .as_u64()
                .and_then(|attempt| u32::try_from(attempt).ok())
                .ok_or_else(|| anyhow::anyhow!("order event without attempt"))?,
            reason: text("reason")?,
            by,
        },
        "order.assigned" => {
            OrderChange::Assigned { sales_engineer: UserId(payload["sales_engineer_id"].as_i64().ok_or_else(|| anyhow::anyhow!("no sales engineer"))?) }
        }
        "order.confirmed" => OrderChange::Confirmed { via: text("via")?.parse()?, by },
        "order.return_changed" => OrderChange::ReturnChanged {
            return_id: payload["return_id"].as_i64().ok_or_else(|| anyhow::anyhow!("order event without return_id"))?,
            state: text("state")?.parse()?,
            by,
        },
        "order.move_undone" => OrderChange::MoveUndone { from: status("from")?, to: status("to")?, by },
        "order.lines_changed" => {
            let money = |field: &str| payload[field].as_i64().map(Money::from_piastres).ok_or_else(|| anyhow::anyhow!("order event without {field}"));
            let at_door = payload["at_door"].as_bool().unwrap_or(false);
            OrderChange::LinesChanged { total_before: money("total_before_piastres")?, total: money("total_piastres")?, by, at_door }
        }
        other => anyhow::bail!("an order event of an unknown kind: {other}"),
    })
}

/// Moves a reader's cursor on the spine to `to`, unless it is already at `from` or past it:
/// false then, when another reader (another node, a request or the job) moved it first.
pub(crate) fn move_cursor(conn: &mut DbConn, consumer: &str, from: i64, to: i64) -> QueryResult<bool> {
    let guarded = diesel::update(event_cursors::table.find(consumer).filter(event_cursors::last_seq.lt(from)));
    let moved = KeptPrepared(guarded.set(event_cursors::last_seq.eq(to)).returning(event_cursors::last_seq)).load::<i64>(conn)?;
    Ok(!moved.is_empty())
}

/// The spine as the news reads it, over Diesel.
pub struct DieselOrderSpine {
    db: Database,
}

impl DieselOrderSpine {
    /// The spine over a database.
    pub fn new(db: Database) -> Self {
        DieselOrderSpine { db }
    }
}

type UntoldRow = (i64, String, String, NaiveDateTime, i64, Option<String>, Option<i64>, String, String, String, Option<i64>, String, bool, i64);

impl OrderSpine for DieselOrderSpine {
    fn untold(&self, limit: usize, now: DateTime<Utc>) -> anyhow::Result<Vec<UntoldChange>> {
        let conn = &mut *self.db.conn()?;
        let cursor: i64 = event_cursors::table.find(NEWS).select(event_cursors::last_seq).first(conn)?;
        let rows: Vec<UntoldRow> = order_events::table
            .inner_join(orders::table)
            .filter(order_events::seq.gt(cursor))
            .order(order_events::seq)
            .limit(i64::try_from(limit).unwrap_or(i64::MAX))
            .select((
                order_events::seq,
                order_events::kind,
                order_events::payload,
                order_events::occurred_at,
                orders::id,
                orders::number,
                orders::user_id,
                orders::source,
                orders::customer_phone,
                orders::locale,
                orders::sales_engineer_id,
                orders::status,
                orders::confirmed_at.is_null(),
                orders::total,
            ))
            .load(conn)?;
        let mut untold = Vec::with_capacity(rows.len());
        let mut last = cursor;
        for (seq, kind, payload, occurred_at, id, number, user, source, phone, locale, sales_engineer, status, unconfirmed, total) in rows {
            if seq != last + 1 && occurred_at.and_utc() > now - GAP_WAIT {
                break;
            }
            last = seq;
            let change = change_of(&kind, &payload)?;
            let order = OrderHeadline {
                id: OrderId(id),
                number: number.unwrap_or_default(),
                user: user.map(UserId),
                source: source.parse()?,
                phone: Phone::parse(&phone).ok_or_else(|| anyhow::anyhow!("stored phone unreadable"))?,
                locale: kernel::Locale::from_header(&locale),
                sales_engineer: sales_engineer.map(UserId),
                // A phone the staff call gets no link: its placing SMS says they will call.
                awaiting_confirmation: unconfirmed
                    && status == <&str>::from(OrderStatus::New)
                    && !matches!(change, OrderChange::Placed { awaits_call: true, .. }),
                total: Money::from_piastres(total),
            };
            untold.push(UntoldChange { seq, change, order });
        }
        Ok(untold)
    }

    fn tell(&self, told: &[(i64, OrderNews)], at: DateTime<Utc>) -> anyhow::Result<bool> {
        let (Some(&(first, _)), Some(&(last, _))) = (told.first(), told.last()) else { return Ok(false) };
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            // The guarded move decides: of two readers telling the same changes, one writes them.
            if !move_cursor(conn, NEWS, first, last)? {
                return QueryResult::Ok(false);
            }
            write_news(conn, told.iter().map(|(_, news)| news), at)?;
            Ok(true)
        })?)
    }
}
