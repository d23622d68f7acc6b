//! What shipping costs (design §5): the city's base cost, plus a fee for every started
//! kilogram above the free weight. The cart shows the extra before a city is known; checkout
//! adds the city's base.

use crate::{Money, Weight};

/// The shop's rule for the weight part of shipping (settings `free_weight_kg`,
/// `extra_fee_per_kg`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShippingRule {
    /// Parcels up to this weight pay no extra.
    pub free_weight: Weight,
    /// The fee for every started kilogram above the free weight.
    pub extra_fee_per_kg: Money,
}

impl ShippingRule {
    /// The extra for a parcel of this weight; `None` only if the sum cannot be represented.
    pub fn extra_for(&self, weight: Weight) -> Option<Money> {
        let over = weight.grams().saturating_sub(self.free_weight.grams());
        if over <= 0 {
            return Some(Money::ZERO);
        }
        // Every started kilogram counts (`over` is positive here).
        self.extra_fee_per_kg.checked_times((over + 999) / 1000)
    }
}

/// The shipping of one order, in its parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShippingQuote {
    /// The city's cost.
    pub base: Money,
    /// The weight extra.
    pub extra: Money,
}

impl ShippingQuote {
    /// Base and extra for a parcel of `weight` sent to a city costing `base`.
    pub fn new(rule: &ShippingRule, base: Money, weight: Weight) -> Option<ShippingQuote> {
        Some(ShippingQuote { base, extra: rule.extra_for(weight)? })
    }

    /// What the buyer pays for shipping.
    pub fn total(&self) -> Option<Money> {
        self.base.checked_add(self.extra)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: ShippingRule = ShippingRule { free_weight: Weight::from_grams(10_000), extra_fee_per_kg: Money::from_pounds(5) };

    #[test]
    fn up_to_the_free_weight_costs_no_extra() {
        assert_eq!(RULE.extra_for(Weight::from_grams(0)), Some(Money::ZERO));
        assert_eq!(RULE.extra_for(Weight::from_grams(10_000)), Some(Money::ZERO), "exactly 10 kg");
    }

    #[test]
    fn every_started_kilogram_above_it_pays_the_fee() {
        assert_eq!(RULE.extra_for(Weight::from_grams(10_001)), Some(Money::from_pounds(5)), "10.001 kg starts the 11th");
        assert_eq!(RULE.extra_for(Weight::from_grams(11_000)), Some(Money::from_pounds(5)));
        assert_eq!(RULE.extra_for(Weight::from_grams(12_500)), Some(Money::from_pounds(15)), "2.5 kg over rounds up to 3");
    }

    #[test]
    fn a_quote_adds_the_city_to_the_extra() {
        let quote = ShippingQuote::new(&RULE, Money::from_pounds(45), Weight::from_grams(10_001)).unwrap();
        assert_eq!((quote.base, quote.extra, quote.total()), (Money::from_pounds(45), Money::from_pounds(5), Some(Money::from_pounds(50))));
        let absurd = ShippingRule { free_weight: Weight::from_grams(0), extra_fee_per_kg: Money::from_piastres(i64::MAX) };
        assert_eq!(absurd.extra_for(Weight::from_grams(2_000)), None, "overflow is refused, not wrapped");
    }
}
