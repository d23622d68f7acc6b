//! `GET /api/health` (the process answers) and `GET /api/ready` (it can serve orders).

use actix_web::{HttpResponse, web};
use serde::Serialize;

use utoipa::{OpenApi, ToSchema};

use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/health", web::get().to(health)).route("/ready", web::get().to(ready));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(health, ready))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// Whether this node's process answers, and on which database it runs. It does not ask the
/// database: a liveness probe that failed with the database would restart nodes that are
/// fine and only waiting for it.
#[utoipa::path(get, path = "/api/health", tag = "system", responses((status = 200, body = Health)))]
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(Health { status: "ok", database: state.health.backend(), serving: None })
}

/// Whether this node can serve, and what: everything (`ok`) while the database answers and
/// every migration of this build is applied; the catalogue alone (`degraded`: Home, lists,
/// product pages, search, from memory) while the database is out of reach — still 200, so the
/// proxy keeps sending buyers to a node that shows the shop; 503 when it can serve nothing
/// (no copy of the catalogue yet, or migrations of this build not applied). Answers within
/// about a second whatever the database does.
#[utoipa::path(get, path = "/api/ready", tag = "system",
    responses((status = 200, body = Health), (status = 503, body = Health)))]
pub async fn ready(state: web::Data<AppState>) -> HttpResponse {
    let probe = state.health.clone();
    let database = probe.backend();
    let answer = web::block(move || probe.ready()).await.unwrap_or_else(|error| Err(anyhow::anyhow!("the probe stopped: {error}")));
    match answer {
        Ok(()) => HttpResponse::Ok().json(Health { status: "ok", database, serving: None }),
        Err(error) if crate::common::error::is_database_outage(&error) && state.catalog.has_copy() => {
            // The database logs its own outage once; a probe every few seconds adds nothing.
            tracing::debug!(error = format!("{error:#}"), "serving the catalogue only");
            HttpResponse::Ok().json(Health { status: "degraded", database, serving: Some("catalogue") })
        }
        Err(error) => {
            tracing::debug!(error = format!("{error:#}"), "not ready");
            HttpResponse::ServiceUnavailable().json(Health { status: "unavailable", database, serving: None })
        }
    }
}

/// `GET /api/health` and `GET /api/ready`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok`; on `/api/ready`, `degraded` while the database is out of reach and the catalogue
    /// is served from memory, `unavailable` when the node cannot serve.
    pub status: &'static str,
    /// `sqlite` or `postgres`.
    pub database: &'static str,
    /// On a `degraded` `/api/ready`: what the node still serves, `catalogue` (reads from memory).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub serving: Option<&'static str>,
}
