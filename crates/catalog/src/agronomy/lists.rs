//! The lists staff keep that products' agronomy names: crops, pests and diseases, active
//! ingredients. Small, read with the catalogue and held in memory with it.

use kernel::validation::limits;
use kernel::{FieldErrors, Localized};

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
    /// Its place in the crops list.
    pub sort_order: i32,
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

/// The kinds of pest the list holds.
pub const PEST_KINDS: [&str; 5] = ["insect", "mite", "disease", "weed", "nematode"];
/// The most Arabic synonyms an entry keeps.
pub const SYNONYMS_MAX: usize = 10;
/// The longest synonym kept.
const SYNONYM_MAX_CHARS: usize = 60;
/// The longest symptom text kept.
const SYMPTOMS_MAX_CHARS: usize = 500;
/// The longest resistance group kept (`IRAC 4A`, `FRAC M03`).
const GROUP_MAX_CHARS: usize = 40;

/// A crop as staff write it; its address is made from its English name once, when added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CropDraft {
    /// Name in Arabic and English.
    pub name: Localized<String>,
    /// Other Arabic names farmers use.
    pub synonyms_ar: Vec<String>,
    /// Its place in the crops list.
    pub sort_order: i32,
}

/// A pest, disease or weed as staff write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PestDraft {
    /// Name in Arabic and English.
    pub name: Localized<String>,
    /// Other Arabic names farmers use.
    pub synonyms_ar: Vec<String>,
    /// One of [`PEST_KINDS`].
    pub kind: String,
    /// What a farmer sees, in a sentence.
    pub symptoms: Localized<String>,
}

/// An active ingredient as staff write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IngredientDraft {
    /// ISO common name in English, and the Arabic name.
    pub name: Localized<String>,
    /// Its IRAC, FRAC or HRAC group, when known.
    pub resistance_group: String,
    /// Other Arabic spellings farmers type.
    pub synonyms_ar: Vec<String>,
}

/// Both names given and not too long, at most [`SYNONYMS_MAX`] synonyms of sensible length.
fn check_names(errors: &mut FieldErrors, name: &Localized<String>, synonyms_ar: &[String]) {
    for (field, value) in [("name_ar", &name.ar), ("name_en", &name.en)] {
        if value.trim().is_empty() {
            errors.add(field, "required");
        }
        errors.limit_length(field, value, limits::NAME);
    }
    if synonyms_ar.len() > SYNONYMS_MAX {
        errors.add("synonyms_ar", "too_many");
    }
    for synonym in synonyms_ar {
        errors.limit_length("synonyms_ar", synonym, SYNONYM_MAX_CHARS);
    }
}

impl CropDraft {
    /// The rules of a crop: both names, sensible synonyms.
    pub fn check(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        check_names(&mut errors, &self.name, &self.synonyms_ar);
        errors.into_result()
    }
}

impl PestDraft {
    /// The rules of a pest: both names, sensible synonyms, a known kind, short symptoms.
    pub fn check(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        check_names(&mut errors, &self.name, &self.synonyms_ar);
        if !PEST_KINDS.contains(&self.kind.as_str()) {
            errors.add("kind", "choice_invalid");
        }
        errors.limit_length("symptoms_ar", &self.symptoms.ar, SYMPTOMS_MAX_CHARS);
        errors.limit_length("symptoms_en", &self.symptoms.en, SYMPTOMS_MAX_CHARS);
        errors.into_result()
    }
}

impl IngredientDraft {
    /// The rules of an active ingredient: both names, sensible synonyms, a short group.
    pub fn check(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        check_names(&mut errors, &self.name, &self.synonyms_ar);
        errors.limit_length("resistance_group", &self.resistance_group, GROUP_MAX_CHARS);
        errors.into_result()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(ar: &str, en: &str) -> Localized<String> {
        Localized::new(ar.to_string(), en.to_string())
    }

    #[test]
    fn list_entries_need_both_names_a_known_kind_and_sensible_lengths() {
        let crop = CropDraft { name: names("طماطم", "Tomato"), synonyms_ar: vec!["قوطة".into()], sort_order: 1 };
        assert!(crop.check().is_ok());
        let nameless = CropDraft { name: names(" ", ""), synonyms_ar: vec!["x".repeat(61); 11], ..crop };
        let errors = nameless.check().unwrap_err();
        let fields: Vec<&str> = errors.iter().map(|(field, _)| field).collect();
        assert_eq!(fields, ["name_ar", "name_en", "synonyms_ar"]);

        let pest = PestDraft { name: names("المن", "Aphids"), synonyms_ar: vec![], kind: "insect".into(), symptoms: names("", "") };
        assert!(pest.check().is_ok());
        let unknown = PestDraft { kind: "dragon".into(), symptoms: names(&"ع".repeat(501), ""), ..pest };
        let errors = unknown.check().unwrap_err();
        assert!(errors.has("kind") && errors.has("symptoms_ar"));

        let ingredient = IngredientDraft { name: names("أبامكتين", "abamectin"), resistance_group: "IRAC 6".into(), synonyms_ar: vec![] };
        assert!(ingredient.check().is_ok());
        assert!(IngredientDraft { resistance_group: "x".repeat(41), ..ingredient }.check().unwrap_err().has("resistance_group"));
    }
}
