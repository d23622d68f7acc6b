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
    HttpResponse::Ok().json(Health { status: "ok", database: state.health.backend() })
}

/// Whether this node can serve: the database answers and every migration of this build is
/// applied. Load balancers send buyers only to ready nodes.
#[utoipa::path(get, path = "/api/ready", tag = "system",
    responses((status = 200, body = Health), (status = 503, body = Health)))]
pub async fn ready(state: web::Data<AppState>) -> HttpResponse {
    let probe = state.health.clone();
    let database = probe.backend();
    let answer = web::block(move || probe.ready()).await.unwrap_or_else(|error| Err(anyhow::anyhow!("the probe stopped: {error}")));
    match answer {
        Ok(()) => HttpResponse::Ok().json(Health { status: "ok", database }),
        Err(error) => {
            tracing::warn!(error = format!("{error:#}"), "not ready");
            HttpResponse::ServiceUnavailable().json(Health { status: "unavailable", database })
        }
    }
}

/// `GET /api/health` and `GET /api/ready`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok`, or `unavailable` when the node cannot serve.
    pub status: &'static str,
    /// `sqlite` or `postgres`.
    pub database: &'static str,
}
