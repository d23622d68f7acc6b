//! A product's agronomy as the API answers it and staff write it (issue 38): one JSON
//! document with words for the enumerations (`"pesticide"`, `"EC"`, `"g/L"`, `"II"`) and
//! numbers to three decimals (`2.5` or `"2.5"`). Read leniently: a wrong word or number is a
//! field error under `agronomy.`, never a 400 of the whole body.

use std::str::FromStr;

use catalog::Product;
use catalog::agronomy::{
    Agronomy, ConcentrationUnit, CropUse, Formulation, Ingredient, Nutrients, Pack, PackUnit, Pictogram, Quantity, RateUnit, Registration, SeedFacts,
    SignalWord, WhoClass,
};
use catalog::service::Catalogue;
use chrono::NaiveDate;
use kernel::{FieldErrors, Locale};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::common::lenient::{lenient_int, lenient_text};

/// What a product is to a farmer.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct AgronomyData {
    /// `pesticide`, `fertiliser`, `seed`, `soil`, `tool` or `other` (the default).
    #[schema(pattern = r"^(pesticide|fertiliser|seed|soil|tool|other)$")]
    pub kind: Option<String>,
    /// FAO/WHO formulation code: `EC`, `SC`, `WP`, `WG`, `SL`, `EW`, `ME`, `OD`, `GR`, `DP` or `other`.
    pub formulation: Option<String>,
    /// What one pack holds.
    pub pack: Option<PackData>,
    /// The active ingredients, at most 10.
    #[serde(default)]
    pub active_ingredients: Vec<IngredientData>,
    /// The Agricultural Pesticides Committee's registration number.
    #[schema(max_length = 40)]
    pub registration_no: Option<String>,
    /// The day the registration runs out, `YYYY-MM-DD`.
    pub registration_expires_on: Option<String>,
    /// WHO hazard class: `Ia`, `Ib`, `II`, `III` or `U`.
    pub who_class: Option<String>,
    /// GHS pictograms, `GHS01` to `GHS09`.
    #[serde(default)]
    pub ghs_pictograms: Vec<String>,
    /// `danger` or `warning`.
    pub signal_word: Option<String>,
    /// Sold only with the buyer's explicit acknowledgement.
    #[serde(default)]
    pub restricted: bool,
    /// The pack group, at most 60 characters: products of one group are one thing in several
    /// pack sizes, and the dose calculator picks the cheapest packs among them all.
    #[serde(default, deserialize_with = "lenient_text")]
    pub pack_group: Option<String>,
    /// What a fertiliser feeds.
    pub nutrients: Option<NutrientsData>,
    /// What a seed packet promises.
    pub seed: Option<SeedData>,
    /// How much goes on which crop, at most 60.
    #[serde(default)]
    pub uses: Vec<UseData>,
    /// The label's PDF, once uploaded (answered only; uploaded apart).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_url: Option<String>,
    /// The safety data sheet's PDF, once uploaded (answered only; uploaded apart).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sds_url: Option<String>,
}

/// What one pack holds.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PackData {
    /// How many units, to three decimals.
    #[schema(value_type = String, example = "250")]
    #[serde(default, deserialize_with = "lenient_text")]
    pub size: Option<String>,
    /// `ml`, `l`, `g`, `kg` or `seeds`.
    pub unit: Option<String>,
}

/// An active ingredient at its concentration.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct IngredientData {
    /// The ingredient's id in the shop's list.
    #[serde(default, deserialize_with = "lenient_int")]
    pub ingredient_id: Option<i64>,
    /// How much of it, to three decimals.
    #[schema(value_type = String, example = "18")]
    #[serde(default, deserialize_with = "lenient_text")]
    pub concentration: Option<String>,
    /// `g/L`, `g/kg` or `%`.
    pub unit: Option<String>,
    /// The ingredient's name in the request's language (answers only: what is sent is not
    /// read).
    #[schema(read_only)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// N-P₂O₅-K₂O and micronutrients.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct NutrientsData {
    /// Nitrogen, percent.
    #[schema(value_type = String)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub nitrogen: Option<String>,
    /// Phosphate (P₂O₅), percent.
    #[schema(value_type = String)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub phosphate: Option<String>,
    /// Potash (K₂O), percent.
    #[schema(value_type = String)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub potash: Option<String>,
    /// Micronutrients as the label lists them.
    #[serde(default)]
    pub micronutrients: String,
}

/// What a seed packet promises.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeedData {
    /// The variety.
    #[serde(default)]
    pub variety: String,
    /// The least share that germinates, percent.
    #[serde(default, deserialize_with = "lenient_int")]
    pub min_germination: Option<i64>,
    /// The months to sow in, 1 to 12.
    #[serde(default)]
    pub sowing_months: Vec<i64>,
}

/// How much goes on one crop.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct UseData {
    /// The crop's id in the shop's list.
    #[serde(default, deserialize_with = "lenient_int")]
    pub crop_id: Option<i64>,
    /// The pest's id, when the use is against one.
    #[serde(default, deserialize_with = "lenient_int")]
    pub pest_id: Option<i64>,
    /// What it is for, in Arabic, when not against a pest.
    #[serde(default)]
    pub purpose_ar: String,
    /// The same in English.
    #[serde(default)]
    pub purpose_en: String,
    /// The lowest rate, to three decimals.
    #[schema(value_type = String)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub rate_from: Option<String>,
    /// The highest rate.
    #[schema(value_type = String)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub rate_to: Option<String>,
    /// `ml_per_feddan`, `g_per_feddan`, `l_per_feddan`, `kg_per_feddan`, `ml_per_20l`, `g_per_20l`,
    /// `ml_per_100l` or `g_per_100l`.
    pub rate_unit: Option<String>,
    /// Litres of water a feddan takes.
    #[serde(default, deserialize_with = "lenient_int")]
    pub water_per_feddan: Option<i64>,
    /// Days between the last spray and the harvest.
    #[serde(default, deserialize_with = "lenient_int")]
    pub phi_days: Option<i64>,
    /// Hours before people go back into the field.
    #[serde(default, deserialize_with = "lenient_int")]
    pub reentry_hours: Option<i64>,
    /// The most applications in a season.
    #[serde(default, deserialize_with = "lenient_int")]
    pub max_applications: Option<i64>,
    /// Days between applications.
    #[serde(default, deserialize_with = "lenient_int")]
    pub interval_days: Option<i64>,
    /// The crop, named in the request's language (answers only).
    #[schema(read_only)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crop: Option<NamedRef>,
    /// The pest, named in the request's language (answers only).
    #[schema(read_only)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pest: Option<NamedRef>,
    /// What a use stored before the rule lacks (answers only): `phi_days` for a pesticide,
    /// `water_per_feddan` for a rate in water. Such a use is incomplete: the agronomy screen
    /// says so, and its calculator counts sprayers only.
    #[schema(read_only)]
    #[serde(default)]
    pub gaps: Vec<String>,
}

/// A crop or pest a use names, with its address (answers only: what is sent is not read).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct NamedRef {
    /// Readable address (`/crops/{slug}`, `/pests/{slug}`).
    pub slug: String,
    /// Name in the request's language.
    pub name: String,
}

/// Reads fields into the domain, collecting each field's error under its path.
struct Reader {
    errors: FieldErrors,
}

impl Reader {
    /// One of an enumeration's words, or `choice_invalid`.
    fn choice<T: FromStr>(&mut self, field: &str, value: Option<&str>) -> Option<T> {
        let value = value.map(str::trim).filter(|value| !value.is_empty())?;
        let parsed = value.parse().ok();
        if parsed.is_none() {
            self.errors.add(field, "choice_invalid");
        }
        parsed
    }

    /// A number to three decimals, or `quantity_invalid`; nothing when absent.
    fn quantity(&mut self, field: &str, value: Option<&str>) -> Option<Quantity> {
        let value = value.map(str::trim).filter(|value| !value.is_empty())?;
        let parsed = Quantity::parse(value);
        if parsed.is_none() {
            self.errors.add(field, "quantity_invalid");
        }
        parsed
    }

    /// A count that fits, or `number_range`.
    fn count<T: TryFrom<i64>>(&mut self, field: &str, value: Option<i64>) -> Option<T> {
        let value = value?;
        let fitted = T::try_from(value).ok();
        if fitted.is_none() {
            self.errors.add(field, "number_range");
        }
        fitted
    }

    /// A present value, or `required`.
    fn required<T>(&mut self, field: &str, value: Option<T>) -> Option<T> {
        if value.is_none() {
            self.errors.add(field, "required");
        }
        value
    }
}

impl AgronomyData {
    /// The agronomy it describes, or every field that is wrong; the domain's own rules
    /// (ranges, sums, what a pesticide needs) are checked by the catalogue.
    pub fn into_domain(self) -> Result<Agronomy, FieldErrors> {
        let mut read = Reader { errors: FieldErrors::new() };
        if self.active_ingredients.len() > catalog::agronomy::INGREDIENTS_MAX {
            return Err(FieldErrors::single("agronomy.active_ingredients", "too_many"));
        }
        if self.uses.len() > catalog::agronomy::USES_MAX {
            return Err(FieldErrors::single("agronomy.uses", "too_many"));
        }
        let kind = read.choice("agronomy.kind", self.kind.as_deref()).unwrap_or_default();
        let formulation = read.choice::<Formulation>("agronomy.formulation", self.formulation.as_deref());
        let pack = self.pack.and_then(|pack| {
            let size = read.quantity("agronomy.pack.size", pack.size.as_deref());
            let unit = read.choice::<PackUnit>("agronomy.pack.unit", pack.unit.as_deref());
            Some(Pack { size: read.required("agronomy.pack.size", size)?, unit: read.required("agronomy.pack.unit", unit)? })
        });
        let mut ingredients = Vec::new();
        for (n, ingredient) in self.active_ingredients.into_iter().enumerate() {
            let at = format!("agronomy.active_ingredients.{n}");
            let id = read.required(&format!("{at}.ingredient_id"), ingredient.ingredient_id);
            let concentration = read.quantity(&format!("{at}.concentration"), ingredient.concentration.as_deref());
            let concentration = read.required(&format!("{at}.concentration"), concentration);
            let unit = read.choice::<ConcentrationUnit>(&format!("{at}.unit"), ingredient.unit.as_deref());
            let unit = read.required(&format!("{at}.unit"), unit);
            if let (Some(ingredient_id), Some(concentration), Some(unit)) = (id, concentration, unit) {
                ingredients.push(Ingredient { ingredient_id, concentration, unit });
            }
        }
        let expires_on = self.registration_expires_on.as_deref().map(str::trim).filter(|day| !day.is_empty()).and_then(|day| {
            let parsed = NaiveDate::parse_from_str(&kernel::digits::to_latin_digits(day), "%Y-%m-%d").ok();
            if parsed.is_none() {
                read.errors.add("agronomy.registration_expires_on", "date_invalid");
            }
            parsed
        });
        let number = self.registration_no.map(|number| number.trim().to_string()).filter(|number| !number.is_empty());
        let registration = number.map(|number| Registration { number, expires_on });
        let who_class = read.choice::<WhoClass>("agronomy.who_class", self.who_class.as_deref());
        let mut pictograms: Vec<Pictogram> =
            self.ghs_pictograms.iter().filter_map(|pictogram| read.choice("agronomy.ghs_pictograms", Some(pictogram.as_str()))).collect();
        pictograms.sort_unstable();
        pictograms.dedup();
        let signal_word = read.choice::<SignalWord>("agronomy.signal_word", self.signal_word.as_deref());
        let nutrients = self.nutrients.map(|nutrients| Nutrients {
            nitrogen: read.quantity("agronomy.nutrients.nitrogen", nutrients.nitrogen.as_deref()).unwrap_or_default(),
            phosphate: read.quantity("agronomy.nutrients.phosphate", nutrients.phosphate.as_deref()).unwrap_or_default(),
            potash: read.quantity("agronomy.nutrients.potash", nutrients.potash.as_deref()).unwrap_or_default(),
            micronutrients: nutrients.micronutrients.trim().to_string(),
        });
        let seed = self.seed.map(|seed| SeedFacts {
            variety: seed.variety.trim().to_string(),
            min_germination: read.count("agronomy.seed.min_germination", seed.min_germination),
            sowing_months: seed.sowing_months.iter().filter_map(|month| read.count("agronomy.seed.sowing_months", Some(*month))).collect(),
        });
        let mut uses = Vec::new();
        for (n, crop_use) in self.uses.into_iter().enumerate() {
            if let Some(read_use) = read_use(&mut read, &format!("agronomy.uses.{n}"), crop_use) {
                uses.push(read_use);
            }
        }
        read.errors.into_result()?;
        let restricted = self.restricted;
        let pack_group = self.pack_group.map(|group| group.trim().to_string()).unwrap_or_default();
        Ok(Agronomy { kind, formulation, pack, ingredients, registration, who_class, pictograms, signal_word, restricted, nutrients, seed, uses, pack_group })
    }
}

/// One use, or none with its errors added.
fn read_use(read: &mut Reader, at: &str, data: UseData) -> Option<CropUse> {
    let crop_id = read.required(&format!("{at}.crop_id"), data.crop_id);
    let rate_from = read.quantity(&format!("{at}.rate_from"), data.rate_from.as_deref());
    let rate_from = read.required(&format!("{at}.rate_from"), rate_from);
    let rate_to = read.quantity(&format!("{at}.rate_to"), data.rate_to.as_deref()).or(rate_from);
    let rate_unit = read.choice::<RateUnit>(&format!("{at}.rate_unit"), data.rate_unit.as_deref());
    let rate_unit = read.required(&format!("{at}.rate_unit"), rate_unit);
    let water_per_feddan = read.count(&format!("{at}.water_per_feddan"), data.water_per_feddan);
    let phi_days = read.count(&format!("{at}.phi_days"), data.phi_days);
    let reentry_hours = read.count(&format!("{at}.reentry_hours"), data.reentry_hours);
    let max_applications = read.count(&format!("{at}.max_applications"), data.max_applications);
    let interval_days = read.count(&format!("{at}.interval_days"), data.interval_days);
    Some(CropUse {
        crop_id: crop_id?,
        pest_id: data.pest_id,
        purpose_ar: data.purpose_ar.trim().to_string(),
        purpose_en: data.purpose_en.trim().to_string(),
        rate_from: rate_from?,
        rate_to: rate_to?,
        rate_unit: rate_unit?,
        water_per_feddan,
        phi_days,
        reentry_hours,
        max_applications,
        interval_days,
    })
}

impl AgronomyData {
    /// A product's agronomy as answered, with its PDFs' addresses; none for a product that
    /// has none.
    pub fn of(product: &Product) -> Option<AgronomyData> {
        let agronomy = &product.agronomy;
        if *agronomy == Agronomy::default() {
            return None;
        }
        let word = |value: &'static str| Some(value.to_string());
        Some(AgronomyData {
            kind: word(agronomy.kind.into()),
            formulation: agronomy.formulation.map(<&str>::from).and_then(word),
            pack: agronomy.pack.map(|pack| PackData { size: Some(pack.size.text()), unit: word(pack.unit.into()) }),
            active_ingredients: agronomy
                .ingredients
                .iter()
                .map(|ingredient| IngredientData {
                    ingredient_id: Some(ingredient.ingredient_id),
                    concentration: Some(ingredient.concentration.text()),
                    unit: word(ingredient.unit.into()),
                    name: None,
                })
                .collect(),
            registration_no: agronomy.registration.as_ref().map(|registration| registration.number.clone()),
            registration_expires_on: agronomy.registration.as_ref().and_then(|registration| registration.expires_on).map(|day| day.to_string()),
            who_class: agronomy.who_class.map(<&str>::from).and_then(word),
            ghs_pictograms: agronomy.pictograms.iter().map(|pictogram| <&str>::from(*pictogram).to_string()).collect(),
            signal_word: agronomy.signal_word.map(<&str>::from).and_then(word),
            restricted: agronomy.restricted,
            pack_group: Some(agronomy.pack_group.clone()).filter(|group| !group.is_empty()),
            nutrients: agronomy.nutrients.as_ref().map(|nutrients| NutrientsData {
                nitrogen: Some(nutrients.nitrogen.text()),
                phosphate: Some(nutrients.phosphate.text()),
                potash: Some(nutrients.potash.text()),
                micronutrients: nutrients.micronutrients.clone(),
            }),
            seed: agronomy.seed.as_ref().map(|seed| SeedData {
                variety: seed.variety.clone(),
                min_germination: seed.min_germination.map(i64::from),
                sowing_months: seed.sowing_months.iter().map(|month| i64::from(*month)).collect(),
            }),
            uses: agronomy.uses.iter().map(|crop_use| UseData::of(agronomy, crop_use)).collect(),
            label_url: product.documents.label.as_ref().map(|path| format!("/media/{path}")),
            sds_url: product.documents.sds.as_ref().map(|path| format!("/media/{path}")),
        })
    }
}

impl UseData {
    fn of(agronomy: &Agronomy, crop_use: &CropUse) -> UseData {
        UseData {
            crop_id: Some(crop_use.crop_id),
            pest_id: crop_use.pest_id,
            purpose_ar: crop_use.purpose_ar.clone(),
            purpose_en: crop_use.purpose_en.clone(),
            rate_from: Some(crop_use.rate_from.text()),
            rate_to: Some(crop_use.rate_to.text()),
            rate_unit: Some(<&str>::from(crop_use.rate_unit).to_string()),
            water_per_feddan: crop_use.water_per_feddan.map(i64::from),
            phi_days: crop_use.phi_days.map(i64::from),
            reentry_hours: crop_use.reentry_hours.map(i64::from),
            max_applications: crop_use.max_applications.map(i64::from),
            interval_days: crop_use.interval_days.map(i64::from),
            crop: None,
            pest: None,
            gaps: agronomy.gaps(crop_use).into_iter().map(str::to_string).collect(),
        }
    }
}

impl AgronomyData {
    /// A product's agronomy as a shopper reads it: ingredients, crops and pests named in
    /// `locale` from the catalogue's lists.
    pub fn named(product: &Product, catalogue: &Catalogue, locale: Locale) -> Option<AgronomyData> {
        let mut data = AgronomyData::of(product)?;
        for ingredient in &mut data.active_ingredients {
            let known = catalogue.ingredients().iter().find(|known| Some(known.id) == ingredient.ingredient_id);
            ingredient.name = known.map(|known| known.name.pick(locale).clone());
        }
        for crop_use in &mut data.uses {
            crop_use.crop =
                crop_use.crop_id.and_then(|id| catalogue.crop_by_id(id)).map(|crop| NamedRef { slug: crop.slug.clone(), name: crop.name.pick(locale).clone() });
            crop_use.pest =
                crop_use.pest_id.and_then(|id| catalogue.pest_by_id(id)).map(|pest| NamedRef { slug: pest.slug.clone(), name: pest.name.pick(locale).clone() });
        }
        Some(data)
    }
}
