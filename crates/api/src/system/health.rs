//! `GET /api/health`.

use actix_web::{HttpResponse, web};
use serde::Serialize;

use utoipa::{OpenApi, ToSchema};

use crate::common::extract::blocking;
use crate::{AppState, Resource};

/// Registers the route.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/health", web::get().to(health));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(health))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// Whether this node can serve, and on which database.
#[utoipa::path(get, path = "/api/health", tag = "system",
    responses((status = 200, body = Health), (status = 503, body = Health)))]
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    let probe = state.health.clone();
    match blocking(move || probe.database()).await {
        Ok(database) => HttpResponse::Ok().json(Health { status: "ok", database: Some(database) }),
        Err(_) => HttpResponse::ServiceUnavailable().json(Health { status: "unavailable", database: None }),
    }
}

/// `GET /api/health`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok` when the node can serve.
    pub status: &'static str,
    /// `sqlite` or `postgres`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database: Option<&'static str>,
}
