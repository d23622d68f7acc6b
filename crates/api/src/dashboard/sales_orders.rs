//! Orders staff place for a client under `/api/dashboard/sales-orders` (`order-create`): a
//! sales engineer for one of the clients they look after, an admin for any client. The same
//! use case as a client's checkout decides stock, promo codes and idempotency.

use actix_web::web::{self, Data};
use actix_web::{HttpRequest, HttpResponse};
use identity::permission::Permission;
use kernel::{FieldErrors, UserId};
use ordering::Buyer;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang};
use crate::common::idempotency::{answer_once, fingerprint, idempotency_key};
use crate::common::lenient::lenient_int;
use crate::common::orders::{CheckoutRequest, ORDER_KEY_REUSED, PlacedOrderResponse, placed_answer};
use crate::storefront::guest_orders::GuestItem;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/dashboard/sales-orders", web::post().to(place));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(place))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// An order for a client: who, what, and the checkout's own fields (a saved address of the
/// client's by `address_id`, or `address` and `city_id`; `type`; a promo code; the total seen).
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct SalesOrderRequest {
    /// The client's id.
    #[serde(default, deserialize_with = "lenient_int")]
    pub user_id: Option<i64>,
    /// The lines, 1 to 100 of 1 to 999 units.
    #[schema(max_items = 100)]
    #[serde(default)]
    pub items: Vec<GuestItem>,
    /// Where it goes and the rest, as at checkout.
    #[serde(flatten)]
    pub order: CheckoutRequest,
}

/// Places an order for a client (`order-create`): a sales engineer only for the clients they
/// look after. Send a fresh `Idempotency-Key` per attempt, as at checkout.
#[utoipa::path(operation_id = "placeSalesOrder", post, path = "/api/dashboard/sales-orders", tag = "dashboard", security(("bearer" = [])),
    request_body = SalesOrderRequest, params(("Idempotency-Key" = Option<String>, Header, description = "1 to 255 characters, fresh per attempt")),
    responses((status = 201, body = PlacedOrderResponse), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn place(
    state: Data<AppState>,
    request: HttpRequest,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(body): Body<SalesOrderRequest>,
) -> Result<HttpResponse, ApiError> {
    principal.require(Permission::OrderCreate)?;
    let client = body.user_id.map(UserId).ok_or_else(|| FieldErrors::single("user_id", "required"))?;
    let items = GuestItem::lines(&body.items)?;
    let fingerprint = fingerprint(&body)?;
    let checkout = body.order.into_domain()?;
    let key = idempotency_key(request.headers(), format!("sales:{}", principal.user.id), fingerprint)?;
    let (people, orders, viewer) = (state.people.clone(), state.orders.clone(), principal.user);
    answer_once(
        state.idempotency.clone(),
        key,
        locale,
        ORDER_KEY_REUSED,
        placed_answer(locale, "order.placed_for_client", state.orders.clone()),
        move |keyed| {
            let profile = people.client(&viewer, client)?;
            let summary = profile.summary;
            let buyer = Buyer { id: summary.id, name: summary.name, phone: summary.phone, group: summary.group.map(|group| group.id), locale };
            Ok(orders.place_sales_order(&buyer, checkout, &items, keyed)?)
        },
    )
    .await
}
