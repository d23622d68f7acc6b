//! A client's points under `/api/points` (design §4a): the balance with the rules on offer, the
//! last coupon, what expires next and the ledger; and the exchange of points for a personal
//! coupon, safe to repeat under an `Idempotency-Key`.

use actix_web::http::StatusCode;
use actix_web::web::{self, Data, Json};
use actix_web::{HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use kernel::FieldErrors;
use loyalty::{Entry, Exchange, ExchangeRule, LastCoupon, NextExpiry};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, QueryParams, blocking};
use crate::common::idempotency::{Answer, answer_once, fingerprint, idempotency_key};
use crate::common::lenient::lenient_int;
use crate::common::messages::text;
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/points", web::get().to(show)).route("/points/exchange", web::post().to(exchange));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(show, exchange))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// What some points buy.
#[derive(Debug, Serialize, ToSchema)]
pub struct PointsRuleData {
    /// Id, to exchange by.
    pub id: i64,
    /// Points it costs.
    pub points: i64,
    /// Percent off the coupon gives.
    pub discount: u8,
}

impl From<ExchangeRule> for PointsRuleData {
    fn from(rule: ExchangeRule) -> Self {
        PointsRuleData { id: rule.id, points: rule.draft.points, discount: rule.draft.discount.value() }
    }
}

/// A coupon bought with points.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponData {
    /// The code to type at checkout.
    pub code: String,
    /// Percent off the order's subtotal.
    pub discount: u8,
    /// Until when it works.
    pub expires_at: DateTime<Utc>,
}

/// The client's newest coupon.
#[derive(Debug, Serialize, ToSchema)]
pub struct LastCouponData {
    /// The code.
    pub code: String,
    /// Percent off.
    pub discount: u8,
    /// Until when it works.
    pub expires_at: DateTime<Utc>,
    /// Whether an order (not cancelled) used it.
    pub used: bool,
}

impl From<LastCoupon> for LastCouponData {
    fn from(last: LastCoupon) -> Self {
        LastCouponData { code: last.coupon.code, discount: last.coupon.discount.value(), expires_at: last.coupon.expires_at, used: last.used }
    }
}

/// The points that expire next.
#[derive(Debug, Serialize, ToSchema)]
pub struct NextExpiryData {
    /// How many.
    pub points: i64,
    /// When.
    pub at: DateTime<Utc>,
}

impl From<NextExpiry> for NextExpiryData {
    fn from(next: NextExpiry) -> Self {
        NextExpiryData { points: next.points, at: next.at }
    }
}

/// A row of the points ledger.
#[derive(Debug, Serialize, ToSchema)]
pub struct LedgerEntryData {
    /// Id.
    pub id: i64,
    /// `earn` (a delivered order), `exchange` (a coupon bought), `adjust` (by staff),
    /// `expire`, `return` (a return's refund took them back), `repay` (an earning paid owed
    /// points) or `undo` (staff undid the delivery that earned them).
    #[schema(pattern = "^(earn|exchange|adjust|expire|return|repay|undo)$")]
    pub kind: String,
    /// Points added (positive) or taken (negative).
    pub points: i64,
    /// When.
    pub at: DateTime<Utc>,
    /// What it is about: the order's number, the coupon's code, or the staff's reason.
    pub note: String,
    /// For points added: when what is left of them expires; null for never.
    pub expires_at: Option<DateTime<Utc>>,
}

impl From<Entry> for LedgerEntryData {
    fn from(entry: Entry) -> Self {
        LedgerEntryData { id: entry.id, kind: entry.kind.to_string(), points: entry.points, at: entry.at, note: entry.note, expires_at: entry.expires_at }
    }
}

/// The client's points.
#[derive(Debug, Serialize, ToSchema)]
pub struct PointsData {
    /// The points they hold.
    pub balance: i64,
    /// What they owe of points returns took back beyond their balance; their next earnings
    /// pay it first.
    pub debt: i64,
    /// What points buy, cheapest first.
    pub rules: Vec<PointsRuleData>,
    /// Their newest coupon, or null.
    pub last_coupon: Option<LastCouponData>,
    /// The points that expire next, or null.
    pub next_expiry: Option<NextExpiryData>,
    /// The points that expire last, or null: with `next_expiry` and `expiring` the whole
    /// balance's story ("7 expire on …, the rest by …").
    pub last_expiry: Option<NextExpiryData>,
    /// How many of the points held expire at all; the rest never do.
    pub expiring: i64,
    /// One page of their ledger, newest first.
    pub ledger: Vec<LedgerEntryData>,
}

/// `GET /api/points`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PointsResponse {
    /// The points.
    pub data: PointsData,
    /// Where the ledger's page sits.
    pub meta: PageMeta,
}

/// The client's points: the balance, the rules on offer, the last coupon, what expires next
/// and a page of the ledger (`page`, `per_page`).
#[utoipa::path(operation_id = "showPoints", get, path = "/api/points", tag = "points", security(("bearer" = [])), params(PageParams),
    responses((status = 200, body = PointsResponse), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn show(state: Data<AppState>, AuthUser(principal): AuthUser, QueryParams(params): QueryParams) -> Result<Json<PointsResponse>, ApiError> {
    let page = ListParams(params).page()?;
    let (loyalty, user) = (state.loyalty.clone(), principal.user.id);
    let overview = blocking(move || loyalty.points(user, page)).await?;
    Ok(Json(PointsResponse {
        meta: PageMeta::from(&overview.history),
        data: PointsData {
            balance: overview.balance,
            debt: overview.debt,
            rules: overview.rules.into_iter().map(PointsRuleData::from).collect(),
            last_coupon: overview.last_coupon.map(LastCouponData::from),
            next_expiry: overview.next_expiry.map(NextExpiryData::from),
            last_expiry: overview.last_expiry.map(NextExpiryData::from),
            expiring: overview.expiring,
            ledger: overview.history.data.into_iter().map(LedgerEntryData::from).collect(),
        },
    }))
}

/// Which rule to exchange by.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ExchangeRequest {
    /// The rule's id, from `GET points`.
    #[serde(default, deserialize_with = "lenient_int")]
    pub rule_id: Option<i64>,
}

/// What an exchange bought.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExchangeData {
    /// The coupon.
    pub coupon: CouponData,
    /// The points it cost.
    pub points: i64,
    /// The client's points right after it.
    pub balance: i64,
}

impl From<Exchange> for ExchangeData {
    fn from(exchange: Exchange) -> Self {
        let Exchange { coupon, points, balance } = exchange;
        ExchangeData { coupon: CouponData { code: coupon.code, discount: coupon.discount.value(), expires_at: coupon.expires_at }, points, balance }
    }
}

/// `POST /api/points/exchange`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExchangeResponse {
    /// "Points exchanged successfully!", in the request's language.
    pub message: String,
    /// The coupon and the balance.
    pub data: ExchangeData,
}

/// Spends the rule's points on a personal coupon: a percent off one order of the client's,
/// usable by nobody else, until it expires. Too few points is a 422 ("Insufficient points for
/// this exchange!"). Send a fresh `Idempotency-Key` per attempt: a repeat gets the key's first
/// answer again (the coupon, or the refusal) with `Idempotent-Replayed: true`.
#[utoipa::path(operation_id = "exchangePoints", post, path = "/api/points/exchange", tag = "points", security(("bearer" = [])), request_body = ExchangeRequest,
    params(("Idempotency-Key" = Option<String>, Header, description = "1 to 255 characters, fresh per exchange attempt")),
    responses((status = 201, body = ExchangeResponse), (status = 400, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn exchange(
    state: Data<AppState>,
    request: HttpRequest,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(body): Body<ExchangeRequest>,
) -> Result<HttpResponse, ApiError> {
    let rule_id = body.rule_id.ok_or_else(|| FieldErrors::single("rule_id", "required"))?;
    let user = principal.user.id;
    let key = idempotency_key(request.headers(), format!("points:{user}"), fingerprint(&rule_id)?)?;
    let loyalty = state.loyalty.clone();
    let answer = move |exchange: &Exchange| {
        Answer::json(StatusCode::CREATED, &ExchangeResponse { message: text(locale, "points.exchanged", &[]), data: ExchangeData::from(exchange.clone()) })
    };
    answer_once(state.idempotency.clone(), key, locale, "error.idempotency_key_reused", answer, move |keyed| Ok(loyalty.exchange(user, rule_id, keyed)?)).await
}
