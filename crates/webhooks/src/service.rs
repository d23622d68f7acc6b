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
use crate::reach::{Audience, Maker, Subscription};
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
/// How long an endpoint paused for its maker's permissions is left before it is looked at again.
const PAUSED_LOOK_AGAIN: Duration = Duration::minutes(1);
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

    /// Every endpoint, each paused as its maker stands now.
    pub fn endpoints(&self) -> Result<Vec<Endpoint>, WebhookError> {
        let subscriptions = self.store.subscriptions()?;
        let mut endpoints = self.store.endpoints()?;
        for endpoint in &mut endpoints {
            endpoint.paused = subscriptions.iter().find(|subscription| subscription.endpoint == endpoint.id).and_then(Subscription::pause);
        }
        Ok(endpoints)
    }

    /// Adds an endpoint, made by a signed-in person who may read every kind it takes, and
    /// answers it with its secret, which is shown this once.
    pub fn add(&self, maker: &Maker, draft: EndpointDraft) -> Result<(Endpoint, String), WebhookError> {
        person_only(maker)?;
        let events = self.checked(maker, &draft)?;
        let secret = new_secret();
        let endpoint = self.store.add_endpoint(draft.url.trim(), &events, draft.active, &secret, self.clock.now(), maker)?;
        Ok((endpoint, secret))
    }

    /// Changes an endpoint, by a signed-in person who may read every kind it takes and who
    /// becomes its maker (ending a pause); turning it on again after the shop disabled it clears
    /// its failures (what it missed is sent by a replay).
    pub fn update(&self, maker: &Maker, id: i64, draft: EndpointDraft) -> Result<Endpoint, WebhookError> {
        person_only(maker)?;
        let events = self.checked(maker, &draft)?;
        self.store.update_endpoint(id, draft.url.trim(), &events, draft.active, maker)?.ok_or(WebhookError::NotFound)
    }

    /// Removes an endpoint, by a signed-in person.
    pub fn delete(&self, by: &Maker, id: i64) -> Result<(), WebhookError> {
        person_only(by)?;
        if self.store.delete_endpoint(id)? { Ok(()) } else { Err(WebhookError::NotFound) }
    }

    /// A new secret for an endpoint, shown this once, by a signed-in person; the old one signs
    /// too for a day.
    pub fn rotate_secret(&self, by: &Maker, id: i64) -> Result<String, WebhookError> {
        person_only(by)?;
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

    /// Sends again every event since `since` the endpoint takes and its maker may read now;
    /// answers how many.
    pub fn replay(&self, endpoint: i64, since: DateTime<Utc>) -> Result<usize, WebhookError> {
        let subscription = self.store.subscriptions()?.into_iter().find(|subscription| subscription.endpoint == endpoint).ok_or(WebhookError::NotFound)?;
        let Some(maker) = subscription.maker else { return Ok(0) };
        let readable: Vec<i64> =
            self.store.events_since(endpoint, since)?.into_iter().filter(|(_, audience)| maker.may_read(*audience)).map(|(seq, _)| seq).collect();
        self.store.redeliver(endpoint, &readable, self.clock.now())?;
        Ok(readable.len())
    }

    /// Sends an endpoint a `webhook.test` event, to check its receiver and signature check.
    pub fn send_test(&self, endpoint: i64) -> Result<(), WebhookError> {
        let now = self.clock.now();
        let id = uuid::Uuid::new_v4().to_string();
        let body = json!({"id": id, "type": "webhook.test", "occurred_at": iso(now), "version": 1, "data": {"endpoint_id": endpoint}});
        let event = OutgoingEvent { id, kind: "webhook.test".into(), body: body.to_string(), occurred_at: now, audience: Audience::Test };
        if self.store.publish_to(endpoint, event)? { Ok(()) } else { Err(WebhookError::NotFound) }
    }

    /// Publishes the spine's new changes as events, each with the order as the API shows it,
    /// delivered to the endpoints whose makers may read that order now; answers how many were
    /// read. Run by every node: the cursor's guarded move lets one publish each change. A
    /// transaction holds at most ten events, as the news does (one per change cost PostgreSQL
    /// a transaction an order); changes no endpoint takes only move the cursor.
    pub fn publish_order_changes(&self) -> anyhow::Result<usize> {
        let changes = self.store.unsent_order_changes(CHANGES_PER_RUN, self.clock.now())?;
        let mut taken = std::collections::HashMap::new();
        // Read once a run, when the first event needs them.
        let mut subscriptions: Option<Vec<Subscription>> = None;
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
                    let (order, audience) = self.shapes.order(change.order)?.unwrap_or((serde_json::Value::Null, Audience::Unknown));
                    let body = json!({
                        "id": change.id,
                        "type": <&str>::from(kind),
                        "occurred_at": iso(change.occurred_at),
                        "version": change.version,
                        "data": {"order": order, "change": change.change},
                    });
                    events += 1;
                    let subscriptions = match &subscriptions {
                        Some(read) => read,
                        None => subscriptions.insert(self.store.subscriptions()?),
                    };
                    let event =
                        OutgoingEvent { id: change.id.clone(), kind: kind.to_string(), body: body.to_string(), occurred_at: change.occurred_at, audience };
                    Some((event, recipients(subscriptions, kind, audience)))
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
    /// edit, a shipment, a new client), each with the entity as the API shows it, delivered to
    /// the endpoints whose makers may read it now; answers how many changes were read. Kinds no
    /// endpoint takes are not looked at.
    pub fn publish_watched_changes(&self) -> anyhow::Result<usize> {
        let mut read = 0;
        let mut subscriptions: Option<Vec<Subscription>> = None;
        for kind in EventKind::WATCHED {
            if !self.store.anyone_takes(kind)? {
                continue;
            }
            let now = self.clock.now();
            for change in self.store.watched_changes(kind, CHANGES_PER_RUN, now)? {
                read += 1;
                let event = if change.first_sight { None } else { self.watched_event(kind, &change, now)? };
                let event = match event {
                    Some(event) => {
                        let subscriptions = match &subscriptions {
                            Some(read) => read,
                            None => subscriptions.insert(self.store.subscriptions()?),
                        };
                        let to = recipients(subscriptions, kind, event.audience);
                        Some((event, to))
                    }
                    None => None,
                };
                self.store.publish_watched(kind, &change, event, now)?;
            }
        }
        Ok(read)
    }

    /// The event of a watched change, with the entity as the API shows it now; none when the
    /// entity is gone.
    fn watched_event(&self, kind: EventKind, change: &WatchedChange, now: DateTime<Utc>) -> anyhow::Result<Option<OutgoingEvent>> {
        let (name, entity) = match kind {
            EventKind::ProductStockChanged | EventKind::ProductUpdated => {
                ("product", self.shapes.product(change.entity)?.map(|product| (product, Audience::Products)))
            }
            EventKind::ClientCreated => ("client", self.shapes.client(change.entity)?),
            _ => ("order", self.shapes.order(change.entity)?),
        };
        let Some((entity, audience)) = entity else { return Ok(None) };
        let id = uuid::Uuid::new_v4().to_string();
        let body = json!({"id": id, "type": <&str>::from(kind), "occurred_at": iso(now), "version": change.version, "data": serde_json::Map::from_iter([(name.to_string(), entity)])});
        Ok(Some(OutgoingEvent { id, kind: kind.to_string(), body: body.to_string(), occurred_at: now, audience }))
    }

    /// Sends what is due: each claimed endpoint on its own thread, its deliveries in the order
    /// of their events; answers how many attempts were made.
    pub fn send_due(&self) -> anyhow::Result<usize> {
        let mut claims =
            self.store.claim(self.clock.now(), ENDPOINTS_PER_RUN, DELIVERIES_PER_ENDPOINT, LEASE_PER_DELIVERY * (DELIVERIES_PER_ENDPOINT as i32 + 1))?;
        if !claims.is_empty() {
            // An endpoint whose maker may no longer read its kinds keeps its deliveries waiting,
            // and is looked at again in a minute.
            let subscriptions = self.store.subscriptions()?;
            let paused: Vec<i64> =
                subscriptions.iter().filter(|subscription| subscription.pause().is_some()).map(|subscription| subscription.endpoint).collect();
            for claim in claims.iter().filter(|claim| paused.contains(&claim.endpoint)) {
                self.store.release(claim.endpoint, None, self.clock.now() + PAUSED_LOOK_AGAIN)?;
            }
            claims.retain(|claim| !paused.contains(&claim.endpoint));
        }
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

    /// The endpoint's kinds, after its URL was checked and its host resolved, each one its
    /// maker may read.
    fn checked(&self, maker: &Maker, draft: &EndpointDraft) -> Result<Vec<EventKind>, WebhookError> {
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
        } else if events.iter().any(|kind| !maker.may_take(*kind)) {
            errors.add("events", "event_beyond_yours");
        }
        errors.into_result().map_err(WebhookError::Invalid)?;
        Ok(events)
    }
}

/// `PersonOnly` for a request made with an API key: endpoints are a person's to change.
fn person_only(by: &Maker) -> Result<(), WebhookError> {
    if by.via_key { Err(WebhookError::PersonOnly) } else { Ok(()) }
}

/// The endpoints an event of `kind` for `audience` is delivered to.
fn recipients(subscriptions: &[Subscription], kind: EventKind, audience: Audience) -> Vec<i64> {
    subscriptions.iter().filter(|subscription| subscription.receives(kind, audience)).map(|subscription| subscription.endpoint).collect()
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
    use crate::reach::Pause;

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
        store.expect_subscriptions().returning(|| Ok(vec![subscription(1, maker(1, false, &["order-list"]))]));
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

    /// The webhooks over `store`, each order shaped as its id: odd orders a guest's, even ones
    /// a client's looked after by the sales engineer whose id is the order's tenth.
    fn publisher(store: MockWebhookStore) -> Webhooks {
        let mut shapes = MockShapes::new();
        shapes.expect_order().returning(|id| {
            let audience = if id % 2 == 1 { Audience::GuestOrder } else { Audience::ClientOrder { engineer: Some(id / 10) } };
            Ok(Some((json!({"id": id}), audience)))
        });
        Webhooks::new(Arc::new(store), Arc::new(MockReceiver::new()), Arc::new(shapes), Arc::new(SystemClock), false)
    }

    fn maker(id: i64, sales_engineer: bool, permissions: &[&str]) -> Maker {
        Maker { id, name: "Staff".into(), sales_engineer, blocked: false, permissions: permissions.iter().map(ToString::to_string).collect(), via_key: false }
    }

    fn subscription(endpoint: i64, maker: Maker) -> Subscription {
        Subscription { endpoint, active: true, events: vec![EventKind::OrderCreated], maker: Some(maker), paused: None }
    }

    #[test]
    fn an_order_goes_only_to_endpoints_whose_makers_may_read_it() {
        let delivered = Arc::new(Mutex::new(Vec::new()));
        let mut store = MockWebhookStore::new();
        store.expect_unsent_order_changes().returning(|_, _| Ok(changes(21).into_iter().filter(|change| [20, 21].contains(&change.order)).collect()));
        store.expect_anyone_takes().returning(|_| Ok(true));
        store.expect_subscriptions().returning(|| {
            Ok(vec![
                subscription(1, maker(1, false, &["order-list", "guest-order-list"])),
                subscription(2, maker(2, true, &["order-list", "guest-order-list"])),
                subscription(3, maker(3, true, &["order-list"])),
                subscription(4, maker(4, false, &["integration-create"])),
                Subscription { paused: Some(Pause::Unsaved), ..subscription(5, maker(5, false, &["order-list", "guest-order-list"])) },
            ])
        });
        let seen = delivered.clone();
        store.expect_publish().returning(move |batch| {
            seen.lock().unwrap().extend(batch.iter().filter_map(|change| change.event.as_ref().map(|(event, to)| (event.audience, to.clone()))));
            Ok(true)
        });
        publisher(store).publish_order_changes().unwrap();
        assert_eq!(
            *delivered.lock().unwrap(),
            [(Audience::ClientOrder { engineer: Some(2) }, vec![1, 2]), (Audience::GuestOrder, vec![1, 2])],
            "engineer 3's endpoint gets neither another engineer's client nor a guest; the integrator's and the unsaved none"
        );
    }

    #[test]
    fn a_key_saves_changes_and_removes_no_endpoint_and_a_kind_needs_its_read_permission() {
        let hooks = Webhooks::new(Arc::new(MockWebhookStore::new()), Arc::new(MockReceiver::new()), Arc::new(MockShapes::new()), Arc::new(SystemClock), true);
        let draft = EndpointDraft { url: "http://127.0.0.1:9/hooks".into(), events: vec!["order.created".into()], active: true };
        let key = Maker { via_key: true, ..maker(1, false, &["order-list", "integration-create", "integration-edit", "integration-delete"]) };
        assert!(matches!(hooks.add(&key, draft.clone()), Err(WebhookError::PersonOnly)));
        assert!(matches!(hooks.update(&key, 1, draft.clone()), Err(WebhookError::PersonOnly)));
        assert!(matches!(hooks.delete(&key, 1), Err(WebhookError::PersonOnly)));
        assert!(matches!(hooks.rotate_secret(&key, 1), Err(WebhookError::PersonOnly)));
        let integrator = maker(1, false, &["integration-create"]);
        assert!(matches!(hooks.add(&integrator, draft), Err(WebhookError::Invalid(errors)) if errors.has("events")), "order.created needs an order list");
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
        store.expect_subscriptions().returning(|| Ok(Vec::new()));
        store.expect_publish().times(1).returning(|_| Ok(false));
        assert_eq!(publisher(store).publish_order_changes().unwrap(), 25);
    }
}
