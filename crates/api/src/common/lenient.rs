//! Reading what older clients send: numbers as text (forms), Arabic-Indic digits, yes/no in
//! several spellings. One place, so every field reads the same way.

use std::collections::HashMap;

use kernel::FieldErrors;
use serde::{Deserialize, Deserializer};

/// Reads an optional integer given as a JSON number or as text (forms), Arabic-Indic digits
/// allowed; empty text is no value.
pub(crate) fn lenient_int<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(i64),
        Text(String),
    }
    match Option::<Raw>::deserialize(deserializer)? {
        None => Ok(None),
        Some(Raw::Number(n)) => Ok(Some(n)),
        Some(Raw::Text(text)) => {
            let text = kernel::digits::to_latin_digits(text.trim());
            if text.is_empty() { Ok(None) } else { text.parse().map(Some).map_err(serde::de::Error::custom) }
        }
    }
}

/// Reads an optional text given as a JSON string or number (`150.5` for a price).
pub(crate) fn lenient_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(serde_json::Number),
        Text(String),
    }
    Ok(Option::<Raw>::deserialize(deserializer)?.map(|raw| match raw {
        Raw::Number(n) => n.to_string(),
        Raw::Text(text) => text,
    }))
}

/// Reads an optional yes/no given as a JSON boolean or as text (forms): `1`, `true`, `on` or
/// `yes` is yes, `0`, `false`, `off`, `no` or nothing is no; any other text is a wrong type.
pub(crate) fn lenient_bool<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<bool>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Flag(bool),
        Text(String),
    }
    match Option::<Raw>::deserialize(deserializer)? {
        None => Ok(None),
        Some(Raw::Flag(flag)) => Ok(Some(flag)),
        Some(Raw::Text(text)) => match text.trim().to_lowercase().as_str() {
            "1" | "true" | "on" | "yes" => Ok(Some(true)),
            "" | "0" | "false" | "off" | "no" => Ok(Some(false)),
            other => Err(serde::de::Error::custom(format!("not a yes or no: {other:?}"))),
        },
    }
}

/// A yes/no filter: `1`, `true`, `yes` or `on` filters; `0`, `false`, `no`, `off` or nothing
/// does not; anything else is an error on the parameter.
pub(crate) fn flag(errors: &mut FieldErrors, params: &HashMap<String, String>, name: &str) -> bool {
    match params.get(name).map(|v| v.trim()).unwrap_or_default() {
        "1" | "true" | "yes" | "on" => true,
        "" | "0" | "false" | "no" | "off" => false,
        _ => {
            errors.add(name, "boolean");
            false
        }
    }
}

/// Reads an optional instant: RFC 3339, or a date `YYYY-MM-DD` meaning its midnight UTC,
/// Arabic-Indic digits allowed; empty is none, anything else is `date_invalid` on `field`.
pub(crate) fn optional_instant(errors: &mut FieldErrors, field: &str, raw: Option<&str>) -> Option<chrono::DateTime<chrono::Utc>> {
    let raw = kernel::digits::to_latin_digits(raw.unwrap_or("").trim());
    if raw.is_empty() {
        return None;
    }
    if let Ok(at) = chrono::DateTime::parse_from_rfc3339(&raw) {
        return Some(at.with_timezone(&chrono::Utc));
    }
    let at = chrono::NaiveDate::parse_from_str(&raw, "%Y-%m-%d").ok().and_then(|day| day.and_hms_opt(0, 0, 0)).map(|at| at.and_utc());
    if at.is_none() {
        errors.add(field, "date_invalid");
    }
    at
}
