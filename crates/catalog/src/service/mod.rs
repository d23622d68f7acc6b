//! The storefront's use cases over an in-memory copy of the catalogue.
//!
//! Each node keeps the whole catalogue (a few thousand products) indexed in memory and checks
//! the stored version on every call: a cache, refreshed the moment any node writes, never
//! needed for correctness. Filtering, ranking and sorting then cost microseconds.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use chrono::NaiveDate;
use kernel::{CategoryId, Clock, Localized, Money, OfferId, Page, PageRequest, ProductId, shop_day};

use crate::agronomy::{ActiveIngredient, Agronomy, Crop, Pest, ProductKind};
use crate::offer::{Offer, OfferStatus};
use crate::ports::{CatalogueStore, StoredCatalogue};
use crate::pricing::{ShownPrice, shown_price};
use crate::product::{Category, Product};
use crate::search::{SearchDocument, SearchIndex, Synonyms, indexed_terms, match_term, query_terms};

/// How many products the Home screen shows per row.
pub const HOME_ROW: usize = 8;

/// Why a catalogue call failed.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// No such product or category.
    #[error("not found")]
    NotFound,
    /// Staff input broke field rules.
    #[error("invalid input: {0:?}")]
    Invalid(kernel::FieldErrors),
    /// Storage failed.
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// The order of a product list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    /// Best match first when searching, else newest first.
    #[default]
    Relevance,
    /// Lowest sale price first.
    PriceAsc,
    /// Highest sale price first.
    PriceDesc,
    /// Newest first.
    Newest,
}

/// A category named by id or by slug.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CategoryRef {
    /// By database id.
    Id(CategoryId),
    /// By slug.
    Slug(String),
}

/// What staff ask of the offers list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfferQuery {
    /// Only offers with this status now.
    pub status: Option<OfferStatus>,
    /// Words of either title.
    pub search: Option<String>,
    /// Which page.
    pub page: PageRequest,
}

/// What a customer asks of the product list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductQuery {
    /// Words to search, in Arabic or English.
    pub search: Option<String>,
    /// Only this category.
    pub category: Option<CategoryRef>,
    /// Sale price at least this.
    pub min_price: Option<Money>,
    /// Sale price at most this.
    pub max_price: Option<Money>,
    /// Only products in stock.
    pub in_stock: bool,
    /// Only featured products.
    pub featured: bool,
    /// Only products under a running offer.
    pub offers: bool,
    /// Only products with a use on this crop (its slug).
    pub crop: Option<String>,
    /// Only products with a use against this pest (its slug).
    pub pest: Option<String>,
    /// Only products holding this active ingredient (its id, or its name in either language).
    pub ingredient: Option<String>,
    /// The order.
    pub sort: Sort,
    /// Which page.
    pub page: PageRequest,
    /// Products off sale too (a pesticide whose registration ran out): the staff's lists.
    pub off_sale_too: bool,
}

impl ProductQuery {
    /// One page of every product on sale, newest first: the query each list narrows.
    pub fn every(page: PageRequest) -> ProductQuery {
        ProductQuery {
            search: None,
            category: None,
            min_price: None,
            max_price: None,
            in_stock: false,
            featured: false,
            offers: false,
            crop: None,
            pest: None,
            ingredient: None,
            sort: Sort::Newest,
            page,
            off_sale_too: false,
        }
    }
}

/// One page of the product list, and whether its products have every word searched for.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductPage {
    /// The products.
    pub page: Page<ProductCard>,
    /// False when no product has every word searched for and these have the most of them.
    pub every_word: bool,
}

/// The most products the search box suggests.
pub const SUGGESTED_PRODUCTS: u32 = 6;
/// The most categories the search box suggests.
pub const SUGGESTED_CATEGORIES: usize = 3;

/// What the search box suggests.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Suggestions {
    /// The best matching products.
    pub products: Vec<ProductCard>,
    /// The categories whose names match every word.
    pub categories: Vec<Category>,
    /// The crops whose names (or Arabic synonyms) match every word.
    pub crops: Vec<Crop>,
    /// The pests, diseases and weeds whose names (or Arabic synonyms) match every word.
    pub pests: Vec<Pest>,
}

/// A product with the price shown for it now and its category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductCard {
    /// The product (shared with the catalogue: a card costs no copy of its text).
    pub product: Arc<Product>,
    /// Its price now.
    pub price: ShownPrice,
    /// Its category.
    pub category: Option<Category>,
}

/// Everything the Home screen shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Home {
    /// Featured products, newest first.
    pub featured: Vec<ProductCard>,
    /// Every category in order.
    pub categories: Vec<Category>,
    /// The newest products.
    pub recent: Vec<ProductCard>,
    /// The offers running now.
    pub offers: Vec<Offer>,
}

/// The catalogue at one version, indexed for search; every storefront question is answered
/// from it without I/O.
pub struct Catalogue {
    version: i64,
    stock_version: i64,
    categories: Vec<Category>,
    products: Vec<Arc<Product>>,
    offers: Vec<Offer>,
    search: Arc<SearchIndex>,
    /// The shop's synonyms, ready to match a query.
    synonyms: Arc<Synonyms>,
    /// What the list filters look at, per product in the same order: small and contiguous,
    /// so a filter pass over thousands of products stays in cache.
    facets: Vec<Facets>,
    /// Product positions by slug.
    by_slug: Arc<std::collections::HashMap<String, usize>>,
    /// The crops, pests and active ingredients products' agronomy names.
    lists: Arc<AgronomyLists>,
    /// The last day of sale of the registration that runs out first: until the day after,
    /// every product is on sale and the storefront's reads need not ask.
    first_registration_end: Option<NaiveDate>,
    /// The expiry days of each lotted product's lots that hold units, soonest first.
    lot_expiries: Arc<LotExpiries>,
}

/// The expiry days of each lotted product's lots that hold units, soonest first.
type LotExpiries = std::collections::HashMap<ProductId, Vec<NaiveDate>>;

/// `expiries` by product, each product's days soonest first.
fn lot_expiries_by_product(expiries: Vec<(ProductId, NaiveDate)>) -> LotExpiries {
    let mut by_product = LotExpiries::new();
    for (product, day) in expiries {
        by_product.entry(product).or_default().push(day);
    }
    by_product.values_mut().for_each(|days| days.sort_unstable());
    by_product
}

/// The crops, pests and active ingredients, as loaded.
#[derive(Debug, Default)]
struct AgronomyLists {
    crops: Vec<Crop>,
    pests: Vec<Pest>,
    ingredients: Vec<ActiveIngredient>,
}

/// The farm filters of a product list, by id: a name nothing has matches no product.
struct FarmFilter {
    crop: Option<i64>,
    pest: Option<i64>,
    ingredient: Option<i64>,
}

impl FarmFilter {
    /// The query's farm filters; none when it has none.
    fn of(lists: &AgronomyLists, query: &ProductQuery) -> Option<FarmFilter> {
        if query.crop.is_none() && query.pest.is_none() && query.ingredient.is_none() {
            return None;
        }
        const NOTHING: i64 = -1;
        let crop = query.crop.as_deref().map(|slug| lists.crops.iter().find(|crop| crop.slug == slug).map_or(NOTHING, |crop| crop.id));
        let pest = query.pest.as_deref().map(|slug| lists.pests.iter().find(|pest| pest.slug == slug).map_or(NOTHING, |pest| pest.id));
        let ingredient = query.ingredient.as_deref().map(|asked| {
            let asked = asked.trim().to_lowercase();
            lists
                .ingredients
                .iter()
                .find(|known| asked == known.id.to_string() || asked == known.name.en.to_lowercase() || asked == known.name.ar)
                .map_or(NOTHING, |known| known.id)
        });
        Some(FarmFilter { crop, pest, ingredient })
    }

    /// Whether a product's agronomy passes: a use on the crop and against the pest (the same
    /// use when both are asked), and the ingredient among its own.
    fn admits(&self, agronomy: &Agronomy) -> bool {
        let used = self.crop.is_none() && self.pest.is_none()
            || agronomy
                .uses
                .iter()
                .any(|crop_use| self.crop.is_none_or(|crop| crop_use.crop_id == crop) && self.pest.is_none_or(|pest| crop_use.pest_id == Some(pest)));
        used && self.ingredient.is_none_or(|ingredient| agronomy.ingredients.iter().any(|own| own.ingredient_id == ingredient))
    }
}

impl AgronomyLists {
    /// The words a product's agronomy adds to its search text: its ingredients' names and
    /// spellings, and the crops and pests of its uses, in both languages.
    fn words_of(&self, agronomy: &Agronomy) -> String {
        let mut words: Vec<&str> = Vec::new();
        for ingredient in agronomy.ingredients.iter().filter_map(|ingredient| self.ingredients.iter().find(|known| known.id == ingredient.ingredient_id)) {
            words.extend([ingredient.name.ar.as_str(), ingredient.name.en.as_str()]);
            words.extend(ingredient.synonyms_ar.iter().map(String::as_str));
        }
        for crop_use in &agronomy.uses {
            if let Some(crop) = self.crops.iter().find(|crop| crop.id == crop_use.crop_id) {
                words.extend([crop.name.ar.as_str(), crop.name.en.as_str()]);
                words.extend(crop.synonyms_ar.iter().map(String::as_str));
            }
            if let Some(pest) = crop_use.pest_id.and_then(|id| self.pests.iter().find(|pest| pest.id == id)) {
                words.extend([pest.name.ar.as_str(), pest.name.en.as_str()]);
                words.extend(pest.synonyms_ar.iter().map(String::as_str));
            }
        }
        words.sort_unstable();
        words.dedup();
        words.join(" ")
    }
}

/// A product's filterable facts.
#[derive(Clone, Copy)]
struct Facets {
    category_id: Option<CategoryId>,
    in_stock: bool,
    featured: bool,
    /// The last day its registration allows it to be sold, for a registered product.
    registered_until: Option<NaiveDate>,
}

impl Catalogue {
    /// The stored version this copy was loaded at.
    pub fn version(&self) -> i64 {
        self.version
    }

    /// The stock version its quantities were read at.
    pub fn stock_version(&self) -> i64 {
        self.stock_version
    }

    /// The same catalogue with the quantities of `stock` (products it does not name keep
    /// theirs): the search index and slugs are shared, only changed products are copied.
    fn restocked(&self, stock_version: i64, stock: &[(ProductId, i64)], lot_expiries: Vec<(ProductId, NaiveDate)>) -> Catalogue {
        let levels: std::collections::HashMap<ProductId, i64> = stock.iter().copied().collect();
        let products: Vec<Arc<Product>> = self
            .products
            .iter()
            .map(|product| match levels.get(&product.id) {
                Some(&quantity) if quantity != product.draft.quantity => {
                    let mut moved = Product::clone(product);
                    moved.draft.quantity = quantity;
                    Arc::new(moved)
                }
                _ => Arc::clone(product),
            })
            .collect();
        let facets = products.iter().zip(&self.facets).map(|(product, facets)| Facets { in_stock: product.in_stock(), ..*facets }).collect();
        Catalogue {
            version: self.version,
            stock_version,
            categories: self.categories.clone(),
            products,
            offers: self.offers.clone(),
            search: Arc::clone(&self.search),
            synonyms: Arc::clone(&self.synonyms),
            facets,
            by_slug: Arc::clone(&self.by_slug),
            lists: Arc::clone(&self.lists),
            first_registration_end: self.first_registration_end,
            lot_expiries: Arc::new(lot_expiries_by_product(lot_expiries)),
        }
    }

    fn new(stored: StoredCatalogue) -> Catalogue {
        let StoredCatalogue { version, stock_version, mut categories, mut products, offers, synonyms, crops, pests, ingredients, lot_expiries } = stored;
        let lists = AgronomyLists { crops, pests, ingredients };
        categories.sort_by_key(|c| (c.draft.sort_order, c.id));
        products.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
        let documents: Vec<SearchDocument> = products
            .iter()
            .map(|p| {
                let category = categories.iter().find(|c| Some(c.id) == p.draft.category_id);
                SearchDocument::new()
                    .field(3, &p.draft.name.ar)
                    .field(3, &p.draft.name.en)
                    .field(2, category.map(|c| format!("{} {}", c.draft.name.ar, c.draft.name.en)).as_deref().unwrap_or(""))
                    .field(2, &lists.words_of(&p.agronomy))
                    .field(1, &p.draft.description.ar)
                    .field(1, &p.draft.description.en)
            })
            .collect();
        let facets: Vec<Facets> = products
            .iter()
            .map(|p| Facets {
                category_id: p.draft.category_id,
                in_stock: p.in_stock(),
                featured: p.draft.featured,
                registered_until: p.agronomy.registration.as_ref().and_then(|registration| registration.expires_on),
            })
            .collect();
        let first_registration_end = facets.iter().filter_map(|facets| facets.registered_until).min();
        let by_slug = products.iter().enumerate().map(|(position, p)| (p.slug.clone(), position)).collect();
        let products = products.into_iter().map(Arc::new).collect();
        Catalogue {
            version,
            stock_version,
            categories,
            products,
            offers,
            search: Arc::new(SearchIndex::build(&documents)),
            synonyms: Arc::new(Synonyms::new(&synonyms)),
            facets,
            by_slug: Arc::new(by_slug),
            lists: Arc::new(lists),
            first_registration_end,
            lot_expiries: Arc::new(lot_expiries_by_product(lot_expiries)),
        }
    }

    /// The expiry of what a lotted product ships on `today`: its soonest lot in date that
    /// holds units (first expired, first out). `None` for a product not kept in lots, or
    /// with none left in date.
    pub fn ships_expiring_on(&self, product: ProductId, today: NaiveDate) -> Option<NaiveDate> {
        self.lot_expiries.get(&product)?.iter().copied().find(|day| *day >= today)
    }

    /// The crops, in the staff's order.
    pub fn crops(&self) -> &[Crop] {
        &self.lists.crops
    }

    /// The pests, diseases and weeds, oldest first.
    pub fn pests(&self) -> &[Pest] {
        &self.lists.pests
    }

    /// The crop with this slug.
    pub fn crop(&self, slug: &str) -> Option<&Crop> {
        self.lists.crops.iter().find(|crop| crop.slug == slug)
    }

    /// The pest with this slug.
    pub fn pest(&self, slug: &str) -> Option<&Pest> {
        self.lists.pests.iter().find(|pest| pest.slug == slug)
    }

    /// The pest with this id.
    pub fn pest_by_id(&self, id: i64) -> Option<&Pest> {
        self.lists.pests.iter().find(|pest| pest.id == id)
    }

    /// The crop with this id.
    pub fn crop_by_id(&self, id: i64) -> Option<&Crop> {
        self.lists.crops.iter().find(|crop| crop.id == id)
    }

    /// Whether a product's agronomy names this crop, pest or ingredient.
    pub fn names_in_agronomy(&self, list: crate::ports::FarmList, id: i64) -> bool {
        use crate::ports::FarmList;
        self.products.iter().any(|product| {
            let agronomy = &product.agronomy;
            match list {
                FarmList::Crops => agronomy.uses.iter().any(|used| used.crop_id == id),
                FarmList::Pests => agronomy.uses.iter().any(|used| used.pest_id == Some(id)),
                FarmList::Ingredients => agronomy.ingredients.iter().any(|share| share.ingredient_id == id),
            }
        })
    }

    /// The active ingredients.
    pub fn ingredients(&self) -> &[ActiveIngredient] {
        &self.lists.ingredients
    }

    /// The products with a use on the crop (against the pest, when given), the pesticides first,
    /// each kind newest first, as cards priced at `now`.
    pub fn used_on(&self, crop_id: Option<i64>, pest_id: Option<i64>, now: chrono::DateTime<chrono::Utc>) -> Vec<ProductCard> {
        let mut used: Vec<&Arc<Product>> = self
            .products
            .iter()
            .filter(|product| {
                product
                    .agronomy
                    .uses
                    .iter()
                    .any(|crop_use| crop_id.is_none_or(|crop| crop_use.crop_id == crop) && pest_id.is_none_or(|pest| crop_use.pest_id == Some(pest)))
                    && product.on_sale(now)
            })
            .collect();
        // Protection first: a farmer on a crop's page has most often come about a pest.
        used.sort_by_key(|product| product.agronomy.kind != ProductKind::Pesticide);
        used.into_iter().map(|product| self.card(product, self.price(product, now))).collect()
    }

    fn card(&self, product: &Arc<Product>, price: ShownPrice) -> ProductCard {
        let category = self.categories.iter().find(|c| Some(c.id) == product.draft.category_id).cloned();
        ProductCard { product: Arc::clone(product), price, category }
    }

    fn price(&self, product: &Product, now: chrono::DateTime<chrono::Utc>) -> ShownPrice {
        shown_price(product.id, product.draft.category_id, product.draft.price, product.draft.discount, &self.offers, now)
    }
}

/// A product whose registration ran out, as staff are told of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegistrationLapse {
    /// The product.
    pub product: ProductId,
    /// Its name.
    pub name: kernel::Localized<String>,
    /// The registration's last day.
    pub ended_on: NaiveDate,
}

/// The in-memory copy and when its version was last checked.
struct Cached {
    catalogue: Arc<Catalogue>,
    checked_at: chrono::DateTime<chrono::Utc>,
}

/// The storefront's catalogue calls.
pub struct CatalogService {
    store: Arc<dyn CatalogueStore>,
    clock: Arc<dyn Clock>,
    freshness: chrono::Duration,
    cache: RwLock<Option<Cached>>,
    // Counts the writes this node made (each `invalidate`): a copy read while a write landed
    // may miss it, so it is kept only when no write came between its start and its end.
    writes: AtomicU64,
    // When (milliseconds since the epoch) one caller started checking the stored version, 0
    // when none is; meanwhile the others keep serving the copy.
    refreshing_since: AtomicI64,
    loads: AtomicU64,
    load_micros: AtomicU64,
}

/// How often this node read the whole catalogue again, and how long that took in all: what
/// the metrics report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CatalogueLoads {
    /// Whole reads since the node started.
    pub count: u64,
    /// Their time, added up.
    pub total: std::time::Duration,
}

impl CatalogService {
    /// The service over its store. The stored version is checked again once `freshness` has
    /// passed since the last check (zero: on every call), so a write on another node shows
    /// here within that time.
    pub fn new(store: Arc<dyn CatalogueStore>, clock: Arc<dyn Clock>, freshness: chrono::Duration) -> CatalogService {
        CatalogService {
            store,
            clock,
            freshness,
            cache: RwLock::new(None),
            writes: AtomicU64::new(0),
            refreshing_since: AtomicI64::new(0),
            loads: AtomicU64::new(0),
            load_micros: AtomicU64::new(0),
        }
    }

    /// The whole reads of the catalogue so far.
    pub fn loads(&self) -> CatalogueLoads {
        CatalogueLoads { count: self.loads.load(Ordering::Relaxed), total: std::time::Duration::from_micros(self.load_micros.load(Ordering::Relaxed)) }
    }

    /// The catalogue without I/O, so it can be asked on an async worker: the copy while fresh
    /// (checked within the freshness time), and also while another caller is checking it.
    /// `None` means this caller should ask [`CatalogService::catalogue`], off the async workers.
    pub fn fresh_catalogue(&self) -> Option<Arc<Catalogue>> {
        let now = self.clock.now();
        let guard = self.cache.read().ok()?;
        let cached = guard.as_ref()?;
        let fresh = now - cached.checked_at < self.freshness;
        // A stale copy is served by all but one caller, which checks the version: no stampede
        // on the database each time the freshness time runs out.
        // A check that has not finished in five seconds is presumed lost and taken over.
        let started = self.refreshing_since.load(Ordering::Acquire);
        let someone_checking = started != 0 && now.timestamp_millis() - started < 5_000;
        let i_check =
            !fresh && !someone_checking && self.refreshing_since.compare_exchange(started, now.timestamp_millis(), Ordering::AcqRel, Ordering::Acquire).is_ok();
        (!i_check).then(|| cached.catalogue.clone())
    }

    /// Whether a copy of the catalogue is in memory, to serve from while the store is out of
    /// reach.
    pub fn has_copy(&self) -> bool {
        self.cache.read().is_ok_and(|guard| guard.is_some())
    }

    /// Forgets the in-memory copy, so this node's next call reads the catalogue again (after
    /// a write here, other nodes see it within the freshness time).
    pub fn invalidate(&self) {
        if let Ok(mut guard) = self.cache.write() {
            self.writes.fetch_add(1, Ordering::AcqRel);
            *guard = None;
        }
    }

    /// The time, for the answers that depend on it (running offers).
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.clock.now()
    }

    /// The indexed catalogue at the stored version, loaded again only when it changed.
    pub fn catalogue(&self) -> Result<Arc<Catalogue>, CatalogError> {
        let result = self.checked_catalogue();
        self.refreshing_since.store(0, Ordering::Release);
        result
    }

    fn checked_catalogue(&self) -> Result<Arc<Catalogue>, CatalogError> {
        let now = self.clock.now();
        let writes = self.writes.load(Ordering::Acquire);
        let cached = self.cache.read().ok().and_then(|guard| guard.as_ref().map(|c| (c.catalogue.clone(), c.checked_at)));
        if let Some((catalogue, checked_at)) = &cached
            && now - *checked_at < self.freshness
        {
            return Ok(catalogue.clone());
        }
        let versions = match self.store.versions() {
            Ok(versions) => versions,
            // The store cannot say whether the catalogue changed (the database is out of
            // reach): the copy in memory keeps serving, asked about again after the
            // freshness time rather than by every request.
            Err(error) => {
                let Some((catalogue, _)) = cached else { return Err(error.into()) };
                if let Ok(mut guard) = self.cache.write()
                    && self.writes.load(Ordering::Acquire) == writes
                {
                    *guard = Some(Cached { catalogue: catalogue.clone(), checked_at: now });
                }
                return Ok(catalogue);
            }
        };
        let catalogue = match cached {
            Some((catalogue, _)) if catalogue.version == versions.catalogue && catalogue.stock_version == versions.stock => catalogue,
            // Only orders moved stock: read the quantities, keep the rest.
            Some((catalogue, _)) if catalogue.version == versions.catalogue => {
                Arc::new(catalogue.restocked(versions.stock, &self.store.stock()?, self.store.lot_expiries()?))
            }
            _ => {
                let started = std::time::Instant::now();
                let loaded = Arc::new(Catalogue::new(self.store.load()?));
                self.loads.fetch_add(1, Ordering::Relaxed);
                self.load_micros.fetch_add(u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX), Ordering::Relaxed);
                loaded
            }
        };
        if let Ok(mut guard) = self.cache.write()
            && self.writes.load(Ordering::Acquire) == writes
        {
            *guard = Some(Cached { catalogue: catalogue.clone(), checked_at: now });
        }
        Ok(catalogue)
    }

    /// Lists products: filtered, searched, ranked or sorted, one page.
    pub fn list_products(&self, query: &ProductQuery) -> Result<ProductPage, CatalogError> {
        Ok(self.catalogue()?.list_products(query, self.clock.now()))
    }

    /// One product by its slug.
    pub fn product(&self, slug: &str) -> Result<ProductCard, CatalogError> {
        self.catalogue()?.product(slug, self.clock.now())
    }

    /// Every category in order.
    pub fn categories(&self) -> Result<Vec<Category>, CatalogError> {
        Ok(self.catalogue()?.categories())
    }

    /// What the Home screen shows, in one call.
    pub fn home(&self) -> Result<Home, CatalogError> {
        Ok(self.catalogue()?.home(self.clock.now()))
    }
}

impl Catalogue {
    /// The product's packs to reckon a dose with, as cards priced at `now`: its own and those of
    /// the other products of its pack group that are in stock and measured like it.
    pub fn pack_siblings(&self, product: &Product, now: chrono::DateTime<chrono::Utc>) -> Vec<ProductCard> {
        let measured = |other: &Product| other.agronomy.pack.map(|pack| pack.in_base().0);
        self.products
            .iter()
            .filter(|other| {
                other.id == product.id
                    || (!product.agronomy.pack_group.is_empty()
                        && other.agronomy.pack_group == product.agronomy.pack_group
                        && other.in_stock()
                        && measured(other) == measured(product)
                        && other.on_sale(now))
            })
            .map(|other| self.card(other, self.price(other, now)))
            .collect()
    }

    /// The other products with the same active ingredients at the same concentrations as
    /// `slug`'s (another maker's bottle, another pack of the same thing), cheapest per litre or
    /// kilogram of product first — at equal strength, the cheapest per gram or mL of
    /// ingredient — each with that price. None for a product without ingredients or pack.
    pub fn alternatives(&self, slug: &str, now: chrono::DateTime<chrono::Utc>) -> Result<Vec<(ProductCard, Money)>, CatalogError> {
        let product = self.on_sale_by_slug(slug, now)?;
        let strength = |agronomy: &Agronomy| {
            let mut ingredients: Vec<_> = agronomy.ingredients.iter().map(|own| (own.ingredient_id, own.concentration, <&str>::from(own.unit))).collect();
            ingredients.sort_unstable();
            ingredients
        };
        let wanted = strength(&product.agronomy);
        let Some((unit, _)) = product.agronomy.pack.map(|pack| pack.in_base()) else { return Ok(vec![]) };
        if wanted.is_empty() {
            return Ok(vec![]);
        }
        let mut found: Vec<(ProductCard, Money)> = self
            .products
            .iter()
            .filter(|other| other.id != product.id && strength(&other.agronomy) == wanted && other.on_sale(now))
            .filter_map(|other| {
                let (other_unit, holds) = other.agronomy.pack?.in_base();
                if other_unit != unit || holds == 0 {
                    return None;
                }
                let card = self.card(other, self.price(other, now));
                let per_thousand = card.price.sale_price.piastres().saturating_mul(1000) / i64::try_from(holds).unwrap_or(i64::MAX);
                Some((card, Money::from_piastres(per_thousand)))
            })
            .collect();
        found.sort_by_key(|(card, per_unit)| (*per_unit, card.product.id));
        Ok(found)
    }

    /// Lists products: filtered, searched, ranked or sorted, one page. A search answers the
    /// products with every word, or, when none has them all, those with the most.
    pub fn list_products(&self, query: &ProductQuery, now: chrono::DateTime<chrono::Utc>) -> ProductPage {
        let category = match &query.category {
            None => None,
            Some(CategoryRef::Id(id)) => Some(*id),
            // An unknown slug matches no product.
            Some(CategoryRef::Slug(slug)) => Some(self.categories.iter().find(|c| &c.slug == slug).map_or(CategoryId(-1), |c| c.id)),
        };
        let words = query.search.as_deref().map(query_terms).unwrap_or_default();
        let farm = FarmFilter::of(&self.lists, query);
        let today = shop_day(now);
        let hide_off_sale = !query.off_sale_too && self.first_registration_end.is_some_and(|end| end < today);
        let filtered = category.is_some() || query.in_stock || query.featured || farm.is_some() || hide_off_sale;
        let wanted = |position: usize| {
            self.facets.get(position).is_some_and(|f| {
                category.is_none_or(|c| f.category_id == Some(c))
                    && (!query.in_stock || f.in_stock)
                    && (!query.featured || f.featured)
                    && (!hide_off_sale || f.registered_until.is_none_or(|end| end >= today))
            }) && farm.as_ref().is_none_or(|farm| self.products.get(position).is_some_and(|product| farm.admits(&product.agronomy)))
        };
        let by_price = query.offers || query.min_price.is_some() || query.max_price.is_some() || matches!(query.sort, Sort::PriceAsc | Sort::PriceDesc);
        let offset = usize::try_from(query.page.offset()).unwrap_or(usize::MAX);
        let per_page = query.page.per_page as usize;
        let page_of = |products: &mut dyn Iterator<Item = &Arc<Product>>| products.map(|product| self.card(product, self.price(product, now))).collect();

        if words.is_empty() && !by_price && !filtered {
            // Everything, newest first as held.
            let rows = page_of(&mut self.products.iter().skip(offset).take(per_page));
            return ProductPage { page: Page::new(rows, query.page, self.products.len() as u64), every_word: true };
        }
        let mut every_word = true;
        let matching: Box<dyn Iterator<Item = (u32, usize)> + '_> = if words.is_empty() {
            Box::new((0..self.products.len()).filter(|&p| wanted(p)).map(|position| (0, position)))
        } else {
            let matches = self.search.best_matches(&self.synonyms.alternatives(&words));
            every_word = matches.every_word;
            Box::new(matches.documents.into_iter().map(|(position, score)| (score, position as usize)).filter(move |&(_, p)| !filtered || wanted(p)))
        };
        if !by_price && (words.is_empty() || query.sort == Sort::Newest) {
            // Already in order: count the matches and build only the page.
            let mut total = 0;
            let mut positions = Vec::with_capacity(per_page);
            for (_, position) in matching {
                if total >= offset && positions.len() < per_page {
                    positions.push(position);
                }
                total += 1;
            }
            let rows = page_of(&mut positions.into_iter().filter_map(|p| self.products.get(p)));
            return ProductPage { page: Page::new(rows, query.page, total as u64), every_word };
        }
        // Each hit: its sort key (smaller first), its position (newest first on equal keys) and
        // its price once known.
        let mut hits: Vec<(i64, usize, Option<ShownPrice>)> = matching.map(|(score, position)| (-i64::from(score), position, None)).collect();

        // Prices depend on the offers running now; work them out for every hit only when a
        // filter or the order needs them, else just for the page.
        if by_price {
            hits.retain_mut(|(_, position, price)| {
                let Some(product) = self.products.get(*position) else { return false };
                let shown = self.price(product, now);
                *price = Some(shown);
                (!query.offers || shown.has_offer)
                    && query.min_price.is_none_or(|min| shown.sale_price >= min)
                    && query.max_price.is_none_or(|max| shown.sale_price <= max)
            });
        }
        for (key, _, price) in &mut hits {
            let sale = price.map(|p| p.sale_price.piastres()).unwrap_or_default();
            *key = match query.sort {
                Sort::Relevance if !words.is_empty() => *key,
                Sort::PriceAsc => sale,
                Sort::PriceDesc => -sale,
                Sort::Relevance | Sort::Newest => 0,
            };
        }

        // Only the hits up to the end of the page need to be in order.
        let total = hits.len();
        let end = offset.saturating_add(per_page).min(total);
        if end < total {
            hits.select_nth_unstable_by_key(end, |&(key, position, _)| (key, position));
        }
        hits[..end].sort_unstable_by_key(|&(key, position, _)| (key, position));
        let rows = hits[offset.min(end)..end]
            .iter()
            .filter_map(|&(_, position, price)| {
                let product = self.products.get(position)?;
                Some(self.card(product, price.unwrap_or_else(|| self.price(product, now))))
            })
            .collect();
        ProductPage { page: Page::new(rows, query.page, total as u64), every_word }
    }

    /// One product on sale by its slug: one whose registration ran out is not found.
    pub fn product(&self, slug: &str, now: chrono::DateTime<chrono::Utc>) -> Result<ProductCard, CatalogError> {
        let product = self.on_sale_by_slug(slug, now)?;
        Ok(self.card(product, self.price(product, now)))
    }

    /// One product by its slug, on sale or not: what staff open to edit.
    pub fn product_for_staff(&self, slug: &str, now: chrono::DateTime<chrono::Utc>) -> Result<ProductCard, CatalogError> {
        let product = self.by_slug.get(slug).and_then(|&position| self.products.get(position)).ok_or(CatalogError::NotFound)?;
        Ok(self.card(product, self.price(product, now)))
    }

    /// The product on sale at `now` with this slug.
    fn on_sale_by_slug(&self, slug: &str, now: chrono::DateTime<chrono::Utc>) -> Result<&Arc<Product>, CatalogError> {
        self.by_slug.get(slug).and_then(|&position| self.products.get(position)).filter(|product| product.on_sale(now)).ok_or(CatalogError::NotFound)
    }

    /// The products whose registration ran out before `today`, with the day it ended: they
    /// are off sale until staff record a renewal.
    pub fn lapsed_registrations(&self, today: NaiveDate) -> Vec<RegistrationLapse> {
        self.products
            .iter()
            .filter_map(|product| {
                let ended_on = product.agronomy.registration.as_ref()?.expires_on.filter(|end| *end < today)?;
                Some(RegistrationLapse { product: product.id, name: product.draft.name.clone(), ended_on })
            })
            .collect()
    }

    /// An offer running at `now` and one page of the products it lowers, newest first; an
    /// offer that is off, not started or over is not found, as its link should lead nowhere.
    pub fn offer(&self, id: OfferId, page: PageRequest, now: chrono::DateTime<chrono::Utc>) -> Result<(Offer, Page<ProductCard>), CatalogError> {
        let offer = self.offers.iter().find(|o| o.id == id && o.status(now) == OfferStatus::Active).ok_or(CatalogError::NotFound)?;
        let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
        let mut total = 0;
        let mut cards = Vec::new();
        for product in self.products.iter().filter(|p| offer.applies_to(p.id, p.draft.category_id, now) && p.on_sale(now)) {
            if total >= offset && cards.len() < page.per_page as usize {
                cards.push(self.card(product, self.price(product, now)));
            }
            total += 1;
        }
        Ok((offer.clone(), Page::new(cards, page, total as u64)))
    }

    /// What the header's search box suggests while a shopper types: the best few products and
    /// the categories whose names match, from memory.
    pub fn suggest(&self, text: &str, now: chrono::DateTime<chrono::Utc>) -> Suggestions {
        let words = query_terms(text);
        if words.is_empty() {
            return Suggestions::default();
        }
        let query =
            ProductQuery { search: Some(text.to_string()), sort: Sort::Relevance, ..ProductQuery::every(PageRequest::new(None, Some(SUGGESTED_PRODUCTS))) };
        // Every word found in one of the names: a category's, a crop's or a pest's.
        let named = |names: &[&str]| {
            let names: Vec<Vec<String>> = names.iter().map(|name| indexed_terms(name)).collect();
            words.iter().all(|word| names.iter().any(|name| name.iter().any(|term| match_term(word, term).is_some())))
        };
        let with_synonyms = |name: &Localized<String>, synonyms: &[String]| {
            let mut names = vec![name.ar.as_str(), name.en.as_str()];
            names.extend(synonyms.iter().map(String::as_str));
            named(&names)
        };
        let categories =
            self.categories.iter().filter(|category| named(&[&category.draft.name.ar, &category.draft.name.en])).take(SUGGESTED_CATEGORIES).cloned().collect();
        let crops = self.crops().iter().filter(|crop| with_synonyms(&crop.name, &crop.synonyms_ar)).take(SUGGESTED_CATEGORIES).cloned().collect();
        let pests = self.pests().iter().filter(|pest| with_synonyms(&pest.name, &pest.synonyms_ar)).take(SUGGESTED_CATEGORIES).cloned().collect();
        Suggestions { products: self.list_products(&query, now).page.data, categories, crops, pests }
    }

    /// The cards of the products among `ids` that exist and are on sale, priced at `now` (a
    /// cart's lines, an order's).
    pub fn cards_of(&self, ids: &[ProductId], now: chrono::DateTime<chrono::Utc>) -> Vec<ProductCard> {
        self.products.iter().filter(|p| ids.contains(&p.id) && p.on_sale(now)).map(|product| self.card(product, self.price(product, now))).collect()
    }

    /// The product with this id.
    pub fn product_by_id(&self, id: ProductId) -> Option<&Product> {
        self.products.iter().find(|p| p.id == id).map(|p| &**p)
    }

    /// The slug of the product with this id.
    pub fn slug_of(&self, id: ProductId) -> Option<String> {
        self.product_by_id(id).map(|p| p.slug.clone())
    }

    /// Every offer, whatever its status.
    pub fn offers(&self) -> Vec<Offer> {
        self.offers.clone()
    }

    /// The offers staff list, newest first: those with the status asked for at `now` and
    /// whose titles hold the words searched (folded as search folds them), a page at a time.
    pub fn list_offers(&self, query: &OfferQuery, now: chrono::DateTime<chrono::Utc>) -> Page<Offer> {
        let words = query.search.as_deref().map(crate::search::normalize);
        let mut offers: Vec<&Offer> = self
            .offers
            .iter()
            .filter(|offer| query.status.is_none_or(|wanted| offer.status(now) == wanted))
            .filter(|offer| {
                words
                    .as_ref()
                    .is_none_or(|words| crate::search::normalize(&format!("{} {}", offer.draft.title.ar, offer.draft.title.en)).contains(words.as_str()))
            })
            .collect();
        offers.sort_by_key(|offer| std::cmp::Reverse(offer.id));
        let total = offers.len() as u64;
        let offset = usize::try_from(query.page.offset()).unwrap_or(usize::MAX);
        let rows = offers.into_iter().skip(offset).take(query.page.per_page as usize).cloned().collect();
        Page::new(rows, query.page, total)
    }

    /// Every category in order.
    pub fn categories(&self) -> Vec<Category> {
        self.categories.clone()
    }

    /// Every slug of a product on sale, newest first (the sitemap's product pages).
    pub fn product_slugs(&self, now: chrono::DateTime<chrono::Utc>) -> impl Iterator<Item = &str> {
        self.products.iter().filter(move |product| product.on_sale(now)).map(|product| product.slug.as_str())
    }

    /// What the Home screen shows, in one call.
    pub fn home(&self, now: chrono::DateTime<chrono::Utc>) -> Home {
        let cards = |products: &mut dyn Iterator<Item = &Arc<Product>>| -> Vec<ProductCard> {
            products.take(HOME_ROW).map(|p| self.card(p, self.price(p, now))).collect()
        };
        Home {
            featured: cards(&mut self.products.iter().filter(|p| p.draft.featured && p.on_sale(now))),
            categories: self.categories.clone(),
            recent: cards(&mut self.products.iter().filter(|p| p.on_sale(now))),
            offers: self.offers.iter().filter(|o| o.status(now) == OfferStatus::Active).cloned().collect(),
        }
    }
}

#[cfg(test)]
mod tests;
