//! Money as whole piastres (1 EGP = 100 piastres), never a float.

use serde::{Serialize, Serializer};
use std::ops::{Add, Sub};

/// An amount of Egyptian pounds, held as integer piastres.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

impl Money {
    /// No money.
    pub const ZERO: Money = Money(0);

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

impl Add for Money {
    type Output = Money;
    fn add(self, other: Money) -> Money {
        Money(self.0 + other.0)
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, other: Money) -> Money {
        Money(self.0 - other.0)
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
    fn serialises_as_pounds() {
        assert_eq!(serde_json::to_string(&Money(15050)).ok(), Some("150.5".into()));
    }
}
