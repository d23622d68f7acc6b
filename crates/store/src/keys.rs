//! `Idempotency-Key` rows (design §5). A key's row holds the digest of its request and its
//! first answer: the order or the points exchange the request made, or the refusal it got.
//! The row is written in the same transaction as what it names, right after it, so parallel
//! repeats of one key meet on its primary key.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use kernel::{IDEMPOTENCY_KEY_LIFETIME, IdempotencyKey, KeptRefusal};

use crate::database::{DbConn, execute_natively};
use crate::schema::idempotency_keys;

/// What a key's earlier request did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Answered {
    /// It placed this order.
    Order(i64),
    /// It wrote this row of a points ledger.
    PointsEntry(i64),
    /// It was refused with this answer.
    Refused(KeptRefusal),
    /// The key came with another request.
    KeyReused,
}

/// What a request made, which its key names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Made {
    /// An order.
    Order(i64),
    /// A row of a points ledger.
    PointsEntry(i64),
}

/// What a key's row holds.
#[derive(Queryable, Selectable)]
#[diesel(table_name = idempotency_keys)]
struct KeyRow {
    fingerprint: String,
    order_id: Option<i64>,
    points_entry_id: Option<i64>,
    refusal_status: Option<i32>,
    refusal_body: Option<String>,
}

/// What the key's earlier request did at or after `since`.
pub(crate) fn earlier(conn: &mut DbConn, key: &IdempotencyKey, since: DateTime<Utc>) -> QueryResult<Option<Answered>> {
    let row: Option<KeyRow> = idempotency_keys::table
        .find((&key.caller, &key.key))
        .filter(idempotency_keys::created_at.ge(since.naive_utc()))
        .select(KeyRow::as_select())
        .first(conn)
        .optional()?;
    Ok(row.map(|row| match row {
        _ if row.fingerprint != key.fingerprint => Answered::KeyReused,
        KeyRow { order_id: Some(order), .. } => Answered::Order(order),
        KeyRow { points_entry_id: Some(entry), .. } => Answered::PointsEntry(entry),
        KeyRow { refusal_status: Some(status), refusal_body: Some(body), .. } => {
            Answered::Refused(KeptRefusal { status: u16::try_from(status).unwrap_or(422), body })
        }
        _ => Answered::KeyReused,
    }))
}

/// Writes the key with what its request made, over a row of the key older than its lifetime
/// (that first answer is forgotten). False when the key holds a fresh answer: a parallel
/// repeat committed first.
pub(crate) fn hold(conn: &mut DbConn, key: &IdempotencyKey, made: Made, at: DateTime<Utc>) -> QueryResult<bool> {
    use diesel::upsert::excluded;
    let (order, entry) = match made {
        Made::Order(order) => (Some(order), None),
        Made::PointsEntry(entry) => (None, Some(entry)),
    };
    let upsert = diesel::insert_into(idempotency_keys::table)
        .values((
            idempotency_keys::caller.eq(&key.caller),
            idempotency_keys::key.eq(&key.key),
            idempotency_keys::fingerprint.eq(&key.fingerprint),
            idempotency_keys::created_at.eq(at.naive_utc()),
            idempotency_keys::order_id.eq(order),
            idempotency_keys::points_entry_id.eq(entry),
        ))
        .on_conflict((idempotency_keys::caller, idempotency_keys::key))
        .do_update()
        .set((
            idempotency_keys::fingerprint.eq(excluded(idempotency_keys::fingerprint)),
            idempotency_keys::created_at.eq(excluded(idempotency_keys::created_at)),
            idempotency_keys::order_id.eq(excluded(idempotency_keys::order_id)),
            idempotency_keys::points_entry_id.eq(excluded(idempotency_keys::points_entry_id)),
            idempotency_keys::refusal_status.eq(None::<i32>),
            idempotency_keys::refusal_body.eq(None::<String>),
        ));
    let stale = idempotency_keys::created_at.lt((at - IDEMPOTENCY_KEY_LIFETIME).naive_utc());
    // `… DO UPDATE … WHERE`: QueryDsl's `filter` would not take an insert.
    Ok(execute_natively(conn, diesel::query_dsl::methods::FilterDsl::filter(upsert, stale))? == 1)
}

/// Keeps the answer of a refused request under its key, unless the key holds one already (a
/// parallel repeat made its thing or was refused first); a row of the key older than its
/// lifetime is forgotten first.
pub(crate) fn keep_refusal(conn: &mut DbConn, key: &IdempotencyKey, refusal: &KeptRefusal, at: DateTime<Utc>) -> QueryResult<()> {
    let stale = idempotency_keys::created_at.lt((at - IDEMPOTENCY_KEY_LIFETIME).naive_utc());
    diesel::delete(idempotency_keys::table.find((&key.caller, &key.key)).filter(stale)).execute(conn)?;
    // Whatever the key already holds was the first answer, and stays: the insert then meets
    // the primary key.
    let kept = diesel::insert_into(idempotency_keys::table)
        .values((
            idempotency_keys::caller.eq(&key.caller),
            idempotency_keys::key.eq(&key.key),
            idempotency_keys::fingerprint.eq(&key.fingerprint),
            idempotency_keys::created_at.eq(at.naive_utc()),
            idempotency_keys::refusal_status.eq(i32::from(refusal.status)),
            idempotency_keys::refusal_body.eq(&refusal.body),
        ))
        .execute(conn);
    match kept {
        Ok(_) | Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(()),
        Err(error) => Err(error),
    }
}
