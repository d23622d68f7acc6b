//! The HTTP face of the shop: routes, request and response shapes, the auth extractor, the one
//! place where errors become statuses, and the OpenAPI document. Handlers are thin: extract,
//! call one use case off the async workers, shape the answer.

pub mod dto;
pub mod error;
pub mod extract;
pub mod messages;
pub mod methods;
pub mod openapi;
pub mod product_json;
pub mod routes;
pub mod share;

use std::sync::Arc;

use actix_web::middleware::from_fn;
use actix_web::web;
use identity::IdentityService;

pub use error::ApiError;

/// Tells whether the database answers, and which one it is.
pub trait HealthCheck: Send + Sync {
    /// `sqlite` or `postgres` when the database answers a query.
    fn database(&self) -> anyhow::Result<&'static str>;
}

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    /// Accounts, sign-in and permissions.
    pub identity: Arc<IdentityService>,
    /// The catalogue.
    pub catalog: Arc<catalog::CatalogService>,
    /// Staff changes to the catalogue.
    pub catalog_admin: Arc<catalog::admin::CatalogAdmin>,
    /// Settings, pages and the contact form.
    pub shop: Arc<shop::ShopService>,
    /// The database health probe.
    pub health: Arc<dyn HealthCheck>,
    /// The Google OAuth client id, when Google sign-in is on.
    pub google_client_id: Option<String>,
    /// Whether Google's redirect flow is configured.
    pub google_redirect: bool,
    /// Storefront cards already serialised.
    pub product_json: Arc<product_json::ProductJson>,
    /// Bounds on bodies, hashing and how client addresses are read.
    pub edge: extract::EdgeLimits,
}

/// Registers the API under `/api`, its OpenAPI document and the reference page.
pub fn configure(config: &mut web::ServiceConfig) {
    config.service(openapi::reference_page()).service(
        web::scope("/api")
            .wrap(from_fn(extract::staff_only))
            .wrap(from_fn(error::localize_errors))
            // A path segment of the wrong shape (`/products/abc` for an id) names nothing.
            .app_data(web::PathConfig::default().error_handler(|_, _| ApiError::NotFound.into()))
            .configure(routes::configure)
            .default_service(web::to(methods::unmatched)),
    );
}
