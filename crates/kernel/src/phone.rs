//! Egyptian mobile numbers, however they are written.

use std::fmt;

/// An Egyptian mobile number in its national form `01XXXXXXXXX` (11 digits).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Phone(String);

impl Phone {
    /// Parses `01xxxxxxxxx`, `+201xxxxxxxxx`, `00201xxxxxxxxx`, `201xxxxxxxxx` or
    /// `1xxxxxxxxx`, with spaces, dashes, dots or parentheses and with Arabic-Indic digits.
    /// Only the mobile prefixes 010, 011, 012 and 015 are numbers.
    pub fn parse(raw: &str) -> Option<Phone> {
        let latin = crate::digits::to_latin_digits(raw.trim());
        let plus = latin.starts_with('+');
        let digits: String = latin.chars().filter(|c| !matches!(c, ' ' | '-' | '.' | '(' | ')' | '+' | '\u{200E}' | '\u{200F}')).collect();
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let national = if let Some(rest) = digits.strip_prefix("0020") {
            format!("0{rest}")
        } else if let Some(rest) = digits.strip_prefix("20").filter(|r| r.len() == 10 || plus) {
            format!("0{rest}")
        } else if digits.len() == 10 && digits.starts_with('1') {
            format!("0{digits}")
        } else if plus {
            return None;
        } else {
            digits
        };
        let valid = national.len() == 11 && ["010", "011", "012", "015"].iter().any(|p| national.starts_with(p));
        valid.then_some(Phone(national))
    }

    /// The national form, `01XXXXXXXXX`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The international form, `+201XXXXXXXXX`, for SMS gateways.
    pub fn international(&self) -> String {
        format!("+2{}", self.0)
    }
}

impl fmt::Display for Phone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_common_form_becomes_the_national_number() {
        for raw in [
            "01012345678",
            "+201012345678",
            "00201012345678",
            "201012345678",
            "1012345678",
            "010 1234 5678",
            "+20 (10) 123-45678",
            "٠١٠١٢٣٤٥٦٧٨",
            "+٢٠١٠١٢٣٤٥٦٧٨",
        ] {
            assert_eq!(Phone::parse(raw).map(|p| p.0), Some("01012345678".to_string()), "{raw}");
        }
    }

    #[test]
    fn landlines_short_numbers_and_foreign_numbers_are_refused() {
        for raw in ["0223456789", "0101234567", "010123456789", "+441012345678", "01312345678", "abc", ""] {
            assert!(Phone::parse(raw).is_none(), "{raw}");
        }
    }

    #[test]
    fn international_form_for_gateways() {
        assert_eq!(Phone::parse("01512345678").map(|p| p.international()), Some("+201512345678".into()));
    }
}
