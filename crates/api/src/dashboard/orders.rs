//! Staff's orders under `/api/dashboard/orders` (clients' orders, `order-*`) and
//! `/api/dashboard/guest-orders` (orders without an account: guests and WhatsApp,
//! `guest-order-*`): the filtered lists with counts per status, a CSV export, one order with
//! its history and notes, status changes along the state machine (one or many), notes, and the
//! sales engineer. A sales engineer sees only the client orders they look after; any other is
//! 404.

use actix_web::HttpResponse;
use actix_web::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::web::{self, Bytes, Data, Json, Path};
use chrono::{DateTime, NaiveDate, Utc};
use identity::permission::Permission;
use identity::service::Principal;
use identity::user::Role;
use kernel::{CityId, FieldErrors, Locale, Money, OrderId, PageRequest, UserId};
use ordering::returns::ReturnState;
use ordering::{Audience, CancelCause, ConfirmedVia, OrderChange, OrderSource, OrderStatus, PhoneStanding, StaffOrder, StaffOrderQuery, StoryLine, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, QueryParams, blocking};
use crate::common::lenient::{lenient_int, lenient_text};
use crate::common::messages::text;
use crate::common::orders::{OrderData, status_label};
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::common::spreadsheet::{csv_bytes, phone_cell};
use crate::{AppState, Resource};

/// Registers the routes; the export comes before `{id}` so that it is not read as one.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/orders", web::get().to(list_orders))
        .route("/dashboard/orders/export.csv", web::get().to(export_orders))
        .route("/dashboard/orders/bulk-status", web::post().to(bulk_status_orders))
        .route("/dashboard/orders/{id}", web::get().to(show_order))
        .route("/dashboard/orders/{id}/status", web::post().to(status_order))
        .route("/dashboard/orders/{id}/confirm", web::post().to(confirm_order))
        .route("/dashboard/orders/{id}/refusal", web::post().to(refuse_order))
        .route("/dashboard/orders/{id}/delivery-attempts", web::post().to(fail_order_delivery))
        .route("/dashboard/orders/{id}/notes", web::post().to(note_order))
        .route("/dashboard/orders/{id}/sales-engineer", web::post().to(assign_order))
        .route("/dashboard/guest-orders", web::get().to(list_guest_orders))
        .route("/dashboard/guest-orders/export.csv", web::get().to(export_guest_orders))
        .route("/dashboard/guest-orders/bulk-status", web::post().to(bulk_status_guest_orders))
        .route("/dashboard/guest-orders/{id}", web::get().to(show_guest_order))
        .route("/dashboard/guest-orders/{id}/status", web::post().to(status_guest_order))
        .route("/dashboard/guest-orders/{id}/confirm", web::post().to(confirm_guest_order))
        .route("/dashboard/guest-orders/{id}/refusal", web::post().to(refuse_guest_order))
        .route("/dashboard/guest-orders/{id}/delivery-attempts", web::post().to(fail_guest_order_delivery))
        .route("/dashboard/guest-orders/{id}/notes", web::post().to(note_guest_order));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(
    list_orders,
    export_orders,
    bulk_status_orders,
    show_order,
    status_order,
    confirm_order,
    refuse_order,
    fail_order_delivery,
    note_order,
    assign_order,
    list_guest_orders,
    export_guest_orders,
    bulk_status_guest_orders,
    show_guest_order,
    status_guest_order,
    confirm_guest_order,
    refuse_guest_order,
    fail_guest_order_delivery,
    note_guest_order
))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// The most orders one export holds; narrow the filters for more.
pub const EXPORT_MAX: u32 = 10_000;
/// The most orders one bulk change moves.
pub const BULK_MAX: usize = 100;

/// The permissions of one list.
pub(crate) struct Permissions {
    pub(crate) list: Permission,
    pub(crate) status: Permission,
    pub(crate) edit: Permission,
}

pub(crate) fn permissions(audience: Audience) -> Permissions {
    match audience {
        Audience::Clients => Permissions { list: Permission::OrderList, status: Permission::OrderStatus, edit: Permission::OrderEdit },
        Audience::Guests => Permissions { list: Permission::GuestOrderList, status: Permission::GuestOrderEdit, edit: Permission::GuestOrderEdit },
    }
}

pub(crate) fn viewer(principal: &Principal) -> Viewer {
    Viewer { id: principal.user.id, sales_engineer: principal.user.role == Role::Sales }
}

/// A sales engineer by id and name.
#[derive(Debug, Serialize, ToSchema)]
pub struct SalesEngineerRef {
    /// Their account.
    pub id: i64,
    /// Their name.
    pub name: Option<String>,
}

/// A staff note.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffNoteData {
    /// Who wrote it, while their account exists.
    pub author_id: Option<i64>,
    /// Their name.
    pub author_name: Option<String>,
    /// What they wrote.
    pub body: String,
    /// When.
    pub at: DateTime<Utc>,
}

/// An order as staff see it: the order's shape (design §4a) with the client's account, the
/// sales engineer, the staff notes and the status changes' notes.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffOrderData {
    /// The order.
    #[serde(flatten)]
    pub order: OrderData,
    /// The client's account; null for a guest.
    pub user_id: Option<i64>,
    /// Who looks after it.
    pub sales_engineer: Option<SalesEngineerRef>,
    /// Staff notes, oldest first.
    pub staff_notes: Vec<StaffNoteData>,
    /// The statuses staff may move it to now.
    pub next_statuses: Vec<String>,
    /// The orders placed with its phone (this one included), on one order's page only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone_history: Option<PhoneHistoryData>,
    /// Until when its last move can be undone (`POST …/{id}/undo`); null when it cannot be, or
    /// in a list.
    pub undo_until: Option<DateTime<Utc>>,
    /// Everything that happened to it, oldest first: placed, confirmed (how), moved, failed
    /// attempts, lines changed or partly refused, returns; empty in a list.
    pub story: Vec<StoryLineData>,
}

/// One line of an order's story.
#[derive(Debug, Serialize, ToSchema)]
pub struct StoryLineData {
    /// The change's kind, as its webhook names it (`order.confirmed`).
    pub kind: String,
    /// When.
    pub at: DateTime<Utc>,
    /// Who did it (or, for `order.assigned`, the engineer it went to); null for the buyer or the
    /// shop itself, or an account since removed.
    pub name: Option<String>,
    /// What happened, in the request's language.
    pub text: String,
    /// What staff said of a move (the courier, why it was refused).
    pub note: Option<String>,
}

impl StoryLineData {
    fn of(line: StoryLine, locale: Locale) -> StoryLineData {
        let status = |status: OrderStatus| status_label(locale, status);
        let egp = |amount: Money| format!("{:.2}", amount.pounds());
        let (key, args): (&str, Vec<(&str, String)>) = match &line.change {
            OrderChange::Placed { total, awaits_call, .. } => {
                (if *awaits_call { "order.story.placed_to_call" } else { "order.story.placed" }, vec![("total", egp(*total))])
            }
            OrderChange::StatusChanged { from, to, .. } => ("order.story.moved", vec![("from", status(*from)), ("to", status(*to))]),
            OrderChange::Cancelled { from, cause, .. } => match cause {
                CancelCause::CalledOff => ("order.story.cancelled", vec![("from", status(*from))]),
                CancelCause::Unconfirmed => ("order.story.unconfirmed", vec![]),
                CancelCause::Refused => ("order.story.refused", vec![]),
                CancelCause::NotOrdered => ("order.story.not_ordered", vec![]),
            },
            OrderChange::DeliveryFailed { attempt, reason, .. } => {
                ("order.story.delivery_failed", vec![("attempt", attempt.to_string()), ("reason", reason.clone())])
            }
            OrderChange::Assigned { .. } => ("order.story.assigned", vec![]),
            OrderChange::LinesChanged { total_before, total, at_door, .. } => (
                if *at_door { "order.story.partly_delivered" } else { "order.story.lines_changed" },
                vec![("before", egp(*total_before)), ("total", egp(*total))],
            ),
            OrderChange::ReturnChanged { return_id, state, .. } => {
                let key = match state {
                    ReturnState::Requested => "order.story.return_requested",
                    ReturnState::Approved => "order.story.return_approved",
                    ReturnState::Refused => "order.story.return_refused",
                    ReturnState::Received => "order.story.return_received",
                    ReturnState::Refunded => "order.story.return_refunded",
                };
                (key, vec![("id", return_id.to_string())])
            }
            OrderChange::MoveUndone { to, .. } => ("order.story.undone", vec![("to", status(*to))]),
            OrderChange::Confirmed { via, .. } => (
                match via {
                    ConfirmedVia::Link => "order.story.confirmed_link",
                    ConfirmedVia::Call => "order.story.confirmed_call",
                    ConfirmedVia::Whatsapp => "order.story.confirmed_whatsapp",
                    ConfirmedVia::Trusted => "order.story.confirmed_trusted",
                    ConfirmedVia::Sales => "order.story.confirmed_sales",
                    ConfirmedVia::Before => "order.story.confirmed_before",
                },
                vec![],
            ),
        };
        StoryLineData { kind: line.change.kind().to_string(), at: line.at, name: line.name, text: text(locale, key, &args), note: line.note }
    }
}

/// The orders placed with one phone.
#[derive(Debug, Serialize, ToSchema)]
pub struct PhoneHistoryData {
    /// Orders placed with it.
    pub orders: u64,
    /// Of those, delivered.
    pub delivered: u64,
    /// Of those, cancelled.
    pub cancelled: u64,
    /// Of the cancelled, those that cancelled themselves because nobody confirmed them in time.
    pub never_confirmed: u64,
    /// Of the cancelled, those whose parcel was refused.
    pub refused: u64,
    /// Of the cancelled, those the phone's owner said they never placed, from the confirmation
    /// link: someone else used the number, so they do not count against it.
    pub not_ordered: u64,
    /// The band that holds for the phone: `trusted`, `normal`, `confirm_by_call`,
    /// `prepay_shipping` or `blocked`.
    #[schema(pattern = r"^(trusted|normal|confirm_by_call|prepay_shipping|blocked)$")]
    pub band: String,
    /// The band the owner's rules give it.
    #[schema(pattern = r"^(trusted|normal|confirm_by_call|prepay_shipping|blocked)$")]
    pub band_by_rules: String,
    /// A staff member's band over the rules', with why; null when the rules' holds.
    pub band_override: Option<BandOverrideData>,
}

/// A staff member's band for a phone.
#[derive(Debug, Serialize, ToSchema)]
pub struct BandOverrideData {
    /// The band.
    pub band: String,
    /// Why.
    pub note: String,
    /// Who set it, while their account exists.
    pub by_name: Option<String>,
    /// When.
    pub at: chrono::DateTime<chrono::Utc>,
}

impl PhoneHistoryData {
    /// A phone's standing as staff read it.
    pub fn of(standing: PhoneStanding) -> PhoneHistoryData {
        let band = <&str>::from(standing.band()).to_string();
        let PhoneStanding { record, by_rules, overridden } = standing;
        PhoneHistoryData {
            orders: record.orders,
            delivered: record.delivered,
            cancelled: record.cancelled,
            never_confirmed: record.never_confirmed,
            refused: record.refused,
            not_ordered: record.not_ordered,
            band,
            band_by_rules: <&str>::from(by_rules).to_string(),
            band_override: overridden.map(|overridden| BandOverrideData {
                band: <&str>::from(overridden.band).to_string(),
                note: overridden.note,
                by_name: overridden.by_name,
                at: overridden.at,
            }),
        }
    }
}

impl StaffOrderData {
    pub(crate) fn new(found: StaffOrder, locale: Locale) -> StaffOrderData {
        let StaffOrder { order, sales_engineer_name, notes, phone, undo_until, story } = found;
        let next_statuses = [OrderStatus::OnDelivery, OrderStatus::Delivered, OrderStatus::Cancelled]
            .into_iter()
            .filter(|next| order.status.can_become(*next))
            .map(|next| <&str>::from(next).to_string())
            .collect();
        StaffOrderData {
            user_id: order.placed.user.map(|user| user.0),
            sales_engineer: order.sales_engineer.map(|id| SalesEngineerRef { id: id.0, name: sales_engineer_name }),
            staff_notes: notes
                .into_iter()
                .map(|note| StaffNoteData { author_id: note.author.map(|user| user.0), author_name: note.author_name, body: note.body, at: note.at })
                .collect(),
            next_statuses,
            phone_history: phone.map(PhoneHistoryData::of),
            undo_until,
            story: story.into_iter().map(|line| StoryLineData::of(line, locale)).collect(),
            order: OrderData::for_staff(order, locale),
        }
    }
}

/// How many orders of the list's filters are in each status, each counted up to 10,000: that
/// number means "10,000 or more" (and the list's `meta.total` is read off these counts). A
/// search by words counts its newest 500 matches (see `more_matches`).
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct StatusCounts {
    /// `new`.
    pub new: u64,
    /// `on_delivery`.
    pub on_delivery: u64,
    /// `delivered`.
    pub delivered: u64,
    /// `cancelled`.
    pub cancelled: u64,
    /// Of the `new` ones, those still awaiting their buyer's confirmation (the list's
    /// `confirmation=awaiting`).
    pub awaiting: u64,
}

/// A page of a staff list, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffOrderList {
    /// The orders.
    pub data: Vec<StaffOrderData>,
    /// Where this page sits.
    pub meta: PageMeta,
    /// The filters' orders per status, whatever `status` asks.
    pub counts: StatusCounts,
    /// True when a search matched more than the newest 500 orders it lists and counts: a
    /// narrower search (another word, days, a city) reaches the older ones.
    pub more_matches: bool,
}

/// One order.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffOrderResponse {
    /// What happened, in the request's language, after a change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The order.
    pub data: StaffOrderData,
}

/// The filters of a staff list.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderFilters {
    /// `new`, `on_delivery`, `delivered` or `cancelled`.
    #[param(pattern = r"^\s*(new|on_delivery|delivered|cancelled)?\s*$")]
    pub status: Option<String>,
    /// `web`, `guest`, `sales` or `whatsapp`.
    #[param(pattern = r"^\s*(web|guest|sales|whatsapp)?\s*$")]
    pub source: Option<String>,
    /// A shipping city's id.
    #[param(value_type = Option<String>, pattern = r"^\s*[0-9٠-٩۰-۹]*\s*$")]
    pub city: Option<i64>,
    /// Placed on or after this day, `YYYY-MM-DD`.
    #[param(value_type = Option<String>)]
    pub from: Option<String>,
    /// Placed on or before this day, `YYYY-MM-DD`.
    #[param(value_type = Option<String>)]
    pub to: Option<String>,
    /// An order number in full (`MS-2026-000123`), a phone in any form, or whole words of a
    /// name or a product's name, all of them (Arabic spelling variants match, and a word
    /// without the article finds it with: `فلاح` finds `الفلاح`); the newest 500 matches.
    #[param(max_length = 100)]
    pub search: Option<String>,
    /// Only orders this sales engineer looks after (client orders).
    #[param(value_type = Option<String>, pattern = r"^\s*[0-9٠-٩۰-۹]*\s*$")]
    pub sales_engineer_id: Option<i64>,
    /// `awaiting`: only new orders still awaiting their buyer's confirmation.
    #[param(pattern = r"^\s*(awaiting)?\s*$")]
    pub confirmation: Option<String>,
}

/// Reads a list's filters; anything unreadable is a 422 naming the parameter.
fn filters(audience: Audience, params: &ListParams, page: PageRequest) -> Result<StaffOrderQuery, ApiError> {
    let mut errors = FieldErrors::new();
    let status = params.text("status").and_then(|value| value.parse::<OrderStatus>().map_err(|_| errors.add("status", "status_invalid")).ok());
    let source = params.text("source").and_then(|value| value.parse::<OrderSource>().map_err(|_| errors.add("source", "source_invalid")).ok());
    let (city, engineer) = (params.id(&mut errors, "city"), params.id(&mut errors, "sales_engineer_id"));
    let mut day = |name: &'static str| {
        params.text(name).and_then(|value| {
            NaiveDate::parse_from_str(&kernel::digits::to_latin_digits(&value), "%Y-%m-%d").map_err(|_| errors.add(name, "date_invalid")).ok()
        })
    };
    let (from, to) = (day("from"), day("to"));
    let search = params.text("search");
    errors.limit_length("search", search.as_deref().unwrap_or_default(), 100);
    let awaiting_confirmation = match params.text("confirmation").as_deref() {
        None => false,
        Some("awaiting") => true,
        Some(_) => {
            errors.add("confirmation", "choice_invalid");
            false
        }
    };
    errors.into_result()?;
    Ok(StaffOrderQuery {
        audience,
        status,
        source,
        city: city.map(CityId),
        from,
        to,
        search,
        sales_engineer: engineer.map(UserId),
        awaiting_confirmation,
        page,
    })
}

fn counts(by_status: Vec<(OrderStatus, u64)>, awaiting: u64) -> StatusCounts {
    let mut counts = StatusCounts { awaiting, ..StatusCounts::default() };
    for (status, count) in by_status {
        match status {
            OrderStatus::New => counts.new = count,
            OrderStatus::OnDelivery => counts.on_delivery = count,
            OrderStatus::Delivered => counts.delivered = count,
            OrderStatus::Cancelled => counts.cancelled = count,
        }
    }
    counts
}

async fn list(state: Data<AppState>, audience: Audience, locale: Locale, principal: Principal, params: ListParams) -> Result<Json<StaffOrderList>, ApiError> {
    principal.require(permissions(audience).list)?;
    let query = filters(audience, &params, params.page()?)?;
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let listing = blocking(move || desk.orders(viewer, query)).await?;
    Ok(Json(StaffOrderList {
        meta: PageMeta::from(&listing.page),
        counts: counts(listing.counts, listing.awaiting),
        more_matches: listing.more_matches,
        data: listing
            .page
            .data
            .into_iter()
            .map(|order| {
                StaffOrderData::new(StaffOrder { order, sales_engineer_name: None, notes: vec![], phone: None, undo_until: None, story: vec![] }, locale)
            })
            .collect(),
    }))
}

/// Clients' orders, newest first, with the filters' counts per status (`order-list`; a sales
/// engineer gets only the orders they look after).
#[utoipa::path(operation_id = "listStaffOrders", get, path = "/api/dashboard/orders", tag = "dashboard", security(("bearer" = [])), params(OrderFilters, PageParams),
    responses((status = 200, body = StaffOrderList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list_orders(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    QueryParams(params): QueryParams,
) -> Result<Json<StaffOrderList>, ApiError> {
    list(state, Audience::Clients, locale, principal, ListParams(params)).await
}

/// Orders placed without an account (guests and WhatsApp), newest first, with the filters'
/// counts per status (`guest-order-list`).
#[utoipa::path(operation_id = "listStaffGuestOrders", get, path = "/api/dashboard/guest-orders", tag = "dashboard", security(("bearer" = [])), params(OrderFilters, PageParams),
    responses((status = 200, body = StaffOrderList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list_guest_orders(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    QueryParams(params): QueryParams,
) -> Result<Json<StaffOrderList>, ApiError> {
    list(state, Audience::Guests, locale, principal, ListParams(params)).await
}

/// The export's columns, as message keys: the first thirteen as they always were, so a sheet
/// that reads them by position keeps working; shipping (the weight fee included, so subtotal −
/// discount + shipping = total) and its weight fee after them.
const CSV_COLUMNS: [&str; 15] = [
    "export.orders.number",
    "export.orders.date",
    "export.orders.status",
    "export.orders.source",
    "export.orders.customer",
    "export.orders.phone",
    "export.orders.receiver",
    "export.orders.city",
    "export.orders.address",
    "export.orders.products",
    "export.orders.subtotal",
    "export.orders.discount",
    "export.orders.total",
    "export.orders.shipping",
    "export.orders.weight_fee",
];

/// The CSV's header row in `locale`.
fn csv_header(locale: Locale) -> [String; 15] {
    CSV_COLUMNS.map(|column| text(locale, column, &[]))
}

/// One order as a CSV row.
fn csv_row(order: &ordering::Order, locale: Locale) -> [String; 15] {
    let placed = &order.placed;
    let receiver = match &placed.receiver {
        ordering::Receiver::Buyer => String::new(),
        ordering::Receiver::Other { name, phone } => format!("{name} {phone}"),
    };
    let products = placed.lines.iter().map(|line| format!("{} × {}", line.name.pick(locale), line.quantity)).collect::<Vec<_>>().join("; ");
    [
        order.number.clone(),
        order.created_at.format("%Y-%m-%d %H:%M").to_string(),
        status_label(locale, order.status),
        text(locale, &format!("order.source.{}", <&str>::from(placed.source)), &[]),
        placed.customer_name.clone(),
        phone_cell(&placed.customer_phone),
        receiver,
        placed.destination.city_name.pick(locale).clone(),
        placed.destination.address.clone(),
        products,
        format!("{:.2}", placed.totals.subtotal.pounds()),
        format!("{:.2}", placed.totals.discount.pounds()),
        format!("{:.2}", placed.totals.total.pounds()),
        format!("{:.2}", placed.totals.shipping_total().pounds()),
        format!("{:.2}", placed.totals.shipping_extra.pounds()),
    ]
}

async fn export(state: Data<AppState>, audience: Audience, locale: Locale, principal: Principal, params: ListParams) -> Result<HttpResponse, ApiError> {
    principal.require(permissions(audience).list)?;
    let first = filters(audience, &params, PageRequest::new(Some(1), Some(PageRequest::MAX_PER_PAGE)))?;
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    // The first page is read before answering, so a refused query is still a plain error.
    let query = first.clone();
    let page = blocking(move || desk.orders(viewer, query)).await?.page;
    let (sender, receiver) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(4);
    let mut header = vec![0xEF, 0xBB, 0xBF]; // a byte-order mark, so spreadsheets read the Arabic
    header.extend_from_slice(&csv_bytes([csv_header(locale)])?);
    let desk = state.order_desk.clone();
    tokio::task::spawn_blocking(move || {
        // A failure midway ends the body with an error, so the download is seen to have failed.
        let send = |chunk: Result<Bytes, ApiError>| sender.blocking_send(chunk.map_err(|error| std::io::Error::other(error.to_string())));
        if send(Ok(Bytes::from(header))).is_err() {
            return;
        }
        let last = page.last_page.min(EXPORT_MAX / PageRequest::MAX_PER_PAGE);
        let mut rows = page.data;
        for number in 1..=last {
            if number > 1 {
                let query = StaffOrderQuery { page: PageRequest::new(Some(number), Some(PageRequest::MAX_PER_PAGE)), ..first.clone() };
                match desk.orders(viewer, query) {
                    Ok(next) => rows = next.page.data,
                    Err(error) => {
                        tracing::error!(%error, "an order export stopped");
                        let _ = send(Err(ApiError::Ordering(error)));
                        return;
                    }
                }
            }
            if send(csv_bytes(rows.iter().map(|order| csv_row(order, locale)))).is_err() {
                return;
            }
        }
    });
    let stream = futures_util::stream::unfold(receiver, |mut receiver| async move { receiver.recv().await.map(|chunk| (chunk, receiver)) });
    let name = match audience {
        Audience::Clients => "orders.csv",
        Audience::Guests => "guest-orders.csv",
    };
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/csv; charset=utf-8"))
        .insert_header((CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")))
        .streaming(stream))
}

/// The clients' orders of the filters as CSV, streamed, headers in the request's language, at
/// most 10,000 rows (`order-list`).
#[utoipa::path(operation_id = "exportStaffOrders", get, path = "/api/dashboard/orders/export.csv", tag = "dashboard", security(("bearer" = [])), params(OrderFilters),
    responses((status = 200, content_type = "text/csv", body = String), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn export_orders(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    QueryParams(params): QueryParams,
) -> Result<HttpResponse, ApiError> {
    export(state, Audience::Clients, locale, principal, ListParams(params)).await
}

/// The guest orders of the filters as CSV, streamed, headers in the request's language, at
/// most 10,000 rows (`guest-order-list`).
#[utoipa::path(operation_id = "exportStaffGuestOrders", get, path = "/api/dashboard/guest-orders/export.csv", tag = "dashboard", security(("bearer" = [])), params(OrderFilters),
    responses((status = 200, content_type = "text/csv", body = String), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn export_guest_orders(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    QueryParams(params): QueryParams,
) -> Result<HttpResponse, ApiError> {
    export(state, Audience::Guests, locale, principal, ListParams(params)).await
}

async fn show(state: Data<AppState>, audience: Audience, locale: Locale, principal: Principal, id: OrderId) -> Result<Json<StaffOrderResponse>, ApiError> {
    principal.require(permissions(audience).list)?;
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let found = blocking(move || desk.order(viewer, audience, id)).await?;
    Ok(Json(StaffOrderResponse { message: None, data: StaffOrderData::new(found, locale) }))
}

/// One client order with its history, notes and sales engineer (`order-list`).
#[utoipa::path(operation_id = "showStaffOrder", get, path = "/api/dashboard/orders/{id}", params(("id" = i64, Path, description = "The order's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show_order(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    show(state, Audience::Clients, locale, principal, id.into_inner()).await
}

/// One guest order with its history and notes (`guest-order-list`).
#[utoipa::path(operation_id = "showStaffGuestOrder", get, path = "/api/dashboard/guest-orders/{id}", params(("id" = i64, Path, description = "The order's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show_guest_order(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    show(state, Audience::Guests, locale, principal, id.into_inner()).await
}

/// A move along the state machine.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StatusRequest {
    /// `on_delivery`, `delivered` or `cancelled`.
    #[serde(default, deserialize_with = "lenient_text")]
    pub status: Option<String>,
    /// Why, kept in the order's history.
    #[schema(max_length = 2000)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub note: Option<String>,
}

fn wanted_status(status: Option<&str>) -> Result<OrderStatus, ApiError> {
    let status = status.map(str::trim).filter(|status| !status.is_empty()).ok_or_else(|| FieldErrors::single("status", "required"))?;
    Ok(status.parse().map_err(|_| FieldErrors::single("status", "status_invalid"))?)
}

async fn change(
    state: Data<AppState>,
    audience: Audience,
    locale: Locale,
    principal: Principal,
    id: OrderId,
    body: StatusRequest,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    principal.require(permissions(audience).status)?;
    let to = wanted_status(body.status.as_deref())?;
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let found = blocking(move || desk.change_status(viewer, audience, id, to, body.note)).await?;
    Ok(Json(StaffOrderResponse { message: Some(text(locale, "order.status_changed", &[])), data: StaffOrderData::new(found, locale) }))
}

/// Moves a client order along the state machine (`new` → `on_delivery` → `delivered`; `new` or
/// `on_delivery` → `cancelled`, which gives back its stock and promo use); anything else is
/// 422. Asking for the status it has changes nothing and notifies nobody again
/// (`order-status`).
#[utoipa::path(operation_id = "changeStaffOrderStatus", post, path = "/api/dashboard/orders/{id}/status", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = StatusRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn status_order(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<StatusRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    change(state, Audience::Clients, locale, principal, id.into_inner(), body).await
}

/// Moves a guest order along the state machine, as for client orders (`guest-order-edit`).
#[utoipa::path(operation_id = "changeStaffGuestOrderStatus", post, path = "/api/dashboard/guest-orders/{id}/status", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = StatusRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn status_guest_order(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<StatusRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    change(state, Audience::Guests, locale, principal, id.into_inner(), body).await
}

/// How a staff member confirmed an order.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfirmRequest {
    /// `call` or `whatsapp`.
    #[schema(pattern = r"^(call|whatsapp)$")]
    #[serde(default, deserialize_with = "lenient_text")]
    pub via: Option<String>,
}

async fn confirm(
    state: Data<AppState>,
    audience: Audience,
    locale: Locale,
    principal: Principal,
    id: OrderId,
    body: ConfirmRequest,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    principal.require(permissions(audience).status)?;
    let via = body.via.as_deref().map(str::trim).filter(|via| !via.is_empty()).ok_or_else(|| FieldErrors::single("via", "required"))?;
    let via: ConfirmedVia = via.parse().map_err(|_| FieldErrors::single("via", "choice_invalid"))?;
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let found = blocking(move || desk.confirm(viewer, audience, id, via)).await?;
    Ok(Json(StaffOrderResponse { message: Some(text(locale, "order.confirmed", &[])), data: StaffOrderData::new(found, locale) }))
}

/// Confirms a client order after speaking to its buyer, by `call` or on `whatsapp`: kept with
/// who and when (`order-status`). An order already confirmed or no longer new is 422
/// (`order`: `not_awaiting_confirmation`).
#[utoipa::path(operation_id = "confirmStaffOrder", post, path = "/api/dashboard/orders/{id}/confirm", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = ConfirmRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn confirm_order(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<ConfirmRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    confirm(state, Audience::Clients, locale, principal, id.into_inner(), body).await
}

/// Confirms a guest order, as for client orders (`guest-order-edit`).
#[utoipa::path(operation_id = "confirmStaffGuestOrder", post, path = "/api/dashboard/guest-orders/{id}/confirm", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = ConfirmRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn confirm_guest_order(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<ConfirmRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    confirm(state, Audience::Guests, locale, principal, id.into_inner(), body).await
}

/// Why a parcel was refused, or could not be delivered.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeliveryOutcomeRequest {
    /// In the staff's or the courier's words, up to 2,000 characters.
    #[schema(max_length = 2000)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub reason: Option<String>,
}

/// What a staff member records of a parcel that did not reach its buyer.
#[derive(Debug, Clone, Copy)]
enum DeliveryOutcome {
    /// The buyer refused it at the door.
    Refused,
    /// The courier could not hand it over this time.
    AttemptFailed,
}

async fn record_outcome(
    state: Data<AppState>,
    audience: Audience,
    locale: Locale,
    principal: Principal,
    id: OrderId,
    outcome: DeliveryOutcome,
    body: DeliveryOutcomeRequest,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    principal.require(permissions(audience).status)?;
    let reason = body.reason.unwrap_or_default();
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let (found, message) = match outcome {
        DeliveryOutcome::Refused => (blocking(move || desk.refuse(viewer, audience, id, reason)).await?, "order.refused"),
        DeliveryOutcome::AttemptFailed => (blocking(move || desk.fail_delivery(viewer, audience, id, reason)).await?, "order.delivery_failed"),
    };
    Ok(Json(StaffOrderResponse { message: Some(text(locale, message, &[])), data: StaffOrderData::new(found, locale) }))
}

/// Records that the buyer refused a client order's parcel at the door, with the reason
/// (`order-status`): the order, which must be on delivery, is cancelled as `refused`; its
/// stock and its promo code's use come back and it earns no points. Recording it twice
/// changes nothing the second time. Another status is 422 (`status_transition_invalid`).
#[utoipa::path(operation_id = "refuseStaffOrder", post, path = "/api/dashboard/orders/{id}/refusal", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = DeliveryOutcomeRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn refuse_order(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<DeliveryOutcomeRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    record_outcome(state, Audience::Clients, locale, principal, id.into_inner(), DeliveryOutcome::Refused, body).await
}

/// Records a refused guest order, as for client orders (`guest-order-edit`).
#[utoipa::path(operation_id = "refuseStaffGuestOrder", post, path = "/api/dashboard/guest-orders/{id}/refusal", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = DeliveryOutcomeRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn refuse_guest_order(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<DeliveryOutcomeRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    record_outcome(state, Audience::Guests, locale, principal, id.into_inner(), DeliveryOutcome::Refused, body).await
}

/// Records a delivery of a client order the courier could not make, with the reason
/// (`order-status`): the order stays on delivery and its buyer is asked by SMS to set the
/// address or the time; the attempt that reaches `orders.max_attempts` (3) cancels it as
/// `refused` instead. An order not on delivery is 422 (`order`: `not_on_delivery`).
#[utoipa::path(operation_id = "failStaffOrderDelivery", post, path = "/api/dashboard/orders/{id}/delivery-attempts", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = DeliveryOutcomeRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn fail_order_delivery(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<DeliveryOutcomeRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    record_outcome(state, Audience::Clients, locale, principal, id.into_inner(), DeliveryOutcome::AttemptFailed, body).await
}

/// Records a failed delivery of a guest order, as for client orders (`guest-order-edit`).
#[utoipa::path(operation_id = "failStaffGuestOrderDelivery", post, path = "/api/dashboard/guest-orders/{id}/delivery-attempts", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = DeliveryOutcomeRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn fail_guest_order_delivery(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<DeliveryOutcomeRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    record_outcome(state, Audience::Guests, locale, principal, id.into_inner(), DeliveryOutcome::AttemptFailed, body).await
}

/// Several orders moved to one status.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BulkStatusRequest {
    /// The orders, at most 100.
    #[schema(max_items = 100)]
    #[serde(default)]
    pub ids: Vec<i64>,
    /// `on_delivery`, `delivered` or `cancelled`.
    #[serde(default, deserialize_with = "lenient_text")]
    pub status: Option<String>,
    /// Why, kept in each order's history.
    #[schema(max_length = 2000)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub note: Option<String>,
}

/// An order a bulk change left as it was, and why.
#[derive(Debug, Serialize, ToSchema)]
pub struct BulkRefusal {
    /// The order.
    pub id: i64,
    /// Why, in the request's language.
    pub message: String,
}

/// What a bulk change did.
#[derive(Debug, Serialize, ToSchema)]
pub struct BulkStatusResponse {
    /// What happened, in the request's language.
    pub message: String,
    /// The orders now in the status.
    pub changed: Vec<i64>,
    /// The orders left as they were.
    pub refused: Vec<BulkRefusal>,
}

async fn bulk(
    state: Data<AppState>,
    audience: Audience,
    locale: Locale,
    principal: Principal,
    body: BulkStatusRequest,
) -> Result<Json<BulkStatusResponse>, ApiError> {
    principal.require(permissions(audience).status)?;
    if body.ids.is_empty() {
        return Err(FieldErrors::single("ids", "required").into());
    }
    if body.ids.len() > BULK_MAX {
        return Err(FieldErrors::single("ids", "too_many").into());
    }
    let to = wanted_status(body.status.as_deref())?;
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let outcomes = blocking(move || {
        let mut ids = body.ids;
        ids.dedup();
        Ok::<_, ApiError>(ids.into_iter().map(|id| (id, desk.change_status(viewer, audience, OrderId(id), to, body.note.clone()))).collect::<Vec<_>>())
    })
    .await?;
    let (mut changed, mut refused) = (Vec::new(), Vec::new());
    for (id, outcome) in outcomes {
        match outcome {
            Ok(_) => changed.push(id),
            Err(error) => {
                let (_, body) = ApiError::Ordering(error).rendered(locale);
                let message =
                    serde_json::from_str::<serde_json::Value>(&body).ok().and_then(|body| body["message"].as_str().map(str::to_string)).unwrap_or(body);
                refused.push(BulkRefusal { id, message });
            }
        }
    }
    Ok(Json(BulkStatusResponse { message: text(locale, "order.status_changed", &[]), changed, refused }))
}

/// Moves up to 100 client orders to one status; each is moved or refused on its own, as one
/// status change would be (`order-status`).
#[utoipa::path(operation_id = "bulkStaffOrderStatus", post, path = "/api/dashboard/orders/bulk-status", tag = "dashboard", security(("bearer" = [])),
    request_body = BulkStatusRequest, responses((status = 200, body = BulkStatusResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn bulk_status_orders(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(body): Body<BulkStatusRequest>,
) -> Result<Json<BulkStatusResponse>, ApiError> {
    bulk(state, Audience::Clients, locale, principal, body).await
}

/// Moves up to 100 guest orders to one status, each on its own (`guest-order-edit`).
#[utoipa::path(operation_id = "bulkStaffGuestOrderStatus", post, path = "/api/dashboard/guest-orders/bulk-status", tag = "dashboard", security(("bearer" = [])),
    request_body = BulkStatusRequest, responses((status = 200, body = BulkStatusResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn bulk_status_guest_orders(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(body): Body<BulkStatusRequest>,
) -> Result<Json<BulkStatusResponse>, ApiError> {
    bulk(state, Audience::Guests, locale, principal, body).await
}

/// A staff note.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NoteRequest {
    /// The note, up to 2,000 characters.
    #[schema(max_length = 2000)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub note: Option<String>,
}

async fn note(
    state: Data<AppState>,
    audience: Audience,
    locale: Locale,
    principal: Principal,
    id: OrderId,
    body: NoteRequest,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    principal.require(permissions(audience).edit)?;
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let found = blocking(move || desk.add_note(viewer, audience, id, body.note.as_deref().unwrap_or_default())).await?;
    Ok(Json(StaffOrderResponse { message: Some(text(locale, "order.note_added", &[])), data: StaffOrderData::new(found, locale) }))
}

/// Keeps a staff note on a client order, with who wrote it and when (`order-edit`).
#[utoipa::path(operation_id = "noteStaffOrder", post, path = "/api/dashboard/orders/{id}/notes", params(("id" = i64, Path, description = "The order's id")), tag = "dashboard",
    security(("bearer" = [])), request_body = NoteRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn note_order(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<NoteRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    note(state, Audience::Clients, locale, principal, id.into_inner(), body).await
}

/// Keeps a staff note on a guest order (`guest-order-edit`).
#[utoipa::path(operation_id = "noteStaffGuestOrder", post, path = "/api/dashboard/guest-orders/{id}/notes", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = NoteRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn note_guest_order(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<NoteRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    note(state, Audience::Guests, locale, principal, id.into_inner(), body).await
}

/// The sales engineer to look after an order and its client.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AssignRequest {
    /// An active sales account's id.
    #[serde(default, deserialize_with = "lenient_int")]
    pub sales_engineer_id: Option<i64>,
}

/// Puts a client order, and its client's later orders, in a sales engineer's care
/// (`order-edit`).
#[utoipa::path(operation_id = "assignStaffOrder", post, path = "/api/dashboard/orders/{id}/sales-engineer", params(("id" = i64, Path, description = "The order's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = AssignRequest,
    responses((status = 200, body = StaffOrderResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn assign_order(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OrderId>,
    Body(body): Body<AssignRequest>,
) -> Result<Json<StaffOrderResponse>, ApiError> {
    principal.require(Permission::OrderEdit)?;
    let engineer = body.sales_engineer_id.map(UserId).ok_or_else(|| FieldErrors::single("sales_engineer_id", "required"))?;
    let (desk, viewer, id) = (state.order_desk.clone(), viewer(&principal), id.into_inner());
    let found = blocking(move || desk.assign_sales_engineer(viewer, id, engineer)).await?;
    Ok(Json(StaffOrderResponse { message: Some(text(locale, "order.sales_engineer_assigned", &[])), data: StaffOrderData::new(found, locale) }))
}
