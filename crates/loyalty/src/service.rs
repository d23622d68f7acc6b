//! A client's points, one use case per function: `points`, `exchange`,
//! `earning`, `expire_due`.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use kernel::{Clock, FieldErrors, Keyed, Money, Page, PageRequest, UserId};

use crate::coupon::{LastCoupon, PersonalCoupon};
use crate::error::LoyaltyError;
use crate::ledger::{Entry, Ledger, NextExpiry};
use crate::ports::{Exchange, ExchangeRules, Exchanged, LoyaltySettings, PointsLedger};
use crate::rules::ExchangeRule;

/// How many fresh codes an exchange tries when the first is taken.
const CODE_TRIES: usize = 3;

/// How many clients one look at the ledgers settles.
const EXPIRY_BATCH: usize = 200;

/// What a client sees of their points (`GET points`).
#[derive(Debug, Clone, PartialEq)]
pub struct PointsOverview {
    /// The points they hold.
    pub balance: i64,
    /// What they owe of points returns took back beyond their balance: their next earnings
    /// pay it first.
    pub debt: i64,
    /// What they can buy with them, cheapest first.
    pub rules: Vec<ExchangeRule>,
    /// Their newest coupon.
    pub last_coupon: Option<LastCoupon>,
    /// The points that expire next.
    pub next_expiry: Option<NextExpiry>,
    /// The points that expire last.
    pub last_expiry: Option<NextExpiry>,
    /// The points held that expire at all.
    pub expiring: i64,
    /// Their ledger, newest first.
    pub history: Page<Entry>,
}

/// Points a delivered order earns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Earning {
    /// How many.
    pub points: i64,
    /// When they expire, if ever.
    pub expires_at: Option<DateTime<Utc>>,
}

/// The client's loyalty use cases over their ports.
pub struct Loyalty {
    ledger: Arc<dyn PointsLedger>,
    rules: Arc<dyn ExchangeRules>,
    settings: Arc<dyn LoyaltySettings>,
    clock: Arc<dyn Clock>,
}

impl Loyalty {
    /// The use cases over their ports.
    pub fn new(ledger: Arc<dyn PointsLedger>, rules: Arc<dyn ExchangeRules>, settings: Arc<dyn LoyaltySettings>, clock: Arc<dyn Clock>) -> Loyalty {
        Loyalty { ledger, rules, settings, clock }
    }

    /// The client's balance, the rules on offer, their last coupon, what expires next and a page
    /// of their ledger. Expiries that came due since the last look are written first, so the
    /// ledger shows them.
    pub fn points(&self, user: UserId, page: PageRequest) -> Result<PointsOverview, LoyaltyError> {
        let now = self.clock.now();
        let ledger = Ledger::read(&self.ledger.entries(user)?, now);
        if !ledger.due().is_empty() {
            self.ledger.settle(user, now)?;
        }
        Ok(PointsOverview {
            balance: ledger.balance(),
            debt: self.ledger.debt(user)?,
            rules: self.rules.rules(true)?,
            last_coupon: self.ledger.last_coupon(user)?,
            next_expiry: ledger.next_expiry(),
            last_expiry: ledger.last_expiry(),
            expiring: ledger.expiring(),
            history: self.ledger.history(user, page)?,
        })
    }

    /// Spends the rule's points on a personal coupon (`POST points/exchange`), in one step: two
    /// exchanges at once never spend the same points. Under a key, the exchange's answer is
    /// kept with it (see [`Keyed`]).
    pub fn exchange(&self, user: UserId, rule_id: i64, key: Option<&Keyed<Exchange>>) -> Result<Exchange, LoyaltyError> {
        let now = self.clock.now();
        let rule = self.rules.rule(rule_id)?.filter(|rule| rule.draft.active).ok_or_else(|| FieldErrors::single("rule_id", "rule_unknown"))?;
        let coupon_end = self.settings.terms()?.coupon_end(now);
        for _ in 0..CODE_TRIES {
            let coupon = PersonalCoupon::new(user, rule.draft.discount, coupon_end);
            match self.ledger.exchange(&rule, &coupon, key, now)? {
                Exchanged::CodeTaken => continue,
                done => return answer(done),
            }
        }
        Err(anyhow::anyhow!("{CODE_TRIES} coupon codes in a row were taken").into())
    }

    /// What an order's subtotal earns when it is delivered at `at`; none when nothing.
    pub fn earning(&self, subtotal: Money, at: DateTime<Utc>) -> Result<Option<Earning>, LoyaltyError> {
        let terms = self.settings.terms()?;
        let points = terms.points_for(subtotal);
        Ok((points > 0).then(|| Earning { points, expires_at: terms.expiry_of(at) }))
    }

    /// Writes the expiries that came due, for a batch of clients; how many clients were settled.
    pub fn expire_due(&self) -> Result<usize, LoyaltyError> {
        let now = self.clock.now();
        let due = self.ledger.due_for_expiry(now, EXPIRY_BATCH)?;
        for user in &due {
            self.ledger.settle(*user, now)?;
        }
        Ok(due.len())
    }
}

/// The exchange, or why not.
fn answer(outcome: Exchanged) -> Result<Exchange, LoyaltyError> {
    match outcome {
        Exchanged::Done(exchange) => Ok(exchange),
        Exchanged::Short { balance } => Err(LoyaltyError::InsufficientPoints { balance }),
        Exchanged::KeyTaken => Err(LoyaltyError::KeyTaken),
        Exchanged::CodeTaken => Err(anyhow::anyhow!("the coupon code was taken").into()),
    }
}

#[cfg(test)]
mod tests;
