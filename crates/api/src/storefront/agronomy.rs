//! Shopping by crop and pest, and the dose calculator (issue 38): `GET crops`,
//! `GET crops/{slug}`, `GET pests/{slug}`, `POST dose`. Everything is read from the catalogue
//! in memory.

use actix_web::web::{self, Data, Json, Path};
use catalog::agronomy::{Area, Crop, DoseError, PackOffer, Pest, Quantity, cheapest_packs, dose_for};
use kernel::{FieldErrors, Locale, Money};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::agronomy::PackData;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{Body, Lang};
use crate::common::lenient::{lenient_int, lenient_text};
use crate::storefront::catalog::{ProductData, catalogue};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/crops", web::get().to(crops))
        .route("/crops/{slug}", web::get().to(crop))
        .route("/pests/{slug}", web::get().to(pest))
        .route("/dose", web::post().to(dose))
        .route("/products/{slug}/alternatives", web::get().to(alternatives));
}

#[derive(OpenApi)]
#[openapi(paths(crops, crop, pest, dose, alternatives))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A crop as the storefront shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CropData {
    /// Id.
    pub id: i64,
    /// Readable address.
    pub slug: String,
    /// Name in the request's language.
    pub name: String,
    /// Image URL.
    pub image: Option<String>,
}

impl CropData {
    /// A crop in `locale`.
    pub(crate) fn new(crop: &Crop, locale: Locale) -> CropData {
        CropData { id: crop.id, slug: crop.slug.clone(), name: crop.name.pick(locale).clone(), image: crop.image.as_ref().map(|path| format!("/media/{path}")) }
    }
}

/// A pest, disease or weed as the storefront shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PestData {
    /// Id.
    pub id: i64,
    /// Readable address.
    pub slug: String,
    /// Name in the request's language.
    pub name: String,
    /// `insect`, `mite`, `disease`, `weed` or `nematode`.
    pub kind: String,
    /// What a farmer sees, in the request's language.
    pub symptoms: String,
    /// Image URL.
    pub image: Option<String>,
}

impl PestData {
    /// A pest in `locale`.
    pub(crate) fn new(pest: &Pest, locale: Locale) -> PestData {
        PestData {
            id: pest.id,
            slug: pest.slug.clone(),
            name: pest.name.pick(locale).clone(),
            kind: pest.kind.clone(),
            symptoms: pest.symptoms.pick(locale).clone(),
            image: pest.image.as_ref().map(|path| format!("/media/{path}")),
        }
    }
}

/// The crops.
#[derive(Debug, Serialize, ToSchema)]
pub struct CropList {
    /// Every crop, in the shop's order.
    pub data: Vec<CropData>,
}

/// A crop with what threatens it and what the shop sells for it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CropPage {
    /// The crop.
    pub crop: CropData,
    /// The pests and diseases the shop's products are used against on it.
    pub pests: Vec<PestData>,
    /// The products used on it, newest first.
    pub products: Vec<ProductData>,
}

/// A crop's page.
#[derive(Debug, Serialize, ToSchema)]
pub struct CropResponse {
    /// The page.
    pub data: CropPage,
}

/// A pest with what the shop sells against it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PestPage {
    /// The pest.
    pub pest: PestData,
    /// The crops the shop's products protect from it.
    pub crops: Vec<CropData>,
    /// The products used against it, newest first.
    pub products: Vec<ProductData>,
}

/// A pest's page.
#[derive(Debug, Serialize, ToSchema)]
pub struct PestResponse {
    /// The page.
    pub data: PestPage,
}

/// Every crop, in the shop's order.
#[utoipa::path(get, path = "/api/crops", tag = "catalogue", responses((status = 200, body = CropList)))]
pub async fn crops(state: Data<AppState>, Lang(locale): Lang) -> Result<Json<CropList>, ApiError> {
    let catalogue = catalogue(&state).await?;
    Ok(Json(CropList { data: catalogue.crops().iter().map(|crop| CropData::new(crop, locale)).collect() }))
}

/// A crop by its slug: its pests and the products used on it.
#[utoipa::path(get, path = "/api/crops/{slug}", params(("slug" = String, Path, description = "The crop's slug")), tag = "catalogue",
    responses((status = 200, body = CropResponse), (status = 404, body = ErrorBody)))]
pub async fn crop(state: Data<AppState>, Lang(locale): Lang, slug: Path<String>) -> Result<Json<CropResponse>, ApiError> {
    let catalogue = catalogue(&state).await?;
    let crop = catalogue.crop(&slug).ok_or(ApiError::NotFound)?;
    let cards = catalogue.used_on(Some(crop.id), None, state.catalog.now());
    let mut pest_ids: Vec<i64> = cards
        .iter()
        .flat_map(|card| card.product.agronomy.uses.iter().filter(|crop_use| crop_use.crop_id == crop.id).filter_map(|crop_use| crop_use.pest_id))
        .collect();
    pest_ids.sort_unstable();
    pest_ids.dedup();
    let pests = pest_ids.into_iter().filter_map(|id| catalogue.pest_by_id(id)).map(|pest| PestData::new(pest, locale)).collect();
    let products = cards.into_iter().map(|card| ProductData::new(card, locale)).collect();
    Ok(Json(CropResponse { data: CropPage { crop: CropData::new(crop, locale), pests, products } }))
}

/// A pest by its slug: the crops and the products used against it.
#[utoipa::path(get, path = "/api/pests/{slug}", params(("slug" = String, Path, description = "The pest's slug")), tag = "catalogue",
    responses((status = 200, body = PestResponse), (status = 404, body = ErrorBody)))]
pub async fn pest(state: Data<AppState>, Lang(locale): Lang, slug: Path<String>) -> Result<Json<PestResponse>, ApiError> {
    let catalogue = catalogue(&state).await?;
    let pest = catalogue.pest(&slug).ok_or(ApiError::NotFound)?;
    let cards = catalogue.used_on(None, Some(pest.id), state.catalog.now());
    let mut crop_ids: Vec<i64> = cards
        .iter()
        .flat_map(|card| card.product.agronomy.uses.iter().filter(|crop_use| crop_use.pest_id == Some(pest.id)).map(|crop_use| crop_use.crop_id))
        .collect();
    crop_ids.sort_unstable();
    crop_ids.dedup();
    let crops = crop_ids.into_iter().filter_map(|id| catalogue.crop_by_id(id)).map(|crop| CropData::new(crop, locale)).collect();
    let products = cards.into_iter().map(|card| ProductData::new(card, locale)).collect();
    Ok(Json(PestResponse { data: PestPage { pest: PestData::new(pest, locale), crops, products } }))
}

/// A product with the same active ingredients at the same strength, and what a litre or a
/// kilogram of it costs.
#[derive(Debug, Serialize, ToSchema)]
pub struct AlternativeData {
    /// The product.
    #[serde(flatten)]
    pub product: ProductData,
    /// Its sale price per litre (liquids) or kilogram (solids), EGP: at the same strength, the
    /// price per gram or mL of active ingredient follows it.
    #[schema(value_type = f64)]
    pub price_per_litre_or_kilo: kernel::Money,
}

/// The alternatives of a product.
#[derive(Debug, Serialize, ToSchema)]
pub struct AlternativesResponse {
    /// Cheapest per litre or kilogram first; empty for a product without active ingredients or
    /// pack.
    pub data: Vec<AlternativeData>,
}

/// "Same active ingredient, cheaper": the other products with the same active ingredients at
/// the same concentrations, cheapest per litre or kilogram first.
#[utoipa::path(get, path = "/api/products/{slug}/alternatives", params(("slug" = String, Path, description = "The product's slug")), tag = "catalogue",
    responses((status = 200, body = AlternativesResponse), (status = 404, body = ErrorBody)))]
pub async fn alternatives(state: Data<AppState>, Lang(locale): Lang, slug: Path<String>) -> Result<Json<AlternativesResponse>, ApiError> {
    let found = catalogue(&state).await?.alternatives(&slug, state.catalog.now())?;
    let data =
        found.into_iter().map(|(card, per_unit)| AlternativeData { product: ProductData::new(card, locale), price_per_litre_or_kilo: per_unit }).collect();
    Ok(Json(AlternativesResponse { data }))
}

/// What a farmer asks the calculator.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DoseRequest {
    /// The product.
    #[serde(default, deserialize_with = "lenient_int")]
    pub product_id: Option<i64>,
    /// The crop's slug.
    pub crop: Option<String>,
    /// The pest's slug, when the product has several uses on the crop.
    pub pest: Option<String>,
    /// The area, to three decimals; Arabic-Indic digits and `٫` are read.
    #[schema(value_type = String, example = "2.5")]
    #[serde(default, deserialize_with = "lenient_text")]
    pub area: Option<String>,
    /// `feddan`, `qirat`, `m2` or `sprayer_20l`.
    #[schema(pattern = r"^(feddan|qirat|m2|sprayer_20l)$")]
    pub area_unit: Option<String>,
}

/// A pack to put in the cart.
#[derive(Debug, Serialize, ToSchema)]
pub struct PackLine {
    /// The product sold in this pack: this one, or another size of its pack group.
    pub product_id: i64,
    /// That product's name in the request's language.
    pub name: String,
    /// How many.
    pub quantity: u32,
    /// What one pack holds (`500` `g`), as the product's agronomy says.
    pub pack: PackData,
    /// One pack's price now, EGP.
    #[schema(value_type = f64)]
    pub price: Money,
}

/// What the field needs.
#[derive(Debug, Serialize, ToSchema)]
pub struct DoseData {
    /// How much product, rounded up, in `unit`: at the label's highest rate.
    pub amount: u64,
    /// `ml`, `g` or `seeds`.
    pub unit: String,
    /// Litres of water, when the label says how much a feddan takes.
    pub water_l: Option<u64>,
    /// Full 20-litre sprayers that water fills.
    pub tank_fills: Option<u64>,
    /// Days to wait between the last spray and the harvest.
    pub phi_days: Option<u32>,
    /// The cheapest packs that hold at least the amount; empty when the product's pack is not
    /// in the dose's unit.
    pub packs: Vec<PackLine>,
    /// What those packs cost together now, EGP.
    #[schema(value_type = f64)]
    pub total: Money,
}

/// The calculator's answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct DoseResponse {
    /// The dose.
    pub data: DoseData,
}

/// How much of a product a field needs, and which packs to buy: the product's use on the crop
/// (against the pest, when given) at the label's highest rate, for an area in feddan, qirat,
/// m² or a number of 20-litre sprayers (1 feddan = 24 qirat = 4,200 m²). Nothing is written.
#[utoipa::path(post, path = "/api/dose", tag = "catalogue", request_body = DoseRequest,
    responses((status = 200, body = DoseResponse), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn dose(state: Data<AppState>, Lang(locale): Lang, Body(request): Body<DoseRequest>) -> Result<Json<DoseResponse>, ApiError> {
    let mut errors = FieldErrors::new();
    let product_id = request.product_id.map(kernel::ProductId);
    if product_id.is_none() {
        errors.add("product_id", "required");
    }
    let crop_slug = request.crop.as_deref().map(str::trim).filter(|slug| !slug.is_empty());
    if crop_slug.is_none() {
        errors.add("crop", "required");
    }
    let quantity = match request.area.as_deref().map(str::trim).filter(|area| !area.is_empty()) {
        None => {
            errors.add("area", "required");
            None
        }
        Some(area) => Quantity::parse(area).or_else(|| {
            errors.add("area", "quantity_invalid");
            None
        }),
    };
    let area = quantity.and_then(|quantity| match request.area_unit.as_deref().map(str::trim).unwrap_or("feddan") {
        "feddan" => Some(Area::Feddan(quantity)),
        "qirat" => Some(Area::Qirat(quantity)),
        "m2" => Some(Area::SquareMetres(quantity)),
        "sprayer_20l" => Some(Area::Sprayers(quantity)),
        _ => {
            errors.add("area_unit", "choice_invalid");
            None
        }
    });
    errors.into_result()?;
    let (Some(product_id), Some(crop_slug), Some(area)) = (product_id, crop_slug, area) else { return Err(ApiError::NotFound) };
    let catalogue = catalogue(&state).await?;
    let slug = catalogue.slug_of(product_id).ok_or(ApiError::NotFound)?;
    let card = catalogue.product(&slug, state.catalog.now())?;
    let crop = catalogue.crop(crop_slug).ok_or_else(|| FieldErrors::single("crop", "use_unknown"))?;
    let pest = match request.pest.as_deref().map(str::trim).filter(|slug| !slug.is_empty()) {
        Some(slug) => Some(catalogue.pest(slug).ok_or_else(|| FieldErrors::single("pest", "use_unknown"))?.id),
        None => None,
    };
    let crop_use = card.product.agronomy.use_on(crop.id, pest).ok_or_else(|| FieldErrors::single("crop", "use_unknown"))?;
    let dose = dose_for(crop_use, area).map_err(|error| match error {
        DoseError::AreaOutOfRange => FieldErrors::single("area", "number_range"),
        DoseError::WaterUnknown => FieldErrors::single("area_unit", "water_unknown"),
    })?;
    let siblings = catalogue.pack_siblings(&card.product, state.catalog.now());
    let offers: Vec<PackOffer> = siblings
        .iter()
        .filter_map(|sibling| {
            let (unit, holds) = sibling.product.agronomy.pack?.in_base();
            (unit == dose.unit).then_some(PackOffer { product: sibling.product.id, holds, price: sibling.price.sale_price })
        })
        .collect();
    let packs: Vec<PackLine> = cheapest_packs(dose.amount, &offers)
        .into_iter()
        .filter_map(|choice| {
            let sibling = siblings.iter().find(|sibling| sibling.product.id == choice.product)?;
            let pack = sibling.product.agronomy.pack?;
            Some(PackLine {
                product_id: choice.product.0,
                name: sibling.product.draft.name.pick(locale).clone(),
                quantity: choice.quantity,
                pack: PackData { size: Some(pack.size.text()), unit: Some(<&str>::from(pack.unit).to_string()) },
                price: sibling.price.sale_price,
            })
        })
        .collect();
    // Checked as every sum of money is; a field is at most 100,000 feddan, far inside it.
    let total = packs
        .iter()
        .try_fold(Money::ZERO, |sum, line| line.price.checked_times(i64::from(line.quantity)).and_then(|cost| sum.checked_add(cost)))
        .unwrap_or(Money::ZERO);
    Ok(Json(DoseResponse {
        data: DoseData {
            amount: dose.amount,
            unit: dose.unit.to_string(),
            water_l: dose.water_litres,
            tank_fills: dose.tank_fills,
            phi_days: dose.phi_days,
            packs,
            total,
        },
    }))
}
