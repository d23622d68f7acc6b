//! A client's points ledger (design §5): every change is a row, the balance is their sum.
//! Points come in lots (each row that adds points) and leave oldest lot first, so the points
//! that expire are always the oldest ones still unspent.

use chrono::{DateTime, Utc};
use kernel::UserId;

/// Why a row of the ledger was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum EntryKind {
    /// A delivered order earned them.
    Earn,
    /// They bought a personal coupon.
    Exchange,
    /// Staff added or removed them, with a reason.
    Adjust,
    /// A lot reached its end unspent.
    Expire,
    /// A return took back what its units earned.
    Return,
    /// An earning paid off points a return took back that the balance lacked.
    Repay,
    /// A delivery staff undid gave back what it earned.
    Undo,
}

/// One row of a client's ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its id; rows written later have larger ids.
    pub id: i64,
    /// Why it was written.
    pub kind: EntryKind,
    /// Points added (positive) or taken (negative).
    pub points: i64,
    /// When it took effect (an expiry: when its lot ended).
    pub at: DateTime<Utc>,
    /// For a row that adds points: when what is left of them expires; none for never.
    pub expires_at: Option<DateTime<Utc>>,
    /// For an expiry: the row whose points it ends.
    pub lot: Option<i64>,
    /// What it is about: the staff's reason, the order's number or the coupon's code.
    pub note: String,
}

/// Points of a lot that reach their end unspent, to be written as an [`EntryKind::Expire`] row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Expiry {
    /// The row that added them.
    pub lot: i64,
    /// How many expire (zero when the lot was spent before its end).
    pub points: i64,
    /// When: the lot's end.
    pub at: DateTime<Utc>,
}

/// The next points to expire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextExpiry {
    /// How many.
    pub points: i64,
    /// When.
    pub at: DateTime<Utc>,
}

/// A lot as the ledger is read: what is left of it.
#[derive(Debug, Clone, Copy)]
struct Lot {
    id: i64,
    left: i64,
    expires_at: Option<DateTime<Utc>>,
    ended: bool,
}

/// One thing that happened to the points, in time order.
enum Event<'a> {
    /// A row as written.
    Written(&'a Entry),
    /// A lot's end, due and not yet written.
    Due(i64, DateTime<Utc>),
}

/// A client's ledger read at one moment.
#[derive(Debug, Clone)]
pub struct Ledger {
    lots: Vec<Lot>,
    written: i64,
    due: Vec<Expiry>,
}

impl Ledger {
    /// Reads the rows (in any order) at `now`: each lot's end that has come and has no row yet
    /// is due, for what is left of it then.
    pub fn read(entries: &[Entry], now: DateTime<Utc>) -> Ledger {
        let closed: Vec<i64> = entries.iter().filter_map(|entry| entry.lot).collect();
        let mut events: Vec<(DateTime<Utc>, u8, i64, Event<'_>)> = entries.iter().map(|entry| (entry.at, 1, entry.id, Event::Written(entry))).collect();
        events.extend(
            entries
                .iter()
                .filter(|entry| entry.points > 0 && !closed.contains(&entry.id))
                .filter_map(|entry| Some((entry.id, entry.expires_at?)))
                .filter(|(_, end)| *end <= now)
                // At the same instant an end comes before a spend: the points were gone by then.
                .map(|(lot, end)| (end, 0, lot, Event::Due(lot, end))),
        );
        events.sort_by_key(|(at, class, id, _)| (*at, *class, *id));
        let mut ledger = Ledger { lots: Vec::new(), written: 0, due: Vec::new() };
        for (_, _, _, event) in events {
            match event {
                Event::Written(entry) => ledger.apply(entry),
                Event::Due(lot, at) => {
                    let points = ledger.end(lot);
                    ledger.due.push(Expiry { lot, points, at });
                }
            }
        }
        ledger
    }

    fn apply(&mut self, entry: &Entry) {
        self.written += entry.points;
        match (entry.kind, entry.lot) {
            (EntryKind::Expire, Some(lot)) => {
                self.end(lot);
            }
            _ if entry.points > 0 => self.lots.push(Lot { id: entry.id, left: entry.points, expires_at: entry.expires_at, ended: false }),
            _ => self.spend(-entry.points),
        }
    }

    /// Takes points from the oldest lots still running.
    fn spend(&mut self, mut points: i64) {
        for lot in self.lots.iter_mut().filter(|lot| !lot.ended) {
            if points <= 0 {
                break;
            }
            let taken = lot.left.min(points);
            lot.left -= taken;
            points -= taken;
        }
    }

    /// Ends a lot; what was left of it.
    fn end(&mut self, id: i64) -> i64 {
        let Some(lot) = self.lots.iter_mut().find(|lot| lot.id == id && !lot.ended) else { return 0 };
        lot.ended = true;
        std::mem::take(&mut lot.left)
    }

    /// The points the client holds now: the rows' sum less what is due to expire.
    pub fn balance(&self) -> i64 {
        self.written - self.due.iter().map(|expiry| expiry.points).sum::<i64>()
    }

    /// The lots' ends that have come and have no row yet, oldest first.
    pub fn due(&self) -> &[Expiry] {
        &self.due
    }

    /// The points that expire next, and when: every lot ending at that same instant.
    pub fn next_expiry(&self) -> Option<NextExpiry> {
        let at = self.running().filter_map(|lot| lot.expires_at).min()?;
        Some(self.ending_at(at))
    }

    /// The points that expire last, and when: the balance's whole story is "these next, the
    /// rest by then".
    pub fn last_expiry(&self) -> Option<NextExpiry> {
        let at = self.running().filter_map(|lot| lot.expires_at).max()?;
        Some(self.ending_at(at))
    }

    /// The points held that expire at all (the rest never do).
    pub fn expiring(&self) -> i64 {
        self.running().filter(|lot| lot.expires_at.is_some()).map(|lot| lot.left).sum()
    }

    /// The lots still holding points.
    fn running(&self) -> impl Iterator<Item = &Lot> {
        self.lots.iter().filter(|lot| !lot.ended && lot.left > 0)
    }

    /// Every lot ending at `at`, together.
    fn ending_at(&self, at: DateTime<Utc>) -> NextExpiry {
        NextExpiry { points: self.running().filter(|lot| lot.expires_at == Some(at)).map(|lot| lot.left).sum(), at }
    }
}

/// A client's points as staff list them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientPoints {
    /// The client.
    pub user: UserId,
    /// Their name.
    pub name: String,
    /// Their phone, if any.
    pub phone: Option<String>,
    /// Their e-mail, if any.
    pub email: Option<String>,
    /// The ledger's sum.
    pub balance: i64,
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use chrono::TimeDelta;

    use super::*;

    fn day(n: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_790_000_000, 0).unwrap() + TimeDelta::days(n)
    }

    fn entry(id: i64, kind: EntryKind, points: i64, at: i64, expires: Option<i64>) -> Entry {
        Entry { id, kind, points, at: day(at), expires_at: expires.map(day), lot: None, note: String::new() }
    }

    fn expired(id: i64, lot: i64, points: i64, at: i64) -> Entry {
        Entry { lot: Some(lot), ..entry(id, EntryKind::Expire, -points, at, None) }
    }

    #[test]
    fn the_oldest_points_are_spent_first_so_the_newer_ones_outlive_them() {
        let entries = [entry(1, EntryKind::Earn, 100, 0, Some(30)), entry(2, EntryKind::Earn, 50, 10, Some(40)), entry(3, EntryKind::Exchange, -120, 20, None)];
        // The first lot is spent whole and 20 of the second: at day 40, 30 expire, not 50.
        let ledger = Ledger::read(&entries, day(35));
        assert_eq!(ledger.balance(), 30);
        assert_eq!(ledger.due(), [Expiry { lot: 1, points: 0, at: day(30) }], "the first lot was spent whole before its end");
        assert_eq!(ledger.next_expiry(), Some(NextExpiry { points: 30, at: day(40) }));
        let later = Ledger::read(&entries, day(41));
        assert_eq!(later.due(), [Expiry { lot: 1, points: 0, at: day(30) }, Expiry { lot: 2, points: 30, at: day(40) }]);
        assert_eq!(later.balance(), 0);
        assert_eq!(later.next_expiry(), None);
    }

    #[test]
    fn expiries_come_oldest_first_and_only_for_what_is_left() {
        let entries = [
            entry(1, EntryKind::Earn, 40, 0, Some(30)),
            entry(2, EntryKind::Adjust, 25, 5, Some(35)),
            entry(3, EntryKind::Earn, 10, 6, None),
            entry(4, EntryKind::Adjust, -15, 7, None),
        ];
        let ledger = Ledger::read(&entries, day(36));
        assert_eq!(ledger.due(), [Expiry { lot: 1, points: 25, at: day(30) }, Expiry { lot: 2, points: 25, at: day(35) }]);
        assert_eq!(ledger.balance(), 10, "the lot without an end stays");
    }

    #[test]
    fn a_spend_after_an_end_cannot_take_the_ended_points() {
        let entries = [entry(1, EntryKind::Earn, 100, 0, Some(30)), entry(2, EntryKind::Earn, 100, 31, Some(90)), entry(3, EntryKind::Exchange, -60, 40, None)];
        let ledger = Ledger::read(&entries, day(50));
        assert_eq!(ledger.due(), [Expiry { lot: 1, points: 100, at: day(30) }]);
        assert_eq!(ledger.balance(), 40);
        assert_eq!(ledger.next_expiry(), Some(NextExpiry { points: 40, at: day(90) }));
    }

    #[test]
    fn a_written_expiry_is_not_due_again() {
        let entries = [entry(1, EntryKind::Earn, 100, 0, Some(30)), expired(2, 1, 100, 30), entry(3, EntryKind::Earn, 5, 31, Some(60))];
        let ledger = Ledger::read(&entries, day(45));
        assert!(ledger.due().is_empty());
        assert_eq!(ledger.balance(), 5);
    }

    #[test]
    fn a_lot_ends_at_its_instant_before_a_spend_of_the_same_instant() {
        let entries = [entry(1, EntryKind::Earn, 10, 0, Some(30)), entry(2, EntryKind::Earn, 10, 1, None), entry(3, EntryKind::Exchange, -10, 30, None)];
        let ledger = Ledger::read(&entries, day(30));
        assert_eq!(ledger.due(), [Expiry { lot: 1, points: 10, at: day(30) }]);
        assert_eq!(ledger.balance(), 0);
    }

    #[test]
    fn the_whole_balance_is_told_as_what_expires_next_and_the_rest_by_when() {
        let entries = [
            entry(1, EntryKind::Earn, 7, 0, Some(30)),
            entry(2, EntryKind::Earn, 20, 5, Some(60)),
            entry(3, EntryKind::Earn, 6, 9, Some(90)),
            entry(4, EntryKind::Earn, 4, 9, None),
        ];
        let ledger = Ledger::read(&entries, day(10));
        assert_eq!(ledger.balance(), 37);
        assert_eq!(ledger.next_expiry(), Some(NextExpiry { points: 7, at: day(30) }));
        assert_eq!(ledger.last_expiry(), Some(NextExpiry { points: 6, at: day(90) }));
        assert_eq!(ledger.expiring(), 33, "the lot without an end never expires");
        let spent = Ledger::read(&[entry(1, EntryKind::Earn, 7, 0, Some(30)), entry(2, EntryKind::Exchange, -7, 1, None)], day(2));
        assert_eq!((spent.next_expiry(), spent.last_expiry(), spent.expiring()), (None, None, 0));
    }
}
