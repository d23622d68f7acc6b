//! The shop's words. Every text the server writes — API answers and errors, order news, one-time
//! codes, the SMS opt-out line, invoice labels, CSV headers — comes from one pair of catalogues
//! (`catalogues/ar.json`, `catalogues/en.json`) by key, in ICU MessageFormat: the format of the
//! app's own catalogues, read by the same runtime (formatjs), so a plural is written once per
//! language with that language's forms (Arabic has six) and a placeholder is never filled by
//! hand.

use std::collections::HashMap;
use std::sync::LazyLock;

use formatjs_icu_messageformat::{IcuMessageFormat, Value};
use kernel::Locale;

/// A value put into a message: a text, or a number (plurals choose their form by it, and it is
/// written with the language's grouping, in Western digits as the app writes them).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// Written as it is.
    Text(String),
    /// A count or an amount.
    Number(i64),
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<i64> for Arg {
    fn from(number: i64) -> Arg {
        Arg::Number(number)
    }
}

impl From<u32> for Arg {
    fn from(number: u32) -> Arg {
        Arg::Number(number.into())
    }
}

/// One message, parsed once; `None` when it does not parse (a test keeps every one parsing),
/// and then its text is shown as written.
struct Message {
    source: String,
    parsed: Option<IcuMessageFormat>,
    /// The text of a message that takes no argument, formatted once at load: most messages
    /// are, and a painted page or an error answer then costs no formatting.
    plain: Option<String>,
}

/// The locale tag each language is formatted in: the app's own (`LanguageProvider.tsx`), Arabic
/// of Egypt in Western digits.
fn tag(locale: Locale) -> &'static str {
    locale.pick("ar-EG-u-nu-latn", "en")
}

/// A pair of catalogues, Arabic and English, every message parsed once.
pub struct Catalogue {
    arabic: HashMap<String, Message>,
    english: HashMap<String, Message>,
}

impl Catalogue {
    /// The catalogues from their JSON (an object of key → message); an unreadable one is empty.
    pub fn from_json(arabic: &str, english: &str) -> Catalogue {
        let read = |json: &str, locale: Locale| -> HashMap<String, Message> {
            let texts: HashMap<String, String> = serde_json::from_str(json).unwrap_or_default();
            texts
                .into_iter()
                .map(|(key, source)| {
                    let parsed = IcuMessageFormat::try_new(&source).ok();
                    // A message with an argument fails without its value: it is formatted per use.
                    let plain = parsed.as_ref().and_then(|message| message.format_to_string(tag(locale), &HashMap::new()).ok());
                    (key, Message { parsed, source, plain })
                })
                .collect()
        };
        Catalogue { arabic: read(arabic, Locale::Ar), english: read(english, Locale::En) }
    }

    fn language(&self, locale: Locale) -> &HashMap<String, Message> {
        match locale {
            Locale::Ar => &self.arabic,
            Locale::En => &self.english,
        }
    }

    /// The message `key` in a language with `args` put in; the key itself when the catalogue
    /// lacks it, and the message as written when an argument it needs is missing.
    pub fn text(&self, locale: Locale, key: &str, args: &[(&str, Arg)]) -> String {
        let Some(message) = self.language(locale).get(key) else { return key.to_string() };
        if let (Some(plain), true) = (&message.plain, args.is_empty()) {
            return plain.clone();
        }
        let Some(parsed) = &message.parsed else { return message.source.clone() };
        let values = args
            .iter()
            .map(|(name, arg)| {
                let value = match arg {
                    Arg::Text(text) => Value::String(text.clone()),
                    Arg::Number(number) => Value::Integer(*number),
                };
                (name.to_string(), value)
            })
            .collect();
        parsed.format_to_string(tag(locale), &values).unwrap_or_else(|_| message.source.clone())
    }

    /// Whether the catalogue of a language has `key`.
    pub fn has(&self, locale: Locale, key: &str) -> bool {
        self.language(locale).contains_key(key)
    }

    /// The keys of a language's catalogue, sorted.
    pub fn keys(&self, locale: Locale) -> Vec<&str> {
        let mut keys: Vec<&str> = self.language(locale).keys().map(String::as_str).collect();
        keys.sort_unstable();
        keys
    }

    /// The keys whose message does not parse as ICU MessageFormat, in either language.
    pub fn unparsed(&self) -> Vec<&str> {
        let mut keys: Vec<&str> =
            self.arabic.iter().chain(&self.english).filter(|(_, message)| message.parsed.is_none()).map(|(key, _)| key.as_str()).collect();
        keys.sort_unstable();
        keys
    }
}

static SHOP: LazyLock<Catalogue> = LazyLock::new(|| Catalogue::from_json(include_str!("../catalogues/ar.json"), include_str!("../catalogues/en.json")));

/// The server's catalogues.
pub fn shop() -> &'static Catalogue {
    &SHOP
}

/// The server's message `key` in a language with text `args` put in.
pub fn text(locale: Locale, key: &str, args: &[(&str, String)]) -> String {
    let args: Vec<(&str, Arg)> = args.iter().map(|(name, value)| (*name, Arg::Text(value.clone()))).collect();
    SHOP.text(locale, key, &args)
}

/// The server's message `key` in a language with `args` of any kind (numbers for plurals) put in.
pub fn text_with(locale: Locale, key: &str, args: &[(&str, Arg)]) -> String {
    SHOP.text(locale, key, args)
}

/// A day as the shop writes it everywhere — day, month name, year: "21 سبتمبر 2026",
/// "21 September 2026".
pub fn long_date(day: chrono::NaiveDate, locale: Locale) -> String {
    use chrono::Datelike;
    let month = text(locale, &format!("date.month.{}", day.month()), &[]);
    text_with(locale, "date.long", &[("day", Arg::from(day.day().to_string())), ("month", Arg::from(month)), ("year", Arg::from(day.year().to_string()))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_catalogues_have_the_same_keys_and_every_message_parses() {
        assert!(SHOP.keys(Locale::Ar).len() > 20);
        assert_eq!(SHOP.keys(Locale::Ar), SHOP.keys(Locale::En));
        assert_eq!(SHOP.unparsed(), Vec::<&str>::new());
    }

    #[test]
    fn a_message_without_arguments_reads_as_written() {
        // An apostrophe is ICU's quote: "the client's" must not swallow what follows.
        for locale in [Locale::Ar, Locale::En] {
            for key in SHOP.keys(locale) {
                let source = &SHOP.language(locale)[key].source;
                if !source.contains('{') {
                    assert_eq!(&SHOP.text(locale, key, &[]), source, "{key}");
                }
            }
        }
    }

    #[test]
    fn arguments_fill_and_plurals_take_each_language_s_forms() {
        let catalogue = Catalogue::from_json(
            r#"{"points": "{count, plural, zero {لا نقاط} one {نقطة واحدة} two {نقطتان} few {# نقاط} many {# نقطة} other {# نقطة}} لـ {name}"}"#,
            r#"{"points": "{count, plural, one {# point} other {# points}} for {name}"}"#,
        );
        let said = |locale, count: i64| catalogue.text(locale, "points", &[("count", count.into()), ("name", "Mona".into())]);
        assert_eq!(said(Locale::En, 1), "1 point for Mona");
        assert_eq!(said(Locale::En, 1500), "1,500 points for Mona");
        assert_eq!(said(Locale::Ar, 0), "لا نقاط لـ Mona");
        assert_eq!(said(Locale::Ar, 2), "نقطتان لـ Mona");
        assert_eq!(said(Locale::Ar, 3), "3 نقاط لـ Mona");
        assert_eq!(said(Locale::Ar, 11), "11 نقطة لـ Mona");
        assert_eq!(said(Locale::Ar, 100), "100 نقطة لـ Mona");
    }

    #[test]
    fn a_missing_key_or_argument_shows_something_readable() {
        assert_eq!(text(Locale::En, "no.such.key", &[]), "no.such.key");
        let catalogue = Catalogue::from_json(r#"{"a": "Hi {name}"}"#, r#"{"a": "Hi {name}"}"#);
        assert_eq!(catalogue.text(Locale::En, "a", &[]), "Hi {name}");
        assert_eq!(catalogue.text(Locale::En, "a", &[("name", "<b>".into())]), "Hi <b>", "escaping is the page's, not the catalogue's");
    }
}
