//! What can go wrong with a cart.

use kernel::FieldErrors;

/// Why a cart call was refused.
#[derive(Debug, thiserror::Error)]
pub enum CartError {
    /// A field is out of bounds (a quantity of 0 or above the maximum, too many lines).
    #[error("invalid cart request")]
    Invalid(FieldErrors),
    /// The product is not in the catalogue.
    #[error("no such product")]
    UnknownProduct,
    /// Fewer units are left than the line asks for; nothing was changed.
    #[error("only {left} left of {}", product.en)]
    ShortOfStock {
        /// The product's name in both languages, for the message.
        product: kernel::Localized<String>,
        /// How many units are left.
        left: i64,
    },
    /// The store or the price list failed.
    #[error(transparent)]
    Storage(#[from] anyhow::Error),
}
