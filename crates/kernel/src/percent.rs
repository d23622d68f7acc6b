//! A share of a price, in whole percent.

use serde::{Serialize, Serializer};

/// A whole percentage from 0 to 100: a product's own discount, an offer, a promo code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Percent(u8);

impl Percent {
    /// Nothing off.
    pub const ZERO: Percent = Percent(0);

    /// A percentage, or `None` above 100 or below 0.
    pub fn new(value: i64) -> Option<Percent> {
        u8::try_from(value).ok().filter(|value| *value <= 100).map(Percent)
    }

    /// A percentage known when the code is written (demo data, tests); above 100 is 100.
    pub const fn clamped(value: u8) -> Percent {
        Percent(if value > 100 { 100 } else { value })
    }

    /// The whole percent.
    pub const fn value(self) -> u8 {
        self.0
    }
}

impl Serialize for Percent {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_percentage_is_between_zero_and_a_hundred() {
        assert_eq!(Percent::new(15).map(Percent::value), Some(15));
        assert_eq!(Percent::new(100).map(Percent::value), Some(100));
        assert_eq!(Percent::new(101), None);
        assert_eq!(Percent::new(-1), None);
        assert_eq!(Percent::new(i64::MAX), None);
    }
}
