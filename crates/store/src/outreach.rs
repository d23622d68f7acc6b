//! Broadcasts over Diesel: the audience read from the clients, a recipient row per client
//! written with the broadcast (insert … select), claimed by the sending job with a guarded
//! update and a lease, and counted per status for the progress bar.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamp};
use kernel::{Keyed, Page, PageRequest, Phone, UserId};
use outreach::{Audience, Broadcast, Broadcasts, Delivery, NewBroadcast, Progress, Queued, Recipient, RecipientStatus};

use crate::database::{Database, DbConn, write};
use crate::keys;
use crate::schema::{sms_broadcasts, sms_recipients, users};

type Backend = <DbConn as Connection>::Backend;

/// The broadcasts in the database.
#[derive(Clone)]
pub struct DieselBroadcasts {
    db: Database,
}

impl DieselBroadcasts {
    /// The store over a database.
    pub fn new(db: Database) -> Self {
        DieselBroadcasts { db }
    }
}

/// The clients an audience names who can get an SMS at all: not blocked, with a phone.
fn audience<'a>(audience: Audience) -> users::BoxedQuery<'a, Backend> {
    let rows = users::table.filter(users::role.eq("customer").and(users::blocked.eq(false)).and(users::phone.is_not_null())).into_boxed();
    match audience {
        Audience::All => rows,
        Audience::Group(id) => rows.filter(users::group_id.eq(id)),
        Audience::City(id) => rows.filter(users::city_id.eq(id)),
        Audience::Verified => rows.filter(users::verified_at.is_not_null()),
    }
}

#[derive(Queryable)]
struct BroadcastRow {
    id: i64,
    message: String,
    audience_kind: String,
    audience_id: Option<i64>,
    parts: i32,
    by: Option<String>,
    created_at: NaiveDateTime,
}

/// The broadcasts of these rows with their counts per status.
fn assemble(conn: &mut DbConn, rows: Vec<BroadcastRow>) -> QueryResult<Vec<Broadcast>> {
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let counts: Vec<(i64, String, i64)> = sms_recipients::table
        .filter(sms_recipients::broadcast_id.eq_any(&ids))
        .group_by((sms_recipients::broadcast_id, sms_recipients::status))
        .select((sms_recipients::broadcast_id, sms_recipients::status, diesel::dsl::count_star()))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let mut progress = Progress::default();
            for (_, status, count) in counts.iter().filter(|(id, _, _)| *id == row.id) {
                let count = u64::try_from(*count).unwrap_or(0);
                progress.total += count;
                match status.parse::<RecipientStatus>() {
                    Ok(RecipientStatus::Sent) => progress.sent += count,
                    Ok(RecipientStatus::Failed) => progress.failed += count,
                    Ok(RecipientStatus::Skipped) => progress.skipped_opted_out += count,
                    _ => {}
                }
            }
            Broadcast {
                id: row.id,
                message: row.message,
                audience: Audience::read(&row.audience_kind, row.audience_id).unwrap_or(Audience::All),
                parts: u32::try_from(row.parts).unwrap_or(0),
                by: row.by,
                created_at: row.created_at.and_utc(),
                progress,
            }
        })
        .collect())
}

/// The broadcasts joined to who sent them.
type WithSender = diesel::dsl::LeftJoinOn<sms_broadcasts::table, users::table, diesel::dsl::Eq<sms_broadcasts::created_by, diesel::dsl::Nullable<users::id>>>;

/// What a broadcast's row reads.
type BroadcastColumns = (
    sms_broadcasts::id,
    sms_broadcasts::message,
    sms_broadcasts::audience_kind,
    sms_broadcasts::audience_id,
    sms_broadcasts::parts,
    diesel::dsl::Nullable<users::name>,
    sms_broadcasts::created_at,
);

fn broadcast_rows<'a>() -> diesel::dsl::IntoBoxed<'a, diesel::dsl::Select<WithSender, BroadcastColumns>, Backend> {
    sms_broadcasts::table
        .left_join(users::table.on(sms_broadcasts::created_by.eq(users::id.nullable())))
        .select((
            sms_broadcasts::id,
            sms_broadcasts::message,
            sms_broadcasts::audience_kind,
            sms_broadcasts::audience_id,
            sms_broadcasts::parts,
            users::name.nullable(),
            sms_broadcasts::created_at,
        ))
        .into_boxed()
}

/// A recipient's row.
#[derive(Queryable)]
struct RecipientRow {
    user: Option<i64>,
    phone: String,
    status: String,
    attempts: i32,
    sent_at: Option<NaiveDateTime>,
    error: Option<String>,
}

/// Why a broadcast's transaction rolled back.
enum Refusal {
    /// A parallel request with the same key holds it.
    KeyTaken,
    Database(diesel::result::Error),
}

impl From<diesel::result::Error> for Refusal {
    fn from(error: diesel::result::Error) -> Self {
        Refusal::Database(error)
    }
}

impl Broadcasts for DieselBroadcasts {
    fn audience_size(&self, of: Audience) -> anyhow::Result<(u64, u64)> {
        let conn = &mut *self.db.conn()?;
        let reached: i64 = audience(of).filter(users::sms_opt_out_at.is_null()).count().get_result(conn)?;
        let opted_out: i64 = audience(of).filter(users::sms_opt_out_at.is_not_null()).count().get_result(conn)?;
        Ok((u64::try_from(reached).unwrap_or(0), u64::try_from(opted_out).unwrap_or(0)))
    }

    fn create(&self, asked: &NewBroadcast, key: Option<&Keyed<Broadcast>>, at: DateTime<Utc>, repeat_since: DateTime<Utc>) -> anyhow::Result<Queued> {
        let conn = &mut *self.db.conn()?;
        let now = at.naive_utc();
        let (message, to) = (asked.message.as_str(), asked.audience);
        let created = write(conn, |conn| {
            // One creation at a time (SQLite's writing transaction already is), so two requests
            // at once cannot both see no earlier broadcast.
            if let DbConn::Postgres(pg) = conn {
                diesel::sql_query("SELECT pg_advisory_xact_lock(hashtext('sms_broadcasts'))").execute(pg)?;
            }
            // A repeat that waited behind the first request with its key writes no recipients.
            if let Some(keyed) = key
                && keys::is_held(conn, &keyed.key, at)?
            {
                return Err(Refusal::KeyTaken);
            }
            let same = || {
                let same = sms_broadcasts::table.filter(sms_broadcasts::message.eq(message)).filter(sms_broadcasts::audience_kind.eq(to.kind())).into_boxed();
                match to.id() {
                    Some(id) => same.filter(sms_broadcasts::audience_id.eq(id)),
                    None => same.filter(sms_broadcasts::audience_id.is_null()),
                }
            };
            if key.is_none()
                && let Some((id, made)) = same()
                    .filter(sms_broadcasts::created_at.ge(repeat_since.naive_utc()))
                    .order(sms_broadcasts::id.desc())
                    .select((sms_broadcasts::id, sms_broadcasts::created_at))
                    .first::<(i64, NaiveDateTime)>(conn)
                    .optional()?
            {
                return Ok(Queued::SentRecently { id, at: made.and_utc() });
            }
            let id: i64 = diesel::insert_into(sms_broadcasts::table)
                .values((
                    sms_broadcasts::message.eq(message),
                    sms_broadcasts::audience_kind.eq(to.kind()),
                    sms_broadcasts::audience_id.eq(to.id()),
                    sms_broadcasts::parts.eq(i32::try_from(asked.parts).unwrap_or(i32::MAX)),
                    sms_broadcasts::created_by.eq(Some(asked.by.0)),
                    sms_broadcasts::created_at.eq(now),
                ))
                .returning(sms_broadcasts::id)
                .get_result(conn)?;
            for (status, opted_out) in [(RecipientStatus::Pending, false), (RecipientStatus::Skipped, true)] {
                let who =
                    if opted_out { audience(to).filter(users::sms_opt_out_at.is_not_null()) } else { audience(to).filter(users::sms_opt_out_at.is_null()) };
                let rows = who.select((
                    sql::<BigInt>(&id.to_string()),
                    users::id.nullable(),
                    users::phone.assume_not_null(),
                    sql::<Text>(&format!("'{}'", <&str>::from(status))),
                    now.into_sql::<Timestamp>(),
                ));
                diesel::insert_into(sms_recipients::table)
                    .values(rows)
                    .into_columns((
                        sms_recipients::broadcast_id,
                        sms_recipients::user_id,
                        sms_recipients::phone,
                        sms_recipients::status,
                        sms_recipients::next_attempt_at,
                    ))
                    .execute(conn)?;
            }
            if let Some(keyed) = key {
                let rows: Vec<BroadcastRow> = broadcast_rows().filter(sms_broadcasts::id.eq(id)).load(conn)?;
                let made = assemble(conn, rows)?.pop().ok_or(diesel::result::Error::NotFound)?;
                if !keys::hold(conn, &keyed.key, &keyed.answer(&made), at)? {
                    return Err(Refusal::KeyTaken);
                }
            }
            Ok(Queued::Made(id))
        });
        match created {
            Ok(queued) => Ok(queued),
            Err(Refusal::KeyTaken) => Ok(Queued::KeyTaken),
            Err(Refusal::Database(error)) => Err(error.into()),
        }
    }

    fn broadcast(&self, id: i64) -> anyhow::Result<Option<Broadcast>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<BroadcastRow> = broadcast_rows().filter(sms_broadcasts::id.eq(id)).load(conn)?;
        Ok(assemble(conn, rows)?.pop())
    }

    fn broadcasts(&self, page: PageRequest) -> anyhow::Result<Page<Broadcast>> {
        let conn = &mut *self.db.conn()?;
        let total: i64 = sms_broadcasts::table.count().get_result(conn)?;
        let rows: Vec<BroadcastRow> = broadcast_rows().order(sms_broadcasts::id.desc()).limit(i64::from(page.per_page)).offset(page.offset()).load(conn)?;
        Ok(Page::new(assemble(conn, rows)?, page, u64::try_from(total).unwrap_or(0)))
    }

    fn recipients(&self, id: i64, status: Option<RecipientStatus>, page: PageRequest) -> anyhow::Result<Page<Recipient>> {
        let conn = &mut *self.db.conn()?;
        let matching = || {
            let mut rows = sms_recipients::table.filter(sms_recipients::broadcast_id.eq(id)).into_boxed();
            if let Some(status) = status {
                rows = rows.filter(sms_recipients::status.eq(<&'static str>::from(status)));
            }
            rows
        };
        let total: i64 = matching().count().get_result(conn)?;
        let rows: Vec<RecipientRow> = matching()
            .order(sms_recipients::id)
            .limit(i64::from(page.per_page))
            .offset(page.offset())
            .select((
                sms_recipients::user_id,
                sms_recipients::phone,
                sms_recipients::status,
                sms_recipients::attempts,
                sms_recipients::sent_at,
                sms_recipients::error,
            ))
            .load(conn)?;
        let ids: Vec<i64> = rows.iter().filter_map(|row| row.user).collect();
        let names: std::collections::HashMap<i64, String> =
            users::table.filter(users::id.eq_any(ids)).select((users::id, users::name)).load(conn)?.into_iter().collect();
        let data = rows
            .into_iter()
            .map(|RecipientRow { user, phone, status, attempts, sent_at, error }| Recipient {
                user: user.map(UserId),
                name: user.and_then(|user| names.get(&user).cloned()),
                phone,
                status: status.parse().unwrap_or(RecipientStatus::Failed),
                attempts: u32::try_from(attempts).unwrap_or(0),
                sent_at: sent_at.map(|at| at.and_utc()),
                error,
            })
            .collect();
        Ok(Page::new(data, page, u64::try_from(total).unwrap_or(0)))
    }

    fn claim_due(&self, now: DateTime<Utc>, lease_until: DateTime<Utc>, limit: usize) -> anyhow::Result<Vec<Delivery>> {
        let conn = &mut *self.db.conn()?;
        let due = sms_recipients::status.eq(<&str>::from(RecipientStatus::Pending)).and(sms_recipients::next_attempt_at.le(now.naive_utc()));
        let rows: Vec<(i64, Option<i64>, String, i32, String)> = sms_recipients::table
            .inner_join(sms_broadcasts::table)
            .filter(due)
            .order(sms_recipients::id)
            .limit(i64::try_from(limit).unwrap_or(100))
            .select((sms_recipients::id, sms_recipients::user_id, sms_recipients::phone, sms_recipients::attempts, sms_broadcasts::message))
            .load(conn)?;
        let ids: Vec<i64> = rows.iter().map(|row| row.0).collect();
        // One guarded write claims the lot: a recipient another node's sender claimed since it
        // was read is no longer pending, so the update passes it by and it is not returned.
        let claimed: Vec<i64> = diesel::update(sms_recipients::table.filter(sms_recipients::id.eq_any(&ids)).filter(due))
            .set((
                sms_recipients::status.eq(<&str>::from(RecipientStatus::Sending)),
                sms_recipients::next_attempt_at.eq(lease_until.naive_utc()),
                sms_recipients::attempts.eq(sms_recipients::attempts + 1),
            ))
            .returning(sms_recipients::id)
            .get_results(conn)?;
        Ok(rows
            .into_iter()
            .filter(|row| claimed.contains(&row.0))
            .filter_map(|(id, user, phone, attempts, message)| {
                Some(Delivery {
                    id,
                    user: UserId(user?),
                    phone: Phone::parse(&phone)?.international(),
                    message,
                    attempts: u32::try_from(attempts).unwrap_or(0),
                })
            })
            .collect())
    }

    fn sent(&self, ids: &[i64], at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        diesel::update(sms_recipients::table.filter(sms_recipients::id.eq_any(ids)))
            .set((sms_recipients::status.eq(<&str>::from(RecipientStatus::Sent)), sms_recipients::sent_at.eq(Some(at.naive_utc()))))
            .execute(conn)?;
        Ok(())
    }

    fn failed(&self, id: i64, retry_at: Option<DateTime<Utc>>, error: &str) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        let error: String = error.chars().take(500).collect();
        let row = sms_recipients::table.find(id);
        match retry_at {
            Some(at) => diesel::update(row)
                .set((
                    sms_recipients::status.eq(<&str>::from(RecipientStatus::Pending)),
                    sms_recipients::next_attempt_at.eq(at.naive_utc()),
                    sms_recipients::error.eq(error),
                ))
                .execute(conn)?,
            None => {
                diesel::update(row).set((sms_recipients::status.eq(<&str>::from(RecipientStatus::Failed)), sms_recipients::error.eq(error))).execute(conn)?
            }
        };
        Ok(())
    }

    fn abandon_stale(&self, now: DateTime<Utc>) -> anyhow::Result<usize> {
        let conn = &mut *self.db.conn()?;
        let stale = sms_recipients::table
            .filter(sms_recipients::status.eq(<&str>::from(RecipientStatus::Sending)).and(sms_recipients::next_attempt_at.lt(now.naive_utc())));
        Ok(diesel::update(stale)
            .set((
                sms_recipients::status.eq(<&str>::from(RecipientStatus::Failed)),
                sms_recipients::error.eq("the sender stopped while sending it; not sent again, as it may have gone"),
            ))
            .execute(conn)?)
    }

    fn consent(&self, user: UserId) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let opted_out: Option<Option<NaiveDateTime>> = users::table.find(user.0).select(users::sms_opt_out_at).first(conn).optional()?;
        Ok(opted_out.is_some_and(|at| at.is_none()))
    }

    fn set_consent(&self, user: UserId, consent: bool, at: DateTime<Utc>) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        if users::table.find(user.0).count().get_result::<i64>(conn)? == 0 {
            return Ok(false);
        }
        let row = users::table.find(user.0);
        if consent {
            diesel::update(row).set(users::sms_opt_out_at.eq(None::<NaiveDateTime>)).execute(conn)?;
        } else {
            // The first opt-out's time is the one kept.
            diesel::update(row.filter(users::sms_opt_out_at.is_null())).set(users::sms_opt_out_at.eq(Some(at.naive_utc()))).execute(conn)?;
        }
        Ok(true)
    }
}
