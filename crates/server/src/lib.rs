//! The `mahsoul` binary's library: settings, wiring of adapters into the domain, the HTTP
//! server with the built frontend, and the demo seed.

pub mod backup;
pub mod demo;
pub mod jobs;
pub mod metrics;
pub mod private;
pub mod settings;
pub mod startup;
pub mod telemetry;
pub mod wiring;
