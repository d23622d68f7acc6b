//! The node itself: health.

pub mod health;
