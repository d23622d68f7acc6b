//! Categories and products as the catalogue holds them.

use chrono::{DateTime, NaiveDate, Utc};
use kernel::{CategoryId, Localized, Money, Percent, ProductId, Weight};

/// A category of products (seeds, soil, fertilisers, pesticides, packages…).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    /// Database id.
    pub id: CategoryId,
    /// Readable address.
    pub slug: String,
    /// Name in Arabic and English.
    pub name: Localized<String>,
    /// Image path, if any.
    pub image: Option<String>,
    /// Position in lists.
    pub sort_order: i32,
}

/// How a product's weight is typed and shown (the kernel's unit).
pub use kernel::WeightUnit;

/// A product on sale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    /// Database id.
    pub id: ProductId,
    /// Readable address.
    pub slug: String,
    /// Name in Arabic and English.
    pub name: Localized<String>,
    /// Description in Arabic and English.
    pub description: Localized<String>,
    /// List price.
    pub price: Money,
    /// The product's own discount, percent.
    pub discount: Percent,
    /// Expiry date of the stock on sale.
    pub expires_at: Option<NaiveDate>,
    /// Shipping weight.
    pub weight: Weight,
    /// How the weight is shown.
    pub weight_unit: WeightUnit,
    /// Units in stock.
    pub quantity: i64,
    /// Shown among the featured products.
    pub featured: bool,
    /// Sold as a package of pieces.
    pub is_package: bool,
    /// Pieces in a package.
    pub pieces_per_package: Option<i32>,
    /// Its category.
    pub category_id: Option<CategoryId>,
    /// Image paths, first one first.
    pub images: Vec<String>,
    /// When it was added.
    pub created_at: DateTime<Utc>,
}

impl Product {
    /// Whether any unit is left.
    pub fn in_stock(&self) -> bool {
        self.quantity > 0
    }
}
