//! The catalogue: what the shop sells and how customers find it. This first part holds the
//! search text rules; products, categories and offers build on them.

pub mod search;
