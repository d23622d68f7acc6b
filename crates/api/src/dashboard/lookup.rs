//! The dashboard header's look-up (`GET /api/dashboard/lookup?q=`): the orders, clients and
//! products one text finds, each group as its own list finds them, so that a sales engineer sees
//! only their own clients and their orders.

use actix_web::web::{self, Data, Json};
use catalog::{ProductPage, ProductQuery, Sort};
use identity::people::ClientQuery;
use identity::permission::Permission;
use identity::service::Principal;
use kernel::{FieldErrors, Locale, PageRequest};
use ordering::{Audience, StaffOrderQuery};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Lang, QueryParams, blocking};
use crate::common::orders::status_label;
use crate::common::paging::ListParams;
use crate::dashboard::orders::{permissions, viewer};
use crate::dashboard::users::ClientData;
use crate::storefront::catalog::catalogue;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/dashboard/lookup", web::get().to(lookup));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(lookup))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// Each group lists at most this many: the look-up is a way in, the lists are for browsing.
const PER_GROUP: u32 = 5;

/// The longest text looked up, in characters.
const MAX_TEXT: usize = 100;

/// An order the look-up found.
#[derive(Debug, Serialize, ToSchema)]
pub struct FoundOrder {
    /// Id.
    pub id: i64,
    /// `MS-2026-000123`.
    pub number: String,
    /// `orders` (a client's) or `guest-orders`: the list, and the page, it belongs to.
    #[schema(pattern = "^(orders|guest-orders)$")]
    pub list: String,
    /// The buyer's name.
    pub name: String,
    /// The buyer's phone, national form.
    pub phone: String,
    /// What the buyer pays, EGP.
    #[schema(value_type = f64)]
    pub total: kernel::Money,
    /// `new`, `on_delivery`, `delivered` or `cancelled`.
    pub status: String,
    /// The status in the request's language.
    pub status_label: String,
    /// Still awaiting the buyer's confirmation.
    pub awaiting_confirmation: bool,
}

/// A product the look-up found.
#[derive(Debug, Serialize, ToSchema)]
pub struct FoundProduct {
    /// Id.
    pub id: i64,
    /// Its name in the request's language.
    pub name: String,
    /// Units in stock.
    pub quantity: i64,
}

/// What one text found, group by group; a group the staff member may not list is empty.
#[derive(Debug, Serialize, ToSchema)]
pub struct LookupData {
    /// Orders by number, the buyer's phone (any form) or name, or a product's name, newest
    /// first: clients' orders, then guests'.
    pub orders: Vec<FoundOrder>,
    /// Clients by name, phone or e-mail.
    pub clients: Vec<ClientData>,
    /// Products by name.
    pub products: Vec<FoundProduct>,
}

/// The look-up's answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct LookupResponse {
    /// What it found.
    pub data: LookupData,
}

/// Looks up a text across orders (`order-list`, `guest-order-list`), clients (`client-list`)
/// and products (`product-list`), at most 5 of each: an order number, a phone in any form
/// (Arabic-Indic digits too), a name or an e-mail. Any staff member may look; each group holds
/// only what their own list would (empty without its permission; a sales engineer's own
/// clients and their orders). A customer is 403; a text over 100 characters is 422 on `q`.
#[utoipa::path(operation_id = "dashboardLookup", get, path = "/api/dashboard/lookup", tag = "dashboard", security(("bearer" = [])),
    params(("q" = Option<String>, Query, max_length = 100, description = "What to look for")),
    responses((status = 200, body = LookupResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn lookup(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    QueryParams(params): QueryParams,
) -> Result<Json<LookupResponse>, ApiError> {
    principal.require_staff()?;
    let user = &principal.user;
    let params = ListParams(params);
    let text = params.text("q").unwrap_or_default();
    let mut errors = FieldErrors::new();
    errors.limit_length("q", &text, MAX_TEXT);
    errors.into_result()?;
    let mut found = LookupData { orders: vec![], clients: vec![], products: vec![] };
    if text.trim().is_empty() {
        return Ok(Json(LookupResponse { data: found }));
    }
    let page = PageRequest { page: 1, per_page: PER_GROUP };
    for audience in [Audience::Clients, Audience::Guests] {
        if user.can(permissions(audience).list) {
            found.orders.extend(orders(&state, &principal, audience, &text, page, locale).await?);
        }
    }
    found.orders.truncate(PER_GROUP as usize);
    if user.can(Permission::ClientList) {
        let query = ClientQuery { search: Some(text.clone()), status: None, city: None, group: None, sales_engineer: None, page };
        let (people, viewer) = (state.people.clone(), principal.user.clone());
        let clients = blocking(move || people.clients(&viewer, query)).await?;
        found.clients = clients.data.into_iter().map(|client| ClientData::new(client, locale)).collect();
    }
    if user.can(Permission::ProductList) {
        found.products = products(&state, &text, page, locale).await?;
    }
    Ok(Json(LookupResponse { data: found }))
}

async fn orders(
    state: &AppState,
    principal: &Principal,
    audience: Audience,
    text: &str,
    page: PageRequest,
    locale: Locale,
) -> Result<Vec<FoundOrder>, ApiError> {
    let query = StaffOrderQuery {
        audience,
        status: None,
        source: None,
        city: None,
        from: None,
        to: None,
        search: Some(text.to_string()),
        sales_engineer: None,
        awaiting_confirmation: false,
        page,
    };
    let (desk, viewer) = (state.order_desk.clone(), viewer(principal));
    let listing = blocking(move || desk.orders(viewer, query)).await?;
    let list = match audience {
        Audience::Clients => "orders",
        Audience::Guests => "guest-orders",
    };
    Ok(listing
        .page
        .data
        .into_iter()
        .map(|order| FoundOrder {
            id: order.id.0,
            list: list.to_string(),
            name: order.placed.customer_name.clone(),
            phone: order.placed.customer_phone.to_string(),
            total: order.placed.totals.total,
            status: <&str>::from(order.status).to_string(),
            status_label: status_label(locale, order.status),
            awaiting_confirmation: order.awaiting_confirmation(),
            number: order.number,
        })
        .collect())
}

async fn products(state: &AppState, text: &str, page: PageRequest, locale: Locale) -> Result<Vec<FoundProduct>, ApiError> {
    let query = ProductQuery { search: Some(text.to_string()), sort: Sort::Relevance, off_sale_too: true, ..ProductQuery::every(page) };
    let ProductPage { page, .. } = catalogue(state).await?.list_products(&query, state.catalog.now());
    Ok(page
        .data
        .into_iter()
        .map(|card| FoundProduct { id: card.product.id.0, name: card.product.draft.name.pick(locale).clone(), quantity: card.product.draft.quantity })
        .collect())
}
