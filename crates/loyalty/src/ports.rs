//! What loyalty needs from the rest of the shop.

use chrono::{DateTime, Utc};
use kernel::{Keyed, Page, PageRequest, UserId};

use crate::coupon::{LastCoupon, PersonalCoupon};
use crate::ledger::{ClientPoints, Entry};
use crate::rules::{ExchangeRule, RuleDraft};
use crate::terms::LoyaltyTerms;

/// The programme's numbers as staff set them.
#[cfg_attr(test, mockall::automock)]
pub trait LoyaltySettings: Send + Sync {
    /// The terms now.
    fn terms(&self) -> anyhow::Result<LoyaltyTerms>;
}

/// The exchange rules.
#[cfg_attr(test, mockall::automock)]
pub trait ExchangeRules: Send + Sync {
    /// The rules, cheapest first; only the active ones when asked.
    fn rules(&self, only_active: bool) -> anyhow::Result<Vec<ExchangeRule>>;
    /// One rule.
    fn rule(&self, id: i64) -> anyhow::Result<Option<ExchangeRule>>;
    /// Stores a rule.
    fn add_rule(&self, draft: &RuleDraft) -> anyhow::Result<i64>;
    /// Changes a rule; false when there is none.
    fn update_rule(&self, id: i64, draft: &RuleDraft) -> anyhow::Result<bool>;
    /// Removes a rule (coupons bought with it stay); false when there is none.
    fn remove_rule(&self, id: i64) -> anyhow::Result<bool>;
}

/// A finished exchange, as its answer tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// The coupon bought.
    pub coupon: PersonalCoupon,
    /// The points it cost.
    pub points: i64,
    /// The client's points right after it.
    pub balance: i64,
}

/// What an exchange did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exchanged {
    /// The points were spent and the coupon written, with the key if one came.
    Done(Exchange),
    /// The client holds fewer points than it costs; nothing was written.
    Short {
        /// What they hold.
        balance: i64,
    },
    /// Another coupon has this code; nothing was written (try another code).
    CodeTaken,
    /// A parallel request with the same key holds it now; nothing was written.
    KeyTaken,
}

/// Points staff add or take, with why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjustment {
    /// Added (positive) or taken (negative).
    pub points: i64,
    /// Why, in the staff's words.
    pub reason: String,
    /// Who.
    pub by: UserId,
    /// For points added: when they expire, if ever.
    pub expires_at: Option<DateTime<Utc>>,
}

/// What an adjustment did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Adjusted {
    /// Written; the client's points now.
    Done {
        /// The balance after it.
        balance: i64,
    },
    /// It would take the client below zero; nothing was written.
    Short {
        /// What they hold.
        balance: i64,
    },
    /// No client has this id.
    NoSuchClient,
}

/// Which clients staff list with their points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BalanceQuery {
    /// Part of a name, a phone or an e-mail.
    pub search: Option<String>,
    /// The page.
    pub page: PageRequest,
}

/// The clients' points ledgers. Every change that takes points holds the client's ledger for
/// its transaction, so two of them at once never spend the same points; each writes the
/// expiries due first (the lots' ends, [`crate::Ledger::due`]), then checks the balance.
#[cfg_attr(test, mockall::automock)]
pub trait PointsLedger: Send + Sync {
    /// Every row of the client's ledger, in any order.
    fn entries(&self, user: UserId) -> anyhow::Result<Vec<Entry>>;
    /// The client's rows that moved points, newest first, one page.
    fn history(&self, user: UserId, page: PageRequest) -> anyhow::Result<Page<Entry>>;
    /// The client's newest coupon.
    fn last_coupon(&self, user: UserId) -> anyhow::Result<Option<LastCoupon>>;
    /// What the client owes of points returns took back that their balance lacked.
    fn debt(&self, user: UserId) -> anyhow::Result<i64>;
    /// Writes the client's expiries due at `at`, in one transaction holding their ledger.
    fn settle(&self, user: UserId, at: DateTime<Utc>) -> anyhow::Result<()>;
    /// Up to `limit` clients with expiries due at `at` and not yet written.
    fn due_for_expiry(&self, at: DateTime<Utc>, limit: usize) -> anyhow::Result<Vec<UserId>>;
    /// In one transaction holding the client's ledger: the expiries due written, the balance
    /// checked against the rule's points, the points spent, the coupon written among the promo
    /// codes and the key (if any) recorded with them.
    #[allow(clippy::needless_lifetimes)] // mockall needs the lifetime named
    fn exchange<'a>(&self, rule: &ExchangeRule, coupon: &PersonalCoupon, key: Option<&'a Keyed<Exchange>>, at: DateTime<Utc>) -> anyhow::Result<Exchanged>;
    /// In one transaction holding the client's ledger: the expiries due written, then the
    /// adjustment, unless it would take the client below zero.
    fn adjust(&self, user: UserId, adjustment: &Adjustment, at: DateTime<Utc>) -> anyhow::Result<Adjusted>;
    /// Clients with their points, newest accounts first.
    fn balances(&self, query: &BalanceQuery) -> anyhow::Result<Page<ClientPoints>>;
    /// One client with their points.
    fn client(&self, user: UserId) -> anyhow::Result<Option<ClientPoints>>;
}
