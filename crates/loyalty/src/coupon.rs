//! The coupon a client buys with points: a percent off one order of theirs, until it expires.
//! It is kept among ordering's promo codes (the store writes it there), which refuse it to
//! anybody but its owner and give its use back when the order is cancelled.

use chrono::{DateTime, Utc};
use kernel::{Percent, UserId};
use rand::Rng;

/// Every personal coupon's code starts so, which tells staff where it came from.
pub const CODE_PREFIX: &str = "PTS-";

/// Letters and digits nobody misreads over the phone (no 0/O, 1/I/L).
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// Random characters after the prefix: 31^8, about 8.5 × 10^11 codes.
const CODE_LENGTH: usize = 8;

/// How many orders a personal coupon serves.
pub const USES: u32 = 1;

/// A coupon bought with points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonalCoupon {
    /// Its code, as the buyer types it at checkout.
    pub code: String,
    /// Whose it is: nobody else can use it.
    pub owner: UserId,
    /// Percent off the order's subtotal.
    pub discount: Percent,
    /// Until when it works.
    pub expires_at: DateTime<Utc>,
}

impl PersonalCoupon {
    /// A new coupon for `owner` with a fresh random code.
    pub fn new(owner: UserId, discount: Percent, expires_at: DateTime<Utc>) -> PersonalCoupon {
        let mut rng = rand::thread_rng();
        let random: String = (0..CODE_LENGTH).map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())])).collect();
        PersonalCoupon { code: format!("{CODE_PREFIX}{random}"), owner, discount, expires_at }
    }
}

/// A client's newest coupon as it stands now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastCoupon {
    /// The coupon.
    pub coupon: PersonalCoupon,
    /// Whether an order (not cancelled) used it.
    pub used: bool,
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_coupon_code_is_the_prefix_and_eight_unambiguous_characters() {
        let at = DateTime::from_timestamp(1_790_000_000, 0).unwrap();
        let codes: Vec<String> = (0..200).map(|_| PersonalCoupon::new(UserId(7), Percent::clamped(10), at).code).collect();
        for code in &codes {
            let random = code.strip_prefix(CODE_PREFIX).unwrap();
            assert_eq!(random.len(), CODE_LENGTH, "{code}");
            assert!(random.bytes().all(|c| ALPHABET.contains(&c)), "{code}");
            assert!(!random.contains(['0', 'O', '1', 'I', 'L']), "{code}");
            assert_eq!(code.to_uppercase(), *code, "codes are kept folded, as promo codes are");
        }
        let mut distinct = codes.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), codes.len(), "random codes");
    }
}
