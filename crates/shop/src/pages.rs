//! The four content pages and the rules for their text.

use kernel::{FieldErrors, Localized};

/// The four content pages.
pub const PAGES: [&str; 4] = ["about-us", "terms-and-conditions", "privacy-policy", "refund-policies"];

/// The longest page title.
const TITLE_MAX: usize = 120;
/// The longest page text: long terms fit, a pasted book does not.
const BODY_MAX: usize = 20_000;

/// A content page in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// One of [`PAGES`].
    pub slug: String,
    /// The title in Arabic and English.
    pub title: Localized<String>,
    /// The text in Arabic and English (paragraphs separated by blank lines).
    pub body: Localized<String>,
}

/// A page's text as staff write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageText {
    /// The title in Arabic and English.
    pub title: Localized<String>,
    /// The text in Arabic and English.
    pub body: Localized<String>,
}

impl PageText {
    /// Both titles and both texts are required and of a sane length.
    pub fn check(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        for (field, value, max) in [
            ("title_ar", &self.title.ar, TITLE_MAX),
            ("title_en", &self.title.en, TITLE_MAX),
            ("body_ar", &self.body.ar, BODY_MAX),
            ("body_en", &self.body.en, BODY_MAX),
        ] {
            if value.trim().is_empty() {
                errors.add(field, "required");
            } else if value.chars().count() > max {
                errors.add(field, "too_long");
            }
        }
        errors.into_result()
    }

    /// The page at `slug` with this text.
    pub fn into_page(self, slug: &str) -> Page {
        Page { slug: slug.to_string(), title: self.title.trimmed(), body: self.body.trimmed() }
    }
}
