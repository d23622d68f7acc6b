//! The one place where failures become HTTP statuses, and where their messages are put in the
//! request's language.

use std::sync::OnceLock;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{ACCEPT_LANGUAGE, ALLOW, HeaderMap, RETRY_AFTER};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, ResponseError};
use identity::IdentityError;
use kernel::{FieldErrors, Locale, Localized};
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::common::messages;

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// An identity use case refused.
    #[error(transparent)]
    Identity(#[from] IdentityError),
    /// A catalogue call failed.
    #[error(transparent)]
    Catalog(#[from] catalog::CatalogError),
    /// A shop content call failed.
    #[error(transparent)]
    Shop(#[from] shop::ShopError),
    /// A cart call refused.
    #[error(transparent)]
    Cart(#[from] cart::CartError),
    /// An ordering call refused.
    #[error(transparent)]
    Ordering(#[from] ordering::OrderingError),
    /// A loyalty call refused.
    #[error(transparent)]
    Loyalty(#[from] loyalty::LoyaltyError),
    /// An outreach call refused.
    #[error(transparent)]
    Outreach(#[from] outreach::OutreachError),
    /// A webhooks call refused.
    #[error(transparent)]
    Webhook(#[from] webhooks::WebhookError),
    /// The `Idempotency-Key` header is empty or longer than 255 characters.
    #[error("bad idempotency key")]
    BadIdempotencyKey,
    /// The `Idempotency-Key` came before with another request; the message says which kind.
    #[error("idempotency key reused with another request")]
    KeyReused(&'static str),
    /// The call needs a verified account (design §4).
    #[error("account not verified")]
    VerifyFirst,
    /// The request's fields broke rules.
    #[error("invalid fields: {0:?}")]
    Invalid(FieldErrors),
    /// No such resource or route.
    #[error("not found")]
    NotFound,
    /// The body is over the size limit.
    #[error("request body too large")]
    BodyTooLarge,
    /// The body could not be parsed (malformed JSON, broken multipart).
    #[error("malformed request body")]
    BodyMalformed,
    /// The body's content type is not JSON, a form or multipart.
    #[error("unsupported request body")]
    BodyUnsupported,
    /// A form body with too many fields, keys nested too deep or an index too large.
    #[error("request body too complex")]
    BodyTooComplex,
    /// The body did not arrive in time.
    #[error("request body timed out")]
    BodyTimeout,
    /// Too much costly work is already running (password hashing); try again shortly.
    #[error("server busy")]
    Busy {
        /// Seconds to wait.
        retry_after: u64,
    },
    /// The path exists but not for this method.
    #[error("method not allowed")]
    MethodNotAllowed {
        /// The methods the path answers, for `Allow`.
        allowed: String,
    },
    /// Something broke inside; logged, never shown.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<FieldErrors> for ApiError {
    fn from(errors: FieldErrors) -> Self {
        ApiError::Invalid(errors)
    }
}

/// What an error response says, before it is put in words; attached to the response and
/// rendered by [`localize_errors`].
#[derive(Debug, Clone)]
struct Problem {
    message: &'static str,
    /// Values for the message's `{name}` placeholders, in both languages.
    params: Vec<(&'static str, Localized<String>)>,
    errors: FieldErrors,
    retry_after: Option<u64>,
    allow: Option<String>,
}

impl Problem {
    fn new(message: &'static str) -> Problem {
        Problem { message, params: Vec::new(), errors: FieldErrors::new(), retry_after: None, allow: None }
    }
}

/// The message of a change refused as beyond the staff member's own permissions.
fn reach_message(reach: identity::error::Reach) -> &'static str {
    use identity::error::Reach;
    match reach {
        Reach::SuperAdminOnly => "error.reach.super_admin_only",
        Reach::RoleBeyondYours => "error.reach.role_beyond_yours",
        Reach::AccountBeyondYours => "error.reach.account_beyond_yours",
        Reach::OwnRole => "error.reach.own_role",
        Reach::LastSuperAdmin => "error.reach.last_super_admin",
        Reach::ClientContact => "error.reach.client_contact",
        Reach::PersonOnly => "error.reach.person_only",
        Reach::PhoneTrust => "error.reach.phone_trust",
    }
}

impl ApiError {
    fn status_and_problem(&self) -> (StatusCode, Problem) {
        match self {
            ApiError::Identity(error) => match error {
                IdentityError::Invalid(errors) => invalid(errors),
                IdentityError::Unauthenticated => (StatusCode::UNAUTHORIZED, Problem::new("error.unauthenticated")),
                IdentityError::Forbidden => (StatusCode::FORBIDDEN, Problem::new("error.forbidden")),
                IdentityError::BeyondReach(reach) => (StatusCode::FORBIDDEN, Problem::new(reach_message(*reach))),
                IdentityError::Blocked => (StatusCode::FORBIDDEN, Problem::new("error.blocked")),
                IdentityError::NotFound => (StatusCode::NOT_FOUND, Problem::new("error.not_found")),
                IdentityError::AlreadyVerified => (StatusCode::BAD_REQUEST, Problem::new("error.already_verified")),
                IdentityError::TooManyAttempts { retry_after } => (
                    StatusCode::TOO_MANY_REQUESTS,
                    Problem {
                        params: vec![("seconds", same(retry_after.to_string()))],
                        retry_after: Some(*retry_after),
                        ..Problem::new("error.too_many_attempts")
                    },
                ),
                IdentityError::Unknown(cause) => internal(cause),
            },
            ApiError::Catalog(error) => match error {
                catalog::CatalogError::NotFound => (StatusCode::NOT_FOUND, Problem::new("error.not_found")),
                catalog::CatalogError::Invalid(errors) => invalid(errors),
                catalog::CatalogError::Unknown(cause) => internal(cause),
            },
            ApiError::Shop(error) => match error {
                shop::ShopError::NotFound => (StatusCode::NOT_FOUND, Problem::new("error.not_found")),
                shop::ShopError::Invalid(errors) => invalid(errors),
                shop::ShopError::Unknown(cause) => internal(cause),
            },
            ApiError::Cart(error) => match error {
                cart::CartError::Invalid(errors) => invalid(errors),
                cart::CartError::UnknownProduct => (StatusCode::NOT_FOUND, Problem::new("error.product_not_found")),
                cart::CartError::ShortOfStock { product, left } => {
                    let (status, problem) = invalid(&FieldErrors::single("quantity", "stock_short"));
                    (status, Problem { params: vec![("product", product.clone()), ("left", same(left.to_string()))], ..problem })
                }
                cart::CartError::Storage(cause) => internal(cause),
            },
            ApiError::Ordering(error) => match error {
                ordering::OrderingError::Invalid(errors) => invalid(errors),
                ordering::OrderingError::NotFound => (StatusCode::NOT_FOUND, Problem::new("error.not_found")),
                ordering::OrderingError::ShortOfStock { product, left } => {
                    let (status, problem) = invalid(&FieldErrors::single("items", "stock_short"));
                    (status, Problem { params: vec![("product", product.clone()), ("left", same(left.to_string()))], ..problem })
                }
                ordering::OrderingError::TotalChanged { total } => {
                    let (status, problem) = invalid(&FieldErrors::single("expected_total", "total_changed"));
                    (status, Problem { params: vec![("total", same(format!("{:.2}", total.pounds())))], ..problem })
                }
                ordering::OrderingError::Promo(refusal) => invalid(&FieldErrors::single("copoun", refusal.rule())),
                ordering::OrderingError::KeyTaken => key_taken(),
                ordering::OrderingError::CannotCancel => (StatusCode::UNPROCESSABLE_ENTITY, Problem::new("error.order_not_cancellable")),
                ordering::OrderingError::NotAllowed { from, to } => {
                    let (status, problem) = invalid(&FieldErrors::single("status", "status_move"));
                    let label = |status: ordering::OrderStatus| {
                        let key = format!("order.status.{status}");
                        Localized::new(
                            crate::common::messages::text(kernel::Locale::Ar, &key, &[]),
                            crate::common::messages::text(kernel::Locale::En, &key, &[]),
                        )
                    };
                    (status, Problem { params: vec![("from", label(*from)), ("to", label(*to))], ..problem })
                }
                ordering::OrderingError::PhoneBlocked { shop_phone } => {
                    let (status, problem) = invalid(&FieldErrors::single("phone", "phone_blocked"));
                    (status, Problem { params: vec![("shop_phone", same(shop_phone.clone()))], ..problem })
                }
                ordering::OrderingError::CodLimit { limit, first_order, shop_phone } => {
                    let rule = if *first_order { "cod_limit_first" } else { "cod_limit" };
                    let (status, problem) = invalid(&FieldErrors::single("total", rule));
                    (status, Problem { params: vec![("limit", same(format!("{:.2}", limit.pounds()))), ("shop_phone", same(shop_phone.clone()))], ..problem })
                }
                ordering::OrderingError::PhoneTrustNeeded => (StatusCode::FORBIDDEN, Problem::new(reach_message(identity::error::Reach::PhoneTrust))),
                ordering::OrderingError::CodUnavailable { city, shop_phone } => {
                    let (status, problem) = invalid(&FieldErrors::single("city_id", "cod_unavailable"));
                    (status, Problem { params: vec![("city", city.clone()), ("shop_phone", same(shop_phone.clone()))], ..problem })
                }
                ordering::OrderingError::Courier(failure) => match failure {
                    ordering::CourierError::Unauthorised => (StatusCode::UNAUTHORIZED, Problem::new("error.unauthenticated")),
                    ordering::CourierError::Unreadable => (StatusCode::BAD_REQUEST, Problem::new("error.body_malformed")),
                    ordering::CourierError::Unavailable(cause) => {
                        tracing::warn!(%cause, "a courier's service failed");
                        (StatusCode::BAD_GATEWAY, Problem::new("error.courier_unavailable"))
                    }
                },
                ordering::OrderingError::Storage(cause) => internal(cause),
            },
            ApiError::Loyalty(error) => match error {
                loyalty::LoyaltyError::Invalid(errors) => invalid(errors),
                loyalty::LoyaltyError::NotFound => (StatusCode::NOT_FOUND, Problem::new("error.not_found")),
                loyalty::LoyaltyError::InsufficientPoints { balance } => {
                    let (status, problem) = invalid(&FieldErrors::single("points", "points_insufficient"));
                    (status, Problem { params: vec![("balance", same(balance.to_string()))], ..problem })
                }
                loyalty::LoyaltyError::BelowZero { balance } => {
                    let (status, problem) = invalid(&FieldErrors::single("delta", "points_below_zero"));
                    (status, Problem { params: vec![("balance", same(balance.to_string()))], ..problem })
                }
                loyalty::LoyaltyError::KeyTaken => key_taken(),
                loyalty::LoyaltyError::Storage(cause) => internal(cause),
            },
            ApiError::Outreach(error) => match error {
                outreach::OutreachError::Invalid(errors) => invalid(errors),
                outreach::OutreachError::NotFound => (StatusCode::NOT_FOUND, Problem::new("error.not_found")),
                outreach::OutreachError::KeyTaken => key_taken(),
                outreach::OutreachError::SentRecently { id, at } => (
                    StatusCode::CONFLICT,
                    Problem {
                        params: vec![("id", same(id.to_string())), ("minutes", same((chrono::Utc::now() - *at).num_minutes().max(0).to_string()))],
                        ..Problem::new("error.sms_sent_recently")
                    },
                ),
                outreach::OutreachError::Storage(cause) => internal(cause),
            },
            ApiError::Webhook(error) => match error {
                webhooks::WebhookError::Invalid(errors) => invalid(errors),
                webhooks::WebhookError::NotFound => (StatusCode::NOT_FOUND, Problem::new("error.not_found")),
                webhooks::WebhookError::PersonOnly => (StatusCode::FORBIDDEN, Problem::new(reach_message(identity::error::Reach::PersonOnly))),
                webhooks::WebhookError::Unknown(cause) => internal(cause),
            },
            ApiError::BadIdempotencyKey => (StatusCode::BAD_REQUEST, Problem::new("error.idempotency_key_invalid")),
            ApiError::KeyReused(message) => (StatusCode::BAD_REQUEST, Problem::new(message)),
            ApiError::VerifyFirst => (StatusCode::FORBIDDEN, Problem::new("error.verify_first")),
            ApiError::Invalid(errors) => invalid(errors),
            ApiError::NotFound => (StatusCode::NOT_FOUND, Problem::new("error.not_found")),
            ApiError::BodyTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, Problem::new("error.body_too_large")),
            ApiError::BodyMalformed => (StatusCode::BAD_REQUEST, Problem::new("error.body_malformed")),
            ApiError::BodyUnsupported => (StatusCode::UNSUPPORTED_MEDIA_TYPE, Problem::new("error.body_unsupported")),
            ApiError::BodyTooComplex => (StatusCode::BAD_REQUEST, Problem::new("error.body_too_complex")),
            ApiError::BodyTimeout => (StatusCode::REQUEST_TIMEOUT, Problem::new("error.body_timeout")),
            ApiError::Busy { retry_after } => (StatusCode::SERVICE_UNAVAILABLE, Problem { retry_after: Some(*retry_after), ..Problem::new("error.busy") }),
            ApiError::MethodNotAllowed { allowed } => {
                (StatusCode::METHOD_NOT_ALLOWED, Problem { allow: Some(allowed.clone()), ..Problem::new("error.method_not_allowed") })
            }
            ApiError::Internal(cause) => internal(cause),
        }
    }
}

/// A value that reads the same in both languages (a number).
fn same(text: String) -> Localized<String> {
    Localized::new(text.clone(), text)
}

fn invalid(errors: &FieldErrors) -> (StatusCode, Problem) {
    (StatusCode::UNPROCESSABLE_ENTITY, Problem { errors: errors.clone(), ..Problem::new("error.validation") })
}

/// How long a client is asked to wait when the database is out of reach: a restart or a
/// fail-over takes seconds.
const DATABASE_RETRY_AFTER: u64 = 5;

/// The store's rule telling a database out of reach from any other failure; `server` sets it.
static OUT_OF_REACH: OnceLock<fn(&anyhow::Error) -> bool> = OnceLock::new();

/// Teaches the error mapping which failures mean the database is out of reach, so they answer
/// 503 with `Retry-After` (the client can only try again) rather than 500. Set once, at start.
pub fn recognise_database_outages(rule: fn(&anyhow::Error) -> bool) {
    // A second wiring in the same process (tests start many apps) brings the same rule.
    let _ = OUT_OF_REACH.set(rule);
}

/// Whether a failure means the database is out of reach (by the store's rule).
pub(crate) fn is_database_outage(cause: &anyhow::Error) -> bool {
    OUT_OF_REACH.get().is_some_and(|out_of_reach| out_of_reach(cause))
}

/// A key a parallel request took while this one ran, whose answer could not be found: the
/// edge answers that request's answer instead, so this is seen only if the key was forgotten
/// in between.
fn key_taken() -> (StatusCode, Problem) {
    (StatusCode::CONFLICT, Problem::new("error.idempotency_key_reused"))
}

fn internal(cause: &anyhow::Error) -> (StatusCode, Problem) {
    if is_database_outage(cause) {
        // Every request meets the outage; one line each would flood the log.
        tracing::debug!(error = %cause, "database out of reach");
        return (StatusCode::SERVICE_UNAVAILABLE, Problem { retry_after: Some(DATABASE_RETRY_AFTER), ..Problem::new("error.database_unavailable") });
    }
    tracing::error!(error = ?cause, "request failed");
    (StatusCode::INTERNAL_SERVER_ERROR, Problem::new("error.server"))
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status_and_problem().0
    }

    fn error_response(&self) -> HttpResponse {
        let (status, problem) = self.status_and_problem();
        let mut response = HttpResponse::new(status);
        response.extensions_mut().insert(problem);
        response
    }
}

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in the request's language (for 422, the first field message).
    pub message: String,
    /// For 422: each field's messages, first one first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<Map<String, Value>>,
}

/// The request's language: `Accept-Language`, Arabic unless it asks for English.
pub fn locale_of(headers: &HeaderMap) -> Locale {
    headers.get(ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).map(Locale::from_header).unwrap_or_default()
}

fn render(problem: &Problem, locale: Locale) -> ErrorBody {
    let params: Vec<(&str, String)> = problem.params.iter().map(|(name, value)| (*name, value.pick(locale).clone())).collect();
    if problem.errors.is_empty() {
        return ErrorBody { message: messages::text(locale, problem.message, &params), errors: None };
    }
    let mut errors = Map::new();
    for (field, rules) in problem.errors.iter() {
        let texts = rules.iter().map(|rule| Value::String(messages::rule(locale, field, rule, &params))).collect();
        errors.insert(field.to_string(), Value::Array(texts));
    }
    let first = errors.values().next().and_then(|v| v.get(0)).and_then(Value::as_str).map(str::to_string);
    ErrorBody { message: first.unwrap_or_else(|| messages::text(locale, problem.message, &[])), errors: Some(errors) }
}

impl ApiError {
    /// Whether this refusal answers the request itself and is kept under its
    /// `Idempotency-Key`, so a repeat gets it again (see the domains' `is_kept`).
    pub fn is_kept(&self) -> bool {
        match self {
            ApiError::Ordering(error) => error.is_kept(),
            ApiError::Loyalty(error) => error.is_kept(),
            _ => false,
        }
    }

    /// The status and the JSON body this error is answered with in `locale`, for an answer
    /// kept to be given again (a refused checkout under its `Idempotency-Key`).
    pub fn rendered(&self, locale: Locale) -> (StatusCode, String) {
        let (status, problem) = self.status_and_problem();
        (status, serde_json::to_string(&render(&problem, locale)).unwrap_or_default())
    }
}

/// Why an answer is a 503, kept on the response for the metrics: `database` (out of reach) or
/// `busy` (too much work queued).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unavailable(pub &'static str);

/// Middleware that turns every error response of the API into its JSON body in the request's
/// language, with `Retry-After` on 429.
pub async fn localize_errors(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let locale = locale_of(request.headers());
    let response = next.call(request).await?;
    let Some(problem) = response.response().extensions().get::<Problem>().cloned() else {
        return Ok(response.map_into_left_body());
    };
    let status = response.status();
    let mut answer = HttpResponse::build(status);
    if let Some(seconds) = problem.retry_after {
        answer.insert_header((RETRY_AFTER, seconds.to_string()));
    }
    if let Some(allowed) = &problem.allow {
        answer.insert_header((ALLOW, allowed.as_str()));
    }
    let mut answer = answer.json(render(&problem, locale));
    let reason = match problem.message {
        "error.database_unavailable" => Some("database"),
        "error.busy" => Some("busy"),
        _ => None,
    };
    if let Some(reason) = reason {
        answer.extensions_mut().insert(Unavailable(reason));
    }
    let (request, _) = response.into_parts();
    Ok(ServiceResponse::new(request, answer).map_into_right_body())
}
