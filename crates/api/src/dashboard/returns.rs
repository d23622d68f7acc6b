//! Staff handling returns of delivered orders: opening one for a buyer who called
//! (`…/{id}/returns`) and taking it a step on (`…/{id}/returns/{return_id}/{step}`), for
//! client orders (`order-status`) and guest orders (`guest-order-edit`).

use actix_web::web::{self, Data, Json, Path};
use identity::service::Principal;
use kernel::{FieldErrors, Locale, OrderId};
use ordering::{Audience, ReturnStep};
use serde::Deserialize;
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::lenient::{lenient_bool, lenient_text};
use crate::common::messages::text;
use crate::common::orders::ReturnRequestBody;
use crate::dashboard::orders::{StaffOrderData, StaffOrderResponse, permissions, viewer};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/orders/{id}/returns", web::post().to(open_order_return))
        .route("/dashboard/orders/{id}/returns/{return_id}/{step}", web::post().to(step_order_return))
        .route("/dashboard/guest-orders/{id}/returns", web::post().to(open_guest_order_return))
        .route("/dashboard/guest-orders/{id}/returns/{return_id}/{step}", web::post().to(step_guest_order_return));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(open_order_return, open_guest_order_return, step_order_return, step_guest_order_return), components(schemas(ReturnStepRequest)))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

async fn open_return(
    state: Data<AppState>,
    locale: Locale,
    principal: Principal,
    audience: Audience,
    id: OrderId,
    body: ReturnRequestBody,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    principal.require(permissions(audience).status)?;
    let (desk, viewer, request) = (state.order_desk.clone(), viewer(&principal), body.into_domain()?);
    let found = blocking(move || desk.open_return(viewer, audience, id, request)).await?;
    Ok(Json(StaffOrderResponse { message: Some(text(locale, "order.return_asked", &[])), data: StaffOrderData::new(found, locale) }))
}

/// Opens a return of a delivered client order for its buyer, who asked by phone
/// (`order-status`): the rules of the client's own request hold (`POST orders/{id}/returns`).
#[utoipa::path(operation_id = "openStaffOrderReturn", post, path = "/api/dashboard/orders/{id}/returns", tag = "dashboard", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The order's id")), request_body = ReturnRequestBody,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn open_order_return(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<ReturnRequestBody>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    open_return(state, locale, principal, Audience::Clients, id.into_inner(), body).await
}

/// Opens a return of a delivered guest order, as for client orders (`guest-order-edit`).
#[utoipa::path(operation_id = "openStaffGuestOrderReturn", post, path = "/api/dashboard/guest-orders/{id}/returns", tag = "dashboard", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The order's id")), request_body = ReturnRequestBody,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn open_guest_order_return(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<ReturnRequestBody>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    open_return(state, locale, principal, Audience::Guests, id.into_inner(), body).await
}

/// A staff step on a return.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReturnStepRequest {
    /// For `refuse`, why (required); for the others, a note if any. Up to 2000 characters.
    #[schema(max_length = 2000)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub note: Option<String>,
    /// For `receive`: whether the units can be sold again (they go back into their lots).
    #[serde(default, deserialize_with = "lenient_bool")]
    pub resaleable: Option<bool>,
}

async fn step_return(
    state: Data<AppState>,
    locale: Locale,
    principal: Principal,
    audience: Audience,
    (id, return_id, step): (OrderId, i64, String),
    body: ReturnStepRequest,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    principal.require(permissions(audience).status)?;
    let step = match step.as_str() {
        "approve" => ReturnStep::Approve,
        "refuse" => ReturnStep::Refuse,
        "receive" => ReturnStep::Receive { resaleable: body.resaleable.unwrap_or(false) },
        "refund" => ReturnStep::Refund,
        _ => return Err(FieldErrors::single("step", "choice_invalid").into()),
    };
    let (desk, viewer, note) = (state.order_desk.clone(), viewer(&principal), body.note);
    let found = blocking(move || desk.step_return(viewer, audience, id, return_id, step, note)).await?;
    Ok(Json(StaffOrderResponse { message: Some(text(locale, "order.return_stepped", &[])), data: StaffOrderData::new(found, locale) }))
}

/// Takes a client order's return a step on (`order-status`): `approve` or `refuse` (with its
/// `note`) a request, `receive` an approved parcel (`resaleable` units back in their lots),
/// `refund` a received one in cash — which takes back the points its units earned, never below
/// zero (what the balance lacks is a debt the client's next points pay). A step the return is
/// not ready for is 422 (`step`); two at once take it once.
#[utoipa::path(operation_id = "stepStaffOrderReturn", post, path = "/api/dashboard/orders/{id}/returns/{return_id}/{step}", tag = "dashboard", security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The order's id"),
        ("return_id" = i64, Path, description = "The return's id"),
        ("step" = String, Path, pattern = r"^(approve|refuse|receive|refund)$", description = "`approve`, `refuse`, `receive` or `refund`"),
    ),
    request_body = ReturnStepRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn step_order_return(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    path: Path<(OrderId, i64, String)>,
    Body(body): Body<ReturnStepRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    step_return(state, locale, principal, Audience::Clients, path.into_inner(), body).await
}

/// Takes a guest order's return a step on, as for client orders (`guest-order-edit`).
#[utoipa::path(operation_id = "stepStaffGuestOrderReturn", post, path = "/api/dashboard/guest-orders/{id}/returns/{return_id}/{step}", tag = "dashboard",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The order's id"),
        ("return_id" = i64, Path, description = "The return's id"),
        ("step" = String, Path, pattern = r"^(approve|refuse|receive|refund)$", description = "`approve`, `refuse`, `receive` or `refund`"),
    ),
    request_body = ReturnStepRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn step_guest_order_return(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    path: Path<(OrderId, i64, String)>,
    Body(body): Body<ReturnStepRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    step_return(state, locale, principal, Audience::Guests, path.into_inner(), body).await
}
