//! Shipping cities: the governorates the shop delivers to, each with its base shipping cost.

use kernel::validation::limits;
use kernel::{CityId, FieldErrors, Localized, Money, PageRequest};

/// The highest base cost a city may have: far above any real courier's price, low enough that
/// no order total can overflow because of it.
pub const SHIPPING_COST_MAX: Money = Money::from_pounds(100_000);

/// The highest cash-on-delivery fee in hundredths of a percent: all of what is collected.
pub const COD_PERCENT_MAX: u32 = 10_000;

/// What a cash-on-delivery order to a city adds for the cash its courier collects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CodFee {
    /// Nothing.
    #[default]
    None,
    /// A fixed amount.
    Flat(Money),
    /// A share of what is collected besides the fee, in hundredths of a percent (150 = 1.5 %).
    Percent(u32),
}

impl CodFee {
    /// The fee on `collected` (the goods after their discount, and shipping), rounded to the
    /// nearest piastre; `None` only if the sum cannot be represented.
    pub fn on(&self, collected: Money) -> Option<Money> {
        match *self {
            CodFee::None => Some(Money::ZERO),
            CodFee::Flat(fee) => Some(fee),
            CodFee::Percent(hundredths) => {
                let scaled = collected.piastres().checked_mul(i64::from(hundredths))?;
                Some(Money::from_piastres(scaled.checked_add(5_000)? / 10_000))
            }
        }
    }
}

/// Whether a city's buyers can pay in cash at the door, and what it costs there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CashTerms {
    /// Whether cash on delivery is taken there.
    pub accepted: bool,
    /// Its fee there.
    pub fee: CodFee,
}

impl Default for CashTerms {
    fn default() -> Self {
        CashTerms { accepted: true, fee: CodFee::None }
    }
}

/// A city the shop delivers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShippingCity {
    /// Its id.
    pub id: CityId,
    /// Its name.
    pub name: Localized<String>,
    /// The base shipping cost of an order to it.
    pub shipping_cost: Money,
    /// Cash on delivery there.
    pub cash: CashTerms,
    /// Whether buyers can choose it; an inactive city stays on the addresses that use it.
    pub active: bool,
    /// Its position in lists.
    pub sort_order: i32,
}

/// A city as staff write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CityDraft {
    /// Its name, trimmed.
    pub name: Localized<String>,
    /// The base shipping cost.
    pub shipping_cost: Money,
    /// Cash on delivery there.
    pub cash: CashTerms,
    /// Whether buyers can choose it.
    pub active: bool,
    /// Its position in lists.
    pub sort_order: i32,
}

impl CityDraft {
    /// The rules a city must keep: both names, a cost from 0 to [`SHIPPING_COST_MAX`], a flat
    /// cash fee in the same range and a share from 0 to 100 %.
    pub fn check(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        for (field, name) in [("name_ar", &self.name.ar), ("name_en", &self.name.en)] {
            if name.is_empty() {
                errors.add(field, "required");
            }
            errors.limit_length(field, name, limits::NAME);
        }
        if self.shipping_cost < Money::ZERO || self.shipping_cost > SHIPPING_COST_MAX {
            errors.add("shipping_cost", "shipping_cost_range");
        }
        let fee_in_range = match self.cash.fee {
            CodFee::None => true,
            CodFee::Flat(fee) => fee >= Money::ZERO && fee <= SHIPPING_COST_MAX,
            CodFee::Percent(hundredths) => hundredths <= COD_PERCENT_MAX,
        };
        if !fee_in_range {
            errors.add("cod_fee", "cod_fee_range");
        }
        errors.into_result()
    }
}

/// Which cities staff list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CityQuery {
    /// Part of a name in either language.
    pub search: Option<String>,
    /// The page.
    pub page: PageRequest,
}

/// What removing a city did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CityRemoval {
    /// No address used it: it is gone.
    Removed,
    /// Addresses still use it: it was deactivated instead, so they keep their city.
    Deactivated,
    /// There is no such city.
    NotFound,
}
