//! The clock port, so that rules about time (expiry, rate limits) can be tested.

use chrono::{DateTime, NaiveDate, Utc};

/// Tells the current time.
pub trait Clock: Send + Sync {
    /// The current instant in UTC.
    fn now(&self) -> DateTime<Utc>;
}

/// The real clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// The shop's day of an instant: the calendar day in Cairo (UTC+2, +3 in summer time), so an
/// order placed at 01:00 in Cairo counts on that day, not on the day before as in UTC.
pub fn shop_day(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&chrono_tz::Africa::Cairo).date_naive()
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn the_shop_day_is_cairos_in_winter_and_in_summer_time() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        assert_eq!(shop_day(Utc.with_ymd_and_hms(2026, 11, 25, 22, 30, 0).unwrap()), day(2026, 11, 26), "00:30 in Cairo (UTC+2)");
        assert_eq!(shop_day(Utc.with_ymd_and_hms(2026, 11, 25, 21, 30, 0).unwrap()), day(2026, 11, 25), "23:30 in Cairo");
        assert_eq!(shop_day(Utc.with_ymd_and_hms(2026, 7, 1, 21, 30, 0).unwrap()), day(2026, 7, 2), "00:30 in Cairo's summer time (UTC+3)");
    }
}
