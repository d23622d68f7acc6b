//! Extractors: the request's language, its body in any of the accepted encodings, and the
//! signed-in user.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::future::{Ready, ready};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};
use std::time::Duration;

use actix_multipart::Multipart;
use actix_web::HttpMessage;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header::{AUTHORIZATION, CONTENT_LENGTH, CONTENT_TYPE};
use actix_web::middleware::Next;
use actix_web::web::{self, BytesMut};
use actix_web::{FromRequest, HttpRequest};
use futures_util::StreamExt;
use futures_util::future::LocalBoxFuture;
use identity::Principal;
use identity::token::TokenKind;
use kernel::{FieldErrors, Locale};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::AppState;
use crate::common::error::{ApiError, locale_of};

/// The largest JSON or form body accepted.
pub const BODY_LIMIT: usize = 1024 * 1024;
/// The largest multipart body accepted (room for images).
pub const MULTIPART_LIMIT: usize = 10 * 1024 * 1024;
/// The most fields a form or multipart body may carry.
pub const FORM_MAX_FIELDS: usize = 1000;
/// The deepest a bracketed form key may nest (`a[b][c]` is 3), as JSON stops at 128.
pub const FORM_MAX_DEPTH: usize = 8;
/// The largest array index a bracketed form key may name (`items[1000]`): an index makes
/// room for every element before it, so it is bounded before anything is allocated.
pub const FORM_MAX_INDEX: usize = 1000;

/// What the edge bounds before any costly work starts.
#[derive(Debug, Clone)]
pub struct EdgeLimits {
    /// How long a request body may take to arrive.
    pub body_timeout: Duration,
    /// Password hashes allowed to run at once: each holds 19 MiB and a core for a while.
    pub hashing: Arc<Semaphore>,
    /// How long a request waits for a hashing slot before a 503.
    pub hashing_wait: Duration,
    /// Peers (the shop's own load balancers) whose `X-Forwarded-For` is believed.
    pub trusted_proxies: Vec<IpAddr>,
}

impl EdgeLimits {
    /// Limits with `hashing_slots` hashes at once (0 means one per core).
    pub fn new(body_timeout: Duration, hashing_slots: usize, hashing_wait: Duration, trusted_proxies: Vec<IpAddr>) -> EdgeLimits {
        let slots = if hashing_slots == 0 { std::thread::available_parallelism().map_or(2, usize::from) } else { hashing_slots };
        EdgeLimits { body_timeout, hashing: Arc::new(Semaphore::new(slots)), hashing_wait, trusted_proxies }
    }
}

impl Default for EdgeLimits {
    fn default() -> Self {
        EdgeLimits::new(DEFAULT_BODY_TIMEOUT, 0, Duration::from_secs(2), Vec::new())
    }
}

/// A place among the password hashes allowed to run at once, held for the whole request.
/// Taken by every handler that hashes or verifies a password; when none frees up within the
/// wait the answer is a 503 with `Retry-After`, so a flood of logins cannot exhaust memory.
#[derive(Debug)]
pub struct HashingSlot {
    _permit: OwnedSemaphorePermit,
}

impl FromRequest for HashingSlot {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<HashingSlot, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let edge = req.app_data::<web::Data<AppState>>().map(|state| state.edge.clone());
        Box::pin(async move {
            let edge = edge.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("application state missing")))?;
            match tokio::time::timeout(edge.hashing_wait, edge.hashing.acquire_owned()).await {
                Ok(Ok(permit)) => Ok(HashingSlot { _permit: permit }),
                _ => Err(ApiError::Busy { retry_after: 1 }),
            }
        })
    }
}

/// The caller's address: the connection's peer, or, when the peer is a trusted proxy, the
/// nearest address in `X-Forwarded-For` that is not one (a client can forge the rest).
#[derive(Debug, Clone)]
pub struct ClientAddress(pub String);

impl FromRequest for ClientAddress {
    type Error = ApiError;
    type Future = Ready<Result<ClientAddress, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(ClientAddress::of(req)))
    }
}

impl ClientAddress {
    /// The caller's address of a request, as the limits and the access log see it.
    pub fn of(req: &HttpRequest) -> ClientAddress {
        let trusted = req.app_data::<web::Data<AppState>>().map(|state| state.edge.trusted_proxies.as_slice()).unwrap_or_default();
        let peer = req.peer_addr().map(|addr| addr.ip());
        let forwarded = req.headers().get_all("x-forwarded-for").filter_map(|value| value.to_str().ok()).collect::<Vec<_>>().join(",");
        ClientAddress(client_address(peer, &forwarded, trusted))
    }
}

/// See [`ClientAddress`].
fn client_address(peer: Option<IpAddr>, forwarded: &str, trusted: &[IpAddr]) -> String {
    let Some(mut client) = peer else { return "unknown".into() };
    if trusted.contains(&client) {
        for hop in forwarded.rsplit(',').map(str::trim) {
            match hop.parse::<IpAddr>() {
                Ok(address) => {
                    client = address;
                    if !trusted.contains(&address) {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
    }
    client.to_string()
}

/// A query string as name → value, for the lists. A name given twice is a 422 on that name:
/// which of the two values was meant cannot be told.
#[derive(Debug, Default)]
pub struct QueryParams(pub HashMap<String, String>);

impl FromRequest for QueryParams {
    type Error = ApiError;
    type Future = Ready<Result<QueryParams, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let mut params = HashMap::new();
        let mut errors = FieldErrors::new();
        for (name, value) in form_urlencoded::parse(req.query_string().as_bytes()) {
            match params.entry(name.into_owned()) {
                Entry::Occupied(taken) if !errors.has(taken.key()) => errors.add(taken.key(), "repeated"),
                Entry::Occupied(_) => {}
                Entry::Vacant(free) => {
                    free.insert(value.into_owned());
                }
            }
        }
        ready(errors.into_result().map(|()| QueryParams(params)).map_err(ApiError::from))
    }
}

/// The `Idempotency-Key` header: 1 to 255 characters, else a 400; none when absent.
pub fn idempotency_header(headers: &actix_web::http::header::HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get("idempotency-key") else { return Ok(None) };
    let key = value.to_str().ok().map(str::trim).filter(|key| (1..=255).contains(&key.len())).ok_or(ApiError::BadIdempotencyKey)?;
    Ok(Some(key.to_string()))
}

/// The language the caller asked for.
#[derive(Debug, Clone, Copy)]
pub struct Lang(pub Locale);

impl FromRequest for Lang {
    type Error = ApiError;
    type Future = Ready<Result<Lang, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Lang(locale_of(req.headers()))))
    }
}

/// A request body read from JSON, `application/x-www-form-urlencoded` or
/// `multipart/form-data` into `T`. A field of the wrong type is a 422 on that field.
#[derive(Debug)]
pub struct Body<T>(pub T);

/// A file sent in a multipart body.
#[derive(Debug, Clone)]
pub struct Upload {
    /// The form field it came in (`images[]` and `images` are both `images`).
    pub field: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// A body like [`Body`], with the files of a multipart body.
#[derive(Debug)]
pub struct BodyWithFiles<T>(pub T, pub Vec<Upload>);

impl<T: DeserializeOwned + 'static> FromRequest for BodyWithFiles<T> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<BodyWithFiles<T>, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let payload = payload.take();
        Box::pin(async move {
            let (fields, files) = read_body(&req, payload).await?;
            deserialize_reporting_every_field(fields).map(|value| BodyWithFiles(value, files))
        })
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Body<T> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Body<T>, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let payload = payload.take();
        Box::pin(async move {
            let (fields, _) = read_body(&req, payload).await?;
            deserialize_reporting_every_field(fields).map(Body)
        })
    }
}

/// The largest body a courier's webhook call may send: one state change is a few hundred
/// bytes.
pub const WEBHOOK_LIMIT: usize = 64 * 1024;

/// A webhook call's body as it was sent, at most [`WEBHOOK_LIMIT`] bytes, read within the
/// body timeout.
pub struct RawBody(pub BytesMut);

impl FromRequest for RawBody {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<RawBody, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let timeout = req.app_data::<web::Data<AppState>>().map_or(DEFAULT_BODY_TIMEOUT, |state| state.edge.body_timeout);
        let declared: Option<usize> = req.headers().get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
        let payload = payload.take();
        Box::pin(async move {
            if declared.is_some_and(|length| length > WEBHOOK_LIMIT) {
                return Err(ApiError::BodyTooLarge);
            }
            let bytes = tokio::time::timeout(timeout, read_limited(payload, WEBHOOK_LIMIT)).await.map_err(|_| ApiError::BodyTimeout)??;
            Ok(RawBody(bytes))
        })
    }
}

/// Deserializes the fields into `T`; a field of the wrong type is dropped and reported, and
/// the rest tried again, so one answer names every wrong field.
fn deserialize_reporting_every_field<T: DeserializeOwned>(mut fields: Value) -> Result<T, ApiError> {
    let mut errors = FieldErrors::new();
    loop {
        match serde_path_to_error::deserialize::<_, T>(fields.clone()) {
            Ok(value) if errors.is_empty() => return Ok(value),
            Ok(_) => return Err(ApiError::Invalid(errors)),
            Err(error) => {
                let path = error.path().to_string();
                let top = path.split(['.', '[']).next().unwrap_or_default().to_string();
                let removed = fields.as_object_mut().and_then(|object| object.remove(&top));
                errors.add(if top.is_empty() { "body" } else { &path }, "type");
                if removed.is_none() {
                    return Err(ApiError::Invalid(errors));
                }
            }
        }
    }
}

/// Reads the body as an object of fields, whatever its encoding, and the files of a
/// multipart body.
async fn read_body(req: &HttpRequest, payload: Payload) -> Result<(Value, Vec<Upload>), ApiError> {
    let timeout = req.app_data::<web::Data<AppState>>().map_or(DEFAULT_BODY_TIMEOUT, |state| state.edge.body_timeout);
    // A client that sends its body slowly must not hold a worker and a buffer forever.
    let (fields, files) = tokio::time::timeout(timeout, read_fields(req, payload)).await.map_err(|_| ApiError::BodyTimeout)??;
    if let Some(field) = crate::common::text::control_in(&fields) {
        return Err(ApiError::Invalid(FieldErrors::single(&field, crate::common::text::CONTROL_CHARACTERS)));
    }
    Ok((fields, files))
}

/// How long a body may take to arrive when the state does not say.
const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(30);

async fn read_fields(req: &HttpRequest, payload: Payload) -> Result<(Value, Vec<Upload>), ApiError> {
    let content_type = req.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_ascii_lowercase();
    let declared: Option<usize> = req.headers().get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
    if content_type.starts_with("multipart/form-data") {
        if declared.is_some_and(|length| length > MULTIPART_LIMIT) {
            return Err(ApiError::BodyTooLarge);
        }
        return read_multipart(req, payload).await;
    }
    read_encoded(&content_type, declared, payload).await.map(|fields| (fields, Vec::new()))
}

/// Reads a JSON or form body.
async fn read_encoded(content_type: &str, declared: Option<usize>, payload: Payload) -> Result<Value, ApiError> {
    if declared.is_some_and(|length| length > BODY_LIMIT) {
        return Err(ApiError::BodyTooLarge);
    }
    let bytes = read_limited(payload, BODY_LIMIT).await?;
    if content_type.starts_with("application/x-www-form-urlencoded") {
        let mut object = Value::Object(Map::new());
        for (count, (key, value)) in form_urlencoded::parse(&bytes).enumerate() {
            if count >= FORM_MAX_FIELDS {
                return Err(ApiError::BodyTooComplex);
            }
            insert_path(&mut object, &key, Value::String(value.into_owned()))?;
        }
        return Ok(object);
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Value::Object(Map::new()));
    }
    if !content_type.is_empty() && !content_type.starts_with("application/json") {
        return Err(ApiError::BodyUnsupported);
    }
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(value @ Value::Object(_)) => Ok(value),
        Ok(_) => Err(ApiError::Invalid(FieldErrors::single("body", "type"))),
        Err(_) => Err(ApiError::BodyMalformed),
    }
}

async fn read_limited(mut payload: Payload, limit: usize) -> Result<BytesMut, ApiError> {
    let mut body = BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| ApiError::BodyMalformed)?;
        if body.len() + chunk.len() > limit {
            return Err(ApiError::BodyTooLarge);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

async fn read_multipart(req: &HttpRequest, payload: Payload) -> Result<(Value, Vec<Upload>), ApiError> {
    let mut multipart = Multipart::new(req.headers(), payload);
    let mut object = Value::Object(Map::new());
    let mut files = Vec::new();
    let mut total = 0;
    let mut count = 0;
    while let Some(field) = multipart.next().await {
        count += 1;
        if count > FORM_MAX_FIELDS {
            return Err(ApiError::BodyTooComplex);
        }
        let mut field = field.map_err(|_| ApiError::BodyMalformed)?;
        let name = field.name().unwrap_or_default().to_string();
        let is_file = field.content_disposition().and_then(|cd| cd.get_filename()).is_some();
        let mut bytes = BytesMut::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|_| ApiError::BodyMalformed)?;
            total += chunk.len();
            if total > MULTIPART_LIMIT {
                return Err(ApiError::BodyTooLarge);
            }
            bytes.extend_from_slice(&chunk);
        }
        if is_file {
            if !bytes.is_empty() {
                files.push(Upload { field: name.trim_end_matches("[]").to_string(), bytes: bytes.to_vec() });
            }
        } else if !name.is_empty() {
            let text = String::from_utf8(bytes.to_vec()).map_err(|_| ApiError::BodyMalformed)?;
            insert_path(&mut object, &name, Value::String(text))?;
        }
    }
    Ok((object, files))
}

/// Puts a form value at a bracketed path: `name`, `tags[]`, `items[0][id]`. Keys nested
/// deeper than [`FORM_MAX_DEPTH`] or naming an index above [`FORM_MAX_INDEX`] are refused
/// before anything is allocated for them.
fn insert_path(target: &mut Value, key: &str, value: Value) -> Result<(), ApiError> {
    let mut segments: Vec<&str> = Vec::new();
    let (head, mut rest) = key.split_once('[').map(|(h, r)| (h, Some(r))).unwrap_or((key, None));
    segments.push(head);
    while let Some(tail) = rest {
        let Some((segment, after)) = tail.split_once(']') else { break };
        segments.push(segment);
        if segments.len() > FORM_MAX_DEPTH {
            return Err(ApiError::BodyTooComplex);
        }
        rest = after.strip_prefix('[');
    }
    if segments.iter().any(|segment| segment.parse::<usize>().is_ok_and(|index| index > FORM_MAX_INDEX)) {
        return Err(ApiError::BodyTooComplex);
    }
    let mut node = target;
    for (i, segment) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        let next_is_index = segments.get(i + 1).is_some_and(|s| s.is_empty() || s.parse::<usize>().is_ok());
        let empty = if next_is_index { Value::Array(Vec::new()) } else { Value::Object(Map::new()) };
        node = match node {
            Value::Object(map) => {
                if last {
                    map.insert(segment.to_string(), value);
                    return Ok(());
                }
                map.entry(segment.to_string()).or_insert(empty)
            }
            Value::Array(items) => {
                let index = segment.parse::<usize>().unwrap_or(items.len());
                if index > FORM_MAX_INDEX {
                    return Err(ApiError::BodyTooComplex);
                }
                while items.len() <= index {
                    items.push(Value::Null);
                }
                if last {
                    items[index] = value;
                    return Ok(());
                }
                if items[index].is_null() {
                    items[index] = empty;
                }
                &mut items[index]
            }
            _ => return Ok(()),
        };
    }
    Ok(())
}

/// Work handed to the blocking pool that has not finished: running or waiting for a thread.
static BLOCKING_IN_FLIGHT: AtomicUsize = AtomicUsize::new(0);

/// How many requests' database or hashing work is on the blocking pool right now (running or
/// queued): the metrics report it, a number that grows when the pool is the bottleneck.
pub fn blocking_in_flight() -> usize {
    BLOCKING_IN_FLIGHT.load(AtomicOrdering::Relaxed)
}

/// Counts one piece of blocking work while it lives.
struct BlockingWork;

impl BlockingWork {
    fn begin() -> BlockingWork {
        BLOCKING_IN_FLIGHT.fetch_add(1, AtomicOrdering::Relaxed);
        BlockingWork
    }
}

impl Drop for BlockingWork {
    fn drop(&mut self) {
        BLOCKING_IN_FLIGHT.fetch_sub(1, AtomicOrdering::Relaxed);
    }
}

/// Runs blocking work (Diesel, argon2) on the blocking pool, never on an async worker.
pub async fn blocking<T, E>(work: impl FnOnce() -> Result<T, E> + Send + 'static) -> Result<T, ApiError>
where
    T: Send + 'static,
    E: Into<ApiError> + Send + 'static,
{
    let _counted = BlockingWork::begin();
    match web::block(work).await {
        Ok(result) => result.map_err(Into::into),
        Err(error) => Err(ApiError::Internal(anyhow::anyhow!("blocking task failed: {error}"))),
    }
}

fn bearer(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer "))?.trim();
    (!token.is_empty()).then(|| token.to_string())
}

fn authenticate(req: &HttpRequest, kind: TokenKind) -> LocalBoxFuture<'static, Result<Principal, ApiError>> {
    let token = bearer(req);
    let state = req.app_data::<web::Data<AppState>>().cloned();
    Box::pin(async move {
        let token = token.ok_or(ApiError::Identity(identity::IdentityError::Unauthenticated))?;
        let state = state.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("application state missing")))?;
        let principal = blocking(move || state.identity.authenticate(&token, kind)).await?;
        // The request's log line names who made it (the root span declares the field).
        tracing::Span::current().record("user_id", principal.user.id.0);
        Ok(principal)
    })
}

/// The staff member an API key acts for, within its scopes; counts the key's request.
async fn key_holder(req: &HttpRequest, secret: String) -> Result<Principal, ApiError> {
    let state = req.app_data::<web::Data<AppState>>().cloned().ok_or_else(|| ApiError::Internal(anyhow::anyhow!("application state missing")))?;
    let client = ClientAddress::of(req).0;
    let principal = blocking(move || state.api_keys.authenticate(&secret, &client)).await?;
    tracing::Span::current().record("user_id", principal.user.id.0);
    Ok(principal)
}

/// The user signed in with a session token.
#[derive(Debug, Clone)]
pub struct AuthUser(pub Principal);

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<AuthUser, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        // The staff gate already signed the caller in: no second look-up.
        if let Some(known) = req.extensions().get::<AuthUser>().cloned() {
            return Box::pin(async move { Ok(known) });
        }
        let principal = authenticate(req, TokenKind::Session);
        Box::pin(async move { principal.await.map(AuthUser) })
    }
}

/// Middleware for `/api/dashboard`: the caller must be signed-in staff (or hold an API key,
/// which acts for the staff member who made it) before anything of the request is read, so a
/// customer's or a stranger's body (a 10 MB upload) is never buffered nor checked against
/// staff fields. Each handler still checks its own permission.
pub async fn staff_only(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if !request.path().starts_with("/api/dashboard") {
        return next.call(request).await.map(ServiceResponse::map_into_left_body);
    }
    let principal = match bearer(request.request()) {
        Some(secret) if secret.starts_with(identity::api_keys::KEY_PREFIX) => key_holder(request.request(), secret).await,
        _ => authenticate(request.request(), TokenKind::Session).await,
    };
    match principal.and_then(|principal| principal.require_staff().map(|()| principal).map_err(ApiError::from)) {
        Ok(principal) => {
            request.extensions_mut().insert(AuthUser(principal));
            next.call(request).await.map(ServiceResponse::map_into_left_body)
        }
        Err(error) => Ok(request.error_response(error).map_into_right_body()),
    }
}

/// The user holding a temporary password-reset token.
#[derive(Debug, Clone)]
pub struct ResetUser(pub Principal);

impl FromRequest for ResetUser {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<ResetUser, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let principal = authenticate(req, TokenKind::Reset);
        Box::pin(async move { principal.await.map(ResetUser) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn form_keys_with_brackets_become_nested_values() {
        let mut object = Value::Object(Map::new());
        for (key, value) in [("name", "Samir"), ("tags[]", "a"), ("tags[]", "b"), ("items[0][id]", "3"), ("items[0][quantity]", "2"), ("items[1][id]", "4")] {
            assert!(insert_path(&mut object, key, json!(value)).is_ok(), "{key}");
        }
        assert_eq!(object, json!({"name": "Samir", "tags": ["a", "b"], "items": [{"id": "3", "quantity": "2"}, {"id": "4"}]}));
    }

    #[test]
    fn huge_indexes_and_deep_keys_are_refused_before_allocating() {
        let mut object = Value::Object(Map::new());
        assert!(matches!(insert_path(&mut object, "a[3000000]", json!("1")), Err(ApiError::BodyTooComplex)));
        assert!(matches!(insert_path(&mut object, "a[1001][b]", json!("1")), Err(ApiError::BodyTooComplex)));
        assert!(matches!(insert_path(&mut object, "a[]", json!("x")), Ok(())));
        assert!(matches!(insert_path(&mut object, "a[1000]", json!("1")), Ok(())));
        assert!(matches!(insert_path(&mut object, &format!("a{}", "[b]".repeat(8)), json!("1")), Err(ApiError::BodyTooComplex)));
        assert!(matches!(insert_path(&mut object, &format!("c{}", "[b]".repeat(7)), json!("1")), Ok(())));
    }

    #[test]
    fn the_client_address_is_the_peer_unless_the_peer_is_a_trusted_proxy() {
        let proxy: IpAddr = [10, 0, 0, 1].into();
        let peer: IpAddr = [198, 51, 100, 4].into();
        assert_eq!(client_address(Some(peer), "1.2.3.4", &[proxy]), "198.51.100.4", "a stranger's header is ignored");
        assert_eq!(client_address(Some(proxy), "1.2.3.4, 203.0.113.9", &[proxy]), "203.0.113.9", "the hop the proxy saw");
        assert_eq!(client_address(Some(proxy), "203.0.113.9, 10.0.0.1", &[proxy]), "203.0.113.9", "trusted hops are skipped");
        assert_eq!(client_address(Some(proxy), "", &[proxy]), "10.0.0.1");
        assert_eq!(client_address(None, "", &[]), "unknown");
    }
}
