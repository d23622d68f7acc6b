//! Staff accounts: admins under `/api/dashboard/admins` (`admin-*`) and sales engineers under
//! `/api/dashboard/sales` (`sales-*`), each with an access role. Nobody removes their own
//! account, and the last admin stays.

use actix_web::web::{self, Data, Json, Path};
use chrono::{DateTime, Utc};
use identity::desk::StaffForm;
use identity::people::{StaffMember, StaffQuery};
use identity::permission::Permission;
use identity::{Principal, Role};
use kernel::{Locale, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, HashingSlot, Lang, QueryParams, blocking};
use crate::common::lenient::{lenient_int, lenient_text};
use crate::common::messages::text;
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::dashboard::users::{CreatedData, CreatedResponse, NamedData};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/admins", web::get().to(list_admins))
        .route("/dashboard/admins", web::post().to(create_admin))
        .route("/dashboard/admins/{id}", web::get().to(show_admin))
        .route("/dashboard/admins/{id}", web::put().to(update_admin))
        .route("/dashboard/admins/{id}", web::delete().to(delete_admin))
        .route("/dashboard/sales", web::get().to(list_sales))
        .route("/dashboard/sales", web::post().to(create_sales))
        .route("/dashboard/sales/{id}", web::get().to(show_sales))
        .route("/dashboard/sales/{id}", web::put().to(update_sales))
        .route("/dashboard/sales/{id}", web::delete().to(delete_sales));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list_admins, create_admin, show_admin, update_admin, delete_admin, list_sales, create_sales, show_sales, update_sales, delete_sales))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A staff account as staff see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffData {
    /// Id.
    pub id: i64,
    /// Full name.
    pub name: String,
    /// Mobile number, national form.
    pub phone: Option<String>,
    /// E-mail.
    pub email: Option<String>,
    /// `admin` or `sales`.
    pub role: String,
    /// Their access role.
    pub access_role: Option<NamedData>,
    /// Blocked.
    pub blocked: bool,
    /// For a sales engineer: how many clients they look after.
    pub clients: u64,
    /// When the account was made.
    pub created_at: DateTime<Utc>,
}

impl StaffData {
    fn new(member: StaffMember, locale: Locale) -> StaffData {
        StaffData {
            id: member.id.0,
            name: member.name,
            phone: member.phone.map(|phone| phone.to_string()),
            email: member.email.map(|email| email.to_string()),
            role: member.role.to_string(),
            access_role: member.access_role.map(|role| NamedData::new(role, locale)),
            blocked: member.blocked,
            clients: member.clients,
            created_at: member.created_at,
        }
    }
}

/// A page of staff accounts, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffList {
    /// The accounts.
    pub data: Vec<StaffData>,
    /// Where this page sits.
    pub meta: PageMeta,
}

/// One staff account.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffResponse {
    /// The account.
    pub data: StaffData,
}

/// A staff account as staff send it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StaffFormDto {
    /// Full name (up to 120 characters).
    #[schema(max_length = 120)]
    pub name: Option<String>,
    /// E-mail; empty for none.
    pub email: Option<String>,
    /// Egyptian mobile number, any common form.
    pub phone: Option<String>,
    /// 8–128 characters with letters and digits; required for a new account, left out to keep
    /// the password of an account being changed.
    #[schema(max_length = 128)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub password: Option<String>,
    /// The access role's id.
    #[serde(default, deserialize_with = "lenient_int")]
    pub role_id: Option<i64>,
}

impl From<StaffFormDto> for StaffForm {
    fn from(form: StaffFormDto) -> Self {
        StaffForm {
            name: form.name.unwrap_or_default(),
            phone: form.phone.unwrap_or_default(),
            email: form.email.unwrap_or_default(),
            password: form.password.unwrap_or_default(),
            access_role: form.role_id,
        }
    }
}

/// The permissions of one kind of staff account.
struct Kind {
    role: Role,
    list: Permission,
    create: Permission,
    edit: Permission,
    delete: Permission,
}

const ADMINS: Kind =
    Kind { role: Role::Admin, list: Permission::AdminList, create: Permission::AdminCreate, edit: Permission::AdminEdit, delete: Permission::AdminDelete };
const SALES: Kind =
    Kind { role: Role::Sales, list: Permission::SalesList, create: Permission::SalesCreate, edit: Permission::SalesEdit, delete: Permission::SalesDelete };

async fn list(kind: Kind, state: Data<AppState>, locale: Locale, principal: Principal, params: ListParams) -> Result<Json<StaffList>, ApiError> {
    principal.require(kind.list)?;
    let query = StaffQuery { role: kind.role, search: params.text("search").map(|search| search.chars().take(100).collect()), page: params.page()? };
    let people = state.people.clone();
    let page = blocking(move || people.staff(&query)).await?;
    Ok(Json(StaffList { meta: PageMeta::from(&page), data: page.data.into_iter().map(|member| StaffData::new(member, locale)).collect() }))
}

async fn show(kind: Kind, state: Data<AppState>, locale: Locale, principal: Principal, id: i64) -> Result<Json<StaffResponse>, ApiError> {
    principal.require(kind.list)?;
    let people = state.people.clone();
    let member = blocking(move || people.staff_member(kind.role, UserId(id))).await?;
    Ok(Json(StaffResponse { data: StaffData::new(member, locale) }))
}

async fn create(kind: Kind, state: Data<AppState>, locale: Locale, principal: Principal, form: StaffFormDto) -> Result<Json<CreatedResponse>, ApiError> {
    principal.require(kind.create)?;
    let (people, form) = (state.people.clone(), StaffForm::from(form));
    let id = blocking(move || people.add_staff(&principal.user, kind.role, form)).await?;
    Ok(Json(CreatedResponse { message: text(locale, "staff.account_saved", &[]), data: CreatedData { id: id.0 } }))
}

async fn update(
    kind: Kind,
    state: Data<AppState>,
    locale: Locale,
    principal: Principal,
    id: i64,
    form: StaffFormDto,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(kind.edit)?;
    let (people, form) = (state.people.clone(), StaffForm::from(form));
    blocking(move || people.update_staff(&principal.user, kind.role, UserId(id), form)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.account_saved", &[]) }))
}

/// A removed staff account and what went with it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffRemovedResponse {
    /// What happened, in the request's language.
    pub message: String,
    /// Their API keys that worked until now, revoked with the account.
    pub keys_revoked: u32,
    /// Their webhook endpoints, paused until another person saves them.
    pub endpoints_paused: u32,
}

async fn delete(kind: Kind, state: Data<AppState>, locale: Locale, principal: Principal, id: i64) -> Result<Json<StaffRemovedResponse>, ApiError> {
    principal.require(kind.delete)?;
    let people = state.people.clone();
    let retired = blocking(move || people.remove_staff(&principal.user, kind.role, UserId(id))).await?;
    let message = if retired == identity::people::Retired::default() {
        text(locale, "staff.account_deleted", &[])
    } else {
        let counts = [("keys", retired.keys_revoked.to_string()), ("endpoints", retired.endpoints_paused.to_string())];
        text(locale, "staff.account_deleted_with_integrations", &counts)
    };
    Ok(Json(StaffRemovedResponse { message, keys_revoked: retired.keys_revoked, endpoints_paused: retired.endpoints_paused }))
}

/// Lists the admins (`admin-list`): `search`, `page`, `per_page`.
#[utoipa::path(operation_id = "listAdmins", get, path = "/api/dashboard/admins", tag = "dashboard", security(("bearer" = [])),
    params(("search" = Option<String>, Query, description = "Part of a name or e-mail, or a phone"), PageParams),
    responses((status = 200, body = StaffList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list_admins(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    QueryParams(params): QueryParams,
) -> Result<Json<StaffList>, ApiError> {
    list(ADMINS, state, locale, principal, ListParams(params)).await
}

/// One admin (`admin-list`).
#[utoipa::path(operation_id = "showAdmin", get, path = "/api/dashboard/admins/{id}", params(("id" = i64, Path, description = "The admin's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = StaffResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show_admin(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<StaffResponse>, ApiError> {
    show(ADMINS, state, locale, principal, id.into_inner()).await
}

/// Adds an admin with an access role (`admin-create`).
#[utoipa::path(operation_id = "createAdmin", post, path = "/api/dashboard/admins", tag = "dashboard", security(("bearer" = [])), request_body = StaffFormDto,
    responses((status = 200, body = CreatedResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn create_admin(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    _slot: HashingSlot,
    Body(form): Body<StaffFormDto>,
) -> Result<Json<CreatedResponse>, ApiError> {
    create(ADMINS, state, locale, principal, form).await
}

/// Changes an admin (`admin-edit`); a password given replaces theirs and ends their sessions.
#[utoipa::path(operation_id = "updateAdmin", put, path = "/api/dashboard/admins/{id}", params(("id" = i64, Path, description = "The admin's id")), tag = "dashboard",
    security(("bearer" = [])), request_body = StaffFormDto,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn update_admin(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    _slot: HashingSlot,
    id: Path<i64>,
    Body(form): Body<StaffFormDto>,
) -> Result<Json<MessageResponse>, ApiError> {
    update(ADMINS, state, locale, principal, id.into_inner(), form).await
}

/// Removes an admin (`admin-delete`): never your own account, never the last admin. Their API
/// keys are revoked and their webhook endpoints paused in the same step.
#[utoipa::path(operation_id = "deleteAdmin", delete, path = "/api/dashboard/admins/{id}", params(("id" = i64, Path, description = "The admin's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = StaffRemovedResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn delete_admin(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
) -> Result<Json<StaffRemovedResponse>, ApiError> {
    delete(ADMINS, state, locale, principal, id.into_inner()).await
}

/// Lists the sales engineers (`sales-list`) with how many clients each looks after.
#[utoipa::path(operation_id = "listSalesEngineers", get, path = "/api/dashboard/sales", tag = "dashboard", security(("bearer" = [])),
    params(("search" = Option<String>, Query, description = "Part of a name or e-mail, or a phone"), PageParams),
    responses((status = 200, body = StaffList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list_sales(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    QueryParams(params): QueryParams,
) -> Result<Json<StaffList>, ApiError> {
    list(SALES, state, locale, principal, ListParams(params)).await
}

/// One sales engineer (`sales-list`).
#[utoipa::path(operation_id = "showSalesEngineer", get, path = "/api/dashboard/sales/{id}", params(("id" = i64, Path, description = "The sales engineer's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = StaffResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show_sales(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<StaffResponse>, ApiError> {
    show(SALES, state, locale, principal, id.into_inner()).await
}

/// Adds a sales engineer with an access role (`sales-create`).
#[utoipa::path(operation_id = "createSalesEngineer", post, path = "/api/dashboard/sales", tag = "dashboard", security(("bearer" = [])), request_body = StaffFormDto,
    responses((status = 200, body = CreatedResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn create_sales(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    _slot: HashingSlot,
    Body(form): Body<StaffFormDto>,
) -> Result<Json<CreatedResponse>, ApiError> {
    create(SALES, state, locale, principal, form).await
}

/// Changes a sales engineer (`sales-edit`).
#[utoipa::path(operation_id = "updateSalesEngineer", put, path = "/api/dashboard/sales/{id}", params(("id" = i64, Path, description = "The sales engineer's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = StaffFormDto,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn update_sales(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    _slot: HashingSlot,
    id: Path<i64>,
    Body(form): Body<StaffFormDto>,
) -> Result<Json<MessageResponse>, ApiError> {
    update(SALES, state, locale, principal, id.into_inner(), form).await
}

/// Removes a sales engineer (`sales-delete`); their clients go back to the shop's default one,
/// their API keys are revoked and their webhook endpoints paused in the same step.
#[utoipa::path(operation_id = "deleteSalesEngineer", delete, path = "/api/dashboard/sales/{id}", params(("id" = i64, Path, description = "The sales engineer's id")),
    tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = StaffRemovedResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn delete_sales(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
) -> Result<Json<StaffRemovedResponse>, ApiError> {
    delete(SALES, state, locale, principal, id.into_inner()).await
}
