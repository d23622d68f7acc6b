//! The OpenAPI 3 document, generated from the handlers and shapes, and its reference page.

use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_swagger_ui::SwaggerUi;

use crate::dto;
use crate::error::ErrorBody;
use crate::routes::{auth, catalog, dashboard, health, shop, staff_categories, staff_contact_messages, staff_offers, staff_products, staff_settings};

/// The API document.
#[derive(OpenApi)]
#[openapi(
    info(title = "Mahsoul API", description = "The shop's HTTP API. Send `Accept-Language: ar` or `en`; every message answers in that language."),
    paths(
        health::health,
        auth::register, auth::login, auth::login_google, auth::providers, auth::google_redirect, auth::google_callback, auth::verify, auth::resend, auth::me, auth::logout,
        auth::update_profile, auth::confirm_contact, auth::change_password, auth::forget_password, auth::check_otp, auth::reset_password,
        dashboard::permissions,
        catalog::products, catalog::product, catalog::categories, catalog::home,
        shop::settings, shop::page, shop::contact,
        staff_products::list, staff_products::show, staff_products::create, staff_products::update, staff_products::delete,
        staff_categories::list, staff_categories::create, staff_categories::update, staff_categories::delete,
        staff_offers::list, staff_offers::create, staff_offers::update, staff_offers::delete, staff_offers::activate, staff_offers::deactivate,
        staff_settings::show, staff_settings::update, staff_settings::pages, staff_settings::update_page,
        staff_contact_messages::list, staff_contact_messages::handled, staff_contact_messages::delete,
    ),
    components(schemas(ErrorBody, dto::UserData, dto::AuthData)),
    modifiers(&BearerAuth),
    tags((name = "auth", description = "Accounts, sign-in, verification, password reset"), (name = "catalogue", description = "Products, categories, offers, Home"), (name = "shop", description = "Public settings, pages, contact"), (name = "dashboard", description = "Staff calls, permission-checked"), (name = "system", description = "Health"))
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
    }
}

/// `/api/openapi.json` and the browsable reference at `/api/docs/` (Swagger UI, served from
/// the binary so it works offline).
pub fn reference_page() -> SwaggerUi {
    SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", ApiDoc::openapi())
}
