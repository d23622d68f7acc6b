//! `GET /api/health`.

use actix_web::{HttpResponse, web};

use crate::AppState;
use crate::dto::Health;
use crate::extract::blocking;

/// Registers the route.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/health", web::get().to(health));
}

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
