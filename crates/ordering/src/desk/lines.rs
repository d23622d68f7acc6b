//! Staff change what an order holds before its buyer confirms it: on the confirmation call the
//! buyer asks for one sack more, one product less, or another besides.

use kernel::{FieldErrors, Money, OrderId, ProductId};

use super::{Audience, OrderDesk, StaffOrder, Viewer};
use crate::checkout::{check_items, merged_items};
use crate::city::CodFee;
use crate::error::OrderingError;
use crate::order::{NewOrder, Order, OrderLine, Totals};
use crate::orders::{order_line, totals};
use crate::payment::PaymentMethod;
use crate::ports::{LinesChange, LinesOutcome};

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
            LinesOutcome::ShortOfStock { product, left } => {
                let name = change.lines.iter().find(|line| line.product == Some(product)).map(|line| line.name.clone()).unwrap_or_default();
                Err(OrderingError::ShortOfStock { product: name, left })
            }
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
                    Some(line) => line.unit_price.checked_times(quantity).zip(u32::try_from(quantity).ok()).map(|(line_total, quantity)| OrderLine {
                        quantity,
                        line_total,
                        ..line.clone()
                    }),
                    None => {
                        let product = quoted.iter().find(|quoted| quoted.id == product).ok_or_else(|| FieldErrors::single("items", "product_unknown"))?;
                        order_line(product, quantity)
                    }
                };
                line.ok_or_else(|| FieldErrors::single("items", "quantity_range").into())
            })
            .collect()
    }

    /// What the new lines cost: the code's value on them (the discount it gave, when the code
    /// is gone since), the city's base and today's weight rule, and the city's cash fee for an
    /// order paid at the door.
    fn repriced(&self, order: &Order, lines: &[OrderLine]) -> Result<Totals, OrderingError> {
        let placed = &order.placed;
        let subtotal = lines.iter().try_fold(Money::ZERO, |sum, line| sum.checked_add(line.line_total));
        let subtotal = subtotal.ok_or_else(|| FieldErrors::single("items", "quantity_range"))?;
        let discount = match &placed.copoun {
            Some(code) => self.repricing.promos.promo_by_code(code)?.map_or(placed.totals.discount, |code| code.discount_kept(subtotal)),
            None => Money::ZERO,
        };
        let cod_fee = match placed.payment_method {
            PaymentMethod::CashOnDelivery => self.repricing.cities.city(placed.destination.city)?.map_or(CodFee::None, |city| city.cash.fee),
            PaymentMethod::Card => CodFee::None,
        };
        let rule = self.repricing.pricing.shipping_rule()?;
        Ok(totals(lines, placed.totals.shipping_base, discount, &rule, cod_fee).ok_or_else(|| FieldErrors::single("items", "quantity_range"))?)
    }
}

/// The order no longer awaits its buyer's confirmation: it cannot be confirmed, nor its lines
/// changed.
pub(super) fn not_awaiting() -> OrderingError {
    FieldErrors::single("order", "not_awaiting_confirmation").into()
}
