//! The message catalogues: every text the API answers, in Arabic and English, by key.

use std::collections::HashMap;
use std::sync::LazyLock;

use kernel::Locale;

type Catalogue = HashMap<String, String>;

fn load(source: &str) -> Catalogue {
    serde_json::from_str(source).unwrap_or_default()
}

static ARABIC: LazyLock<Catalogue> = LazyLock::new(|| load(include_str!("../../messages/ar.json")));
static ENGLISH: LazyLock<Catalogue> = LazyLock::new(|| load(include_str!("../../messages/en.json")));

fn catalogue(locale: Locale) -> &'static Catalogue {
    match locale {
        Locale::Ar => &ARABIC,
        Locale::En => &ENGLISH,
    }
}

/// The text of a key in a language, with `{name}` placeholders filled; the key itself when
/// the catalogue lacks it (a test keeps both catalogues complete).
pub fn text(locale: Locale, key: &str, params: &[(&str, String)]) -> String {
    let mut text = catalogue(locale).get(key).cloned().unwrap_or_else(|| key.to_string());
    for (name, value) in params {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// The message for a broken rule on a field: the field's own wording when there is one
/// (`validation.required.name` = "Name is required"), else the rule's; `{name}` placeholders
/// are filled from `params`.
pub fn rule(locale: Locale, field: &str, rule: &str, params: &[(&str, String)]) -> String {
    let specific = format!("validation.{rule}.{field}");
    if catalogue(locale).contains_key(&specific) { text(locale, &specific, params) } else { text(locale, &format!("validation.{rule}"), params) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_catalogues_parse_and_have_the_same_keys() {
        assert!(ARABIC.len() > 20);
        let mut ar: Vec<_> = ARABIC.keys().collect();
        let mut en: Vec<_> = ENGLISH.keys().collect();
        ar.sort();
        en.sort();
        assert_eq!(ar, en);
    }

    #[test]
    fn field_wording_wins_over_the_rule_and_placeholders_fill() {
        assert_eq!(rule(Locale::En, "name", "required", &[]), "Name is required");
        assert_eq!(rule(Locale::En, "nickname", "required", &[]), "This field is required.");
        assert_eq!(rule(Locale::Ar, "password", "required", &[]), "كلمة المرور مطلوبة");
        let left = [("product", "Mint seeds".to_string()), ("left", "3".to_string())];
        assert_eq!(rule(Locale::En, "quantity", "stock_short", &left), "Only 3 left of Mint seeds.");
        assert!(text(Locale::En, "error.too_many_attempts", &[("seconds", "60".into())]).contains("60 seconds"));
    }

    #[test]
    fn every_rule_the_domain_reports_has_a_message() {
        let rules = [
            "required",
            "type",
            "too_long",
            "integer",
            "phone_invalid",
            "email_invalid",
            "username_invalid",
            "code_format",
            "code_invalid",
            "credentials",
            "password_too_short",
            "password_too_long",
            "password_letters_digits",
            "password_mismatch",
            "phone_taken",
            "email_taken",
            "city_unknown",
            "current_password_wrong",
            "google_token_invalid",
            "google_email_unverified",
            "email_missing",
            "phone_missing",
            "gender_invalid",
            "price_invalid",
            "sort_invalid",
            "contact_missing",
            "price_positive",
            "discount_range",
            "not_negative",
            "category_unknown",
            "images_too_many",
            "image_too_large",
            "image_invalid",
            "weight_invalid",
            "weight_unit_invalid",
            "date_invalid",
            "percentage_range",
            "ends_before_start",
            "products_unknown",
            "price_too_high",
            "quantity_too_high",
            "too_many",
            "password_needed",
            "synonyms_too_few",
            "synonym_words",
            "synonym_groups_full",
        ];
        for rule in rules {
            for catalogue in [&*ARABIC, &*ENGLISH] {
                assert!(catalogue.contains_key(&format!("validation.{rule}")), "validation.{rule}");
            }
        }
    }
}
