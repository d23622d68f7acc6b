//! The shop's public settings, its content pages and the contact form.

use actix_web::web::{self, Data, Json, Path};
use identity::throttle::ClientAction;
use kernel::{Email, FieldErrors, Locale, Phone};
use serde::{Deserialize, Serialize};
use shop::{ContactMessage, Page, ShopSettings};
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{Body, ClientAddress, Lang, blocking};
use crate::common::messages::text;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/settings", web::get().to(settings)).route("/pages/{slug}", web::get().to(page)).route("/contact", web::post().to(contact));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(settings, page, contact))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// Social accounts.
#[derive(Debug, Serialize, ToSchema)]
pub struct SocialLinks {
    /// Facebook page URL.
    pub facebook: Option<String>,
    /// Instagram URL.
    pub instagram: Option<String>,
}

/// The shipping rule's numbers.
#[derive(Debug, Serialize, ToSchema)]
pub struct ShippingRule {
    /// Weight shipped without extra fee, kg.
    pub free_weight_kg: i64,
    /// Extra fee per kg above it, EGP.
    pub extra_fee_per_kg: f64,
    /// Estimated shipping time, hours.
    pub estimated_hours: i64,
}

/// The public settings.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicSettings {
    /// Phone to call.
    pub contact_phone: String,
    /// WhatsApp number, international digits.
    pub whatsapp_number: String,
    /// E-mail.
    pub email: String,
    /// Address in the request's language.
    pub address: String,
    /// Social accounts.
    pub social: SocialLinks,
    /// Shipping rule numbers.
    pub shipping: ShippingRule,
    /// EGP spent per loyalty point.
    pub points_earn_rate: f64,
}

impl PublicSettings {
    fn new(settings: ShopSettings, locale: Locale) -> PublicSettings {
        let link = |url: String| Some(url).filter(|u| !u.is_empty());
        PublicSettings {
            address: settings.address.pick(locale).clone(),
            contact_phone: settings.contact_phone,
            whatsapp_number: settings.whatsapp_number,
            email: settings.email,
            social: SocialLinks { facebook: link(settings.facebook_url), instagram: link(settings.instagram_url) },
            shipping: ShippingRule {
                free_weight_kg: settings.free_weight_kg,
                extra_fee_per_kg: settings.extra_fee_per_kg.pounds(),
                estimated_hours: settings.shipping_hours,
            },
            points_earn_rate: settings.points_earn_rate.pounds(),
        }
    }
}

/// `GET /api/settings`.
#[derive(Debug, Serialize, ToSchema)]
pub struct SettingsResponse {
    /// The settings.
    pub data: PublicSettings,
}

/// A content page in the request's language.
#[derive(Debug, Serialize, ToSchema)]
pub struct PageData {
    /// Slug.
    pub slug: String,
    /// Title.
    pub title: String,
    /// Text; paragraphs are separated by blank lines.
    pub body: String,
}

/// `GET /api/pages/{slug}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PageResponse {
    /// The page.
    pub data: PageData,
}

/// `POST /api/contact`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ContactRequest {
    /// Name.
    #[schema(max_length = 200)]
    pub name: Option<String>,
    /// Phone (a phone or an e-mail is needed to answer).
    pub phone: Option<String>,
    /// E-mail.
    pub email: Option<String>,
    /// The message.
    #[schema(max_length = 2000)]
    pub message: Option<String>,
}

impl ContactRequest {
    fn into_domain(self) -> Result<ContactMessage, FieldErrors> {
        let mut errors = FieldErrors::new();
        // Limits hold for the texts as sent, as the API document says, not only once trimmed.
        errors.limit_length("name", self.name.as_deref().unwrap_or_default(), kernel::validation::limits::NAME);
        errors.limit_length("message", self.message.as_deref().unwrap_or_default(), shop::MESSAGE_MAX);
        let field = |value: Option<String>| value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let name = field(self.name);
        if name.is_none() {
            errors.add("name", "required");
        }
        let message = field(self.message);
        if message.is_none() {
            errors.add("message", "required");
        }
        let phone = field(self.phone).and_then(|raw| {
            let phone = Phone::parse(&raw);
            if phone.is_none() {
                errors.add("phone", "phone_invalid");
            }
            phone
        });
        let email = field(self.email).and_then(|raw| {
            let email = Email::parse(&raw);
            if email.is_none() {
                errors.add("email", "email_invalid");
            }
            email
        });
        errors.into_result()?;
        Ok(ContactMessage { name: name.unwrap_or_default(), phone, email, message: message.unwrap_or_default() })
    }
}

/// The public settings: contacts, WhatsApp number, address, social links, shipping rule
/// numbers, estimated shipping hours, points rate.
#[utoipa::path(get, path = "/api/settings", tag = "shop", responses((status = 200, body = SettingsResponse)))]
pub async fn settings(state: Data<AppState>, Lang(locale): Lang) -> Result<Json<SettingsResponse>, ApiError> {
    let shop = state.shop.clone();
    let settings = blocking(move || shop.settings()).await?;
    Ok(Json(SettingsResponse { data: PublicSettings::new(settings, locale) }))
}

/// `about-us`, `terms-and-conditions`, `privacy-policy` or `refund-policies`.
#[utoipa::path(get, path = "/api/pages/{slug}", tag = "shop", responses((status = 200, body = PageResponse), (status = 404, body = ErrorBody)))]
pub async fn page(state: Data<AppState>, Lang(locale): Lang, slug: Path<String>) -> Result<Json<PageResponse>, ApiError> {
    Ok(Json(page_answer(&state, locale, slug.into_inner()).await?))
}

/// The page `slug` in `locale`, as `GET /api/pages/{slug}` answers it and the server paints it.
pub async fn page_answer(state: &AppState, locale: Locale, slug: String) -> Result<PageResponse, ApiError> {
    let shop = state.shop.clone();
    let Page { slug, title, body } = blocking(move || shop.page(&slug)).await?;
    Ok(PageResponse { data: PageData { slug, title: title.pick(locale).clone(), body: body.pick(locale).clone() } })
}

/// Sends a message to the shop's staff; each client address may send only a few an hour.
#[utoipa::path(post, path = "/api/contact", tag = "shop", request_body = ContactRequest,
    responses((status = 200, body = MessageResponse), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn contact(
    state: Data<AppState>,
    Lang(locale): Lang,
    ClientAddress(client): ClientAddress,
    Body(form): Body<ContactRequest>,
) -> Result<Json<MessageResponse>, ApiError> {
    let message = form.into_domain()?;
    let identity = state.identity.clone();
    blocking(move || identity.admit(ClientAction::Contact, &client)).await?;
    let shop = state.shop.clone();
    blocking(move || shop.contact(message)).await?;
    Ok(Json(MessageResponse { message: text(locale, "shop.contact_received", &[]) }))
}
