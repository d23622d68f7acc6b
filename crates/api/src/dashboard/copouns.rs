//! Staff's promo codes under `/api/dashboard/copouns` (the spec's spelling), each call checking
//! its permission.

use actix_web::web::{self, Data, Json, Path};
use chrono::{DateTime, Utc};
use identity::permission::Permission;
use kernel::{FieldErrors, Money, Percent};
use ordering::{PromoCode, PromoDraft, PromoQuery, PromoValue};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, QueryParams, blocking};
use crate::common::lenient::{lenient_bool, lenient_int, lenient_text, optional_instant};
use crate::common::messages::text;
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/copouns", web::get().to(list))
        .route("/dashboard/copouns", web::post().to(create))
        .route("/dashboard/copouns/{id}", web::get().to(show))
        .route("/dashboard/copouns/{id}", web::put().to(update))
        .route("/dashboard/copouns/{id}", web::delete().to(delete))
        .route("/dashboard/copouns/{id}/activate", web::post().to(activate))
        .route("/dashboard/copouns/{id}/deactivate", web::post().to(deactivate));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list, create, show, update, delete, activate, deactivate))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A promo code as staff see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffCopounData {
    /// Id.
    pub id: i64,
    /// The code (kept in upper case).
    pub code: String,
    /// `percent` or `fixed`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The percent, or the amount in EGP.
    pub value: f64,
    /// The least subtotal, EGP.
    #[schema(value_type = Option<f64>)]
    pub min_subtotal: Option<Money>,
    /// The most a percent code takes off, EGP.
    #[schema(value_type = Option<f64>)]
    pub max_discount: Option<Money>,
    /// From when it works.
    pub starts_at: Option<DateTime<Utc>>,
    /// Until when it works.
    pub expires_at: Option<DateTime<Utc>>,
    /// Orders that may use it in all.
    pub usage_limit: Option<u32>,
    /// Orders of one buyer (account or phone) that may use it.
    pub per_user_limit: Option<u32>,
    /// Orders that use it now.
    pub used: u32,
    /// Switched on.
    pub active: bool,
    /// Only clients of this group may use it.
    pub group_id: Option<i64>,
    /// `active`, `inactive` or `expired` now.
    pub status: String,
}

impl StaffCopounData {
    fn new(code: PromoCode, now: DateTime<Utc>) -> StaffCopounData {
        let status = ordering::promo::status(&code, now).to_string();
        let value = match code.draft.value {
            PromoValue::Percent(percent) => f64::from(percent.value()),
            PromoValue::Fixed(amount) => amount.pounds(),
        };
        let PromoDraft { code: text, value: kind, min_subtotal, max_discount, starts_at, expires_at, usage_limit, per_user_limit, active, group } = code.draft;
        StaffCopounData {
            id: code.id,
            code: text,
            kind: kind.kind().to_string(),
            value,
            min_subtotal,
            max_discount,
            starts_at,
            expires_at,
            usage_limit,
            per_user_limit,
            used: code.used,
            active,
            group_id: group,
            status,
        }
    }
}

/// A page of codes, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffCopounList {
    /// The codes.
    pub data: Vec<StaffCopounData>,
    /// Where this page sits.
    pub meta: PageMeta,
}

/// One code.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffCopounResponse {
    /// The code.
    pub data: StaffCopounData,
}

/// A code as staff send it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CopounForm {
    /// 3 to 40 letters, digits, `-` or `_`; kept in upper case.
    #[schema(max_length = 40)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub code: Option<String>,
    /// `percent` or `fixed`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// 1 to 100 for a percent, an amount in EGP for a fixed code.
    #[serde(default, deserialize_with = "lenient_text")]
    pub value: Option<String>,
    /// The least subtotal, EGP.
    #[serde(default, deserialize_with = "lenient_text")]
    pub min_subtotal: Option<String>,
    /// The most a percent code takes off, EGP.
    #[serde(default, deserialize_with = "lenient_text")]
    pub max_discount: Option<String>,
    /// From when (`YYYY-MM-DD` or an instant).
    pub starts_at: Option<String>,
    /// Until when (`YYYY-MM-DD` or an instant).
    pub expires_at: Option<String>,
    /// Orders that may use it in all.
    #[schema(minimum = 1)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub usage_limit: Option<i64>,
    /// Orders of one buyer that may use it.
    #[schema(minimum = 1)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub per_user_limit: Option<i64>,
    /// Switched on (default true).
    #[serde(default, deserialize_with = "lenient_bool")]
    pub active: Option<bool>,
    /// Only clients of this group may use it (a group's id); none for everybody.
    #[serde(default, deserialize_with = "lenient_int")]
    pub group_id: Option<i64>,
}

impl CopounForm {
    fn into_domain(self) -> Result<PromoDraft, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut amount = |field: &str, raw: Option<&str>| {
            let raw = raw.map(str::trim).filter(|raw| !raw.is_empty())?;
            let parsed = Money::parse_pounds(raw).filter(|amount| *amount <= Money::PRICE_MAX);
            if parsed.is_none() {
                errors.add(field, "price_invalid");
            }
            parsed
        };
        let min_subtotal = amount("min_subtotal", self.min_subtotal.as_deref());
        let max_discount = amount("max_discount", self.max_discount.as_deref());
        let raw_value = self.value.unwrap_or_default();
        let value = match self.kind.as_deref().map(str::trim) {
            Some("percent") => kernel::digits::to_latin_digits(raw_value.trim()).parse::<i64>().ok().and_then(Percent::new).map(PromoValue::Percent),
            Some("fixed") => Money::parse_pounds(&raw_value).map(PromoValue::Fixed),
            None | Some("") => {
                errors.add("type", "required");
                None
            }
            Some(_) => {
                errors.add("type", "copoun_type_invalid");
                None
            }
        };
        if value.is_none() && !errors.has("type") {
            errors.add("value", if raw_value.trim().is_empty() { "required" } else { "copoun_value_invalid" });
        }
        let starts_at = optional_instant(&mut errors, "starts_at", self.starts_at.as_deref());
        let expires_at = optional_instant(&mut errors, "expires_at", self.expires_at.as_deref());
        let mut count = |field: &str, raw: Option<i64>| {
            let raw = raw?;
            let parsed = u32::try_from(raw).ok().filter(|n| *n >= 1);
            if parsed.is_none() {
                errors.add(field, "limit_invalid");
            }
            parsed
        };
        let usage_limit = count("usage_limit", self.usage_limit);
        let per_user_limit = count("per_user_limit", self.per_user_limit);
        let draft = PromoDraft {
            code: self.code.unwrap_or_default(),
            value: value.unwrap_or(PromoValue::Percent(Percent::clamped(1))),
            min_subtotal,
            max_discount,
            starts_at,
            expires_at,
            usage_limit,
            per_user_limit,
            active: self.active.unwrap_or(true),
            group: self.group_id,
        };
        // The domain's rules too, so that every broken field is reported at once.
        errors.merge(PromoDraft { code: ordering::fold_code(&draft.code), ..draft.clone() }.check().err().unwrap_or_default());
        errors.into_result().map(|()| draft)
    }
}

/// Lists the codes (`copoun-list`): `search` (part of the code), `status` (`active`,
/// `inactive` or `expired`), `page`, `per_page`.
#[utoipa::path(operation_id = "listStaffCopouns", get, path = "/api/dashboard/copouns", tag = "dashboard", security(("bearer" = [])),
    params(("search" = Option<String>, Query, description = "Part of the code"),
        ("status" = Option<String>, Query, pattern = r"^\s*(active|inactive|expired)?\s*$", description = "`active`, `inactive` or `expired`"), PageParams),
    responses((status = 200, body = StaffCopounList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list(state: Data<AppState>, AuthUser(principal): AuthUser, QueryParams(params): QueryParams) -> Result<Json<StaffCopounList>, ApiError> {
    principal.require(Permission::CopounList)?;
    let params = ListParams(params);
    let status = params.text("status");
    if status.as_deref().is_some_and(|status| !["active", "inactive", "expired"].contains(&status)) {
        return Err(FieldErrors::single("status", "status_invalid").into());
    }
    let query = PromoQuery { search: params.text("search"), status, page: params.page()? };
    let promotions = state.promotions.clone();
    let (page, now) = blocking(move || promotions.list(&query).map(|page| (page, promotions.now()))).await?;
    Ok(Json(StaffCopounList { meta: PageMeta::from(&page), data: page.data.into_iter().map(|code| StaffCopounData::new(code, now)).collect() }))
}

/// One code (`copoun-list`).
#[utoipa::path(operation_id = "showStaffCopoun", get, path = "/api/dashboard/copouns/{id}", params(("id" = i64, Path, description = "The code's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = StaffCopounResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show(state: Data<AppState>, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<StaffCopounResponse>, ApiError> {
    principal.require(Permission::CopounList)?;
    let (promotions, id) = (state.promotions.clone(), id.into_inner());
    let (code, now) = blocking(move || promotions.get(id).map(|code| (code, promotions.now()))).await?;
    Ok(Json(StaffCopounResponse { data: StaffCopounData::new(code, now) }))
}

/// Adds a code (`copoun-create`).
#[utoipa::path(operation_id = "createStaffCopoun", post, path = "/api/dashboard/copouns", tag = "dashboard", security(("bearer" = [])), request_body = CopounForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<CopounForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::CopounCreate)?;
    let (promotions, draft) = (state.promotions.clone(), form.into_domain()?);
    blocking(move || promotions.add(draft)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.copoun_saved", &[]) }))
}

/// Changes a code (`copoun-edit`); its uses so far stay counted.
#[utoipa::path(operation_id = "updateStaffCopoun", put, path = "/api/dashboard/copouns/{id}", params(("id" = i64, Path, description = "The code's id")), tag = "dashboard",
    security(("bearer" = [])), request_body = CopounForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    Body(form): Body<CopounForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::CopounEdit)?;
    let (promotions, id, draft) = (state.promotions.clone(), id.into_inner(), form.into_domain()?);
    blocking(move || promotions.update(id, draft)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.copoun_saved", &[]) }))
}

/// Removes a code (`copoun-delete`); orders that used it keep its text.
#[utoipa::path(operation_id = "deleteStaffCopoun", delete, path = "/api/dashboard/copouns/{id}", params(("id" = i64, Path, description = "The code's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::CopounDelete)?;
    let (promotions, id) = (state.promotions.clone(), id.into_inner());
    blocking(move || promotions.remove(id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.copoun_deleted", &[]) }))
}

/// Switches a code on (`copoun-edit`).
#[utoipa::path(operation_id = "activateStaffCopoun", post, path = "/api/dashboard/copouns/{id}/activate", params(("id" = i64, Path, description = "The code's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn activate(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    switch(state, locale, principal, id.into_inner(), true).await
}

/// Switches a code off (`copoun-edit`).
#[utoipa::path(operation_id = "deactivateStaffCopoun", post, path = "/api/dashboard/copouns/{id}/deactivate", params(("id" = i64, Path, description = "The code's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn deactivate(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    switch(state, locale, principal, id.into_inner(), false).await
}

async fn switch(
    state: Data<AppState>,
    locale: kernel::Locale,
    principal: identity::service::Principal,
    id: i64,
    active: bool,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::CopounEdit)?;
    let promotions = state.promotions.clone();
    blocking(move || promotions.set_active(id, active)).await?;
    Ok(Json(MessageResponse { message: text(locale, if active { "staff.copoun_activated" } else { "staff.copoun_deactivated" }, &[]) }))
}
