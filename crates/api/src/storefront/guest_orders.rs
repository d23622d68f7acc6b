//! Orders without an account under `/api/guest-orders`: a guest's checkout of the browser
//! cart (also the cart's "order through WhatsApp"), and tracking by number and phone.

use actix_web::web::{self, Data, Json, Path};
use actix_web::{HttpRequest, HttpResponse};
use identity::throttle::ClientAction;
use kernel::validation::limits;
use kernel::{CityId, FieldErrors, Phone, ProductId};
use ordering::{GuestCheckout, OrderSource};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{Body, ClientAddress, Lang, QueryParams, blocking};
use crate::common::idempotency::{answer_once, fingerprint, idempotency_key};
use crate::common::lenient::{lenient_int, lenient_text};
use crate::common::orders::{CheckoutFields, CommonFields, ORDER_KEY_REUSED, OrderData, OrderResponse, PlacedOrderResponse, placed_answer};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/guest-orders/checkout", web::post().to(checkout))
        .route("/guest-orders/track", web::get().to(track))
        .route("/order-confirmations/{token}", web::get().to(confirmation))
        .route("/order-confirmations/{token}", web::post().to(confirm))
        .route("/order-confirmations/{token}/not-mine", web::post().to(not_mine));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(checkout, track, confirmation, confirm, not_mine))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// One line of the browser cart.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct GuestItem {
    /// The product's id.
    #[serde(default, deserialize_with = "lenient_int")]
    pub id: Option<i64>,
    /// Units, 1 to 999 (a number or its text).
    #[serde(default, deserialize_with = "lenient_int")]
    pub quantity: Option<i64>,
}

impl GuestItem {
    /// The line as ordering reads it: a line without a product or a quantity fails the
    /// quantity rule.
    pub fn line(&self) -> (ProductId, i64) {
        (ProductId(self.id.unwrap_or(0)), self.quantity.filter(|_| self.id.is_some()).unwrap_or(0))
    }

    /// The lines sent, refused before any is read when they are more than an order holds.
    pub fn lines(items: &[GuestItem]) -> Result<Vec<(ProductId, i64)>, FieldErrors> {
        if items.len() > ordering::checkout::MAX_LINES {
            return Err(FieldErrors::single("items", "cart_items_too_many"));
        }
        Ok(items.iter().map(GuestItem::line).collect())
    }
}

/// A guest's checkout.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct GuestCheckoutRequest {
    /// The buyer's name.
    #[schema(max_length = 200)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub name: Option<String>,
    /// An Egyptian mobile, any common form.
    #[serde(default, deserialize_with = "lenient_text")]
    pub phone: Option<String>,
    /// The street, village or landmark.
    #[schema(max_length = 500)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub address: Option<String>,
    /// What the courier looks for there ("behind the mosque"), up to 200 characters: the
    /// order's address carries it after the address.
    #[schema(max_length = 200)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub landmark: Option<String>,
    /// One of the `shipping-cities`.
    #[serde(default, deserialize_with = "lenient_int")]
    pub city_id: Option<i64>,
    /// The browser cart, 1 to 100 lines.
    #[schema(max_items = 100)]
    #[serde(default)]
    pub items: Vec<GuestItem>,
    /// `guest` (default), or `whatsapp` for the cart's "order through WhatsApp".
    pub source: Option<String>,
    /// What every checkout sends besides where the order goes.
    #[serde(flatten)]
    pub fields: CheckoutFields,
}

impl GuestCheckoutRequest {
    fn into_domain(self) -> Result<GuestCheckout, FieldErrors> {
        let mut errors = FieldErrors::new();
        for (field, value, max) in [("name", &self.name, limits::NAME), ("address", &self.address, limits::ADDRESS), ("landmark", &self.landmark, limits::NAME)]
        {
            errors.limit_length(field, value.as_deref().unwrap_or_default(), max);
        }
        let CommonFields { notes, copoun, payment_method, expected_total, acknowledged_safety } = self.fields.read(&mut errors);
        let source = match self.source.as_deref().map(str::trim) {
            None | Some("") | Some("guest") => OrderSource::Guest,
            Some("whatsapp") => OrderSource::Whatsapp,
            Some(_) => {
                errors.add("source", "source_invalid");
                OrderSource::Guest
            }
        };
        if self.items.len() > ordering::checkout::MAX_LINES {
            errors.add("items", "cart_items_too_many");
        }
        errors.into_result()?;
        Ok(GuestCheckout {
            source,
            name: self.name.unwrap_or_default().trim().to_string(),
            phone: self.phone.unwrap_or_default(),
            address: self.address.unwrap_or_default().trim().to_string(),
            landmark: self.landmark.unwrap_or_default().trim().to_string(),
            city: self.city_id.map(CityId),
            items: self.items.iter().map(GuestItem::line).collect(),
            notes,
            copoun,
            expected_total,
            payment_method,
            acknowledged_safety,
        })
    }
}

/// A guest buys the browser cart. Send a fresh `Idempotency-Key` per attempt: a repeat gets
/// the key's first answer again (the order, or the refusal) with `Idempotent-Replayed: true`.
/// The order can then be tracked with its number and the phone. Each client address may try only so many
/// an hour (429 with `Retry-After`).
#[utoipa::path(operation_id = "guestCheckout", post, path = "/api/guest-orders/checkout", tag = "orders", request_body = GuestCheckoutRequest,
    params(("Idempotency-Key" = Option<String>, Header, description = "1 to 255 characters, fresh per checkout attempt")),
    responses((status = 201, body = PlacedOrderResponse), (status = 400, body = ErrorBody), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn checkout(
    state: Data<AppState>,
    request: HttpRequest,
    Lang(locale): Lang,
    ClientAddress(client): ClientAddress,
    Body(body): Body<GuestCheckoutRequest>,
) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    blocking(move || identity.admit(ClientAction::GuestOrder, &client)).await?;
    let fingerprint = fingerprint(&body)?;
    let checkout = body.into_domain()?;
    let caller = Phone::parse(&checkout.phone).map_or_else(|| format!("guest:{}", checkout.phone.trim()), |phone| format!("guest:{phone}"));
    let key = idempotency_key(request.headers(), caller, fingerprint)?;
    let orders = state.orders.clone();
    answer_once(state.idempotency.clone(), key, locale, ORDER_KEY_REUSED, placed_answer(locale, "order.placed_guest", state.orders.clone()), move |keyed| {
        Ok(orders.place_guest_order(checkout, locale, keyed)?)
    })
    .await
}

/// A guest order by its number and the phone it was placed with (any common form); a wrong
/// pair is 404, without saying which part is wrong. Each client address may look up only so
/// many in 15 minutes, so phones cannot be walked for a known number.
#[utoipa::path(operation_id = "trackGuestOrder", get, path = "/api/guest-orders/track", tag = "orders",
    params(("number" = String, Query, description = "The order's number, `MS-2026-000123`"), ("phone" = String, Query, description = "The phone it was placed with")),
    responses((status = 200, body = OrderResponse), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn track(
    state: Data<AppState>,
    Lang(locale): Lang,
    ClientAddress(client): ClientAddress,
    QueryParams(params): QueryParams,
) -> Result<Json<OrderResponse>, ApiError> {
    let identity = state.identity.clone();
    blocking(move || identity.admit(ClientAction::TrackOrder, &client)).await?;
    let number = params.get("number").cloned().unwrap_or_default();
    let phone = params.get("phone").cloned().unwrap_or_default();
    if number.len() > 40 || phone.len() > 40 {
        return Err(ApiError::NotFound);
    }
    let orders = state.orders.clone();
    let order = blocking(move || orders.track(&number, &phone)).await?;
    Ok(Json(OrderResponse { data: OrderData::for_buyer(order, locale, &state.orders) }))
}

/// The buyer confirms their order with the link its SMS carried (the page at `/confirm/{token}`
/// sends this when they tap, so a link previewer opening the page confirms nothing): once, and
/// only the order the link names. A made-up link, or one of an order no longer awaiting
/// confirmation, is 404.
#[utoipa::path(operation_id = "confirmOrder", post, path = "/api/order-confirmations/{token}", tag = "orders",
    params(("token" = String, Path, description = "The link's last part, `<order id>-<signature>`")),
    responses((status = 200, body = OrderResponse), (status = 404, body = ErrorBody)))]
pub async fn confirm(state: Data<AppState>, Lang(locale): Lang, token: Path<String>) -> Result<Json<OrderResponse>, ApiError> {
    let token = link_token(token)?;
    let orders = state.orders.clone();
    let order = blocking(move || orders.confirm_by_link(&token)).await?;
    Ok(Json(OrderResponse { data: OrderData::for_buyer(order, locale, &state.orders) }))
}

/// What a confirmation link's page shows: enough for the buyer to know the order, not enough
/// for whoever else reads the SMS to learn where they live.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConfirmationPageData {
    /// The order's number, `MS-2026-000123`.
    pub number: String,
    /// `awaiting` (it waits for the buyer: the page offers to confirm it or to say it is not
    /// theirs), `confirmed`, `cancelled`, or `not_ordered` (cancelled from this page).
    #[schema(pattern = r"^(awaiting|confirmed|cancelled|not_ordered)$")]
    pub state: &'static str,
    /// Its lines: the product's name in the request's language and how many.
    pub lines: Vec<ConfirmationPageLine>,
    /// What the buyer pays on delivery, EGP.
    #[schema(value_type = f64)]
    pub total: kernel::Money,
    /// The city it goes to.
    pub city: String,
    /// The address's first characters, the rest hidden.
    pub address: String,
    /// When an order still awaiting its buyer cancels itself.
    pub confirm_by: chrono::DateTime<chrono::Utc>,
}

/// A line of the order a confirmation link names.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConfirmationPageLine {
    /// The product's name.
    pub name: String,
    /// How many.
    pub quantity: u32,
}

/// The confirmation page's answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConfirmationPageResponse {
    /// The order as the page shows it.
    pub data: ConfirmationPageData,
}

impl ConfirmationPageData {
    fn new(order: &ordering::Order, confirm_by: chrono::DateTime<chrono::Utc>, locale: kernel::Locale) -> ConfirmationPageData {
        let state = match (order.status, order.cancelled_as) {
            (ordering::OrderStatus::Cancelled, Some(ordering::CancelCause::NotOrdered)) => "not_ordered",
            (ordering::OrderStatus::Cancelled, _) => "cancelled",
            _ if order.awaiting_confirmation() => "awaiting",
            _ => "confirmed",
        };
        let address = &order.placed.destination.address;
        // Four characters (fewer for a short address) say which of the buyer's places it is.
        let shown: String = address.chars().take(4.min(address.chars().count() / 2)).collect();
        ConfirmationPageData {
            number: order.number.clone(),
            state,
            lines: order.placed.lines.iter().map(|line| ConfirmationPageLine { name: line.name.pick(locale).clone(), quantity: line.quantity }).collect(),
            total: order.placed.totals.total,
            city: order.placed.destination.city_name.pick(locale).clone(),
            address: format!("{shown}•••"),
            confirm_by,
        }
    }
}

/// Reads a confirmation link's order for its page, when the link is at most 60 characters.
fn link_token(token: Path<String>) -> Result<String, ApiError> {
    let token = token.into_inner();
    if token.len() > 60 {
        return Err(ApiError::NotFound);
    }
    Ok(token)
}

/// What the confirmation link of an order's SMS confirms: its number, lines, total, city and
/// address (masked) and the deadline, and where it stands, so the page opened again after
/// confirming says so. Reading changes nothing (a link preview may open it); the link shows its
/// order for 30 days. A made-up or older link is 404.
#[utoipa::path(operation_id = "showOrderConfirmation", get, path = "/api/order-confirmations/{token}", tag = "orders",
    params(("token" = String, Path, description = "The link's last part, `<order id>-<signature>`")),
    responses((status = 200, body = ConfirmationPageResponse), (status = 404, body = ErrorBody)))]
pub async fn confirmation(state: Data<AppState>, Lang(locale): Lang, token: Path<String>) -> Result<Json<ConfirmationPageResponse>, ApiError> {
    link_page(&state, token, locale, ordering::Orders::order_by_link).await
}

/// The confirmation page's answer after `step` (reading the link's order, or disowning it).
async fn link_page(
    state: &AppState,
    token: Path<String>,
    locale: kernel::Locale,
    step: fn(&ordering::Orders, &str) -> Result<ordering::Order, ordering::OrderingError>,
) -> Result<Json<ConfirmationPageResponse>, ApiError> {
    let token = link_token(token)?;
    let orders = state.orders.clone();
    let data = blocking(move || step(&orders, &token).map(|order| ConfirmationPageData::new(&order, orders.confirm_by(&order), locale))).await?;
    Ok(Json(ConfirmationPageResponse { data }))
}

/// "I did not order this": the order the link names, while it awaits its buyer, is cancelled as
/// not ordered by the phone's owner and its stock goes back; the phone's record counts it apart,
/// never against the phone. Answers the page's new state. Once the order was confirmed or
/// cancelled, 404.
#[utoipa::path(operation_id = "disownOrder", post, path = "/api/order-confirmations/{token}/not-mine", tag = "orders",
    params(("token" = String, Path, description = "The link's last part, `<order id>-<signature>`")),
    responses((status = 200, body = ConfirmationPageResponse), (status = 404, body = ErrorBody)))]
pub async fn not_mine(state: Data<AppState>, Lang(locale): Lang, token: Path<String>) -> Result<Json<ConfirmationPageResponse>, ApiError> {
    link_page(&state, token, locale, ordering::Orders::disown_by_link).await
}
