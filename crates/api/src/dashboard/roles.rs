//! Access roles under `/api/dashboard/roles` (`role-*`): named sets of permissions staff hold.
//! A change reaches the holders' next request; `Super Admin` keeps every permission.

use actix_web::web::{self, Data, Json, Path};
use identity::people::{AccessRole, RoleDraft};
use identity::permission::Permission;
use kernel::FieldErrors;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::messages::text;
use crate::dashboard::users::{CreatedData, CreatedResponse};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/roles", web::get().to(list))
        .route("/dashboard/roles", web::post().to(create))
        .route("/dashboard/roles/{id}", web::get().to(show))
        .route("/dashboard/roles/{id}", web::put().to(update))
        .route("/dashboard/roles/{id}", web::delete().to(delete));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list, create, show, update, delete))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// An access role.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoleData {
    /// Id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Made by the shop (`Super Admin`, `Sales Engineer`).
    pub built_in: bool,
    /// What it allows (`<resource>-<action>`), in the roles screen's order.
    pub permissions: Vec<String>,
    /// How many staff hold it.
    pub holders: u64,
}

impl From<AccessRole> for RoleData {
    fn from(role: AccessRole) -> Self {
        RoleData {
            id: role.id,
            name: role.name,
            built_in: role.built_in,
            permissions: role.permissions.into_iter().map(|permission| permission.to_string()).collect(),
            holders: role.holders,
        }
    }
}

/// Every role.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoleList {
    /// The roles, built-in ones first.
    pub data: Vec<RoleData>,
}

/// One role.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoleResponse {
    /// The role.
    pub data: RoleData,
}

/// A role as staff send it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RoleForm {
    /// Its name (up to 80 characters).
    #[schema(max_length = 80)]
    pub name: Option<String>,
    /// What it allows: permission strings from `GET dashboard/permissions` (up to 100).
    #[schema(max_items = 100)]
    pub permissions: Option<Vec<String>>,
}

impl RoleForm {
    fn into_domain(self) -> Result<RoleDraft, FieldErrors> {
        let names = self.permissions.unwrap_or_default();
        if names.len() > 100 {
            return Err(FieldErrors::single("permissions", "permissions_invalid"));
        }
        let mut permissions: Vec<Permission> = names
            .iter()
            .map(|name| name.trim().parse::<Permission>())
            .collect::<Result<_, _>>()
            .map_err(|_| FieldErrors::single("permissions", "permissions_invalid"))?;
        permissions.sort_by_key(|permission| *permission as usize);
        permissions.dedup();
        Ok(RoleDraft { name: self.name.unwrap_or_default(), permissions })
    }
}

/// Lists the roles (`role-list`) with who holds how many.
#[utoipa::path(operation_id = "listRoles", get, path = "/api/dashboard/roles", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = RoleList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<RoleList>, ApiError> {
    principal.require(Permission::RoleList)?;
    let people = state.people.clone();
    let roles = blocking(move || people.roles()).await?;
    Ok(Json(RoleList { data: roles.into_iter().map(RoleData::from).collect() }))
}

/// One role (`role-list`).
#[utoipa::path(operation_id = "showRole", get, path = "/api/dashboard/roles/{id}", params(("id" = i64, Path, description = "The role's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = RoleResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show(state: Data<AppState>, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<RoleResponse>, ApiError> {
    principal.require(Permission::RoleList)?;
    let (people, id) = (state.people.clone(), id.into_inner());
    let role = blocking(move || people.role(id)).await?;
    Ok(Json(RoleResponse { data: role.into() }))
}

/// Adds a role (`role-create`).
#[utoipa::path(operation_id = "createRole", post, path = "/api/dashboard/roles", tag = "dashboard", security(("bearer" = [])), request_body = RoleForm,
    responses((status = 200, body = CreatedResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<RoleForm>,
) -> Result<Json<CreatedResponse>, ApiError> {
    principal.require(Permission::RoleCreate)?;
    let (people, draft) = (state.people.clone(), form.into_domain()?);
    let id = blocking(move || people.add_role(&principal.user, draft)).await?;
    Ok(Json(CreatedResponse { message: text(locale, "staff.role_saved", &[]), data: CreatedData { id } }))
}

/// Changes a role's name and permissions (`role-edit`); its holders' next request has them.
/// A built-in role keeps its name, and `Super Admin` every permission.
#[utoipa::path(operation_id = "updateRole", put, path = "/api/dashboard/roles/{id}", params(("id" = i64, Path, description = "The role's id")), tag = "dashboard",
    security(("bearer" = [])), request_body = RoleForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    Body(form): Body<RoleForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::RoleEdit)?;
    let (people, id, draft) = (state.people.clone(), id.into_inner(), form.into_domain()?);
    blocking(move || people.update_role(&principal.user, id, draft)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.role_saved", &[]) }))
}

/// Removes a role nobody holds (`role-delete`); built-in roles stay.
#[utoipa::path(operation_id = "deleteRole", delete, path = "/api/dashboard/roles/{id}", params(("id" = i64, Path, description = "The role's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn delete(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::RoleDelete)?;
    let (people, id) = (state.people.clone(), id.into_inner());
    blocking(move || people.remove_role(&principal.user, id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.role_deleted", &[]) }))
}
