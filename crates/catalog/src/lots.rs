//! Batches on the shelf: a product's units kept per lot (batch number, expiry date, how many),
//! sold soonest-to-expire first and never once expired.

use chrono::{Days, NaiveDate, NaiveDateTime};
use kernel::{FieldErrors, ProductId};

/// A lot's stored id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LotId(pub i64);

/// The longest batch number kept.
pub const BATCH_MAX_CHARS: usize = 40;
/// The most units one lot holds.
pub const LOT_MAX_UNITS: i64 = 1_000_000;
/// A lot this many days or fewer from its expiry is flagged for staff.
pub const EXPIRING_WITHIN_DAYS: u64 = 60;

/// A lot as staff write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LotDraft {
    /// The maker's batch number, as printed on the pack.
    pub batch: String,
    /// The last day it may be sold.
    pub expires_on: NaiveDate,
    /// Units of it on the shelf.
    pub quantity: i64,
}

impl LotDraft {
    /// The rules of a lot: a batch number of 1 to 40 characters, 0 to 1,000,000 units, and an
    /// expiry not already past (an expired lot is not received for sale).
    pub fn check(&self, today: NaiveDate) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        if self.batch.trim().is_empty() {
            errors.add("batch", "required");
        }
        errors.limit_length("batch", &self.batch, BATCH_MAX_CHARS);
        if !(0..=LOT_MAX_UNITS).contains(&self.quantity) {
            errors.add("quantity", "number_range");
        }
        if self.expires_on < today {
            errors.add("expires_on", "lot_expired");
        }
        errors.into_result()
    }
}

/// The batch name of the lot that keeps the units a product held before it was kept in lots.
pub const OPENING_STOCK_BATCH: &str = "رصيد افتتاحي (opening stock)";
/// The longest reason for writing units off.
pub const WRITE_OFF_REASON_MAX_CHARS: usize = 500;

/// What becomes of the units a product holds outside any lot when its first lot is received:
/// once kept in lots, its stock is the units of its lots, and units in none would be lost
/// without a word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnlottedUnits {
    /// Kept as a lot of their own ([`OPENING_STOCK_BATCH`]), selling until this day.
    OpeningStock {
        /// The day the owner says they expire.
        expires_on: NaiveDate,
    },
    /// Written off, with why (damaged, counted wrong, given away).
    WriteOff {
        /// Why.
        reason: String,
    },
}

impl UnlottedUnits {
    /// The rules of the choice: an opening lot's expiry not already past, a write-off's reason
    /// of 1 to 500 characters.
    pub fn check(&self, today: NaiveDate) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        match self {
            UnlottedUnits::OpeningStock { expires_on } if *expires_on < today => errors.add("opening_expires_on", "lot_expired"),
            UnlottedUnits::OpeningStock { .. } => {}
            UnlottedUnits::WriteOff { reason } if reason.trim().is_empty() => errors.add("write_off_reason", "required"),
            UnlottedUnits::WriteOff { reason } => errors.limit_length("write_off_reason", reason, WRITE_OFF_REASON_MAX_CHARS),
        }
        errors.into_result()
    }
}

/// A lot of a product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lot {
    /// Its id.
    pub id: LotId,
    /// The product it is of.
    pub product: ProductId,
    /// Its batch, expiry and units.
    pub draft: LotDraft,
    /// When it was recorded.
    pub received_at: NaiveDateTime,
}

/// Where a lot stands on a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LotState {
    /// Sellable, more than [`EXPIRING_WITHIN_DAYS`] from its expiry.
    InDate,
    /// Sellable, but expiring within [`EXPIRING_WITHIN_DAYS`]: staff see it flagged.
    ExpiringSoon,
    /// Past its expiry: never sold, listed for staff to take off the shelf.
    Expired,
}

impl LotState {
    /// The state's name in the API.
    pub fn name(self) -> &'static str {
        match self {
            LotState::InDate => "in_date",
            LotState::ExpiringSoon => "expiring_soon",
            LotState::Expired => "expired",
        }
    }
}

impl Lot {
    /// Where the lot stands on `today`: its expiry day is the last day it sells.
    pub fn state(&self, today: NaiveDate) -> LotState {
        let soon = today.checked_add_days(Days::new(EXPIRING_WITHIN_DAYS)).unwrap_or(NaiveDate::MAX);
        if self.draft.expires_on < today {
            LotState::Expired
        } else if self.draft.expires_on <= soon {
            LotState::ExpiringSoon
        } else {
            LotState::InDate
        }
    }
}

/// How many units a line takes from which lot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LotTake {
    /// The lot.
    pub lot: LotId,
    /// Units taken from it.
    pub quantity: i64,
}

/// The lots `wanted` units come from on `today`: the soonest to expire first (first expired,
/// first out), the older lot first between two of one expiry, never an expired one. `Err`
/// carries how many units the lots in date hold when they hold fewer than `wanted`.
pub fn first_expiring_first(lots: &[Lot], wanted: i64, today: NaiveDate) -> Result<Vec<LotTake>, i64> {
    let mut sellable: Vec<&Lot> = lots.iter().filter(|lot| lot.draft.quantity > 0 && lot.state(today) != LotState::Expired).collect();
    sellable.sort_by_key(|lot| (lot.draft.expires_on, lot.id));
    let mut left = wanted;
    let mut takes = Vec::new();
    for lot in sellable {
        if left == 0 {
            break;
        }
        let quantity = lot.draft.quantity.min(left);
        takes.push(LotTake { lot: lot.id, quantity });
        left -= quantity;
    }
    if left > 0 {
        return Err(wanted - left);
    }
    Ok(takes)
}

/// The units of `lots` that can be sold on `today`: what the product's stock shows.
pub fn sellable_units(lots: &[Lot], today: NaiveDate) -> i64 {
    lots.iter().filter(|lot| lot.state(today) != LotState::Expired).map(|lot| lot.draft.quantity).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    fn lot(id: i64, expires_on: &str, quantity: i64) -> Lot {
        Lot {
            id: LotId(id),
            product: ProductId(1),
            draft: LotDraft { batch: format!("B{id}"), expires_on: day(expires_on), quantity },
            received_at: day("2026-01-01").and_hms_opt(0, 0, 0).unwrap(),
        }
    }

    #[test]
    fn orders_take_the_lot_that_expires_first_and_spill_into_the_next() {
        let lots = [lot(1, "2027-06-01", 10), lot(2, "2027-01-15", 4), lot(3, "2027-03-01", 5)];
        let takes = first_expiring_first(&lots, 7, day("2026-11-27")).unwrap();
        assert_eq!(takes, [LotTake { lot: LotId(2), quantity: 4 }, LotTake { lot: LotId(3), quantity: 3 }]);
    }

    #[test]
    fn an_expired_lot_is_never_taken_and_its_units_are_not_sellable() {
        let lots = [lot(1, "2026-11-26", 10), lot(2, "2027-01-15", 3)];
        let today = day("2026-11-27");
        assert_eq!(first_expiring_first(&lots, 3, today), Ok(vec![LotTake { lot: LotId(2), quantity: 3 }]));
        assert_eq!(first_expiring_first(&lots, 4, today), Err(3), "only the 3 in date can be sold");
        assert_eq!(sellable_units(&lots, today), 3);
    }

    #[test]
    fn a_lot_sells_on_its_expiry_day_and_not_the_day_after() {
        let lots = [lot(1, "2026-11-27", 2)];
        assert_eq!(first_expiring_first(&lots, 2, day("2026-11-27")).map(|takes| takes.len()), Ok(1));
        assert_eq!(first_expiring_first(&lots, 1, day("2026-11-28")), Err(0));
    }

    #[test]
    fn lots_of_one_expiry_go_oldest_first_and_empty_lots_are_skipped() {
        let lots = [lot(5, "2027-01-01", 3), lot(4, "2027-01-01", 0), lot(2, "2027-01-01", 3)];
        let takes = first_expiring_first(&lots, 4, day("2026-11-27")).unwrap();
        assert_eq!(takes, [LotTake { lot: LotId(2), quantity: 3 }, LotTake { lot: LotId(5), quantity: 1 }]);
    }

    #[test]
    fn a_lot_within_sixty_days_of_expiry_is_flagged() {
        let today = day("2026-11-27");
        assert_eq!(lot(1, "2027-01-26", 1).state(today), LotState::ExpiringSoon, "60 days ahead");
        assert_eq!(lot(1, "2027-01-27", 1).state(today), LotState::InDate, "61 days ahead");
        assert_eq!(lot(1, "2026-11-27", 1).state(today), LotState::ExpiringSoon, "its last day");
        assert_eq!(lot(1, "2026-11-26", 1).state(today), LotState::Expired);
    }

    #[test]
    fn a_lot_needs_a_batch_units_in_range_and_an_expiry_not_past() {
        let today = day("2026-11-27");
        let good = LotDraft { batch: "AB-2291".into(), expires_on: day("2027-05-01"), quantity: 40 };
        assert!(good.check(today).is_ok());
        let bad = LotDraft { batch: " ".into(), expires_on: day("2026-11-26"), quantity: -1 };
        let errors = bad.check(today).unwrap_err();
        let fields: Vec<&str> = errors.iter().map(|(field, _)| field).collect();
        assert_eq!(fields, ["batch", "expires_on", "quantity"]);
        let long = LotDraft { batch: "x".repeat(BATCH_MAX_CHARS + 1), ..good };
        assert!(long.check(today).is_err());
    }
}
