//! Returns of delivered orders (issue 39 §6; Consumer Protection Law 181/2018 gives the buyer
//! 14 days): the buyer asks to return some of the units they received, with a reason; staff
//! approve or refuse, record the parcel coming back (its units back on the shelf when they can
//! be sold again) and the cash paid back, which takes back the points those units earned.

use chrono::{DateTime, Utc};
use kernel::{FieldErrors, Localized, Money, OrderId, ProductId, UserId};

use crate::error::OrderingError;
use crate::order::Order;

/// The most lines one return names, as an order holds.
const MAX_LINES: usize = crate::checkout::MAX_LINES;

/// Where a return stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum ReturnState {
    /// The buyer asked; staff have not decided.
    Requested,
    /// Staff agreed: the parcel is to be picked up.
    Approved,
    /// Staff refused, with why.
    Refused,
    /// The parcel came back to the shop.
    Received,
    /// The cash was paid back: the return is done.
    Refunded,
}

impl ReturnState {
    /// Whether the return still holds its units against another return of the same lines.
    pub fn holds_units(self) -> bool {
        self != ReturnState::Refused
    }

    /// The step staff take from here, and where it leads: approve (or refuse) a request,
    /// receive an approved parcel, refund a received one.
    pub fn next(self, step: ReturnStep) -> Option<ReturnState> {
        match (self, step) {
            (ReturnState::Requested, ReturnStep::Approve) => Some(ReturnState::Approved),
            (ReturnState::Requested, ReturnStep::Refuse) => Some(ReturnState::Refused),
            (ReturnState::Approved, ReturnStep::Receive { .. }) => Some(ReturnState::Received),
            (ReturnState::Received, ReturnStep::Refund) => Some(ReturnState::Refunded),
            _ => None,
        }
    }
}

/// What staff do with a return.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReturnStep {
    /// Agree to take it back.
    Approve,
    /// Refuse it (the note says why).
    Refuse,
    /// The parcel is back; its units go back on the shelf when they can be sold again.
    Receive {
        /// Whether the units can be sold again (unopened, undamaged).
        resaleable: bool,
    },
    /// The cash was paid back to the buyer.
    Refund,
}

/// Units of one line of the order to return.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnLine {
    /// The product.
    pub product: ProductId,
    /// Its name on the order.
    pub name: Localized<String>,
    /// Units returned.
    pub quantity: u32,
    /// The price paid for one.
    pub unit_price: Money,
}

/// A return of some of an order's units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderReturn {
    /// Its id.
    pub id: i64,
    /// The order.
    pub order: OrderId,
    /// Where it stands.
    pub state: ReturnState,
    /// The units returned.
    pub lines: Vec<ReturnLine>,
    /// Why, in the buyer's (or the staff's) words.
    pub reason: String,
    /// When it was asked.
    pub asked_at: DateTime<Utc>,
    /// The staff member who opened it for the buyer; none when the buyer asked.
    pub opened_by: Option<UserId>,
    /// The staff's note on their decision (why it was refused).
    pub note: Option<String>,
    /// The cash paid back, once refunded; until then what will be.
    pub refund: Money,
    /// Whether the units went back on the shelf, once received.
    pub resaleable: Option<bool>,
    /// The points taken back, once refunded.
    pub points_back: Option<i64>,
    /// When it last changed.
    pub updated_at: DateTime<Utc>,
}

/// A return as the buyer (or staff for them) asks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnRequest {
    /// Product and units.
    pub lines: Vec<(ProductId, i64)>,
    /// Why.
    pub reason: String,
}

/// A return ready to be kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReturn {
    /// The order.
    pub order: OrderId,
    /// The units.
    pub lines: Vec<ReturnLine>,
    /// Why.
    pub reason: String,
    /// The cash to pay back.
    pub refund: Money,
    /// Staff who opened it for the buyer.
    pub opened_by: Option<UserId>,
    /// When.
    pub at: DateTime<Utc>,
}

/// A staff step on a return, as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnMove {
    /// The state it must still be in.
    pub from: ReturnState,
    /// The state it goes to.
    pub to: ReturnState,
    /// The step.
    pub step: ReturnStep,
    /// The staff member.
    pub by: UserId,
    /// Their note.
    pub note: Option<String>,
    /// When.
    pub at: DateTime<Utc>,
    /// For a refund of a client's order: the client and the points its units earned, to take
    /// back (never below zero: what the balance lacks is a debt the next earnings pay).
    pub points_back: Option<(UserId, i64)>,
}

/// Where returns are kept.
#[cfg_attr(test, mockall::automock)]
pub trait ReturnBook: Send + Sync {
    /// The products among these that cannot be returned once opened (their category says so).
    fn not_returnable(&self, products: &[ProductId]) -> anyhow::Result<Vec<ProductId>>;
    /// Keeps a return, in one transaction with a check that its units, with those of the
    /// order's other returns not refused, are no more than the order's: none when they are.
    fn ask(&self, request: &NewReturn) -> anyhow::Result<Option<i64>>;
    /// Applies a staff step, guarded on the return still being in `from` (of two at once one
    /// does it): a receipt of resaleable units puts them back into the lots they came from, a
    /// refund takes the points back. False when it was not in `from`.
    fn step(&self, id: i64, order: OrderId, step: &ReturnMove) -> anyhow::Result<bool>;
    /// The points an order's delivery earned, if any.
    fn points_earned(&self, order: OrderId) -> anyhow::Result<Option<i64>>;
}

/// The rules of a return asked of `order` at `now`: a delivered order, within `days` of its
/// delivery; a reason; 1 to 100 lines of its own products, none of them `not_returnable`, each
/// within what it holds less what its other returns hold. The lines with their names and
/// prices, and the cash to pay back.
pub fn check_request(
    order: &Order,
    request: &ReturnRequest,
    not_returnable: &[ProductId],
    days: u32,
    now: DateTime<Utc>,
) -> Result<(Vec<ReturnLine>, String, Money), FieldErrors> {
    let Some(until) = order.returnable_until(days) else {
        return Err(FieldErrors::single("order", "return_not_delivered"));
    };
    if now > until {
        return Err(FieldErrors::single("order", "return_too_late"));
    }
    let mut errors = FieldErrors::new();
    let reason = request.reason.trim().to_string();
    if reason.is_empty() {
        errors.add("reason", "required");
    }
    if reason.chars().count() > crate::desk::MAX_NOTE {
        errors.add("reason", "too_long");
    }
    let asked = crate::checkout::merged_items(&request.lines);
    if asked.is_empty() || asked.len() > MAX_LINES {
        errors.add("items", "return_items");
    }
    let mut lines = Vec::with_capacity(asked.len());
    for (product, quantity) in asked {
        let Some(line) = order.placed.lines.iter().find(|line| line.product == Some(product)) else {
            errors.add("items", "product_unknown");
            continue;
        };
        if not_returnable.contains(&product) {
            errors.add("items", "not_returnable");
            continue;
        }
        let held: u32 = order
            .returns
            .iter()
            .filter(|kept| kept.state.holds_units())
            .flat_map(|kept| kept.lines.iter())
            .filter(|kept| kept.product == product)
            .map(|kept| kept.quantity)
            .sum();
        match u32::try_from(quantity) {
            Ok(units) if units >= 1 && units <= line.quantity.saturating_sub(held) => {
                lines.push(ReturnLine { product, name: line.name.clone(), quantity: units, unit_price: line.unit_price });
            }
            _ => errors.add("items", "return_quantity"),
        }
    }
    errors.into_result()?;
    let refund = refund_of(&lines, order.placed.totals.subtotal, order.placed.totals.discount);
    Ok((lines, reason, refund))
}

/// Keeps a return of `order` asked now, by its buyer or by staff for them (`opened_by`), when
/// the rules of [`check_request`] hold and, at the moment it is kept, the order's other
/// returns leave room for its units.
pub(crate) fn ask(
    book: &dyn ReturnBook,
    order: &Order,
    request: &ReturnRequest,
    opened_by: Option<UserId>,
    days: u32,
    now: DateTime<Utc>,
) -> Result<(), OrderingError> {
    let products: Vec<ProductId> = request.lines.iter().map(|(product, _)| *product).collect();
    let (lines, reason, refund) = check_request(order, request, &book.not_returnable(&products)?, days, now)?;
    let kept = NewReturn { order: order.id, lines, reason, refund, opened_by, at: now };
    match book.ask(&kept)? {
        Some(_) => Ok(()),
        None => Err(FieldErrors::single("items", "return_quantity").into()),
    }
}

/// What returned units paid: their price less their share of the order's promo discount
/// (shipping and the cash fee paid for a delivery that happened, and are not paid back).
pub fn refund_of(lines: &[ReturnLine], subtotal: Money, discount: Money) -> Money {
    let value = value_of(lines);
    if subtotal <= Money::ZERO {
        return Money::from_piastres(value);
    }
    // The discount's share, rounded down so the buyer is never paid back short.
    let share = i128::from(discount.piastres()) * i128::from(value) / i128::from(subtotal.piastres());
    Money::from_piastres(value - i64::try_from(share).unwrap_or(0))
}

/// The points returned units earned: the order's points in the share of its subtotal they
/// were, rounded down.
pub fn points_back(earned: i64, lines: &[ReturnLine], subtotal: Money) -> i64 {
    let value = value_of(lines);
    if subtotal <= Money::ZERO || earned <= 0 {
        return 0;
    }
    let share = i128::from(earned) * i128::from(value.min(subtotal.piastres())) / i128::from(subtotal.piastres());
    i64::try_from(share).unwrap_or(earned)
}

/// What the returned units paid before the discount, in piastres.
fn value_of(lines: &[ReturnLine]) -> i64 {
    lines.iter().map(|line| line.unit_price.piastres().saturating_mul(i64::from(line.quantity))).sum()
}

#[cfg(test)]
mod tests;
