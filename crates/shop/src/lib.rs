//! The shop's own content: the public settings (contacts, shipping rule numbers, points
//! rate), the about, terms, privacy and refund pages, and messages from the contact page.

use std::collections::HashMap;
use std::sync::Arc;

use kernel::{Email, FieldErrors, Money, Phone};

/// The four content pages.
pub const PAGES: [&str; 4] = ["about-us", "terms-and-conditions", "privacy-policy", "refund-policies"];

/// The longest contact message accepted.
pub const MESSAGE_MAX: usize = 2000;

/// Settings the storefront shows and the rules use; staff can change each one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopSettings {
    /// The phone customers call.
    pub contact_phone: String,
    /// The WhatsApp number orders can go to (international form, digits only).
    pub whatsapp_number: String,
    /// The shop's e-mail.
    pub email: String,
    /// Address in Arabic.
    pub address_ar: String,
    /// Address in English.
    pub address_en: String,
    /// Facebook page.
    pub facebook_url: String,
    /// Instagram account.
    pub instagram_url: String,
    /// Weight shipped without extra fee, in kilograms.
    pub free_weight_kg: i64,
    /// Extra fee per kilogram above that weight.
    pub extra_fee_per_kg: Money,
    /// Estimated shipping time, in hours.
    pub shipping_hours: i64,
    /// Pounds spent per loyalty point earned.
    pub points_earn_rate: Money,
}

impl Default for ShopSettings {
    fn default() -> Self {
        ShopSettings {
            contact_phone: "01000000000".into(),
            whatsapp_number: "201000000000".into(),
            email: "support@mahsoul.example".into(),
            address_ar: "١٢ شارع الجامعة، الدقي، الجيزة".into(),
            address_en: "12 El Gamaa Street, Dokki, Giza".into(),
            facebook_url: String::new(),
            instagram_url: String::new(),
            free_weight_kg: 10,
            extra_fee_per_kg: Money::from_pounds(5),
            shipping_hours: 48,
            points_earn_rate: Money::from_pounds(10),
        }
    }
}

impl ShopSettings {
    /// The defaults with the stored values over them (a stored number that does not parse
    /// keeps the default).
    pub fn from_stored(stored: &HashMap<String, String>) -> ShopSettings {
        let mut settings = ShopSettings::default();
        let text = |name: &str, target: &mut String| {
            if let Some(value) = stored.get(name) {
                *target = value.clone();
            }
        };
        text("contact_phone", &mut settings.contact_phone);
        text("whatsapp_number", &mut settings.whatsapp_number);
        text("email", &mut settings.email);
        text("address_ar", &mut settings.address_ar);
        text("address_en", &mut settings.address_en);
        text("facebook_url", &mut settings.facebook_url);
        text("instagram_url", &mut settings.instagram_url);
        if let Some(kg) = stored.get("free_weight_kg").and_then(|v| v.parse().ok()) {
            settings.free_weight_kg = kg;
        }
        if let Some(fee) = stored.get("extra_fee_per_kg").and_then(|v| Money::parse_pounds(v)) {
            settings.extra_fee_per_kg = fee;
        }
        if let Some(hours) = stored.get("shipping_hours").and_then(|v| v.parse().ok()) {
            settings.shipping_hours = hours;
        }
        if let Some(rate) = stored.get("points_earn_rate").and_then(|v| Money::parse_pounds(v)) {
            settings.points_earn_rate = rate;
        }
        settings
    }
}

/// A content page in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// One of [`PAGES`].
    pub slug: String,
    /// Arabic title.
    pub title_ar: String,
    /// English title.
    pub title_en: String,
    /// Arabic text (paragraphs separated by blank lines).
    pub body_ar: String,
    /// English text.
    pub body_en: String,
}

/// A message from the contact page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactMessage {
    /// Who wrote.
    pub name: String,
    /// Their phone, if given.
    pub phone: Option<Phone>,
    /// Their e-mail, if given.
    pub email: Option<Email>,
    /// What they wrote.
    pub message: String,
}

/// Why a shop call failed.
#[derive(Debug, thiserror::Error)]
pub enum ShopError {
    /// No such page.
    #[error("not found")]
    NotFound,
    /// The message broke field rules.
    #[error("invalid input: {0:?}")]
    Invalid(FieldErrors),
    /// Storage failed.
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Where the shop's content is kept.
#[cfg_attr(test, mockall::automock)]
pub trait ShopStore: Send + Sync {
    /// Stored settings by name.
    fn settings(&self) -> anyhow::Result<HashMap<String, String>>;
    /// A page by slug.
    fn page(&self, slug: &str) -> anyhow::Result<Option<Page>>;
    /// Stores a contact message.
    fn add_contact_message(&self, message: &ContactMessage) -> anyhow::Result<()>;
}

/// The shop's content calls.
pub struct ShopService {
    store: Arc<dyn ShopStore>,
}

impl ShopService {
    /// The service over its store.
    pub fn new(store: Arc<dyn ShopStore>) -> ShopService {
        ShopService { store }
    }

    /// The public settings.
    pub fn settings(&self) -> Result<ShopSettings, ShopError> {
        Ok(ShopSettings::from_stored(&self.store.settings()?))
    }

    /// A content page.
    pub fn page(&self, slug: &str) -> Result<Page, ShopError> {
        if !PAGES.contains(&slug) {
            return Err(ShopError::NotFound);
        }
        self.store.page(slug)?.ok_or(ShopError::NotFound)
    }

    /// Keeps a contact message for staff: a name, a phone or an e-mail to answer, and a
    /// message of at most [`MESSAGE_MAX`] characters.
    pub fn contact(&self, message: ContactMessage) -> Result<(), ShopError> {
        let mut errors = FieldErrors::new();
        if message.phone.is_none() && message.email.is_none() {
            errors.add("phone", "contact_missing");
        }
        if message.message.chars().count() > MESSAGE_MAX {
            errors.add("message", "too_long");
        }
        errors.into_result().map_err(ShopError::Invalid)?;
        Ok(self.store.add_contact_message(&message)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_settings_override_the_defaults_and_bad_numbers_keep_them() {
        let stored: HashMap<String, String> = [
            ("whatsapp_number", "201012345678"),
            ("extra_fee_per_kg", "7.5"),
            ("free_weight_kg", "twelve"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let settings = ShopSettings::from_stored(&stored);
        assert_eq!(settings.whatsapp_number, "201012345678");
        assert_eq!(settings.extra_fee_per_kg, Money::from_piastres(750));
        assert_eq!(settings.free_weight_kg, 10);
    }

    #[test]
    fn only_the_four_pages_exist() {
        let mut store = MockShopStore::new();
        store.expect_page().never();
        assert!(matches!(ShopService::new(Arc::new(store)).page("secrets"), Err(ShopError::NotFound)));
    }

    #[test]
    fn a_contact_message_needs_a_way_to_answer_and_a_sane_length() {
        let mut store = MockShopStore::new();
        store.expect_add_contact_message().times(1).returning(|_| Ok(()));
        let service = ShopService::new(Arc::new(store));
        let message = |phone: Option<&str>, text: String| ContactMessage {
            name: "Samir".into(),
            phone: phone.and_then(Phone::parse),
            email: None,
            message: text,
        };
        assert!(matches!(service.contact(message(None, "Hello".into())), Err(ShopError::Invalid(e)) if e.has("phone")));
        assert!(matches!(service.contact(message(Some("01012345678"), "x".repeat(2001))), Err(ShopError::Invalid(e)) if e.has("message")));
        assert!(service.contact(message(Some("01012345678"), "Do you sell drip irrigation?".into())).is_ok());
    }
}
