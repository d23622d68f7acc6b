//! `Idempotency-Key` at the HTTP edge (design §5), one module for every keyed call (orders,
//! points exchanges, SMS broadcasts), shaped as zero-to-production's: run the use case with the
//! key and the way to write its answer, which the store keeps under the key in the transaction
//! that makes the thing; a key already held refuses that transaction, and only then is the key
//! looked up: its answer is given again (`Idempotent-Replayed: true`), or a 400 when it came
//! with another request. A first attempt, nearly every one, so reads nothing more than its use
//! case. A refusal that answers the request itself is kept too. The answer kept is the status
//! and the body as sent, so a repeat after a restart, a deploy or on another node is the same
//! bytes.

use std::sync::Arc;

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{ContentType, HeaderMap};
use kernel::{Earlier, Idempotency, IdempotencyKey, KeptAnswer, Keyed, Locale};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};

use crate::common::error::ApiError;
use crate::common::extract::blocking;

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

/// An answer a keyed call gives: a status and a JSON body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    status: StatusCode,
    body: String,
}

/// An answer as the store keeps it.
#[derive(Serialize, Deserialize)]
struct Written {
    status: u16,
    body: Box<RawValue>,
}

impl Answer {
    /// `body` as JSON with `status`.
    pub fn json(status: StatusCode, body: &impl Serialize) -> Answer {
        Answer { status, body: serde_json::to_string(body).unwrap_or_default() }
    }

    /// The answer as the store keeps it.
    fn kept(&self) -> KeptAnswer {
        let body = RawValue::from_string(self.body.clone()).unwrap_or_else(|_| RawValue::NULL.to_owned());
        KeptAnswer(serde_json::to_string(&Written { status: self.status.as_u16(), body }).unwrap_or_default())
    }

    /// A kept answer, as it was written.
    fn from_kept(kept: &KeptAnswer) -> Result<Answer, ApiError> {
        let written: Written = serde_json::from_str(&kept.0).map_err(|error| ApiError::Internal(error.into()))?;
        let status = StatusCode::from_u16(written.status).map_err(|error| ApiError::Internal(error.into()))?;
        Ok(Answer { status, body: written.body.get().to_string() })
    }

    /// The HTTP response; a replay says so in `Idempotent-Replayed: true`.
    fn response(self, replayed: bool) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        if replayed {
            response.insert_header(("Idempotent-Replayed", "true"));
        }
        response.content_type(ContentType::json()).body(self.body)
    }
}

/// Runs a call that may carry an `Idempotency-Key` once per key: `make` does the use case
/// (with the key and the way to write its answer, for the store), `answer` says what it made.
/// A repeat of the key gets the first answer; the key with another request is refused with
/// the `reused` message; a refusal the domain says answers the request (`ApiError::is_kept`)
/// is kept for the repeats. The key is read only after a refusal: a repeat is refused by the
/// store (the key is taken) or by what the first attempt changed (the cart it emptied).
pub async fn answer_once<T, A, M>(
    idempotency: Arc<Idempotency>,
    key: Option<IdempotencyKey>,
    locale: Locale,
    reused: &'static str,
    answer: A,
    make: M,
) -> Result<HttpResponse, ApiError>
where
    T: 'static,
    A: Fn(&T) -> Answer + Send + Sync + 'static,
    M: FnOnce(Option<&Keyed<T>>) -> Result<T, ApiError> + Send + 'static,
{
    let (answer, replayed) = blocking(move || {
        let Some(key) = key else { return Ok((answer(&make(None)?), false)) };
        let answer = Arc::new(answer);
        let keeps = answer.clone();
        let keyed = Keyed { key, answer: Box::new(move |made: &T| keeps(made).kept()) };
        match make(Some(&keyed)) {
            Ok(made) => Ok((answer(&made), false)),
            Err(refused) => {
                // A repeat, or a parallel one that answered meanwhile (it took the key
                // first, or emptied the cart this attempt then found empty): the buyer asked
                // once, and the first answer is this one's.
                if let Some(earlier) = idempotency.earlier(&keyed.key)? {
                    return replay(&earlier, reused);
                }
                if refused.is_kept() {
                    let (status, body) = refused.rendered(locale);
                    idempotency.keep(&keyed.key, &Answer { status, body }.kept())?;
                }
                Err(refused)
            }
        }
    })
    .await?;
    Ok(answer.response(replayed))
}

/// The answer a key holds, to give again; or the refusal of a key that came with another
/// request.
fn replay(earlier: &Earlier, reused: &'static str) -> Result<(Answer, bool), ApiError> {
    match earlier {
        Earlier::Answered(kept) => Ok((Answer::from_kept(kept)?, true)),
        Earlier::KeyReused => Err(ApiError::KeyReused(reused)),
    }
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

    #[test]
    fn a_kept_answer_is_given_again_byte_for_byte_with_its_status() {
        let first = Answer { status: StatusCode::CREATED, body: r#"{"message":"تم","data":{"id":7,"total":"90.00"}}"#.into() };
        let again = Answer::from_kept(&first.kept()).ok();
        assert_eq!(again, Some(first));
    }
}
