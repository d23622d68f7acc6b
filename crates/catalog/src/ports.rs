//! What the catalogue needs from storage.

use crate::offer::Offer;
use crate::product::{Category, Product};

/// The whole catalogue as stored, with its version.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredCatalogue {
    /// Bumped by every catalogue write.
    pub version: i64,
    /// Every category.
    pub categories: Vec<Category>,
    /// Every product.
    pub products: Vec<Product>,
    /// Every offer.
    pub offers: Vec<Offer>,
}

/// Reads the catalogue.
#[cfg_attr(test, mockall::automock)]
pub trait CatalogueStore: Send + Sync {
    /// The current version (one cheap read).
    fn version(&self) -> anyhow::Result<i64>;
    /// Everything, at one version.
    fn load(&self) -> anyhow::Result<StoredCatalogue>;
}
