//! The cities the shop delivers to, under `/api/shipping-cities`: anybody may read them, for
//! the city pickers of sign-up, the profile, addresses and the guest checkout.

use actix_web::web::{self, Data, Json};
use kernel::Locale;
use ordering::{CashTerms, CodFee, ShippingCity};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::common::error::ApiError;
use crate::common::extract::{Lang, blocking};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/shipping-cities", web::get().to(list));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A city as buyers see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ShippingCityData {
    /// Id.
    pub id: i64,
    /// Name in the request's language.
    pub name: String,
    /// The base shipping cost of an order to it, EGP.
    #[schema(value_type = f64)]
    pub shipping_cost: kernel::Money,
    /// Cash on delivery there.
    pub cod: CashTermsData,
}

impl ShippingCityData {
    /// The city in `locale`.
    pub fn new(city: ShippingCity, locale: Locale) -> ShippingCityData {
        ShippingCityData { id: city.id.0, name: city.name.pick(locale).clone(), shipping_cost: city.shipping_cost, cod: city.cash.into() }
    }
}

/// Whether a city's buyers can pay in cash at the door, and the fee it costs there: the
/// checkout adds it to the total as its own line.
#[derive(Debug, Serialize, ToSchema)]
pub struct CashTermsData {
    /// Whether cash on delivery is taken there; when not, a cash checkout is refused.
    pub accepted: bool,
    /// The fee: `none`, `flat` (EGP) or `percent` (of the goods after the discount plus
    /// shipping, rounded to the nearest piastre).
    #[schema(value_type = String, example = "percent")]
    pub fee_kind: &'static str,
    /// EGP for a flat fee, the percent for a share (1.5 is 1.5 %), 0 for none.
    pub fee: f64,
}

impl From<CashTerms> for CashTermsData {
    fn from(terms: CashTerms) -> Self {
        let (fee_kind, fee) = match terms.fee {
            CodFee::None => ("none", 0.0),
            CodFee::Flat(amount) => ("flat", amount.pounds()),
            // Hundredths of a percent read as piastres read as pounds.
            CodFee::Percent(hundredths) => ("percent", f64::from(hundredths) / 100.0),
        };
        CashTermsData { accepted: terms.accepted, fee_kind, fee }
    }
}

/// The cities buyers can choose.
#[derive(Debug, Serialize, ToSchema)]
pub struct ShippingCityList {
    /// In the shop's order.
    pub data: Vec<ShippingCityData>,
}

/// The active cities with their base cost.
#[utoipa::path(operation_id = "listShippingCities", get, path = "/api/shipping-cities", tag = "shop", responses((status = 200, body = ShippingCityList)))]
pub async fn list(state: Data<AppState>, Lang(locale): Lang) -> Result<Json<ShippingCityList>, ApiError> {
    let delivery = state.delivery.clone();
    let cities = blocking(move || delivery.shipping_cities()).await?;
    Ok(Json(ShippingCityList { data: cities.into_iter().map(|city| ShippingCityData::new(city, locale)).collect() }))
}
