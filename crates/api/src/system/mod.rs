//! The node itself: health and readiness.

pub mod health;
