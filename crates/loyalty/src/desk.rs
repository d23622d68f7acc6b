//! The staff's side of points, one use case per function: the exchange rules (`rules`, `rule`,
//! `add_rule`, `update_rule`, `remove_rule`), the clients' balances (`balances`, `client`) and
//! adjustments (`adjust`).

use std::sync::Arc;

use kernel::{Clock, FieldErrors, Page, PageRequest, UserId};

use crate::error::LoyaltyError;
use crate::ledger::{ClientPoints, Entry};
use crate::ports::{Adjusted, Adjustment, BalanceQuery, ExchangeRules, LoyaltySettings, PointsLedger};
use crate::rules::{ExchangeRule, POINTS_MAX, RuleDraft};

/// The longest reason for an adjustment, in characters.
pub const MAX_REASON: usize = 500;

/// The staff's points use cases over their ports.
pub struct PointsDesk {
    ledger: Arc<dyn PointsLedger>,
    rules: Arc<dyn ExchangeRules>,
    settings: Arc<dyn LoyaltySettings>,
    clock: Arc<dyn Clock>,
}

impl PointsDesk {
    /// The use cases over their ports.
    pub fn new(ledger: Arc<dyn PointsLedger>, rules: Arc<dyn ExchangeRules>, settings: Arc<dyn LoyaltySettings>, clock: Arc<dyn Clock>) -> PointsDesk {
        PointsDesk { ledger, rules, settings, clock }
    }

    /// Every rule, cheapest first.
    pub fn rules(&self) -> Result<Vec<ExchangeRule>, LoyaltyError> {
        Ok(self.rules.rules(false)?)
    }

    /// One rule.
    pub fn rule(&self, id: i64) -> Result<ExchangeRule, LoyaltyError> {
        self.rules.rule(id)?.ok_or(LoyaltyError::NotFound)
    }

    /// Adds a rule.
    pub fn add_rule(&self, draft: RuleDraft) -> Result<i64, LoyaltyError> {
        draft.check()?;
        Ok(self.rules.add_rule(&draft)?)
    }

    /// Changes a rule; coupons bought with it keep their percent.
    pub fn update_rule(&self, id: i64, draft: RuleDraft) -> Result<(), LoyaltyError> {
        draft.check()?;
        if self.rules.update_rule(id, &draft)? { Ok(()) } else { Err(LoyaltyError::NotFound) }
    }

    /// Removes a rule; coupons bought with it stay.
    pub fn remove_rule(&self, id: i64) -> Result<(), LoyaltyError> {
        if self.rules.remove_rule(id)? { Ok(()) } else { Err(LoyaltyError::NotFound) }
    }

    /// Clients with their points, searched by name, phone or e-mail.
    pub fn balances(&self, query: &BalanceQuery) -> Result<Page<ClientPoints>, LoyaltyError> {
        Ok(self.ledger.balances(query)?)
    }

    /// One client's points and a page of their ledger, newest first.
    pub fn client(&self, user: UserId, page: PageRequest) -> Result<(ClientPoints, Page<Entry>), LoyaltyError> {
        let client = self.ledger.client(user)?.ok_or(LoyaltyError::NotFound)?;
        Ok((client, self.ledger.history(user, page)?))
    }

    /// Adds or takes a client's points with a reason (`points-adjust`); never below zero.
    /// Points added expire like earned ones. Answers the balance after it.
    pub fn adjust(&self, staff: UserId, user: UserId, points: i64, reason: &str) -> Result<i64, LoyaltyError> {
        let reason = reason.trim();
        let mut errors = FieldErrors::new();
        if points == 0 || points.abs() > POINTS_MAX {
            errors.add("delta", "points_delta");
        }
        if reason.is_empty() {
            errors.add("reason", "required");
        } else if reason.chars().count() > MAX_REASON {
            errors.add("reason", "too_long");
        }
        errors.into_result()?;
        let now = self.clock.now();
        let expires_at = if points > 0 { self.settings.terms()?.expiry_of(now) } else { None };
        let adjustment = Adjustment { points, reason: reason.to_string(), by: staff, expires_at };
        match self.ledger.adjust(user, &adjustment, now)? {
            Adjusted::Done { balance } => Ok(balance),
            Adjusted::Short { balance } => Err(LoyaltyError::BelowZero { balance }),
            Adjusted::NoSuchClient => Err(LoyaltyError::NotFound),
        }
    }
}
