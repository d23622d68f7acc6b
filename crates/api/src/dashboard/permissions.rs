//! Staff calls under `/api/dashboard`, each checking its permission on the server.

use actix_web::web::{self, Json};
use identity::permission::Permission;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::Resource;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::AuthUser;

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/dashboard/permissions", web::get().to(permissions));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(permissions))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// Every permission string, for the roles screen.
#[derive(Debug, Serialize, ToSchema)]
pub struct PermissionList {
    /// `<resource>-<action>` strings.
    pub data: Vec<String>,
}

/// Lists the permissions an access role can hold (needs `role-list`).
#[utoipa::path(get, path = "/api/dashboard/permissions", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = PermissionList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn permissions(AuthUser(principal): AuthUser) -> Result<Json<PermissionList>, ApiError> {
    principal.require(Permission::RoleList)?;
    Ok(Json(PermissionList { data: identity::permission::all() }))
}
