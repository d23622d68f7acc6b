//! Staff's points (design §4a): the exchange rules under `/api/dashboard/points-rules`, and the
//! clients' balances, ledgers and adjustments under `/api/dashboard/user-points`, each call
//! checking its permission.

use actix_web::web::{self, Data, Json, Path};
use identity::permission::Permission;
use kernel::{FieldErrors, Percent, UserId};
use loyalty::{BalanceQuery, ClientPoints, ExchangeRule, RuleDraft};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::account::points::LedgerEntryData;
use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, QueryParams, blocking};
use crate::common::lenient::{lenient_bool, lenient_int, lenient_text};
use crate::common::messages::text;
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/points-rules", web::get().to(list_rules))
        .route("/dashboard/points-rules", web::post().to(create_rule))
        .route("/dashboard/points-rules/{id}", web::get().to(show_rule))
        .route("/dashboard/points-rules/{id}", web::put().to(update_rule))
        .route("/dashboard/points-rules/{id}", web::delete().to(delete_rule))
        .route("/dashboard/user-points", web::get().to(list_clients))
        .route("/dashboard/user-points/{user_id}", web::get().to(show_client))
        .route("/dashboard/user-points/{user_id}", web::post().to(adjust));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list_rules, create_rule, show_rule, update_rule, delete_rule, list_clients, show_client, adjust))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// An exchange rule as staff see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffPointsRuleData {
    /// Id.
    pub id: i64,
    /// Points it costs.
    pub points: i64,
    /// Percent off the coupon gives.
    pub discount: u8,
    /// Offered to clients.
    pub active: bool,
}

impl From<ExchangeRule> for StaffPointsRuleData {
    fn from(rule: ExchangeRule) -> Self {
        StaffPointsRuleData { id: rule.id, points: rule.draft.points, discount: rule.draft.discount.value(), active: rule.draft.active }
    }
}

/// Every rule, cheapest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffPointsRuleList {
    /// The rules.
    pub data: Vec<StaffPointsRuleData>,
}

/// One rule.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffPointsRuleResponse {
    /// The rule.
    pub data: StaffPointsRuleData,
}

/// A rule as staff send it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PointsRuleForm {
    /// Points it costs, 1 to 1,000,000.
    #[schema(minimum = 1, maximum = 1000000)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub points: Option<i64>,
    /// Percent off, 1 to 100.
    #[schema(minimum = 1, maximum = 100)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub discount: Option<i64>,
    /// Offered to clients (default true).
    #[serde(default, deserialize_with = "lenient_bool")]
    pub active: Option<bool>,
}

impl PointsRuleForm {
    fn into_domain(self) -> Result<RuleDraft, FieldErrors> {
        let mut errors = FieldErrors::new();
        if self.points.is_none() {
            errors.add("points", "required");
        }
        let discount = match self.discount {
            None => {
                errors.add("discount", "required");
                Percent::ZERO
            }
            Some(discount) => Percent::new(discount).unwrap_or(Percent::ZERO),
        };
        let draft = RuleDraft { points: self.points.unwrap_or(0), discount, active: self.active.unwrap_or(true) };
        // The domain's rules too, so that every broken field is reported at once.
        for (field, rules) in draft.check().err().unwrap_or_default().iter() {
            if !errors.has(field) {
                rules.iter().for_each(|rule| errors.add(field, rule));
            }
        }
        errors.into_result().map(|()| draft)
    }
}

/// Lists the exchange rules (`points-list`), cheapest first.
#[utoipa::path(operation_id = "listPointsRules", get, path = "/api/dashboard/points-rules", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = StaffPointsRuleList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_rules(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<StaffPointsRuleList>, ApiError> {
    principal.require(Permission::PointsList)?;
    let desk = state.points_desk.clone();
    let rules = blocking(move || desk.rules()).await?;
    Ok(Json(StaffPointsRuleList { data: rules.into_iter().map(StaffPointsRuleData::from).collect() }))
}

/// One rule (`points-list`).
#[utoipa::path(operation_id = "showPointsRule", get, path = "/api/dashboard/points-rules/{id}", params(("id" = i64, Path, description = "The rule's id")),
    tag = "dashboard", security(("bearer" = [])), responses((status = 200, body = StaffPointsRuleResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show_rule(state: Data<AppState>, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<StaffPointsRuleResponse>, ApiError> {
    principal.require(Permission::PointsList)?;
    let (desk, id) = (state.points_desk.clone(), id.into_inner());
    let rule = blocking(move || desk.rule(id)).await?;
    Ok(Json(StaffPointsRuleResponse { data: rule.into() }))
}

/// Adds a rule (`points-create`).
#[utoipa::path(operation_id = "createPointsRule", post, path = "/api/dashboard/points-rules", tag = "dashboard", security(("bearer" = [])), request_body = PointsRuleForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_rule(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<PointsRuleForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::PointsCreate)?;
    let (desk, draft) = (state.points_desk.clone(), form.into_domain()?);
    blocking(move || desk.add_rule(draft)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.points_rule_saved", &[]) }))
}

/// Changes a rule (`points-edit`); coupons bought with it keep their percent.
#[utoipa::path(operation_id = "updatePointsRule", put, path = "/api/dashboard/points-rules/{id}", params(("id" = i64, Path, description = "The rule's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = PointsRuleForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_rule(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    Body(form): Body<PointsRuleForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::PointsEdit)?;
    let (desk, id, draft) = (state.points_desk.clone(), id.into_inner(), form.into_domain()?);
    blocking(move || desk.update_rule(id, draft)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.points_rule_saved", &[]) }))
}

/// Removes a rule (`points-delete`); coupons bought with it stay.
#[utoipa::path(operation_id = "deletePointsRule", delete, path = "/api/dashboard/points-rules/{id}", params(("id" = i64, Path, description = "The rule's id")),
    tag = "dashboard", security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_rule(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::PointsDelete)?;
    let (desk, id) = (state.points_desk.clone(), id.into_inner());
    blocking(move || desk.remove_rule(id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.points_rule_deleted", &[]) }))
}

/// A client and their points.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientPointsData {
    /// The client's id.
    pub user_id: i64,
    /// Name.
    pub name: String,
    /// Phone, national form.
    pub phone: Option<String>,
    /// E-mail.
    pub email: Option<String>,
    /// Points held (the ledger's sum).
    pub points: i64,
}

impl From<ClientPoints> for ClientPointsData {
    fn from(client: ClientPoints) -> Self {
        ClientPointsData { user_id: client.user.0, name: client.name, phone: client.phone, email: client.email, points: client.balance }
    }
}

/// A page of clients with their points, newest accounts first.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientPointsList {
    /// The clients.
    pub data: Vec<ClientPointsData>,
    /// Where this page sits.
    pub meta: PageMeta,
}

/// Lists the clients with their points (`points-list`): `search` (part of a name or an
/// e-mail, or a phone in any form), `page`, `per_page`.
#[utoipa::path(operation_id = "listClientPoints", get, path = "/api/dashboard/user-points", tag = "dashboard", security(("bearer" = [])),
    params(("search" = Option<String>, Query, description = "Part of a name or an e-mail, or a phone"), PageParams),
    responses((status = 200, body = ClientPointsList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list_clients(state: Data<AppState>, AuthUser(principal): AuthUser, QueryParams(params): QueryParams) -> Result<Json<ClientPointsList>, ApiError> {
    principal.require(Permission::PointsList)?;
    let params = ListParams(params);
    let query = BalanceQuery { search: params.text("search").map(|search| search.chars().take(100).collect()), page: params.page()? };
    let desk = state.points_desk.clone();
    let page = blocking(move || desk.balances(&query)).await?;
    Ok(Json(ClientPointsList { meta: PageMeta::from(&page), data: page.data.into_iter().map(ClientPointsData::from).collect() }))
}

/// A client's points and a page of their ledger.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientLedgerData {
    /// The client and their points.
    pub client: ClientPointsData,
    /// Their ledger, newest first.
    pub ledger: Vec<LedgerEntryData>,
}

/// `GET /api/dashboard/user-points/{user_id}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientLedgerResponse {
    /// The client and the page.
    pub data: ClientLedgerData,
    /// Where the ledger's page sits.
    pub meta: PageMeta,
}

/// One client's points and ledger (`points-list`).
#[utoipa::path(operation_id = "showClientPoints", get, path = "/api/dashboard/user-points/{user_id}", params(("user_id" = i64, Path, description = "The client's id"), PageParams),
    tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = ClientLedgerResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn show_client(
    state: Data<AppState>,
    AuthUser(principal): AuthUser,
    user: Path<i64>,
    QueryParams(params): QueryParams,
) -> Result<Json<ClientLedgerResponse>, ApiError> {
    principal.require(Permission::PointsList)?;
    let page = ListParams(params).page()?;
    let (desk, user) = (state.points_desk.clone(), UserId(user.into_inner()));
    let (client, ledger) = blocking(move || desk.client(user, page)).await?;
    Ok(Json(ClientLedgerResponse {
        meta: PageMeta::from(&ledger),
        data: ClientLedgerData { client: client.into(), ledger: ledger.data.into_iter().map(LedgerEntryData::from).collect() },
    }))
}

/// Points staff add or take.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AdjustForm {
    /// Points to add, or with a minus to take (never below zero), up to 1,000,000 either way.
    #[schema(minimum = -1000000, maximum = 1000000)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub delta: Option<i64>,
    /// Why, shown to the client in their ledger (up to 500 characters).
    #[schema(max_length = 500)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub reason: Option<String>,
}

/// The client's points after an adjustment.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdjustData {
    /// Points held now.
    pub points: i64,
}

/// `POST /api/dashboard/user-points/{user_id}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdjustResponse {
    /// What happened, in the request's language.
    pub message: String,
    /// The balance now.
    pub data: AdjustData,
}

/// Adds or takes a client's points with a reason (`points-adjust`); taking more than they hold
/// is a 422 naming their balance.
#[utoipa::path(operation_id = "adjustClientPoints", post, path = "/api/dashboard/user-points/{user_id}", params(("user_id" = i64, Path, description = "The client's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = AdjustForm,
    responses((status = 200, body = AdjustResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn adjust(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    user: Path<i64>,
    Body(form): Body<AdjustForm>,
) -> Result<Json<AdjustResponse>, ApiError> {
    principal.require(Permission::PointsAdjust)?;
    let mut errors = FieldErrors::new();
    if form.delta.is_none() {
        errors.add("delta", "required");
    }
    if let Some(reason) = &form.reason {
        errors.limit_length("reason", reason, loyalty::desk::MAX_REASON);
    }
    errors.into_result()?;
    let (desk, staff, user) = (state.points_desk.clone(), principal.user.id, UserId(user.into_inner()));
    let (delta, reason) = (form.delta.unwrap_or(0), form.reason.unwrap_or_default());
    let points = blocking(move || desk.adjust(staff, user, delta, &reason)).await?;
    Ok(Json(AdjustResponse { message: text(locale, "staff.points_adjusted", &[]), data: AdjustData { points } }))
}
