//! The lists staff keep that products' agronomy names: crops, pests and diseases, active
//! ingredients. Small, read with the catalogue and held in memory with it.

use kernel::Localized;

/// A crop farmers grow (tomato, wheat, citrus…).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crop {
    /// Database id.
    pub id: i64,
    /// Readable address (`/crops/tomato`).
    pub slug: String,
    /// Name in Arabic and English.
    pub name: Localized<String>,
    /// Other Arabic names farmers use (قوطة for طماطم).
    pub synonyms_ar: Vec<String>,
    /// Picture path, if any.
    pub image: Option<String>,
}

/// A pest, disease or weed a product is used against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pest {
    /// Database id.
    pub id: i64,
    /// Readable address (`/pests/aphids`).
    pub slug: String,
    /// Name in Arabic and English.
    pub name: Localized<String>,
    /// Other Arabic names farmers use.
    pub synonyms_ar: Vec<String>,
    /// `insect`, `mite`, `disease`, `weed` or `nematode`.
    pub kind: String,
    /// What a farmer sees, in a sentence.
    pub symptoms: Localized<String>,
    /// Picture path, if any.
    pub image: Option<String>,
}

/// An active ingredient by its ISO common name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActiveIngredient {
    /// Database id.
    pub id: i64,
    /// Name in Arabic and English (the ISO common name).
    pub name: Localized<String>,
    /// Its IRAC, FRAC or HRAC group (`IRAC 6`), when known.
    pub resistance_group: String,
    /// Other Arabic spellings farmers type.
    pub synonyms_ar: Vec<String>,
}
