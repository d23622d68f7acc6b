//! Courier companies calling the shop: Bosta's state webhook (`POST
//! /api/couriers/bosta/webhook`), authenticated by the shared secret in the header set in
//! Bosta's dashboard. A report is kept once and moves its order (see
//! `OrderDesk::courier_reported`).

use actix_web::HttpRequest;
use actix_web::web::{self, Data, Json, Path};
use ordering::CourierKind;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{RawBody, blocking};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/couriers/{courier}/webhook", web::post().to(courier_webhook));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(courier_webhook), components(schemas(ReportTaken)))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// The report was taken (acted on, or seen before).
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportTaken {
    /// Always true.
    pub ok: bool,
}

/// A courier company's state change for a parcel (`bosta`: its webhook body, with the header
/// secret the shop set in Bosta's dashboard, `couriers.bosta.webhook_header`). Picked up or
/// out for delivery puts a new order on delivery, delivered delivers it, an exception is a
/// failed attempt, returned is a refusal; the same report sent again is taken and changes
/// nothing. Without the secret, 401; a body that is no report, 400; a courier the shop has no
/// account with, 404.
#[utoipa::path(operation_id = "courierWebhook", post, path = "/api/couriers/{courier}/webhook", tag = "couriers",
    params(("courier" = String, Path, pattern = "^bosta$", description = "The courier company")),
    request_body(content = Object, content_type = "application/json", description = "The courier's own report (Bosta: `trackingNumber`, `state` code, `timeStamp`, `cod`, `exceptionReason`)"),
    responses((status = 200, body = ReportTaken), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody)))]
pub async fn courier_webhook(
    state: Data<AppState>,
    request: HttpRequest,
    courier: Path<String>,
    RawBody(body): RawBody,
) -> Result<Json<ReportTaken>, ApiError> {
    let courier: CourierKind = courier.parse().map_err(|_| ApiError::NotFound)?;
    let header = state.courier_webhook_headers.iter().find(|(kind, _)| *kind == courier).map(|(_, header)| header.as_str());
    let presented = header.and_then(|header| request.headers().get(header)).and_then(|value| value.to_str().ok()).map(str::to_string);
    let desk = state.order_desk.clone();
    blocking(move || desk.courier_reported(courier, presented, &body)).await?;
    Ok(Json(ReportTaken { ok: true }))
}
