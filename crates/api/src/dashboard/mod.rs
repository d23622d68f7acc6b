//! Staff calls under `/api/dashboard`, each checking its permission on the server.

pub mod categories;
pub mod contact_messages;
pub mod copouns;
pub mod courier_cash;
pub mod farm_lists;
pub mod integrations;
pub mod lots;
pub mod offers;
pub mod order_lines;
pub mod order_undo;
pub mod orders;
pub mod overview;
pub mod permissions;
pub mod phones;
pub mod points;
pub mod products;
pub mod returns;
pub mod roles;
pub mod sales_orders;
pub mod search;
pub mod settings;
pub mod shipments;
pub mod shipping_cities;
pub mod sms;
pub mod staff;
pub mod users;
