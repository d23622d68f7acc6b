//! The public catalogue: products with search, filters and sorts, a product by slug,
//! categories, and everything the Home screen shows in one call.

pub mod card_json;

use std::collections::HashMap;

use actix_web::web::{self, Data, Json, Path};
use catalog::offer::Offer;
use std::sync::Arc;

use catalog::service::Catalogue;
use catalog::{Category, CategoryRef, Home, ProductCard, ProductPage, ProductQuery, Sort};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::{CategoryId, FieldErrors, Locale, Money, OfferId, PageRequest};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::common::agronomy::AgronomyData;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{Lang, QueryParams, blocking};
use crate::common::lenient::flag;
use crate::common::paging::{PageMeta, PageParams};
use crate::storefront::agronomy::{CropData, PestData};
use crate::storefront::catalog::card_json::CardJson;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/products", web::get().to(products))
        .route("/products/{slug}", web::get().to(product))
        .route("/categories", web::get().to(categories))
        .route("/home", web::get().to(home))
        .route("/offers/{id}", web::get().to(offer))
        .route("/search/suggestions", web::get().to(suggestions));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(products, product, categories, home, offer, suggestions))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A category as the storefront shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryData {
    /// Id.
    pub id: i64,
    /// Readable address.
    pub slug: String,
    /// Name in the request's language.
    pub name: String,
    /// Image URL.
    pub image: Option<String>,
}

impl CategoryData {
    fn new(category: Category, locale: Locale) -> CategoryData {
        CategoryData {
            id: category.id.0,
            name: category.draft.name.pick(locale).to_string(),
            slug: category.slug,
            image: category.image.map(|path| format!("/media/{path}")),
        }
    }
}

/// A product as the storefront shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductData {
    /// Id.
    pub id: i64,
    /// Readable address.
    pub slug: String,
    /// Name in the request's language.
    pub name: String,
    /// Description in the request's language.
    pub description: String,
    /// List price, EGP.
    #[schema(value_type = f64)]
    pub price: Money,
    /// Price after the best discount, EGP.
    #[schema(value_type = f64)]
    pub sale_price: Money,
    /// Percentage off (0 when none).
    pub discount: u8,
    /// Whether a running offer lowers the price.
    pub has_offer: bool,
    /// Whether any unit is left.
    pub in_stock: bool,
    /// How many one order can take now: the units left, at most the 999 a cart line holds (so
    /// the product page caps its quantity before the cart refuses it).
    pub available: u32,
    /// Weight in kilograms.
    pub weight: f64,
    /// `kg` or `g`, for display.
    #[schema(schema_with = crate::common::schema::weight_unit)]
    pub weight_unit: &'static str,
    /// Expiry date.
    pub expires_at: Option<NaiveDate>,
    /// Featured.
    pub featured: bool,
    /// Sold as a package.
    pub is_package: bool,
    /// Pieces per package.
    pub pieces_per_package: Option<i32>,
    /// The category.
    pub category: Option<CategoryData>,
    /// The first image's URL.
    pub image: Option<String>,
    /// Every image's URL.
    pub images: Vec<String>,
    /// When it was added.
    pub created_at: DateTime<Utc>,
}

impl ProductData {
    pub(crate) fn new(card: ProductCard, locale: Locale) -> ProductData {
        let ProductCard { product, price, category } = card;
        let images: Vec<String> = product.images.iter().map(|path| format!("/media/{path}")).collect();
        ProductData {
            id: product.id.0,
            name: product.draft.name.pick(locale).to_string(),
            description: product.draft.description.pick(locale).to_string(),
            slug: product.slug.clone(),
            price: price.price,
            sale_price: price.sale_price,
            discount: price.discount.value(),
            has_offer: price.has_offer,
            in_stock: product.draft.quantity > 0,
            available: u32::try_from(product.draft.quantity.clamp(0, i64::from(cart::MAX_QUANTITY))).unwrap_or(0),
            weight: product.draft.weight.kilograms(),
            weight_unit: <&'static str>::from(product.draft.weight_unit),
            expires_at: product.draft.expires_at,
            featured: product.draft.featured,
            is_package: product.draft.is_package,
            pieces_per_package: product.draft.pieces_per_package,
            category: category.map(|c| CategoryData::new(c, locale)),
            image: images.first().cloned(),
            images,
            created_at: product.created_at,
        }
    }
}

/// A running offer as the storefront shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct OfferData {
    /// Id.
    pub id: i64,
    /// Title in the request's language.
    pub title: String,
    /// Percentage off.
    pub percentage: u8,
    /// Banner image URL.
    pub banner_image: Option<String>,
    /// When it ends.
    pub ends_at: DateTime<Utc>,
}

impl OfferData {
    fn new(offer: Offer, locale: Locale) -> OfferData {
        OfferData {
            id: offer.id.0,
            title: offer.draft.title.pick(locale).to_string(),
            percentage: offer.draft.percentage.value(),
            banner_image: offer.banner_image.map(|path| format!("/media/{path}")),
            ends_at: offer.draft.ends_at,
        }
    }
}

/// A page of products.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductList {
    /// The products.
    #[schema(value_type = Vec<ProductData>)]
    pub data: Vec<CardJson>,
    /// Where the page sits.
    pub meta: PageMeta,
    /// Whether the products have every word searched for; false when none has them all and
    /// these have the most of them (the screen says "results for some of your words").
    pub every_word: bool,
}

/// An offer's page: the offer and one page of the products it lowers.
#[derive(Debug, Serialize, ToSchema)]
pub struct OfferPage {
    /// The offer.
    pub offer: OfferData,
    /// Its products, newest first.
    #[schema(value_type = Vec<ProductData>)]
    pub data: Vec<CardJson>,
    /// Where the page sits.
    pub meta: PageMeta,
}

/// A product the search box suggests: what its line shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct SuggestedProduct {
    /// Its address.
    pub slug: String,
    /// Its name in the request's language.
    pub name: String,
    /// Sale price, EGP.
    #[schema(value_type = f64)]
    pub sale_price: Money,
    /// Its first picture.
    pub image: Option<String>,
}

/// What the search box suggests.
#[derive(Debug, Serialize, ToSchema)]
pub struct SuggestionsData {
    /// The best few products.
    pub products: Vec<SuggestedProduct>,
    /// The categories whose names match.
    pub categories: Vec<CategoryData>,
    /// The crops whose names match (`/crops/{slug}`).
    pub crops: Vec<CropData>,
    /// The pests, diseases and weeds whose names match (`/pests/{slug}`).
    pub pests: Vec<PestData>,
}

/// What the search box suggests.
#[derive(Debug, Serialize, ToSchema)]
pub struct SuggestionsResponse {
    /// The suggestions.
    pub data: SuggestionsData,
}

/// One product.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductResponse {
    /// The product.
    pub data: ProductPageData,
}

/// A product as its page shows it: the card's fields and what it is to a farmer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductPageData {
    /// The card's fields.
    #[serde(flatten)]
    pub product: ProductData,
    /// Kind, active ingredients, registration, hazard and uses; absent while nobody described
    /// them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agronomy: Option<AgronomyData>,
    /// For a product kept in lots, the expiry of the units an order placed today gets: its
    /// soonest lot in date that holds units (first expired, first out), `YYYY-MM-DD`. The page
    /// shows it rather than `expires_at`, which is the staff's own field.
    pub ships_expiring_on: Option<NaiveDate>,
}

impl ProductPageData {
    /// The page's data of `card` in `locale` on the shop's day `today`, its agronomy named
    /// from `catalogue`.
    pub(crate) fn new(card: ProductCard, catalogue: &Catalogue, locale: Locale, today: NaiveDate) -> ProductPageData {
        let agronomy = AgronomyData::named(&card.product, catalogue, locale);
        let ships_expiring_on = catalogue.ships_expiring_on(card.product.id, today);
        ProductPageData { product: ProductData::new(card, locale), agronomy, ships_expiring_on }
    }
}

/// The categories.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryList {
    /// In order.
    pub data: Vec<CategoryData>,
}

/// What the Home screen shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct HomeData {
    /// The crops to shop by, in the shop's order, first on the screen: a farmer buys for a crop.
    pub crops: Vec<CropData>,
    /// Featured products.
    pub featured: Vec<ProductData>,
    /// Categories.
    pub categories: Vec<CategoryData>,
    /// The newest products.
    pub recent: Vec<ProductData>,
    /// Offers running now.
    pub offers: Vec<OfferData>,
}

/// The Home answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct HomeResponse {
    /// Everything on Home.
    pub data: HomeData,
}

/// The catalogue: straight from memory while fresh, else read off the async workers.
pub(crate) async fn catalogue(state: &AppState) -> Result<Arc<Catalogue>, ApiError> {
    if let Some(catalogue) = state.catalog.fresh_catalogue() {
        return Ok(catalogue);
    }
    let catalog = state.catalog.clone();
    blocking(move || catalog.catalogue()).await
}

/// Reads the list's query string; a malformed value is a 422 on that parameter.
fn product_query(params: &HashMap<String, String>) -> Result<ProductQuery, FieldErrors> {
    let mut errors = FieldErrors::new();
    let text = |name: &str| params.get(name).map(|v| v.trim()).filter(|v| !v.is_empty());
    let mut money = |name: &str| {
        text(name).and_then(|raw| {
            let parsed = Money::parse_pounds(raw);
            if parsed.is_none() {
                errors.add(name, "price_invalid");
            }
            parsed
        })
    };
    let min_price = money("min_price");
    let max_price = money("max_price");
    let page = PageRequest::parse(text("page"), text("per_page")).unwrap_or_else(|page_errors| {
        errors.merge(page_errors);
        PageRequest::new(None, None)
    });
    let sort = match text("sort") {
        None | Some("relevance") => Sort::Relevance,
        Some("price_asc") => Sort::PriceAsc,
        Some("price_desc") => Sort::PriceDesc,
        Some("newest") => Sort::Newest,
        Some(_) => {
            errors.add("sort", "sort_invalid");
            Sort::Relevance
        }
    };
    let category = text("category").map(|raw| match raw.parse::<i64>() {
        Ok(id) => CategoryRef::Id(CategoryId(id)),
        Err(_) => CategoryRef::Slug(raw.to_string()),
    });
    let (in_stock, featured, offers) = (flag(&mut errors, params, "in_stock"), flag(&mut errors, params, "featured"), flag(&mut errors, params, "offers"));
    errors.into_result()?;
    let (crop, pest, ingredient) = (text("crop").map(str::to_string), text("pest").map(str::to_string), text("ingredient").map(str::to_string));
    Ok(ProductQuery {
        search: text("search").map(str::to_string),
        category,
        min_price,
        max_price,
        in_stock,
        featured,
        offers,
        crop,
        pest,
        ingredient,
        sort,
        page,
        off_sale_too: false,
    })
}

/// Lists products: `search` (Arabic or English, forgiving), `category` (slug or id),
/// `min_price`, `max_price`, `in_stock`, `featured`, `offers`, `crop` and `pest` (slugs: products
/// with a use on that crop or against that pest), `ingredient` (an active ingredient's id or
/// name), `sort` (`price_asc`,
/// `price_desc`, `newest`; best match first when searching), `page`, `per_page`.
#[utoipa::path(get, path = "/api/products", tag = "catalogue",
    params(
        ("search" = Option<String>, Query, description = "Words in Arabic or English"),
        ("category" = Option<String>, Query, description = "Category slug or id"),
        ("min_price" = Option<String>, Query, pattern = r"^\s*([0-9٠-٩]+([.٫][0-9٠-٩]{0,2})?)?\s*$", description = "Lowest price in EGP (`150`, `150.50`, Arabic-Indic digits too); empty sets no bound"),
        ("max_price" = Option<String>, Query, pattern = r"^\s*([0-9٠-٩]+([.٫][0-9٠-٩]{0,2})?)?\s*$", description = "Highest price in EGP, written as `min_price`; empty sets no bound"),
        ("in_stock" = Option<String>, Query, pattern = r"^\s*(1|true|yes|on|0|false|no|off)?\s*$", description = "Only products in stock"),
        ("featured" = Option<String>, Query, pattern = r"^\s*(1|true|yes|on|0|false|no|off)?\s*$", description = "Only featured products"),
        ("offers" = Option<String>, Query, pattern = r"^\s*(1|true|yes|on|0|false|no|off)?\s*$", description = "Only products on offer"),
        ("crop" = Option<String>, Query, description = "Only products with a use on this crop (its slug, as `GET /api/crops` lists them)"),
        ("pest" = Option<String>, Query, description = "Only products with a use against this pest (its slug)"),
        ("ingredient" = Option<String>, Query, description = "Only products holding this active ingredient (its id or its name, `abamectin`, `أبامكتين`)"),
        ("sort" = Option<String>, Query, description = "price_asc, price_desc or newest"),
        PageParams,
    ),
    responses((status = 200, body = ProductList), (status = 422, body = ErrorBody)))]
pub async fn products(state: Data<AppState>, Lang(locale): Lang, QueryParams(params): QueryParams) -> Result<Json<ProductList>, ApiError> {
    let (catalogue, found) = find_products(&state, locale, &params).await?;
    Ok(Json(product_list(&state, &catalogue, found, locale)?))
}

/// The products a list's query asks for, and the catalogue they come from; a search that
/// finds nothing is kept for staff (the text, not who typed it), so the shop learns what it
/// lacks.
pub(crate) async fn find_products(state: &AppState, locale: Locale, params: &HashMap<String, String>) -> Result<(Arc<Catalogue>, ProductPage), ApiError> {
    let query = product_query(params)?;
    let catalogue = catalogue(state).await?;
    let found = catalogue.list_products(&query, state.catalog.now());
    if let Some(text) = query.search.filter(|_| found.page.total == 0 && found.page.current_page == 1) {
        let (misses, at) = (state.search_misses.clone(), state.catalog.now());
        blocking(move || misses.record(&text, locale, at)).await?;
    }
    Ok((catalogue, found))
}

/// Found products as the list answers them.
pub(crate) fn product_list(state: &AppState, catalogue: &Catalogue, found: ProductPage, locale: Locale) -> Result<ProductList, ApiError> {
    let ProductPage { page, every_word } = found;
    let meta = PageMeta::from(&page);
    let data =
        page.data.into_iter().map(|card| state.product_json.card(catalogue.version(), card, locale)).collect::<Result<_, _>>().map_err(anyhow::Error::from)?;
    Ok(ProductList { meta, data, every_word })
}

/// One product by its slug.
#[utoipa::path(get, path = "/api/products/{slug}", tag = "catalogue",
    responses((status = 200, body = ProductResponse), (status = 404, body = ErrorBody)))]
pub async fn product(state: Data<AppState>, Lang(locale): Lang, slug: Path<String>) -> Result<Json<ProductResponse>, ApiError> {
    let catalogue = catalogue(&state).await?;
    let now = state.catalog.now();
    let card = catalogue.product(&slug, now)?;
    Ok(Json(ProductResponse { data: ProductPageData::new(card, &catalogue, locale, kernel::shop_day(now)) }))
}

/// Every category in order.
#[utoipa::path(get, path = "/api/categories", tag = "catalogue", responses((status = 200, body = CategoryList)))]
pub async fn categories(state: Data<AppState>, Lang(locale): Lang) -> Result<Json<CategoryList>, ApiError> {
    Ok(Json(category_list(&*catalogue(&state).await?, locale)))
}

/// Every category in order, as the API answers them.
pub(crate) fn category_list(catalogue: &Catalogue, locale: Locale) -> CategoryList {
    CategoryList { data: catalogue.categories().into_iter().map(|c| CategoryData::new(c, locale)).collect() }
}

/// Everything the Home screen shows, in one call.
#[utoipa::path(get, path = "/api/home", tag = "catalogue", responses((status = 200, body = HomeResponse)))]
pub async fn home(state: Data<AppState>, Lang(locale): Lang) -> Result<Json<HomeResponse>, ApiError> {
    Ok(Json(home_answer(&state, locale).await?))
}

/// The most crops Home shows; the rest are one tap away on `/crops`.
const HOME_CROPS: usize = 12;

/// Home's answer.
pub(crate) async fn home_answer(state: &AppState, locale: Locale) -> Result<HomeResponse, ApiError> {
    let catalogue = catalogue(state).await?;
    let Home { featured, categories, recent, offers } = catalogue.home(state.catalog.now());
    let cards = |cards: Vec<ProductCard>| cards.into_iter().map(|card| ProductData::new(card, locale)).collect();
    Ok(HomeResponse {
        data: HomeData {
            crops: catalogue.crops().iter().take(HOME_CROPS).map(|crop| CropData::new(crop, locale)).collect(),
            featured: cards(featured),
            categories: categories.into_iter().map(|c| CategoryData::new(c, locale)).collect(),
            recent: cards(recent),
            offers: offers.into_iter().map(|o| OfferData::new(o, locale)).collect(),
        },
    })
}

/// A running offer and one page of its products; an offer that is off, not started or over
/// is a 404.
#[utoipa::path(get, path = "/api/offers/{id}", tag = "catalogue", params(("id" = i64, Path, description = "Offer id"), PageParams),
    responses((status = 200, body = OfferPage), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn offer(state: Data<AppState>, Lang(locale): Lang, id: Path<i64>, QueryParams(params): QueryParams) -> Result<Json<OfferPage>, ApiError> {
    let text = |name: &str| params.get(name).map(|v| v.trim()).filter(|v| !v.is_empty());
    let page = PageRequest::parse(text("page"), text("per_page"))?;
    let catalogue = catalogue(&state).await?;
    let (offer, page) = catalogue.offer(OfferId(*id), page, state.catalog.now())?;
    let meta = PageMeta::from(&page);
    let data =
        page.data.into_iter().map(|card| state.product_json.card(catalogue.version(), card, locale)).collect::<Result<_, _>>().map_err(anyhow::Error::from)?;
    Ok(Json(OfferPage { offer: OfferData::new(offer, locale), data, meta }))
}

/// What the header's search box suggests for `q` (at most six products and three categories),
/// answered from the catalogue in memory; the query is bounded as the list's `search` is.
#[utoipa::path(get, path = "/api/search/suggestions", tag = "catalogue", params(("q" = Option<String>, Query, description = "What the shopper typed so far")),
    responses((status = 200, body = SuggestionsResponse)))]
pub async fn suggestions(state: Data<AppState>, Lang(locale): Lang, QueryParams(params): QueryParams) -> Result<Json<SuggestionsResponse>, ApiError> {
    let text = params.get("q").map(String::as_str).unwrap_or_default();
    let found = catalogue(&state).await?.suggest(text, state.catalog.now());
    let products = found
        .products
        .into_iter()
        .map(|card| SuggestedProduct {
            slug: card.product.slug.clone(),
            name: card.product.draft.name.pick(locale).to_string(),
            sale_price: card.price.sale_price,
            image: card.product.images.first().map(|path| format!("/media/{path}")),
        })
        .collect();
    let categories = found.categories.into_iter().map(|c| CategoryData::new(c, locale)).collect();
    let crops = found.crops.iter().map(|crop| CropData::new(crop, locale)).collect();
    let pests = found.pests.iter().map(|pest| PestData::new(pest, locale)).collect();
    Ok(Json(SuggestionsResponse { data: SuggestionsData { products, categories, crops, pests } }))
}
