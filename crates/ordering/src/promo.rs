//! Promo codes ("copouns", the spec's spelling): a percent or a fixed amount off the
//! subtotal, with their limits (design §5).

use chrono::{DateTime, Utc};
use kernel::{FieldErrors, Money, Percent, UserId};

/// What a code takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromoValue {
    /// A percent of the subtotal, capped by `max_discount` when set.
    Percent(Percent),
    /// A fixed amount, never more than the subtotal.
    Fixed(Money),
}

impl PromoValue {
    /// `percent` or `fixed`.
    pub fn kind(self) -> &'static str {
        match self {
            PromoValue::Percent(_) => "percent",
            PromoValue::Fixed(_) => "fixed",
        }
    }
}

/// A promo code as staff write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromoDraft {
    /// The code, as buyers type it (kept folded, see [`fold_code`]).
    pub code: String,
    /// What it takes off.
    pub value: PromoValue,
    /// The least subtotal it applies to.
    pub min_subtotal: Option<Money>,
    /// The most a percent code takes off.
    pub max_discount: Option<Money>,
    /// From when it works.
    pub starts_at: Option<DateTime<Utc>>,
    /// Until when it works.
    pub expires_at: Option<DateTime<Utc>>,
    /// How many orders may use it in all.
    pub usage_limit: Option<u32>,
    /// How many orders one buyer (account or phone) may use it for.
    pub per_user_limit: Option<u32>,
    /// Switched on.
    pub active: bool,
    /// Only clients of this group may use it.
    pub group: Option<i64>,
}

/// The longest code.
pub const CODE_MAX: usize = 40;

impl PromoDraft {
    /// The rules a code keeps: 3 to 40 letters, digits, `-` or `_`; a percent of 1 to 100, a
    /// fixed amount above zero; an end after the start.
    pub fn check(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        let length = self.code.chars().count();
        if self.code.is_empty() {
            errors.add("code", "copoun_code_required");
        } else if !(3..=CODE_MAX).contains(&length) || !self.code.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_') {
            errors.add("code", "copoun_code_invalid");
        }
        match self.value {
            PromoValue::Percent(percent) if percent == Percent::ZERO => errors.add("value", "discount_range"),
            PromoValue::Fixed(amount) if amount <= Money::ZERO || amount > Money::PRICE_MAX => errors.add("value", "price_invalid"),
            _ => {}
        }
        if let (Some(starts), Some(expires)) = (self.starts_at, self.expires_at)
            && expires <= starts
        {
            errors.add("expires_at", "ends_before_start");
        }
        errors.into_result()
    }
}

/// A stored promo code with how often it was used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromoCode {
    /// Its id.
    pub id: i64,
    /// Its settings.
    pub draft: PromoDraft,
    /// Orders that use it now (cancelled ones gave theirs back).
    pub used: u32,
    /// The client a personal coupon belongs to (one bought with points); none for the shop's
    /// codes, which anybody may use.
    pub owner: Option<UserId>,
}

/// Why a code does not apply; each is a message on `copoun`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromoRefusal {
    /// No such code.
    Unknown,
    /// Switched off.
    Inactive,
    /// Its start is still ahead.
    NotStarted,
    /// Its end has passed.
    Expired,
    /// Every use is taken.
    UsedUp,
    /// This buyer used it as often as allowed.
    AlreadyUsed,
    /// The subtotal is below its minimum.
    BelowMinimum,
    /// A personal coupon of another client's (or a guest's order).
    NotYours,
    /// A code for a client group the buyer is not in (or a guest).
    OtherGroup,
}

impl PromoRefusal {
    /// The message key of the refusal, on the `copoun` field.
    pub fn rule(self) -> &'static str {
        match self {
            PromoRefusal::Unknown => "copoun_unknown",
            PromoRefusal::Inactive => "copoun_inactive",
            PromoRefusal::NotStarted => "copoun_not_started",
            PromoRefusal::Expired => "copoun_expired",
            PromoRefusal::UsedUp => "copoun_used_up",
            PromoRefusal::AlreadyUsed => "copoun_already_used",
            PromoRefusal::BelowMinimum => "copoun_below_minimum",
            PromoRefusal::NotYours => "copoun_not_yours",
            PromoRefusal::OtherGroup => "copoun_other_group",
        }
    }
}

/// Who asks for a code's discount: a client's account and group, or a guest (neither).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Shopper {
    /// The client's account.
    pub user: Option<UserId>,
    /// The client's group.
    pub group: Option<i64>,
}

/// `active`, `inactive` or `expired`, as staff see it now.
pub fn status(code: &PromoCode, now: DateTime<Utc>) -> &'static str {
    if code.draft.expires_at.is_some_and(|end| end <= now) {
        "expired"
    } else if code.draft.active {
        "active"
    } else {
        "inactive"
    }
}

impl PromoCode {
    /// The discount on `subtotal` for a buyer who used it `buyer_uses` times, or why not. The
    /// store checks the overall and per-buyer limits again when the order is written, where
    /// parallel checkouts meet.
    pub fn discount(&self, subtotal: Money, buyer: Shopper, buyer_uses: u32, now: DateTime<Utc>) -> Result<Money, PromoRefusal> {
        let draft = &self.draft;
        if self.owner.is_some_and(|owner| buyer.user != Some(owner)) {
            return Err(PromoRefusal::NotYours);
        }
        if draft.group.is_some_and(|group| buyer.group != Some(group)) {
            return Err(PromoRefusal::OtherGroup);
        }
        if !draft.active {
            return Err(PromoRefusal::Inactive);
        }
        if draft.starts_at.is_some_and(|start| now < start) {
            return Err(PromoRefusal::NotStarted);
        }
        if draft.expires_at.is_some_and(|end| end <= now) {
            return Err(PromoRefusal::Expired);
        }
        if draft.usage_limit.is_some_and(|limit| self.used >= limit) {
            return Err(PromoRefusal::UsedUp);
        }
        if draft.per_user_limit.is_some_and(|limit| buyer_uses >= limit) {
            return Err(PromoRefusal::AlreadyUsed);
        }
        if draft.min_subtotal.is_some_and(|minimum| subtotal < minimum) {
            return Err(PromoRefusal::BelowMinimum);
        }
        Ok(self.off(subtotal))
    }

    /// What the code an order already holds takes off its lines after staff changed them: its
    /// value on the new subtotal, nothing below its minimum. Its uses, dates and owner were
    /// checked when the order was placed and are not asked again.
    pub fn discount_kept(&self, subtotal: Money) -> Money {
        if self.draft.min_subtotal.is_some_and(|minimum| subtotal < minimum) {
            return Money::ZERO;
        }
        self.off(subtotal)
    }

    /// The code's value on a subtotal: its share capped by its maximum, or its amount, never
    /// more than the subtotal.
    fn off(&self, subtotal: Money) -> Money {
        let off = match self.draft.value {
            PromoValue::Percent(percent) => {
                let off = subtotal.checked_sub(subtotal.percent_off(percent)).unwrap_or(Money::ZERO);
                self.draft.max_discount.map_or(off, |cap| off.min(cap))
            }
            PromoValue::Fixed(amount) => amount,
        };
        off.min(subtotal).max(Money::ZERO)
    }
}

/// A code as it is kept and compared: trimmed, upper case, Arabic-Indic digits as Latin ones,
/// so `ramadan٢٠` finds `RAMADAN20`.
pub fn fold_code(typed: &str) -> String {
    kernel::digits::to_latin_digits(typed.trim()).to_uppercase()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use chrono::Duration;

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp(1_790_000_000, 0).unwrap()
    }

    fn code(value: PromoValue) -> PromoCode {
        PromoCode {
            id: 1,
            draft: PromoDraft {
                code: "RAMADAN20".into(),
                value,
                min_subtotal: None,
                max_discount: None,
                starts_at: None,
                expires_at: None,
                usage_limit: None,
                per_user_limit: None,
                active: true,
                group: None,
            },
            used: 0,
            owner: None,
        }
    }

    fn percent(n: i64) -> PromoValue {
        PromoValue::Percent(Percent::new(n).unwrap())
    }

    fn pounds(n: i64) -> Money {
        Money::from_pounds(n)
    }

    const GUEST: Shopper = Shopper { user: None, group: None };

    fn client(id: i64, group: Option<i64>) -> Shopper {
        Shopper { user: Some(UserId(id)), group }
    }

    #[test]
    fn a_percent_code_takes_its_share_capped_by_the_maximum() {
        assert_eq!(code(percent(20)).discount(pounds(300), GUEST, 0, now()), Ok(pounds(60)));
        let capped = PromoCode { draft: PromoDraft { max_discount: Some(pounds(50)), ..code(percent(20)).draft }, ..code(percent(20)) };
        assert_eq!(capped.discount(pounds(300), GUEST, 0, now()), Ok(pounds(50)));
    }

    #[test]
    fn a_code_an_order_holds_takes_its_value_on_the_new_subtotal_whatever_its_uses_and_dates() {
        let mut held = code(percent(10));
        held.draft.min_subtotal = Some(pounds(100));
        held.draft.usage_limit = Some(1);
        held.used = 1;
        held.draft.expires_at = Some(now() - Duration::days(1));
        assert_eq!(held.discount_kept(pounds(300)), pounds(30));
        assert_eq!(held.discount_kept(pounds(99)), Money::ZERO, "below its minimum it takes nothing");
        assert_eq!(code(PromoValue::Fixed(pounds(50))).discount_kept(pounds(20)), pounds(20));
    }

    #[test]
    fn a_fixed_code_never_takes_more_than_the_subtotal() {
        assert_eq!(code(PromoValue::Fixed(pounds(30))).discount(pounds(100), GUEST, 0, now()), Ok(pounds(30)));
        assert_eq!(code(PromoValue::Fixed(pounds(30))).discount(pounds(20), GUEST, 0, now()), Ok(pounds(20)));
    }

    #[test]
    fn each_limit_refuses_with_its_reason() {
        let with = |change: fn(&mut PromoCode)| {
            let mut promo = code(percent(10));
            change(&mut promo);
            promo.discount(pounds(100), GUEST, 1, now())
        };
        assert_eq!(with(|p| p.draft.min_subtotal = Some(pounds(150))), Err(PromoRefusal::BelowMinimum));
        assert_eq!(with(|p| p.draft.expires_at = Some(now() - Duration::seconds(1))), Err(PromoRefusal::Expired));
        assert_eq!(with(|p| p.draft.starts_at = Some(now() + Duration::hours(1))), Err(PromoRefusal::NotStarted));
        assert_eq!(with(|p| p.draft.active = false), Err(PromoRefusal::Inactive));
        assert_eq!(
            with(|p| {
                p.draft.usage_limit = Some(3);
                p.used = 3;
            }),
            Err(PromoRefusal::UsedUp)
        );
        assert_eq!(with(|p| p.draft.per_user_limit = Some(1)), Err(PromoRefusal::AlreadyUsed), "used once by this account or phone");
        assert_eq!(with(|p| p.draft.per_user_limit = Some(2)), Ok(pounds(10)));
    }

    #[test]
    fn a_personal_coupon_serves_its_owner_only() {
        let personal = PromoCode { owner: Some(UserId(7)), ..code(percent(10)) };
        assert_eq!(personal.discount(pounds(100), client(7, None), 0, now()), Ok(pounds(10)));
        assert_eq!(personal.discount(pounds(100), client(8, None), 0, now()), Err(PromoRefusal::NotYours));
        assert_eq!(personal.discount(pounds(100), GUEST, 0, now()), Err(PromoRefusal::NotYours), "not a guest's either");
        assert_eq!(code(percent(10)).discount(pounds(100), client(8, None), 0, now()), Ok(pounds(10)), "the shop's codes are anybody's");
    }

    #[test]
    fn a_group_code_serves_the_group_only() {
        let farmers = PromoCode { draft: PromoDraft { group: Some(1), ..code(percent(10)).draft }, ..code(percent(10)) };
        assert_eq!(farmers.discount(pounds(100), client(7, Some(1)), 0, now()), Ok(pounds(10)));
        assert_eq!(farmers.discount(pounds(100), client(7, Some(2)), 0, now()), Err(PromoRefusal::OtherGroup));
        assert_eq!(farmers.discount(pounds(100), client(7, None), 0, now()), Err(PromoRefusal::OtherGroup));
        assert_eq!(farmers.discount(pounds(100), GUEST, 0, now()), Err(PromoRefusal::OtherGroup));
    }

    #[test]
    fn codes_are_compared_folded_and_drafts_checked() {
        assert_eq!(fold_code(" ramadan٢٠ "), "RAMADAN20");
        let bad = PromoDraft { code: "a b".into(), value: percent(10), ..code(percent(10)).draft };
        assert!(bad.check().is_err());
        let backwards = PromoDraft { starts_at: Some(now()), expires_at: Some(now() - Duration::days(1)), ..code(percent(10)).draft };
        assert_eq!(backwards.check().unwrap_err().iter().map(|(f, _)| f.to_string()).collect::<Vec<_>>(), ["expires_at"]);
        assert!(PromoDraft { value: PromoValue::Fixed(Money::ZERO), ..code(percent(10)).draft }.check().is_err());
    }
}
