//! The owner's overview under `/api/dashboard/overview` (`dashboard-overview`, design §4a):
//! today's and this month's cards, and per-month and per-city charts over a range of days,
//! read from daily totals, and how cash-on-delivery orders turned out. A sales engineer's
//! overview covers the orders they look after.

use actix_web::web::{self, Data, Json};
use chrono::NaiveDate;
use identity::Role;
use identity::permission::Permission;
use kernel::{FieldErrors, Locale, UserId};
use ordering::{CashOutcomes, Monthly, OverviewFigures};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Lang, QueryParams, blocking};
use crate::common::paging::ListParams;
use crate::dashboard::users::NamedData;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/dashboard/overview", web::get().to(overview));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(overview))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// Today's and this month's figures.
#[derive(Debug, Serialize, ToSchema)]
pub struct OverviewCards {
    /// Orders placed today (UTC).
    pub orders_today: i64,
    /// Revenue this month, EGP: the totals of the orders delivered.
    pub revenue_month: f64,
    /// Clients who joined this month.
    pub new_clients_month: i64,
    /// Orders waiting (new).
    pub orders_waiting: i64,
    /// Products with ten units left or fewer.
    pub low_stock: i64,
}

/// A month's count.
#[derive(Debug, Serialize, ToSchema)]
pub struct MonthCount {
    /// `YYYY-MM`.
    pub month: String,
    /// How many.
    pub count: i64,
}

/// A month's revenue.
#[derive(Debug, Serialize, ToSchema)]
pub struct MonthTotal {
    /// `YYYY-MM`.
    pub month: String,
    /// EGP.
    pub total: f64,
}

/// A city's orders.
#[derive(Debug, Serialize, ToSchema)]
pub struct CityCount {
    /// The city.
    pub city: NamedData,
    /// Orders placed in the range.
    pub count: i64,
}

/// The overview.
#[derive(Debug, Serialize, ToSchema)]
pub struct OverviewData {
    /// The cards.
    pub cards: OverviewCards,
    /// Clients who joined per month of the range.
    pub clients_per_month: Vec<MonthCount>,
    /// Orders placed per month of the range.
    pub orders_per_month: Vec<MonthCount>,
    /// Revenue per month of the range.
    pub revenue_per_month: Vec<MonthTotal>,
    /// Orders placed per city in the range, most first.
    pub orders_per_city: Vec<CityCount>,
    /// How the range's cash-on-delivery orders turned out.
    pub cash: CashData,
}

/// How the cash-on-delivery orders placed in the range turned out, by governorate, product and
/// sales engineer: the 20 of each with the most orders, most first. Read from the orders, so a
/// long range costs more than the charts.
#[derive(Debug, Serialize, ToSchema)]
pub struct CashData {
    /// By the order's governorate.
    pub by_governorate: Vec<CashLineData>,
    /// By each product the order held.
    pub by_product: Vec<CashLineData>,
    /// By the sales engineer who looks after the order (orders nobody looks after left out).
    pub by_sales_engineer: Vec<CashLineData>,
}

/// One governorate's, product's or sales engineer's cash orders.
#[derive(Debug, Serialize, ToSchema)]
pub struct CashLineData {
    /// Its id.
    pub id: i64,
    /// Its name in the request's language.
    pub name: String,
    /// Orders placed.
    pub placed: i64,
    /// Of those, confirmed (or needing no confirmation).
    pub confirmed: i64,
    /// Of those, delivered.
    pub delivered: i64,
    /// Of those, refused at the door.
    pub refused: i64,
    /// Of those, with a return not refused.
    pub returned: i64,
    /// Confirmed of placed, percent; null without orders.
    pub confirmation_rate: Option<f64>,
    /// Refused of the parcels that reached a door (delivered or refused), percent.
    pub refusal_rate: Option<f64>,
    /// Returned of delivered, percent.
    pub return_rate: Option<f64>,
}

impl CashLineData {
    fn of(lines: Vec<CashOutcomes>, locale: Locale) -> Vec<CashLineData> {
        lines
            .into_iter()
            .map(|line| CashLineData {
                confirmation_rate: line.confirmation_rate(),
                refusal_rate: line.refusal_rate(),
                return_rate: line.return_rate(),
                id: line.id,
                name: line.name.pick(locale).clone(),
                placed: line.placed,
                confirmed: line.confirmed,
                delivered: line.delivered,
                refused: line.refused,
                returned: line.returned,
            })
            .collect()
    }
}

/// `GET /api/dashboard/overview`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OverviewResponse {
    /// The overview.
    pub data: OverviewData,
}

fn counts(months: Vec<Monthly<i64>>) -> Vec<MonthCount> {
    months.into_iter().map(|month| MonthCount { month: month.month, count: month.value }).collect()
}

impl OverviewData {
    fn new(figures: OverviewFigures, locale: Locale) -> OverviewData {
        OverviewData {
            cards: OverviewCards {
                orders_today: figures.orders_today,
                revenue_month: figures.revenue_month.pounds(),
                new_clients_month: figures.new_clients_month,
                orders_waiting: figures.orders_waiting,
                low_stock: figures.low_stock,
            },
            clients_per_month: counts(figures.clients_per_month),
            orders_per_month: counts(figures.orders_per_month),
            revenue_per_month: figures.revenue_per_month.into_iter().map(|month| MonthTotal { month: month.month, total: month.value.pounds() }).collect(),
            orders_per_city: figures
                .orders_per_city
                .into_iter()
                .map(|city| CityCount { city: NamedData { id: city.city.0, name: city.name.pick(locale).clone() }, count: city.orders })
                .collect(),
            cash: CashData {
                by_governorate: CashLineData::of(figures.cash.by_governorate, locale),
                by_product: CashLineData::of(figures.cash.by_product, locale),
                by_sales_engineer: CashLineData::of(figures.cash.by_sales_engineer, locale),
            },
        }
    }
}

/// The overview (`dashboard-overview`): `from` and `to` (`YYYY-MM-DD`, the last twelve months
/// by default, five years at most) bound the charts; `sales_engineer_id` narrows it to one
/// engineer's orders (a sales engineer always sees their own).
#[utoipa::path(operation_id = "showOverview", get, path = "/api/dashboard/overview", tag = "dashboard", security(("bearer" = [])),
    params(("from" = Option<String>, Query, description = "First day, `YYYY-MM-DD`"), ("to" = Option<String>, Query, description = "Last day, `YYYY-MM-DD`"),
        ("sales_engineer_id" = Option<String>, Query, pattern = r"^\s*[0-9٠-٩۰-۹]*\s*$", description = "One sales engineer's orders")),
    responses((status = 200, body = OverviewResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn overview(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    QueryParams(params): QueryParams,
) -> Result<Json<OverviewResponse>, ApiError> {
    principal.require(Permission::DashboardOverview)?;
    let params = ListParams(params);
    let mut errors = FieldErrors::new();
    let mut day = |name: &'static str| {
        params.text(name).and_then(|value| {
            NaiveDate::parse_from_str(&kernel::digits::to_latin_digits(&value), "%Y-%m-%d").map_err(|_| errors.add(name, "date_invalid")).ok()
        })
    };
    let (from, to) = (day("from"), day("to"));
    let engineer = params.id(&mut errors, "sales_engineer_id").map(UserId);
    errors.into_result()?;
    let engineer = if principal.user.role == Role::Sales { Some(principal.user.id) } else { engineer };
    let overview = state.overview.clone();
    let figures = blocking(move || overview.figures(from, to, engineer)).await?;
    Ok(Json(OverviewResponse { data: OverviewData::new(figures, locale) }))
}
