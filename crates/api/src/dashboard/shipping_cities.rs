//! Staff's shipping cities under `/api/dashboard/shipping-cities`, each call checking its
//! permission. Removing a city still used by addresses or clients deactivates it instead.

use actix_web::web::{self, Data, Json, Path};
use identity::permission::Permission;
use kernel::validation::limits;
use kernel::{CityId, FieldErrors, Localized, Money};
use ordering::{CashTerms, CityDraft, CityQuery, CityRemoval, CodFee, ShippingCity};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, QueryParams, blocking};
use crate::common::lenient::{lenient_bool, lenient_int, lenient_text};
use crate::common::messages::text;
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::storefront::shipping_cities::CashTermsData;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/shipping-cities", web::get().to(list))
        .route("/dashboard/shipping-cities", web::post().to(create))
        .route("/dashboard/shipping-cities/{id}", web::get().to(show))
        .route("/dashboard/shipping-cities/{id}", web::put().to(update))
        .route("/dashboard/shipping-cities/{id}", web::delete().to(delete));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list, create, show, update, delete))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A city as staff see it: both names and whether buyers can choose it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffCityData {
    /// Id.
    pub id: i64,
    /// Arabic name.
    pub name_ar: String,
    /// English name.
    pub name_en: String,
    /// Base shipping cost, EGP.
    #[schema(value_type = f64)]
    pub shipping_cost: Money,
    /// Cash on delivery there.
    pub cod: CashTermsData,
    /// Whether buyers can choose it.
    pub active: bool,
    /// Position in lists.
    pub sort_order: i32,
}

impl From<ShippingCity> for StaffCityData {
    fn from(city: ShippingCity) -> Self {
        StaffCityData {
            id: city.id.0,
            name_ar: city.name.ar,
            name_en: city.name.en,
            shipping_cost: city.shipping_cost,
            cod: city.cash.into(),
            active: city.active,
            sort_order: city.sort_order,
        }
    }
}

/// A page of cities, in the shop's order.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffCityList {
    /// The cities.
    pub data: Vec<StaffCityData>,
    /// Where this page sits.
    pub meta: PageMeta,
}

/// One city.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffCityResponse {
    /// The city.
    pub data: StaffCityData,
}

/// A city as staff send it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CityForm {
    /// Arabic name.
    #[schema(max_length = 200)]
    pub name_ar: Option<String>,
    /// English name.
    #[schema(max_length = 200)]
    pub name_en: Option<String>,
    /// Base shipping cost in EGP (`50` or `50.50`), 0 to 100,000.
    #[serde(default, deserialize_with = "lenient_text")]
    pub shipping_cost: Option<String>,
    /// Whether its buyers can pay in cash at the door (default true).
    #[serde(default, deserialize_with = "lenient_bool")]
    pub cod_accepted: Option<bool>,
    /// The cash-on-delivery fee there: `none` (default), `flat` or `percent`.
    #[serde(default, deserialize_with = "lenient_text")]
    #[schema(max_length = 10)]
    pub cod_fee_kind: Option<String>,
    /// The fee: EGP for `flat` (0 to 100,000), the percent for `percent` (0 to 100, two
    /// decimals at most: `1.5`).
    #[serde(default, deserialize_with = "lenient_text")]
    pub cod_fee: Option<String>,
    /// Whether buyers can choose it (default true).
    #[serde(default, deserialize_with = "lenient_bool")]
    pub active: Option<bool>,
    /// Position in lists.
    #[serde(default, deserialize_with = "lenient_int")]
    pub sort_order: Option<i64>,
}

impl CityForm {
    fn into_domain(self) -> Result<CityDraft, FieldErrors> {
        let mut errors = FieldErrors::new();
        // Limits hold for the names as sent, as the API document says, not only once trimmed.
        errors.limit_length("name_ar", self.name_ar.as_deref().unwrap_or_default(), limits::NAME);
        errors.limit_length("name_en", self.name_en.as_deref().unwrap_or_default(), limits::NAME);
        let cost_text = self.shipping_cost.unwrap_or_default();
        let shipping_cost = if cost_text.trim().is_empty() {
            errors.add("shipping_cost", "required");
            Money::ZERO
        } else {
            Money::parse_pounds(&cost_text).unwrap_or_else(|| {
                errors.add("shipping_cost", "shipping_cost_range");
                Money::ZERO
            })
        };
        let fee_text = self.cod_fee.unwrap_or_default();
        let mut fee_amount = || {
            Money::parse_pounds(&fee_text).unwrap_or_else(|| {
                errors.add("cod_fee", "cod_fee_range");
                Money::ZERO
            })
        };
        let fee = match self.cod_fee_kind.as_deref().map(str::trim) {
            None | Some("" | "none") => CodFee::None,
            Some("flat") => CodFee::Flat(fee_amount()),
            // Two decimals of a percent, read as pounds are, are hundredths of it.
            Some("percent") => CodFee::Percent(u32::try_from(fee_amount().piastres()).unwrap_or(u32::MAX)),
            Some(_) => {
                errors.add("cod_fee_kind", "choice_invalid");
                CodFee::None
            }
        };
        let draft = CityDraft {
            name: Localized::new(self.name_ar.unwrap_or_default().trim().to_string(), self.name_en.unwrap_or_default().trim().to_string()),
            shipping_cost,
            cash: CashTerms { accepted: self.cod_accepted.unwrap_or(true), fee },
            active: self.active.unwrap_or(true),
            sort_order: self.sort_order.and_then(|n| i32::try_from(n).ok()).unwrap_or(0),
        };
        // The domain's rules too, so that every broken field is reported at once.
        errors.merge(draft.check().err().unwrap_or_default());
        errors.into_result().map(|()| draft)
    }
}

/// Lists the cities (`shipping-list`): `search` (part of a name), `page`, `per_page`.
#[utoipa::path(operation_id = "listStaffShippingCities", get, path = "/api/dashboard/shipping-cities", tag = "dashboard", security(("bearer" = [])),
    params(("search" = Option<String>, Query, description = "Part of the Arabic or English name"), PageParams),
    responses((status = 200, body = StaffCityList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list(state: Data<AppState>, AuthUser(principal): AuthUser, QueryParams(params): QueryParams) -> Result<Json<StaffCityList>, ApiError> {
    principal.require(Permission::ShippingList)?;
    let params = ListParams(params);
    let query = CityQuery { search: params.text("search"), page: params.page()? };
    let delivery = state.delivery.clone();
    let page = blocking(move || delivery.staff_cities(&query)).await?;
    Ok(Json(StaffCityList { meta: PageMeta::from(&page), data: page.data.into_iter().map(Into::into).collect() }))
}

/// One city, to edit (`shipping-list`).
#[utoipa::path(operation_id = "showStaffShippingCity", get, path = "/api/dashboard/shipping-cities/{id}", params(("id" = i64, Path, description = "The city's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = StaffCityResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show(state: Data<AppState>, AuthUser(principal): AuthUser, id: Path<CityId>) -> Result<Json<StaffCityResponse>, ApiError> {
    principal.require(Permission::ShippingList)?;
    let (delivery, id) = (state.delivery.clone(), id.into_inner());
    let city = blocking(move || delivery.city(id)).await?;
    Ok(Json(StaffCityResponse { data: city.into() }))
}

/// Adds a city (`shipping-create`).
#[utoipa::path(operation_id = "createStaffShippingCity", post, path = "/api/dashboard/shipping-cities", tag = "dashboard", security(("bearer" = [])), request_body = CityForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<CityForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ShippingCreate)?;
    let (delivery, draft) = (state.delivery.clone(), form.into_domain()?);
    blocking(move || delivery.add_city(draft)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.city_saved", &[]) }))
}

/// Changes a city (`shipping-edit`); saved addresses show the new name and cost.
#[utoipa::path(operation_id = "updateStaffShippingCity", put, path = "/api/dashboard/shipping-cities/{id}", params(("id" = i64, Path, description = "The city's id")), tag = "dashboard",
    security(("bearer" = [])), request_body = CityForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<CityId>,
    Body(form): Body<CityForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ShippingEdit)?;
    let (delivery, id, draft) = (state.delivery.clone(), id.into_inner(), form.into_domain()?);
    blocking(move || delivery.update_city(id, draft)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.city_saved", &[]) }))
}

/// Removes a city (`shipping-delete`); one still used by addresses or clients is deactivated
/// instead, and the message says so.
#[utoipa::path(operation_id = "deleteStaffShippingCity", delete, path = "/api/dashboard/shipping-cities/{id}", params(("id" = i64, Path, description = "The city's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<CityId>) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ShippingDelete)?;
    let (delivery, id) = (state.delivery.clone(), id.into_inner());
    let message = match blocking(move || delivery.remove_city(id)).await? {
        CityRemoval::Deactivated => "staff.city_deactivated",
        CityRemoval::Removed | CityRemoval::NotFound => "staff.city_deleted",
    };
    Ok(Json(MessageResponse { message: text(locale, message, &[]) }))
}
