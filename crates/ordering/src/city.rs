//! Shipping cities: the governorates the shop delivers to, each with its base shipping cost.

use kernel::validation::limits;
use kernel::{CityId, FieldErrors, Localized, Money, PageRequest};

/// The highest base cost a city may have: far above any real courier's price, low enough that
/// no order total can overflow because of it.
pub const SHIPPING_COST_MAX: Money = Money::from_pounds(100_000);

/// A city the shop delivers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShippingCity {
    /// Its id.
    pub id: CityId,
    /// Its name.
    pub name: Localized<String>,
    /// The base shipping cost of an order to it.
    pub shipping_cost: Money,
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
    /// Whether buyers can choose it.
    pub active: bool,
    /// Its position in lists.
    pub sort_order: i32,
}

impl CityDraft {
    /// The rules a city must keep: both names, a cost from 0 to [`SHIPPING_COST_MAX`].
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
