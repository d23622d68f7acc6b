//! Text at the edge: a C0 control character (NUL and its kin; tab, line feed and carriage
//! return are text) belongs in no name, address, search or note. PostgreSQL refuses NUL in text
//! (a 500 from deep inside a query) while SQLite stores it, so both are refused here, before any
//! handler runs: a 422 on the field of a query string or a body, a 404 for a path (it names
//! nothing).

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use kernel::FieldErrors;
use serde_json::Value;

use crate::common::error::ApiError;

/// The rule a field breaks when it holds a control character.
pub const CONTROL_CHARACTERS: &str = "control_characters";

/// Whether the text holds a C0 control character other than tab, line feed and carriage return.
pub fn has_control(text: &str) -> bool {
    text.chars().any(|c| c < ' ' && !matches!(c, '\t' | '\n' | '\r'))
}

/// The path of the first field of a body whose name or text holds a control character.
pub fn control_in(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => has_control(text).then(String::new),
        Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| control_in(item).map(|inner| format!("[{i}]{}", dotted(&inner)))),
        Value::Object(fields) => fields.iter().find_map(|(name, field)| {
            if has_control(name) {
                return Some("body".to_string());
            }
            control_in(field).map(|inner| if inner.is_empty() { name.clone() } else { format!("{name}{}", dotted(&inner)) })
        }),
        Value::Null | Value::Bool(_) | Value::Number(_) => None,
    }
}

fn dotted(inner: &str) -> String {
    if inner.is_empty() || inner.starts_with('[') { inner.to_string() } else { format!(".{inner}") }
}

/// Middleware: a query string holding a control character (percent-encoded, as `%00`) answers
/// 422 on the parameter; a path holding one names nothing, and answers 404.
pub async fn refuse_control_characters(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if has_control(&percent_encoding::percent_decode_str(request.path()).decode_utf8_lossy()) {
        return Ok(request.error_response(ApiError::NotFound).map_into_right_body());
    }
    let in_query = form_urlencoded::parse(request.query_string().as_bytes())
        .find(|(name, value)| has_control(name) || has_control(value))
        .map(|(name, _)| if has_control(&name) { "query".to_string() } else { name.into_owned() });
    match in_query {
        None => next.call(request).await.map(ServiceResponse::map_into_left_body),
        Some(field) => Ok(request.error_response(ApiError::Invalid(FieldErrors::single(&field, CONTROL_CHARACTERS))).map_into_right_body()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn nul_and_its_kin_are_found_where_they_are_and_tabs_and_new_lines_are_text() {
        assert!(has_control("a\u{0}b") && has_control("\u{1b}[31m") && has_control("\u{7}"));
        assert!(!has_control("سطر\nسطر\r\n\tمسافة") && !has_control("Ünïcødé 🌱"));
        assert_eq!(control_in(&json!({"name": "ok", "address": {"lines": ["ok", "x\u{0}"]}})).as_deref(), Some("address.lines[1]"));
        assert_eq!(control_in(&json!({"items": [{"note": "\u{0}"}]})).as_deref(), Some("items[0].note"));
        assert_eq!(control_in(&json!({"na\u{0}me": "ok"})).as_deref(), Some("body"));
        assert_eq!(control_in(&json!({"name": "قمح\n", "count": 3, "ok": true, "none": null})), None);
    }
}
