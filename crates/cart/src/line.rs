//! One line of a cart and the bounds every cart keeps.

use kernel::ProductId;

/// The most units of one product a line may hold: more is a wholesale order, not a cart.
pub const MAX_QUANTITY: u32 = 999;

/// The most lines a cart may hold; a transfer beyond it keeps the first ones.
pub const MAX_LINES: usize = 100;

/// A product and how many of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CartLine {
    /// The product.
    pub product: ProductId,
    /// How many, 1 to [`MAX_QUANTITY`].
    pub quantity: u32,
}
