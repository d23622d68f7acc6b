//! What ordering needs from the rest of the shop.

use kernel::{AddressId, CityId, Page, UserId};

use crate::address::{Address, AddressDraft};
use crate::city::{CityDraft, CityQuery, CityRemoval, ShippingCity};

/// The shipping cities.
#[cfg_attr(test, mockall::automock)]
pub trait CityStore: Send + Sync {
    /// The cities buyers can choose, in order.
    fn active_cities(&self) -> anyhow::Result<Vec<ShippingCity>>;
    /// Every city matching the query, in order, one page.
    fn cities(&self, query: &CityQuery) -> anyhow::Result<Page<ShippingCity>>;
    /// One city, active or not.
    fn city(&self, id: CityId) -> anyhow::Result<Option<ShippingCity>>;
    /// Stores a new city.
    fn add_city(&self, city: &CityDraft) -> anyhow::Result<CityId>;
    /// Changes a city; false when there is none.
    fn update_city(&self, id: CityId, city: &CityDraft) -> anyhow::Result<bool>;
    /// Removes a city no address uses, or deactivates one that is used, in one step.
    fn remove_city(&self, id: CityId) -> anyhow::Result<CityRemoval>;
}

/// Buyers' saved addresses. Every call is scoped to its owner: another buyer's address is
/// treated as missing.
#[cfg_attr(test, mockall::automock)]
pub trait AddressBook: Send + Sync {
    /// The owner's addresses, oldest first.
    fn addresses(&self, owner: UserId) -> anyhow::Result<Vec<Address>>;
    /// The owner's address with this id.
    fn address(&self, owner: UserId, id: AddressId) -> anyhow::Result<Option<Address>>;
    /// Stores a new address; `None` when the owner already has `max` of them.
    fn add_address(&self, owner: UserId, address: &AddressDraft, max: usize) -> anyhow::Result<Option<AddressId>>;
    /// Changes the owner's address; false when they have none with this id.
    fn update_address(&self, owner: UserId, id: AddressId, address: &AddressDraft) -> anyhow::Result<bool>;
    /// Removes the owner's address; false when they have none with this id.
    fn remove_address(&self, owner: UserId, id: AddressId) -> anyhow::Result<bool>;
}
