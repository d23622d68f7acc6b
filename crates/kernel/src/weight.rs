//! Weight in whole grams.

/// A weight, held as grams.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Weight(i64);

impl Weight {
    /// A weight of some grams.
    pub const fn from_grams(grams: i64) -> Weight {
        Weight(grams)
    }

    /// The weight in grams.
    pub const fn grams(self) -> i64 {
        self.0
    }

    /// The weight in kilograms, for JSON answers.
    pub fn kilograms(self) -> f64 {
        self.0 as f64 / 1000.0
    }
}
