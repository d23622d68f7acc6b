//! The two languages of the shop.

use serde::{Deserialize, Serialize};

/// Arabic (the default) or English.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Locale {
    /// Arabic, right to left.
    #[default]
    Ar,
    /// English.
    En,
}

impl Locale {
    /// Reads an `Accept-Language` value or a cookie: English only when the first tag says `en`,
    /// Arabic otherwise, as the spec asks.
    pub fn from_header(value: &str) -> Locale {
        let first = value.split(',').next().unwrap_or_default();
        let tag = first.split(';').next().unwrap_or_default().trim();
        let primary = tag.split(['-', '_']).next().unwrap_or_default();
        if primary.eq_ignore_ascii_case("en") { Locale::En } else { Locale::Ar }
    }

    /// The language code, `ar` or `en`.
    pub fn code(self) -> &'static str {
        match self {
            Locale::Ar => "ar",
            Locale::En => "en",
        }
    }

    /// Picks the text of this language from a pair.
    pub fn pick<'a>(self, ar: &'a str, en: &'a str) -> &'a str {
        match self {
            Locale::Ar => ar,
            Locale::En => en,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_english_tags_select_english() {
        assert_eq!(Locale::from_header("en"), Locale::En);
        assert_eq!(Locale::from_header("en-US,en;q=0.9"), Locale::En);
        assert_eq!(Locale::from_header("EN_gb"), Locale::En);
        assert_eq!(Locale::from_header("ar"), Locale::Ar);
        assert_eq!(Locale::from_header("fr-FR,en;q=0.5"), Locale::Ar);
        assert_eq!(Locale::from_header(""), Locale::Ar);
    }
}
