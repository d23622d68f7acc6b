//! What the cart needs from the rest of the shop.

use kernel::{Localized, Money, ProductId, ShippingRule, UserId, Weight};

use crate::line::CartLine;

/// A product as the cart prices it today.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedProduct {
    /// The product.
    pub id: ProductId,
    /// Its readable address.
    pub slug: String,
    /// Its name.
    pub name: Localized<String>,
    /// Its first picture.
    pub image: Option<String>,
    /// The list price.
    pub price: Money,
    /// The price after its discount or a running offer.
    pub sale_price: Money,
    /// Units in stock now.
    pub available: i64,
    /// The shipping weight of one unit.
    pub weight: Weight,
    /// Sold only to a buyer who acknowledged its danger (WHO class Ia or Ib, or restricted).
    pub needs_safety_acknowledgement: bool,
}

/// Today's prices, stock and weights, and the shipping rule.
#[cfg_attr(test, mockall::automock)]
pub trait PriceList: Send + Sync {
    /// The products among `ids` that exist, in any order.
    fn priced(&self, ids: &[ProductId]) -> anyhow::Result<Vec<PricedProduct>>;
    /// The shop's weight rule.
    fn shipping_rule(&self) -> anyhow::Result<ShippingRule>;
}

/// The carts of signed-in buyers.
#[cfg_attr(test, mockall::automock)]
pub trait CartStore: Send + Sync {
    /// The buyer's lines, oldest first.
    fn lines(&self, owner: UserId) -> anyhow::Result<Vec<CartLine>>;
    /// Sets lines to these quantities, adding the lines the cart lacks; other lines stay.
    fn put(&self, owner: UserId, lines: &[CartLine]) -> anyhow::Result<()>;
    /// Adds `units` to a product's line (a new line when the cart lacks it) unless the line
    /// would then hold more than `most`; answers whether it did. One step in the store, so
    /// parallel adds of one line all count.
    fn add(&self, owner: UserId, product: ProductId, units: u32, most: u32) -> anyhow::Result<bool>;
    /// Removes one product's line; a missing line is fine.
    fn remove(&self, owner: UserId, product: ProductId) -> anyhow::Result<()>;
    /// Empties the cart.
    fn clear(&self, owner: UserId) -> anyhow::Result<()>;
}
