//! Delivery's use cases, one function each: the cities the shop ships to and the addresses
//! buyers keep.

use std::sync::Arc;

use kernel::{AddressId, CityId, FieldErrors, Page, UserId};

use crate::address::{Address, AddressDraft, MAX_ADDRESSES};
use crate::city::{CityDraft, CityQuery, CityRemoval, ShippingCity};
use crate::error::OrderingError;
use crate::ports::{AddressBook, CityStore};

/// Where orders can go: the shipping cities and the buyers' addresses.
pub struct Delivery {
    cities: Arc<dyn CityStore>,
    addresses: Arc<dyn AddressBook>,
}

impl Delivery {
    /// The use cases over their stores.
    pub fn new(cities: Arc<dyn CityStore>, addresses: Arc<dyn AddressBook>) -> Delivery {
        Delivery { cities, addresses }
    }

    /// The cities a buyer can choose (`GET shipping-cities`).
    pub fn shipping_cities(&self) -> Result<Vec<ShippingCity>, OrderingError> {
        Ok(self.cities.active_cities()?)
    }

    /// Staff's list of every city, active or not (`GET dashboard/shipping-cities`).
    pub fn staff_cities(&self, query: &CityQuery) -> Result<Page<ShippingCity>, OrderingError> {
        Ok(self.cities.cities(query)?)
    }

    /// One city for staff to edit.
    pub fn city(&self, id: CityId) -> Result<ShippingCity, OrderingError> {
        self.cities.city(id)?.ok_or(OrderingError::NotFound)
    }

    /// Adds a city.
    pub fn add_city(&self, city: CityDraft) -> Result<CityId, OrderingError> {
        city.check()?;
        Ok(self.cities.add_city(&city)?)
    }

    /// Changes a city; addresses that use it show the new name and cost.
    pub fn update_city(&self, id: CityId, city: CityDraft) -> Result<(), OrderingError> {
        city.check()?;
        if self.cities.update_city(id, &city)? { Ok(()) } else { Err(OrderingError::NotFound) }
    }

    /// Removes a city, or deactivates it when addresses still use it so that none of them
    /// loses its city.
    pub fn remove_city(&self, id: CityId) -> Result<CityRemoval, OrderingError> {
        match self.cities.remove_city(id)? {
            CityRemoval::NotFound => Err(OrderingError::NotFound),
            done => Ok(done),
        }
    }

    /// The buyer's addresses (`GET addresses`).
    pub fn addresses(&self, owner: UserId) -> Result<Vec<Address>, OrderingError> {
        Ok(self.addresses.addresses(owner)?)
    }

    /// Saves a new address for the buyer (`POST addresses`); the city must be one buyers can
    /// choose, and a buyer keeps at most [`MAX_ADDRESSES`].
    pub fn add_address(&self, owner: UserId, address: AddressDraft) -> Result<Address, OrderingError> {
        self.check_address(&address)?;
        let id = self.addresses.add_address(owner, &address, MAX_ADDRESSES)?.ok_or_else(|| FieldErrors::single("address", "addresses_too_many"))?;
        self.addresses.address(owner, id)?.ok_or(OrderingError::NotFound)
    }

    /// Changes one of the buyer's addresses (`PUT addresses/{id}`); another buyer's is not found.
    pub fn update_address(&self, owner: UserId, id: AddressId, address: AddressDraft) -> Result<Address, OrderingError> {
        self.check_address(&address)?;
        if !self.addresses.update_address(owner, id, &address)? {
            return Err(OrderingError::NotFound);
        }
        self.addresses.address(owner, id)?.ok_or(OrderingError::NotFound)
    }

    /// Removes one of the buyer's addresses (`DELETE addresses/{id}`); orders keep their copy.
    pub fn remove_address(&self, owner: UserId, id: AddressId) -> Result<(), OrderingError> {
        if self.addresses.remove_address(owner, id)? { Ok(()) } else { Err(OrderingError::NotFound) }
    }

    /// The field rules and, when a city was chosen, that buyers can choose it: every broken
    /// rule is reported at once.
    fn check_address(&self, address: &AddressDraft) -> Result<(), OrderingError> {
        let mut errors = address.check().err().unwrap_or_default();
        if let Some(id) = address.city
            && !self.cities.city(id)?.is_some_and(|city| city.active)
        {
            errors.add("city_id", "city_unknown");
        }
        Ok(errors.into_result()?)
    }
}

#[cfg(test)]
mod tests;
