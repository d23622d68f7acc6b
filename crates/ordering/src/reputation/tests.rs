#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose

use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};
use kernel::{Clock, Money, Phone, UserId};

use super::{BandOverride, BandSetter, CodLimits, MockPhoneBook, MockReputationTerms, PhoneBand, PhoneReach, PhoneRefusal, PhoneStandings, ReputationRules};
use crate::desk::PhoneRecord;
use crate::error::OrderingError;

const RULES: ReputationRules = ReputationRules { trusted_after_delivered: 2, call_after: 1, prepay_after: 2, block_after: 3 };

fn record(delivered: u64, refused: u64, never_confirmed: u64) -> PhoneRecord {
    PhoneRecord { orders: delivered + refused + never_confirmed, delivered, cancelled: refused + never_confirmed, never_confirmed, refused, not_ordered: 0 }
}

struct FixedClock;
impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        DateTime::from_timestamp(1_790_000_000, 0).unwrap()
    }
}

#[test]
fn the_rules_band_a_phone_by_what_it_failed_against_what_it_received() {
    use PhoneBand::*;
    for (delivered, refused, unconfirmed, expected) in [
        (0, 0, 0, Normal),
        (1, 0, 0, Normal),
        (2, 0, 0, Trusted),
        (0, 1, 0, ConfirmByCall),
        (0, 0, 1, ConfirmByCall),
        (5, 1, 0, ConfirmByCall),
        (0, 1, 1, PrepayShipping),
        (2, 2, 0, ConfirmByCall),
        (0, 2, 1, Blocked),
        (0, 0, 3, Blocked),
        (3, 3, 0, ConfirmByCall),
        (3, 3, 1, Blocked),
        (10, 4, 0, ConfirmByCall),
    ] {
        assert_eq!(RULES.band(&record(delivered, refused, unconfirmed)), expected, "{delivered} delivered, {refused} refused, {unconfirmed} unconfirmed");
    }
}

#[test]
fn a_rule_of_zero_is_off() {
    let lenient = ReputationRules { trusted_after_delivered: 2, call_after: 0, prepay_after: 0, block_after: 0 };
    assert_eq!(lenient.band(&record(0, 9, 9)), PhoneBand::Normal);
    let blocking_only = ReputationRules { call_after: 0, prepay_after: 0, ..RULES };
    assert_eq!(blocking_only.band(&record(0, 2, 0)), PhoneBand::Normal);
    assert_eq!(blocking_only.band(&record(0, 3, 0)), PhoneBand::Blocked);
}

#[test]
fn only_the_bands_that_wait_for_a_call_need_one() {
    use strum::IntoEnumIterator;
    let waiting: Vec<PhoneBand> = PhoneBand::iter().filter(|band| band.needs_call()).collect();
    assert_eq!(waiting, [PhoneBand::ConfirmByCall, PhoneBand::PrepayShipping]);
}

/// Standings over a book holding `found` for every phone and whatever band staff set, kept.
fn standings(found: PhoneRecord) -> (PhoneStandings, Arc<Mutex<Option<BandOverride>>>) {
    reached(PhoneReach::default(), found)
}

/// Standings as [`standings`], whose phone is, to sales engineer 5, `reach`.
fn reached(reach: PhoneReach, found: PhoneRecord) -> (PhoneStandings, Arc<Mutex<Option<BandOverride>>>) {
    let kept: Arc<Mutex<Option<BandOverride>>> = Arc::default();
    let mut book = MockPhoneBook::new();
    book.expect_record().returning(move |_| Ok(found));
    let (reader, writer) = (kept.clone(), kept.clone());
    book.expect_band_override().returning(move |_| Ok(reader.lock().unwrap().clone()));
    book.expect_set_band_override().returning(move |_, set| {
        *writer.lock().unwrap() = set.map(|(band, note, by, at)| BandOverride { band, note, by: Some(by), by_name: None, at });
        Ok(())
    });
    book.expect_reach().withf(|_, engineer| *engineer == UserId(5)).returning(move |_, _| Ok(reach));
    let mut terms = MockReputationTerms::new();
    terms.expect_rules().returning(|| Ok(RULES));
    terms.expect_shop_phone().returning(|| Ok("01000000000".into()));
    terms.expect_cod_limits().returning(|| Ok(CodLimits { first_order: Some(Money::from_pounds(1500)), any_order: Some(Money::from_pounds(20_000)) }));
    (PhoneStandings::new(Arc::new(book), Arc::new(terms), Arc::new(FixedClock)), kept)
}

#[test]
fn a_blocked_phone_is_refused_at_the_checkout_with_the_shops_number() {
    let (standings, _) = standings(record(0, 3, 0));
    let terms = standings.terms().unwrap();
    let refusal = terms.judge(&record(0, 3, 0), None, Money::from_pounds(100)).unwrap_err();
    assert!(matches!(standings.refused(refusal), OrderingError::PhoneBlocked { shop_phone } if shop_phone == "01000000000"));
    assert_eq!(terms.judge(&record(1, 0, 0), None, Money::from_pounds(100)).unwrap(), PhoneBand::Normal);
}

/// The owner: any phone, any band.
const OWNER: BandSetter = BandSetter { id: UserId(1), sales_engineer: false, sees_guests: true, may_trust: true };

#[test]
fn staff_set_a_band_over_the_rules_with_a_note_and_give_it_back() {
    let (standings, kept) = standings(record(0, 3, 0));
    let phone = Phone::parse("01012345678").unwrap();
    let missing = standings.set_band(OWNER, "01012345678", Some(PhoneBand::Normal), "  ");
    assert!(matches!(&missing, Err(OrderingError::Invalid(errors)) if errors.has("note")), "{missing:?}");
    let wrong = standings.set_band(OWNER, "not a phone", Some(PhoneBand::Normal), "known farmer");
    assert!(matches!(&wrong, Err(OrderingError::Invalid(errors)) if errors.has("phone")), "{wrong:?}");
    assert!(kept.lock().unwrap().is_none(), "nothing set by a refused change");

    let set = standings.set_band(OWNER, "+20 10 1234 5678", Some(PhoneBand::Normal), " known farmer, paid the courier ").unwrap();
    assert_eq!((set.by_rules, set.band()), (PhoneBand::Blocked, PhoneBand::Normal));
    assert_eq!(set.overridden.as_ref().map(|o| (o.note.as_str(), o.by)), Some(("known farmer, paid the courier", Some(UserId(1)))));
    let terms = standings.terms().unwrap();
    let now = standings.standing(&phone).unwrap();
    assert_eq!(terms.judge(&now.record, now.overridden.as_ref(), Money::from_pounds(100)), Ok(PhoneBand::Normal), "the staff's word lets it order");
    let back = standings.set_band(OWNER, "01012345678", None, "").unwrap();
    assert_eq!(back.band(), PhoneBand::Blocked);
    assert_eq!(terms.judge(&back.record, back.overridden.as_ref(), Money::from_pounds(100)), Err(PhoneRefusal::Blocked));
}

#[test]
fn a_total_above_the_cash_limit_is_refused_with_the_limit_it_broke() {
    let limits = CodLimits { first_order: Some(Money::from_pounds(1500)), any_order: Some(Money::from_pounds(20_000)) };
    let (first, regular) = (record(0, 0, 0), record(1, 0, 0));
    assert_eq!(limits.broken_by(Money::from_pounds(1500), &first), None, "up to the limit is taken");
    assert_eq!(limits.broken_by(Money::from_piastres(150_001), &first), Some((Money::from_pounds(1500), true)));
    assert_eq!(limits.broken_by(Money::from_pounds(5000), &regular), None, "the first order's limit is the first order's");
    assert_eq!(limits.broken_by(Money::from_pounds(20_001), &regular), Some((Money::from_pounds(20_000), false)));
    assert_eq!(CodLimits::default().broken_by(Money::from_pounds(1_000_000), &first), None, "no limit set");

    let (standings, _) = standings(record(0, 0, 0));
    let refusal = standings.terms().unwrap().judge(&first, None, Money::from_pounds(2000)).unwrap_err();
    let refused = standings.refused(refusal);
    assert!(
        matches!(&refused, OrderingError::CodLimit { limit, first_order: true, shop_phone } if *limit == Money::from_pounds(1500) && shop_phone == "01000000000"),
        "{refused:?}"
    );
    assert!(refused.is_kept());
}

/// Sales engineer 5 as the built-in role makes them: guest orders seen, no `phone-trust`.
const ENGINEER: BandSetter = BandSetter { id: UserId(5), sales_engineer: true, sees_guests: true, may_trust: false };

#[test]
fn a_sales_engineer_bands_only_their_own_clients_and_the_guests_they_see() {
    let (standings, kept) = reached(PhoneReach::default(), record(0, 0, 0));
    let other = standings.set_band(ENGINEER, "01012345678", Some(PhoneBand::ConfirmByCall), "asked twice");
    assert!(matches!(other, Err(OrderingError::NotFound)), "another engineer's client: {other:?}");
    assert!(kept.lock().unwrap().is_none());

    let (standings, kept) = reached(PhoneReach { own_client: false, guest_order: true }, record(0, 0, 0));
    let blind = BandSetter { sees_guests: false, ..ENGINEER };
    assert!(matches!(standings.set_band(blind, "01012345678", Some(PhoneBand::ConfirmByCall), "asked twice"), Err(OrderingError::NotFound)));
    standings.set_band(ENGINEER, "01012345678", Some(PhoneBand::PrepayShipping), "refused twice").unwrap();
    assert_eq!(kept.lock().unwrap().as_ref().map(|band| band.band), Some(PhoneBand::PrepayShipping));

    let (standings, kept) = reached(PhoneReach { own_client: true, guest_order: false }, record(0, 0, 0));
    for band in [Some(PhoneBand::Normal), Some(PhoneBand::ConfirmByCall), Some(PhoneBand::PrepayShipping), None] {
        standings.set_band(ENGINEER, "01012345678", band, "their farmer").unwrap();
    }
    assert!(kept.lock().unwrap().is_none(), "cleared last");
}

#[test]
fn trusting_a_phone_or_lifting_its_block_needs_phone_trust() {
    let (standings, kept) = reached(PhoneReach { own_client: true, guest_order: false }, record(0, 0, 0));
    assert!(matches!(standings.set_band(ENGINEER, "01012345678", Some(PhoneBand::Trusted), "a good farmer"), Err(OrderingError::PhoneTrustNeeded)));
    standings.set_band(ENGINEER, "01012345678", Some(PhoneBand::Blocked), "fake orders").unwrap();
    for band in [Some(PhoneBand::Normal), None] {
        assert!(matches!(standings.set_band(ENGINEER, "01012345678", band, "sorry"), Err(OrderingError::PhoneTrustNeeded)), "{band:?}");
    }
    assert_eq!(kept.lock().unwrap().as_ref().map(|band| band.band), Some(PhoneBand::Blocked), "still blocked");
    standings.set_band(BandSetter { may_trust: true, ..ENGINEER }, "01012345678", Some(PhoneBand::Trusted), "vouched for").unwrap();
    assert_eq!(kept.lock().unwrap().as_ref().map(|band| band.band), Some(PhoneBand::Trusted));

    let (by_rules, _) = reached(PhoneReach { own_client: true, guest_order: false }, record(0, 3, 0));
    assert!(
        matches!(by_rules.set_band(ENGINEER, "01012345678", Some(PhoneBand::Normal), "let them"), Err(OrderingError::PhoneTrustNeeded)),
        "blocked by the rules"
    );
}
