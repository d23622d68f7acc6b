//! Staff's lots: a product's batches under `/api/dashboard/products/{id}/lots` and the lots to
//! look at (expired, or expiring within 60 days) under `/api/dashboard/lots`. Reading needs
//! `product-list`, writing `product-edit`: a lot is the product's stock.

use actix_web::web::{self, Data, Json, Path};
use catalog::{Lot, LotDraft, LotId, UnlottedUnits};
use chrono::{NaiveDate, NaiveDateTime};
use identity::permission::Permission;
use kernel::{FieldErrors, Locale, ProductId};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, QueryParams, blocking};
use crate::common::lenient::{flag, lenient_int, lenient_text};
use crate::common::messages::text;
use crate::storefront::catalog::catalogue;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/lots", web::get().to(watch_list))
        .route("/dashboard/products/{id}/lots", web::get().to(list))
        .route("/dashboard/products/{id}/lots", web::post().to(add))
        .route("/dashboard/products/{id}/lots/{lot}", web::put().to(update))
        .route("/dashboard/products/{id}/lots/{lot}", web::delete().to(remove));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(watch_list, list, add, update, remove))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A lot as staff see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct LotData {
    /// Id.
    pub id: i64,
    /// The product's id.
    pub product_id: i64,
    /// The product's name in the request's language (empty when it is no longer in the shop).
    pub product_name: String,
    /// The maker's batch number.
    pub batch: String,
    /// The last day it sells, `YYYY-MM-DD`.
    #[schema(value_type = String, format = Date)]
    pub expires_on: NaiveDate,
    /// Units on the shelf.
    pub quantity: i64,
    /// `in_date`, `expiring_soon` (within 60 days: flagged) or `expired` (never sold; take it
    /// off the shelf).
    pub state: &'static str,
    /// When it was recorded.
    #[schema(value_type = String, format = DateTime)]
    pub received_at: NaiveDateTime,
}

/// Lots, soonest to expire first.
#[derive(Debug, Serialize, ToSchema)]
pub struct LotList {
    /// The lots.
    pub data: Vec<LotData>,
}

/// A lot as staff send it.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct LotForm {
    /// The maker's batch number, 1 to 40 characters, unique per product.
    #[schema(max_length = 40)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub batch: Option<String>,
    /// The last day it sells, `YYYY-MM-DD`, not already past.
    #[serde(default, deserialize_with = "lenient_text")]
    pub expires_on: Option<String>,
    /// Units on the shelf, 0 to 1,000,000.
    #[schema(minimum = 0, maximum = 1000000)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub quantity: Option<i64>,
    /// The first lot of a product holding units in no lot (its stock from before lots) says
    /// what becomes of them: `opening_stock` keeps them as a lot named "رصيد افتتاحي (opening
    /// stock)" expiring on `opening_expires_on`; `write_off` writes them off with
    /// `write_off_reason`. Without it such a lot is refused (422 on `existing_units`) and
    /// nothing is written; for any other lot it is ignored.
    #[schema(pattern = r"^(opening_stock|write_off)$")]
    #[serde(default, deserialize_with = "lenient_text")]
    pub existing_units: Option<String>,
    /// The opening lot's last day of sale, `YYYY-MM-DD`, with `existing_units=opening_stock`.
    #[serde(default, deserialize_with = "lenient_text")]
    pub opening_expires_on: Option<String>,
    /// Why the units in no lot are written off (up to 500 characters), with
    /// `existing_units=write_off`.
    #[schema(max_length = 500)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub write_off_reason: Option<String>,
}

/// A required day, `YYYY-MM-DD` in either digit system, or its field's error.
fn day(errors: &mut FieldErrors, field: &str, raw: Option<&str>) -> Option<NaiveDate> {
    match raw.map(str::trim).filter(|day| !day.is_empty()) {
        None => {
            errors.add(field, "required");
            None
        }
        Some(raw) => {
            let day = NaiveDate::parse_from_str(&kernel::digits::to_latin_digits(raw), "%Y-%m-%d").ok();
            if day.is_none() {
                errors.add(field, "date_invalid");
            }
            day
        }
    }
}

impl LotForm {
    fn into_domain(self) -> Result<(LotDraft, Option<UnlottedUnits>), FieldErrors> {
        let mut errors = FieldErrors::new();
        let batch = self.batch.map(|batch| batch.trim().to_string()).unwrap_or_default();
        let expires_on = day(&mut errors, "expires_on", self.expires_on.as_deref());
        if self.quantity.is_none() {
            errors.add("quantity", "required");
        }
        let unlotted = match self.existing_units.as_deref().map(str::trim).filter(|choice| !choice.is_empty()) {
            None => None,
            Some("opening_stock") => {
                day(&mut errors, "opening_expires_on", self.opening_expires_on.as_deref()).map(|expires_on| UnlottedUnits::OpeningStock { expires_on })
            }
            Some("write_off") => Some(UnlottedUnits::WriteOff { reason: self.write_off_reason.unwrap_or_default().chars().take(501).collect() }),
            Some(_) => {
                errors.add("existing_units", "choice_invalid");
                None
            }
        };
        errors.into_result()?;
        Ok((LotDraft { batch, expires_on: expires_on.unwrap_or_default(), quantity: self.quantity.unwrap_or_default() }, unlotted))
    }
}

/// The lots as staff see them, named from the catalogue.
async fn lot_list(state: &AppState, locale: Locale, lots: Vec<Lot>, today: NaiveDate) -> Result<LotList, ApiError> {
    let catalogue = catalogue(state).await?;
    let data = lots
        .into_iter()
        .map(|lot| LotData {
            id: lot.id.0,
            product_id: lot.product.0,
            product_name: catalogue.product_by_id(lot.product).map(|product| product.draft.name.pick(locale).clone()).unwrap_or_default(),
            state: lot.state(today).name(),
            batch: lot.draft.batch,
            expires_on: lot.draft.expires_on,
            quantity: lot.draft.quantity,
            received_at: lot.received_at,
        })
        .collect();
    Ok(LotList { data })
}

/// The lots to look at (`product-list`): every expired lot still holding units, to take off
/// the shelf, and every lot within 60 days of expiry, soonest first (at most 500); with
/// `all=1` every lot holding units.
#[utoipa::path(operation_id = "listLotsToWatch", get, path = "/api/dashboard/lots", tag = "dashboard", security(("bearer" = [])),
    params(("all" = Option<String>, Query, pattern = r"^\s*(0|1|true|false|yes|no|on|off)?\s*$", description = "`1`: every lot holding units, not only those to look at")),
    responses((status = 200, body = LotList), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn watch_list(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    QueryParams(params): QueryParams,
) -> Result<Json<LotList>, ApiError> {
    principal.require(Permission::ProductList)?;
    let mut errors = FieldErrors::new();
    let all = flag(&mut errors, &params, "all");
    errors.into_result()?;
    let admin = state.catalog_admin.clone();
    let today = admin.today();
    let lots = blocking(move || if all { admin.lots_on_shelf() } else { admin.lots_to_watch() }).await?;
    Ok(Json(lot_list(&state, locale, lots, today).await?))
}

/// A product's lots (`product-list`), soonest to expire first. A product with lots shows as
/// its stock the units of its lots in date.
#[utoipa::path(operation_id = "listProductLots", get, path = "/api/dashboard/products/{id}/lots", params(("id" = i64, Path, description = "The product's id")),
    tag = "dashboard", security(("bearer" = [])), responses((status = 200, body = LotList), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn list(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<ProductId>) -> Result<Json<LotList>, ApiError> {
    principal.require(Permission::ProductList)?;
    let (admin, id) = (state.catalog_admin.clone(), id.into_inner());
    let today = admin.today();
    let lots = blocking(move || admin.lots(id)).await?;
    Ok(Json(lot_list(&state, locale, lots, today).await?))
}

/// Records a lot received (`product-edit`); the product's stock becomes the units of its lots
/// in date. Orders take the lot that expires first, never an expired one. A product's first
/// lot, while it holds units in no lot, says what becomes of them (`existing_units`).
#[utoipa::path(operation_id = "addProductLot", post, path = "/api/dashboard/products/{id}/lots", params(("id" = i64, Path, description = "The product's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = LotForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn add(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<ProductId>,
    Body(form): Body<LotForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ProductEdit)?;
    let (admin, id, (draft, unlotted)) = (state.catalog_admin.clone(), id.into_inner(), form.into_domain()?);
    blocking(move || admin.add_lot(id, draft, unlotted)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.lot_saved", &[]) }))
}

/// Corrects a lot's batch, expiry or units (`product-edit`).
#[utoipa::path(operation_id = "updateProductLot", put, path = "/api/dashboard/products/{id}/lots/{lot}",
    params(("id" = i64, Path, description = "The product's id"), ("lot" = i64, Path, description = "The lot's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = LotForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    path: Path<(ProductId, i64)>,
    Body(form): Body<LotForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ProductEdit)?;
    let ((id, lot), admin, (draft, _)) = (path.into_inner(), state.catalog_admin.clone(), form.into_domain()?);
    blocking(move || admin.update_lot(id, LotId(lot), draft)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.lot_saved", &[]) }))
}

/// Takes a lot off the shelf (`product-edit`): an expired lot thrown away, a batch recalled.
#[utoipa::path(operation_id = "removeProductLot", delete, path = "/api/dashboard/products/{id}/lots/{lot}",
    params(("id" = i64, Path, description = "The product's id"), ("lot" = i64, Path, description = "The lot's id")),
    tag = "dashboard", security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn remove(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    path: Path<(ProductId, i64)>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ProductEdit)?;
    let ((id, lot), admin) = (path.into_inner(), state.catalog_admin.clone());
    blocking(move || admin.remove_lot(id, LotId(lot))).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.lot_removed", &[]) }))
}
