//! Staff's offers under `/api/dashboard/offers`, each call checking its permission.

use actix_web::web::{self, Data, Json, Path};
use catalog::OfferDraft;
use catalog::OfferQuery;
use catalog::offer::{Offer, OfferStatus, OfferTarget};
use chrono::{DateTime, Utc};
use identity::permission::Permission;
use kernel::validation::limits;
use kernel::{CategoryId, FieldErrors, Localized, OfferId, Percent, ProductId};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, BodyWithFiles, Lang, QueryParams, blocking};
use crate::common::lenient::{lenient_int, optional_instant};
use crate::common::messages::text;
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::storefront::catalog::catalogue;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/offers", web::get().to(list))
        .route("/dashboard/offers", web::post().to(create))
        .route("/dashboard/offers/{id}", web::put().to(update))
        .route("/dashboard/offers/{id}", web::delete().to(delete))
        .route("/dashboard/offers/{id}/activate", web::post().to(activate))
        .route("/dashboard/offers/{id}/deactivate", web::post().to(deactivate));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list, create, update, delete, activate, deactivate))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// An offer as staff see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffOfferData {
    /// Id.
    pub id: i64,
    /// Arabic title.
    pub title_ar: String,
    /// English title.
    pub title_en: String,
    /// Percentage off.
    pub percentage: u8,
    /// The category it covers, if it covers one.
    pub category_id: Option<i64>,
    /// The products it covers, if it covers products.
    pub product_ids: Vec<i64>,
    /// Banner URL.
    pub banner_image: Option<String>,
    /// Start.
    pub starts_at: DateTime<Utc>,
    /// End.
    pub ends_at: DateTime<Utc>,
    /// `active`, `inactive` or `expired`, now.
    #[schema(schema_with = crate::common::schema::offer_status)]
    pub status: &'static str,
}

impl StaffOfferData {
    fn new(offer: Offer, now: DateTime<Utc>) -> StaffOfferData {
        let status = match offer.status(now) {
            OfferStatus::Active => "active",
            OfferStatus::Inactive => "inactive",
            OfferStatus::Expired => "expired",
        };
        let (category_id, product_ids) = match offer.draft.target {
            OfferTarget::Category(id) => (Some(id.0), Vec::new()),
            OfferTarget::Products(ids) => (None, ids.into_iter().map(|id| id.0).collect()),
        };
        StaffOfferData {
            id: offer.id.0,
            title_ar: offer.draft.title.ar,
            title_en: offer.draft.title.en,
            percentage: offer.draft.percentage.value(),
            category_id,
            product_ids,
            banner_image: offer.banner_image.map(|path| format!("/media/{path}")),
            starts_at: offer.draft.starts_at,
            ends_at: offer.draft.ends_at,
            status,
        }
    }
}

/// Every offer, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffOfferList {
    /// The offers, newest first.
    pub data: Vec<StaffOfferData>,
    /// Where this page sits.
    pub meta: PageMeta,
}

/// An offer as staff send it: JSON, a form, or multipart with a `banner_image` file. It covers
/// `category_id`, or else `product_ids`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OfferForm {
    /// Arabic title.
    #[schema(max_length = 200)]
    pub title_ar: Option<String>,
    /// English title.
    #[schema(max_length = 200)]
    pub title_en: Option<String>,
    /// Percentage off, 1 to 90.
    #[schema(minimum = 1, maximum = 90)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub percentage: Option<i64>,
    /// The category covered.
    #[serde(default, deserialize_with = "lenient_int")]
    pub category_id: Option<i64>,
    /// The products covered (`product_ids[]` in forms).
    #[serde(default)]
    pub product_ids: Vec<serde_json::Value>,
    /// Start date (`YYYY-MM-DD`, from midnight UTC) or instant.
    pub starts_at: Option<String>,
    /// End date (`YYYY-MM-DD`, until midnight UTC) or instant.
    pub ends_at: Option<String>,
}

fn instant(errors: &mut FieldErrors, field: &str, raw: Option<String>) -> DateTime<Utc> {
    if raw.as_deref().is_none_or(|raw| raw.trim().is_empty()) {
        errors.add(field, "required");
    }
    optional_instant(errors, field, raw.as_deref()).unwrap_or(DateTime::<Utc>::MIN_UTC)
}

impl OfferForm {
    fn into_domain(self) -> Result<OfferDraft, FieldErrors> {
        let mut errors = FieldErrors::new();
        // Limits hold for the titles as sent, as the API document says, not only once trimmed.
        errors.limit_length("title_ar", self.title_ar.as_deref().unwrap_or_default(), limits::NAME);
        errors.limit_length("title_en", self.title_en.as_deref().unwrap_or_default(), limits::NAME);
        let starts_at = instant(&mut errors, "starts_at", self.starts_at);
        let ends_at = instant(&mut errors, "ends_at", self.ends_at);
        let mut product_ids = Vec::new();
        for value in &self.product_ids {
            match value.as_i64().or_else(|| value.as_str().and_then(|s| kernel::digits::to_latin_digits(s.trim()).parse().ok())) {
                Some(id) => product_ids.push(id),
                None => errors.add("product_ids", "integer"),
            }
        }
        let percentage = self.percentage.unwrap_or(0);
        errors.into_result()?;
        Ok(OfferDraft {
            title: Localized::new(self.title_ar.unwrap_or_default().trim().to_string(), self.title_en.unwrap_or_default().trim().to_string()),
            percentage: Percent::new(percentage).unwrap_or(Percent::ZERO),
            target: match self.category_id {
                Some(category) => OfferTarget::Category(CategoryId(category)),
                None => OfferTarget::Products(product_ids.into_iter().map(ProductId).collect()),
            },
            starts_at,
            ends_at,
        })
    }
}

fn banner(files: Vec<crate::common::extract::Upload>) -> Option<Vec<u8>> {
    files.into_iter().find(|file| file.field == "banner_image").map(|file| file.bytes)
}

/// Lists the offers with their status now (`offer-list`): `search` (either title),
/// `status` (`active`, `inactive` or `expired`), `page`, `per_page`.
#[utoipa::path(operation_id = "listStaffOffers", get, path = "/api/dashboard/offers", tag = "dashboard", security(("bearer" = [])),
    params(("search" = Option<String>, Query, description = "Words of either title"),
        ("status" = Option<String>, Query, pattern = r"^\s*(active|inactive|expired)?\s*$", description = "`active`, `inactive` or `expired` now"), PageParams),
    responses((status = 200, body = StaffOfferList), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list(state: Data<AppState>, AuthUser(principal): AuthUser, QueryParams(params): QueryParams) -> Result<Json<StaffOfferList>, ApiError> {
    principal.require(Permission::OfferList)?;
    let params = ListParams(params);
    let status = match params.text("status") {
        None => None,
        Some(raw) => Some(raw.parse::<OfferStatus>().map_err(|_| FieldErrors::single("status", "status_invalid"))?),
    };
    let query = OfferQuery { status, search: params.text("search"), page: params.page()? };
    let now = state.catalog.now();
    let page = catalogue(&state).await?.list_offers(&query, now).map(|offer| StaffOfferData::new(offer, now));
    Ok(Json(StaffOfferList { meta: PageMeta::from(&page), data: page.data }))
}

/// Adds a switched-on offer (`offer-create`), with an optional `banner_image` file.
#[utoipa::path(operation_id = "createStaffOffer", post, path = "/api/dashboard/offers", tag = "dashboard", security(("bearer" = [])), request_body = OfferForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    BodyWithFiles(form, files): BodyWithFiles<OfferForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::OfferCreate)?;
    let draft = form.into_domain()?;
    let admin = state.catalog_admin.clone();
    blocking(move || admin.create_offer(draft, banner(files))).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.offer_saved", &[]) }))
}

/// Changes an offer (`offer-edit`).
#[utoipa::path(operation_id = "updateStaffOffer", put, path = "/api/dashboard/offers/{id}", params(("id" = i64, Path, description = "The offer's id")), tag = "dashboard", security(("bearer" = [])), request_body = OfferForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OfferId>,
    BodyWithFiles(form, files): BodyWithFiles<OfferForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::OfferEdit)?;
    let draft = form.into_domain()?;
    let (admin, id) = (state.catalog_admin.clone(), id.into_inner());
    blocking(move || admin.update_offer(id, draft, banner(files))).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.offer_saved", &[]) }))
}

async fn switch(
    state: Data<AppState>,
    locale: kernel::Locale,
    principal: identity::Principal,
    id: OfferId,
    active: bool,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::OfferEdit)?;
    let admin = state.catalog_admin.clone();
    blocking(move || admin.set_offer_active(id, active)).await?;
    Ok(Json(MessageResponse { message: text(locale, if active { "staff.offer_activated" } else { "staff.offer_deactivated" }, &[]) }))
}

/// Switches an offer on (`offer-edit`).
#[utoipa::path(operation_id = "activateStaffOffer", post, path = "/api/dashboard/offers/{id}/activate", params(("id" = i64, Path, description = "The offer's id")), tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn activate(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<OfferId>) -> Result<Json<MessageResponse>, ApiError> {
    switch(state, locale, principal, id.into_inner(), true).await
}

/// Switches an offer off (`offer-edit`).
#[utoipa::path(operation_id = "deactivateStaffOffer", post, path = "/api/dashboard/offers/{id}/deactivate", params(("id" = i64, Path, description = "The offer's id")), tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn deactivate(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<OfferId>,
) -> Result<Json<MessageResponse>, ApiError> {
    switch(state, locale, principal, id.into_inner(), false).await
}

/// Removes an offer (`offer-delete`).
#[utoipa::path(operation_id = "deleteStaffOffer", delete, path = "/api/dashboard/offers/{id}", params(("id" = i64, Path, description = "The offer's id")), tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<OfferId>) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::OfferDelete)?;
    let (admin, id) = (state.catalog_admin.clone(), id.into_inner());
    blocking(move || admin.delete_offer(id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.offer_deleted", &[]) }))
}
