//! Webhook endpoints, events, deliveries and attempts. The spine's changes are published under
//! the `webhooks` cursor, each event with a delivery to each endpoint the publisher chose (those
//! whose makers may read it) in one transaction; a node claims an endpoint's due deliveries
//! with a lease (on PostgreSQL `FOR UPDATE SKIP LOCKED`, so nodes claiming at once pass each
//! other by), so two nodes never make the same attempt.

use std::collections::HashMap;

use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
use identity::permission::Permission;
use kernel::{Locale, Localized};
use ordering::Notice;
use webhooks::endpoint::{Endpoint, EventKind};
use webhooks::ports::{AttemptLog, AttemptRecord, Claim, DeliveryLog, Due, OrderChangeToSend, OutgoingEvent, PublishedChange, WatchedChange, WebhookStore};
use webhooks::reach::{Audience, Maker, Pause, Subscription};
use webhooks::schedule::Verdict;

use crate::database::{Database, DbConn, execute_natively, write};
use crate::desk::{NoticeRow, notice_row};
use crate::order_events::{GAP_WAIT, move_cursor};
use crate::schema::{
    event_cursors, notifications, order_events, products, role_permissions, shipments, users, webhook_attempts, webhook_deliveries, webhook_endpoints,
    webhook_events, webhook_watches,
};

/// The webhooks' cursor on the spine.
const CURSOR: &str = "webhooks";
/// A delivery still to send.
const PENDING: &str = "pending";

/// The webhooks' tables.
pub struct DieselWebhookStore {
    db: Database,
}

impl DieselWebhookStore {
    /// The store over a database.
    pub fn new(db: Database) -> Self {
        DieselWebhookStore { db }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = webhook_endpoints)]
struct EndpointRow {
    id: i64,
    url: String,
    events: String,
    active: bool,
    created_at: NaiveDateTime,
    failures_in_row: i32,
    last_success_at: Option<NaiveDateTime>,
    disabled_at: Option<NaiveDateTime>,
    disabled_reason: Option<String>,
    previous_secret_until: Option<NaiveDateTime>,
    created_by: Option<i64>,
    maker_name: String,
    paused_reason: Option<String>,
}

impl EndpointRow {
    fn endpoint(self) -> anyhow::Result<Endpoint> {
        let kinds: Vec<String> = serde_json::from_str(&self.events)?;
        Ok(Endpoint {
            id: self.id,
            url: self.url,
            events: kinds.iter().filter_map(|kind| kind.parse().ok()).collect(),
            active: self.active,
            created_at: self.created_at.and_utc(),
            failures_in_row: u32::try_from(self.failures_in_row).unwrap_or(0),
            last_success_at: self.last_success_at.map(|at| at.and_utc()),
            disabled: self.disabled_at.map(|at| (at.and_utc(), self.disabled_reason.unwrap_or_default())),
            previous_secret_until: self.previous_secret_until.map(|at| at.and_utc()),
            created_by: self.created_by,
            maker_name: self.maker_name,
            paused: self.paused_reason.as_deref().and_then(|reason| reason.parse().ok()),
        })
    }
}

fn kinds_json(events: &[EventKind]) -> anyhow::Result<String> {
    Ok(serde_json::to_string(&events.iter().map(|kind| kind.to_string()).collect::<Vec<_>>())?)
}

fn endpoint_of(conn: &mut DbConn, id: i64) -> anyhow::Result<Option<Endpoint>> {
    let row: Option<EndpointRow> = webhook_endpoints::table.find(id).select(EndpointRow::as_select()).first(conn).optional()?;
    row.map(EndpointRow::endpoint).transpose()
}

/// Inserts deliveries of `seq` to `endpoints`, due at `at`.
fn deliver(conn: &mut DbConn, seq: i64, endpoints: &[i64], at: NaiveDateTime) -> QueryResult<usize> {
    if endpoints.is_empty() {
        return Ok(0);
    }
    let rows: Vec<_> = endpoints
        .iter()
        .map(|&endpoint| {
            (
                webhook_deliveries::endpoint_id.eq(endpoint),
                webhook_deliveries::event_seq.eq(seq),
                webhook_deliveries::state.eq(PENDING),
                webhook_deliveries::next_attempt_at.eq(at),
            )
        })
        .collect();
    execute_natively(conn, diesel::insert_into(webhook_deliveries::table).values(rows))
}

/// An endpoint as its subscription is read: id, on or off, stored kinds, maker, stored pause.
type SubscriptionRow = (i64, bool, String, Option<i64>, Option<String>);

/// The makers of these accounts as they are now: their role, whether they are blocked, and
/// their access role's permissions.
fn makers(conn: &mut DbConn, ids: &[i64]) -> QueryResult<HashMap<i64, Maker>> {
    let accounts: Vec<(i64, String, String, bool, Option<i64>)> =
        users::table.filter(users::id.eq_any(ids)).select((users::id, users::name, users::role, users::blocked, users::access_role_id)).load(conn)?;
    let roles: Vec<i64> = accounts.iter().filter_map(|account| account.4).collect();
    let mut granted: HashMap<i64, Vec<String>> = HashMap::new();
    for (role, permission) in role_permissions::table
        .filter(role_permissions::role_id.eq_any(&roles))
        .select((role_permissions::role_id, role_permissions::permission))
        .load::<(i64, String)>(conn)?
    {
        granted.entry(role).or_default().push(permission);
    }
    Ok(accounts
        .into_iter()
        .map(|(id, name, role, blocked, access_role)| {
            let permissions = access_role.and_then(|role| granted.get(&role).cloned()).unwrap_or_default();
            // Customers hold no dashboard permissions, whatever a stale role says.
            let permissions = if role == "customer" { Vec::new() } else { permissions };
            (id, Maker { id, name, sales_engineer: role == "sales", blocked, permissions, via_key: false })
        })
        .collect())
}

/// What the webhooks see now of the entities of a watched kind, by id.
fn sights(conn: &mut DbConn, kind: EventKind) -> QueryResult<Vec<(i64, String)>> {
    Ok(match kind {
        EventKind::ProductStockChanged => products::table
            .select((products::id, products::quantity))
            .load::<(i64, i64)>(conn)?
            .into_iter()
            .map(|(id, units)| (id, units.to_string()))
            .collect(),
        EventKind::ProductUpdated => products::table
            .select((products::id, products::updated_at))
            .load::<(i64, NaiveDateTime)>(conn)?
            .into_iter()
            .map(|(id, at)| (id, at.and_utc().to_rfc3339()))
            .collect(),
        EventKind::ShipmentUpdated => shipments::table
            .select((shipments::order_id, shipments::state, shipments::tracking))
            .load::<(i64, String, String)>(conn)?
            .into_iter()
            .map(|(id, state, tracking)| (id, format!("{state} {tracking}")))
            .collect(),
        EventKind::ClientCreated => {
            users::table.filter(users::role.eq("customer")).select(users::id).load::<i64>(conn)?.into_iter().map(|id| (id, "created".to_string())).collect()
        }
        _ => Vec::new(),
    })
}

/// Stores an event with who may read it; answers its place.
fn store_event(conn: &mut DbConn, event: &OutgoingEvent) -> QueryResult<i64> {
    let (audience, engineer) = event.audience.stored();
    diesel::insert_into(webhook_events::table)
        .values((
            webhook_events::id.eq(&event.id),
            webhook_events::kind.eq(&event.kind),
            webhook_events::body.eq(&event.body),
            webhook_events::occurred_at.eq(event.occurred_at.naive_utc()),
            webhook_events::audience.eq(audience),
            webhook_events::engineer_id.eq(engineer),
        ))
        .returning(webhook_events::seq)
        .get_result(conn)
}

impl WebhookStore for DieselWebhookStore {
    fn endpoints(&self) -> anyhow::Result<Vec<Endpoint>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<EndpointRow> = webhook_endpoints::table.order(webhook_endpoints::id).limit(200).select(EndpointRow::as_select()).load(conn)?;
        rows.into_iter().map(EndpointRow::endpoint).collect()
    }

    fn endpoint(&self, id: i64) -> anyhow::Result<Option<Endpoint>> {
        endpoint_of(&mut *self.db.conn()?, id)
    }

    fn subscriptions(&self) -> anyhow::Result<Vec<Subscription>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<SubscriptionRow> = webhook_endpoints::table
            .order(webhook_endpoints::id)
            .select((
                webhook_endpoints::id,
                webhook_endpoints::active,
                webhook_endpoints::events,
                webhook_endpoints::created_by,
                webhook_endpoints::paused_reason,
            ))
            .load(conn)?;
        let makers = makers(conn, &rows.iter().filter_map(|row| row.3).collect::<Vec<_>>())?;
        rows.into_iter()
            .map(|(endpoint, active, events, maker, paused)| {
                let kinds: Vec<String> = serde_json::from_str(&events)?;
                Ok(Subscription {
                    endpoint,
                    active,
                    events: kinds.iter().filter_map(|kind| kind.parse().ok()).collect(),
                    maker: maker.and_then(|maker| makers.get(&maker).cloned()),
                    paused: paused.as_deref().map(|reason| reason.parse().unwrap_or(Pause::Unsaved)),
                })
            })
            .collect()
    }

    fn add_endpoint(&self, url: &str, events: &[EventKind], active: bool, secret: &str, at: DateTime<Utc>, maker: &Maker) -> anyhow::Result<Endpoint> {
        let conn = &mut *self.db.conn()?;
        let id: i64 = diesel::insert_into(webhook_endpoints::table)
            .values((
                webhook_endpoints::url.eq(url),
                webhook_endpoints::events.eq(kinds_json(events)?),
                webhook_endpoints::active.eq(active),
                webhook_endpoints::secret.eq(secret),
                webhook_endpoints::created_at.eq(at.naive_utc()),
                webhook_endpoints::created_by.eq(Some(maker.id)),
                webhook_endpoints::maker_name.eq(&maker.name),
                // Never held yet: first in line among the endpoints least recently worked.
                webhook_endpoints::lease_until.eq(Some(at.naive_utc())),
            ))
            .returning(webhook_endpoints::id)
            .get_result(conn)?;
        endpoint_of(conn, id)?.ok_or_else(|| anyhow::anyhow!("the endpoint just added is gone"))
    }

    fn update_endpoint(&self, id: i64, url: &str, events: &[EventKind], active: bool, maker: &Maker) -> anyhow::Result<Option<Endpoint>> {
        let conn = &mut *self.db.conn()?;
        let kinds = kinds_json(events)?;
        write(conn, |conn| {
            let changed = diesel::update(webhook_endpoints::table.find(id))
                .set((
                    webhook_endpoints::url.eq(url),
                    webhook_endpoints::events.eq(&kinds),
                    webhook_endpoints::active.eq(active),
                    // Whoever saves it answers for what it carries from now on.
                    webhook_endpoints::created_by.eq(Some(maker.id)),
                    webhook_endpoints::maker_name.eq(&maker.name),
                    webhook_endpoints::paused_reason.eq(None::<String>),
                ))
                .execute(conn)?;
            if changed > 0 && active {
                // Turned on again: what failed before is not held against it.
                diesel::update(webhook_endpoints::table.find(id).filter(webhook_endpoints::disabled_at.is_not_null()))
                    .set((
                        webhook_endpoints::disabled_at.eq(None::<NaiveDateTime>),
                        webhook_endpoints::disabled_reason.eq(None::<String>),
                        webhook_endpoints::failures_in_row.eq(0),
                    ))
                    .execute(conn)?;
            }
            anyhow::Ok(())
        })?;
        endpoint_of(conn, id)
    }

    fn delete_endpoint(&self, id: i64) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            diesel::delete(webhook_attempts::table.filter(
                webhook_attempts::delivery_id.eq_any(webhook_deliveries::table.filter(webhook_deliveries::endpoint_id.eq(id)).select(webhook_deliveries::id)),
            ))
            .execute(conn)?;
            diesel::delete(webhook_deliveries::table.filter(webhook_deliveries::endpoint_id.eq(id))).execute(conn)?;
            QueryResult::Ok(diesel::delete(webhook_endpoints::table.find(id)).execute(conn)? > 0)
        })?)
    }

    fn rotate_secret(&self, id: i64, secret: &str, previous_until: DateTime<Utc>) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            let Some(current) = webhook_endpoints::table.find(id).select(webhook_endpoints::secret).first::<String>(conn).optional()? else {
                return QueryResult::Ok(false);
            };
            diesel::update(webhook_endpoints::table.find(id))
                .set((
                    webhook_endpoints::secret.eq(secret),
                    webhook_endpoints::previous_secret.eq(Some(current)),
                    webhook_endpoints::previous_secret_until.eq(Some(previous_until.naive_utc())),
                ))
                .execute(conn)?;
            Ok(true)
        })?)
    }

    fn unsent_order_changes(&self, limit: usize, now: DateTime<Utc>) -> anyhow::Result<Vec<OrderChangeToSend>> {
        let conn = &mut *self.db.conn()?;
        let cursor: i64 = event_cursors::table.find(CURSOR).select(event_cursors::last_seq).first(conn)?;
        let rows: Vec<(i64, String, i64, i32, String, String, NaiveDateTime)> = order_events::table
            .filter(order_events::seq.gt(cursor))
            .order(order_events::seq)
            .limit(i64::try_from(limit).unwrap_or(i64::MAX))
            .select((
                order_events::seq,
                order_events::id,
                order_events::order_id,
                order_events::order_version,
                order_events::kind,
                order_events::payload,
                order_events::occurred_at,
            ))
            .load(conn)?;
        let mut changes = Vec::with_capacity(rows.len());
        let mut last = cursor;
        for (seq, id, order, version, kind, payload, occurred_at) in rows {
            // A younger gap is a change still being written: its turn comes first.
            if seq != last + 1 && occurred_at.and_utc() > now - GAP_WAIT {
                break;
            }
            last = seq;
            changes.push(OrderChangeToSend { seq, id, order, version, kind, change: serde_json::from_str(&payload)?, occurred_at: occurred_at.and_utc() });
        }
        Ok(changes)
    }

    fn anyone_takes(&self, kind: EventKind) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let all: Vec<String> = webhook_endpoints::table.select(webhook_endpoints::events).load(conn)?;
        // As the JSON array writes it.
        let quoted = format!("\"{kind}\"");
        Ok(all.iter().any(|events| events.contains(&quoted)))
    }

    fn publish(&self, changes: &[PublishedChange]) -> anyhow::Result<bool> {
        let (Some(first), Some(last)) = (changes.first(), changes.last()) else { return Ok(false) };
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            // The guarded move decides: of two nodes publishing the same changes, one does.
            if !move_cursor(conn, CURSOR, first.seq, last.seq)? {
                return QueryResult::Ok(false);
            }
            for (event, endpoints) in changes.iter().filter_map(|change| change.event.as_ref()) {
                let stored = store_event(conn, event)?;
                deliver(conn, stored, endpoints, event.occurred_at.naive_utc())?;
            }
            Ok(true)
        })?)
    }

    fn watched_changes(&self, kind: EventKind, limit: usize, now: DateTime<Utc>) -> anyhow::Result<Vec<WatchedChange>> {
        let conn = &mut *self.db.conn()?;
        let seen: std::collections::HashMap<i64, (String, i32, NaiveDateTime)> = webhook_watches::table
            .filter(webhook_watches::kind.eq(kind.to_string()))
            .select((webhook_watches::entity_id, webhook_watches::seen, webhook_watches::version, webhook_watches::published_at))
            .load::<(i64, String, i32, NaiveDateTime)>(conn)?
            .into_iter()
            .map(|(id, seen, version, at)| (id, (seen, version, at)))
            .collect();
        // A stock moves with every order: its event waits for the last one to be a minute old.
        let quiet_since = (now - Duration::minutes(1)).naive_utc();
        let mut changes = Vec::new();
        for (entity, now_seen) in sights(conn, kind)? {
            let change = match seen.get(&entity) {
                None => WatchedChange { entity, seen: now_seen, version: 1, first_sight: false },
                Some((before, _, _)) if *before == now_seen => continue,
                Some((before, version, _)) if before.is_empty() => WatchedChange { entity, seen: now_seen, version: *version, first_sight: true },
                Some((_, _, at)) if kind == EventKind::ProductStockChanged && *at > quiet_since => continue,
                Some((_, version, _)) => WatchedChange { entity, seen: now_seen, version: version + 1, first_sight: false },
            };
            changes.push(change);
            if changes.len() >= limit {
                break;
            }
        }
        Ok(changes)
    }

    fn publish_watched(&self, kind: EventKind, change: &WatchedChange, event: Option<(OutgoingEvent, Vec<i64>)>, at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        let now = at.naive_utc();
        write(conn, |conn| {
            let watch = webhook_watches::table.find((kind.to_string(), change.entity));
            let updated = diesel::update(watch)
                .set((webhook_watches::seen.eq(&change.seen), webhook_watches::version.eq(change.version), webhook_watches::published_at.eq(now)))
                .execute(conn)?;
            if updated == 0 {
                diesel::insert_into(webhook_watches::table)
                    .values((
                        webhook_watches::kind.eq(kind.to_string()),
                        webhook_watches::entity_id.eq(change.entity),
                        webhook_watches::seen.eq(&change.seen),
                        webhook_watches::version.eq(change.version),
                        webhook_watches::published_at.eq(now),
                    ))
                    .execute(conn)?;
            }
            if let Some((event, endpoints)) = &event {
                let stored = store_event(conn, event)?;
                deliver(conn, stored, endpoints, now)?;
            }
            QueryResult::Ok(())
        })?;
        Ok(())
    }

    fn publish_to(&self, endpoint: i64, event: OutgoingEvent) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        Ok(write(conn, |conn| {
            if webhook_endpoints::table.find(endpoint).select(webhook_endpoints::id).first::<i64>(conn).optional()?.is_none() {
                return QueryResult::Ok(false);
            }
            let stored = store_event(conn, &event)?;
            deliver(conn, stored, &[endpoint], event.occurred_at.naive_utc())?;
            Ok(true)
        })?)
    }

    fn claim(&self, now: DateTime<Utc>, endpoints: usize, per_endpoint: usize, lease: Duration) -> anyhow::Result<Vec<Claim>> {
        let conn = &mut *self.db.conn()?;
        let at = now.naive_utc();
        // Most looks find nothing due: they read, and take no write lock.
        let anything_due = webhook_deliveries::table
            .filter(webhook_deliveries::state.eq(PENDING))
            .filter(webhook_deliveries::next_attempt_at.le(at))
            .select(webhook_deliveries::id)
            .first::<i64>(conn)
            .optional()?
            .is_some();
        if !anything_due {
            return Ok(Vec::new());
        }
        write(conn, |conn| {
            let due = webhook_deliveries::table
                .filter(webhook_deliveries::endpoint_id.eq(webhook_endpoints::id))
                .filter(webhook_deliveries::state.eq(PENDING))
                .filter(webhook_deliveries::next_attempt_at.le(at));
            let free = webhook_endpoints::table
                .filter(webhook_endpoints::active.eq(true))
                // An endpoint without a maker, or paused until a person saves it, waits.
                .filter(webhook_endpoints::created_by.is_not_null())
                .filter(webhook_endpoints::paused_reason.is_null())
                .filter(webhook_endpoints::lease_until.is_null().or(webhook_endpoints::lease_until.lt(at)))
                .filter(diesel::dsl::exists(due))
                // The endpoints least recently worked first, so a busy one never starves the rest.
                .order((webhook_endpoints::lease_until, webhook_endpoints::id))
                .limit(i64::try_from(endpoints).unwrap_or(i64::MAX))
                .select(webhook_endpoints::id);
            let ids: Vec<i64> = match conn {
                // Another node's claim in progress holds its rows: pass them by rather than wait.
                DbConn::Postgres(pg) => free.for_update().skip_locked().load(pg)?,
                // SQLite's write lock, taken at BEGIN IMMEDIATE, already lets one node claim at a time.
                DbConn::Sqlite(_) => free.load(conn)?,
            };
            let mut claims = Vec::with_capacity(ids.len());
            for id in ids {
                diesel::update(webhook_endpoints::table.find(id)).set(webhook_endpoints::lease_until.eq(at + lease)).execute(conn)?;
                let (url, secret, previous, previous_until, failures, last_success, created): (
                    String,
                    String,
                    Option<String>,
                    Option<NaiveDateTime>,
                    i32,
                    Option<NaiveDateTime>,
                    NaiveDateTime,
                ) = webhook_endpoints::table
                    .find(id)
                    .select((
                        webhook_endpoints::url,
                        webhook_endpoints::secret,
                        webhook_endpoints::previous_secret,
                        webhook_endpoints::previous_secret_until,
                        webhook_endpoints::failures_in_row,
                        webhook_endpoints::last_success_at,
                        webhook_endpoints::created_at,
                    ))
                    .first(conn)?;
                let deliveries: Vec<(i64, i32, String, String)> = webhook_deliveries::table
                    .inner_join(webhook_events::table)
                    .filter(webhook_deliveries::endpoint_id.eq(id))
                    .filter(webhook_deliveries::state.eq(PENDING))
                    .filter(webhook_deliveries::next_attempt_at.le(at))
                    .order(webhook_deliveries::event_seq)
                    .limit(i64::try_from(per_endpoint).unwrap_or(i64::MAX))
                    .select((webhook_deliveries::id, webhook_deliveries::attempts, webhook_events::id, webhook_events::body))
                    .load(conn)?;
                let mut secrets = vec![secret];
                secrets.extend(previous.filter(|_| previous_until.is_some_and(|until| until > at)));
                claims.push(Claim {
                    endpoint: id,
                    url,
                    secrets,
                    failures_in_row: u32::try_from(failures).unwrap_or(0),
                    since: last_success.unwrap_or(created).and_utc(),
                    deliveries: deliveries
                        .into_iter()
                        .map(|(id, attempts, event_id, body)| Due { id, event_id, body, attempts: u32::try_from(attempts).unwrap_or(0) })
                        .collect(),
                });
            }
            anyhow::Ok(claims)
        })
    }

    fn record(&self, attempt: &AttemptRecord) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        let at = attempt.at.naive_utc();
        let (state, outcome) = match (attempt.verdict, attempt.retry_at) {
            (Verdict::Delivered, _) => ("sent", "delivered"),
            (Verdict::Retry, Some(_)) => (PENDING, "retry"),
            (Verdict::Retry | Verdict::Failed, _) => ("failed", "failed"),
            (Verdict::Gone, _) => ("failed", "gone"),
        };
        write(conn, |conn| {
            diesel::insert_into(webhook_attempts::table)
                .values((
                    webhook_attempts::delivery_id.eq(attempt.delivery),
                    webhook_attempts::attempted_at.eq(at),
                    webhook_attempts::status.eq(attempt.status.map(i32::from)),
                    webhook_attempts::outcome.eq(outcome),
                    webhook_attempts::response.eq(&attempt.response),
                    webhook_attempts::duration_ms.eq(i32::try_from(attempt.duration_ms).unwrap_or(i32::MAX)),
                ))
                .execute(conn)?;
            diesel::update(webhook_deliveries::table.find(attempt.delivery))
                .set((
                    webhook_deliveries::state.eq(state),
                    webhook_deliveries::attempts.eq(webhook_deliveries::attempts + 1),
                    webhook_deliveries::next_attempt_at.eq(attempt.retry_at.map_or(at, |next| next.naive_utc())),
                ))
                .execute(conn)?;
            let endpoint = webhook_endpoints::table.find(attempt.endpoint);
            if attempt.verdict == Verdict::Delivered {
                diesel::update(endpoint).set((webhook_endpoints::failures_in_row.eq(0), webhook_endpoints::last_success_at.eq(Some(at)))).execute(conn)?;
            } else {
                diesel::update(endpoint).set(webhook_endpoints::failures_in_row.eq(webhook_endpoints::failures_in_row + 1)).execute(conn)?;
            }
            QueryResult::Ok(())
        })?;
        Ok(())
    }

    fn release(&self, endpoint: i64, disable: Option<&'static str>, at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        let now = at.naive_utc();
        write(conn, |conn| {
            // Let go now: the lease's end is also when the endpoint was last worked.
            let Some(reason) = disable else {
                diesel::update(webhook_endpoints::table.find(endpoint)).set(webhook_endpoints::lease_until.eq(Some(now))).execute(conn)?;
                return QueryResult::Ok(());
            };
            diesel::update(webhook_endpoints::table.find(endpoint))
                .set((
                    webhook_endpoints::lease_until.eq(Some(now)),
                    webhook_endpoints::active.eq(false),
                    webhook_endpoints::disabled_at.eq(Some(now)),
                    webhook_endpoints::disabled_reason.eq(Some(reason)),
                ))
                .execute(conn)?;
            let url: String = webhook_endpoints::table.find(endpoint).select(webhook_endpoints::url).first(conn)?;
            let admins: Vec<i64> = users::table
                .inner_join(role_permissions::table.on(users::access_role_id.eq(role_permissions::role_id.nullable())))
                .filter(role_permissions::permission.eq(<&str>::from(Permission::IntegrationEdit)))
                .filter(users::blocked.eq(false))
                .select(users::id)
                .load(conn)?;
            let notice = disabled_notice(&url, reason, endpoint);
            let rows: Vec<NoticeRow> = admins.iter().map(|&admin| notice_row(admin, &notice, now)).collect();
            if !rows.is_empty() {
                execute_natively(conn, diesel::insert_into(notifications::table).values(rows))?;
            }
            Ok(())
        })?;
        Ok(())
    }

    fn deliveries(&self, endpoint: i64, limit: usize) -> anyhow::Result<Vec<DeliveryLog>> {
        let conn = &mut *self.db.conn()?;
        let rows: Vec<(i64, String, String, String, NaiveDateTime)> = webhook_deliveries::table
            .inner_join(webhook_events::table)
            .filter(webhook_deliveries::endpoint_id.eq(endpoint))
            .order(webhook_deliveries::id.desc())
            .limit(i64::try_from(limit).unwrap_or(i64::MAX))
            .select((webhook_deliveries::id, webhook_events::id, webhook_events::kind, webhook_deliveries::state, webhook_deliveries::next_attempt_at))
            .load(conn)?;
        let ids: Vec<i64> = rows.iter().map(|row| row.0).collect();
        let attempts: Vec<(i64, NaiveDateTime, Option<i32>, String, String, i32)> = webhook_attempts::table
            .filter(webhook_attempts::delivery_id.eq_any(&ids))
            .order(webhook_attempts::id.desc())
            .select((
                webhook_attempts::delivery_id,
                webhook_attempts::attempted_at,
                webhook_attempts::status,
                webhook_attempts::outcome,
                webhook_attempts::response,
                webhook_attempts::duration_ms,
            ))
            .load(conn)?;
        Ok(rows
            .into_iter()
            .map(|(id, event_id, kind, state, next)| DeliveryLog {
                id,
                event_id,
                kind,
                next_attempt_at: (state == PENDING).then(|| next.and_utc()),
                state,
                attempts: attempts
                    .iter()
                    .filter(|attempt| attempt.0 == id)
                    .map(|(_, at, status, outcome, response, duration)| AttemptLog {
                        at: at.and_utc(),
                        status: status.and_then(|status| u16::try_from(status).ok()),
                        outcome: outcome.clone(),
                        response: response.clone(),
                        duration_ms: u32::try_from(*duration).unwrap_or(0),
                    })
                    .collect(),
            })
            .collect())
    }

    fn resend(&self, endpoint: i64, delivery: i64, at: DateTime<Utc>) -> anyhow::Result<bool> {
        let conn = &mut *self.db.conn()?;
        let made = diesel::update(webhook_deliveries::table.find(delivery).filter(webhook_deliveries::endpoint_id.eq(endpoint)))
            .set((webhook_deliveries::state.eq(PENDING), webhook_deliveries::next_attempt_at.eq(at.naive_utc())))
            .execute(conn)?;
        Ok(made > 0)
    }

    fn events_since(&self, endpoint: i64, since: DateTime<Utc>) -> anyhow::Result<Vec<(i64, Audience)>> {
        let conn = &mut *self.db.conn()?;
        let Some(events) = webhook_endpoints::table.find(endpoint).select(webhook_endpoints::events).first::<String>(conn).optional()? else {
            return Ok(Vec::new());
        };
        let kinds: Vec<String> = serde_json::from_str(&events)?;
        let rows: Vec<(i64, String, Option<i64>)> = webhook_events::table
            .filter(webhook_events::occurred_at.ge(since.naive_utc()))
            .filter(webhook_events::kind.eq_any(&kinds))
            .order(webhook_events::seq)
            .limit(10_000)
            .select((webhook_events::seq, webhook_events::audience, webhook_events::engineer_id))
            .load(conn)?;
        Ok(rows.into_iter().map(|(seq, audience, engineer)| (seq, Audience::from_stored(&audience, engineer))).collect())
    }

    fn redeliver(&self, endpoint: i64, events: &[i64], at: DateTime<Utc>) -> anyhow::Result<()> {
        let conn = &mut *self.db.conn()?;
        let now = at.naive_utc();
        write(conn, |conn| {
            let had: Vec<i64> = webhook_deliveries::table
                .filter(webhook_deliveries::endpoint_id.eq(endpoint))
                .filter(webhook_deliveries::event_seq.eq_any(events))
                .select(webhook_deliveries::event_seq)
                .load(conn)?;
            diesel::update(webhook_deliveries::table.filter(webhook_deliveries::endpoint_id.eq(endpoint)).filter(webhook_deliveries::event_seq.eq_any(&had)))
                .set((webhook_deliveries::state.eq(PENDING), webhook_deliveries::next_attempt_at.eq(now)))
                .execute(conn)?;
            for seq in events.iter().filter(|seq| !had.contains(seq)) {
                deliver(conn, *seq, &[endpoint], now)?;
            }
            QueryResult::Ok(())
        })?;
        Ok(())
    }
}

/// The bell's notice to the staff who look after integrations that the shop disabled an endpoint.
fn disabled_notice(url: &str, reason: &str, endpoint: i64) -> Notice {
    let wording = |locale: Locale, key: &str| messages::text_with(locale, key, &[("url", messages::Arg::from(url.to_string()))]);
    let both = |key: &str| Localized::new(wording(Locale::Ar, key), wording(Locale::En, key));
    Notice {
        title: both("news.webhook_disabled.title"),
        body: both(if reason == "gone" { "news.webhook_disabled.gone" } else { "news.webhook_disabled.failing" }),
        link: format!("/dashboard/integrations?endpoint={endpoint}"),
    }
}
