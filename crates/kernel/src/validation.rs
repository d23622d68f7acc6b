//! Field validation errors: which field broke which rule. The HTTP layer turns each rule key
//! into a message in the request's language.

use std::collections::BTreeMap;

/// The longest texts the shop stores, by kind; every field that is stored has one, checked
/// before anything is written (see docs/decisions.md).
pub mod limits {
    /// Names of people, products, categories, offers, cities.
    pub const NAME: usize = 200;
    /// Product descriptions.
    pub const DESCRIPTION: usize = 10_000;
    /// Street addresses.
    pub const ADDRESS: usize = 500;
    /// Messages and notes.
    pub const MESSAGE: usize = 2_000;
}

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

    /// Records `too_long` on `field` when `value` has more than `max` characters.
    pub fn limit_length(&mut self, field: &str, value: &str, max: usize) {
        // Counting stops at the limit: an attacker's megabyte is not walked twice.
        if value.chars().nth(max).is_some() {
            self.add(field, "too_long");
        }
    }

    /// Adds every error of `other`.
    pub fn merge(&mut self, other: FieldErrors) {
        for (field, rules) in other.0 {
            self.0.entry(field).or_default().extend(rules);
        }
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
