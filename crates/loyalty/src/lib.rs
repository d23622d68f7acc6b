//! Loyalty: the points clients earn when their orders are delivered and exchange for a
//! personal discount coupon (design §5). Every change of points is a row of the client's
//! ledger and the balance is their sum; every grant is keyed so that it happens once; points
//! leave oldest first and, when the shop says so, expire.
//!
//! Loyalty knows the rest of the shop only through its ports: the ledger and its coupons
//! through [`PointsLedger`], the rules through [`ExchangeRules`] and the programme's numbers
//! through [`LoyaltySettings`]. Ordering asks it what a delivered order earns through an
//! adapter the server wires ([`Loyalty::earning`]).

pub mod coupon;
pub mod desk;
pub mod error;
pub mod ledger;
pub mod ports;
pub mod rules;
pub mod service;
pub mod terms;

pub use coupon::{LastCoupon, PersonalCoupon};
pub use desk::PointsDesk;
pub use error::LoyaltyError;
pub use ledger::{ClientPoints, Entry, EntryKind, Expiry, Ledger, NextExpiry};
pub use ports::{Adjusted, Adjustment, BalanceQuery, Exchange, ExchangeRules, Exchanged, LoyaltySettings, PointsLedger};
pub use rules::{ExchangeRule, RuleDraft};
pub use service::{Earning, Loyalty, PointsOverview};
pub use terms::LoyaltyTerms;
