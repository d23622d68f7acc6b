//! Staff changes to the catalogue: products, categories and offers with their pictures; a
//! picture no row uses any more is removed from the disk.

use std::sync::Arc;

use chrono::{Days, NaiveDate};
use kernel::validation::limits;
use kernel::{CategoryId, FieldErrors, Localized, Money, OfferId, ProductId, shop_day};

use crate::agronomy::Agronomy;
use crate::agronomy::lists::{CropDraft, IngredientDraft, PestDraft};
use crate::lots::{EXPIRING_WITHIN_DAYS, Lot, LotDraft, LotId, UnlottedUnits};
use crate::offer::OfferDraft;
use crate::offer::OfferTarget;
use crate::ports::{CatalogueEditor, FarmList, FarmListEditor, ListWrite, LotWrite, MediaStore, Shelf, UploadRejected};
use crate::product::{CategoryDraft, ProductDocument, ProductDraft};
use crate::search::{GROUP_MAX_MEMBERS, GROUPS_MAX, MEMBER_MAX_WORDS, SynonymGroup, normalize, query_terms};
use crate::service::{CatalogError, CatalogService};
use crate::slug::{slugify, unique_slug};

/// The largest picture accepted, before resizing.
pub const IMAGE_MAX_BYTES: usize = 5 * 1024 * 1024;
/// The largest PDF accepted (a label or a safety data sheet of a few pages).
pub const PDF_MAX_BYTES: usize = 5 * 1024 * 1024;
/// Pictures a product may have.
pub const IMAGES_MAX: usize = 8;

/// How many slugs a new product or category tries when others of the same name are saved at
/// the same moment. The n-th of n saves racing for one name may need n tries (each loses the
/// next free slug to another), so this bounds the burst it absorbs, not a probability; each
/// try costs one read and one insert. Five tries failed the sixth of six saves at once.
const SLUG_TRIES: usize = 20;
/// The most units of a product the shop keeps or sells at once.
pub const QUANTITY_MAX: i64 = 1_000_000;
/// The heaviest product, in grams (ten tonnes).
pub const WEIGHT_MAX_GRAMS: i64 = 10_000_000;
/// The most products one offer may name (a category offer covers more).
pub const OFFER_PRODUCTS_MAX: usize = 500;
/// The most pieces a package may hold.
pub const PIECES_MAX: i32 = 100_000;

/// Staff's catalogue calls.
pub struct CatalogAdmin {
    editor: Arc<dyn CatalogueEditor>,
    media: Arc<dyn MediaStore>,
    shelf: Arc<dyn Shelf>,
    lists: Arc<dyn FarmListEditor>,
    catalog: Arc<CatalogService>,
}

impl CatalogAdmin {
    /// The service over its ports; writes refresh `catalog` on this node at once.
    pub fn new(
        editor: Arc<dyn CatalogueEditor>,
        media: Arc<dyn MediaStore>,
        shelf: Arc<dyn Shelf>,
        lists: Arc<dyn FarmListEditor>,
        catalog: Arc<CatalogService>,
    ) -> CatalogAdmin {
        CatalogAdmin { editor, media, shelf, lists, catalog }
    }

    /// Checks the rules a draft must keep: both names, texts of sane length, a price up to
    /// [`Money::PRICE_MAX`], a discount up to 100, a quantity up to [`QUANTITY_MAX`], pieces
    /// for a package, an existing category, and pictures of sane size and number.
    fn check(&self, draft: &ProductDraft, uploads: &[Vec<u8>]) -> Result<(), CatalogError> {
        let mut errors = FieldErrors::new();
        errors.limit_length("name_ar", &draft.name.ar, limits::NAME);
        errors.limit_length("name_en", &draft.name.en, limits::NAME);
        errors.limit_length("description_ar", &draft.description.ar, limits::DESCRIPTION);
        errors.limit_length("description_en", &draft.description.en, limits::DESCRIPTION);
        if draft.price.piastres() <= 0 {
            errors.add("price", "price_positive");
        } else if draft.price > Money::PRICE_MAX {
            errors.add("price", "price_too_high");
        }
        if draft.quantity < 0 {
            errors.add("quantity", "not_negative");
        } else if draft.quantity > QUANTITY_MAX {
            errors.add("quantity", "quantity_too_high");
        }
        if draft.weight.grams() > WEIGHT_MAX_GRAMS {
            errors.add("weight", "weight_invalid");
        }
        if draft.is_package && draft.pieces_per_package.is_none_or(|pieces| !(1..=PIECES_MAX).contains(&pieces)) {
            errors.add("pieces_per_package", "required");
        }
        if let Some(category) = draft.category_id
            && !self.editor.category_exists(category)?
        {
            errors.add("category_id", "category_unknown");
        }
        if uploads.len() > IMAGES_MAX {
            errors.add("images", "images_too_many");
        }
        if uploads.iter().any(|bytes| bytes.len() > IMAGE_MAX_BYTES) {
            errors.add("images", "image_too_large");
        }
        errors.into_result().map_err(CatalogError::Invalid)
    }

    /// Saves the uploaded pictures and runs `write` with their paths (see [`Self::write_saved`]).
    fn write_with_images(&self, uploads: &[Vec<u8>], write: impl FnOnce(&[String]) -> anyhow::Result<Option<Vec<String>>>) -> Result<(), CatalogError> {
        let saved = self.save_pictures("images", uploads)?;
        self.write_saved(&saved, write)
    }

    /// Saves the uploaded pictures, or none of them: a picture refused is named under `field`.
    fn save_pictures(&self, field: &str, uploads: &[Vec<u8>]) -> Result<Vec<String>, CatalogError> {
        let mut saved = Vec::with_capacity(uploads.len());
        for bytes in uploads {
            match self.media.store_product_image(bytes) {
                Ok(path) => saved.push(path),
                Err(error) => {
                    self.discard(&saved);
                    return Err(match error {
                        UploadRejected::NotAnImage | UploadRejected::NotAPdf => CatalogError::Invalid(FieldErrors::single(field, "image_invalid")),
                        UploadRejected::Unknown(cause) => CatalogError::Unknown(cause),
                    });
                }
            }
        }
        Ok(saved)
    }

    /// Runs `write` with the paths of files just saved, and removes them again when anything
    /// fails, so a refused or failed change leaves no files behind. `write` answers the files
    /// its change no longer uses (`None`: the row was not there), which are removed once the
    /// change is stored.
    fn write_saved(&self, saved: &[String], write: impl FnOnce(&[String]) -> anyhow::Result<Option<Vec<String>>>) -> Result<(), CatalogError> {
        match write(saved) {
            Ok(Some(unused)) => {
                self.discard(&unused);
                self.catalog.invalidate();
                Ok(())
            }
            Ok(None) => {
                self.discard(saved);
                Err(CatalogError::NotFound)
            }
            Err(error) => {
                self.discard(saved);
                Err(CatalogError::Unknown(error))
            }
        }
    }

    /// Attaches a PDF as a product's label or safety data sheet
    /// (`PUT dashboard/products/{id}/documents/{document}`), replacing the one it had: at most
    /// [`PDF_MAX_BYTES`], and a whole PDF (`file`: `pdf_too_large`, `pdf_invalid`).
    pub fn attach_document(&self, id: ProductId, document: ProductDocument, bytes: &[u8]) -> Result<(), CatalogError> {
        if bytes.len() > PDF_MAX_BYTES {
            return Err(CatalogError::Invalid(FieldErrors::single("file", "pdf_too_large")));
        }
        let path = self.media.store_pdf(bytes).map_err(|error| match error {
            UploadRejected::Unknown(cause) => CatalogError::Unknown(cause),
            UploadRejected::NotAPdf | UploadRejected::NotAnImage => CatalogError::Invalid(FieldErrors::single("file", "pdf_invalid")),
        })?;
        self.write_saved(&[path], |saved| Ok(self.editor.set_document(id, document, saved.first().cloned())?.map(|replaced| replaced.into_iter().collect())))
    }

    /// Removes a product's label or safety data sheet.
    pub fn remove_document(&self, id: ProductId, document: ProductDocument) -> Result<(), CatalogError> {
        self.write_saved(&[], |_| Ok(self.editor.set_document(id, document, None)?.map(|removed| removed.into_iter().collect())))
    }

    fn discard(&self, paths: &[String]) {
        for path in paths {
            self.media.remove_file(path);
        }
    }

    /// A unique slug for a new product or category.
    /// A free slug from the name (another one is tried, up to [`SLUG_TRIES`] in all, when a
    /// product or category of the same name saved at the same moment takes it first); `fallback` (`product`, `category`) when the name has no letter
    /// nor digit (only emoji or symbols), so every product has an address.
    fn new_slug(&self, name: &Localized<String>, fallback: &str, taken: impl Fn(&str) -> anyhow::Result<bool>) -> Result<String, CatalogError> {
        let base = Some(slugify(&name.en, &name.ar)).filter(|slug| !slug.is_empty()).unwrap_or_else(|| fallback.to_string());
        let mut failure = None;
        let slug = unique_slug(&base, |candidate| {
            taken(candidate).unwrap_or_else(|error| {
                failure = Some(error);
                false
            })
        });
        match failure {
            Some(error) => Err(CatalogError::Unknown(error)),
            None => Ok(slug),
        }
    }

    fn check_category(draft: &CategoryDraft, upload: Option<&Vec<u8>>) -> Result<(), CatalogError> {
        let mut errors = FieldErrors::new();
        if draft.name.ar.trim().is_empty() {
            errors.add("name_ar", "required");
        }
        if draft.name.en.trim().is_empty() {
            errors.add("name_en", "required");
        }
        errors.limit_length("name_ar", &draft.name.ar, limits::NAME);
        errors.limit_length("name_en", &draft.name.en, limits::NAME);
        if upload.is_some_and(|bytes| bytes.len() > IMAGE_MAX_BYTES) {
            errors.add("image", "image_too_large");
        }
        errors.into_result().map_err(CatalogError::Invalid)
    }

    /// Adds a category with an optional picture; returns its slug.
    pub fn create_category(&self, draft: CategoryDraft, upload: Option<Vec<u8>>) -> Result<String, CatalogError> {
        Self::check_category(&draft, upload.as_ref())?;
        let mut slug = String::new();
        self.write_with_images(upload.as_slice(), |saved| {
            for _ in 0..SLUG_TRIES {
                slug = self.new_slug(&draft.name, "category", |candidate| self.editor.category_slug_taken(candidate)).map_err(anyhow::Error::new)?;
                if self.editor.create_category(&slug, &draft, saved.first().cloned())?.is_some() {
                    return Ok(Some(Vec::new()));
                }
            }
            anyhow::bail!("no free slug for the category after {SLUG_TRIES} tries")
        })?;
        Ok(slug)
    }

    /// Changes a category's names and order, and its picture when one is sent.
    pub fn update_category(&self, id: CategoryId, draft: CategoryDraft, upload: Option<Vec<u8>>) -> Result<(), CatalogError> {
        Self::check_category(&draft, upload.as_ref())?;
        self.write_with_images(upload.as_slice(), |saved| self.editor.update_category(id, &draft, saved.first().cloned()))
    }

    /// Removes a category; its products stay, without a category.
    pub fn delete_category(&self, id: CategoryId) -> Result<(), CatalogError> {
        self.write_with_images(&[], |_| self.editor.delete_category(id))
    }

    /// Checks an offer: both titles, 1 to 90 percent, an end after the start, and existing
    /// products or category.
    fn check_offer(&self, draft: &OfferDraft, banner: Option<&Vec<u8>>) -> Result<(), CatalogError> {
        let mut errors = FieldErrors::new();
        if draft.title.ar.trim().is_empty() {
            errors.add("title_ar", "required");
        }
        if draft.title.en.trim().is_empty() {
            errors.add("title_en", "required");
        }
        errors.limit_length("title_ar", &draft.title.ar, limits::NAME);
        errors.limit_length("title_en", &draft.title.en, limits::NAME);
        if !(1..=90).contains(&draft.percentage.value()) {
            errors.add("percentage", "percentage_range");
        }
        if draft.ends_at <= draft.starts_at {
            errors.add("ends_at", "ends_before_start");
        }
        match &draft.target {
            OfferTarget::Category(id) if !self.editor.category_exists(*id)? => errors.add("category_id", "category_unknown"),
            OfferTarget::Products(ids) if ids.is_empty() => errors.add("product_ids", "required"),
            OfferTarget::Products(ids) if ids.len() > OFFER_PRODUCTS_MAX => errors.add("product_ids", "too_many"),
            OfferTarget::Products(ids) if !self.editor.products_exist(ids)? => errors.add("product_ids", "products_unknown"),
            _ => {}
        }
        if banner.is_some_and(|bytes| bytes.len() > IMAGE_MAX_BYTES) {
            errors.add("banner_image", "image_too_large");
        }
        errors.into_result().map_err(CatalogError::Invalid)
    }

    /// Adds a switched-on offer with an optional banner; returns its id.
    pub fn create_offer(&self, draft: OfferDraft, banner: Option<Vec<u8>>) -> Result<OfferId, CatalogError> {
        self.check_offer(&draft, banner.as_ref())?;
        let mut id = OfferId(0);
        self.write_with_images(banner.as_slice(), |saved| {
            id = self.editor.create_offer(&draft, saved.first().cloned())?;
            Ok(Some(Vec::new()))
        })?;
        Ok(id)
    }

    /// Changes an offer, and its banner when one is sent.
    pub fn update_offer(&self, id: OfferId, draft: OfferDraft, banner: Option<Vec<u8>>) -> Result<(), CatalogError> {
        self.check_offer(&draft, banner.as_ref())?;
        self.write_with_images(banner.as_slice(), |saved| self.editor.update_offer(id, &draft, saved.first().cloned()))
    }

    /// Switches an offer on or off.
    pub fn set_offer_active(&self, id: OfferId, active: bool) -> Result<(), CatalogError> {
        if !self.editor.set_offer_active(id, active)? {
            return Err(CatalogError::NotFound);
        }
        self.catalog.invalidate();
        Ok(())
    }

    /// Removes an offer.
    pub fn delete_offer(&self, id: OfferId) -> Result<(), CatalogError> {
        self.write_with_images(&[], |_| self.editor.delete_offer(id))
    }

    /// Every synonym group, oldest first.
    pub fn synonym_groups(&self) -> Result<Vec<SynonymGroup>, CatalogError> {
        Ok(self.editor.synonym_groups()?)
    }

    /// Adds a synonym group; it answers searches on every node within the freshness window.
    pub fn create_synonym_group(&self, members: &[String]) -> Result<SynonymGroup, CatalogError> {
        let members = synonym_members(members)?;
        if self.editor.synonym_groups()?.len() >= GROUPS_MAX {
            return Err(CatalogError::Invalid(FieldErrors::single("members", "synonym_groups_full")));
        }
        let id = self.editor.create_synonym_group(&members)?;
        self.catalog.invalidate();
        Ok(SynonymGroup { id, members })
    }

    /// Replaces a synonym group's members.
    pub fn update_synonym_group(&self, id: i64, members: &[String]) -> Result<SynonymGroup, CatalogError> {
        let members = synonym_members(members)?;
        if !self.editor.update_synonym_group(id, &members)? {
            return Err(CatalogError::NotFound);
        }
        self.catalog.invalidate();
        Ok(SynonymGroup { id, members })
    }

    /// Removes a synonym group.
    pub fn delete_synonym_group(&self, id: i64) -> Result<(), CatalogError> {
        if !self.editor.delete_synonym_group(id)? {
            return Err(CatalogError::NotFound);
        }
        self.catalog.invalidate();
        Ok(())
    }

    /// Adds a product with its pictures; returns its slug.
    pub fn create_product(&self, draft: ProductDraft, uploads: Vec<Vec<u8>>) -> Result<String, CatalogError> {
        self.check(&draft, &uploads)?;
        let mut slug = String::new();
        self.write_with_images(&uploads, |saved| {
            for _ in 0..SLUG_TRIES {
                slug = self.new_slug(&draft.name, "product", |candidate| self.editor.slug_taken(candidate)).map_err(anyhow::Error::new)?;
                if self.editor.create_product(&slug, &draft, saved)?.is_some() {
                    return Ok(Some(Vec::new()));
                }
            }
            anyhow::bail!("no free slug for the product after {SLUG_TRIES} tries")
        })?;
        Ok(slug)
    }

    /// Replaces a product's fields and adds the new pictures.
    pub fn update_product(&self, id: ProductId, draft: ProductDraft, uploads: Vec<Vec<u8>>) -> Result<(), CatalogError> {
        self.check(&draft, &uploads)?;
        self.write_with_images(&uploads, |saved| Ok(self.editor.update_product(id, &draft, saved)?.then(Vec::new)))
    }

    /// Replaces a product's agronomy (`PUT dashboard/products/{id}/agronomy`): its fields
    /// checked, and a pesticide only with what it needs to be sold — a registration that has
    /// not run out, an active ingredient at its concentration, a WHO class and a use with its
    /// pre-harvest interval — each missing field named.
    pub fn set_agronomy(&self, id: ProductId, agronomy: Agronomy, today: NaiveDate) -> Result<(), CatalogError> {
        let mut errors = FieldErrors::new();
        agronomy.check(&mut errors);
        errors.merge(agronomy.missing_for_sale());
        if agronomy.registration_expired(today) {
            errors.add("agronomy.registration_expires_on", "registration_expired");
        }
        errors.into_result().map_err(CatalogError::Invalid)?;
        if !self.editor.set_agronomy(id, &agronomy)? {
            return Err(CatalogError::NotFound);
        }
        // This node's next order judges the product by its new safety data (a WHO class that
        // now needs an acknowledgement), not by its copy of a second ago.
        self.catalog.invalidate();
        Ok(())
    }

    /// A product's lots, soonest to expire first (`GET dashboard/products/{id}/lots`).
    pub fn lots(&self, product: ProductId) -> Result<Vec<Lot>, CatalogError> {
        self.shelf.lots(product)?.ok_or(CatalogError::NotFound)
    }

    /// Records a lot received (`POST dashboard/products/{id}/lots`); the product's stock becomes
    /// the units of its lots in date. The first lot of a product holding units in no lot needs a
    /// word of what becomes of them (`unlotted`): kept as an opening lot, or written off.
    pub fn add_lot(&self, product: ProductId, draft: LotDraft, unlotted: Option<UnlottedUnits>) -> Result<LotId, CatalogError> {
        let today = self.today();
        let mut errors = FieldErrors::new();
        if let Err(broken) = draft.check(today) {
            errors.merge(broken);
        }
        if let Some(Err(broken)) = unlotted.as_ref().map(|unlotted| unlotted.check(today)) {
            errors.merge(broken);
        }
        errors.into_result().map_err(CatalogError::Invalid)?;
        self.lot_written(self.shelf.add_lot(product, &draft, unlotted, today)?)
    }

    /// Corrects a lot (`PUT dashboard/products/{id}/lots/{lot}`).
    pub fn update_lot(&self, product: ProductId, lot: LotId, draft: LotDraft) -> Result<(), CatalogError> {
        let today = self.today();
        draft.check(today).map_err(CatalogError::Invalid)?;
        self.lot_written(self.shelf.update_lot(product, lot, &draft, today)?).map(|_| ())
    }

    /// Takes a lot off the shelf (`DELETE dashboard/products/{id}/lots/{lot}`).
    pub fn remove_lot(&self, product: ProductId, lot: LotId) -> Result<(), CatalogError> {
        self.lot_written(self.shelf.remove_lot(product, lot, self.today())?).map(|_| ())
    }

    /// The lots staff must look at (`GET dashboard/lots`): expired ones still holding units, to
    /// take off the shelf, and those within [`EXPIRING_WITHIN_DAYS`] of expiry, soonest first.
    pub fn lots_to_watch(&self) -> Result<Vec<Lot>, CatalogError> {
        let horizon = self.today().checked_add_days(Days::new(EXPIRING_WITHIN_DAYS)).unwrap_or(NaiveDate::MAX);
        Ok(self.shelf.lots_expiring_by(horizon, WATCH_LIST_MAX)?)
    }

    /// Every lot holding units, soonest to expire first (`GET dashboard/lots?all=1`, at most
    /// [`WATCH_LIST_MAX`]): the shelf as it is, for receiving and counting stock.
    pub fn lots_on_shelf(&self) -> Result<Vec<Lot>, CatalogError> {
        let end_of_calendar = NaiveDate::from_ymd_opt(9999, 12, 31).unwrap_or(NaiveDate::MAX);
        Ok(self.shelf.lots_expiring_by(end_of_calendar, WATCH_LIST_MAX)?)
    }

    /// Adds a crop (`POST dashboard/crops`); its address is made from its English name.
    pub fn add_crop(&self, draft: CropDraft) -> Result<i64, CatalogError> {
        draft.check().map_err(CatalogError::Invalid)?;
        let slug = self.new_slug(&draft.name, "crop", |candidate| Ok(self.catalog.catalogue()?.crop(candidate).is_some()))?;
        self.list_written(self.lists.add_crop(&slug, &draft)?, "name_en")
    }

    /// Changes a crop (`PUT dashboard/crops/{id}`); its address stays, so links keep working.
    pub fn update_crop(&self, id: i64, draft: CropDraft) -> Result<(), CatalogError> {
        draft.check().map_err(CatalogError::Invalid)?;
        self.list_written(self.lists.update_crop(id, &draft)?, "name_en").map(|_| ())
    }

    /// Adds a pest, disease or weed (`POST dashboard/pests`).
    pub fn add_pest(&self, draft: PestDraft) -> Result<i64, CatalogError> {
        draft.check().map_err(CatalogError::Invalid)?;
        let slug = self.new_slug(&draft.name, "pest", |candidate| Ok(self.catalog.catalogue()?.pest(candidate).is_some()))?;
        self.list_written(self.lists.add_pest(&slug, &draft)?, "name_en")
    }

    /// Changes a pest (`PUT dashboard/pests/{id}`); its address stays.
    pub fn update_pest(&self, id: i64, draft: PestDraft) -> Result<(), CatalogError> {
        draft.check().map_err(CatalogError::Invalid)?;
        self.list_written(self.lists.update_pest(id, &draft)?, "name_en").map(|_| ())
    }

    /// Adds an active ingredient (`POST dashboard/active-ingredients`); its English name is
    /// its own.
    pub fn add_ingredient(&self, draft: IngredientDraft) -> Result<i64, CatalogError> {
        draft.check().map_err(CatalogError::Invalid)?;
        self.list_written(self.lists.add_ingredient(&draft)?, "name_en")
    }

    /// Changes an active ingredient (`PUT dashboard/active-ingredients/{id}`).
    pub fn update_ingredient(&self, id: i64, draft: IngredientDraft) -> Result<(), CatalogError> {
        draft.check().map_err(CatalogError::Invalid)?;
        self.list_written(self.lists.update_ingredient(id, &draft)?, "name_en").map(|_| ())
    }

    /// Removes a crop, pest or ingredient (`DELETE dashboard/{list}/{id}`), refused while a
    /// product's agronomy names it: the product would lose a use or an ingredient silently.
    pub fn remove_list_entry(&self, list: FarmList, id: i64) -> Result<(), CatalogError> {
        if self.catalog.catalogue()?.names_in_agronomy(list, id) {
            return Err(CatalogError::Invalid(FieldErrors::single("id", "in_use")));
        }
        self.write_saved(&[], |_| Ok(self.lists.remove_entry(list, id)?.map(|picture| picture.into_iter().collect())))
    }

    /// Gives a crop or a pest its picture (`PUT dashboard/{crops,pests}/{id}/picture`),
    /// replacing the one it had; an active ingredient has none (not found).
    pub fn set_list_picture(&self, list: FarmList, id: i64, upload: Vec<u8>) -> Result<(), CatalogError> {
        if list == FarmList::Ingredients {
            return Err(CatalogError::NotFound);
        }
        if upload.len() > IMAGE_MAX_BYTES {
            return Err(CatalogError::Invalid(FieldErrors::single("image", "image_too_large")));
        }
        let saved = self.save_pictures("image", &[upload])?;
        self.write_saved(&saved, |saved| Ok(self.lists.set_picture(list, id, saved.first().cloned())?.map(|replaced| replaced.into_iter().collect())))
    }

    /// Takes a crop's or pest's picture away.
    pub fn remove_list_picture(&self, list: FarmList, id: i64) -> Result<(), CatalogError> {
        self.write_saved(&[], |_| Ok(self.lists.set_picture(list, id, None)?.map(|removed| removed.into_iter().collect())))
    }

    /// A lot write's outcome as the caller hears it; the catalogue reloads with the stock.
    fn lot_written(&self, written: LotWrite) -> Result<LotId, CatalogError> {
        match written {
            LotWrite::Done(lot) => {
                self.catalog.invalidate();
                Ok(lot)
            }
            LotWrite::NoProduct | LotWrite::NoLot => Err(CatalogError::NotFound),
            LotWrite::BatchTaken => Err(CatalogError::Invalid(FieldErrors::single("batch", "batch_taken"))),
            LotWrite::UnlottedUndecided(_) => Err(CatalogError::Invalid(FieldErrors::single("existing_units", "unlotted_stock_choice"))),
        }
    }

    /// A list write's outcome as the caller hears it; the catalogue reloads with the lists.
    fn list_written(&self, written: ListWrite, name_field: &str) -> Result<i64, CatalogError> {
        match written {
            ListWrite::Done(id) => {
                self.catalog.invalidate();
                Ok(id)
            }
            ListWrite::NotFound => Err(CatalogError::NotFound),
            ListWrite::Taken => Err(CatalogError::Invalid(FieldErrors::single(name_field, "name_taken"))),
        }
    }

    /// Takes the units of lots that expired out of their products' stock (a background job,
    /// after midnight in Cairo): orders never took them, and now the shop stops showing them.
    /// How many products' stock fell.
    pub fn write_off_expired(&self) -> Result<usize, CatalogError> {
        let written_off = self.shelf.write_off_expired(self.today())?.len();
        if written_off > 0 {
            self.catalog.invalidate();
        }
        Ok(written_off)
    }

    /// Tells staff in the bell, once each, of the products whose registration ran out: they
    /// went off sale at midnight (a background job). How many were told.
    pub fn tell_lapsed_registrations(&self) -> Result<usize, CatalogError> {
        let lapses = self.catalog.catalogue()?.lapsed_registrations(self.today());
        if lapses.is_empty() {
            return Ok(0);
        }
        Ok(self.shelf.tell_lapses(&lapses, self.catalog.now())?)
    }

    /// The shop's day now.
    pub fn today(&self) -> NaiveDate {
        shop_day(self.catalog.now())
    }

    /// Removes a product.
    pub fn delete_product(&self, id: ProductId) -> Result<(), CatalogError> {
        self.write_with_images(&[], |_| self.editor.delete_product(id))
    }
}
/// The most lots the watch list shows.
const WATCH_LIST_MAX: i64 = 500;

/// A lot write's outcome as the caller hears it.
/// A synonym group's members as kept: trimmed and single-spaced, the same member once; two to
/// [`GROUP_MAX_MEMBERS`] of them, each of one to [`MEMBER_MAX_WORDS`] words.
fn synonym_members(members: &[String]) -> Result<Vec<String>, CatalogError> {
    if members.len() > GROUP_MAX_MEMBERS {
        return Err(CatalogError::Invalid(FieldErrors::single("members", "too_many")));
    }
    let mut errors = FieldErrors::new();
    let mut kept: Vec<String> = Vec::new();
    for member in members {
        errors.limit_length("members", member, limits::NAME);
        let words = query_terms(member).len();
        if words > MEMBER_MAX_WORDS {
            errors.add("members", "synonym_words");
        }
        let member = member.split_whitespace().collect::<Vec<_>>().join(" ");
        if words > 0 && !kept.iter().any(|other| normalize(other) == normalize(&member)) {
            kept.push(member);
        }
    }
    if kept.len() < 2 {
        errors.add("members", "synonyms_too_few");
    }
    errors.into_result().map_err(CatalogError::Invalid)?;
    Ok(kept)
}
