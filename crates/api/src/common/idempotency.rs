//! `Idempotency-Key` at the HTTP edge (design §5): the key a caller sent, scoped to the
//! caller, with a fingerprint of what the request asks, so that a repeat gets the first answer
//! and the same key with another request is refused.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::HeaderMap;
use kernel::{IdempotencyKey, KeptRefusal};
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::common::error::ApiError;

/// A digest of a request's body as its own type reads it, written as JSON with every
/// object's keys sorted: keys sent in another order, or `"2"` where `2` is read, are the same
/// request. Never a digest of Rust's `Debug` output, which changes when a field is renamed,
/// so a retry across a deploy would be refused as another request.
pub fn fingerprint(body: &impl Serialize) -> Result<String, ApiError> {
    let value = serde_json::to_value(body).map_err(|error| ApiError::Internal(error.into()))?;
    let mut canonical = String::new();
    write_canonical(&value, &mut canonical);
    Ok(format!("{:x}", Sha256::digest(canonical.as_bytes())))
}

/// `value` as JSON with each object's keys in sorted order, whatever order the map keeps.
fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (n, (key, value)) in entries.into_iter().enumerate() {
                if n > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                write_canonical(value, out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (n, item) in items.iter().enumerate() {
                if n > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

/// The request's `Idempotency-Key`, scoped to `caller`, with the request's `fingerprint`:
/// none without the header; 1 to 255 visible characters, else a 400.
pub fn idempotency_key(headers: &HeaderMap, caller: String, fingerprint: String) -> Result<Option<IdempotencyKey>, ApiError> {
    let Some(key) = crate::common::extract::idempotency_header(headers)? else { return Ok(None) };
    Ok(Some(IdempotencyKey { caller, key, fingerprint }))
}

/// A refusal kept under an `Idempotency-Key`, answered again as it was first.
pub fn kept_refusal(kept: KeptRefusal) -> HttpResponse {
    let status = StatusCode::from_u16(kept.status).unwrap_or(StatusCode::UNPROCESSABLE_ENTITY);
    HttpResponse::build(status).insert_header(("Idempotent-Replayed", "true")).content_type("application/json").body(kept.body)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_same_request_has_one_fingerprint_whatever_the_order_of_its_keys() {
        let sent = json!({"name": "Mona", "items": [{"id": 1, "quantity": 2}], "city_id": 2});
        let reordered = json!({"city_id": 2, "items": [{"quantity": 2, "id": 1}], "name": "Mona"});
        assert_eq!(fingerprint(&sent).ok(), fingerprint(&reordered).ok());
        let other = json!({"city_id": 2, "items": [{"quantity": 3, "id": 1}], "name": "Mona"});
        assert_ne!(fingerprint(&sent).ok(), fingerprint(&other).ok());
    }
}
