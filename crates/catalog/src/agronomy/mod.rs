//! What a farm product is, beyond its name and price (issue 38): its kind, what is in it and
//! how strong, how it is registered and how dangerous, and how much of it goes on which crop —
//! with the rules a shop must keep to sell it legally, and the dose a farmer needs
//! ([`dose`]).

pub mod dose;
pub mod lists;

use chrono::NaiveDate;
use kernel::FieldErrors;

pub use dose::{Area, Dose, DoseError, PackChoice, PackOffer, Quantity, cheapest_packs, dose_for};
pub use lists::{ActiveIngredient, Crop, Pest};

/// What kind of product it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::IntoStaticStr, strum::EnumString, strum::VariantNames, serde::Serialize, serde::Deserialize)]
#[strum(serialize_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum ProductKind {
    /// Insecticides, fungicides, herbicides, acaricides…
    Pesticide,
    /// Mineral and organic fertilisers.
    Fertiliser,
    /// Seeds and seedlings.
    Seed,
    /// Soil, peat and growing media.
    Soil,
    /// Sprayers, tools and the rest of the equipment.
    Tool,
    /// Anything else.
    #[default]
    Other,
}

/// How a pesticide is formulated (FAO/WHO codes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames, serde::Serialize, serde::Deserialize)]
pub enum Formulation {
    /// Emulsifiable concentrate.
    EC,
    /// Suspension concentrate.
    SC,
    /// Wettable powder.
    WP,
    /// Water-dispersible granules.
    WG,
    /// Soluble concentrate.
    SL,
    /// Emulsion, oil in water.
    EW,
    /// Micro-emulsion.
    ME,
    /// Oil dispersion.
    OD,
    /// Granules.
    GR,
    /// Dustable powder.
    DP,
    /// Another formulation.
    #[strum(serialize = "other")]
    #[serde(rename = "other")]
    Other,
}

/// The unit a pack is sold in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames, serde::Serialize, serde::Deserialize)]
#[strum(serialize_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum PackUnit {
    /// Millilitres.
    Ml,
    /// Litres.
    L,
    /// Grams.
    G,
    /// Kilograms.
    Kg,
    /// Seeds, counted.
    Seeds,
}

impl PackUnit {
    /// The base unit doses are reckoned in (mL for liquids, g for solids, seeds) and how many
    /// of it one of this unit holds.
    pub fn base(self) -> (BaseUnit, u64) {
        match self {
            PackUnit::Ml => (BaseUnit::Ml, 1),
            PackUnit::L => (BaseUnit::Ml, 1000),
            PackUnit::G => (BaseUnit::G, 1),
            PackUnit::Kg => (BaseUnit::G, 1000),
            PackUnit::Seeds => (BaseUnit::Seeds, 1),
        }
    }
}

/// The unit doses and packs are reckoned in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::Display)]
#[strum(serialize_all = "lowercase")]
pub enum BaseUnit {
    /// Millilitres.
    Ml,
    /// Grams.
    G,
    /// Seeds.
    Seeds,
}

/// How much a pack holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pack {
    /// How many units, to three decimals (a 0.5 L bottle).
    pub size: Quantity,
    /// The unit.
    pub unit: PackUnit,
}

impl Pack {
    /// What the pack holds in its base unit, rounded down (a pack never counts for more than
    /// it holds).
    pub fn in_base(&self) -> (BaseUnit, u64) {
        let (base, factor) = self.unit.base();
        (base, self.size.thousandths().saturating_mul(factor) / 1000)
    }
}

/// The unit an active ingredient's concentration is given in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames, serde::Serialize, serde::Deserialize)]
pub enum ConcentrationUnit {
    /// Grams per litre (liquids).
    #[strum(serialize = "g/L")]
    #[serde(rename = "g/L")]
    GramsPerLitre,
    /// Grams per kilogram (solids).
    #[strum(serialize = "g/kg")]
    #[serde(rename = "g/kg")]
    GramsPerKilogram,
    /// Percent by weight.
    #[strum(serialize = "%")]
    #[serde(rename = "%")]
    Percent,
}

impl ConcentrationUnit {
    /// The highest concentration the unit can express (thousandths).
    fn ceiling(self) -> u64 {
        match self {
            ConcentrationUnit::GramsPerLitre | ConcentrationUnit::GramsPerKilogram => 1_000_000,
            ConcentrationUnit::Percent => 100_000,
        }
    }
}

/// An active ingredient in the product, from the staff's list, at its concentration.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Ingredient {
    /// The ingredient's id in the staff's list.
    pub ingredient_id: i64,
    /// How much of it.
    pub concentration: Quantity,
    /// In what unit.
    pub unit: ConcentrationUnit,
}

/// The WHO's hazard class of a pesticide.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, strum::IntoStaticStr, strum::EnumString, strum::VariantNames, serde::Serialize, serde::Deserialize,
)]
pub enum WhoClass {
    /// Extremely hazardous.
    Ia,
    /// Highly hazardous.
    Ib,
    /// Moderately hazardous.
    II,
    /// Slightly hazardous.
    III,
    /// Unlikely to present acute hazard.
    U,
}

/// A GHS hazard pictogram.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, strum::IntoStaticStr, strum::EnumString, strum::VariantNames, serde::Serialize, serde::Deserialize,
)]
pub enum Pictogram {
    /// Exploding bomb.
    GHS01,
    /// Flame.
    GHS02,
    /// Flame over circle.
    GHS03,
    /// Gas cylinder.
    GHS04,
    /// Corrosion.
    GHS05,
    /// Skull and crossbones.
    GHS06,
    /// Exclamation mark.
    GHS07,
    /// Health hazard.
    GHS08,
    /// Environment.
    GHS09,
}

/// The label's signal word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames, serde::Serialize, serde::Deserialize)]
#[strum(serialize_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum SignalWord {
    /// Danger.
    Danger,
    /// Warning.
    Warning,
}

/// The Agricultural Pesticides Committee's registration of a pesticide.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Registration {
    /// The APC's registration number.
    pub number: String,
    /// The day it runs out, if the certificate says.
    pub expires_on: Option<NaiveDate>,
}

/// What a fertiliser feeds: N-P₂O₅-K₂O and the rest.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Nutrients {
    /// Nitrogen, percent.
    pub nitrogen: Quantity,
    /// Phosphate (P₂O₅), percent.
    pub phosphate: Quantity,
    /// Potash (K₂O), percent.
    pub potash: Quantity,
    /// Micronutrients as the label lists them (Fe, Zn, Mn…).
    pub micronutrients: String,
}

/// What a seed packet promises.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SeedFacts {
    /// The variety.
    pub variety: String,
    /// The least share that germinates, percent.
    pub min_germination: Option<u8>,
    /// The months to sow in (1 = January).
    pub sowing_months: Vec<u8>,
}

/// The unit a use's rate is given in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantNames, serde::Serialize, serde::Deserialize)]
pub enum RateUnit {
    /// Millilitres per feddan.
    #[strum(serialize = "ml_per_feddan")]
    #[serde(rename = "ml_per_feddan")]
    MlPerFeddan,
    /// Grams per feddan.
    #[strum(serialize = "g_per_feddan")]
    #[serde(rename = "g_per_feddan")]
    GPerFeddan,
    /// Litres per feddan.
    #[strum(serialize = "l_per_feddan")]
    #[serde(rename = "l_per_feddan")]
    LPerFeddan,
    /// Kilograms per feddan.
    #[strum(serialize = "kg_per_feddan")]
    #[serde(rename = "kg_per_feddan")]
    KgPerFeddan,
    /// Millilitres per 20-litre sprayer.
    #[strum(serialize = "ml_per_20l")]
    #[serde(rename = "ml_per_20l")]
    MlPer20l,
    /// Grams per 20-litre sprayer.
    #[strum(serialize = "g_per_20l")]
    #[serde(rename = "g_per_20l")]
    GPer20l,
    /// Millilitres per 100 litres of water.
    #[strum(serialize = "ml_per_100l")]
    #[serde(rename = "ml_per_100l")]
    MlPer100l,
    /// Grams per 100 litres of water.
    #[strum(serialize = "g_per_100l")]
    #[serde(rename = "g_per_100l")]
    GPer100l,
}

impl RateUnit {
    /// The base unit of the amount and how many of it one of the rate's unit holds.
    pub fn base(self) -> (BaseUnit, u64) {
        match self {
            RateUnit::MlPerFeddan | RateUnit::MlPer20l | RateUnit::MlPer100l => (BaseUnit::Ml, 1),
            RateUnit::LPerFeddan => (BaseUnit::Ml, 1000),
            RateUnit::GPerFeddan | RateUnit::GPer20l | RateUnit::GPer100l => (BaseUnit::G, 1),
            RateUnit::KgPerFeddan => (BaseUnit::G, 1000),
        }
    }

    /// Whether the rate is per 100 litres of water: a label that gives it gives the water a
    /// feddan takes too, through which a field's area becomes an amount. (A rate per sprayer is
    /// often written alone; its use counts sprayers.)
    pub fn per_hundred_litres(self) -> bool {
        matches!(self, RateUnit::MlPer100l | RateUnit::GPer100l)
    }
}

/// How much of the product goes on one crop (against one pest, or for a purpose), as the
/// label says.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CropUse {
    /// The crop's id in the staff's list.
    pub crop_id: i64,
    /// The pest's id, when the use is against one.
    pub pest_id: Option<i64>,
    /// What it is for, when not against a pest (a feed, a soil treatment), in Arabic.
    #[serde(default)]
    pub purpose_ar: String,
    /// The same in English.
    #[serde(default)]
    pub purpose_en: String,
    /// The lowest rate.
    pub rate_from: Quantity,
    /// The highest rate.
    pub rate_to: Quantity,
    /// The rate's unit.
    pub rate_unit: RateUnit,
    /// Litres of water a feddan takes.
    pub water_per_feddan: Option<u32>,
    /// Days between the last spray and the harvest (pre-harvest interval).
    pub phi_days: Option<u32>,
    /// Hours before people may go back into the field.
    pub reentry_hours: Option<u32>,
    /// The most applications in a season.
    pub max_applications: Option<u32>,
    /// Days between applications.
    pub interval_days: Option<u32>,
}

/// A product's agronomy: what it is, what is in it, how it is registered and used.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Agronomy {
    /// What kind of product.
    pub kind: ProductKind,
    /// Its formulation, for pesticides.
    pub formulation: Option<Formulation>,
    /// What one pack holds.
    pub pack: Option<Pack>,
    /// Its active ingredients.
    pub ingredients: Vec<Ingredient>,
    /// Its registration, for pesticides.
    pub registration: Option<Registration>,
    /// Its WHO hazard class.
    pub who_class: Option<WhoClass>,
    /// Its GHS pictograms.
    pub pictograms: Vec<Pictogram>,
    /// Its signal word.
    pub signal_word: Option<SignalWord>,
    /// Sold only with the buyer's explicit acknowledgement of its danger.
    pub restricted: bool,
    /// What it feeds, for fertilisers.
    pub nutrients: Option<Nutrients>,
    /// What the packet promises, for seeds.
    pub seed: Option<SeedFacts>,
    /// How much goes on which crop.
    pub uses: Vec<CropUse>,
    /// The pack group: the products staff give one group are one thing in several pack sizes
    /// (250 mL, 1 L), and the dose calculator picks among all their packs. Empty: alone.
    pub pack_group: String,
}

/// The longest pack group name kept.
pub const PACK_GROUP_MAX: usize = 60;

/// The most active ingredients a product lists.
pub const INGREDIENTS_MAX: usize = 10;
/// The most uses a product lists.
pub const USES_MAX: usize = 60;
/// The longest registration number.
const REGISTRATION_MAX: usize = 40;
/// The longest variety or micronutrient text.
const LABEL_TEXT_MAX: usize = 200;

impl Agronomy {
    /// Adds to `errors` what breaks the rules of a product's agronomy, whether published or
    /// not: bounds, orders of ranges, sums (fields under `agronomy.`).
    pub fn check(&self, errors: &mut FieldErrors) {
        if self.pack.is_some_and(|pack| pack.size.thousandths() == 0) {
            errors.add("agronomy.pack.size", "number_range");
        }
        if self.ingredients.len() > INGREDIENTS_MAX {
            errors.add("agronomy.active_ingredients", "too_many");
        }
        for (n, ingredient) in self.ingredients.iter().enumerate() {
            let concentration = ingredient.concentration.thousandths();
            if concentration == 0 || concentration > ingredient.unit.ceiling() {
                errors.add(&format!("agronomy.active_ingredients.{n}.concentration"), "number_range");
            }
        }
        if let Some(registration) = &self.registration {
            errors.limit_length("agronomy.registration_no", &registration.number, REGISTRATION_MAX);
        }
        errors.limit_length("agronomy.pack_group", &self.pack_group, PACK_GROUP_MAX);
        if let Some(nutrients) = &self.nutrients {
            let sum = nutrients.nitrogen.thousandths() + nutrients.phosphate.thousandths() + nutrients.potash.thousandths();
            if sum > 100_000 {
                errors.add("agronomy.nutrients", "npk_over_100");
            }
            errors.limit_length("agronomy.nutrients.micronutrients", &nutrients.micronutrients, LABEL_TEXT_MAX);
        }
        if let Some(seed) = &self.seed {
            errors.limit_length("agronomy.seed.variety", &seed.variety, LABEL_TEXT_MAX);
            if seed.min_germination.is_some_and(|share| share > 100) {
                errors.add("agronomy.seed.min_germination", "number_range");
            }
            if seed.sowing_months.iter().any(|month| !(1..=12).contains(month)) {
                errors.add("agronomy.seed.sowing_months", "number_range");
            }
        }
        if self.uses.len() > USES_MAX {
            errors.add("agronomy.uses", "too_many");
        }
        for (n, crop_use) in self.uses.iter().enumerate() {
            let at = format!("agronomy.uses.{n}");
            check_use(crop_use, &at, errors);
            for field in self.gaps(crop_use) {
                errors.add(&format!("{at}.{field}"), if field == "phi_days" { "phi_required" } else { "water_required" });
            }
        }
    }

    /// What a use lacks for the farmer's calculator and the harvest's safety: a pesticide's
    /// pre-harvest interval (`phi_days`), and for a rate per 100 litres the water a feddan
    /// takes (`water_per_feddan`). Saving refuses both; a use stored before the rule is
    /// incomplete, and its calculator counts sprayers only.
    pub fn gaps(&self, crop_use: &CropUse) -> Vec<&'static str> {
        let mut gaps = Vec::new();
        if self.kind == ProductKind::Pesticide && crop_use.phi_days.is_none() {
            gaps.push("phi_days");
        }
        if crop_use.rate_unit.per_hundred_litres() && crop_use.water_per_feddan.is_none() {
            gaps.push("water_per_feddan");
        }
        gaps
    }

    /// The fields a pesticide must have before it is published, each named: a registration
    /// number, an active ingredient at its concentration, a WHO class and a use with its
    /// pre-harvest interval. Other kinds need none.
    pub fn missing_for_sale(&self) -> FieldErrors {
        let mut missing = FieldErrors::new();
        if self.kind != ProductKind::Pesticide {
            return missing;
        }
        if self.registration.as_ref().is_none_or(|registration| registration.number.trim().is_empty()) {
            missing.add("agronomy.registration_no", "required_to_publish");
        }
        if !self.ingredients.iter().any(|ingredient| ingredient.concentration.thousandths() > 0) {
            missing.add("agronomy.active_ingredients", "required_to_publish");
        }
        if self.who_class.is_none() {
            missing.add("agronomy.who_class", "required_to_publish");
        }
        if !self.uses.iter().any(|crop_use| crop_use.phi_days.is_some()) {
            missing.add("agronomy.uses", "required_to_publish");
        }
        missing
    }

    /// Whether the registration ran out before `today`: such a product may not be sold.
    pub fn registration_expired(&self, today: NaiveDate) -> bool {
        self.registration.as_ref().and_then(|registration| registration.expires_on).is_some_and(|end| end < today)
    }

    /// Whether a buyer must acknowledge the product's danger before ordering it: WHO class Ia
    /// or Ib, or marked restricted.
    pub fn needs_acknowledgement(&self) -> bool {
        self.restricted || matches!(self.who_class, Some(WhoClass::Ia | WhoClass::Ib))
    }

    /// The use on this crop (against this pest, when given); the first of several.
    pub fn use_on(&self, crop_id: i64, pest_id: Option<i64>) -> Option<&CropUse> {
        self.uses.iter().find(|crop_use| crop_use.crop_id == crop_id && (pest_id.is_none() || crop_use.pest_id == pest_id))
    }
}

/// The rules of one use: a positive range from low to high, bounded intervals.
fn check_use(crop_use: &CropUse, at: &str, errors: &mut FieldErrors) {
    let (from, to) = (crop_use.rate_from.thousandths(), crop_use.rate_to.thousandths());
    if from == 0 || to < from {
        errors.add(&format!("{at}.rate"), "rate_range");
    }
    errors.limit_length(&format!("{at}.purpose_ar"), &crop_use.purpose_ar, LABEL_TEXT_MAX);
    errors.limit_length(&format!("{at}.purpose_en"), &crop_use.purpose_en, LABEL_TEXT_MAX);
    let bounded = [
        ("water_per_feddan", crop_use.water_per_feddan, 2_000),
        ("phi_days", crop_use.phi_days, 365),
        ("reentry_hours", crop_use.reentry_hours, 720),
        ("max_applications", crop_use.max_applications, 50),
        ("interval_days", crop_use.interval_days, 365),
    ];
    for (field, value, max) in bounded {
        if value.is_some_and(|value| value > max) {
            errors.add(&format!("{at}.{field}"), "number_range");
        }
    }
}

#[cfg(test)]
mod tests;
