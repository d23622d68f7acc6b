//! A client's orders under `/api/orders`: checkout of the server cart, the history, one order,
//! and cancelling while it is new. The order's answer shape is shared with guest orders.

use actix_web::web::{self, Data, Json, Path};
use actix_web::{HttpRequest, HttpResponse};
use identity::service::Principal;
use kernel::{FieldErrors, Locale, OrderId, PageRequest};
use ordering::Buyer;
use utoipa::OpenApi;

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, QueryParams, blocking};
use crate::common::idempotency::{answer_once, fingerprint, idempotency_key};
use crate::common::messages::text;
use crate::common::orders::{CheckoutRequest, ORDER_KEY_REUSED, OrderData, OrderList, OrderResponse, PlacedOrderResponse, ReturnRequestBody, placed_answer};
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/orders/checkout", web::post().to(checkout))
        .route("/orders", web::get().to(list))
        .route("/orders/{id}", web::get().to(show))
        .route("/orders/{id}/cancel", web::post().to(cancel))
        .route("/orders/{id}/confirm", web::post().to(confirm))
        .route("/orders/{id}/returns", web::post().to(ask_return));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(checkout, list, show, cancel, confirm, ask_return))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

fn buyer_of(principal: &Principal, locale: Locale) -> Result<Buyer, ApiError> {
    if !principal.user.verified {
        return Err(ApiError::VerifyFirst);
    }
    Ok(Buyer { id: principal.user.id, name: principal.user.name.clone(), phone: principal.user.phone.clone(), group: principal.user.group_id, locale })
}

/// Buys the server cart (a verified account): stock is taken, the cart's bought lines leave
/// it. Send a fresh `Idempotency-Key` per attempt: a repeat gets the key's first answer again
/// (the order, or the refusal) with `Idempotent-Replayed: true`.
#[utoipa::path(operation_id = "checkout", post, path = "/api/orders/checkout", tag = "orders", security(("bearer" = [])), request_body = CheckoutRequest,
    params(("Idempotency-Key" = Option<String>, Header, description = "1 to 255 characters, fresh per checkout attempt")),
    responses((status = 201, body = PlacedOrderResponse), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn checkout(
    state: Data<AppState>,
    request: HttpRequest,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(body): Body<CheckoutRequest>,
) -> Result<HttpResponse, ApiError> {
    let buyer = buyer_of(&principal, locale)?;
    let fingerprint = fingerprint(&body)?;
    let checkout = body.into_domain()?;
    let key = idempotency_key(request.headers(), format!("user:{}", buyer.id), fingerprint)?;
    let orders = state.orders.clone();
    answer_once(state.idempotency.clone(), key, locale, ORDER_KEY_REUSED, placed_answer(locale, "order.placed", state.orders.clone()), move |keyed| {
        Ok(orders.place_order(&buyer, checkout, keyed)?)
    })
    .await
}

/// The client's orders, newest first.
#[utoipa::path(operation_id = "listOrders", get, path = "/api/orders", tag = "orders", security(("bearer" = [])),
    params(("status" = Option<String>, Query, pattern = r"^\s*(new|on_delivery|delivered|cancelled)?\s*$", description = "Only orders in this status: `new`, `on_delivery`, `delivered` or `cancelled`"), PageParams),
    responses((status = 200, body = OrderList), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    QueryParams(params): QueryParams,
) -> Result<Json<OrderList>, ApiError> {
    let params = ListParams(params);
    let status = match params.text("status") {
        Some(status) => Some(status.parse::<ordering::OrderStatus>().map_err(|_| FieldErrors::single("status", "status_invalid"))?),
        None => None,
    };
    let page: PageRequest = params.page()?;
    let (orders, owner) = (state.orders.clone(), principal.user.id);
    let page = blocking(move || orders.orders(owner, status, page)).await?;
    Ok(Json(OrderList { meta: PageMeta::from(&page), data: page.data.into_iter().map(|order| OrderData::for_client(order, locale, &state.orders)).collect() }))
}

/// One of the client's orders; another's is 404.
#[utoipa::path(operation_id = "showOrder", get, path = "/api/orders/{id}", params(("id" = i64, Path, description = "The order's id")), tag = "orders", security(("bearer" = [])),
    responses((status = 200, body = OrderResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show(state: Data<AppState>, Lang(locale): Lang, id: Path<OrderId>, AuthUser(principal): AuthUser) -> Result<Json<OrderResponse>, ApiError> {
    let (orders, owner, id) = (state.orders.clone(), principal.user.id, id.into_inner());
    let order = blocking(move || orders.order(owner, id)).await?;
    Ok(Json(OrderResponse { data: OrderData::for_client(order, locale, &state.orders) }))
}

/// Asks to return units of one of the client's delivered orders, with why: within
/// `orders.return_days` (14) of its delivery, of products whose category takes returns once
/// opened, no more units than received less those of its other returns not refused. The shop
/// then approves or refuses, picks the parcel up and pays the units back in cash, taking back
/// the points they earned.
#[utoipa::path(operation_id = "askOrderReturn", post, path = "/api/orders/{id}/returns", params(("id" = i64, Path, description = "The order's id")), tag = "orders",
    security(("bearer" = [])), request_body = ReturnRequestBody,
    responses((status = 201, body = PlacedOrderResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn ask_return(
    state: Data<AppState>,
    Lang(locale): Lang,
    id: Path<OrderId>,
    AuthUser(principal): AuthUser,
    Body(body): Body<ReturnRequestBody>,
) -> Result<HttpResponse, ApiError> {
    let (orders, owner, id, request) = (state.orders.clone(), principal.user.id, id.into_inner(), body.into_domain()?);
    let order = blocking(move || orders.ask_return(owner, id, request)).await?;
    let data = OrderData::for_client(order, locale, &state.orders);
    Ok(HttpResponse::Created().json(PlacedOrderResponse { message: text(locale, "order.return_asked", &[]), data, confirmation_url: None }))
}

/// Cancels one of the client's orders while it is `new`; its stock goes back.
#[utoipa::path(operation_id = "cancelOrder", post, path = "/api/orders/{id}/cancel", params(("id" = i64, Path, description = "The order's id")), tag = "orders",
    security(("bearer" = [])), responses((status = 200, body = PlacedOrderResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn cancel(
    state: Data<AppState>,
    Lang(locale): Lang,
    id: Path<OrderId>,
    AuthUser(principal): AuthUser,
) -> Result<Json<PlacedOrderResponse>, ApiError> {
    let (orders, owner, id) = (state.orders.clone(), principal.user.id, id.into_inner());
    let order = blocking(move || orders.cancel(owner, id)).await?;
    Ok(Json(PlacedOrderResponse { message: text(locale, "order.cancelled", &[]), data: OrderData::new(order, locale), confirmation_url: None }))
}

/// Confirms one of the client's orders while it awaits them, as the link in its SMS would (a
/// client who missed the SMS finds it in their history). An order whose phone the shop calls
/// is 422 (`confirmed_by_call`); one no longer awaiting, 404.
#[utoipa::path(operation_id = "confirmOwnOrder", post, path = "/api/orders/{id}/confirm", params(("id" = i64, Path, description = "The order's id")), tag = "orders",
    security(("bearer" = [])), responses((status = 200, body = PlacedOrderResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn confirm(
    state: Data<AppState>,
    Lang(locale): Lang,
    id: Path<OrderId>,
    AuthUser(principal): AuthUser,
) -> Result<Json<PlacedOrderResponse>, ApiError> {
    let (orders, owner, id) = (state.orders.clone(), principal.user.id, id.into_inner());
    let order = blocking(move || orders.confirm_own(owner, id)).await?;
    Ok(Json(PlacedOrderResponse {
        message: text(locale, "order.confirmed", &[]),
        data: OrderData::for_client(order, locale, &state.orders),
        confirmation_url: None,
    }))
}
