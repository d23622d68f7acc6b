//! Integrators' API keys (`api_keys`): their hashes, scopes, allowed addresses, and the count
//! of their requests, with the window of their rate limit written in the same statement as
//! their last use.

use std::net::IpAddr;

use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
use identity::api_keys::{ApiKey, ApiKeyStore, NewApiKey};
use identity::{User, UserId};

use crate::database::{Database, write};
use crate::identity::acting_user;
use crate::schema::api_keys;

/// The keys in the database.
pub struct DieselApiKeys {
    db: Database,
}

impl DieselApiKeys {
    /// The keys over a database.
    pub fn new(db: Database) -> Self {
        DieselApiKeys { db }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = api_keys)]
struct KeyRow {
    id: i64,
    name: String,
    prefix: String,
    scopes: String,
    allowed_addresses: String,
    created_by: Option<i64>,
    maker_name: String,
    created_at: NaiveDateTime,
    expires_at: Option<NaiveDateTime>,
    revoked_at: Option<NaiveDateTime>,
    last_used_at: Option<NaiveDateTime>,
    request_count: i64,
}

impl KeyRow {
    fn key(self) -> anyhow::Result<ApiKey> {
        let addresses: Vec<String> = serde_json::from_str(&self.allowed_addresses)?;
        Ok(ApiKey {
            id: self.id,
            name: self.name,
            prefix: self.prefix,
            scopes: serde_json::from_str(&self.scopes)?,
            allowed_addresses: addresses.iter().map(|address| address.parse::<IpAddr>()).collect::<Result<_, _>>()?,
            created_by: self.created_by.map(UserId),
            maker_name: self.maker_name,
            created_at: self.created_at.and_utc(),
            expires_at: self.expires_at.map(|at| at.and_utc()),
            revoked_at: self.revoked_at.map(|at| at.and_utc()),
            last_used_at: self.last_used_at.map(|at| at.and_utc()),
            request_count: self.request_count,
        })
    }
}

impl ApiKeyStore for DieselApiKeys {
    fn create(&self, key: &NewApiKey) -> anyhow::Result<ApiKey> {
        let conn = &mut *self.db.conn()?;
        let addresses: Vec<String> = key.allowed_addresses.iter().map(ToString::to_string).collect();
        let id: i64 = diesel::insert_into(api_keys::table)
            .values((
                api_keys::name.eq(&key.name),
                api_keys::prefix.eq(&key.prefix),
                api_keys::secret_hash.eq(&key.secret_hash),
                api_keys::scopes.eq(serde_json::to_string(&key.scopes)?),
                api_keys::allowed_addresses.eq(serde_json::to_string(&addresses)?),
                api_keys::created_by.eq(key.created_by.0),
                api_keys::maker_name.eq(&key.maker_name),
                api_keys::created_at.eq(key.created_at.naive_utc()),
                api_keys::expires_at.eq(key.expires_at.map(|at| at.naive_utc())),
            ))
            .returning(api_keys::id)
            .get_result(conn)?;
        api_keys::table.find(id).select(KeyRow::as_select()).first::<KeyRow>(conn)?.key()
    }

    fn list(&self) -> anyhow::Result<Vec<ApiKey>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<KeyRow> = api_keys::table.order(api_keys::id.desc()).limit(500).select(KeyRow::as_select()).load(conn)?;
        rows.into_iter().map(KeyRow::key).collect()
    }

    fn revoke(&self, id: i64, at: DateTime<Utc>) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let found = api_keys::table.find(id).select(api_keys::id).first::<i64>(conn).optional()?.is_some();
        diesel::update(api_keys::table.find(id).filter(api_keys::revoked_at.is_null())).set(api_keys::revoked_at.eq(at.naive_utc())).execute(conn)?;
        Ok(found)
    }

    fn holder(&self, secret_hash: &str) -> anyhow::Result<Option<(ApiKey, User)>> {
        let conn = &mut *self.db.conn()?;
        let row: Option<KeyRow> = api_keys::table.filter(api_keys::secret_hash.eq(secret_hash)).select(KeyRow::as_select()).first(conn).optional()?;
        let Some(row) = row else { return Ok(None) };
        let key = row.key()?;
        // A key whose maker's account is gone acts for nobody (its removal revoked it too).
        let Some(maker) = key.created_by else { return Ok(None) };
        Ok(acting_user(conn, maker.0)?.map(|user| (key, user)))
    }

    fn count_use(&self, id: i64, at: DateTime<Utc>, window: Duration) -> anyhow::Result<(u32, DateTime<Utc>)> {
        let conn = &mut *self.db.conn()?;
        let now = at.naive_utc();
        let (count, started) = write(conn, |conn| {
            let counted = (api_keys::request_count.eq(api_keys::request_count + 1), api_keys::last_used_at.eq(now));
            let within = diesel::update(api_keys::table.find(id).filter(api_keys::window_started_at.gt(now - window)))
                .set((api_keys::window_count.eq(api_keys::window_count + 1), counted))
                .execute(conn)?;
            if within == 0 {
                diesel::update(api_keys::table.find(id)).set((api_keys::window_started_at.eq(now), api_keys::window_count.eq(1), counted)).execute(conn)?;
            }
            api_keys::table.find(id).select((api_keys::window_count, api_keys::window_started_at)).first::<(i32, Option<NaiveDateTime>)>(conn)
        })?;
        Ok((u32::try_from(count).unwrap_or(0), started.map_or(at, |started| started.and_utc())))
    }
}
