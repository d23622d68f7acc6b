//! The catalogue: what the shop sells and how customers find it — products, their prices
//! under offers, readable slugs, and search that understands Arabic.

pub mod offer;
pub mod pricing;
pub mod search;
pub mod slug;
