//! Cash with couriers (`/api/dashboard/courier-cash`): what each courier collected on
//! delivered parcels and has not handed over yet, with its age (`shipping-list`), and the
//! remittances staff record when a courier pays (`shipping-edit`).

use actix_web::HttpResponse;
use actix_web::web::{self, Data, Json};
use chrono::{DateTime, Utc};
use identity::permission::Permission;
use kernel::{FieldErrors, Money, OrderId};
use ordering::{CourierCash, CourierKind, RemittanceDraft};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::lenient::lenient_text;
use crate::common::messages::text;
use crate::dashboard::orders::viewer;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/dashboard/courier-cash", web::get().to(list_courier_cash)).route("/dashboard/courier-cash/remittances", web::post().to(record_remittance));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list_courier_cash, record_remittance), components(schemas(CourierCashList, CourierCashData, CashParcelData, RemittanceRequest)))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A delivered parcel whose cash is still with its courier.
#[derive(Debug, Serialize, ToSchema)]
pub struct CashParcelData {
    /// The order's id.
    pub order_id: i64,
    /// The order's number.
    pub number: String,
    /// What the courier owes for it, EGP: the order's total after every change (a partial
    /// delivery, refused lines).
    #[schema(value_type = f64)]
    pub amount: Money,
    /// What the courier says it collected, EGP (Bosta's report; the shop's own courier, the
    /// total); null while Bosta has not said.
    #[schema(value_type = Option<f64>)]
    pub collected: Option<Money>,
    /// Whether the collected cash differs from what is owed: check with the courier before
    /// settling.
    pub mismatch: bool,
    /// When it was delivered.
    pub delivered_at: DateTime<Utc>,
}

/// The cash one courier holds.
#[derive(Debug, Serialize, ToSchema)]
pub struct CourierCashData {
    /// `bosta` or `manual`.
    pub courier: String,
    /// The courier's name.
    pub courier_name: String,
    /// The cash it holds, EGP.
    #[schema(value_type = f64)]
    pub total: Money,
    /// Days since the oldest of its parcels was delivered.
    pub oldest_days: i64,
    /// Its parcels, oldest delivery first.
    pub parcels: Vec<CashParcelData>,
}

/// The cash each courier holds, the courier holding the oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct CourierCashList {
    /// What happened, after a remittance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The couriers.
    pub data: Vec<CourierCashData>,
}

fn listed(cash: Vec<CourierCash>, message: Option<String>) -> CourierCashList {
    let now = Utc::now();
    let data = cash
        .into_iter()
        .map(|cash| CourierCashData {
            courier: <&str>::from(cash.courier).to_string(),
            total: cash.total(),
            oldest_days: cash.parcels.first().map_or(0, |parcel| now.signed_duration_since(parcel.delivered_at).num_days().max(0)),
            parcels: cash
                .parcels
                .into_iter()
                .map(|parcel| CashParcelData {
                    order_id: parcel.order.0,
                    mismatch: parcel.mismatch(),
                    number: parcel.number,
                    amount: parcel.amount,
                    collected: parcel.collected,
                    delivered_at: parcel.delivered_at,
                })
                .collect(),
            courier_name: cash.courier_name,
        })
        .collect();
    CourierCashList { message, data }
}

/// Lists the cash each courier holds on delivered parcels no remittance settled, with the age
/// of the oldest (`shipping-list`).
#[utoipa::path(operation_id = "listCourierCash", get, path = "/api/dashboard/courier-cash", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = CourierCashList), (status = 403, body = ErrorBody)))]
pub async fn list_courier_cash(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<CourierCashList>, ApiError> {
    principal.require(Permission::ShippingList)?;
    let desk = state.order_desk.clone();
    Ok(Json(listed(blocking(move || desk.cash_with_couriers()).await?, None)))
}

/// Cash a courier handed over.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RemittanceRequest {
    /// `bosta` or `manual`.
    #[schema(pattern = r"^(bosta|manual)$")]
    #[serde(default, deserialize_with = "lenient_text")]
    pub courier: Option<String>,
    /// The courier's name, as its cash is listed.
    #[schema(max_length = 100)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub courier_name: Option<String>,
    /// What it paid, EGP (its fees may make it less than the parcels' cash).
    #[schema(value_type = f64)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub amount: Option<String>,
    /// The orders whose parcels it settles, 1 to 500, each delivered by that courier and not
    /// settled yet.
    #[schema(max_items = 500)]
    #[serde(default)]
    pub order_ids: Vec<i64>,
    /// A note: the transfer's reference.
    #[schema(max_length = 2000)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub note: Option<String>,
}

/// Records cash a courier handed over, settling the delivered parcels it names
/// (`shipping-edit`); answers the cash still with each courier. A parcel of another courier,
/// not delivered, or settled already is 422 (`order_ids`: `remittance_parcels`) and nothing is
/// kept.
#[utoipa::path(operation_id = "recordCourierRemittance", post, path = "/api/dashboard/courier-cash/remittances", tag = "dashboard", security(("bearer" = [])),
    request_body = RemittanceRequest,
    responses((status = 201, body = CourierCashList), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn record_remittance(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(body): Body<RemittanceRequest>,
) -> Result<HttpResponse, ApiError> {
    principal.require(Permission::ShippingEdit)?;
    let courier = body.courier.as_deref().unwrap_or_default().parse::<CourierKind>().map_err(|_| FieldErrors::single("courier", "choice_invalid"))?;
    if body.order_ids.len() > ordering::MAX_SETTLED {
        return Err(FieldErrors::single("order_ids", "remittance_orders").into());
    }
    let draft = RemittanceDraft {
        courier,
        courier_name: body.courier_name.unwrap_or_default(),
        amount: body.amount.as_deref().and_then(Money::parse_pounds),
        orders: body.order_ids.into_iter().map(OrderId).collect(),
        note: body.note,
    };
    let (desk, viewer) = (state.order_desk.clone(), viewer(&principal));
    let cash = blocking(move || desk.record_remittance(viewer, draft)).await?;
    Ok(HttpResponse::Created().json(listed(cash, Some(text(locale, "courier.remittance_recorded", &[])))))
}
