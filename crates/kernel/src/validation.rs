//! Field validation errors: which field broke which rule. The HTTP layer turns each rule key
//! into a message in the request's language.

use std::collections::BTreeMap;

/// Rules broken, by field, in the order they were found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<String, Vec<&'static str>>);

impl FieldErrors {
    /// No errors yet.
    pub fn new() -> FieldErrors {
        FieldErrors::default()
    }

    /// One error on one field.
    pub fn single(field: &str, rule: &'static str) -> FieldErrors {
        let mut errors = FieldErrors::new();
        errors.add(field, rule);
        errors
    }

    /// Records that `field` broke `rule` (a message key such as `required`).
    pub fn add(&mut self, field: &str, rule: &'static str) {
        self.0.entry(field.to_string()).or_default().push(rule);
    }

    /// True when nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// True when `field` has an error.
    pub fn has(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }

    /// Every field with its broken rules.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[&'static str])> {
        self.0.iter().map(|(field, rules)| (field.as_str(), rules.as_slice()))
    }

    /// `Ok` when empty, the errors otherwise.
    pub fn into_result(self) -> Result<(), FieldErrors> {
        if self.is_empty() { Ok(()) } else { Err(self) }
    }
}
