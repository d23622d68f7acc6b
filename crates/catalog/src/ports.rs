//! What the catalogue needs from storage.

use chrono::{DateTime, NaiveDate, Utc};
use kernel::{CategoryId, OfferId, ProductId};

use crate::agronomy::lists::{CropDraft, IngredientDraft, PestDraft};
use crate::agronomy::{ActiveIngredient, Agronomy, Crop, Pest};
use crate::lots::{Lot, LotDraft, LotId, UnlottedUnits};
use crate::offer::{Offer, OfferDraft};
use crate::product::{Category, CategoryDraft, Product, ProductDocument, ProductDraft};
use crate::search::SynonymGroup;
use crate::service::RegistrationLapse;

/// The whole catalogue as stored, with its versions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredCatalogue {
    /// Bumped by every catalogue write.
    pub version: i64,
    /// Bumped by every order that takes or gives back stock.
    pub stock_version: i64,
    /// Every category.
    pub categories: Vec<Category>,
    /// Every product.
    pub products: Vec<Product>,
    /// Every offer.
    pub offers: Vec<Offer>,
    /// The shop's synonyms for search.
    pub synonyms: Vec<SynonymGroup>,
    /// The crops, in the staff's order.
    pub crops: Vec<Crop>,
    /// The pests, diseases and weeds.
    pub pests: Vec<Pest>,
    /// The active ingredients.
    pub ingredients: Vec<ActiveIngredient>,
    /// The expiry day of every lot that holds units, by product.
    pub lot_expiries: Vec<(ProductId, NaiveDate)>,
}

/// The stored versions: the catalogue's, bumped by staff writes, and the stock's, bumped by
/// orders. Stock moves with every sale; keeping it apart means a sale reloads only the
/// quantities, never the whole catalogue and its search index.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Versions {
    /// Bumped by every catalogue write.
    pub catalogue: i64,
    /// Bumped by every order that takes or gives back stock.
    pub stock: i64,
}

impl Versions {
    /// The two versions.
    pub fn new(catalogue: i64, stock: i64) -> Versions {
        Versions { catalogue, stock }
    }
}

/// Reads the catalogue.
#[cfg_attr(test, mockall::automock)]
pub trait CatalogueStore: Send + Sync {
    /// The current versions (one cheap read).
    fn versions(&self) -> anyhow::Result<Versions>;
    /// Everything, at one version.
    fn load(&self) -> anyhow::Result<StoredCatalogue>;
    /// Every product's units in stock now.
    fn stock(&self) -> anyhow::Result<Vec<(ProductId, i64)>>;
    /// The expiry day of every lot that holds units now, by product: sales empty lots, so it
    /// is read again with the stock.
    fn lot_expiries(&self) -> anyhow::Result<Vec<(ProductId, NaiveDate)>>;
}

/// Why an upload was refused.
#[derive(Debug, thiserror::Error)]
pub enum UploadRejected {
    /// Not a JPEG, PNG, WebP or GIF picture that decodes.
    #[error("not an image")]
    NotAnImage,
    /// Not a whole PDF document.
    #[error("not a PDF")]
    NotAPdf,
    /// Saving failed.
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Where the shop's uploaded files are kept: product pictures and a product's PDFs.
#[cfg_attr(test, mockall::automock)]
pub trait MediaStore: Send + Sync {
    /// Checks and saves an uploaded picture in the sizes the shop serves; returns the path of
    /// the large picture under the media root (the thumbnail sits beside it as `-thumb`).
    fn store_product_image(&self, bytes: &[u8]) -> Result<String, UploadRejected>;
    /// Checks and saves an uploaded PDF (a label, a safety data sheet); returns its path
    /// under the media root.
    fn store_pdf(&self, bytes: &[u8]) -> Result<String, UploadRejected>;
    /// Removes a saved file (a picture with its thumbnail, a PDF). A file already gone is
    /// fine, and a failure is only logged: a stray file must never fail the staff member's
    /// change.
    fn remove_file(&self, path: &str);
}

/// Writes the catalogue; every write bumps the stored version.
#[cfg_attr(test, mockall::automock)]
pub trait CatalogueEditor: Send + Sync {
    /// Whether a product already has this slug.
    fn slug_taken(&self, slug: &str) -> anyhow::Result<bool>;
    /// Whether the category exists.
    fn category_exists(&self, id: CategoryId) -> anyhow::Result<bool>;
    /// Adds a product with its pictures; returns its id, or none when another product took the
    /// slug since it was found free.
    fn create_product(&self, slug: &str, draft: &ProductDraft, images: &[String]) -> anyhow::Result<Option<ProductId>>;
    /// Replaces a product's fields and adds pictures; false when there is no such product.
    fn update_product(&self, id: ProductId, draft: &ProductDraft, new_images: &[String]) -> anyhow::Result<bool>;
    /// Replaces a product's agronomy; false when there is no such product.
    fn set_agronomy(&self, id: ProductId, agronomy: &Agronomy) -> anyhow::Result<bool>;
    /// Sets or clears one of a product's PDFs; the path it replaces (`Some(None)` when it had
    /// none), `None` when there is no such product.
    fn set_document(&self, id: ProductId, document: ProductDocument, path: Option<String>) -> anyhow::Result<Option<Option<String>>>;
    /// Removes a product; returns the pictures it had, `None` when there is no such product.
    fn delete_product(&self, id: ProductId) -> anyhow::Result<Option<Vec<String>>>;
    /// Whether a category already has this slug.
    fn category_slug_taken(&self, slug: &str) -> anyhow::Result<bool>;
    /// Adds a category; returns its id, or none when another category took the slug since it
    /// was found free.
    fn create_category(&self, slug: &str, draft: &CategoryDraft, image: Option<String>) -> anyhow::Result<Option<CategoryId>>;
    /// Replaces a category's names and order, and its image when one is given; returns the
    /// picture it replaced, `None` when there is no such category.
    fn update_category(&self, id: CategoryId, draft: &CategoryDraft, image: Option<String>) -> anyhow::Result<Option<Vec<String>>>;
    /// Removes a category (its products stay, without a category); returns its picture, `None`
    /// when there is no such category.
    fn delete_category(&self, id: CategoryId) -> anyhow::Result<Option<Vec<String>>>;
    /// Whether every product id exists.
    fn products_exist(&self, ids: &[ProductId]) -> anyhow::Result<bool>;
    /// Adds a switched-on offer; returns its id.
    fn create_offer(&self, draft: &OfferDraft, banner: Option<String>) -> anyhow::Result<OfferId>;
    /// Replaces an offer's fields, and its banner when one is given; returns the banner it
    /// replaced, `None` when there is no such offer.
    fn update_offer(&self, id: OfferId, draft: &OfferDraft, banner: Option<String>) -> anyhow::Result<Option<Vec<String>>>;
    /// Switches an offer on or off; false when there is none.
    fn set_offer_active(&self, id: OfferId, active: bool) -> anyhow::Result<bool>;
    /// Removes an offer; returns its banner, `None` when there is no such offer.
    fn delete_offer(&self, id: OfferId) -> anyhow::Result<Option<Vec<String>>>;
    /// Every synonym group, oldest first.
    fn synonym_groups(&self) -> anyhow::Result<Vec<SynonymGroup>>;
    /// Adds a synonym group; its id.
    fn create_synonym_group(&self, members: &[String]) -> anyhow::Result<i64>;
    /// Replaces a group's members; false when there is no such group.
    fn update_synonym_group(&self, id: i64, members: &[String]) -> anyhow::Result<bool>;
    /// Removes a group; false when there is no such group.
    fn delete_synonym_group(&self, id: i64) -> anyhow::Result<bool>;
}

/// What a write of a lot found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LotWrite {
    /// Written: the lot's id.
    Done(LotId),
    /// There is no such product.
    NoProduct,
    /// The product has no such lot.
    NoLot,
    /// Another lot of the product has this batch number.
    BatchTaken,
    /// The product's first lot, while it holds units in no lot, came without a word of what
    /// becomes of them: how many.
    UnlottedUndecided(i64),
}

/// A product's lots on the shelf. Every write counts the product's stock again as the units of
/// its lots still in date on the day given, under the lock orders take the product's stock by.
#[cfg_attr(test, mockall::automock)]
pub trait Shelf: Send + Sync {
    /// The product's lots, soonest to expire first; `None` when there is no such product.
    fn lots(&self, product: ProductId) -> anyhow::Result<Option<Vec<Lot>>>;
    /// Records a lot received; the product's first, while it holds units in no lot, also
    /// keeps them as an opening lot or writes them off, as `unlotted` says (without it, nothing
    /// is written).
    fn add_lot(&self, product: ProductId, draft: &LotDraft, unlotted: Option<UnlottedUnits>, today: NaiveDate) -> anyhow::Result<LotWrite>;
    /// Corrects a lot's batch, expiry or units.
    fn update_lot(&self, product: ProductId, lot: LotId, draft: &LotDraft, today: NaiveDate) -> anyhow::Result<LotWrite>;
    /// Takes a lot off the shelf.
    fn remove_lot(&self, product: ProductId, lot: LotId, today: NaiveDate) -> anyhow::Result<LotWrite>;
    /// Every lot with units that expires on or before `day`, soonest first, at most `limit`.
    fn lots_expiring_by(&self, day: NaiveDate, limit: i64) -> anyhow::Result<Vec<Lot>>;
    /// Counts again the stock of every product with units in a lot expired before `today`, so
    /// that the shop stops showing them; the products whose stock fell.
    fn write_off_expired(&self, today: NaiveDate) -> anyhow::Result<Vec<ProductId>>;
    /// Records each lapse not recorded before and tells it, in the bell, to the staff who may
    /// edit products; how many were new.
    fn tell_lapses(&self, lapses: &[RegistrationLapse], at: DateTime<Utc>) -> anyhow::Result<usize>;
}

/// One of the lists staff keep for agronomy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FarmList {
    /// Crops.
    Crops,
    /// Pests, diseases and weeds.
    Pests,
    /// Active ingredients.
    Ingredients,
}

/// What a write of a list entry found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListWrite {
    /// Written: the entry's id.
    Done(i64),
    /// There is no such entry.
    NotFound,
    /// Another entry has this address (crops, pests) or English name (ingredients).
    Taken,
}

/// Writes the crops, pests and active ingredients; every write bumps the catalogue's version,
/// which the lists are loaded with.
#[cfg_attr(test, mockall::automock)]
pub trait FarmListEditor: Send + Sync {
    /// Adds a crop under `slug`.
    fn add_crop(&self, slug: &str, draft: &CropDraft) -> anyhow::Result<ListWrite>;
    /// Replaces a crop's names, synonyms and place; its address stays.
    fn update_crop(&self, id: i64, draft: &CropDraft) -> anyhow::Result<ListWrite>;
    /// Adds a pest under `slug`.
    fn add_pest(&self, slug: &str, draft: &PestDraft) -> anyhow::Result<ListWrite>;
    /// Replaces a pest's fields; its address stays.
    fn update_pest(&self, id: i64, draft: &PestDraft) -> anyhow::Result<ListWrite>;
    /// Adds an active ingredient.
    fn add_ingredient(&self, draft: &IngredientDraft) -> anyhow::Result<ListWrite>;
    /// Replaces an active ingredient's fields.
    fn update_ingredient(&self, id: i64, draft: &IngredientDraft) -> anyhow::Result<ListWrite>;
    /// Removes an entry; its picture's path (`Some(None)` without one), `None` when there is
    /// no such entry.
    fn remove_entry(&self, list: FarmList, id: i64) -> anyhow::Result<Option<Option<String>>>;
    /// Sets or clears a crop's or pest's picture; the path it replaces (`Some(None)` when it
    /// had none), `None` when there is no such entry (active ingredients have no picture).
    fn set_picture(&self, list: FarmList, id: i64, path: Option<String>) -> anyhow::Result<Option<Option<String>>>;
}
