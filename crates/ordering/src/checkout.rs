//! What a buyer sends to place an order, checked before anything is priced.

use kernel::validation::limits;
use kernel::{AddressId, CityId, FieldErrors, Money, Phone, ProductId};

use crate::order::OrderSource;
use crate::payment::PaymentMethod;

/// The most lines one order holds, as a cart does.
pub const MAX_LINES: usize = 100;
/// The most units of one product in an order, as a cart line holds.
pub const MAX_QUANTITY: i64 = 999;

/// Where a client's order goes: a saved address, or one written at checkout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AddressChoice {
    /// One of the client's saved addresses.
    Saved(AddressId),
    /// An address written for this order only.
    Written {
        /// The street, village or landmark.
        text: String,
        /// The city.
        city: Option<CityId>,
    },
}

/// `self` or `other`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumString)]
#[strum(serialize_all = "snake_case")]
pub enum ReceiverKind {
    /// The buyer receives it.
    #[strum(serialize = "self")]
    Buyer,
    /// Someone the buyer names.
    Other,
}

/// A signed-in client's checkout of their server cart (`POST orders/checkout`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkout {
    /// Where it goes.
    pub address: Option<AddressChoice>,
    /// Who receives it.
    pub receiver_kind: Option<ReceiverKind>,
    /// The receiver's name, for `other`.
    pub receiver_name: String,
    /// The receiver's phone as typed, for `other`.
    pub receiver_phone: String,
    /// Notes for the shop.
    pub notes: String,
    /// A promo code.
    pub copoun: Option<String>,
    /// The total the buyer saw; a different server total refuses the order.
    pub expected_total: Option<Money>,
    /// How the buyer pays; none for the shop's default.
    pub payment_method: Option<PaymentMethod>,
    /// The buyer acknowledged the safety of the order's dangerous products.
    pub acknowledged_safety: bool,
}

impl Checkout {
    /// The rules of the fields themselves: an address, a type, and a receiver for `other`.
    pub fn check(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        match &self.address {
            None => errors.add("address_id", "required"),
            Some(AddressChoice::Written { text, city }) => {
                if text.is_empty() {
                    errors.add("address", "required");
                }
                errors.limit_length("address", text, limits::ADDRESS);
                if city.is_none() {
                    errors.add("city_id", "required");
                }
            }
            Some(AddressChoice::Saved(_)) => {}
        }
        match self.receiver_kind {
            None => errors.add("type", "required"),
            Some(ReceiverKind::Other) => {
                if self.receiver_name.is_empty() {
                    errors.add("receiver_name", "required");
                }
                check_phone(&mut errors, "receiver_phone", &self.receiver_phone);
            }
            Some(ReceiverKind::Buyer) => {}
        }
        errors.limit_length("receiver_name", &self.receiver_name, limits::NAME);
        errors.limit_length("notes", &self.notes, limits::MESSAGE);
        errors.into_result()
    }
}

/// A guest's checkout of the browser cart (`POST guest-orders/checkout`), also used by the
/// cart's "order through WhatsApp".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuestCheckout {
    /// `guest` or `whatsapp`.
    pub source: OrderSource,
    /// The buyer's name.
    pub name: String,
    /// The buyer's phone as typed, for the courier and for tracking.
    pub phone: String,
    /// The street, village or landmark.
    pub address: String,
    /// What the courier looks for there ("behind the mosque"), when written: the order carries
    /// it after the address, as a saved address's.
    pub landmark: String,
    /// The city.
    pub city: Option<CityId>,
    /// The browser cart's lines.
    pub items: Vec<(ProductId, i64)>,
    /// Notes for the shop.
    pub notes: String,
    /// A promo code.
    pub copoun: Option<String>,
    /// The total the buyer saw.
    pub expected_total: Option<Money>,
    /// How the buyer pays; none for the shop's default.
    pub payment_method: Option<PaymentMethod>,
    /// The buyer acknowledged the safety of the order's dangerous products.
    pub acknowledged_safety: bool,
}

impl GuestCheckout {
    /// The rules of the fields: who, where, and 1 to 100 lines of 1 to 999 units.
    pub fn check(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        for (field, value) in [("name", &self.name), ("address", &self.address)] {
            if value.is_empty() {
                errors.add(field, "required");
            }
        }
        errors.limit_length("name", &self.name, limits::NAME);
        errors.limit_length("address", &self.address, limits::ADDRESS);
        errors.limit_length("landmark", &self.landmark, limits::NAME);
        errors.limit_length("notes", &self.notes, limits::MESSAGE);
        check_phone(&mut errors, "phone", &self.phone);
        if self.city.is_none() {
            errors.add("city_id", "required");
        }
        check_items(&mut errors, &self.items);
        errors.into_result()
    }
}

/// Lines picked outside a cart (a guest's browser cart, a sales engineer's order): 1 to 100
/// lines of 1 to 999 units.
pub fn check_items(errors: &mut FieldErrors, items: &[(ProductId, i64)]) {
    if items.is_empty() {
        errors.add("items", "cart_empty");
    } else if items.len() > MAX_LINES {
        errors.add("items", "cart_items_too_many");
    } else if items.iter().any(|&(_, quantity)| !(1..=MAX_QUANTITY).contains(&quantity)) {
        errors.add("items", "quantity_range");
    }
}

/// The lines with one product's quantities added up, in the order first seen.
pub fn merged_items(items: &[(ProductId, i64)]) -> Vec<(ProductId, i64)> {
    let mut merged: Vec<(ProductId, i64)> = Vec::with_capacity(items.len());
    for &(product, quantity) in items {
        match merged.iter_mut().find(|(seen, _)| *seen == product) {
            Some((_, total)) => *total = total.saturating_add(quantity),
            None => merged.push((product, quantity)),
        }
    }
    merged
}

/// A phone is required and must be an Egyptian mobile in any common form.
fn check_phone(errors: &mut FieldErrors, field: &str, typed: &str) {
    if typed.trim().is_empty() {
        errors.add(field, "required");
    } else if Phone::parse(typed).is_none() {
        errors.add(field, "phone_invalid");
    }
}
