//! The message catalogues: every text the API answers, in Arabic and English, by key.

use kernel::Locale;
pub use messages::{Arg, text, text_with};

/// The message for a broken rule on a field: the field's own wording when there is one
/// (`validation.required.name` = "Name is required"), else the rule's; `{name}` placeholders
/// are filled from `params`.
pub fn rule(locale: Locale, field: &str, rule: &str, params: &[(&str, String)]) -> String {
    let specific = format!("validation.{rule}.{field}");
    if messages::shop().has(locale, &specific) { text(locale, &specific, params) } else { text(locale, &format!("validation.{rule}"), params) }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            "in_stock",
            "label_invalid",
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
            "url_invalid",
            "url_https",
            "url_forbidden",
            "url_unresolved",
            "scope_beyond_yours",
            "address_invalid",
        ];
        for rule in rules {
            for locale in [Locale::Ar, Locale::En] {
                assert!(messages::shop().has(locale, &format!("validation.{rule}")), "validation.{rule}");
            }
        }
    }
}
