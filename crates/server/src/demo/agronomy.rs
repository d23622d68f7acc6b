//! The demo's agronomy: what is in its pesticides, fertilisers and seeds and how much goes on
//! which crop, after public product labels of the same kind. Registration numbers are marked
//! as samples: they are not real certificates.

use catalog::agronomy::{
    Agronomy, ConcentrationUnit, CropUse, Formulation, Ingredient, Nutrients, Pack, PackUnit, Pictogram, ProductKind, Quantity, RateUnit, Registration,
    SeedFacts, SignalWord, WhoClass,
};
use chrono::NaiveDate;

/// Finds the seeded lists' ids by slug (crops, pests) or English name (ingredients).
pub trait Lists {
    /// The crop with this slug.
    fn crop(&self, slug: &str) -> Option<i64>;
    /// The pest with this slug.
    fn pest(&self, slug: &str) -> Option<i64>;
    /// The active ingredient with this English name.
    fn ingredient(&self, name_en: &str) -> Option<i64>;
}

/// A use as a label writes it: crop, pest, rate range, water, PHI.
struct Label<'a> {
    crop: &'a str,
    pest: Option<&'a str>,
    rate: (&'a str, &'a str, RateUnit),
    water: Option<u32>,
    phi: Option<u32>,
}

fn quantity(text: &str) -> Quantity {
    Quantity::parse(text).unwrap_or_default()
}

fn uses(lists: &dyn Lists, labels: &[Label<'_>]) -> Vec<CropUse> {
    labels
        .iter()
        .filter_map(|label| {
            Some(CropUse {
                crop_id: lists.crop(label.crop)?,
                pest_id: label.pest.and_then(|pest| lists.pest(pest)),
                purpose_ar: String::new(),
                purpose_en: String::new(),
                rate_from: quantity(label.rate.0),
                rate_to: quantity(label.rate.1),
                rate_unit: label.rate.2,
                water_per_feddan: label.water,
                phi_days: label.phi,
                reentry_hours: label.phi.map(|_| 24),
                max_applications: None,
                interval_days: None,
            })
        })
        .collect()
}

fn ingredient(lists: &dyn Lists, name_en: &str, concentration: &str, unit: ConcentrationUnit) -> Vec<Ingredient> {
    lists.ingredient(name_en).map(|ingredient_id| Ingredient { ingredient_id, concentration: quantity(concentration), unit }).into_iter().collect()
}

fn registration(number: &str) -> Option<Registration> {
    Some(Registration { number: number.into(), expires_on: NaiveDate::from_ymd_opt(2028, 6, 30) })
}

/// The agronomy of the demo product with this English name, if it has any.
pub fn of(name_en: &str, lists: &dyn Lists) -> Option<Agronomy> {
    let pack = |size: &str, unit| Some(Pack { size: quantity(size), unit });
    let per_100l = |from, to| (from, to, RateUnit::GPer100l);
    Some(match name_en {
        "Copper fungicide" => Agronomy {
            kind: ProductKind::Pesticide,
            formulation: Some(Formulation::WP),
            pack: pack("1", PackUnit::Kg),
            ingredients: ingredient(lists, "copper hydroxide", "77", ConcentrationUnit::Percent),
            registration: registration("SAMPLE-APC-2417"),
            who_class: Some(WhoClass::II),
            pictograms: vec![Pictogram::GHS07, Pictogram::GHS09],
            signal_word: Some(SignalWord::Warning),
            uses: uses(
                lists,
                &[
                    Label { crop: "tomato", pest: Some("late-blight"), rate: per_100l("200", "250"), water: Some(400), phi: Some(3) },
                    Label { crop: "potato", pest: Some("late-blight"), rate: per_100l("200", "250"), water: Some(400), phi: Some(7) },
                    Label { crop: "grapes", pest: Some("downy-mildew"), rate: per_100l("150", "200"), water: Some(400), phi: Some(7) },
                ],
            ),
            ..Agronomy::default()
        },
        "Micronised sulphur" => Agronomy {
            kind: ProductKind::Pesticide,
            formulation: Some(Formulation::WG),
            pack: pack("1", PackUnit::Kg),
            ingredients: ingredient(lists, "sulphur", "80", ConcentrationUnit::Percent),
            registration: registration("SAMPLE-APC-1893"),
            who_class: Some(WhoClass::U),
            pictograms: vec![Pictogram::GHS07],
            signal_word: Some(SignalWord::Warning),
            uses: uses(
                lists,
                &[
                    Label { crop: "grapes", pest: Some("powdery-mildew"), rate: per_100l("200", "250"), water: Some(400), phi: Some(1) },
                    Label { crop: "cucumber", pest: Some("powdery-mildew"), rate: per_100l("200", "250"), water: Some(300), phi: Some(1) },
                    Label { crop: "citrus", pest: Some("spider-mites"), rate: per_100l("400", "500"), water: Some(600), phi: Some(1) },
                ],
            ),
            ..Agronomy::default()
        },
        // The acaricide Egyptian shops sell most; its label's "danger" and toxic skull make it
        // one the buyer acknowledges before ordering (restricted), as the shop can try.
        "Abamectin 1.8% EC" => Agronomy {
            kind: ProductKind::Pesticide,
            formulation: Some(Formulation::EC),
            pack: pack("250", PackUnit::Ml),
            ingredients: ingredient(lists, "abamectin", "18", ConcentrationUnit::GramsPerLitre),
            registration: registration("SAMPLE-APC-1187"),
            who_class: Some(WhoClass::II),
            pictograms: vec![Pictogram::GHS06, Pictogram::GHS08, Pictogram::GHS09],
            signal_word: Some(SignalWord::Danger),
            restricted: true,
            uses: uses(
                lists,
                &[
                    Label { crop: "tomato", pest: Some("spider-mites"), rate: ("40", "50", RateUnit::MlPer100l), water: Some(400), phi: Some(3) },
                    Label { crop: "tomato", pest: Some("tuta-absoluta"), rate: ("40", "50", RateUnit::MlPer100l), water: Some(400), phi: Some(3) },
                    Label { crop: "strawberry", pest: Some("spider-mites"), rate: ("40", "50", RateUnit::MlPer100l), water: Some(400), phi: Some(3) },
                    Label { crop: "citrus", pest: Some("spider-mites"), rate: ("25", "50", RateUnit::MlPer100l), water: Some(600), phi: Some(7) },
                ],
            ),
            ..Agronomy::default()
        },
        "Bacillus bio-insecticide" => Agronomy {
            kind: ProductKind::Pesticide,
            formulation: Some(Formulation::WP),
            pack: pack("500", PackUnit::G),
            ingredients: ingredient(lists, "Bacillus thuringiensis", "6.4", ConcentrationUnit::Percent),
            registration: registration("SAMPLE-APC-3055"),
            who_class: Some(WhoClass::U),
            uses: uses(
                lists,
                &[
                    Label { crop: "cotton", pest: Some("cotton-leafworm"), rate: ("200", "300", RateUnit::GPerFeddan), water: Some(200), phi: Some(0) },
                    Label { crop: "tomato", pest: Some("tuta-absoluta"), rate: ("200", "300", RateUnit::GPerFeddan), water: Some(400), phi: Some(0) },
                    Label { crop: "maize", pest: Some("fall-armyworm"), rate: ("300", "400", RateUnit::GPerFeddan), water: Some(200), phi: Some(0) },
                ],
            ),
            ..Agronomy::default()
        },
        "Urea 46%" => Agronomy {
            kind: ProductKind::Fertiliser,
            pack: pack("50", PackUnit::Kg),
            nutrients: Some(Nutrients { nitrogen: quantity("46"), ..Nutrients::default() }),
            uses: uses(
                lists,
                &[
                    Label { crop: "wheat", pest: None, rate: ("100", "150", RateUnit::KgPerFeddan), water: None, phi: None },
                    Label { crop: "maize", pest: None, rate: ("150", "200", RateUnit::KgPerFeddan), water: None, phi: None },
                ],
            ),
            ..Agronomy::default()
        },
        "Poultry manure pellets" => Agronomy {
            kind: ProductKind::Fertiliser,
            pack: pack("20", PackUnit::Kg),
            nutrients: Some(Nutrients { nitrogen: quantity("3"), phosphate: quantity("3"), potash: quantity("2"), micronutrients: "Ca, Mg".into() }),
            uses: uses(lists, &[Label { crop: "tomato", pest: None, rate: ("1000", "2000", RateUnit::KgPerFeddan), water: None, phi: None }]),
            ..Agronomy::default()
        },
        "Hybrid maize seed" => Agronomy {
            kind: ProductKind::Seed,
            pack: pack("10", PackUnit::Kg),
            seed: Some(SeedFacts { variety: "Single cross, white (sample)".into(), min_germination: Some(90), sowing_months: vec![5, 6, 7] }),
            uses: uses(lists, &[Label { crop: "maize", pest: None, rate: ("8", "10", RateUnit::KgPerFeddan), water: None, phi: None }]),
            ..Agronomy::default()
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use kernel::FieldErrors;

    use super::*;

    /// Every name is known, numbered by its place in the seeded lists.
    struct Seeded;

    impl Lists for Seeded {
        fn crop(&self, slug: &str) -> Option<i64> {
            Some(slug.len() as i64)
        }
        fn pest(&self, slug: &str) -> Option<i64> {
            Some(100 + slug.len() as i64)
        }
        fn ingredient(&self, name_en: &str) -> Option<i64> {
            Some(200 + name_en.len() as i64)
        }
    }

    #[test]
    fn every_demo_pesticide_could_be_sold_and_every_description_keeps_the_rules() {
        let described: Vec<(&str, Agronomy)> = crate::demo::catalogue::product_names().filter_map(|name| Some((name, of(name, &Seeded)?))).collect();
        assert_eq!(described.len(), 7, "four pesticides, two fertilisers, one seed");
        for (name, agronomy) in described {
            let mut errors = FieldErrors::new();
            agronomy.check(&mut errors);
            errors.merge(agronomy.missing_for_sale());
            assert!(errors.is_empty(), "{name}: {:?}", errors.iter().collect::<Vec<_>>());
            assert!(!agronomy.uses.is_empty(), "{name} says how much goes on a crop");
        }
    }
}
