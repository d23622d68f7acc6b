//! The programme's numbers, which staff set among the shop's settings.

use chrono::{DateTime, Months, TimeDelta, Utc};
use kernel::Money;

/// How points are earned, how long they last and how long a coupon bought with them works.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoyaltyTerms {
    /// One point per this much of an order's subtotal (design §5: 10 EGP).
    pub earn_rate: Money,
    /// Points expire this many months after they were added; 0 means never.
    pub expiry_months: u32,
    /// A coupon bought with points works for this many days.
    pub coupon_days: u32,
}

impl LoyaltyTerms {
    /// The points a subtotal earns: one per whole earn rate, rounded down (149.99 EGP at 10
    /// EGP a point is 14 points). Nothing when the rate is not above zero.
    pub fn points_for(&self, subtotal: Money) -> i64 {
        if self.earn_rate <= Money::ZERO || subtotal <= Money::ZERO {
            return 0;
        }
        subtotal.piastres() / self.earn_rate.piastres()
    }

    /// When points added at `at` expire; none when they never do.
    pub fn expiry_of(&self, at: DateTime<Utc>) -> Option<DateTime<Utc>> {
        if self.expiry_months == 0 {
            return None;
        }
        at.checked_add_months(Months::new(self.expiry_months))
    }

    /// When a coupon bought at `at` stops working.
    pub fn coupon_end(&self, at: DateTime<Utc>) -> DateTime<Utc> {
        at + TimeDelta::days(i64::from(self.coupon_days.max(1)))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn terms(rate_piastres: i64, months: u32) -> LoyaltyTerms {
        LoyaltyTerms { earn_rate: Money::from_piastres(rate_piastres), expiry_months: months, coupon_days: 30 }
    }

    #[test]
    fn a_subtotal_earns_one_point_per_whole_rate_rounded_down() {
        let ten_pounds = terms(1000, 0);
        assert_eq!(ten_pounds.points_for(Money::from_piastres(14_999)), 14);
        assert_eq!(ten_pounds.points_for(Money::from_pounds(150)), 15);
        assert_eq!(ten_pounds.points_for(Money::from_piastres(999)), 0);
        assert_eq!(terms(1250, 0).points_for(Money::from_pounds(100)), 8, "12.5 EGP a point");
        assert_eq!(terms(0, 0).points_for(Money::from_pounds(100)), 0, "no rate, no points");
        assert_eq!(ten_pounds.points_for(Money::ZERO), 0);
    }

    #[test]
    fn points_expire_whole_months_later_or_never() {
        let at = DateTime::parse_from_rfc3339("2026-01-31T10:00:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(terms(1000, 0).expiry_of(at), None);
        assert_eq!(terms(1000, 1).expiry_of(at).unwrap().to_rfc3339(), "2026-02-28T10:00:00+00:00", "the month's last day when it is shorter");
        assert_eq!(terms(1000, 12).expiry_of(at).unwrap().to_rfc3339(), "2027-01-31T10:00:00+00:00");
    }
}
