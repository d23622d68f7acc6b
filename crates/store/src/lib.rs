//! The Diesel adapter: one code base over SQLite (the embedded default) and PostgreSQL. It owns
//! the schema, runs the migrations and implements the repository ports of the domain crates.

pub mod api_keys;
pub mod cart;
pub mod catalogue;
pub mod content;
pub mod database;
pub mod delivery;
pub mod desk;
pub mod farm_lists;
pub mod identity;
pub mod keys;
pub mod lots;
pub mod loyalty;
pub mod order_events;
pub mod order_lines;
pub mod order_undo;
pub mod orders;
pub mod outreach;
pub mod overview;
pub mod people;
pub mod phones;
pub mod promos;
pub mod returns;
pub mod schema;
pub mod search_misses;
pub mod seed;
pub mod shipments;
pub mod stock_alerts;
pub mod upkeep;
pub mod webhooks;

pub use database::{Backend, Database};
