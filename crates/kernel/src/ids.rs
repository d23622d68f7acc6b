//! The ids of the shop's main entities: a product id cannot be passed where a category id is
//! expected. Every domain crate names the same user or product with the same type.

use serde::{Deserialize, Serialize};

macro_rules! entity_id {
    ($(#[$doc:meta] $name:ident),+ $(,)?) => {$(
        #[$doc]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    )+};
}

entity_id!(
    /// The database id of a user (client or staff).
    UserId,
    /// The database id of a product.
    ProductId,
    /// The database id of a category.
    CategoryId,
    /// The database id of an offer.
    OfferId,
    /// The database id of a shipping city (a governorate).
    CityId,
    /// The database id of a buyer's saved address.
    AddressId,
    /// The database id of an order.
    OrderId,
);
