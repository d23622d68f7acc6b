//! What can go wrong with ordering calls.

use kernel::FieldErrors;

/// Why an ordering call was refused.
#[derive(Debug, thiserror::Error)]
pub enum OrderingError {
    /// Fields broke rules; nothing was written.
    #[error("invalid input: {0:?}")]
    Invalid(FieldErrors),
    /// No such city, or no such address of this buyer.
    #[error("not found")]
    NotFound,
    /// Fewer units of a product are left than the order asks for; nothing was written.
    #[error("only {left} left of {}", product.en)]
    ShortOfStock {
        /// The product's name, for the message.
        product: kernel::Localized<String>,
        /// How many units are left.
        left: i64,
    },
    /// The total differs from the one the buyer saw; nothing was written.
    #[error("the total is now {total:?}")]
    TotalChanged {
        /// The total now.
        total: kernel::Money,
    },
    /// The promo code does not apply; the reason names the message.
    #[error("promo code refused: {0:?}")]
    Promo(crate::promo::PromoRefusal),
    /// A parallel request with the same `Idempotency-Key` took the key first; nothing was
    /// written, and that request's answer is this one's.
    #[error("idempotency key taken by a parallel request")]
    KeyTaken,
    /// The order is past the point where this change is allowed.
    #[error("the order cannot be cancelled now")]
    CannotCancel,
    /// The state machine has no such move.
    #[error("an order cannot go from {from} to {to}")]
    NotAllowed {
        /// Its status.
        from: crate::order::OrderStatus,
        /// The status asked for.
        to: crate::order::OrderStatus,
    },
    /// Marking a phone trusted, or lifting its block, needs `phone-trust`; nothing was written.
    #[error("a phone is trusted or unblocked only with phone-trust")]
    PhoneTrustNeeded,
    /// The order's phone is blocked from cash on delivery (its band); nothing was written. The
    /// buyer is given the shop's number to call.
    #[error("the phone is blocked from cash on delivery")]
    PhoneBlocked {
        /// The shop's phone.
        shop_phone: String,
    },
    /// The total is above what the shop takes in cash on delivery (for a first order, or for
    /// any); nothing was written. The buyer is given the shop's number to call.
    #[error("the total is above the cash-on-delivery limit of {limit:?}")]
    CodLimit {
        /// The limit broken.
        limit: kernel::Money,
        /// Whether it is the first order's limit.
        first_order: bool,
        /// The shop's phone.
        shop_phone: String,
    },
    /// The order's city takes no cash on delivery, the only way it was to be paid; nothing was
    /// written. The buyer is given the shop's number to call.
    #[error("no cash on delivery to {}", city.en)]
    CodUnavailable {
        /// The city's name, for the message.
        city: kernel::Localized<String>,
        /// The shop's phone.
        shop_phone: String,
    },
    /// A courier company's service failed, or a webhook call was not its own.
    #[error(transparent)]
    Courier(#[from] crate::shipment::CourierError),
    /// The store failed.
    #[error(transparent)]
    Storage(#[from] anyhow::Error),
}

impl OrderingError {
    /// Too few units of `product` left for these lines: the refusal names it as the lines do.
    pub fn short_of(lines: &[crate::order::OrderLine], product: kernel::ProductId, left: i64) -> OrderingError {
        let name = lines.iter().find(|line| line.product == Some(product)).map(|line| line.name.clone()).unwrap_or_default();
        OrderingError::ShortOfStock { product: name, left }
    }
}

impl From<FieldErrors> for OrderingError {
    fn from(errors: FieldErrors) -> Self {
        OrderingError::Invalid(errors)
    }
}

impl OrderingError {
    /// Whether this refusal answers the request itself and is kept under its
    /// `Idempotency-Key`: broken fields, short stock, a changed total, a refused code, a blocked
    /// phone, a cash limit, a city without cash on delivery. A key taken
    /// by another request or a failing store is no answer to the request.
    pub fn is_kept(&self) -> bool {
        matches!(
            self,
            OrderingError::Invalid(_)
                | OrderingError::ShortOfStock { .. }
                | OrderingError::TotalChanged { .. }
                | OrderingError::Promo(_)
                | OrderingError::PhoneBlocked { .. }
                | OrderingError::CodLimit { .. }
                | OrderingError::CodUnavailable { .. }
        )
    }
}
