//! Staff changing the lines of an order its buyer has not confirmed yet
//! (`PUT …/{id}/lines`), for client orders and guest orders (`order-edit`,
//! `guest-order-edit`): the buyer is told the new total.

use actix_web::web::{self, Data, Json, Path};
use identity::service::Principal;
use kernel::{FieldErrors, Locale, OrderId, ProductId};
use ordering::Audience;
use serde::Deserialize;
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::messages::text;
use crate::dashboard::orders::{StaffOrderData, StaffOrderResponse, permissions, viewer};
use crate::storefront::guest_orders::GuestItem;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/orders/{id}/lines", web::put().to(change_order_lines))
        .route("/dashboard/guest-orders/{id}/lines", web::put().to(change_guest_order_lines));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(change_order_lines, change_guest_order_lines), components(schemas(LinesRequest)))]
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
    if body.items.len() > ordering::checkout::MAX_LINES {
        return Err(FieldErrors::single("items", "cart_items_too_many").into());
    }
    // A line without a product or a quantity fails the quantity rule.
    let items: Vec<(ProductId, i64)> =
        body.items.iter().map(|item| (ProductId(item.id.unwrap_or(0)), item.quantity.filter(|_| item.id.is_some()).unwrap_or(0))).collect();
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
