//! The webhooks' use cases: the staff's endpoints, the job that publishes the spine's changes
//! as events, and the job that sends what is due.

use std::sync::Arc;

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use kernel::{Clock, FieldErrors};
use rand::Rng;
use serde_json::json;

use crate::address::url_refusal;
use crate::endpoint::{Endpoint, EndpointDraft, EventKind};
use crate::error::WebhookError;
use crate::ports::{AttemptRecord, Claim, DeliveryLog, OutgoingEvent, PublishedChange, Receiver, Shapes, WatchedChange, WebhookStore};
use crate::schedule::{Verdict, next_attempt, should_disable, verdict};
use crate::signature::{new_secret, signature};

/// How long the secret before a rotation keeps signing, so receivers can switch.
pub const ROTATION_OVERLAP: Duration = Duration::hours(24);
/// The most endpoints one node sends to at once, each on its own thread.
const ENDPOINTS_PER_RUN: usize = 8;
/// The most deliveries of one endpoint a node takes at once.
const DELIVERIES_PER_ENDPOINT: usize = 20;
/// How long a node may take per delivery before another may take the endpoint over: the
/// sender's 10-second timeout and room to write.
const LEASE_PER_DELIVERY: Duration = Duration::seconds(15);
/// The spine's changes published in one run.
const CHANGES_PER_RUN: usize = 200;
/// The most events one transaction of the publisher stores.
const EVENTS_PER_TRANSACTION: usize = 10;

/// The webhooks.
pub struct Webhooks {
    store: Arc<dyn WebhookStore>,
    receiver: Arc<dyn Receiver>,
    shapes: Arc<dyn Shapes>,
    clock: Arc<dyn Clock>,
    allow_private: bool,
}

impl Webhooks {
    /// The use cases over their ports; `allow_private` lets endpoints use http and reach the
    /// shop's own network (development and tests only).
    pub fn new(store: Arc<dyn WebhookStore>, receiver: Arc<dyn Receiver>, shapes: Arc<dyn Shapes>, clock: Arc<dyn Clock>, allow_private: bool) -> Webhooks {
        Webhooks { store, receiver, shapes, clock, allow_private }
    }

    /// Every endpoint.
    pub fn endpoints(&self) -> Result<Vec<Endpoint>, WebhookError> {
        Ok(self.store.endpoints()?)
    }

    /// Adds an endpoint and answers it with its secret, which is shown this once.
    pub fn add(&self, draft: EndpointDraft) -> Result<(Endpoint, String), WebhookError> {
        let events = self.checked(&draft)?;
        let secret = new_secret();
        let endpoint = self.store.add_endpoint(draft.url.trim(), &events, draft.active, &secret, self.clock.now())?;
        Ok((endpoint, secret))
    }

    /// Changes an endpoint; turning it on again after the shop disabled it clears its failures
    /// (what it missed is sent by a replay).
    pub fn update(&self, id: i64, draft: EndpointDraft) -> Result<Endpoint, WebhookError> {
        let events = self.checked(&draft)?;
        self.store.update_endpoint(id, draft.url.trim(), &events, draft.active)?.ok_or(WebhookError::NotFound)
    }

    /// Removes an endpoint.
    pub fn delete(&self, id: i64) -> Result<(), WebhookError> {
        if self.store.delete_endpoint(id)? { Ok(()) } else { Err(WebhookError::NotFound) }
    }

    /// A new secret for an endpoint, shown this once; the old one signs too for a day.
    pub fn rotate_secret(&self, id: i64) -> Result<String, WebhookError> {
        let secret = new_secret();
        if self.store.rotate_secret(id, &secret, self.clock.now() + ROTATION_OVERLAP)? { Ok(secret) } else { Err(WebhookError::NotFound) }
    }

    /// An endpoint's latest deliveries with their attempts.
    pub fn deliveries(&self, endpoint: i64) -> Result<Vec<DeliveryLog>, WebhookError> {
        self.store.endpoint(endpoint)?.ok_or(WebhookError::NotFound)?;
        Ok(self.store.deliveries(endpoint, 100)?)
    }

    /// Sends one delivery again, with its event's id and body.
    pub fn resend(&self, endpoint: i64, delivery: i64) -> Result<(), WebhookError> {
        if self.store.resend(endpoint, delivery, self.clock.now())? { Ok(()) } else { Err(WebhookError::NotFound) }
    }

    /// Sends again every event since `since` the endpoint takes; answers how many.
    pub fn replay(&self, endpoint: i64, since: DateTime<Utc>) -> Result<usize, WebhookError> {
        self.store.endpoint(endpoint)?.ok_or(WebhookError::NotFound)?;
        Ok(self.store.replay(endpoint, since, self.clock.now())?)
    }

    /// Sends an endpoint a `webhook.test` event, to check its receiver and signature check.
    pub fn send_test(&self, endpoint: i64) -> Result<(), WebhookError> {
        let now = self.clock.now();
        let id = uuid::Uuid::new_v4().to_string();
        let body = json!({"id": id, "type": "webhook.test", "occurred_at": iso(now), "version": 1, "data": {"endpoint_id": endpoint}});
        let event = OutgoingEvent { id, kind: "webhook.test".into(), body: body.to_string(), occurred_at: now };
        if self.store.publish_to(endpoint, event)? { Ok(()) } else { Err(WebhookError::NotFound) }
    }

    /// Publishes the spine's new changes as events, each with the order as the API shows it;
    /// answers how many were read. Run by every node: the cursor's guarded move lets one
    /// publish each change. A transaction holds at most ten events, as the news does (one
    /// per change cost PostgreSQL a transaction an order); changes no endpoint takes only move
    /// the cursor.
    pub fn publish_order_changes(&self) -> anyhow::Result<usize> {
        let changes = self.store.unsent_order_changes(CHANGES_PER_RUN, self.clock.now())?;
        let mut taken = std::collections::HashMap::new();
        let mut batch = Vec::new();
        let mut events = 0;
        for change in &changes {
            let kind = match EventKind::of_order_change(&change.kind) {
                Some(kind) => {
                    // Asked once a run per kind, not once per change.
                    let takes = match taken.get(&kind) {
                        Some(takes) => *takes,
                        None => {
                            let takes = self.store.anyone_takes(kind)?;
                            taken.insert(kind, takes);
                            takes
                        }
                    };
                    takes.then_some(kind)
                }
                None => None,
            };
            let event = match kind {
                Some(kind) => {
                    let order = self.shapes.order(change.order)?;
                    let body = json!({
                        "id": change.id,
                        "type": <&str>::from(kind),
                        "occurred_at": iso(change.occurred_at),
                        "version": change.version,
                        "data": {"order": order, "change": change.change},
                    });
                    events += 1;
                    Some((OutgoingEvent { id: change.id.clone(), kind: kind.to_string(), body: body.to_string(), occurred_at: change.occurred_at }, kind))
                }
                None => None,
            };
            batch.push(PublishedChange { seq: change.seq, event });
            if events == EVENTS_PER_TRANSACTION {
                if !self.store.publish(&batch)? {
                    return Ok(changes.len());
                }
                batch.clear();
                events = 0;
            }
        }
        if !batch.is_empty() {
            self.store.publish(&batch)?;
        }
        Ok(changes.len())
    }

    /// Publishes what changed of the watched entities since last seen (a product's stock or its
    /// edit, a shipment, a new client), each with the entity as the API shows it; answers how
    /// many changes were read. Kinds no endpoint takes are not looked at.
    pub fn publish_watched_changes(&self) -> anyhow::Result<usize> {
        let mut read = 0;
        for kind in EventKind::WATCHED {
            if !self.store.anyone_takes(kind)? {
                continue;
            }
            let now = self.clock.now();
            for change in self.store.watched_changes(kind, CHANGES_PER_RUN, now)? {
                read += 1;
                let event = if change.first_sight { None } else { self.watched_event(kind, &change, now)? };
                self.store.publish_watched(kind, &change, event, now)?;
            }
        }
        Ok(read)
    }

    /// The event of a watched change, with the entity as the API shows it now; none when the
    /// entity is gone.
    fn watched_event(&self, kind: EventKind, change: &WatchedChange, now: DateTime<Utc>) -> anyhow::Result<Option<OutgoingEvent>> {
        let (name, entity) = match kind {
            EventKind::ProductStockChanged | EventKind::ProductUpdated => ("product", self.shapes.product(change.entity)?),
            EventKind::ClientCreated => ("client", self.shapes.client(change.entity)?),
            _ => ("order", self.shapes.order(change.entity)?),
        };
        let Some(entity) = entity else { return Ok(None) };
        let id = uuid::Uuid::new_v4().to_string();
        let body = json!({"id": id, "type": <&str>::from(kind), "occurred_at": iso(now), "version": change.version, "data": serde_json::Map::from_iter([(name.to_string(), entity)])});
        Ok(Some(OutgoingEvent { id, kind: kind.to_string(), body: body.to_string(), occurred_at: now }))
    }

    /// Sends what is due: each claimed endpoint on its own thread, its deliveries in the order
    /// of their events; answers how many attempts were made.
    pub fn send_due(&self) -> anyhow::Result<usize> {
        let claims =
            self.store.claim(self.clock.now(), ENDPOINTS_PER_RUN, DELIVERIES_PER_ENDPOINT, LEASE_PER_DELIVERY * (DELIVERIES_PER_ENDPOINT as i32 + 1))?;
        let results: Vec<anyhow::Result<usize>> = std::thread::scope(|scope| {
            let running: Vec<_> = claims.into_iter().map(|claim| scope.spawn(move || self.send_claim(claim))).collect();
            running.into_iter().map(|thread| thread.join().unwrap_or_else(|_| Err(anyhow::anyhow!("a webhook sender stopped unexpectedly")))).collect()
        });
        results.into_iter().sum()
    }

    /// Sends one endpoint's due deliveries until one must wait for a retry, then lets the
    /// endpoint go, disabled when it is gone or has failed for days.
    fn send_claim(&self, claim: Claim) -> anyhow::Result<usize> {
        let secrets: Vec<&str> = claim.secrets.iter().map(String::as_str).collect();
        let (mut failures, mut sent, mut disable) = (claim.failures_in_row, 0, None);
        let mut since = claim.since;
        for due in &claim.deliveries {
            let started = std::time::Instant::now();
            let now = self.clock.now();
            // The sender's resolver refuses the shop's own networks on every send: the host is
            // resolved once, and the address checked is the one connected to.
            let timestamp = now.timestamp();
            let headers = vec![
                ("webhook-id".to_string(), due.event_id.clone()),
                ("webhook-timestamp".to_string(), timestamp.to_string()),
                ("webhook-signature".to_string(), signature(&secrets, &due.event_id, timestamp, &due.body)),
                ("content-type".to_string(), "application/json".to_string()),
                ("user-agent".to_string(), "Mahsoul-Webhooks/1".to_string()),
            ];
            let answer = self.receiver.post(&claim.url, &headers, &due.body);
            let verdict = verdict(answer.status);
            let attempts = due.attempts + 1;
            let retry_at = match verdict {
                Verdict::Retry => next_attempt(attempts, now, rand::thread_rng().r#gen()),
                _ => None,
            };
            self.store.record(&AttemptRecord {
                delivery: due.id,
                endpoint: claim.endpoint,
                at: now,
                status: answer.status,
                verdict,
                response: answer.excerpt,
                duration_ms: u32::try_from(started.elapsed().as_millis()).unwrap_or(u32::MAX),
                retry_at,
            })?;
            sent += 1;
            match verdict {
                Verdict::Delivered => {
                    failures = 0;
                    since = now;
                }
                Verdict::Gone => {
                    disable = Some("gone");
                    break;
                }
                Verdict::Retry | Verdict::Failed => {
                    failures += 1;
                    if should_disable(failures, since, now) {
                        disable = Some("failing");
                        break;
                    }
                    // A receiver in trouble is left alone until its next retry is due.
                    if verdict == Verdict::Retry {
                        break;
                    }
                }
            }
        }
        self.store.release(claim.endpoint, disable, self.clock.now())?;
        Ok(sent)
    }

    /// Why an endpoint's URL is refused when it is saved, its host resolved, if it is.
    fn refusal(&self, url: &str) -> Option<&'static str> {
        url_refusal(url, self.allow_private).or_else(|| if self.allow_private { None } else { self.receiver.refusal(url) })
    }

    /// The endpoint's kinds, after its URL was checked and its host resolved.
    fn checked(&self, draft: &EndpointDraft) -> Result<Vec<EventKind>, WebhookError> {
        let mut errors = FieldErrors::new();
        if draft.url.trim().is_empty() {
            errors.add("url", "required");
        } else if let Some(refusal) = self.refusal(draft.url.trim()) {
            errors.add("url", refusal);
        }
        let mut events = Vec::new();
        for kind in &draft.events {
            match kind.parse::<EventKind>() {
                Ok(kind) if !events.contains(&kind) => events.push(kind),
                Ok(_) => {}
                Err(_) => {
                    errors.add("events", "choice_invalid");
                    break;
                }
            }
        }
        if draft.events.is_empty() {
            errors.add("events", "required");
        }
        errors.into_result().map_err(WebhookError::Invalid)?;
        Ok(events)
    }
}

/// A moment as RFC 3339 in UTC with milliseconds.
fn iso(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use kernel::SystemClock;

    use super::*;
    use crate::ports::{MockReceiver, MockShapes, MockWebhookStore, OrderChangeToSend};

    fn changes(count: i64) -> Vec<OrderChangeToSend> {
        (1..=count)
            .map(|seq| OrderChangeToSend {
                seq,
                id: format!("evt-{seq}"),
                order: seq,
                version: 1,
                kind: "order.created".into(),
                change: json!({}),
                occurred_at: Utc::now(),
            })
            .collect()
    }

    /// The publisher over a store holding `count` new changes, an endpoint taking them or not;
    /// answers the runs of changes it published, as the seqs of each and its events' ids.
    fn published(count: i64, taken: bool) -> Vec<(Vec<i64>, Vec<String>)> {
        let runs = Arc::new(Mutex::new(Vec::new()));
        let mut store = MockWebhookStore::new();
        store.expect_unsent_order_changes().returning(move |_, _| Ok(changes(count)));
        store.expect_anyone_takes().returning(move |_| Ok(taken));
        let seen = runs.clone();
        store.expect_publish().returning(move |batch| {
            let seqs = batch.iter().map(|change| change.seq).collect();
            let events = batch.iter().filter_map(|change| change.event.as_ref().map(|(event, _)| event.id.clone())).collect();
            seen.lock().unwrap().push((seqs, events));
            Ok(true)
        });
        assert_eq!(publisher(store).publish_order_changes().unwrap(), usize::try_from(count).unwrap());
        runs.lock().unwrap().clone()
    }

    /// The webhooks over `store`, each order shaped as its id.
    fn publisher(store: MockWebhookStore) -> Webhooks {
        let mut shapes = MockShapes::new();
        shapes.expect_order().returning(|id| Ok(Some(json!({"id": id}))));
        Webhooks::new(Arc::new(store), Arc::new(MockReceiver::new()), Arc::new(shapes), Arc::new(SystemClock), false)
    }

    #[test]
    fn every_change_is_published_once_in_spine_order_ten_events_a_transaction() {
        let runs = published(25, true);
        assert_eq!(runs.iter().map(|(seqs, _)| seqs.len()).collect::<Vec<_>>(), [10, 10, 5]);
        let seqs: Vec<i64> = runs.iter().flat_map(|(seqs, _)| seqs.clone()).collect();
        assert_eq!(seqs, (1..=25).collect::<Vec<_>>(), "each change once, in order");
        let events: Vec<String> = runs.iter().flat_map(|(_, events)| events.clone()).collect();
        assert_eq!(events, (1..=25).map(|seq| format!("evt-{seq}")).collect::<Vec<_>>(), "each with its event, the change's id");
    }

    #[test]
    fn changes_no_endpoint_takes_only_move_the_cursor_in_one_transaction() {
        assert_eq!(published(25, false), [((1..=25).collect::<Vec<_>>(), vec![])]);
    }

    #[test]
    fn a_node_stops_where_another_published_first() {
        let mut store = MockWebhookStore::new();
        store.expect_unsent_order_changes().returning(|_, _| Ok(changes(25)));
        store.expect_anyone_takes().returning(|_| Ok(true));
        store.expect_publish().times(1).returning(|_| Ok(false));
        assert_eq!(publisher(store).publish_order_changes().unwrap(), 25);
    }
}
