//! Staff undoing an order's last move soon after making it (`POST …/{id}/undo`), for client
//! orders (`order-status`) and guest orders (`guest-order-edit`).

use actix_web::web::{self, Data, Json, Path};
use identity::service::Principal;
use kernel::{Locale, OrderId};
use ordering::Audience;
use utoipa::OpenApi;

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Lang, blocking};
use crate::common::messages::text;
use crate::dashboard::orders::{StaffOrderData, StaffOrderResponse, permissions, viewer};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/orders/{id}/undo", web::post().to(undo_order_move))
        .route("/dashboard/guest-orders/{id}/undo", web::post().to(undo_guest_order_move));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(undo_order_move, undo_guest_order_move))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

async fn undo(state: Data<AppState>, audience: Audience, locale: Locale, principal: Principal, id: OrderId) -> Result<Json<StaffOrderResponse>, ApiError> {
    principal.require(permissions(audience).status)?;
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let found = blocking(move || desk.undo_last_move(viewer, audience, id)).await?;
    Ok(Json(StaffOrderResponse { message: Some(text(locale, "order.move_undone", &[])), data: StaffOrderData::new(found, locale) }))
}

/// Undoes a client order's last move within `orders.undo_minutes` (10) of it (`order-status`):
/// back on the list it came from, a cancellation's stock and code taken again, a delivery's
/// points taken back; nobody is told. Only a staff member's move, while nobody acted on the
/// order since: 422 `order` `undo_unavailable` or `undo_expired`; short stock or a code used
/// up meanwhile refuse the undoing of a cancellation.
#[utoipa::path(operation_id = "undoStaffOrderMove", post, path = "/api/dashboard/orders/{id}/undo", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn undo_order_move(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    undo(state, Audience::Clients, locale, principal, id.into_inner()).await
}

/// Undoes a guest order's last move, as for client orders (`guest-order-edit`).
#[utoipa::path(operation_id = "undoStaffGuestOrderMove", post, path = "/api/dashboard/guest-orders/{id}/undo", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn undo_guest_order_move(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    undo(state, Audience::Guests, locale, principal, id.into_inner()).await
}
