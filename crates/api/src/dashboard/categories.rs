//! Staff's categories under `/api/dashboard/categories`, each call checking its permission.

use actix_web::web::{self, Data, Json, Path};
use catalog::Category;
use catalog::CategoryDraft;
use identity::permission::Permission;
use kernel::validation::limits;
use kernel::{CategoryId, FieldErrors, Localized};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, BodyWithFiles, Lang, blocking};
use crate::common::lenient::{lenient_bool, lenient_int};
use crate::common::messages::text;
use crate::storefront::catalog::catalogue;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/categories", web::get().to(list))
        .route("/dashboard/categories", web::post().to(create))
        .route("/dashboard/categories/{id}", web::put().to(update))
        .route("/dashboard/categories/{id}", web::delete().to(delete));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list, create, update, delete))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A category as staff see it: both names.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffCategoryData {
    /// Id.
    pub id: i64,
    /// Readable address.
    pub slug: String,
    /// Arabic name.
    pub name_ar: String,
    /// English name.
    pub name_en: String,
    /// Picture URL.
    pub image: Option<String>,
    /// Position in lists.
    pub sort_order: i32,
    /// Whether its products can be returned once opened.
    pub returnable: bool,
}

impl From<Category> for StaffCategoryData {
    fn from(category: Category) -> Self {
        StaffCategoryData {
            id: category.id.0,
            slug: category.slug,
            name_ar: category.draft.name.ar,
            name_en: category.draft.name.en,
            image: category.image.map(|path| format!("/media/{path}")),
            sort_order: category.draft.sort_order,
            returnable: category.draft.returnable,
        }
    }
}

/// Every category, in order.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffCategoryList {
    /// The categories.
    pub data: Vec<StaffCategoryData>,
}

/// A category as staff send it: JSON, a form, or multipart with an `image` file.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CategoryForm {
    /// Arabic name.
    #[schema(max_length = 200)]
    pub name_ar: Option<String>,
    /// English name.
    #[schema(max_length = 200)]
    pub name_en: Option<String>,
    /// Position in lists.
    #[serde(default, deserialize_with = "lenient_int")]
    pub sort_order: Option<i64>,
    /// Whether its products can be returned once opened (default true; false for pesticides
    /// and opened fertiliser).
    #[serde(default, deserialize_with = "lenient_bool")]
    pub returnable: Option<bool>,
}

impl CategoryForm {
    fn into_domain(self) -> Result<CategoryDraft, FieldErrors> {
        let mut errors = FieldErrors::new();
        // Limits hold for the names as sent, as the API document says, not only once trimmed.
        errors.limit_length("name_ar", self.name_ar.as_deref().unwrap_or_default(), limits::NAME);
        errors.limit_length("name_en", self.name_en.as_deref().unwrap_or_default(), limits::NAME);
        errors.into_result()?;
        Ok(CategoryDraft {
            name: Localized::new(self.name_ar.unwrap_or_default().trim().to_string(), self.name_en.unwrap_or_default().trim().to_string()),
            sort_order: self.sort_order.and_then(|n| i32::try_from(n).ok()).unwrap_or(0),
            returnable: self.returnable.unwrap_or(true),
        })
    }
}

fn image(files: Vec<crate::common::extract::Upload>) -> Option<Vec<u8>> {
    files.into_iter().find(|file| file.field == "image").map(|file| file.bytes)
}

/// Lists the categories (`category-list`).
#[utoipa::path(operation_id = "listStaffCategories", get, path = "/api/dashboard/categories", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = StaffCategoryList), (status = 403, body = ErrorBody)))]
pub async fn list(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<StaffCategoryList>, ApiError> {
    principal.require(Permission::CategoryList)?;
    let categories = catalogue(&state).await?.categories();
    Ok(Json(StaffCategoryList { data: categories.into_iter().map(Into::into).collect() }))
}

/// Adds a category (`category-create`), with an optional `image` file.
#[utoipa::path(operation_id = "createStaffCategory", post, path = "/api/dashboard/categories", tag = "dashboard", security(("bearer" = [])), request_body = CategoryForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    BodyWithFiles(form, files): BodyWithFiles<CategoryForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::CategoryCreate)?;
    let admin = state.catalog_admin.clone();
    let draft = form.into_domain()?;
    blocking(move || admin.create_category(draft, image(files))).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.category_saved", &[]) }))
}

/// Changes a category (`category-edit`); an `image` file replaces its picture.
#[utoipa::path(operation_id = "updateStaffCategory", put, path = "/api/dashboard/categories/{id}", params(("id" = i64, Path, description = "The category's id")), tag = "dashboard", security(("bearer" = [])), request_body = CategoryForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<CategoryId>,
    BodyWithFiles(form, files): BodyWithFiles<CategoryForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::CategoryEdit)?;
    let admin = state.catalog_admin.clone();
    let (id, draft) = (id.into_inner(), form.into_domain()?);
    blocking(move || admin.update_category(id, draft, image(files))).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.category_saved", &[]) }))
}

/// Removes a category (`category-delete`); its products stay, without a category.
#[utoipa::path(operation_id = "deleteStaffCategory", delete, path = "/api/dashboard/categories/{id}", params(("id" = i64, Path, description = "The category's id")), tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<CategoryId>) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::CategoryDelete)?;
    let admin = state.catalog_admin.clone();
    let id = id.into_inner();
    blocking(move || admin.delete_category(id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.category_deleted", &[]) }))
}
