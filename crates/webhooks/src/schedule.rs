//! When a failed delivery is tried again, and when an endpoint that keeps failing is disabled.

use chrono::{DateTime, Duration, Utc};

/// The waits after the first attempt and each retry that failed: about 21 hours in all, so a
/// receiver down for most of a day still gets every event.
pub const RETRY_WAITS: [Duration; 6] =
    [Duration::minutes(1), Duration::minutes(5), Duration::minutes(30), Duration::hours(2), Duration::hours(6), Duration::hours(12)];

/// Failed attempts in a row after which, with no success for [`SILENCE_BEFORE_DISABLE`], an
/// endpoint is disabled.
pub const FAILURES_BEFORE_DISABLE: u32 = 10;
/// How long an endpoint may go without a success before failures disable it.
pub const SILENCE_BEFORE_DISABLE: Duration = Duration::days(3);

/// What an answer (or its absence) means for a delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A 2xx: delivered.
    Delivered,
    /// A 5xx, a 429, a timeout or no connection: worth trying again.
    Retry,
    /// Any other answer (a 4xx, a redirect, which is not followed): trying again would get
    /// the same.
    Failed,
    /// A 410: the receiver is gone, and the endpoint is disabled.
    Gone,
}

/// The verdict on an answer's status; `None` when no answer came.
pub fn verdict(status: Option<u16>) -> Verdict {
    match status {
        Some(200..=299) => Verdict::Delivered,
        Some(410) => Verdict::Gone,
        Some(429 | 500..=599) | None => Verdict::Retry,
        Some(_) => Verdict::Failed,
    }
}

/// When to try again after the `attempts`-th attempt failed worth a retry, or `None` when the
/// retries are spent; `jitter` (0 to 1) adds up to a tenth, so endpoints that failed together
/// are not all tried in the same second.
pub fn next_attempt(attempts: u32, failed_at: DateTime<Utc>, jitter: f64) -> Option<DateTime<Utc>> {
    let wait = *RETRY_WAITS.get(usize::try_from(attempts).ok()?.checked_sub(1)?)?;
    let extra = wait.num_milliseconds() as f64 * 0.1 * jitter.clamp(0.0, 1.0);
    Some(failed_at + wait + Duration::milliseconds(extra as i64))
}

/// Whether an endpoint with `failures_in_row` failed attempts and its last success (or, never
/// having one, its creation) at `since` is disabled now.
pub fn should_disable(failures_in_row: u32, since: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    failures_in_row >= FAILURES_BEFORE_DISABLE && now - since >= SILENCE_BEFORE_DISABLE
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn at() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 29, 0, 0, 0).single().unwrap_or_default()
    }

    #[test]
    fn retries_wait_one_five_thirty_minutes_then_two_six_twelve_hours_then_stop() {
        let waits: Vec<i64> = (1..=6).filter_map(|attempt| next_attempt(attempt, at(), 0.0)).map(|next| (next - at()).num_minutes()).collect();
        assert_eq!(waits, [1, 5, 30, 120, 360, 720]);
        assert_eq!(next_attempt(7, at(), 0.0), None, "seven attempts in all");
        assert_eq!(next_attempt(0, at(), 0.0), None);
        assert_eq!(RETRY_WAITS.iter().map(|wait| wait.num_minutes()).sum::<i64>(), 1236, "about 21 hours");
    }

    #[test]
    fn jitter_adds_at_most_a_tenth() {
        assert_eq!(next_attempt(2, at(), 1.0).map(|next| (next - at()).num_seconds()), Some(330));
        assert_eq!(next_attempt(2, at(), 0.5).map(|next| (next - at()).num_seconds()), Some(315));
        assert_eq!(next_attempt(2, at(), 9.0).map(|next| (next - at()).num_seconds()), Some(330), "beyond 1 counts as 1");
    }

    #[test]
    fn server_errors_rate_limits_and_silence_are_retried_other_refusals_are_not() {
        assert_eq!(verdict(Some(204)), Verdict::Delivered);
        for retried in [Some(500), Some(503), Some(429), None] {
            assert_eq!(verdict(retried), Verdict::Retry, "{retried:?}");
        }
        for failed in [400, 401, 404, 301, 302] {
            assert_eq!(verdict(Some(failed)), Verdict::Failed, "{failed}");
        }
        assert_eq!(verdict(Some(410)), Verdict::Gone);
    }

    #[test]
    fn an_endpoint_is_disabled_after_ten_failures_and_three_days_without_success() {
        let now = at();
        assert!(should_disable(10, now - Duration::days(3), now));
        assert!(!should_disable(9, now - Duration::days(30), now), "a few failures over a long time are not enough");
        assert!(!should_disable(500, now - Duration::days(2), now), "a burst of failures within three days is not enough");
    }
}
