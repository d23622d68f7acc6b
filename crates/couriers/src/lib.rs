//! Courier companies' services behind the ordering crate's `Courier` port: Bosta's v2
//! deliveries API and its state webhook. A courier staff book themselves needs no adapter.

mod bosta;

pub use bosta::{BostaCourier, BostaSettings, state_of};
