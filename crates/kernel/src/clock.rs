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

/// When a shop's day begins, as an instant: midnight in Cairo (the first moment of the day where
/// a summer-time change skips midnight).
pub fn shop_day_start(day: NaiveDate) -> DateTime<Utc> {
    use chrono::TimeZone;
    let midnight = day.and_time(chrono::NaiveTime::MIN);
    match chrono_tz::Africa::Cairo.from_local_datetime(&midnight) {
        chrono::LocalResult::Single(at) | chrono::LocalResult::Ambiguous(at, _) => at.with_timezone(&Utc),
        // Cairo's summer time starts at midnight: the day begins an hour later.
        chrono::LocalResult::None => shop_day_start_after_gap(midnight),
    }
}

fn shop_day_start_after_gap(midnight: chrono::NaiveDateTime) -> DateTime<Utc> {
    use chrono::TimeZone;
    let later = midnight + chrono::Duration::hours(1);
    chrono_tz::Africa::Cairo.from_local_datetime(&later).earliest().map_or_else(|| later.and_utc(), |at| at.with_timezone(&Utc))
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

    #[test]
    fn a_shop_day_begins_at_midnight_in_cairo() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        assert_eq!(shop_day_start(day(2026, 11, 26)), Utc.with_ymd_and_hms(2026, 11, 25, 22, 0, 0).unwrap());
        assert_eq!(shop_day_start(day(2026, 7, 2)), Utc.with_ymd_and_hms(2026, 7, 1, 21, 0, 0).unwrap());
        for date in [day(2026, 4, 24), day(2026, 11, 26)] {
            assert_eq!(shop_day(shop_day_start(date)), date, "the start is on its own day");
        }
    }
}
