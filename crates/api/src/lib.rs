//! The HTTP face of the shop: routes, request and response shapes, the auth extractor, the one
//! place where errors become statuses, and the OpenAPI document. Handlers are thin: extract,
//! call one use case off the async workers, shape the answer.

pub mod account;
pub mod common;
pub mod couriers;
pub mod dashboard;
pub mod invoices;
pub mod openapi;
pub mod storefront;
pub mod system;

use std::sync::Arc;

use actix_web::middleware::from_fn;
use actix_web::web;
use identity::IdentityService;

pub use common::error::ApiError;
use common::{error, extract, methods};

/// Tells which database the node uses and whether it is ready to serve on it.
pub trait HealthCheck: Send + Sync {
    /// `sqlite` or `postgres`, without asking the database.
    fn backend(&self) -> &'static str;
    /// Succeeds when the database answers a query and every migration of this build is applied.
    fn ready(&self) -> anyhow::Result<()>;
    /// Whether the database is reachable as far as the last request tells, without asking it.
    fn database_reachable(&self) -> bool;
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
    /// "Tell me when it is back".
    pub back_in_stock: Arc<catalog::BackInStock>,
    /// The searches that found nothing.
    pub search_misses: Arc<catalog::misses::SearchMisses>,
    /// Settings, pages and the contact form.
    pub shop: Arc<shop::ShopService>,
    /// Signed-in buyers' carts.
    pub cart: Arc<cart::CartService>,
    /// Shipping cities and buyers' addresses.
    pub delivery: Arc<ordering::Delivery>,
    /// Checkout and the buyers' orders.
    pub orders: Arc<ordering::Orders>,
    /// The staff's side of orders.
    pub order_desk: Arc<ordering::OrderDesk>,
    /// The phones' standings with cash on delivery.
    pub phone_standings: Arc<ordering::PhoneStandings>,
    /// Users' notifications.
    pub inbox: Arc<ordering::Inbox>,
    /// Invoices as PDF.
    pub invoices: Arc<ordering::Invoices>,
    /// Staff's promo codes.
    pub promotions: Arc<ordering::Promotions>,
    /// Clients' points: the balance, exchanges.
    pub loyalty: Arc<loyalty::Loyalty>,
    /// Staff's points: rules, balances, adjustments.
    pub points_desk: Arc<loyalty::PointsDesk>,
    /// Staff's people: clients, groups, staff accounts, roles.
    pub people: Arc<identity::PeopleDesk>,
    /// SMS to clients, and their consent.
    pub outreach: Arc<outreach::Outreach>,
    /// The owner's overview.
    pub overview: Arc<ordering::Overview>,
    /// The database health probe.
    pub health: Arc<dyn HealthCheck>,
    /// The keys of keyed calls and their first answers.
    pub idempotency: Arc<kernel::Idempotency>,
    /// The Google OAuth client id, when Google sign-in is on.
    pub google_client_id: Option<String>,
    /// Whether Google's redirect flow is configured.
    pub google_redirect: bool,
    /// Storefront cards already serialised.
    pub product_json: Arc<storefront::catalog::card_json::ProductJson>,
    /// Integrators' API keys.
    pub api_keys: Arc<identity::api_keys::ApiKeyDesk>,
    /// Integrators' webhook endpoints and their deliveries.
    pub webhooks: Arc<webhooks::Webhooks>,
    /// Bounds on bodies, hashing and how client addresses are read.
    pub edge: extract::EdgeLimits,
    /// The header each courier company's webhook carries its shared secret in.
    pub courier_webhook_headers: Vec<(ordering::CourierKind, String)>,
    /// Wrong courier-webhook secrets by client address, limited.
    pub wrong_courier_secrets: Arc<couriers::WrongSecrets>,
}

/// One resource of the API: its routes and its part of the API document, side by side in its
/// module.
pub struct Resource {
    /// Registers the routes inside the `/api` scope.
    pub routes: fn(&mut web::ServiceConfig),
    /// Its operations and shapes.
    pub document: fn() -> utoipa::openapi::OpenApi,
}

/// Every resource of the API, by audience; adding one is one line here.
pub const RESOURCES: &[Resource] = &[
    system::health::RESOURCE,
    account::auth::RESOURCE,
    account::cart::RESOURCE,
    account::addresses::RESOURCE,
    account::orders::RESOURCE,
    account::notifications::RESOURCE,
    account::points::RESOURCE,
    account::sms::RESOURCE,
    storefront::catalog::RESOURCE,
    storefront::agronomy::RESOURCE,
    storefront::shop::RESOURCE,
    storefront::shipping_cities::RESOURCE,
    storefront::guest_orders::RESOURCE,
    storefront::copouns::RESOURCE,
    storefront::stock_alerts::RESOURCE,
    dashboard::permissions::RESOURCE,
    dashboard::products::RESOURCE,
    dashboard::lots::RESOURCE,
    dashboard::farm_lists::RESOURCE,
    dashboard::categories::RESOURCE,
    dashboard::offers::RESOURCE,
    dashboard::settings::RESOURCE,
    dashboard::contact_messages::RESOURCE,
    dashboard::search::RESOURCE,
    dashboard::shipping_cities::RESOURCE,
    dashboard::copouns::RESOURCE,
    dashboard::orders::RESOURCE,
    dashboard::points::RESOURCE,
    dashboard::users::RESOURCE,
    dashboard::phones::RESOURCE,
    dashboard::staff::RESOURCE,
    dashboard::roles::RESOURCE,
    dashboard::sales_orders::RESOURCE,
    dashboard::sms::RESOURCE,
    dashboard::overview::RESOURCE,
    dashboard::lookup::RESOURCE,
    dashboard::shipments::RESOURCE,
    dashboard::returns::RESOURCE,
    dashboard::order_lines::RESOURCE,
    dashboard::order_undo::RESOURCE,
    dashboard::courier_cash::RESOURCE,
    dashboard::integrations::RESOURCE,
    invoices::RESOURCE,
    couriers::RESOURCE,
];

/// Registers the API under `/api`, its OpenAPI document and the reference page.
pub fn configure(config: &mut web::ServiceConfig) {
    config.service(openapi::reference_page()).service(
        web::scope("/api")
            .wrap(from_fn(common::text::refuse_control_characters))
            .wrap(from_fn(extract::staff_only))
            .wrap(from_fn(error::localize_errors))
            // A path segment of the wrong shape (`/products/abc` for an id) names nothing, unless it
            // is a fixed path that answers other methods.
            .app_data(web::PathConfig::default().error_handler(|_, request| methods::misrouted(request).into()))
            .configure(|config| {
                for resource in RESOURCES {
                    (resource.routes)(config);
                }
            })
            .default_service(web::to(methods::unmatched)),
    );
}
