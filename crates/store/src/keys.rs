//! `Idempotency-Key` rows (design §5), one shape for every keyed request: the digest of the
//! request and its first answer, as the HTTP edge wrote it. A request that makes something
//! writes its key in the same transaction, right after what it made, so parallel repeats of
//! one key meet on the primary key; a refusal is kept alone, as nothing was made.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use kernel::{Earlier, IDEMPOTENCY_KEY_LIFETIME, IdempotencyKey, KeptAnswer, KeptAnswers};

use crate::database::{Database, DbConn, KeptPrepared, load_natively};
use crate::schema::idempotency_keys;

/// The keys in the database.
#[derive(Clone)]
pub struct DieselKeptAnswers {
    db: Database,
}

impl DieselKeptAnswers {
    /// The keys over a database.
    pub fn new(db: Database) -> Self {
        DieselKeptAnswers { db }
    }
}

impl KeptAnswers for DieselKeptAnswers {
    fn earlier(&self, key: &IdempotencyKey, since: DateTime<Utc>) -> anyhow::Result<Option<Earlier>> {
        let conn = &mut *self.db.conn()?;
        let row: Option<(String, String)> = idempotency_keys::table
            .find((&key.caller, &key.key))
            .filter(idempotency_keys::created_at.ge(since.naive_utc()))
            .select((idempotency_keys::fingerprint, idempotency_keys::answer))
            .first(conn)
            .optional()?;
        Ok(row.map(|(fingerprint, answer)| if fingerprint == key.fingerprint { Earlier::Answered(KeptAnswer(answer)) } else { Earlier::KeyReused }))
    }

    fn keep(&self, key: &IdempotencyKey, answer: &KeptAnswer, at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        let stale = idempotency_keys::created_at.lt((at - IDEMPOTENCY_KEY_LIFETIME).naive_utc());
        diesel::delete(idempotency_keys::table.find((&key.caller, &key.key)).filter(stale)).execute(conn)?;
        // Whatever the key already holds was the first answer, and stays: the insert then meets
        // the primary key.
        let kept = diesel::insert_into(idempotency_keys::table)
            .values((
                idempotency_keys::caller.eq(&key.caller),
                idempotency_keys::key.eq(&key.key),
                idempotency_keys::fingerprint.eq(&key.fingerprint),
                idempotency_keys::answer.eq(&answer.0),
                idempotency_keys::created_at.eq(at.naive_utc()),
            ))
            .execute(conn);
        match kept {
            Ok(_) | Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(()),
            Err(error) => Err(error.into()),
        }
    }
}

/// Writes the key with the answer of what its request made, inside that request's
/// transaction, over a row of the key older than its lifetime (that first answer is
/// forgotten). False when the key holds a fresh answer: a parallel repeat committed first, and
/// the transaction must roll back.
pub(crate) fn hold(conn: &mut DbConn, key: &IdempotencyKey, answer: &KeptAnswer, at: DateTime<Utc>) -> QueryResult<bool> {
    use diesel::upsert::excluded;
    let upsert = diesel::insert_into(idempotency_keys::table)
        .values((
            idempotency_keys::caller.eq(&key.caller),
            idempotency_keys::key.eq(&key.key),
            idempotency_keys::fingerprint.eq(&key.fingerprint),
            idempotency_keys::answer.eq(&answer.0),
            idempotency_keys::created_at.eq(at.naive_utc()),
        ))
        .on_conflict((idempotency_keys::caller, idempotency_keys::key))
        .do_update()
        .set((
            idempotency_keys::fingerprint.eq(excluded(idempotency_keys::fingerprint)),
            idempotency_keys::answer.eq(excluded(idempotency_keys::answer)),
            idempotency_keys::created_at.eq(excluded(idempotency_keys::created_at)),
        ));
    let stale = idempotency_keys::created_at.lt((at - IDEMPOTENCY_KEY_LIFETIME).naive_utc());
    // `… DO UPDATE … WHERE`: QueryDsl's `filter` would not take an insert.
    let held = diesel::query_dsl::methods::FilterDsl::filter(upsert, stale).returning(idempotency_keys::key);
    Ok(load_natively::<_, String>(conn, KeptPrepared(held))?.len() == 1)
}

/// Whether the key holds a fresh answer at `at`, inside a transaction that made nothing yet.
pub(crate) fn is_held(conn: &mut DbConn, key: &IdempotencyKey, at: DateTime<Utc>) -> QueryResult<bool> {
    let fresh = idempotency_keys::created_at.ge((at - IDEMPOTENCY_KEY_LIFETIME).naive_utc());
    diesel::select(diesel::dsl::exists(idempotency_keys::table.find((&key.caller, &key.key)).filter(fresh))).get_result(conn)
}
