//! Categories and products as the catalogue holds them.

use chrono::{DateTime, NaiveDate, Utc};
use kernel::{CategoryId, Localized, Money, Percent, ProductId, Weight};

use crate::agronomy::Agronomy;

/// A category of products (seeds, soil, fertilisers, pesticides, packages…).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    /// Database id.
    pub id: CategoryId,
    /// Readable address.
    pub slug: String,
    /// What staff filled in.
    pub draft: CategoryDraft,
    /// Image path, if any.
    pub image: Option<String>,
}

/// How a product's weight is typed and shown (the kernel's unit).
pub use kernel::WeightUnit;

/// A product on sale: what staff filled in (its draft) with what the shop gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    /// Database id.
    pub id: ProductId,
    /// Readable address.
    pub slug: String,
    /// What staff filled in.
    pub draft: ProductDraft,
    /// What it is to a farmer (kind, ingredients, registration, uses), kept and edited as one
    /// document apart from the draft.
    pub agronomy: Agronomy,
    /// Image paths, first one first.
    pub images: Vec<String>,
    /// Its label and safety data sheet, as uploaded.
    pub documents: ProductDocuments,
    /// When it was added.
    pub created_at: DateTime<Utc>,
}

/// A product's PDFs: paths under the media root.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProductDocuments {
    /// The label as registered (what is in the bottle, the doses, the warnings).
    pub label: Option<String>,
    /// The safety data sheet.
    pub sds: Option<String>,
}

/// Which of a product's PDFs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum ProductDocument {
    /// The label.
    Label,
    /// The safety data sheet.
    Sds,
}

impl Product {
    /// Whether any unit is left.
    pub fn in_stock(&self) -> bool {
        self.draft.quantity > 0
    }

    /// Whether it may be sold at `now`: a registration it has has not run out. The shop's day
    /// decides, so a product goes off sale at midnight in Cairo without any write.
    pub fn on_sale(&self, now: DateTime<Utc>) -> bool {
        // Most products have no registration: no day to reckon for them.
        self.agronomy
            .registration
            .as_ref()
            .and_then(|registration| registration.expires_on)
            .is_none_or(|_| !self.agronomy.registration_expired(kernel::shop_day(now)))
    }
}

/// A product as staff fill it in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductDraft {
    /// Name in Arabic and English.
    pub name: Localized<String>,
    /// Description in Arabic and English.
    pub description: Localized<String>,
    /// List price.
    pub price: Money,
    /// Own discount, percent.
    pub discount: Percent,
    /// Expiry date.
    pub expires_at: Option<NaiveDate>,
    /// Weight.
    pub weight: Weight,
    /// Shown unit.
    pub weight_unit: WeightUnit,
    /// Stock.
    pub quantity: i64,
    /// Featured.
    pub featured: bool,
    /// Package.
    pub is_package: bool,
    /// Pieces per package.
    pub pieces_per_package: Option<i32>,
    /// Category.
    pub category_id: Option<CategoryId>,
}

/// A category as staff fill it in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryDraft {
    /// Name in Arabic and English.
    pub name: Localized<String>,
    /// Position in lists.
    pub sort_order: i32,
    /// Whether its products can be returned once opened (not pesticides, not opened
    /// fertiliser).
    pub returnable: bool,
}
