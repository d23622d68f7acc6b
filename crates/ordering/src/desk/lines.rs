//! Staff change what an order holds: before its buyer confirms it (on the confirmation call
//! the buyer asks for one sack more, one product less, or another besides), and at the door,
//! where the buyer takes only part of the parcel.

use kernel::{FieldErrors, Money, OrderId, ProductId, ShippingQuote};

use super::{Audience, OrderDesk, StaffOrder, Viewer, checked_reason};
use crate::checkout::{check_items, merged_items};
use crate::city::CodFee;
use crate::error::OrderingError;
use crate::order::{NewOrder, Order, OrderLine, OrderStatus, Totals};
use crate::orders::{order_line, totals, totals_shipped};
use crate::payment::PaymentMethod;
use crate::ports::{LinesChange, LinesOutcome, PartialDelivery, StatusMove};

impl OrderDesk {
    /// Replaces the lines of an order still awaiting its buyer's confirmation (`PUT
    /// …/{id}/lines`) with these products and units, and tells the buyer the new total. A line
    /// the order held keeps the price the buyer was quoted; a product added is priced as it is
    /// sold today, and one sold only with a safety acknowledgement cannot be added to an order
    /// whose buyer gave none. The code the order holds takes its value on the new lines;
    /// shipping keeps the city's base and weighs the new lines. Short stock refuses the change.
    pub fn change_lines(&self, viewer: Viewer, audience: Audience, id: OrderId, items: &[(ProductId, i64)]) -> Result<StaffOrder, OrderingError> {
        let mut errors = FieldErrors::new();
        check_items(&mut errors, items);
        errors.into_result()?;
        let order = self.visible(viewer, audience, id)?.order;
        if !order.awaiting_confirmation() || order.shipment.is_some() {
            return Err(not_awaiting());
        }
        let lines = self.new_lines(&order, &merged_items(items))?;
        if lines == order.placed.lines {
            return self.order(viewer, audience, id);
        }
        let totals = self.repriced(&order, &lines)?;
        let placed = NewOrder { lines, totals, ..order.placed.clone() };
        let change = LinesChange {
            search_text: placed.search_text(),
            lines: placed.lines,
            totals,
            total_before: order.placed.totals.total,
            by: viewer.id,
            at: self.clock.now(),
        };
        match self.book.change_lines(id, &change)? {
            LinesOutcome::Changed => {
                self.newsroom.tell_after_change();
                self.order(viewer, audience, id)
            }
            LinesOutcome::NotAwaiting => Err(not_awaiting()),
            LinesOutcome::ShortOfStock { product, left } => Err(OrderingError::short_of(&change.lines, product, left)),
        }
    }

    /// The order's new lines, in the order asked: those it held at their price, the others at
    /// today's.
    fn new_lines(&self, order: &Order, items: &[(ProductId, i64)]) -> Result<Vec<OrderLine>, OrderingError> {
        let held = |product: ProductId| order.placed.lines.iter().find(|line| line.product == Some(product));
        let added: Vec<ProductId> = items.iter().map(|(product, _)| *product).filter(|product| held(*product).is_none()).collect();
        let quoted = if added.is_empty() { Vec::new() } else { self.repricing.pricing.quote(&added)? };
        if !order.placed.safety_acknowledged && quoted.iter().any(|product| product.needs_safety_acknowledgement) {
            return Err(FieldErrors::single("items", "safety_acknowledgement_required").into());
        }
        items
            .iter()
            .map(|&(product, quantity)| {
                let line = match held(product) {
                    Some(line) => with_units(line, quantity),
                    None => {
                        let product = quoted.iter().find(|quoted| quoted.id == product).ok_or_else(|| FieldErrors::single("items", "product_unknown"))?;
                        order_line(product, quantity)
                    }
                };
                line.ok_or_else(out_of_range)
            })
            .collect()
    }

    /// The buyer took only part of the parcel at the door (`POST …/{id}/partial-delivery`):
    /// staff say how many units of which products they refused, and why. Those units go back
    /// on the shelf, and the order is delivered with what was taken: its lines at their prices,
    /// the code's value on them, the shipping of the whole parcel the courier carried, the cash
    /// fee on what was collected, and the points of what was delivered. Every unit refused is a
    /// refusal, not a partial delivery.
    pub fn deliver_partly(
        &self,
        viewer: Viewer,
        audience: Audience,
        id: OrderId,
        refused: &[(ProductId, i64)],
        reason: String,
    ) -> Result<StaffOrder, OrderingError> {
        let reason = checked_reason(&reason)?;
        let mut errors = FieldErrors::new();
        check_items(&mut errors, refused);
        errors.into_result()?;
        let order = self.visible(viewer, audience, id)?.order;
        if order.status != OrderStatus::OnDelivery {
            return Err(FieldErrors::single("order", "not_on_delivery").into());
        }
        let lines = taken_lines(&order.placed.lines, &merged_items(refused))?;
        let carried = ShippingQuote { base: order.placed.totals.shipping_base, extra: order.placed.totals.shipping_extra };
        let subtotal = subtotal_of(&lines)?;
        let totals = totals_shipped(&lines, carried, self.discount_on(&order, subtotal)?, self.cash_fee_of(&order)?).ok_or_else(out_of_range)?;
        let at = self.clock.now();
        let delivered = Order { placed: NewOrder { lines, totals, ..order.placed.clone() }, ..order.clone() };
        let grant = self.grant(&delivered, OrderStatus::Delivered, at)?;
        let delivery = StatusMove::decide(order.status, OrderStatus::Delivered, Some(viewer.id), Some(reason), at)
            .ok_or(OrderingError::NotAllowed { from: order.status, to: OrderStatus::Delivered })?
            .granting(grant);
        let taken = LinesChange {
            search_text: delivered.placed.search_text(),
            lines: delivered.placed.lines,
            totals,
            total_before: order.placed.totals.total,
            by: viewer.id,
            at,
        };
        if !self.book.deliver_partly(id, &PartialDelivery { taken, delivery })? {
            let now = self.order(viewer, audience, id)?;
            return Err(OrderingError::NotAllowed { from: now.order.status, to: OrderStatus::Delivered });
        }
        self.newsroom.tell_after_change();
        self.order(viewer, audience, id)
    }

    /// What the new lines cost: the code's value on them, the city's base and today's weight
    /// rule, and the city's cash fee for an order paid at the door.
    fn repriced(&self, order: &Order, lines: &[OrderLine]) -> Result<Totals, OrderingError> {
        let discount = self.discount_on(order, subtotal_of(lines)?)?;
        let rule = self.repricing.pricing.shipping_rule()?;
        totals(lines, order.placed.totals.shipping_base, discount, &rule, self.cash_fee_of(order)?).ok_or_else(out_of_range)
    }

    /// What the code the order holds takes off a new subtotal; the discount it gave, when the
    /// code is gone since.
    fn discount_on(&self, order: &Order, subtotal: Money) -> Result<Money, OrderingError> {
        let placed = &order.placed;
        Ok(match &placed.copoun {
            Some(code) => self.repricing.promos.promo_by_code(code)?.map_or(placed.totals.discount, |code| code.discount_kept(subtotal)),
            None => Money::ZERO,
        })
    }

    /// The order's city's cash fee, for an order paid at the door.
    fn cash_fee_of(&self, order: &Order) -> Result<CodFee, OrderingError> {
        Ok(match order.placed.payment_method {
            PaymentMethod::CashOnDelivery => self.repricing.cities.city(order.placed.destination.city)?.map_or(CodFee::None, |city| city.cash.fee),
            PaymentMethod::Card => CodFee::None,
        })
    }
}

/// The lines the buyer took: each less the units refused of its product. A product the order
/// does not hold, more units than its line holds, or every unit refused is refused.
fn taken_lines(held: &[OrderLine], refused: &[(ProductId, i64)]) -> Result<Vec<OrderLine>, OrderingError> {
    if refused.iter().any(|(product, _)| !held.iter().any(|line| line.product == Some(*product))) {
        return Err(FieldErrors::single("items", "product_unknown").into());
    }
    let mut taken = Vec::with_capacity(held.len());
    for line in held {
        let gone = refused.iter().find(|(product, _)| line.product == Some(*product)).map_or(0, |(_, units)| *units);
        let left = i64::from(line.quantity) - gone;
        if left < 0 {
            return Err(FieldErrors::single("items", "quantity_range").into());
        }
        if left > 0 {
            taken.push(with_units(line, left).ok_or_else(out_of_range)?);
        }
    }
    if taken.is_empty() {
        return Err(FieldErrors::single("items", "all_refused").into());
    }
    Ok(taken)
}

/// A line held at its price with another number of units; `None` when they do not fit.
fn with_units(line: &OrderLine, units: i64) -> Option<OrderLine> {
    Some(OrderLine { quantity: u32::try_from(units).ok()?, line_total: line.unit_price.checked_times(units)?, ..line.clone() })
}

/// The sum of the lines' totals.
fn subtotal_of(lines: &[OrderLine]) -> Result<Money, OrderingError> {
    lines.iter().try_fold(Money::ZERO, |sum, line| sum.checked_add(line.line_total)).ok_or_else(out_of_range)
}

/// A sum too large to keep.
fn out_of_range() -> OrderingError {
    FieldErrors::single("items", "quantity_range").into()
}

/// The order no longer awaits its buyer's confirmation: it cannot be confirmed, nor its lines
/// changed.
pub(super) fn not_awaiting() -> OrderingError {
    FieldErrors::single("order", "not_awaiting_confirmation").into()
}
