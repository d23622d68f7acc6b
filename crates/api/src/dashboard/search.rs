//! Staff's search settings under `/api/dashboard/search`: the shop's synonym groups (every
//! node searches with a change within the catalogue's freshness window) and the searches that
//! found nothing, each call checking its permission.

use actix_web::web::{self, Data, Json, Path};
use catalog::misses::SearchMiss;
use catalog::search::SynonymGroup;
use chrono::{DateTime, Utc};
use identity::permission::Permission;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, QueryParams, blocking};
use crate::common::messages::text;
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/search/synonyms", web::get().to(synonyms))
        .route("/dashboard/search/synonyms", web::post().to(create_synonyms))
        .route("/dashboard/search/synonyms/{id}", web::put().to(update_synonyms))
        .route("/dashboard/search/synonyms/{id}", web::delete().to(delete_synonyms))
        .route("/dashboard/search/misses", web::get().to(misses))
        .route("/dashboard/search/misses/{id}", web::delete().to(forget_miss));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(synonyms, create_synonyms, update_synonyms, delete_synonyms, misses, forget_miss))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A synonym group: words or phrases, in either language, shoppers use for one thing.
#[derive(Debug, Serialize, ToSchema)]
pub struct SynonymGroupData {
    /// The group's id.
    pub id: i64,
    /// Its members, as staff wrote them.
    pub members: Vec<String>,
}

impl From<SynonymGroup> for SynonymGroupData {
    fn from(SynonymGroup { id, members }: SynonymGroup) -> Self {
        SynonymGroupData { id, members }
    }
}

/// Every synonym group, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct SynonymGroupList {
    /// The groups.
    pub data: Vec<SynonymGroupData>,
}

/// A group after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct SynonymGroupResponse {
    /// What happened.
    pub message: String,
    /// The group as kept (trimmed, each member once).
    pub data: SynonymGroupData,
}

/// A group's members: two to ten words or phrases of at most five words each, in either
/// language (`قوطة`, `طماطم`, `tomato`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct SynonymGroupForm {
    /// The members.
    #[schema(max_items = 10, min_items = 2)]
    pub members: Option<Vec<String>>,
}

/// A search that found nothing.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchMissData {
    /// The miss's id.
    pub id: i64,
    /// The text as search folds it (no hamza forms, ة as ه, Latin digits, lower case).
    pub text: String,
    /// The storefront's language at the time: `ar` or `en`.
    pub language: String,
    /// How many times it found nothing.
    pub searches: i64,
    /// When it last found nothing.
    pub last_searched_at: DateTime<Utc>,
}

impl From<SearchMiss> for SearchMissData {
    fn from(SearchMiss { id, text, language, searches, last_searched_at }: SearchMiss) -> Self {
        SearchMissData { id, text, language, searches, last_searched_at }
    }
}

/// A page of the searches that found nothing, the most recent first.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchMissList {
    /// The searches.
    pub data: Vec<SearchMissData>,
    /// Where the page sits.
    pub meta: PageMeta,
}

/// The synonym groups (`setting-list`).
#[utoipa::path(operation_id = "listSynonymGroups", get, path = "/api/dashboard/search/synonyms", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = SynonymGroupList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn synonyms(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<SynonymGroupList>, ApiError> {
    principal.require(Permission::SettingList)?;
    let admin = state.catalog_admin.clone();
    let groups = blocking(move || admin.synonym_groups()).await?;
    Ok(Json(SynonymGroupList { data: groups.into_iter().map(Into::into).collect() }))
}

/// Adds a synonym group (`setting-edit`).
#[utoipa::path(operation_id = "createSynonymGroup", post, path = "/api/dashboard/search/synonyms", tag = "dashboard", security(("bearer" = [])), request_body = SynonymGroupForm,
    responses((status = 200, body = SynonymGroupResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_synonyms(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<SynonymGroupForm>,
) -> Result<Json<SynonymGroupResponse>, ApiError> {
    principal.require(Permission::SettingEdit)?;
    let (admin, members) = (state.catalog_admin.clone(), form.members.unwrap_or_default());
    let group = blocking(move || admin.create_synonym_group(&members)).await?;
    Ok(Json(SynonymGroupResponse { message: text(locale, "staff.synonyms_saved", &[]), data: group.into() }))
}

/// Replaces a synonym group's members (`setting-edit`).
#[utoipa::path(operation_id = "updateSynonymGroup", put, path = "/api/dashboard/search/synonyms/{id}", params(("id" = i64, Path, description = "The group's id")), tag = "dashboard",
    security(("bearer" = [])), request_body = SynonymGroupForm,
    responses((status = 200, body = SynonymGroupResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_synonyms(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    Body(form): Body<SynonymGroupForm>,
) -> Result<Json<SynonymGroupResponse>, ApiError> {
    principal.require(Permission::SettingEdit)?;
    let (admin, id, members) = (state.catalog_admin.clone(), id.into_inner(), form.members.unwrap_or_default());
    let group = blocking(move || admin.update_synonym_group(id, &members)).await?;
    Ok(Json(SynonymGroupResponse { message: text(locale, "staff.synonyms_saved", &[]), data: group.into() }))
}

/// Removes a synonym group (`setting-edit`).
#[utoipa::path(operation_id = "deleteSynonymGroup", delete, path = "/api/dashboard/search/synonyms/{id}", params(("id" = i64, Path, description = "The group's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_synonyms(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::SettingEdit)?;
    let (admin, id) = (state.catalog_admin.clone(), id.into_inner());
    blocking(move || admin.delete_synonym_group(id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.synonyms_deleted", &[]) }))
}

/// The searches that found nothing, the most recent first (`setting-list`): `page`, `per_page`.
#[utoipa::path(operation_id = "listSearchMisses", get, path = "/api/dashboard/search/misses", tag = "dashboard", security(("bearer" = [])), params(PageParams),
    responses((status = 200, body = SearchMissList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn misses(state: Data<AppState>, AuthUser(principal): AuthUser, QueryParams(params): QueryParams) -> Result<Json<SearchMissList>, ApiError> {
    principal.require(Permission::SettingList)?;
    let (misses, page) = (state.search_misses.clone(), ListParams(params).page()?);
    let page = blocking(move || misses.list(page)).await?;
    Ok(Json(SearchMissList { meta: PageMeta::from(&page), data: page.data.into_iter().map(Into::into).collect() }))
}

/// Forgets a search that found nothing, once answered (`setting-edit`).
#[utoipa::path(operation_id = "forgetSearchMiss", delete, path = "/api/dashboard/search/misses/{id}", params(("id" = i64, Path, description = "The miss's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn forget_miss(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::SettingEdit)?;
    let (misses, id) = (state.search_misses.clone(), id.into_inner());
    blocking(move || misses.forget(id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.search_miss_forgotten", &[]) }))
}
