//! Staff changing an order's lines: those of an order its buyer has not confirmed yet
//! (`PUT …/{id}/lines`, `order-edit` or `guest-order-edit`: the buyer is told the new total),
//! and those a buyer refused at the door of a parcel they took the rest of
//! (`POST …/{id}/partial-delivery`, `order-status` or `guest-order-edit`).

use actix_web::web::{self, Data, Json, Path};
use identity::service::Principal;
use kernel::{Locale, OrderId};
use ordering::Audience;
use serde::Deserialize;
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::lenient::lenient_text;
use crate::common::messages::text;
use crate::dashboard::orders::{StaffOrderData, StaffOrderResponse, permissions, viewer};
use crate::storefront::guest_orders::GuestItem;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/orders/{id}/lines", web::put().to(change_order_lines))
        .route("/dashboard/guest-orders/{id}/lines", web::put().to(change_guest_order_lines))
        .route("/dashboard/orders/{id}/partial-delivery", web::post().to(deliver_order_partly))
        .route("/dashboard/guest-orders/{id}/partial-delivery", web::post().to(deliver_guest_order_partly));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(
    paths(change_order_lines, change_guest_order_lines, deliver_order_partly, deliver_guest_order_partly),
    components(schemas(LinesRequest, PartialDeliveryRequest))
)]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// The order's lines as they are to be: every line, 1 to 100 of 1 to 999 units.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LinesRequest {
    /// The lines; a product sent twice counts its units together.
    #[schema(max_items = 100)]
    #[serde(default)]
    pub items: Vec<GuestItem>,
}

async fn change_lines(
    state: Data<AppState>,
    audience: Audience,
    locale: Locale,
    principal: Principal,
    id: OrderId,
    body: LinesRequest,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    principal.require(permissions(audience).edit)?;
    let items = GuestItem::lines(&body.items)?;
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let found = blocking(move || desk.change_lines(viewer, audience, id, &items)).await?;
    Ok(Json(StaffOrderResponse { message: Some(text(locale, "order.lines_changed", &[])), data: StaffOrderData::new(found, locale) }))
}

/// Replaces the lines of a client order still awaiting its buyer's confirmation
/// (`order-edit`). Lines it held keep their price, products added are priced as sold today;
/// the promo code, the weight extra and the cash fee are worked out again, and the buyer is
/// told the new total. 422: `order` `not_awaiting_confirmation`, `items` (`cart_empty`,
/// `quantity_range`, `product_unknown`, `safety_acknowledgement_required`), or short stock.
#[utoipa::path(operation_id = "changeStaffOrderLines", put, path = "/api/dashboard/orders/{id}/lines", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = LinesRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn change_order_lines(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<LinesRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    change_lines(state, Audience::Clients, locale, principal, id.into_inner(), body).await
}

/// Replaces the lines of a guest order still awaiting its buyer's confirmation, as for client
/// orders (`guest-order-edit`).
#[utoipa::path(operation_id = "changeStaffGuestOrderLines", put, path = "/api/dashboard/guest-orders/{id}/lines", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = LinesRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn change_guest_order_lines(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<LinesRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    change_lines(state, Audience::Guests, locale, principal, id.into_inner(), body).await
}

/// What the buyer refused of a parcel they took the rest of.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PartialDeliveryRequest {
    /// The units refused of each product (`id` as the order's line's `product_id`).
    #[schema(max_items = 100)]
    #[serde(default)]
    pub items: Vec<GuestItem>,
    /// Why, in the staff's or the courier's words, up to 2,000 characters.
    #[schema(max_length = 2000)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub reason: Option<String>,
}

async fn deliver_partly(
    state: Data<AppState>,
    audience: Audience,
    locale: Locale,
    principal: Principal,
    id: OrderId,
    body: PartialDeliveryRequest,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    principal.require(permissions(audience).status)?;
    let refused = GuestItem::lines(&body.items)?;
    let reason = body.reason.unwrap_or_default();
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let found = blocking(move || desk.deliver_partly(viewer, audience, id, &refused, reason)).await?;
    Ok(Json(StaffOrderResponse { message: Some(text(locale, "order.partly_delivered", &[])), data: StaffOrderData::new(found, locale) }))
}

/// Delivers a client order on delivery whose buyer refused some units at the door
/// (`order-status`): those go back to stock; the lines, totals (the whole parcel's shipping,
/// the cash fee on what was collected), invoice and points are of what was delivered. 422:
/// `reason` required, `order` `not_on_delivery`, `items` (`product_unknown`,
/// `quantity_range`, `all_refused` — record a refusal instead).
#[utoipa::path(operation_id = "deliverStaffOrderPartly", post, path = "/api/dashboard/orders/{id}/partial-delivery", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = PartialDeliveryRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn deliver_order_partly(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<PartialDeliveryRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    deliver_partly(state, Audience::Clients, locale, principal, id.into_inner(), body).await
}

/// Delivers a guest order whose buyer refused some units at the door, as for client orders
/// (`guest-order-edit`).
#[utoipa::path(operation_id = "deliverStaffGuestOrderPartly", post, path = "/api/dashboard/guest-orders/{id}/partial-delivery",
    params(("id" = i64, Path, description = "The order's id")), tag = "dashboard", security(("bearer" = [])), request_body = PartialDeliveryRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn deliver_guest_order_partly(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<PartialDeliveryRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    deliver_partly(state, Audience::Guests, locale, principal, id.into_inner(), body).await
}
