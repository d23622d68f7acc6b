//! Staff's settings under `/api/dashboard/settings`: the public settings, the shipping and
//! points numbers, and the four pages' text, each call checking its permission.

use actix_web::web::{self, Data, Json, Path};
use identity::permission::Permission;
use kernel::{Locale, Localized};
use serde::{Deserialize, Serialize};
use shop::{Page, PageText, SettingsChange, ShopSettings};
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::lenient::{lenient_int, lenient_text};
use crate::common::messages::text;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/settings", web::get().to(show))
        .route("/dashboard/settings", web::put().to(update))
        .route("/dashboard/settings/pages", web::get().to(pages))
        .route("/dashboard/settings/pages/{slug}", web::put().to(update_page));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(show, update, pages, update_page))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// Every setting as staff edit it: both addresses, amounts in EGP.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffSettingsData {
    /// Phone customers call.
    pub contact_phone: String,
    /// WhatsApp number, international digits.
    pub whatsapp_number: String,
    /// The shop's e-mail.
    pub email: String,
    /// Address in Arabic.
    pub address_ar: String,
    /// Address in English.
    pub address_en: String,
    /// Facebook page URL, empty for none.
    pub facebook_url: String,
    /// Instagram URL, empty for none.
    pub instagram_url: String,
    /// Weight shipped without extra fee, kg.
    pub free_weight_kg: i64,
    /// Extra fee per kg above it, EGP.
    pub extra_fee_per_kg: f64,
    /// Estimated shipping time, hours.
    pub shipping_hours: i64,
    /// EGP spent per loyalty point earned.
    pub points_earn_rate: f64,
    /// Months after which points expire, oldest first; 0 for never.
    pub points_expiry_months: i64,
    /// Days a coupon bought with points works.
    pub points_coupon_days: i64,
    /// Refused or never-confirmed orders after which a phone's orders are confirmed by a call;
    /// 0 for never.
    pub phone_call_after: i64,
    /// Such orders, more than it received, after which a phone is asked to prepay shipping; 0
    /// for never.
    pub phone_prepay_after: i64,
    /// Such orders, more than it received, after which a phone cannot order cash on delivery;
    /// 0 for never.
    pub phone_block_after: i64,
    /// The largest cash-on-delivery total of a phone with no delivered order, EGP; 0 for no
    /// limit.
    pub cod_first_order_max: f64,
    /// The largest cash-on-delivery total of any order, EGP; 0 for no limit.
    pub cod_order_max: f64,
}

impl From<ShopSettings> for StaffSettingsData {
    fn from(s: ShopSettings) -> Self {
        StaffSettingsData {
            contact_phone: s.contact_phone,
            whatsapp_number: s.whatsapp_number,
            email: s.email,
            address_ar: s.address.ar,
            address_en: s.address.en,
            facebook_url: s.facebook_url,
            instagram_url: s.instagram_url,
            free_weight_kg: s.free_weight_kg,
            extra_fee_per_kg: s.extra_fee_per_kg.pounds(),
            shipping_hours: s.shipping_hours,
            points_earn_rate: s.points_earn_rate.pounds(),
            points_expiry_months: s.points_expiry_months,
            points_coupon_days: s.points_coupon_days,
            phone_call_after: s.phone_call_after,
            phone_prepay_after: s.phone_prepay_after,
            phone_block_after: s.phone_block_after,
            cod_first_order_max: s.cod_first_order_max.pounds(),
            cod_order_max: s.cod_order_max.pounds(),
        }
    }
}

/// The settings, with a message after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffSettingsResponse {
    /// What happened, after a change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The settings.
    pub data: StaffSettingsData,
}

/// A change to the settings; a field left out keeps its value.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SettingsForm {
    /// Phone customers call.
    pub contact_phone: Option<String>,
    /// WhatsApp number; an Egyptian `01…` number gets the country code.
    pub whatsapp_number: Option<String>,
    /// The shop's e-mail.
    pub email: Option<String>,
    /// Address in Arabic.
    #[schema(max_length = 300)]
    pub address_ar: Option<String>,
    /// Address in English.
    #[schema(max_length = 300)]
    pub address_en: Option<String>,
    /// Facebook page URL (`https://…`), empty to remove.
    #[schema(max_length = 300)]
    pub facebook_url: Option<String>,
    /// Instagram URL (`https://…`), empty to remove.
    #[schema(max_length = 300)]
    pub instagram_url: Option<String>,
    /// Weight shipped without extra fee, kg (0 to 1000).
    #[schema(minimum = 0, maximum = 1000)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub free_weight_kg: Option<i64>,
    /// Extra fee per kg above it, EGP (`5` or `5.50`).
    #[serde(default, deserialize_with = "lenient_text")]
    pub extra_fee_per_kg: Option<String>,
    /// Estimated shipping time, hours (1 to 720).
    #[schema(minimum = 1, maximum = 720)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub shipping_hours: Option<i64>,
    /// EGP spent per loyalty point earned (more than 0).
    #[serde(default, deserialize_with = "lenient_text")]
    pub points_earn_rate: Option<String>,
    /// Months after which points expire (0 for never, up to 120).
    #[schema(minimum = 0, maximum = 120)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub points_expiry_months: Option<i64>,
    /// Days a coupon bought with points works (1 to 365).
    #[schema(minimum = 1, maximum = 365)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub points_coupon_days: Option<i64>,
    /// Refused or never-confirmed orders after which a phone's orders are confirmed by a call
    /// (0 for never, up to 100).
    #[schema(minimum = 0, maximum = 100)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub phone_call_after: Option<i64>,
    /// Such orders, more than it received, after which a phone is asked to prepay shipping (0
    /// for never, up to 100).
    #[schema(minimum = 0, maximum = 100)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub phone_prepay_after: Option<i64>,
    /// Such orders, more than it received, after which a phone cannot order cash on delivery
    /// (0 for never, up to 100).
    #[schema(minimum = 0, maximum = 100)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub phone_block_after: Option<i64>,
    /// The largest cash-on-delivery total of a phone with no delivered order, EGP (`1500`); 0
    /// for no limit.
    #[serde(default, deserialize_with = "lenient_text")]
    pub cod_first_order_max: Option<String>,
    /// The largest cash-on-delivery total of any order, EGP; 0 for no limit.
    #[serde(default, deserialize_with = "lenient_text")]
    pub cod_order_max: Option<String>,
}

impl From<SettingsForm> for SettingsChange {
    fn from(form: SettingsForm) -> Self {
        SettingsChange {
            contact_phone: form.contact_phone,
            whatsapp_number: form.whatsapp_number,
            email: form.email,
            address_ar: form.address_ar,
            address_en: form.address_en,
            facebook_url: form.facebook_url,
            instagram_url: form.instagram_url,
            free_weight_kg: form.free_weight_kg,
            extra_fee_per_kg: form.extra_fee_per_kg,
            shipping_hours: form.shipping_hours,
            points_earn_rate: form.points_earn_rate,
            points_expiry_months: form.points_expiry_months,
            points_coupon_days: form.points_coupon_days,
            phone_call_after: form.phone_call_after,
            phone_prepay_after: form.phone_prepay_after,
            phone_block_after: form.phone_block_after,
            cod_first_order_max: form.cod_first_order_max,
            cod_order_max: form.cod_order_max,
        }
    }
}

/// A content page as staff edit it: both languages.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffPageData {
    /// `about-us`, `terms-and-conditions`, `privacy-policy` or `refund-policies`.
    pub slug: String,
    /// Arabic title.
    pub title_ar: String,
    /// English title.
    pub title_en: String,
    /// Arabic text; paragraphs are separated by blank lines.
    pub body_ar: String,
    /// English text.
    pub body_en: String,
}

impl From<Page> for StaffPageData {
    fn from(Page { slug, title, body }: Page) -> Self {
        StaffPageData { slug, title_ar: title.ar, title_en: title.en, body_ar: body.ar, body_en: body.en }
    }
}

/// The four pages.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffPageList {
    /// The pages, in the storefront's footer order.
    pub data: Vec<StaffPageData>,
}

/// One page after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffPageResponse {
    /// What happened.
    pub message: String,
    /// The page.
    pub data: StaffPageData,
}

/// A page's text in both languages, all four fields required.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PageForm {
    /// Arabic title.
    #[schema(max_length = 120)]
    pub title_ar: Option<String>,
    /// English title.
    #[schema(max_length = 120)]
    pub title_en: Option<String>,
    /// Arabic text.
    #[schema(max_length = 20000)]
    pub body_ar: Option<String>,
    /// English text.
    #[schema(max_length = 20000)]
    pub body_en: Option<String>,
}

impl From<PageForm> for PageText {
    fn from(form: PageForm) -> Self {
        PageText {
            title: Localized::new(form.title_ar.unwrap_or_default(), form.title_en.unwrap_or_default()),
            body: Localized::new(form.body_ar.unwrap_or_default(), form.body_en.unwrap_or_default()),
        }
    }
}

/// The settings (`setting-list`).
#[utoipa::path(operation_id = "showStaffSettings", get, path = "/api/dashboard/settings", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = StaffSettingsResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn show(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<StaffSettingsResponse>, ApiError> {
    principal.require(Permission::SettingList)?;
    let shop = state.shop.clone();
    let settings = blocking(move || shop.settings()).await?;
    Ok(Json(StaffSettingsResponse { message: None, data: settings.into() }))
}

/// Changes the settings (`setting-edit`); one broken field changes nothing.
#[utoipa::path(operation_id = "updateStaffSettings", put, path = "/api/dashboard/settings", tag = "dashboard", security(("bearer" = [])), request_body = Option<SettingsForm>,
    responses((status = 200, body = StaffSettingsResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<SettingsForm>,
) -> Result<Json<StaffSettingsResponse>, ApiError> {
    principal.require(Permission::SettingEdit)?;
    let change = form.into();
    let shop = state.shop.clone();
    let settings = blocking(move || shop.update_settings(change)).await?;
    Ok(Json(StaffSettingsResponse { message: Some(saved(locale)), data: settings.into() }))
}

/// The four pages in both languages (`setting-list`).
#[utoipa::path(operation_id = "listStaffPages", get, path = "/api/dashboard/settings/pages", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = StaffPageList), (status = 403, body = ErrorBody)))]
pub async fn pages(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<StaffPageList>, ApiError> {
    principal.require(Permission::SettingList)?;
    let shop = state.shop.clone();
    let pages = blocking(move || shop.pages()).await?;
    Ok(Json(StaffPageList { data: pages.into_iter().map(Into::into).collect() }))
}

/// Replaces a page's text (`setting-edit`).
#[utoipa::path(operation_id = "updateStaffPage", put, path = "/api/dashboard/settings/pages/{slug}", tag = "dashboard", security(("bearer" = [])), request_body = PageForm,
    responses((status = 200, body = StaffPageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_page(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    slug: Path<String>,
    Body(form): Body<PageForm>,
) -> Result<Json<StaffPageResponse>, ApiError> {
    principal.require(Permission::SettingEdit)?;
    let shop = state.shop.clone();
    let slug = slug.into_inner();
    let page = blocking(move || shop.update_page(&slug, form.into())).await?;
    Ok(Json(StaffPageResponse { message: saved(locale), data: page.into() }))
}

fn saved(locale: Locale) -> String {
    text(locale, "staff.settings_saved", &[])
}
