//! The settings the storefront shows and the shop's rules use, with their defaults and the
//! checks a change from staff must pass.

use std::collections::HashMap;

use kernel::{Email, FieldErrors, Localized, Money, ShippingRule, Weight};

/// The longest address or link kept.
const TEXT_MAX: usize = 300;

/// Settings the storefront shows and the rules use; staff can change each one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopSettings {
    /// The phone customers call (digits, an optional leading `+`).
    pub contact_phone: String,
    /// The WhatsApp number orders can go to (international form, digits only).
    pub whatsapp_number: String,
    /// The shop's e-mail.
    pub email: String,
    /// The shop's address in Arabic and English.
    pub address: Localized<String>,
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
    /// Months after which points expire, oldest first; 0 means never.
    pub points_expiry_months: i64,
    /// Days a coupon bought with points works.
    pub points_coupon_days: i64,
    /// A phone with this many refused or never-confirmed orders has its orders confirmed by a
    /// call; 0 for never.
    pub phone_call_after: i64,
    /// A phone with this many, more than it received, is asked to prepay the shipping; 0 for
    /// never.
    pub phone_prepay_after: i64,
    /// A phone with this many, more than it received, cannot order cash on delivery; 0 for
    /// never.
    pub phone_block_after: i64,
    /// The largest total paid in cash on delivery by a phone with no delivered order; zero for
    /// no limit.
    pub cod_first_order_max: Money,
    /// The largest total paid in cash on delivery by anyone; zero for no limit.
    pub cod_order_max: Money,
}

impl ShopSettings {
    /// The weight part of shipping these settings set (design §5).
    pub fn shipping_rule(&self) -> ShippingRule {
        ShippingRule { free_weight: Weight::from_grams(self.free_weight_kg.saturating_mul(1000)), extra_fee_per_kg: self.extra_fee_per_kg }
    }
}

impl Default for ShopSettings {
    fn default() -> Self {
        ShopSettings {
            contact_phone: "01000000000".into(),
            whatsapp_number: "201000000000".into(),
            email: "support@mahsoul.example".into(),
            address: Localized::new("12 شارع الجامعة، الدقي، الجيزة".into(), "12 El Gamaa Street, Dokki, Giza".into()),
            facebook_url: String::new(),
            instagram_url: String::new(),
            free_weight_kg: 10,
            extra_fee_per_kg: Money::from_pounds(5),
            shipping_hours: 48,
            points_earn_rate: Money::from_pounds(10),
            points_expiry_months: 12,
            points_coupon_days: 30,
            phone_call_after: 1,
            phone_prepay_after: 2,
            phone_block_after: 3,
            cod_first_order_max: Money::ZERO,
            cod_order_max: Money::ZERO,
        }
    }
}

/// What staff change in the settings; `None` keeps the current value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// See [`ShopSettings::contact_phone`].
    pub contact_phone: Option<String>,
    /// See [`ShopSettings::whatsapp_number`]; `01…` numbers become `201…`.
    pub whatsapp_number: Option<String>,
    /// See [`ShopSettings::email`].
    pub email: Option<String>,
    /// The Arabic of [`ShopSettings::address`].
    pub address_ar: Option<String>,
    /// The English of [`ShopSettings::address`].
    pub address_en: Option<String>,
    /// See [`ShopSettings::facebook_url`]; empty removes it.
    pub facebook_url: Option<String>,
    /// See [`ShopSettings::instagram_url`]; empty removes it.
    pub instagram_url: Option<String>,
    /// See [`ShopSettings::free_weight_kg`].
    pub free_weight_kg: Option<i64>,
    /// See [`ShopSettings::extra_fee_per_kg`], in pounds as typed (`7.50`).
    pub extra_fee_per_kg: Option<String>,
    /// See [`ShopSettings::shipping_hours`].
    pub shipping_hours: Option<i64>,
    /// See [`ShopSettings::points_earn_rate`], in pounds as typed.
    pub points_earn_rate: Option<String>,
    /// See [`ShopSettings::points_expiry_months`].
    pub points_expiry_months: Option<i64>,
    /// See [`ShopSettings::points_coupon_days`].
    pub points_coupon_days: Option<i64>,
    /// See [`ShopSettings::phone_call_after`].
    pub phone_call_after: Option<i64>,
    /// See [`ShopSettings::phone_prepay_after`].
    pub phone_prepay_after: Option<i64>,
    /// See [`ShopSettings::phone_block_after`].
    pub phone_block_after: Option<i64>,
    /// See [`ShopSettings::cod_first_order_max`], in pounds as typed; 0 for no limit.
    pub cod_first_order_max: Option<String>,
    /// See [`ShopSettings::cod_order_max`], in pounds as typed; 0 for no limit.
    pub cod_order_max: Option<String>,
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
        text("address_ar", &mut settings.address.ar);
        text("address_en", &mut settings.address.en);
        text("facebook_url", &mut settings.facebook_url);
        text("instagram_url", &mut settings.instagram_url);
        if let Some(kg) = stored.get("free_weight_kg").and_then(|v| v.parse().ok()) {
            settings.free_weight_kg = kg;
        }
        if let Some(fee) = stored.get("extra_fee_per_kg").and_then(|v| Money::parse_pounds(v)) {
            settings.extra_fee_per_kg = fee;
        }
        for (name, target) in [
            ("shipping_hours", &mut settings.shipping_hours),
            ("points_expiry_months", &mut settings.points_expiry_months),
            ("points_coupon_days", &mut settings.points_coupon_days),
            ("phone_call_after", &mut settings.phone_call_after),
            ("phone_prepay_after", &mut settings.phone_prepay_after),
            ("phone_block_after", &mut settings.phone_block_after),
        ] {
            if let Some(number) = stored.get(name).and_then(|v| v.parse().ok()) {
                *target = number;
            }
        }
        for (name, target) in [
            ("points_earn_rate", &mut settings.points_earn_rate),
            ("cod_first_order_max", &mut settings.cod_first_order_max),
            ("cod_order_max", &mut settings.cod_order_max),
        ] {
            if let Some(amount) = stored.get(name).and_then(|v| Money::parse_pounds(v)) {
                *target = amount;
            }
        }
        settings
    }

    /// Every setting as the name and text [`ShopSettings::from_stored`] reads back.
    pub fn to_stored(&self) -> Vec<(String, String)> {
        let pounds = |money: Money| format!("{}.{:02}", money.piastres() / 100, money.piastres() % 100);
        [
            ("contact_phone", self.contact_phone.clone()),
            ("whatsapp_number", self.whatsapp_number.clone()),
            ("email", self.email.clone()),
            ("address_ar", self.address.ar.clone()),
            ("address_en", self.address.en.clone()),
            ("facebook_url", self.facebook_url.clone()),
            ("instagram_url", self.instagram_url.clone()),
            ("free_weight_kg", self.free_weight_kg.to_string()),
            ("extra_fee_per_kg", pounds(self.extra_fee_per_kg)),
            ("shipping_hours", self.shipping_hours.to_string()),
            ("points_earn_rate", pounds(self.points_earn_rate)),
            ("points_expiry_months", self.points_expiry_months.to_string()),
            ("points_coupon_days", self.points_coupon_days.to_string()),
            ("phone_call_after", self.phone_call_after.to_string()),
            ("phone_prepay_after", self.phone_prepay_after.to_string()),
            ("phone_block_after", self.phone_block_after.to_string()),
            ("cod_first_order_max", pounds(self.cod_first_order_max)),
            ("cod_order_max", pounds(self.cod_order_max)),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_string(), value))
        .collect()
    }

    /// These settings with `change` applied, or every field that breaks a rule.
    pub fn apply(mut self, change: SettingsChange) -> Result<ShopSettings, FieldErrors> {
        let mut errors = FieldErrors::new();
        if let Some(raw) = change.contact_phone {
            match phone_digits(&raw).filter(|digits| (6..=15).contains(&digits.trim_start_matches('+').len())) {
                Some(digits) => self.contact_phone = digits,
                None => errors.add("contact_phone", "contact_phone_invalid"),
            }
        }
        if let Some(raw) = change.whatsapp_number {
            match whatsapp(&raw) {
                Some(number) => self.whatsapp_number = number,
                None => errors.add("whatsapp_number", "whatsapp_invalid"),
            }
        }
        if let Some(raw) = change.email {
            match Email::parse(&raw) {
                Some(email) => self.email = email.as_str().to_string(),
                None => errors.add("email", "email_invalid"),
            }
        }
        for (field, raw, target) in [("address_ar", change.address_ar, &mut self.address.ar), ("address_en", change.address_en, &mut self.address.en)] {
            let Some(sent) = raw else { continue };
            // The limit holds for the text as sent, as the API document says.
            let raw = sent.trim();
            if sent.chars().nth(TEXT_MAX).is_some() {
                errors.add(field, "too_long");
            } else if raw.is_empty() {
                errors.add(field, "required");
            } else {
                *target = raw.to_string();
            }
        }
        for (field, raw, target) in
            [("facebook_url", change.facebook_url, &mut self.facebook_url), ("instagram_url", change.instagram_url, &mut self.instagram_url)]
        {
            let Some(sent) = raw else { continue };
            let raw = sent.trim().to_string();
            if sent.chars().nth(TEXT_MAX).is_none()
                && (raw.is_empty() || (raw.starts_with("https://") && raw.len() > "https://".len() && !raw.contains(char::is_whitespace)))
            {
                *target = raw;
            } else {
                errors.add(field, "url_invalid");
            }
        }
        let mut number = |field: &str, value: Option<i64>, range: std::ops::RangeInclusive<i64>, target: &mut i64| {
            if let Some(value) = value {
                if range.contains(&value) { *target = value } else { errors.add(field, "number_range") }
            }
        };
        number("free_weight_kg", change.free_weight_kg, 0..=1000, &mut self.free_weight_kg);
        number("shipping_hours", change.shipping_hours, 1..=720, &mut self.shipping_hours);
        number("points_expiry_months", change.points_expiry_months, 0..=120, &mut self.points_expiry_months);
        number("points_coupon_days", change.points_coupon_days, 1..=365, &mut self.points_coupon_days);
        number("phone_call_after", change.phone_call_after, 0..=100, &mut self.phone_call_after);
        number("phone_prepay_after", change.phone_prepay_after, 0..=100, &mut self.phone_prepay_after);
        number("phone_block_after", change.phone_block_after, 0..=100, &mut self.phone_block_after);
        let mut amount = |field: &str, raw: Option<String>, range: std::ops::RangeInclusive<Money>, target: &mut Money| {
            let Some(raw) = raw else { return };
            match Money::parse_pounds(&raw) {
                Some(money) if range.contains(&money) => *target = money,
                Some(_) => errors.add(field, "number_range"),
                None => errors.add(field, "price_invalid"),
            }
        };
        amount("extra_fee_per_kg", change.extra_fee_per_kg, Money::ZERO..=Money::from_pounds(10_000), &mut self.extra_fee_per_kg);
        amount("points_earn_rate", change.points_earn_rate, Money::from_piastres(1)..=Money::from_pounds(100_000), &mut self.points_earn_rate);
        amount("cod_first_order_max", change.cod_first_order_max, Money::ZERO..=Money::from_pounds(10_000_000), &mut self.cod_first_order_max);
        amount("cod_order_max", change.cod_order_max, Money::ZERO..=Money::from_pounds(10_000_000), &mut self.cod_order_max);
        errors.into_result().map(|()| self)
    }
}

/// A phone number's digits (Arabic-Indic ones read as Latin) with spaces and dashes dropped
/// and an optional leading `+` kept; `None` for anything else.
fn phone_digits(raw: &str) -> Option<String> {
    let text: String = kernel::digits::to_latin_digits(raw.trim()).chars().filter(|c| !matches!(c, ' ' | '-' | '(' | ')')).collect();
    let digits = text.strip_prefix('+').unwrap_or(&text);
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(text)
}

/// A WhatsApp number in the international digits `wa.me` links need; an Egyptian national
/// number (`01…`) gets the country code.
fn whatsapp(raw: &str) -> Option<String> {
    if let Some(phone) = kernel::Phone::parse(raw) {
        return Some(phone.international().trim_start_matches('+').to_string());
    }
    let text = phone_digits(raw)?;
    let digits = text.strip_prefix('+').or_else(|| text.strip_prefix("00")).unwrap_or(&text);
    ((10..=15).contains(&digits.len()) && !digits.starts_with('0')).then(|| digits.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_settings_override_the_defaults_and_bad_numbers_keep_them() {
        let stored: HashMap<String, String> = [("whatsapp_number", "201012345678"), ("extra_fee_per_kg", "7.5"), ("free_weight_kg", "twelve")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let settings = ShopSettings::from_stored(&stored);
        assert_eq!(settings.whatsapp_number, "201012345678");
        assert_eq!(settings.extra_fee_per_kg, Money::from_piastres(750));
        assert_eq!(settings.free_weight_kg, 10);
    }

    #[test]
    fn stored_settings_read_back_as_they_were() {
        let changed = ShopSettings::default()
            .apply(SettingsChange {
                extra_fee_per_kg: Some("7.25".into()),
                points_earn_rate: Some("12.5".into()),
                free_weight_kg: Some(0),
                points_expiry_months: Some(0),
                points_coupon_days: Some(7),
                phone_call_after: Some(0),
                phone_block_after: Some(5),
                cod_first_order_max: Some("1500".into()),
                cod_order_max: Some("12000.50".into()),
                ..SettingsChange::default()
            })
            .unwrap();
        let stored: HashMap<String, String> = changed.to_stored().into_iter().collect();
        assert_eq!(ShopSettings::from_stored(&stored), changed);
    }

    #[test]
    fn a_change_keeps_what_it_does_not_name() {
        let changed = ShopSettings::default().apply(SettingsChange { address_en: Some("  3 Nile St, Aswan ".into()), ..SettingsChange::default() }).unwrap();
        assert_eq!(changed.address.en, "3 Nile St, Aswan");
        let mut restored = changed;
        restored.address.en = ShopSettings::default().address.en;
        assert_eq!(restored, ShopSettings::default());
    }

    #[test]
    fn whatsapp_numbers_become_international_digits() {
        let whatsapp = |raw: &str| {
            ShopSettings::default().apply(SettingsChange { whatsapp_number: Some(raw.into()), ..SettingsChange::default() }).map(|s| s.whatsapp_number)
        };
        assert_eq!(whatsapp("01012345678").unwrap(), "201012345678");
        assert_eq!(whatsapp("٠١٠١٢٣٤٥٦٧٨").unwrap(), "201012345678");
        assert_eq!(whatsapp("+20 101 234 5678").unwrap(), "201012345678");
        assert_eq!(whatsapp("00966501234567").unwrap(), "966501234567");
        for wrong in ["0123", "call us", "", "0212345678"] {
            assert!(whatsapp(wrong).unwrap_err().has("whatsapp_number"), "{wrong}");
        }
    }

    #[test]
    fn every_broken_rule_is_named_and_nothing_changes() {
        let change = SettingsChange {
            contact_phone: Some("phone".into()),
            email: Some("shop@".into()),
            address_ar: Some(" ".into()),
            facebook_url: Some("javascript:alert(1)".into()),
            free_weight_kg: Some(-1),
            shipping_hours: Some(0),
            extra_fee_per_kg: Some("10001".into()),
            points_earn_rate: Some("0".into()),
            points_expiry_months: Some(121),
            points_coupon_days: Some(0),
            ..SettingsChange::default()
        };
        let errors = ShopSettings::default().apply(change).unwrap_err();
        for field in [
            "contact_phone",
            "email",
            "address_ar",
            "facebook_url",
            "free_weight_kg",
            "shipping_hours",
            "extra_fee_per_kg",
            "points_earn_rate",
            "points_expiry_months",
            "points_coupon_days",
        ] {
            assert!(errors.has(field), "{field}");
        }
    }

    #[test]
    fn links_are_https_or_empty() {
        let link =
            |raw: &str| ShopSettings::default().apply(SettingsChange { instagram_url: Some(raw.into()), ..SettingsChange::default() }).map(|s| s.instagram_url);
        assert_eq!(link("https://instagram.com/mahsoul").unwrap(), "https://instagram.com/mahsoul");
        assert_eq!(link("").unwrap(), "");
        assert!(link("http://insecure.example").is_err());
        assert!(link("https://").is_err());
    }
}
