//! The addresses a buyer saves for checkout.

use kernel::validation::limits;
use kernel::{AddressId, CityId, FieldErrors};

use crate::city::ShippingCity;

/// The most addresses one buyer keeps: enough for a farm, a home and relatives, and a bound on
/// what one account can store.
pub const MAX_ADDRESSES: usize = 20;

/// A saved address with its city.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    /// Its id.
    pub id: AddressId,
    /// The street, village or landmark, as the buyer wrote it.
    pub text: String,
    /// Its city, with today's shipping cost.
    pub city: ShippingCity,
}

/// An address as the buyer writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddressDraft {
    /// The street, village or landmark, trimmed.
    pub text: String,
    /// The city, if one was chosen.
    pub city: Option<CityId>,
}

impl AddressDraft {
    /// The rules of the fields themselves: the text and a city are required. Whether the city
    /// exists is checked against the store.
    pub fn check(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        if self.text.is_empty() {
            errors.add("address", "required");
        }
        errors.limit_length("address", &self.text, limits::ADDRESS);
        if self.city.is_none() {
            errors.add("city_id", "required");
        }
        errors.into_result()
    }
}
