//! How much a farmer needs for a field, and which packs to buy: areas in the units Egypt uses
//! (1 feddan = 24 qirat = 4,200 m²) or in 20-litre sprayers, reckoned in whole thousandths so
//! no float rounds a dose down.

use kernel::{Money, ProductId};

use super::{BaseUnit, CropUse, RateUnit};

/// Square metres in a feddan.
const FEDDAN_M2: u128 = 4_200;
/// Square metres in a qirat (a 24th of a feddan).
const QIRAT_M2: u128 = 175;
/// Litres in the sprayer farmers count in.
const SPRAYER_LITRES: u128 = 20;
/// The most a field may be, in feddan: larger asks are typing mistakes, and bound the work.
const AREA_MAX_FEDDAN: u64 = 100_000;

/// A non-negative number to three decimals (2.5 is 2500), as typed by staff or a farmer;
/// kept as its text ("2.5"), so no float ever holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Quantity(u64);

impl From<Quantity> for String {
    fn from(quantity: Quantity) -> String {
        quantity.text()
    }
}

impl TryFrom<String> for Quantity {
    type Error = String;

    fn try_from(text: String) -> Result<Quantity, String> {
        Quantity::parse(&text).ok_or_else(|| format!("not a quantity: {text}"))
    }
}

impl Quantity {
    /// The number of thousandths.
    pub const fn from_thousandths(thousandths: u64) -> Quantity {
        Quantity(thousandths)
    }

    /// A whole number.
    pub const fn whole(units: u64) -> Quantity {
        Quantity(units.saturating_mul(1000))
    }

    /// How many thousandths.
    pub const fn thousandths(self) -> u64 {
        self.0
    }

    /// Reads "2.5", "2,5", "٢٫٥" or "12": at most three decimals and a billion; anything else
    /// is none.
    pub fn parse(text: &str) -> Option<Quantity> {
        let latin = kernel::digits::to_latin_digits(text.trim());
        let normal: String = latin.chars().map(|c| if matches!(c, ',' | '٫') { '.' } else { c }).collect();
        let (whole, fraction) = normal.split_once('.').unwrap_or((&normal, ""));
        if whole.is_empty() && fraction.is_empty() || whole.len() > 10 || fraction.len() > 3 {
            return None;
        }
        if !whole.chars().chain(fraction.chars()).all(|c| c.is_ascii_digit()) {
            return None;
        }
        let whole: u64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
        let fraction: u64 = format!("{fraction:0<3}").parse().ok()?;
        (whole <= 1_000_000_000).then_some(Quantity(whole * 1000 + fraction))
    }

    /// The number as text, without trailing zeros ("2.5", "12").
    pub fn text(self) -> String {
        let (whole, fraction) = (self.0 / 1000, self.0 % 1000);
        if fraction == 0 { whole.to_string() } else { format!("{whole}.{fraction:03}").trim_end_matches('0').to_string() }
    }
}

/// The field a dose is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Area {
    /// Feddan.
    Feddan(Quantity),
    /// Qirat (24 to the feddan).
    Qirat(Quantity),
    /// Square metres.
    SquareMetres(Quantity),
    /// A number of full 20-litre sprayers.
    Sprayers(Quantity),
}

impl Area {
    /// The area in thousandths of a square metre; none for sprayers.
    fn square_metres_thousandths(self) -> Option<u128> {
        match self {
            Area::Feddan(quantity) => Some(u128::from(quantity.thousandths()) * FEDDAN_M2),
            Area::Qirat(quantity) => Some(u128::from(quantity.thousandths()) * QIRAT_M2),
            Area::SquareMetres(quantity) => Some(u128::from(quantity.thousandths())),
            Area::Sprayers(_) => None,
        }
    }

    fn quantity(self) -> Quantity {
        match self {
            Area::Feddan(quantity) | Area::Qirat(quantity) | Area::SquareMetres(quantity) | Area::Sprayers(quantity) => quantity,
        }
    }
}

/// What a field needs of a product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dose {
    /// How much product, rounded up, in `unit`.
    pub amount: u64,
    /// Millilitres, grams or seeds.
    pub unit: BaseUnit,
    /// Litres of water, when the use says how much a feddan takes (or sprayers were counted).
    pub water_litres: Option<u64>,
    /// Full 20-litre sprayers that water fills, rounded up.
    pub tank_fills: Option<u64>,
    /// Days to wait between the last spray and the harvest.
    pub phi_days: Option<u32>,
}

/// Why a dose cannot be reckoned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DoseError {
    /// The area is nothing, or more than any farm.
    #[error("the area is out of range")]
    AreaOutOfRange,
    /// The rate is per sprayer or per 100 litres but the use does not say how much water a
    /// feddan takes, so an area cannot become water.
    #[error("the use does not say how much water a feddan takes")]
    WaterUnknown,
}

/// What `area` needs of the product under `crop_use`, at the label's highest rate (a farmer
/// who buys for the high end never runs short mid-field), rounded up to whole millilitres or
/// grams: never under the dose.
pub fn dose_for(crop_use: &CropUse, area: Area) -> Result<Dose, DoseError> {
    let quantity = u128::from(area.quantity().thousandths());
    let too_large = match area {
        Area::Sprayers(_) => quantity > u128::from(AREA_MAX_FEDDAN) * 1000 * 100,
        _ => area.square_metres_thousandths().unwrap_or(0) > u128::from(AREA_MAX_FEDDAN) * 1000 * FEDDAN_M2,
    };
    if quantity == 0 || too_large {
        return Err(DoseError::AreaOutOfRange);
    }
    // Water in thousandths of a litre: counted sprayers, or the use's litres per feddan.
    let water = match area {
        Area::Sprayers(count) => Some(u128::from(count.thousandths()) * SPRAYER_LITRES),
        _ => crop_use.water_per_feddan.map(|litres| u128::from(litres) * area.square_metres_thousandths().unwrap_or(0) / FEDDAN_M2),
    };
    let (unit, factor) = crop_use.rate_unit.base();
    let rate = u128::from(crop_use.rate_to.thousandths()) * u128::from(factor);
    // Thousandths of the base unit, times another thousand from the area or the water.
    let scaled = match crop_use.rate_unit {
        RateUnit::MlPerFeddan | RateUnit::GPerFeddan | RateUnit::LPerFeddan | RateUnit::KgPerFeddan => match area {
            Area::Sprayers(_) => {
                let water = water.ok_or(DoseError::WaterUnknown)?;
                let litres_per_feddan = crop_use.water_per_feddan.map(u128::from).filter(|litres| *litres > 0).ok_or(DoseError::WaterUnknown)?;
                rate * water / litres_per_feddan
            }
            _ => rate * area.square_metres_thousandths().unwrap_or(0) / FEDDAN_M2,
        },
        RateUnit::MlPer20l | RateUnit::GPer20l => rate * water.ok_or(DoseError::WaterUnknown)? / SPRAYER_LITRES,
        RateUnit::MlPer100l | RateUnit::GPer100l => rate * water.ok_or(DoseError::WaterUnknown)? / 100,
    };
    let amount = u64::try_from(scaled.div_ceil(1_000_000)).unwrap_or(u64::MAX);
    let water_litres = water.map(|water| u64::try_from(water.div_ceil(1000)).unwrap_or(u64::MAX));
    Ok(Dose { amount, unit, water_litres, tank_fills: water_litres.map(|litres| litres.div_ceil(20)), phi_days: crop_use.phi_days })
}

/// A pack a dose can be bought in: a product (the product itself or a sibling pack of it),
/// what it holds in the dose's base unit and its price now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackOffer {
    /// The product sold in this pack.
    pub product: ProductId,
    /// What one pack holds, in the dose's base unit.
    pub holds: u64,
    /// The price of one.
    pub price: Money,
}

/// How many of a pack to buy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackChoice {
    /// The pack's product.
    pub product: ProductId,
    /// How many.
    pub quantity: u32,
}

/// The most steps the exact search takes before it settles for the cheapest pack alone.
const SEARCH_STEPS_MAX: u64 = 200_000;

/// The cheapest packs that together hold at least `amount` (never less); among equally cheap
/// choices, the one holding least beyond the amount, then the one of fewest packs. Empty when
/// nothing is needed or no pack holds anything.
pub fn cheapest_packs(amount: u64, offers: &[PackOffer]) -> Vec<PackChoice> {
    let offers: Vec<&PackOffer> = offers.iter().filter(|offer| offer.holds > 0).collect();
    if amount == 0 || offers.is_empty() {
        return vec![];
    }
    // Counted in steps of the packs' greatest common divisor, up to the amount plus one of the
    // largest pack: a cheapest cover never goes further than that.
    let step = offers.iter().fold(0, |gcd, offer| gcd_of(gcd, offer.holds));
    let largest = offers.iter().map(|offer| offer.holds).max().unwrap_or(step);
    let target = amount.div_ceil(step);
    let limit = target + largest / step;
    if limit > SEARCH_STEPS_MAX {
        return cheapest_alone(amount, &offers);
    }
    let size = usize::try_from(limit).unwrap_or(usize::MAX) + 1;
    // best[s]: the cheapest (price, packs) holding exactly s steps, and the last pack taken.
    let mut best: Vec<Option<(i64, u32, usize)>> = vec![None; size];
    best[0] = Some((0, 0, usize::MAX));
    for reached in 0..size {
        let Some((price, packs, _)) = best[reached] else { continue };
        for (n, offer) in offers.iter().enumerate() {
            let next = reached + usize::try_from(offer.holds / step).unwrap_or(usize::MAX);
            if next >= size {
                continue;
            }
            let candidate = (price.saturating_add(offer.price.piastres()), packs + 1, n);
            if best[next].is_none_or(|(known, known_packs, _)| (candidate.0, candidate.1) < (known, known_packs)) {
                best[next] = Some(candidate);
            }
        }
    }
    let cover = (usize::try_from(target).unwrap_or(usize::MAX)..size)
        .filter_map(|reached| best[reached].map(|(price, packs, _)| (price, reached, packs)))
        .min_by_key(|&(price, reached, packs)| (price, reached, packs));
    let Some((_, mut reached, _)) = cover else { return cheapest_alone(amount, &offers) };
    let mut counts = vec![0u32; offers.len()];
    while reached > 0 {
        let Some((_, _, last)) = best[reached] else { break };
        counts[last] += 1;
        reached -= usize::try_from(offers[last].holds / step).unwrap_or(reached);
    }
    offers.iter().zip(counts).filter(|(_, quantity)| *quantity > 0).map(|(offer, quantity)| PackChoice { product: offer.product, quantity }).collect()
}

/// Enough of the pack cheapest for what it holds, for an amount too large to search.
fn cheapest_alone(amount: u64, offers: &[&PackOffer]) -> Vec<PackChoice> {
    let Some(offer) =
        offers.iter().min_by_key(|offer| (u128::try_from(offer.price.piastres()).unwrap_or(0) * 1_000_000 / u128::from(offer.holds), offer.product.0))
    else {
        return vec![];
    };
    vec![PackChoice { product: offer.product, quantity: u32::try_from(amount.div_ceil(offer.holds)).unwrap_or(u32::MAX) }]
}

fn gcd_of(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd_of(b, a % b) }
}
