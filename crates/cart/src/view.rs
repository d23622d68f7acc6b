//! A cart priced at today's prices: what `GET cart` answers.

use kernel::{Money, ShippingRule, Weight};

use crate::line::CartLine;
use crate::ports::PricedProduct;

/// A line with its product as priced today.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedLine {
    /// The product today.
    pub product: PricedProduct,
    /// How many the buyer wants.
    pub quantity: u32,
    /// Sale price times quantity.
    pub line_total: Money,
}

impl PricedLine {
    /// Whether fewer units are left than the line asks for (the cart flags it).
    pub fn short(&self) -> bool {
        i64::from(self.quantity) > self.product.available
    }
}

/// The whole cart with its totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartView {
    /// The lines whose products still exist, in the cart's order.
    pub lines: Vec<PricedLine>,
    /// The sum of the line totals.
    pub total: Money,
    /// The weight of every unit.
    pub total_weight: Weight,
    /// The weight extra of shipping (the city is not known yet).
    pub shipping_extra: Money,
    /// The weight shipped without extra.
    pub free_weight: Weight,
    /// The fee for every started kilogram above it.
    pub extra_fee_per_kg: Money,
}

impl CartView {
    /// Prices `lines` with `products` (lines of unknown products are left out); `None` if a sum
    /// overflows, which the bounds on quantities and prices rule out in practice.
    pub fn price(lines: &[CartLine], products: &[PricedProduct], rule: &ShippingRule) -> Option<CartView> {
        let mut priced = Vec::with_capacity(lines.len());
        let (mut total, mut grams) = (Money::ZERO, 0i64);
        for line in lines {
            let Some(product) = products.iter().find(|p| p.id == line.product) else { continue };
            let line_total = product.sale_price.checked_times(i64::from(line.quantity))?;
            total = total.checked_add(line_total)?;
            grams = grams.checked_add(product.weight.grams().checked_mul(i64::from(line.quantity))?)?;
            priced.push(PricedLine { product: product.clone(), quantity: line.quantity, line_total });
        }
        let total_weight = Weight::from_grams(grams);
        Some(CartView {
            lines: priced,
            total,
            total_weight,
            shipping_extra: rule.extra_for(total_weight)?,
            free_weight: rule.free_weight,
            extra_fee_per_kg: rule.extra_fee_per_kg,
        })
    }
}
