//! A phone's standing with cash on delivery (issue 39): what the shop has seen of it, the band
//! the owner's rules give it, and a staff member's word over the rules. A blocked phone cannot
//! order cash on delivery; a phone that must be called has its orders wait for the staff's
//! call, whatever would otherwise confirm them.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use kernel::{Clock, FieldErrors, Money, Phone, UserId};

use crate::desk::{MAX_NOTE, PhoneRecord};
use crate::error::OrderingError;

/// How far the shop trusts a phone with cash on delivery, from most to least.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, strum::IntoStaticStr, strum::EnumString, strum::Display, strum::EnumIter)]
#[strum(serialize_all = "snake_case")]
pub enum PhoneBand {
    /// It received enough parcels to be trusted.
    Trusted,
    /// Nothing for or against it.
    Normal,
    /// Its orders wait for the staff's call: no link or trust confirms them.
    ConfirmByCall,
    /// Its buyer is asked to pay the shipping first (staff arrange it on the call); its orders
    /// wait for the call as well.
    PrepayShipping,
    /// It cannot order cash on delivery; the checkout gives the shop's number instead.
    Blocked,
}

impl PhoneBand {
    /// Whether its orders wait for a staff member's call, whatever else would confirm them.
    pub fn needs_call(self) -> bool {
        matches!(self, PhoneBand::ConfirmByCall | PhoneBand::PrepayShipping)
    }
}

/// The owner's rules for a phone's band (settings); a rule of 0 is off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReputationRules {
    /// Delivered orders after which a phone is trusted.
    pub trusted_after_delivered: u64,
    /// Failed orders (refused, or cancelled for want of a confirmation) after which its orders
    /// are confirmed by a call.
    pub call_after: u64,
    /// Failed orders, more than it received, after which its buyer prepays the shipping.
    pub prepay_after: u64,
    /// Failed orders, more than it received, after which it cannot order cash on delivery.
    pub block_after: u64,
}

impl ReputationRules {
    /// The band these rules give a phone with this record.
    pub fn band(&self, record: &PhoneRecord) -> PhoneBand {
        let failed = record.refused.saturating_add(record.never_confirmed);
        let reached = |rule: u64| rule > 0 && failed >= rule;
        // Prepaying and blocking are for phones that fail more than they receive: a client who
        // refused a few parcels among many delivered keeps cash on delivery.
        let failing = failed > record.delivered;
        if reached(self.block_after) && failing {
            PhoneBand::Blocked
        } else if reached(self.prepay_after) && failing {
            PhoneBand::PrepayShipping
        } else if reached(self.call_after) {
            PhoneBand::ConfirmByCall
        } else if record.delivered >= self.trusted_after_delivered.max(1) {
            PhoneBand::Trusted
        } else {
            PhoneBand::Normal
        }
    }
}

/// The largest totals the shop takes in cash on delivery (settings); none for no limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CodLimits {
    /// For a phone with no delivered order.
    pub first_order: Option<Money>,
    /// For any order.
    pub any_order: Option<Money>,
}

impl CodLimits {
    /// The limit a total of a phone with this record breaks, and whether it is the first
    /// order's: none when the total is within both.
    pub fn broken_by(&self, total: Money, record: &PhoneRecord) -> Option<(Money, bool)> {
        let first = record.delivered == 0;
        match (self.first_order, self.any_order) {
            (Some(limit), _) if first && total > limit => Some((limit, true)),
            (_, Some(limit)) if total > limit => Some((limit, false)),
            _ => None,
        }
    }
}

/// A staff member's band for a phone, over the rules', with why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BandOverride {
    /// The band.
    pub band: PhoneBand,
    /// Why, in the staff member's words.
    pub note: String,
    /// Who set it, while their account exists.
    pub by: Option<UserId>,
    /// Their name then.
    pub by_name: Option<String>,
    /// When.
    pub at: DateTime<Utc>,
}

/// A phone's standing: its record, the rules' band for it and a staff member's band over it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneStanding {
    /// What the shop has seen of it.
    pub record: PhoneRecord,
    /// The band the owner's rules give it.
    pub by_rules: PhoneBand,
    /// A staff member's band over the rules', if any.
    pub overridden: Option<BandOverride>,
}

impl PhoneStanding {
    /// The band that holds: the staff's, else the rules'.
    pub fn band(&self) -> PhoneBand {
        self.overridden.as_ref().map_or(self.by_rules, |overridden| overridden.band)
    }
}

/// The owner's rules and cash limits, as a checkout judges its phone by them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhoneTerms {
    rules: ReputationRules,
    limits: CodLimits,
}

impl PhoneTerms {
    /// The band a cash order of `total` from a phone with this record (and the staff's band
    /// for it, if any) meets: refused when the phone is blocked or the total is above the
    /// limit for it.
    pub fn judge(&self, record: &PhoneRecord, overridden: Option<&BandOverride>, total: Money) -> Result<PhoneBand, PhoneRefusal> {
        let band = overridden.map_or_else(|| self.rules.band(record), |overridden| overridden.band);
        if band == PhoneBand::Blocked {
            return Err(PhoneRefusal::Blocked);
        }
        if let Some((limit, first_order)) = self.limits.broken_by(total, record) {
            return Err(PhoneRefusal::CodLimit { limit, first_order });
        }
        Ok(band)
    }
}

/// Why a phone cannot order cash on delivery now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhoneRefusal {
    /// It is blocked, by the rules or by staff.
    Blocked,
    /// The total is above the limit for it.
    CodLimit {
        /// The limit broken.
        limit: Money,
        /// Whether it is the limit of a phone with no delivered order.
        first_order: bool,
    },
}

/// What the shop has seen of phones, and the staff's bands for them.
#[cfg_attr(test, mockall::automock)]
pub trait PhoneBook: Send + Sync {
    /// The orders placed with the phone, by outcome.
    fn record(&self, phone: &Phone) -> anyhow::Result<PhoneRecord>;
    /// The staff's band for the phone, if any.
    fn band_override(&self, phone: &Phone) -> anyhow::Result<Option<BandOverride>>;
    /// Sets the staff's band for the phone (`Some`: band, note, who, when) or removes it.
    fn set_band_override(&self, phone: &Phone, band: Option<(PhoneBand, String, UserId, DateTime<Utc>)>) -> anyhow::Result<()>;
    /// Whose the phone is, as a sales engineer sees it.
    fn reach(&self, phone: &Phone, engineer: UserId) -> anyhow::Result<PhoneReach>;
}

/// Whose a phone is, for the sales engineer asking.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PhoneReach {
    /// It is the phone of one of their clients, or of an order of one of their clients.
    pub own_client: bool,
    /// It is the phone of a guest's order.
    pub guest_order: bool,
}

/// The staff member setting a band, with what decides which phones and bands are theirs to set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BandSetter {
    /// Their account.
    pub id: UserId,
    /// Whether they are a sales engineer: they band only their own clients' phones and those of
    /// the guest orders they see.
    pub sales_engineer: bool,
    /// Whether they see guest orders (`guest-order-list`).
    pub sees_guests: bool,
    /// Whether they may mark a phone trusted or lift its block (`phone-trust`).
    pub may_trust: bool,
}

/// The owner's rules as settings hold them now, and the number a blocked buyer is given.
#[cfg_attr(test, mockall::automock)]
pub trait ReputationTerms: Send + Sync {
    /// The rules.
    fn rules(&self) -> anyhow::Result<ReputationRules>;
    /// The largest totals taken in cash on delivery.
    fn cod_limits(&self) -> anyhow::Result<CodLimits>;
    /// The shop's phone.
    fn shop_phone(&self) -> anyhow::Result<String>;
}

/// The phones' standings over their ports: read for the checkout and the staff's pages, set by
/// staff.
pub struct PhoneStandings {
    book: Arc<dyn PhoneBook>,
    terms: Arc<dyn ReputationTerms>,
    clock: Arc<dyn Clock>,
}

impl PhoneStandings {
    /// The use cases over their ports.
    pub fn new(book: Arc<dyn PhoneBook>, terms: Arc<dyn ReputationTerms>, clock: Arc<dyn Clock>) -> PhoneStandings {
        PhoneStandings { book, terms, clock }
    }

    /// A phone's standing now.
    pub fn standing(&self, phone: &Phone) -> Result<PhoneStanding, OrderingError> {
        let record = self.book.record(phone)?;
        Ok(PhoneStanding { by_rules: self.terms.rules()?.band(&record), record, overridden: self.book.band_override(phone)? })
    }

    /// The owner's rules and cash limits as the settings hold them now, to judge a checkout's
    /// phone by inside the order's transaction.
    pub fn terms(&self) -> Result<PhoneTerms, OrderingError> {
        Ok(PhoneTerms { rules: self.terms.rules()?, limits: self.terms.cod_limits()? })
    }

    /// The checkout's refusal of a phone, with the shop's number to call.
    pub fn refused(&self, refusal: PhoneRefusal) -> OrderingError {
        let shop_phone = match self.terms.shop_phone() {
            Ok(shop_phone) => shop_phone,
            Err(error) => return error.into(),
        };
        match refusal {
            PhoneRefusal::Blocked => OrderingError::PhoneBlocked { shop_phone },
            PhoneRefusal::CodLimit { limit, first_order } => OrderingError::CodLimit { limit, first_order, shop_phone },
        }
    }

    /// The shop's phone, which a refused buyer is given to call.
    pub fn shop_phone(&self) -> Result<String, OrderingError> {
        Ok(self.terms.shop_phone()?)
    }

    /// A staff member sets the phone's band over the rules, with why (`PUT
    /// dashboard/phones/{phone}/band`), or gives it back to the rules (`band` none). A sales
    /// engineer bands only phones of their own clients and of the guest orders they see (any
    /// other is not found); marking a phone trusted, or leaving it unblocked when it is blocked
    /// now, needs `phone-trust`.
    pub fn set_band(&self, by: BandSetter, phone: &str, band: Option<PhoneBand>, note: &str) -> Result<PhoneStanding, OrderingError> {
        let phone = Phone::parse(phone).ok_or_else(|| FieldErrors::single("phone", "phone_invalid"))?;
        if by.sales_engineer {
            let reach = self.book.reach(&phone, by.id)?;
            if !(reach.own_client || (reach.guest_order && by.sees_guests)) {
                return Err(OrderingError::NotFound);
            }
        }
        let note = note.trim();
        let set = match band {
            Some(_) if note.is_empty() => return Err(FieldErrors::single("note", "required").into()),
            Some(_) if note.chars().count() > MAX_NOTE => return Err(FieldErrors::single("note", "too_long").into()),
            Some(band) => Some((band, note.to_string(), by.id, self.clock.now())),
            None => None,
        };
        if !by.may_trust {
            let now = self.standing(&phone)?;
            let after = band.unwrap_or(now.by_rules);
            if band == Some(PhoneBand::Trusted) || (now.band() == PhoneBand::Blocked && after != PhoneBand::Blocked) {
                return Err(OrderingError::PhoneTrustNeeded);
            }
        }
        self.book.set_band_override(&phone, set)?;
        self.standing(&phone)
    }
}

/// Standings over a book that holds `record` for every phone and no staff band, under rules
/// that call after one failed order, ask for prepaid shipping after two and block after three.
#[cfg(test)]
pub(crate) fn standings_of(record: PhoneRecord) -> Arc<PhoneStandings> {
    let mut book = MockPhoneBook::new();
    book.expect_record().returning(move |_| Ok(record));
    book.expect_band_override().returning(|_| Ok(None));
    let mut terms = MockReputationTerms::new();
    terms.expect_rules().returning(|| Ok(ReputationRules { trusted_after_delivered: 2, call_after: 1, prepay_after: 2, block_after: 3 }));
    terms.expect_shop_phone().returning(|| Ok("01000000000".into()));
    terms.expect_cod_limits().returning(|| Ok(CodLimits::default()));
    Arc::new(PhoneStandings::new(Arc::new(book), Arc::new(terms), Arc::new(kernel::SystemClock)))
}

#[cfg(test)]
mod tests;
