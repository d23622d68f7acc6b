#![allow(clippy::unwrap_used)]

use chrono::TimeDelta;
use kernel::{IdempotencyKey, KeptAnswer, Percent, SystemClock};
use mockall::predicate::eq;

use super::*;
use crate::coupon::CODE_PREFIX;
use crate::desk::PointsDesk;
use crate::ledger::EntryKind;
use crate::ports::{Adjusted, MockExchangeRules, MockLoyaltySettings, MockPointsLedger};
use crate::rules::RuleDraft;
use crate::terms::LoyaltyTerms;

struct FixedClock(DateTime<Utc>);

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

fn now() -> DateTime<Utc> {
    DateTime::from_timestamp(1_790_000_000, 0).unwrap()
}

fn settings(expiry_months: u32) -> MockLoyaltySettings {
    let mut settings = MockLoyaltySettings::new();
    settings.expect_terms().returning(move || Ok(LoyaltyTerms { earn_rate: Money::from_pounds(10), expiry_months, coupon_days: 30 }));
    settings
}

fn rule(id: i64, points: i64, discount: u8, active: bool) -> ExchangeRule {
    ExchangeRule { id, draft: RuleDraft { points, discount: Percent::clamped(discount), active } }
}

fn rules_with(found: Option<ExchangeRule>) -> MockExchangeRules {
    let mut rules = MockExchangeRules::new();
    rules.expect_rule().returning(move |_| Ok(found));
    rules
}

fn loyalty(ledger: MockPointsLedger, rules: MockExchangeRules, expiry_months: u32) -> Loyalty {
    Loyalty::new(Arc::new(ledger), Arc::new(rules), Arc::new(settings(expiry_months)), Arc::new(FixedClock(now())))
}

fn key() -> IdempotencyKey {
    IdempotencyKey { caller: "points:7".into(), key: "k1".into(), fingerprint: "f".into() }
}

#[test]
fn an_exchange_buys_a_personal_coupon_of_the_rules_percent_ending_after_the_set_days() {
    let mut ledger = MockPointsLedger::new();
    ledger.expect_exchange().times(1).returning(|rule, coupon, _, at| {
        assert_eq!((rule.id, coupon.owner, coupon.discount), (3, UserId(7), Percent::clamped(15)));
        assert!(coupon.code.starts_with(CODE_PREFIX));
        assert_eq!(coupon.expires_at, at + TimeDelta::days(30));
        Ok(Exchanged::Done(Exchange { coupon: coupon.clone(), points: rule.draft.points, balance: 20 }))
    });
    let redeemed = loyalty(ledger, rules_with(Some(rule(3, 100, 15, true))), 0).exchange(UserId(7), 3, None).unwrap();
    assert_eq!((redeemed.points, redeemed.balance), (100, 20));
}

#[test]
fn too_few_points_is_refused_with_the_balance_and_writes_nothing() {
    let mut ledger = MockPointsLedger::new();
    ledger.expect_exchange().times(1).returning(|_, _, _, _| Ok(Exchanged::Short { balance: 40 }));
    let refused = loyalty(ledger, rules_with(Some(rule(3, 100, 15, true))), 0).exchange(UserId(7), 3, None);
    assert!(matches!(refused, Err(LoyaltyError::InsufficientPoints { balance: 40 })), "{refused:?}");
    assert!(refused.unwrap_err().is_kept(), "a repeat under the same key gets the same refusal");
}

#[test]
fn an_unknown_or_switched_off_rule_is_refused_on_rule_id() {
    for found in [None, Some(rule(3, 100, 15, false))] {
        let mut ledger = MockPointsLedger::new();
        ledger.expect_exchange().never();
        let refused = loyalty(ledger, rules_with(found), 0).exchange(UserId(7), 3, None);
        let Err(LoyaltyError::Invalid(errors)) = refused else { panic!("{refused:?}") };
        assert!(errors.has("rule_id"));
    }
}

#[test]
fn a_taken_coupon_code_is_tried_again_with_a_fresh_one() {
    let mut ledger = MockPointsLedger::new();
    let mut seen: Vec<String> = Vec::new();
    ledger.expect_exchange().times(2).returning(move |rule, coupon, _, _| {
        seen.push(coupon.code.clone());
        if seen.len() == 1 {
            return Ok(Exchanged::CodeTaken);
        }
        assert_ne!(seen[0], seen[1], "a new code");
        Ok(Exchanged::Done(Exchange { coupon: coupon.clone(), points: rule.draft.points, balance: 0 }))
    });
    assert!(loyalty(ledger, rules_with(Some(rule(3, 100, 15, true))), 0).exchange(UserId(7), 3, None).is_ok());
}

#[test]
fn the_key_and_its_answer_go_to_the_ledger_with_the_exchange_and_a_parallel_holder_of_the_key_is_told() {
    let mut ledger = MockPointsLedger::new();
    ledger.expect_exchange().times(1).returning(|_, coupon, keyed, _| {
        let keyed = keyed.expect("the key goes with the exchange");
        let exchange = Exchange { coupon: coupon.clone(), points: 100, balance: 20 };
        assert_eq!((&keyed.key, keyed.answer(&exchange)), (&key(), KeptAnswer("100 points".into())));
        Ok(Exchanged::KeyTaken)
    });
    let keyed = Keyed { key: key(), answer: Box::new(|exchange: &Exchange| KeptAnswer(format!("{} points", exchange.points))) };
    let taken = loyalty(ledger, rules_with(Some(rule(3, 100, 15, true))), 0).exchange(UserId(7), 3, Some(&keyed));
    assert!(matches!(taken, Err(LoyaltyError::KeyTaken)), "{taken:?}");
    assert!(!taken.unwrap_err().is_kept(), "the key's answer is the other request's, not a refusal of this one");
}

#[test]
fn the_overview_writes_the_expiries_that_came_due_and_counts_them_out() {
    let mut ledger = MockPointsLedger::new();
    let lot = |id: i64, points: i64, days_ago: i64, ends_in: i64| Entry {
        id,
        kind: EntryKind::Earn,
        points,
        at: now() - TimeDelta::days(days_ago),
        expires_at: Some(now() + TimeDelta::days(ends_in)),
        lot: None,
        note: String::new(),
    };
    let entries = vec![lot(1, 30, 400, -35), lot(2, 50, 100, 265)];
    ledger.expect_entries().returning(move |_| Ok(entries.clone()));
    ledger.expect_settle().with(eq(UserId(7)), eq(now())).times(1).returning(|_, _| Ok(()));
    ledger.expect_last_coupon().returning(|_| Ok(None));
    ledger.expect_debt().returning(|_| Ok(0));
    ledger.expect_history().returning(|_, page| Ok(Page::new(Vec::new(), page, 0)));
    let mut rules = MockExchangeRules::new();
    rules.expect_rules().with(eq(true)).returning(|_| Ok(vec![rule(1, 50, 5, true)]));
    let overview = loyalty(ledger, rules, 12).points(UserId(7), PageRequest::new(None, None)).unwrap();
    assert_eq!(overview.balance, 50);
    assert_eq!(overview.next_expiry, Some(NextExpiry { points: 50, at: now() + TimeDelta::days(265) }));
    assert_eq!(overview.rules.len(), 1);
}

#[test]
fn a_delivered_subtotal_earns_its_points_with_their_end() {
    let service = loyalty(MockPointsLedger::new(), MockExchangeRules::new(), 12);
    let earned = service.earning(Money::from_piastres(25_999), now()).unwrap().unwrap();
    assert_eq!(earned.points, 25);
    assert_eq!(earned.expires_at, now().checked_add_months(chrono::Months::new(12)));
    assert_eq!(service.earning(Money::from_pounds(9), now()).unwrap(), None, "below one point earns nothing");
}

fn desk(ledger: MockPointsLedger) -> PointsDesk {
    PointsDesk::new(Arc::new(ledger), Arc::new(MockExchangeRules::new()), Arc::new(settings(6)), Arc::new(SystemClock))
}

#[test]
fn an_adjustment_needs_a_reason_and_some_points() {
    let mut ledger = MockPointsLedger::new();
    ledger.expect_adjust().never();
    let desk = desk(ledger);
    for (points, reason, field) in [(10, "  ", "reason"), (0, "gift", "delta"), (2_000_000, "gift", "delta")] {
        let Err(LoyaltyError::Invalid(errors)) = desk.adjust(UserId(1), UserId(7), points, reason) else { panic!("{points} {reason:?}") };
        assert!(errors.has(field), "{field}");
    }
}

#[test]
fn an_adjustment_never_takes_a_client_below_zero_and_added_points_expire() {
    let mut ledger = MockPointsLedger::new();
    ledger.expect_adjust().returning(|_, adjustment, at| {
        Ok(if adjustment.points < 0 {
            assert_eq!(adjustment.expires_at, None);
            Adjusted::Short { balance: 5 }
        } else {
            assert_eq!(adjustment.expires_at, at.checked_add_months(chrono::Months::new(6)));
            assert_eq!((adjustment.reason.as_str(), adjustment.by), ("goodwill", UserId(1)));
            Adjusted::Done { balance: 25 }
        })
    });
    let desk = desk(ledger);
    assert!(matches!(desk.adjust(UserId(1), UserId(7), -10, "mistake"), Err(LoyaltyError::BelowZero { balance: 5 })));
    assert_eq!(desk.adjust(UserId(1), UserId(7), 20, " goodwill ").unwrap(), 25);
}
