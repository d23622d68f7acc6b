//! Weight in whole grams, and the unit staff type it in.

/// The unit a weight is typed and shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString, strum::Display, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum WeightUnit {
    /// Kilograms.
    Kg,
    /// Grams.
    G,
}

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

    /// Reads a positive weight typed in `unit`: Latin or Arabic-Indic digits, a `.` or `٫`
    /// decimal point, at most three decimals (whole grams); anything else is `None`.
    pub fn parse(raw: &str, unit: WeightUnit) -> Option<Weight> {
        let per_unit = match unit {
            WeightUnit::Kg => 1000,
            WeightUnit::G => 1,
        };
        let text = crate::digits::to_latin_digits(raw.trim()).replace('٫', ".");
        let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let whole: i64 = whole.parse().ok()?;
        let thousandths: i64 = format!("{fraction:0<3}").parse().ok()?;
        let grams = (whole.checked_mul(1000)?.checked_add(thousandths)?).checked_mul(per_unit)? / 1000;
        (grams > 0).then_some(Weight(grams))
    }

    /// The weight in kilograms, for JSON answers.
    pub fn kilograms(self) -> f64 {
        self.0 as f64 / 1000.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_read_in_kilograms_or_grams() {
        assert_eq!(Weight::parse("2.5", WeightUnit::Kg), Some(Weight(2500)));
        assert_eq!(Weight::parse("٢٥٠", WeightUnit::G), Some(Weight(250)));
        assert_eq!(Weight::parse("١٫٥", WeightUnit::Kg), Some(Weight(1500)));
        assert_eq!(Weight::parse("0", WeightUnit::Kg), None);
        assert_eq!(Weight::parse("1.2345", WeightUnit::Kg), None);
        assert_eq!(Weight::parse("heavy", WeightUnit::Kg), None);
        assert_eq!(Weight::parse("99999999999999999", WeightUnit::Kg), None, "overflow is refused");
    }
}
