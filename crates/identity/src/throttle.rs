//! Attempt limits: how long to wait when too many attempts fall inside a window.

use chrono::{DateTime, Duration, Utc};

/// A limit of `max` attempts per `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// Attempts allowed inside the window.
    pub max: usize,
    /// The sliding window.
    pub window: Duration,
}

impl Limit {
    /// `max` attempts per `minutes` minutes.
    pub const fn per_minutes(max: usize, minutes: i64) -> Limit {
        Limit { max, window: Duration::minutes(minutes) }
    }

    /// Seconds to wait before one more attempt is allowed, given earlier attempts' times;
    /// `None` when one is allowed now.
    pub fn retry_after(&self, attempts: &[DateTime<Utc>], now: DateTime<Utc>) -> Option<u64> {
        let mut recent: Vec<DateTime<Utc>> = attempts.iter().copied().filter(|at| *at > now - self.window).collect();
        if recent.len() < self.max {
            return None;
        }
        recent.sort();
        // The attempt that must leave the window before a new one fits.
        let blocking = recent[recent.len() - self.max];
        let wait = (blocking + self.window - now).num_seconds().max(1);
        Some(u64::try_from(wait).unwrap_or(1))
    }
}

/// Limits per client address (and per phone-number block), set by the shop's operator: a
/// shop whose buyers share carrier-grade NAT addresses needs room, one behind a single
/// proxy needs the trusted-proxy setting so that addresses are the buyers' own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientLimits {
    /// Failed logins from one address.
    pub login_failures: Limit,
    /// Accounts opened from one address.
    pub registrations: Limit,
    /// Accounts opened with numbers of one block (`0101234xxxx`): SMS pumping walks a block.
    pub registrations_per_phone_block: Limit,
    /// Password-reset codes asked for from one address.
    pub password_resets: Limit,
    /// Contact messages sent from one address.
    pub contact_messages: Limit,
    /// Guest checkouts tried from one address: each holds stock until staff act on it.
    pub guest_orders: Limit,
    /// Guest order look-ups (number and phone) from one address.
    pub order_lookups: Limit,
}

impl Default for ClientLimits {
    fn default() -> Self {
        ClientLimits {
            login_failures: Limit::per_minutes(30, 15),
            registrations: Limit::per_minutes(10, 60),
            registrations_per_phone_block: Limit::per_minutes(20, 60),
            password_resets: Limit::per_minutes(10, 60),
            contact_messages: Limit::per_minutes(5, 60),
            guest_orders: Limit::per_minutes(60, 60),
            order_lookups: Limit::per_minutes(120, 15),
        }
    }
}

/// What a client address is limited in, besides logins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientAction {
    /// Sending a contact message.
    Contact,
    /// Placing an order without an account.
    GuestOrder,
    /// Looking up a guest order by number and phone.
    TrackOrder,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allows_until_the_limit_then_tells_when_to_retry() {
        let now = Utc::now();
        let limit = Limit::per_minutes(2, 10);
        assert_eq!(limit.retry_after(&[], now), None);
        assert_eq!(limit.retry_after(&[now - Duration::minutes(3)], now), None);
        let two = [now - Duration::minutes(3), now - Duration::minutes(1)];
        assert_eq!(limit.retry_after(&two, now), Some(7 * 60));
    }

    #[test]
    fn attempts_outside_the_window_do_not_count() {
        let now = Utc::now();
        let old = [now - Duration::minutes(11), now - Duration::minutes(20)];
        assert_eq!(Limit::per_minutes(1, 10).retry_after(&old, now), None);
    }
}
