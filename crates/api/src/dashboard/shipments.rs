//! Staff handing parcels to couriers: the couriers the shop can hand to
//! (`/api/dashboard/couriers`), an order's hand-over (`…/{id}/shipment`) and the airway bill of
//! a parcel booked with a courier company (`…/{id}/airway-bill`), for client orders
//! (`order-status`) and guest orders (`guest-order-edit`).

use actix_web::HttpResponse;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::web::{self, Data, Json, Path};
use kernel::{FieldErrors, Locale, OrderId};
use ordering::{Audience, CourierKind, HandOver};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::lenient::lenient_text;
use crate::common::messages::text;
use crate::dashboard::orders::{StaffOrderData, StaffOrderResponse, permissions, viewer};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/couriers", web::get().to(list_couriers))
        .route("/dashboard/orders/{id}/shipment", web::post().to(hand_over_order))
        .route("/dashboard/orders/{id}/airway-bill", web::get().to(order_airway_bill))
        .route("/dashboard/orders/{id}/shipment/refresh", web::post().to(refresh_order_shipment))
        .route("/dashboard/guest-orders/{id}/shipment", web::post().to(hand_over_guest_order))
        .route("/dashboard/guest-orders/{id}/shipment/refresh", web::post().to(refresh_guest_order_shipment))
        .route("/dashboard/guest-orders/{id}/airway-bill", web::get().to(guest_order_airway_bill));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(
    paths(
        list_couriers,
        hand_over_order,
        hand_over_guest_order,
        refresh_order_shipment,
        refresh_guest_order_shipment,
        order_airway_bill,
        guest_order_airway_bill
    ),
    components(schemas(CourierList, HandOverRequest))
)]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// The couriers a parcel can be handed to.
#[derive(Debug, Serialize, ToSchema)]
pub struct CourierList {
    /// `manual` (a courier staff book themselves) always; `bosta` when the shop has a Bosta
    /// account.
    pub data: Vec<String>,
}

/// Lists the couriers a parcel can be handed to (any staff member: which companies the shop
/// works with is no secret among its staff).
#[utoipa::path(operation_id = "listCouriers", get, path = "/api/dashboard/couriers", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = CourierList), (status = 403, body = ErrorBody)))]
pub async fn list_couriers(state: Data<AppState>, AuthUser(_staff): AuthUser) -> Result<Json<CourierList>, ApiError> {
    Ok(Json(CourierList { data: state.order_desk.couriers().into_iter().map(|kind| <&str>::from(kind).to_string()).collect() }))
}

/// Who takes the parcel.
#[derive(Debug, Deserialize, ToSchema)]
pub struct HandOverRequest {
    /// `bosta` (booked through Bosta's API) or `manual` (a courier staff booked themselves).
    #[schema(pattern = r"^(bosta|manual)$")]
    #[serde(default, deserialize_with = "lenient_text")]
    pub courier: Option<String>,
    /// For `manual`: the courier's name, up to 100 characters.
    #[schema(max_length = 100)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub courier_name: Option<String>,
    /// For `manual`: its tracking number, 3 to 40 letters, digits or dashes.
    #[schema(max_length = 40)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub tracking: Option<String>,
}

impl HandOverRequest {
    fn read(self) -> Result<HandOver, ApiError> {
        match self.courier.as_deref().map(str::parse::<CourierKind>) {
            Some(Ok(CourierKind::Manual)) => {
                Ok(HandOver::Manual { courier_name: self.courier_name.unwrap_or_default(), tracking: self.tracking.unwrap_or_default() })
            }
            Some(Ok(kind)) => Ok(HandOver::Booked(kind)),
            Some(Err(_)) => Err(ApiError::Invalid(FieldErrors::single("courier", "choice_invalid"))),
            None => Err(ApiError::Invalid(FieldErrors::single("courier", "required"))),
        }
    }
}

async fn hand_over(
    state: Data<AppState>,
    audience: Audience,
    locale: Locale,
    principal: identity::service::Principal,
    id: OrderId,
    body: HandOverRequest,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    principal.require(permissions(audience).status)?;
    let hand_over = body.read()?;
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let found = blocking(move || desk.hand_over(viewer, audience, id, hand_over)).await?;
    Ok(Json(StaffOrderResponse { message: Some(text(locale, "order.handed_over", &[])), data: StaffOrderData::new(found, locale) }))
}

/// Hands a confirmed new client order's parcel to a courier (`order-status`): booked with
/// Bosta (with the order's total as the cash to collect; the order stays new until Bosta
/// reports the pick-up) or given to a courier staff booked themselves, with its tracking
/// number (the order goes on delivery at once). An order awaiting confirmation (`order`:
/// `not_confirmed`), no longer new (`not_new`) or handed over already (`courier`:
/// `already_handed_over`) is 422; Bosta failing is 502.
#[utoipa::path(operation_id = "handOverStaffOrder", post, path = "/api/dashboard/orders/{id}/shipment", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = HandOverRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody), (status = 502, body = ErrorBody)))]
pub async fn hand_over_order(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<HandOverRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    hand_over(state, Audience::Clients, locale, principal, id.into_inner(), body).await
}

/// Hands a guest order's parcel to a courier, as for client orders (`guest-order-edit`).
#[utoipa::path(operation_id = "handOverStaffGuestOrder", post, path = "/api/dashboard/guest-orders/{id}/shipment", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = HandOverRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody), (status = 502, body = ErrorBody)))]
pub async fn hand_over_guest_order(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<HandOverRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    hand_over(state, Audience::Guests, locale, principal, id.into_inner(), body).await
}

async fn refresh(
    state: Data<AppState>,
    audience: Audience,
    locale: Locale,
    principal: identity::service::Principal,
    id: OrderId,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    principal.require(permissions(audience).status)?;
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let found = blocking(move || desk.refresh_shipment(viewer, audience, id)).await?;
    Ok(Json(StaffOrderResponse { message: Some(text(locale, "order.shipment_refreshed", &[])), data: StaffOrderData::new(found, locale) }))
}

/// Asks the courier company where a client order's parcel is, for a state its webhook never
/// sent (`order-status`): its answer is kept and acted on as the webhook's report would be. A
/// parcel not handed over (`courier`: `not_handed_over`) or with staff's own courier
/// (`courier_unavailable`) is 422; the courier failing is 502.
#[utoipa::path(operation_id = "refreshStaffOrderShipment", post, path = "/api/dashboard/orders/{id}/shipment/refresh", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody), (status = 502, body = ErrorBody)))]
pub async fn refresh_order_shipment(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    refresh(state, Audience::Clients, locale, principal, id.into_inner()).await
}

/// Asks the courier company where a guest order's parcel is, as for client orders
/// (`guest-order-edit`).
#[utoipa::path(operation_id = "refreshStaffGuestOrderShipment", post, path = "/api/dashboard/guest-orders/{id}/shipment/refresh", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody), (status = 502, body = ErrorBody)))]
pub async fn refresh_guest_order_shipment(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    refresh(state, Audience::Guests, locale, principal, id.into_inner()).await
}

async fn airway_bill(state: Data<AppState>, audience: Audience, principal: identity::service::Principal, id: OrderId) -> Result<HttpResponse, ApiError> {
    principal.require(permissions(audience).status)?;
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let pdf = blocking(move || desk.airway_bill(viewer, audience, id)).await?;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "application/pdf"))
        .insert_header((CONTENT_DISPOSITION, format!("inline; filename=\"airway-bill-{}.pdf\"", id.0)))
        .insert_header((CACHE_CONTROL, "private, no-store"))
        .body(pdf))
}

/// The airway bill of a client order's parcel booked with a courier company, a PDF from the
/// courier (`order-status`); 404 for a parcel staff handed to their own courier.
#[utoipa::path(operation_id = "staffOrderAirwayBill", get, path = "/api/dashboard/orders/{id}/airway-bill", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 502, body = ErrorBody)))]
pub async fn order_airway_bill(state: Data<AppState>, AuthUser(principal): AuthUser, id: Path<OrderId>) -> Result<HttpResponse, ApiError> {
    airway_bill(state, Audience::Clients, principal, id.into_inner()).await
}

/// The airway bill of a guest order's parcel, as for client orders (`guest-order-edit`).
#[utoipa::path(operation_id = "staffGuestOrderAirwayBill", get, path = "/api/dashboard/guest-orders/{id}/airway-bill", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 502, body = ErrorBody)))]
pub async fn guest_order_airway_bill(state: Data<AppState>, AuthUser(principal): AuthUser, id: Path<OrderId>) -> Result<HttpResponse, ApiError> {
    airway_bill(state, Audience::Guests, principal, id.into_inner()).await
}
