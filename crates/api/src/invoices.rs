//! Invoices as PDF (design §5), for whoever may see the order: its client
//! (`/api/orders/{id}/invoice`), the guest who knows its number and phone
//! (`/api/guest-orders/{number}/invoice?phone=`) and staff (`/api/dashboard/orders/{id}/invoice`,
//! `/api/dashboard/guest-orders/{id}/invoice`). Each is in the request's language unless
//! `?lang=ar|en` says otherwise; anyone else gets a 404.

use actix_web::HttpResponse;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::web::{self, Data, Path};
use identity::permission::Permission;
use identity::throttle::ClientAction;
use identity::user::Role;
use kernel::{Locale, OrderId};
use ordering::{Audience, PrintedInvoice, Viewer};
use utoipa::OpenApi;

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, ClientAddress, Lang, QueryParams, blocking};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/orders/{id}/invoice", web::get().to(client_invoice))
        .route("/guest-orders/{number}/invoice", web::get().to(guest_invoice))
        .route("/dashboard/orders/{id}/invoice", web::get().to(staff_invoice))
        .route("/dashboard/guest-orders/{id}/invoice", web::get().to(staff_guest_invoice));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(client_invoice, guest_invoice, staff_invoice, staff_guest_invoice))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// The request's language, or the one `?lang=` names.
fn language(locale: Locale, params: &std::collections::HashMap<String, String>) -> Locale {
    params.get("lang").map_or(locale, |lang| Locale::from_header(lang))
}

/// The PDF as a download named after the order; it is the buyer's, so no cache keeps it.
fn pdf(invoice: PrintedInvoice) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "application/pdf"))
        .insert_header((CONTENT_DISPOSITION, format!("attachment; filename=\"invoice-{}.pdf\"", invoice.number)))
        .insert_header((CACHE_CONTROL, "private, no-store"))
        .body(invoice.pdf)
}

/// The client's own order's invoice; another's is 404.
#[utoipa::path(operation_id = "orderInvoice", get, path = "/api/orders/{id}/invoice", tag = "orders", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The order's id"), ("lang" = Option<String>, Query, pattern = r"^(ar|en)?$", description = "`ar` or `en`; else the request's language")),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn client_invoice(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    QueryParams(params): QueryParams,
) -> Result<HttpResponse, ApiError> {
    let (invoices, owner, id, locale) = (state.invoices.clone(), principal.user.id, id.into_inner(), language(locale, &params));
    Ok(pdf(blocking(move || invoices.for_client(owner, id, locale)).await?))
}

/// A guest order's invoice by its number and the phone it was placed with (any common form); a
/// wrong pair is 404. Look-ups count against the same per-address limit as tracking.
#[utoipa::path(operation_id = "guestOrderInvoice", get, path = "/api/guest-orders/{number}/invoice", tag = "orders",
    params(("number" = String, Path, description = "The order's number"), ("phone" = String, Query, description = "The phone it was placed with"),
        ("lang" = Option<String>, Query, pattern = r"^(ar|en)?$", description = "`ar` or `en`; else the request's language")),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn guest_invoice(
    state: Data<AppState>,
    Lang(locale): Lang,
    ClientAddress(client): ClientAddress,
    number: Path<String>,
    QueryParams(params): QueryParams,
) -> Result<HttpResponse, ApiError> {
    let identity = state.identity.clone();
    blocking(move || identity.admit(ClientAction::TrackOrder, &client)).await?;
    let (number, phone, locale) = (number.into_inner(), params.get("phone").cloned().unwrap_or_default(), language(locale, &params));
    if number.len() > 40 || phone.len() > 40 {
        return Err(ApiError::NotFound);
    }
    let invoices = state.invoices.clone();
    Ok(pdf(blocking(move || invoices.for_guest(&number, &phone, locale)).await?))
}

async fn staff(
    state: Data<AppState>,
    audience: Audience,
    locale: Locale,
    principal: identity::service::Principal,
    id: OrderId,
) -> Result<HttpResponse, ApiError> {
    principal.require(match audience {
        Audience::Clients => Permission::OrderList,
        Audience::Guests => Permission::GuestOrderList,
    })?;
    let viewer = Viewer { id: principal.user.id, sales_engineer: principal.user.role == Role::Sales };
    let invoices = state.invoices.clone();
    Ok(pdf(blocking(move || invoices.for_staff(viewer, audience, id, locale)).await?))
}

/// A client order's invoice for staff (`order-list`; a sales engineer's own clients only).
#[utoipa::path(operation_id = "staffOrderInvoice", get, path = "/api/dashboard/orders/{id}/invoice", tag = "dashboard", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The order's id"), ("lang" = Option<String>, Query, pattern = r"^(ar|en)?$", description = "`ar` or `en`; else the request's language")),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn staff_invoice(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    QueryParams(params): QueryParams,
) -> Result<HttpResponse, ApiError> {
    staff(state, Audience::Clients, language(locale, &params), principal, id.into_inner()).await
}

/// A guest order's invoice for staff (`guest-order-list`).
#[utoipa::path(operation_id = "staffGuestOrderInvoice", get, path = "/api/dashboard/guest-orders/{id}/invoice", tag = "dashboard", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The order's id"), ("lang" = Option<String>, Query, pattern = r"^(ar|en)?$", description = "`ar` or `en`; else the request's language")),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn staff_guest_invoice(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    QueryParams(params): QueryParams,
) -> Result<HttpResponse, ApiError> {
    staff(state, Audience::Guests, language(locale, &params), principal, id.into_inner()).await
}
