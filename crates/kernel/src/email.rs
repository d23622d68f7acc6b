//! E-mail addresses, parsed once at the edge.

use std::fmt;

/// A trimmed, lower-cased e-mail address of a plausible shape.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// Parses an address; `None` when it cannot be one.
    pub fn parse(raw: &str) -> Option<Email> {
        let value = raw.trim().to_lowercase();
        if value.len() > 254 || value.chars().any(char::is_whitespace) {
            return None;
        }
        let (local, domain) = value.split_once('@')?;
        let domain_ok = domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.') && !domain.contains("..") && !domain.contains('@');
        (!local.is_empty() && domain_ok).then_some(Email(value))
    }

    /// The address as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_common_addresses_and_lowercases_them() {
        assert_eq!(Email::parse(" Farmer@Example.COM ").map(|e| e.0), Some("farmer@example.com".into()));
    }

    #[test]
    fn rejects_what_cannot_be_an_address() {
        for raw in ["", "farmer", "@example.com", "a@b", "a@.com", "a b@c.com", "a@b..com", "a@b@c.com"] {
            assert!(Email::parse(raw).is_none(), "{raw}");
        }
    }
}
