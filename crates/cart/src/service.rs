//! The cart's use cases, one function each.

use std::sync::Arc;

use kernel::{FieldErrors, ProductId, UserId};

use crate::error::CartError;
use crate::line::{CartLine, MAX_LINES, MAX_QUANTITY};
use crate::ports::{CartStore, PriceList, PricedProduct};
use crate::view::CartView;

/// The cart calls of a signed-in buyer.
pub struct CartService {
    store: Arc<dyn CartStore>,
    prices: Arc<dyn PriceList>,
}

impl CartService {
    /// A cart service over its store and today's price list.
    pub fn new(store: Arc<dyn CartStore>, prices: Arc<dyn PriceList>) -> CartService {
        CartService { store, prices }
    }

    /// The buyer's cart at today's prices.
    pub fn view(&self, owner: UserId) -> Result<CartView, CartError> {
        let lines = self.store.lines(owner)?;
        self.priced(&lines)
    }

    /// Adds `quantity` units of a product to its line (`POST cart/{id}`).
    pub fn add(&self, owner: UserId, product: ProductId, quantity: i64) -> Result<CartView, CartError> {
        let quantity = checked_quantity(quantity, 1)?;
        let lines = self.store.lines(owner)?;
        let current = lines.iter().find(|line| line.product == product).map_or(0, |line| line.quantity);
        if current == 0 && lines.len() >= MAX_LINES {
            return Err(CartError::Invalid(FieldErrors::single("product", "cart_full")));
        }
        let wanted = checked_quantity(i64::from(current) + i64::from(quantity), 1)?;
        let found = self.for_sale(product)?;
        ensure_in_stock(&found, wanted)?;
        let most = u32::try_from(found.available.clamp(0, i64::from(MAX_QUANTITY))).unwrap_or(0);
        if !self.store.add(owner, product, quantity, most)? {
            // A parallel add grew the line since it was read: the sum is over what is left,
            // or over the bound of a line.
            return Err(if most < MAX_QUANTITY {
                CartError::ShortOfStock { product: found.name, left: found.available.max(0) }
            } else {
                CartError::Invalid(FieldErrors::single("quantity", "quantity_range"))
            });
        }
        self.priced(&with_line(lines, CartLine { product, quantity: wanted }))
    }

    /// Sets a product's line to `quantity` units (`PUT cart/{id}`); 0 removes the line.
    pub fn set(&self, owner: UserId, product: ProductId, quantity: i64) -> Result<CartView, CartError> {
        let quantity = checked_quantity(quantity, 0)?;
        if quantity == 0 {
            return self.remove(owner, product);
        }
        let lines = self.store.lines(owner)?;
        if lines.len() >= MAX_LINES && lines.iter().all(|line| line.product != product) {
            return Err(CartError::Invalid(FieldErrors::single("product", "cart_full")));
        }
        self.put_checked(owner, lines, product, quantity)
    }

    /// Removes a product's line (`DELETE cart/{id}`).
    pub fn remove(&self, owner: UserId, product: ProductId) -> Result<CartView, CartError> {
        self.store.remove(owner, product)?;
        self.view(owner)
    }

    /// Empties the cart (`DELETE cart`).
    pub fn clear(&self, owner: UserId) -> Result<CartView, CartError> {
        self.store.clear(owner)?;
        self.view(owner)
    }

    /// Merges a guest's browser cart into the buyer's (`POST cart/transfer`): quantities of the
    /// same product add up, capped at what is left; products gone or sold out are skipped, so
    /// an old browser cart never fails the sign-in. More than [`MAX_LINES`] items, or a
    /// quantity out of bounds, is refused whole and changes nothing.
    pub fn transfer(&self, owner: UserId, items: &[(ProductId, i64)]) -> Result<CartView, CartError> {
        let wanted = browser_lines(items)?;
        let current = self.store.lines(owner)?;
        let room = MAX_LINES.saturating_sub(current.len());
        let ids: Vec<ProductId> = wanted.iter().map(|line| line.product).collect();
        let products = if ids.is_empty() { Vec::new() } else { self.prices.priced(&ids)? };
        let mut merged = Vec::with_capacity(wanted.len());
        let mut new_lines = 0;
        for line in wanted {
            let Some(product) = products.iter().find(|p| p.id == line.product) else { continue };
            let had = current.iter().find(|c| c.product == line.product).map(|c| c.quantity);
            if had.is_none() {
                if new_lines == room {
                    continue;
                }
                new_lines += 1;
            }
            let left = u32::try_from(product.available.clamp(0, i64::from(MAX_QUANTITY))).unwrap_or(0);
            let quantity = had.unwrap_or(0).saturating_add(line.quantity).min(left);
            if quantity > 0 {
                merged.push(CartLine { product: line.product, quantity });
            }
        }
        self.store.put(owner, &merged)?;
        self.view(owner)
    }

    /// A guest's browser cart priced like a server cart (`POST cart/quote`), so the cart
    /// screen shows the same lines, totals and weight rule before sign-in; products gone are
    /// left out, lines short of stock keep their quantity and show what is left.
    pub fn quote(&self, items: &[(ProductId, i64)]) -> Result<CartView, CartError> {
        let mut lines = browser_lines(items)?;
        for line in &mut lines {
            line.quantity = line.quantity.min(MAX_QUANTITY);
        }
        self.priced(&lines)
    }

    /// Puts a line after checking the product exists and has the units, and answers the cart
    /// `lines` (as read just before) with the line put.
    fn put_checked(&self, owner: UserId, lines: Vec<CartLine>, product: ProductId, quantity: u32) -> Result<CartView, CartError> {
        ensure_in_stock(&self.for_sale(product)?, quantity)?;
        let line = CartLine { product, quantity };
        self.store.put(owner, &[line])?;
        self.priced(&with_line(lines, line))
    }

    /// A product on sale now, priced; an unknown one is refused.
    fn for_sale(&self, product: ProductId) -> Result<PricedProduct, CartError> {
        self.prices.priced(&[product])?.into_iter().find(|p| p.id == product).ok_or(CartError::UnknownProduct)
    }

    fn priced(&self, lines: &[CartLine]) -> Result<CartView, CartError> {
        let ids: Vec<ProductId> = lines.iter().map(|line| line.product).collect();
        let products = if ids.is_empty() { Vec::new() } else { self.prices.priced(&ids)? };
        let rule = self.prices.shipping_rule()?;
        CartView::price(lines, &products, &rule).ok_or_else(|| CartError::Storage(anyhow::anyhow!("cart totals overflow")))
    }
}

/// A browser cart's items as lines, one per product (quantities added up); more than
/// [`MAX_LINES`] items, or a quantity out of bounds, is refused whole.
fn browser_lines(items: &[(ProductId, i64)]) -> Result<Vec<CartLine>, CartError> {
    if items.len() > MAX_LINES {
        return Err(CartError::Invalid(FieldErrors::single("items", "cart_items_too_many")));
    }
    let mut wanted: Vec<CartLine> = Vec::with_capacity(items.len());
    for &(product, quantity) in items {
        let quantity = checked_quantity(quantity, 1).map_err(|_| CartError::Invalid(FieldErrors::single("items", "quantity_range")))?;
        match wanted.iter_mut().find(|line| line.product == product) {
            Some(line) => line.quantity = line.quantity.saturating_add(quantity),
            None => wanted.push(CartLine { product, quantity }),
        }
    }
    Ok(wanted)
}

/// A quantity from `min` to [`MAX_QUANTITY`].
/// The cart `lines` with `line` put: a line of the same product takes its quantity, a new line
/// comes last (the cart lists lines by the time they were added).
fn with_line(mut lines: Vec<CartLine>, line: CartLine) -> Vec<CartLine> {
    match lines.iter_mut().find(|kept| kept.product == line.product) {
        Some(kept) => kept.quantity = line.quantity,
        None => lines.push(line),
    }
    lines
}

fn checked_quantity(quantity: i64, min: u32) -> Result<u32, CartError> {
    u32::try_from(quantity)
        .ok()
        .filter(|&q| (min..=MAX_QUANTITY).contains(&q))
        .ok_or_else(|| CartError::Invalid(FieldErrors::single("quantity", "quantity_range")))
}

fn ensure_in_stock(product: &PricedProduct, quantity: u32) -> Result<(), CartError> {
    if i64::from(quantity) > product.available {
        return Err(CartError::ShortOfStock { product: product.name.clone(), left: product.available.max(0) });
    }
    Ok(())
}

#[cfg(test)]
mod tests;
