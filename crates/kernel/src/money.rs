//! Money as whole piastres (1 EGP = 100 piastres), never a float.

use serde::{Serialize, Serializer};

/// An amount of Egyptian pounds, held as integer piastres.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

impl Money {
    /// No money.
    pub const ZERO: Money = Money(0);
    /// The largest price the shop accepts, a million pounds: far above any real product, far
    /// below where sums of a thousand lines of a thousand units could overflow.
    pub const PRICE_MAX: Money = Money(1_000_000 * 100);

    /// An amount of piastres.
    pub const fn from_piastres(piastres: i64) -> Money {
        Money(piastres)
    }

    /// Whole pounds.
    pub const fn from_pounds(pounds: i64) -> Money {
        Money(pounds * 100)
    }

    /// Parses `150`, `150.5`, `150.50` (Arabic-Indic digits too) into money; more than two
    /// decimals, negatives and anything else are refused.
    pub fn parse_pounds(raw: &str) -> Option<Money> {
        let text = crate::digits::to_latin_digits(raw.trim()).replace('٫', ".");
        let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || fraction.len() > 2 {
            return None;
        }
        if !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let pounds: i64 = whole.parse().ok()?;
        let piastres: i64 = format!("{fraction:0<2}").parse().ok()?;
        pounds.checked_mul(100)?.checked_add(piastres).map(Money)
    }

    /// The amount in piastres.
    pub const fn piastres(self) -> i64 {
        self.0
    }

    /// The amount in pounds for JSON answers (exact for two decimals).
    pub fn pounds(self) -> f64 {
        self.0 as f64 / 100.0
    }
}

impl Money {
    /// The sum, or `None` when it would overflow.
    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).map(Money)
    }

    /// The difference, or `None` when it would overflow.
    pub fn checked_sub(self, other: Money) -> Option<Money> {
        self.0.checked_sub(other.0).map(Money)
    }

    /// The amount times a quantity, or `None` when it would overflow.
    pub fn checked_times(self, quantity: i64) -> Option<Money> {
        self.0.checked_mul(quantity).map(Money)
    }

    /// The amount with `percent` taken off, rounded to the nearest piastre. Never negative
    /// for a non-negative amount and never overflows: the product is taken in 128 bits.
    pub fn percent_off(self, percent: crate::Percent) -> Money {
        let kept = i128::from(100 - percent.value());
        let piastres = (i128::from(self.0) * kept + 50).div_euclid(100);
        Money(i64::try_from(piastres).unwrap_or(if piastres < 0 { i64::MIN } else { i64::MAX }))
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.pounds())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pc(value: i64) -> crate::Percent {
        crate::Percent::new(value).unwrap_or_default()
    }

    #[test]
    fn parses_pounds_with_up_to_two_decimals() {
        assert_eq!(Money::parse_pounds("150"), Some(Money(15000)));
        assert_eq!(Money::parse_pounds("150.5"), Some(Money(15050)));
        assert_eq!(Money::parse_pounds("١٥٠٫٢٥"), Some(Money(15025)));
        assert_eq!(Money::parse_pounds("1.234"), None);
        assert_eq!(Money::parse_pounds("-3"), None);
        assert_eq!(Money::parse_pounds("abc"), None);
    }

    #[test]
    fn arithmetic_is_checked_and_discounts_never_go_negative() {
        let huge = Money(i64::MAX - 7);
        assert_eq!(huge.checked_add(Money(100)), None);
        assert_eq!(Money(-5).checked_sub(Money(i64::MAX)), None);
        assert_eq!(Money(15050).checked_times(3), Some(Money(45150)));
        assert_eq!(huge.checked_times(2), None);
        assert_eq!(huge.percent_off(pc(99)), Money((i128::from(i64::MAX - 7) + 50).div_euclid(100) as i64));
        assert!(huge.percent_off(pc(99)) > Money::ZERO);
        assert_eq!(Money(15050).percent_off(pc(10)), Money(13545));
        assert_eq!(Money(999).percent_off(pc(15)), Money(849));
        assert_eq!(Money(100).percent_off(pc(100)), Money::ZERO);
    }

    #[test]
    fn serialises_as_pounds() {
        assert_eq!(serde_json::to_string(&Money(15050)).ok(), Some("150.5".into()));
    }
}
