//! Exchange rules: how many points buy what percent off (design §5), set by staff.

use kernel::{FieldErrors, Percent};

/// The most points one rule may ask for.
pub const POINTS_MAX: i64 = 1_000_000;

/// A rule as staff write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleDraft {
    /// Points it costs.
    pub points: i64,
    /// Percent off the coupon gives.
    pub discount: Percent,
    /// Offered to clients.
    pub active: bool,
}

impl RuleDraft {
    /// The rules a rule keeps: 1 to 1,000,000 points for 1 to 100 percent.
    pub fn check(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        if !(1..=POINTS_MAX).contains(&self.points) {
            errors.add("points", "points_range");
        }
        if self.discount == Percent::ZERO {
            errors.add("discount", "discount_range");
        }
        errors.into_result()
    }
}

/// A stored rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExchangeRule {
    /// Its id.
    pub id: i64,
    /// Its terms.
    pub draft: RuleDraft,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_costs_some_points_for_some_percent() {
        let rule = RuleDraft { points: 100, discount: Percent::clamped(10), active: true };
        assert!(rule.check().is_ok());
        let fields = |draft: RuleDraft| draft.check().err().map(|errors| errors.iter().map(|(field, _)| field.to_string()).collect::<Vec<_>>());
        assert_eq!(fields(RuleDraft { points: 0, ..rule }), Some(vec!["points".to_string()]));
        assert_eq!(fields(RuleDraft { points: POINTS_MAX + 1, ..rule }), Some(vec!["points".to_string()]));
        assert_eq!(fields(RuleDraft { discount: Percent::ZERO, points: -5, ..rule }), Some(vec!["discount".to_string(), "points".to_string()]));
    }
}
