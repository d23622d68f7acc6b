//! The catalogue: what the shop sells and how customers find it — categories, products,
//! their prices under offers, readable slugs, and search that understands Arabic.

pub mod admin;
pub mod agronomy;
pub mod back_in_stock;
pub mod lots;
pub mod misses;
pub mod offer;
pub mod ports;
pub mod pricing;
pub mod product;
pub mod search;
pub mod service;
pub mod slug;

pub use back_in_stock::{BackInStock, StockAlert, StockAlerts};
pub use lots::{Lot, LotDraft, LotId, LotState, LotTake, UnlottedUnits};
pub use offer::OfferDraft;
pub use product::{Category, CategoryDraft, Product, ProductDocument, ProductDocuments, ProductDraft, WeightUnit};
pub use service::{CatalogError, CatalogService, CategoryRef, Home, OfferQuery, ProductCard, ProductPage, ProductQuery, RegistrationLapse, Sort, Suggestions};
