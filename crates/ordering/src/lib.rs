//! Ordering: where orders go and, in later steps, how they are placed. Today it holds the
//! shipping cities (the governorates the shop delivers to, each with its base cost) and the
//! addresses buyers save for checkout (design §4, §5).
//!
//! Ordering knows cities and addresses only through its ports ([`ports::CityStore`],
//! [`ports::AddressBook`]), implemented by the `store` adapter.

pub mod address;
pub mod city;
pub mod error;
pub mod ports;
pub mod service;

pub use address::{Address, AddressDraft, MAX_ADDRESSES};
pub use city::{CityDraft, CityQuery, CityRemoval, ShippingCity};
pub use error::OrderingError;
pub use ports::{AddressBook, CityStore};
pub use service::Delivery;
