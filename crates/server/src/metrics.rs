//! Prometheus metrics, served apart from the shop on a port of their own (`[metrics]`): the
//! requests by route and status with their latency, the orders placed, and, read as each
//! scrape comes, the database pool, the blocking pool, catalogue reloads and the messages
//! waiting to go out.

use std::sync::Arc;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{Error, HttpResponse, web};
use catalog::CatalogService;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use store::Database;
use store::desk::DieselMessageQueue;

/// A request's labels: its method, its route pattern (never the raw path, so that no caller
/// can create series) and its status.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: String,
    route: String,
    status: u16,
}

/// A latency's labels.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    method: String,
    route: String,
}

/// A pool connection's state.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PoolLabels {
    state: &'static str,
}

/// Why a request was answered 503.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct UnavailableLabels {
    reason: &'static str,
}

/// The routes that place an order when they answer 201 without replaying an earlier answer.
const ORDER_ROUTES: [&str; 3] = ["/api/orders/checkout", "/api/guest-orders/checkout", "/api/dashboard/sales-orders"];

/// The node's metrics and where the scrape-time ones are read.
pub struct ShopMetrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram>,
    orders_placed: Counter,
    pool: Family<PoolLabels, Gauge>,
    blocking: Gauge,
    catalogue_loads: Counter,
    catalogue_load_seconds: Counter<f64, std::sync::atomic::AtomicU64>,
    messages_queued: Gauge,
    messages_failing: Gauge,
    database_reachable: Gauge,
    unavailable: Family<UnavailableLabels, Counter>,
    db: Database,
    catalog: Arc<CatalogService>,
    queue: DieselMessageQueue,
}

impl ShopMetrics {
    /// The metrics of a node over its database and catalogue.
    pub fn new(db: Database, catalog: Arc<CatalogService>) -> ShopMetrics {
        let mut registry = Registry::with_prefix("mahsoul");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register("http_requests", "HTTP requests answered, by method, route and status", requests.clone());
        let latency = Family::<RouteLabels, Histogram>::new_with_constructor(|| Histogram::new(exponential_buckets(0.0005, 2.0, 16)));
        registry.register("http_request_duration_seconds", "Time to answer, by method and route", latency.clone());
        let orders_placed = Counter::default();
        registry.register("orders_placed", "Orders placed through this node (checkouts and sales engineers' orders)", orders_placed.clone());
        let pool = Family::<PoolLabels, Gauge>::default();
        registry.register("database_connections", "Database pool connections, idle or in use", pool.clone());
        let blocking = Gauge::default();
        registry.register("blocking_in_flight", "Database and hashing work on the blocking pool, running or queued", blocking.clone());
        let catalogue_loads = Counter::default();
        registry.register("catalogue_loads", "Whole reads of the catalogue into memory", catalogue_loads.clone());
        let catalogue_load_seconds = Counter::<f64, std::sync::atomic::AtomicU64>::default();
        registry.register("catalogue_load_seconds", "Time spent reading the catalogue into memory", catalogue_load_seconds.clone());
        let messages_queued = Gauge::default();
        registry.register("messages_queued", "SMS and e-mails waiting to be sent (the outbox backlog)", messages_queued.clone());
        let messages_failing = Gauge::default();
        registry.register("messages_failing", "Queued messages the SMS gateway or mail server refused at least once", messages_failing.clone());
        let database_reachable = Gauge::default();
        registry.register("database_reachable", "1 while the database answers, 0 while it is out of reach", database_reachable.clone());
        let unavailable = Family::<UnavailableLabels, Counter>::default();
        registry.register("unavailable_answers", "Requests answered 503, by reason (database out of reach, busy)", unavailable.clone());
        ShopMetrics {
            registry,
            requests,
            latency,
            orders_placed,
            pool,
            blocking,
            catalogue_loads,
            catalogue_load_seconds,
            messages_queued,
            messages_failing,
            database_reachable,
            unavailable,
            queue: DieselMessageQueue::new(db.clone()),
            db,
            catalog,
        }
    }

    /// Counts one answered request.
    fn record(&self, method: &Method, route: String, status: StatusCode, seconds: f64, replayed: bool, unavailable: Option<&'static str>) {
        if let Some(reason) = unavailable {
            self.unavailable.get_or_create(&UnavailableLabels { reason }).inc();
        }
        if *method == Method::POST && status == StatusCode::CREATED && !replayed && ORDER_ROUTES.contains(&route.as_str()) {
            self.orders_placed.inc();
        }
        let method = method_label(method);
        self.latency.get_or_create(&RouteLabels { method: method.to_string(), route: route.clone() }).observe(seconds);
        self.requests.get_or_create(&RequestLabels { method: method.to_string(), route, status: status.as_u16() }).inc();
    }

    /// The text a scrape gets: the scrape-time figures read now, then every metric.
    fn scrape(&self) -> anyhow::Result<String> {
        let (connections, idle) = self.db.pool_state();
        self.pool.get_or_create(&PoolLabels { state: "idle" }).set(i64::from(idle));
        self.pool.get_or_create(&PoolLabels { state: "in_use" }).set(i64::from(connections.saturating_sub(idle)));
        self.blocking.set(i64::try_from(api::common::extract::blocking_in_flight()).unwrap_or(i64::MAX));
        let loads = self.catalog.loads();
        self.catalogue_loads.inc_by(loads.count.saturating_sub(self.catalogue_loads.get()));
        self.catalogue_load_seconds.inc_by((loads.total.as_secs_f64() - self.catalogue_load_seconds.get()).max(0.0));
        // While the database is out of reach the backlog keeps its last figures: the scrape
        // still answers, and shows the outage.
        self.database_reachable.set(i64::from(self.db.reachable()));
        if let Ok((queued, failing)) = self.queue.backlog() {
            self.messages_queued.set(queued);
            self.messages_failing.set(failing);
            self.database_reachable.set(1);
        }
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)?;
        Ok(text)
    }
}

/// A method's label: HTTP's own methods by name, any other one as `other`, so a stranger's
/// made-up methods add no series (as unmatched paths are one `unmatched` route).
fn method_label(method: &Method) -> &'static str {
    const KNOWN: [Method; 9] =
        [Method::GET, Method::HEAD, Method::POST, Method::PUT, Method::PATCH, Method::DELETE, Method::OPTIONS, Method::CONNECT, Method::TRACE];
    KNOWN.iter().find(|known| *known == method).map_or("other", Method::as_str)
}

/// Middleware: counts and times every request of the shop's port.
pub async fn count_requests(request: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let metrics = request.app_data::<web::Data<ShopMetrics>>().cloned();
    let (method, route) = (request.method().clone(), request.match_pattern().unwrap_or_else(|| "unmatched".into()));
    let started = Instant::now();
    let response = next.call(request).await?;
    if let Some(metrics) = metrics {
        let replayed = response.headers().contains_key("idempotent-replayed");
        let unavailable = response.response().extensions().get::<api::common::error::Unavailable>().map(|why| why.0);
        metrics.record(&method, route, response.status(), started.elapsed().as_secs_f64(), replayed, unavailable);
    }
    Ok(response)
}

/// `GET /metrics` on the metrics port.
pub async fn scrape(metrics: web::Data<ShopMetrics>) -> HttpResponse {
    let metrics = metrics.into_inner();
    match web::block(move || metrics.scrape()).await {
        Ok(Ok(text)) => HttpResponse::Ok().content_type("application/openmetrics-text; version=1.0.0; charset=utf-8").body(text),
        Ok(Err(error)) => {
            tracing::warn!(error = format!("{error:#}"), "metrics could not be read");
            HttpResponse::ServiceUnavailable().finish()
        }
        Err(_) => HttpResponse::ServiceUnavailable().finish(),
    }
}
