//! The API's routes, one module per area.

pub mod auth;
pub mod catalog;
pub mod dashboard;
pub mod health;
pub mod shop;
pub mod staff_categories;
pub mod staff_contact_messages;
pub mod staff_offers;
pub mod staff_products;
pub mod staff_settings;

use actix_web::web;

/// Registers every route of the API scope.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .configure(health::configure)
        .configure(auth::configure)
        .configure(dashboard::configure)
        .configure(catalog::configure)
        .configure(shop::configure)
        .configure(staff_products::configure)
        .configure(staff_categories::configure)
        .configure(staff_offers::configure)
        .configure(staff_settings::configure)
        .configure(staff_contact_messages::configure);
}
