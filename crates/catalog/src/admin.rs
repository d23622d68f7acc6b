//! Staff changes to the catalogue: products with their pictures.

use std::sync::Arc;

use kernel::FieldErrors;

use crate::ports::{CatalogueEditor, ImageRejected, ImageStore, ProductDraft};
use crate::service::{CatalogError, CatalogService};
use crate::slug::{slugify, unique_slug};

/// The largest picture accepted, before resizing.
pub const IMAGE_MAX_BYTES: usize = 5 * 1024 * 1024;
/// Pictures a product may have.
pub const IMAGES_MAX: usize = 8;

/// Staff's catalogue calls.
pub struct CatalogAdmin {
    editor: Arc<dyn CatalogueEditor>,
    images: Arc<dyn ImageStore>,
    catalog: Arc<CatalogService>,
}

impl CatalogAdmin {
    /// The service over its ports; writes refresh `catalog` on this node at once.
    pub fn new(editor: Arc<dyn CatalogueEditor>, images: Arc<dyn ImageStore>, catalog: Arc<CatalogService>) -> CatalogAdmin {
        CatalogAdmin { editor, images, catalog }
    }

    /// Checks the rules a draft must keep: both names, a price, a discount up to 100, pieces
    /// for a package, an existing category, and pictures of sane size and number.
    fn check(&self, draft: &ProductDraft, uploads: &[Vec<u8>]) -> Result<(), CatalogError> {
        let mut errors = FieldErrors::new();
        if draft.price.piastres() <= 0 {
            errors.add("price", "price_positive");
        }
        if draft.discount > 100 {
            errors.add("discount", "discount_range");
        }
        if draft.quantity < 0 {
            errors.add("quantity", "not_negative");
        }
        if draft.is_package && draft.pieces_per_package.is_none_or(|pieces| pieces < 1) {
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

    fn store_images(&self, uploads: &[Vec<u8>]) -> Result<Vec<String>, CatalogError> {
        uploads
            .iter()
            .map(|bytes| {
                self.images.store_product_image(bytes).map_err(|error| match error {
                    ImageRejected::NotAnImage => CatalogError::Invalid(FieldErrors::single("images", "image_invalid")),
                    ImageRejected::Unknown(cause) => CatalogError::Unknown(cause),
                })
            })
            .collect()
    }

    /// Adds a product with its pictures; returns its slug.
    pub fn create_product(&self, draft: ProductDraft, uploads: Vec<Vec<u8>>) -> Result<String, CatalogError> {
        self.check(&draft, &uploads)?;
        let images = self.store_images(&uploads)?;
        let base = slugify(&draft.name_en, &draft.name_ar);
        let mut taken_error = None;
        let slug = unique_slug(&base, |candidate| {
            self.editor.slug_taken(candidate).unwrap_or_else(|error| {
                taken_error = Some(error);
                false
            })
        });
        if let Some(error) = taken_error {
            return Err(CatalogError::Unknown(error));
        }
        self.editor.create_product(&slug, &draft, &images)?;
        self.catalog.invalidate();
        Ok(slug)
    }

    /// Replaces a product's fields and adds the new pictures.
    pub fn update_product(&self, id: i64, draft: ProductDraft, uploads: Vec<Vec<u8>>) -> Result<(), CatalogError> {
        self.check(&draft, &uploads)?;
        let images = self.store_images(&uploads)?;
        if !self.editor.update_product(id, &draft, &images)? {
            return Err(CatalogError::NotFound);
        }
        self.catalog.invalidate();
        Ok(())
    }

    /// Removes a product.
    pub fn delete_product(&self, id: i64) -> Result<(), CatalogError> {
        if !self.editor.delete_product(id)? {
            return Err(CatalogError::NotFound);
        }
        self.catalog.invalidate();
        Ok(())
    }
}
