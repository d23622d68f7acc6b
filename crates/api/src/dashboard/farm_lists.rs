//! The lists products' agronomy names, kept by staff under `/api/dashboard/crops`,
//! `/api/dashboard/pests` and `/api/dashboard/active-ingredients`, each call checking its
//! `agronomy-*` permission. An entry a product's agronomy names cannot be removed.

use actix_web::web::{self, Data, Json, Path};
use catalog::CatalogError;
use catalog::admin::CatalogAdmin;
use catalog::agronomy::lists::{CropDraft, IngredientDraft, PestDraft};
use catalog::ports::FarmList;
use identity::permission::Permission;
use kernel::Localized;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, BodyWithFiles, Lang, blocking};
use crate::common::lenient::{lenient_int, lenient_text};
use crate::common::messages::text;
use crate::storefront::catalog::catalogue;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/crops", web::get().to(list_crops))
        .route("/dashboard/crops", web::post().to(add_crop))
        .route("/dashboard/crops/{id}", web::put().to(update_crop))
        .route("/dashboard/crops/{id}", web::delete().to(remove_crop))
        .route("/dashboard/crops/{id}/picture", web::put().to(set_crop_picture))
        .route("/dashboard/crops/{id}/picture", web::delete().to(remove_crop_picture))
        .route("/dashboard/pests", web::get().to(list_pests))
        .route("/dashboard/pests", web::post().to(add_pest))
        .route("/dashboard/pests/{id}", web::put().to(update_pest))
        .route("/dashboard/pests/{id}", web::delete().to(remove_pest))
        .route("/dashboard/pests/{id}/picture", web::put().to(set_pest_picture))
        .route("/dashboard/pests/{id}/picture", web::delete().to(remove_pest_picture))
        .route("/dashboard/active-ingredients", web::get().to(list_ingredients))
        .route("/dashboard/active-ingredients", web::post().to(add_ingredient))
        .route("/dashboard/active-ingredients/{id}", web::put().to(update_ingredient))
        .route("/dashboard/active-ingredients/{id}", web::delete().to(remove_ingredient));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(
    list_crops,
    add_crop,
    update_crop,
    remove_crop,
    set_crop_picture,
    remove_crop_picture,
    list_pests,
    add_pest,
    update_pest,
    remove_pest,
    set_pest_picture,
    remove_pest_picture,
    list_ingredients,
    add_ingredient,
    update_ingredient,
    remove_ingredient
))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// An entry of one of the lists as staff see it: both names, and the fields of its list.
#[derive(Debug, Serialize, ToSchema)]
pub struct FarmListEntry {
    /// Id.
    pub id: i64,
    /// Readable address (crops and pests; empty for ingredients).
    pub slug: String,
    /// Arabic name.
    pub name_ar: String,
    /// English name (an ingredient's ISO common name).
    pub name_en: String,
    /// Other Arabic names farmers use or type.
    pub synonyms_ar: Vec<String>,
    /// A crop's place in the list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sort_order: Option<i32>,
    /// A pest's kind: `insect`, `mite`, `disease`, `weed` or `nematode`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// What a farmer sees of a pest, in Arabic.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symptoms_ar: Option<String>,
    /// The same in English.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symptoms_en: Option<String>,
    /// An ingredient's IRAC, FRAC or HRAC group.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resistance_group: Option<String>,
    /// A crop's or pest's picture, once uploaded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
}

/// A whole list.
#[derive(Debug, Serialize, ToSchema)]
pub struct FarmListData {
    /// The entries, crops in the staff's order, the others oldest first.
    pub data: Vec<FarmListEntry>,
}

/// An entry as staff send it; each list reads the fields it has.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
pub struct FarmListForm {
    /// Arabic name.
    #[schema(max_length = 200)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub name_ar: Option<String>,
    /// English name.
    #[schema(max_length = 200)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub name_en: Option<String>,
    /// Other Arabic names, at most 10 of at most 60 characters.
    #[serde(default)]
    pub synonyms_ar: Vec<String>,
    /// A crop's place in the list.
    #[serde(default, deserialize_with = "lenient_int")]
    pub sort_order: Option<i64>,
    /// A pest's kind.
    #[serde(default, deserialize_with = "lenient_text")]
    pub kind: Option<String>,
    /// A pest's symptoms in Arabic, at most 500 characters.
    #[serde(default, deserialize_with = "lenient_text")]
    pub symptoms_ar: Option<String>,
    /// The same in English.
    #[serde(default, deserialize_with = "lenient_text")]
    pub symptoms_en: Option<String>,
    /// An ingredient's resistance group, at most 40 characters.
    #[serde(default, deserialize_with = "lenient_text")]
    pub resistance_group: Option<String>,
}

/// A text field trimmed, empty when absent.
fn trimmed(value: Option<String>) -> String {
    value.map(|text| text.trim().to_string()).unwrap_or_default()
}

impl FarmListForm {
    /// The names and synonyms every list has; blank synonyms left out.
    fn names(&mut self) -> (Localized<String>, Vec<String>) {
        let synonyms =
            std::mem::take(&mut self.synonyms_ar).into_iter().map(|synonym| synonym.trim().to_string()).filter(|synonym| !synonym.is_empty()).collect();
        (Localized::new(trimmed(self.name_ar.take()), trimmed(self.name_en.take())), synonyms)
    }

    fn crop(mut self) -> CropDraft {
        let (name, synonyms_ar) = self.names();
        CropDraft { name, synonyms_ar, sort_order: self.sort_order.and_then(|order| i32::try_from(order).ok()).unwrap_or(0) }
    }

    fn pest(mut self) -> PestDraft {
        let (name, synonyms_ar) = self.names();
        PestDraft { name, synonyms_ar, kind: trimmed(self.kind), symptoms: Localized::new(trimmed(self.symptoms_ar), trimmed(self.symptoms_en)) }
    }

    fn ingredient(mut self) -> IngredientDraft {
        let (name, synonyms_ar) = self.names();
        IngredientDraft { name, resistance_group: trimmed(self.resistance_group), synonyms_ar }
    }
}

/// An entry with only the fields every list has.
fn entry(id: i64, slug: &str, name: &Localized<String>, synonyms_ar: &[String]) -> FarmListEntry {
    FarmListEntry {
        id,
        slug: slug.to_string(),
        name_ar: name.ar.clone(),
        name_en: name.en.clone(),
        synonyms_ar: synonyms_ar.to_vec(),
        sort_order: None,
        kind: None,
        symptoms_ar: None,
        symptoms_en: None,
        resistance_group: None,
        image: None,
    }
}

/// A picture's address under `/media`.
fn media_url(path: &Option<String>) -> Option<String> {
    path.as_ref().map(|path| format!("/media/{path}"))
}

/// The crops (`agronomy-list`), in the staff's order.
#[utoipa::path(operation_id = "listStaffCrops", get, path = "/api/dashboard/crops", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = FarmListData), (status = 403, body = ErrorBody)))]
pub async fn list_crops(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<FarmListData>, ApiError> {
    principal.require(Permission::AgronomyList)?;
    let catalogue = catalogue(&state).await?;
    let data = catalogue
        .crops()
        .iter()
        .map(|crop| FarmListEntry {
            sort_order: Some(crop.sort_order),
            image: media_url(&crop.image),
            ..entry(crop.id, &crop.slug, &crop.name, &crop.synonyms_ar)
        })
        .collect();
    Ok(Json(FarmListData { data }))
}

/// The pests, diseases and weeds (`agronomy-list`).
#[utoipa::path(operation_id = "listStaffPests", get, path = "/api/dashboard/pests", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = FarmListData), (status = 403, body = ErrorBody)))]
pub async fn list_pests(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<FarmListData>, ApiError> {
    principal.require(Permission::AgronomyList)?;
    let catalogue = catalogue(&state).await?;
    let data = catalogue
        .pests()
        .iter()
        .map(|pest| FarmListEntry {
            kind: Some(pest.kind.clone()),
            symptoms_ar: Some(pest.symptoms.ar.clone()),
            symptoms_en: Some(pest.symptoms.en.clone()),
            image: media_url(&pest.image),
            ..entry(pest.id, &pest.slug, &pest.name, &pest.synonyms_ar)
        })
        .collect();
    Ok(Json(FarmListData { data }))
}

/// The active ingredients (`agronomy-list`).
#[utoipa::path(operation_id = "listStaffActiveIngredients", get, path = "/api/dashboard/active-ingredients", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = FarmListData), (status = 403, body = ErrorBody)))]
pub async fn list_ingredients(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<FarmListData>, ApiError> {
    principal.require(Permission::AgronomyList)?;
    let catalogue = catalogue(&state).await?;
    let data = catalogue
        .ingredients()
        .iter()
        .map(|ingredient| FarmListEntry {
            resistance_group: Some(ingredient.resistance_group.clone()),
            ..entry(ingredient.id, "", &ingredient.name, &ingredient.synonyms_ar)
        })
        .collect();
    Ok(Json(FarmListData { data }))
}

/// A list write by a holder of `permission`, answered with the shop's word for it (`saved` or
/// `deleted`).
async fn written(
    state: Data<AppState>,
    locale: kernel::Locale,
    principal: identity::Principal,
    permission: Permission,
    answer: &str,
    write: impl FnOnce(&CatalogAdmin) -> Result<(), CatalogError> + Send + 'static,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(permission)?;
    let admin = state.catalog_admin.clone();
    blocking(move || write(&admin)).await?;
    Ok(Json(MessageResponse { message: text(locale, answer, &[]) }))
}

const SAVED: &str = "staff.list_entry_saved";
const DELETED: &str = "staff.list_entry_deleted";

/// Adds a crop (`agronomy-create`); its address is made from the English name.
#[utoipa::path(operation_id = "addStaffCrop", post, path = "/api/dashboard/crops", tag = "dashboard", security(("bearer" = [])), request_body = FarmListForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn add_crop(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<FarmListForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    written(state, locale, principal, Permission::AgronomyCreate, SAVED, move |admin| admin.add_crop(form.crop()).map(drop)).await
}

/// Changes a crop (`agronomy-edit`); its address stays.
#[utoipa::path(operation_id = "updateStaffCrop", put, path = "/api/dashboard/crops/{id}", params(("id" = i64, Path, description = "The crop's id")), tag = "dashboard",
    security(("bearer" = [])), request_body = FarmListForm, responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_crop(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    Body(form): Body<FarmListForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    let id = id.into_inner();
    written(state, locale, principal, Permission::AgronomyEdit, SAVED, move |admin| admin.update_crop(id, form.crop())).await
}

/// Adds a pest, disease or weed (`agronomy-create`).
#[utoipa::path(operation_id = "addStaffPest", post, path = "/api/dashboard/pests", tag = "dashboard", security(("bearer" = [])), request_body = FarmListForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn add_pest(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<FarmListForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    written(state, locale, principal, Permission::AgronomyCreate, SAVED, move |admin| admin.add_pest(form.pest()).map(drop)).await
}

/// Changes a pest (`agronomy-edit`); its address stays.
#[utoipa::path(operation_id = "updateStaffPest", put, path = "/api/dashboard/pests/{id}", params(("id" = i64, Path, description = "The pest's id")), tag = "dashboard",
    security(("bearer" = [])), request_body = FarmListForm, responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_pest(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    Body(form): Body<FarmListForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    let id = id.into_inner();
    written(state, locale, principal, Permission::AgronomyEdit, SAVED, move |admin| admin.update_pest(id, form.pest())).await
}

/// Adds an active ingredient (`agronomy-create`).
#[utoipa::path(operation_id = "addStaffActiveIngredient", post, path = "/api/dashboard/active-ingredients", tag = "dashboard", security(("bearer" = [])),
    request_body = FarmListForm, responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn add_ingredient(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<FarmListForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    written(state, locale, principal, Permission::AgronomyCreate, SAVED, move |admin| admin.add_ingredient(form.ingredient()).map(drop)).await
}

/// Changes an active ingredient (`agronomy-edit`).
#[utoipa::path(operation_id = "updateStaffActiveIngredient", put, path = "/api/dashboard/active-ingredients/{id}", params(("id" = i64, Path, description = "The ingredient's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = FarmListForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_ingredient(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    Body(form): Body<FarmListForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    let id = id.into_inner();
    written(state, locale, principal, Permission::AgronomyEdit, SAVED, move |admin| admin.update_ingredient(id, form.ingredient())).await
}

/// Removes an entry (`agronomy-delete`), refused (422 `in_use`) while a product names it.
async fn remove(
    state: Data<AppState>,
    locale: kernel::Locale,
    principal: identity::Principal,
    list: FarmList,
    id: i64,
) -> Result<Json<MessageResponse>, ApiError> {
    written(state, locale, principal, Permission::AgronomyDelete, DELETED, move |admin| admin.remove_list_entry(list, id)).await
}

/// Removes a crop (`agronomy-delete`); refused while a product has a use on it.
#[utoipa::path(operation_id = "removeStaffCrop", delete, path = "/api/dashboard/crops/{id}", params(("id" = i64, Path, description = "The crop's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn remove_crop(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    remove(state, locale, principal, FarmList::Crops, id.into_inner()).await
}

/// Removes a pest (`agronomy-delete`); refused while a product has a use against it.
#[utoipa::path(operation_id = "removeStaffPest", delete, path = "/api/dashboard/pests/{id}", params(("id" = i64, Path, description = "The pest's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn remove_pest(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    remove(state, locale, principal, FarmList::Pests, id.into_inner()).await
}

/// Removes an active ingredient (`agronomy-delete`); refused while a product holds it.
#[utoipa::path(operation_id = "removeStaffActiveIngredient", delete, path = "/api/dashboard/active-ingredients/{id}", params(("id" = i64, Path, description = "The ingredient's id")),
    tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn remove_ingredient(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
) -> Result<Json<MessageResponse>, ApiError> {
    remove(state, locale, principal, FarmList::Ingredients, id.into_inner()).await
}

/// A picture as staff send it: multipart with one `image`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PictureUpload {
    /// A JPEG, PNG, WebP or GIF picture of at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    #[serde(default)]
    pub image: Option<String>,
}

/// Gives a crop or a pest the `image` file of a picture upload (422 `image`: `required`
/// without one), for a holder of `agronomy-edit`.
async fn set_picture(
    state: Data<AppState>,
    locale: kernel::Locale,
    principal: identity::Principal,
    list: FarmList,
    id: i64,
    files: Vec<crate::common::extract::Upload>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::AgronomyEdit)?;
    let picture = files.into_iter().find(|file| file.field == "image").ok_or_else(|| kernel::FieldErrors::single("image", "required"))?.bytes;
    written(state, locale, principal, Permission::AgronomyEdit, SAVED, move |admin| admin.set_list_picture(list, id, picture)).await
}

/// Gives a crop its picture (`agronomy-edit`), replacing the one it had: a multipart body with
/// one `image` (422 `image`: `required`, `image_too_large`, `image_invalid`).
#[utoipa::path(operation_id = "setStaffCropPicture", put, path = "/api/dashboard/crops/{id}/picture", params(("id" = i64, Path, description = "The crop's id")), tag = "dashboard",
    security(("bearer" = [])), request_body(content = PictureUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn set_crop_picture(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    BodyWithFiles(_form, files): BodyWithFiles<PictureUpload>,
) -> Result<Json<MessageResponse>, ApiError> {
    set_picture(state, locale, principal, FarmList::Crops, id.into_inner(), files).await
}

/// Takes a crop's picture away (`agronomy-edit`).
#[utoipa::path(operation_id = "removeStaffCropPicture", delete, path = "/api/dashboard/crops/{id}/picture", params(("id" = i64, Path, description = "The crop's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn remove_crop_picture(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
) -> Result<Json<MessageResponse>, ApiError> {
    let id = id.into_inner();
    written(state, locale, principal, Permission::AgronomyEdit, SAVED, move |admin| admin.remove_list_picture(FarmList::Crops, id)).await
}

/// Gives a pest its picture (`agronomy-edit`), replacing the one it had: a multipart body with
/// one `image` (422 `image`: `required`, `image_too_large`, `image_invalid`).
#[utoipa::path(operation_id = "setStaffPestPicture", put, path = "/api/dashboard/pests/{id}/picture", params(("id" = i64, Path, description = "The pest's id")), tag = "dashboard",
    security(("bearer" = [])), request_body(content = PictureUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn set_pest_picture(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    BodyWithFiles(_form, files): BodyWithFiles<PictureUpload>,
) -> Result<Json<MessageResponse>, ApiError> {
    set_picture(state, locale, principal, FarmList::Pests, id.into_inner(), files).await
}

/// Takes a pest's picture away (`agronomy-edit`).
#[utoipa::path(operation_id = "removeStaffPestPicture", delete, path = "/api/dashboard/pests/{id}/picture", params(("id" = i64, Path, description = "The pest's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn remove_pest_picture(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
) -> Result<Json<MessageResponse>, ApiError> {
    let id = id.into_inner();
    written(state, locale, principal, Permission::AgronomyEdit, SAVED, move |admin| admin.remove_list_picture(FarmList::Pests, id)).await
}
