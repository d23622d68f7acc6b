//! What anybody may call: the catalogue, the shop's settings, pages and contact form, and the
//! shareable product pages.

pub mod agronomy;
pub mod catalog;
pub mod copouns;
pub mod first_paint;
pub mod guest_orders;
pub mod pages;
pub mod share;
pub mod shipping_cities;
pub mod shop;
pub mod stock_alerts;
