//! Something the shop keeps in both of its languages: a product's name, a page's text.

use crate::Locale;

/// The Arabic and the English of one thing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Localized<T> {
    /// Arabic.
    pub ar: T,
    /// English.
    pub en: T,
}

impl<T> Localized<T> {
    /// Both languages.
    pub fn new(ar: T, en: T) -> Localized<T> {
        Localized { ar, en }
    }

    /// The one of this language.
    pub fn pick(&self, locale: Locale) -> &T {
        match locale {
            Locale::Ar => &self.ar,
            Locale::En => &self.en,
        }
    }

    /// The same change applied to both.
    pub fn map<U>(self, mut change: impl FnMut(T) -> U) -> Localized<U> {
        Localized { ar: change(self.ar), en: change(self.en) }
    }
}

impl Localized<String> {
    /// Both texts without surrounding spaces.
    pub fn trimmed(&self) -> Localized<String> {
        Localized::new(self.ar.trim().to_string(), self.en.trim().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_requested_language() {
        let name = Localized::new("بذور", "Seeds");
        assert_eq!(*name.pick(Locale::Ar), "بذور");
        assert_eq!(*name.pick(Locale::En), "Seeds");
        assert_eq!(Localized::new(" أ ".to_string(), "b ".to_string()).trimmed(), Localized::new("أ".to_string(), "b".to_string()));
        assert_eq!(name.map(str::len), Localized::new(8, 5));
    }
}
