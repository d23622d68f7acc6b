#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly on purpose
//! API tests: the real app over HTTP, on SQLite, or on PostgreSQL when
//! `MAHSOUL_TEST_DATABASE=postgres` (the Makefile runs both legs).

mod agronomy;
mod assets;
mod attacks;
mod auth;
mod back_in_stock;
mod bodies;
mod calls;
mod cart;
mod catalogue;
mod confirmation;
mod copouns;
mod couriers;
mod delivery;
mod delivery_outcomes;
mod first_paint;
mod google;
mod helpers;
mod integrations;
mod invoices;
mod lookup;
mod lots;
mod node;
mod operations;
mod order_lines;
mod orders;
mod outage;
mod overview;
mod people;
mod permissions;
mod points;
mod returns;
mod search_quality;
mod search_settings;
mod shop;
mod sms;
mod staff_orders;
mod staff_products;
mod staff_settings;
mod system;
mod trust;
mod undo;
mod upkeep;
