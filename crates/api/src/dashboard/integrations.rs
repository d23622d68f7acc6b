//! Integrators under `/api/dashboard`: API keys (`api-keys`) that act for the staff member who
//! made them within their scopes, and webhook endpoints (`webhooks`) with their delivery log,
//! test event, resend and replay. `integration-list` reads, `-create` adds, `-edit` changes and
//! sends, `-delete` revokes and removes.

use std::sync::Arc;

use actix_web::HttpResponse;
use actix_web::web::{self, Data, Json, Path};
use chrono::{DateTime, Utc};
use identity::api_keys::{ApiKey, ApiKeyDraft};
use identity::permission::Permission;
use kernel::{FieldErrors, Locale, OrderId, ProductId};
use serde::{Deserialize, Serialize};
use strum::IntoEnumIterator;
use utoipa::{OpenApi, ToSchema};
use webhooks::ports::{DeliveryLog, Silence};
use webhooks::{Audience, Endpoint, EndpointDraft, EventKind};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::lenient::optional_instant;
use crate::common::messages::text;
use crate::dashboard::orders::StaffOrderData;
use crate::dashboard::products::StaffProductData;
use crate::dashboard::users::ClientProfileData;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/api-keys", web::get().to(list_keys))
        .route("/dashboard/api-keys", web::post().to(create_key))
        .route("/dashboard/api-keys/{id}", web::delete().to(revoke_key))
        .route("/dashboard/webhooks", web::get().to(list_endpoints))
        .route("/dashboard/webhooks", web::post().to(add_endpoint))
        .route("/dashboard/webhooks/{id}", web::put().to(update_endpoint))
        .route("/dashboard/webhooks/{id}", web::delete().to(delete_endpoint))
        .route("/dashboard/webhooks/{id}/secret", web::post().to(rotate_secret))
        .route("/dashboard/webhooks/{id}/test", web::post().to(send_test))
        .route("/dashboard/webhooks/{id}/deliveries", web::get().to(list_deliveries))
        .route("/dashboard/webhooks/{id}/deliveries/{delivery}/resend", web::post().to(resend_delivery))
        .route("/dashboard/webhooks/{id}/replay", web::post().to(replay));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(
    paths(
        list_keys,
        create_key,
        revoke_key,
        list_endpoints,
        add_endpoint,
        update_endpoint,
        delete_endpoint,
        rotate_secret,
        send_test,
        list_deliveries,
        resend_delivery,
        replay
    ),
    components(schemas(WebhookEvent, WebhookEventData))
)]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// An API key; its secret is only in the answer that made it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApiKeyData {
    /// Its id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The secret's first characters (`mk_1a2b3c4d`).
    pub prefix: String,
    /// The permissions it carries.
    pub scopes: Vec<String>,
    /// The only addresses it works from; empty for any.
    pub allowed_addresses: Vec<String>,
    /// The staff member it acts for; null once their account was removed (which revoked it).
    pub created_by: Option<i64>,
    /// The maker's name, kept after their account is removed.
    pub created_by_name: String,
    /// When it was made.
    pub created_at: DateTime<Utc>,
    /// When it stops working by itself; null for never.
    pub expires_at: Option<DateTime<Utc>>,
    /// When it was revoked; null while it works.
    pub revoked_at: Option<DateTime<Utc>>,
    /// When it was last used.
    pub last_used_at: Option<DateTime<Utc>>,
    /// Requests it made.
    pub request_count: i64,
}

impl From<ApiKey> for ApiKeyData {
    fn from(key: ApiKey) -> Self {
        ApiKeyData {
            id: key.id,
            name: key.name,
            prefix: key.prefix,
            scopes: key.scopes,
            allowed_addresses: key.allowed_addresses.iter().map(ToString::to_string).collect(),
            created_by: key.created_by.map(|maker| maker.0),
            created_by_name: key.maker_name,
            created_at: key.created_at,
            expires_at: key.expires_at,
            revoked_at: key.revoked_at,
            last_used_at: key.last_used_at,
            request_count: key.request_count,
        }
    }
}

/// Every API key.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApiKeyList {
    /// Newest first.
    pub data: Vec<ApiKeyData>,
}

/// A new API key.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ApiKeyForm {
    /// What it is for (up to 100 characters).
    #[schema(max_length = 100)]
    pub name: Option<String>,
    /// Permissions it carries, each one the caller holds (up to 100).
    #[schema(max_items = 100)]
    pub scopes: Option<Vec<String>>,
    /// IP addresses it works from (up to 20); none for any.
    #[schema(max_items = 20)]
    pub allowed_addresses: Option<Vec<String>>,
    /// When it stops working (RFC 3339 or `YYYY-MM-DD`); none for never.
    pub expires_at: Option<String>,
}

/// A key just made, with its secret, shown this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedApiKey {
    /// What happened.
    pub message: String,
    /// The key.
    pub data: ApiKeyData,
    /// The secret to send as `Authorization: Bearer mk_…`: the shop keeps only its hash.
    pub secret: String,
}

/// An endpoint; its secret is only in the answers that made or rotated it.
#[derive(Debug, Serialize, ToSchema)]
pub struct EndpointData {
    /// Its id.
    pub id: i64,
    /// Where events are POSTed.
    pub url: String,
    /// The kinds it is sent.
    pub events: Vec<String>,
    /// Whether it is sent anything.
    pub active: bool,
    /// When it was added.
    pub created_at: DateTime<Utc>,
    /// Failed attempts since its last success.
    pub failures_in_row: u32,
    /// Its last success.
    pub last_success_at: Option<DateTime<Utc>>,
    /// When the shop turned it off by itself; null otherwise.
    pub disabled_at: Option<DateTime<Utc>>,
    /// Why: `gone` (it answered 410) or `failing` (10 failures and 3 days without success).
    pub disabled_reason: Option<String>,
    /// Until when the secret before the last rotation signs too.
    pub previous_secret_until: Option<DateTime<Utc>>,
    /// Who last saved its URL or events: it carries only what they may read. Null once their
    /// account is gone, or when it was saved before the shop kept makers.
    pub created_by: Option<i64>,
    /// The maker's name, kept after their account is removed.
    pub created_by_name: String,
    /// Why it is sent nothing for now though it may be on: `unsaved` (saved before makers were
    /// kept), `maker_removed`, `maker_blocked` or `maker_lacks_permission`; a person who may read
    /// every kind it takes saving it again ends the pause. Null while it is sent events.
    pub paused_reason: Option<String>,
}

impl From<Endpoint> for EndpointData {
    fn from(endpoint: Endpoint) -> Self {
        let (disabled_at, disabled_reason) = endpoint.disabled.map_or((None, None), |(at, reason)| (Some(at), Some(reason)));
        EndpointData {
            id: endpoint.id,
            url: endpoint.url,
            events: endpoint.events.iter().map(ToString::to_string).collect(),
            active: endpoint.active,
            created_at: endpoint.created_at,
            failures_in_row: endpoint.failures_in_row,
            last_success_at: endpoint.last_success_at,
            disabled_at,
            disabled_reason,
            previous_secret_until: endpoint.previous_secret_until,
            created_by: endpoint.created_by,
            created_by_name: endpoint.maker_name,
            paused_reason: endpoint.paused.map(|pause| pause.to_string()),
        }
    }
}

/// Every endpoint, and the kinds of event there are.
#[derive(Debug, Serialize, ToSchema)]
pub struct EndpointList {
    /// The endpoints.
    pub data: Vec<EndpointData>,
    /// Every kind an endpoint may take.
    pub events: Vec<String>,
}

/// An endpoint as staff write it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EndpointForm {
    /// An https URL (up to 2,000 characters) outside the shop's network.
    #[schema(max_length = 2000)]
    pub url: Option<String>,
    /// The kinds it takes.
    #[schema(max_items = 20)]
    pub events: Option<Vec<String>>,
    /// Whether it is sent anything; on when absent.
    pub active: Option<bool>,
}

impl EndpointForm {
    fn into_draft(self) -> EndpointDraft {
        let mut events = self.events.unwrap_or_default();
        events.truncate(20);
        EndpointDraft { url: self.url.unwrap_or_default().chars().take(2001).collect(), events, active: self.active.unwrap_or(true) }
    }
}

/// An endpoint after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct EndpointResponse {
    /// What happened.
    pub message: String,
    /// The endpoint.
    pub data: EndpointData,
    /// Its signing secret (`whsec_…`), only when it was just made or rotated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
}

/// A new signing secret.
#[derive(Debug, Serialize, ToSchema)]
pub struct SecretResponse {
    /// What happened.
    pub message: String,
    /// The new secret (`whsec_…`), shown this once.
    pub secret: String,
}

/// One attempt of a delivery.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttemptData {
    /// When.
    pub at: DateTime<Utc>,
    /// The receiver's status; null when it did not answer.
    pub status: Option<u16>,
    /// `delivered`, `retry`, `failed` or `gone`.
    pub outcome: String,
    /// The first kilobyte of its answer, redacted; empty when it did not answer.
    pub response: String,
    /// Why nothing was heard, when it did not answer: `refused`, `timed_out`, `name_unknown`,
    /// `inside_network`, `tls` or `other`.
    #[schema(pattern = "^(refused|timed_out|name_unknown|inside_network|tls|other)$")]
    pub silence: Option<String>,
    /// How long it took.
    pub duration_ms: u32,
}

/// One delivery of an event to the endpoint.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryData {
    /// Its id.
    pub id: i64,
    /// The event's id, the `webhook-id` header.
    pub event_id: String,
    /// The event's kind.
    pub event: String,
    /// `pending`, `sent` or `failed`.
    pub state: String,
    /// When it is tried next, while pending.
    pub next_attempt_at: Option<DateTime<Utc>>,
    /// Its attempts, newest first.
    pub attempts: Vec<AttemptData>,
}

impl From<DeliveryLog> for DeliveryData {
    fn from(log: DeliveryLog) -> Self {
        DeliveryData {
            id: log.id,
            event_id: log.event_id,
            event: log.kind,
            state: log.state,
            next_attempt_at: log.next_attempt_at,
            attempts: log
                .attempts
                .into_iter()
                .map(|attempt| {
                    // Without an answer the record keeps why (an attempt from before the words
                    // were kept holds the transport's own text: `other`).
                    let silence = attempt.status.is_none().then(|| <&str>::from(attempt.response.parse::<Silence>().unwrap_or(Silence::Other)).to_string());
                    AttemptData {
                        at: attempt.at,
                        status: attempt.status,
                        outcome: attempt.outcome,
                        response: if silence.is_some() { String::new() } else { attempt.response },
                        silence,
                        duration_ms: attempt.duration_ms,
                    }
                })
                .collect(),
        }
    }
}

/// An endpoint's latest 100 deliveries.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryList {
    /// Newest first.
    pub data: Vec<DeliveryData>,
}

/// What to replay.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReplayForm {
    /// Every event since this moment (RFC 3339 or `YYYY-MM-DD`).
    pub since: Option<String>,
}

/// The body of every POST to a webhook endpoint (docs/integrations.md), signed per Standard
/// Webhooks in the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookEvent {
    /// The event's id, also its `webhook-id`: the same on every retry, resend and replay.
    pub id: String,
    /// `order.created`, `order.status_changed`, `order.cancelled`, `order.lines_changed`,
    /// `shipment.updated`, `product.stock_changed`, `product.updated`, `client.created` or
    /// `webhook.test`.
    #[serde(rename = "type")]
    #[schema(
        pattern = r"^(order\.(created|status_changed|cancelled|lines_changed)|shipment\.updated|product\.(stock_changed|updated)|client\.created|webhook\.test)$"
    )]
    pub kind: String,
    /// When it happened.
    pub occurred_at: DateTime<Utc>,
    /// The entity's version after it: drop an event older than one already applied.
    pub version: i64,
    /// The entity as the named dashboard call answers it.
    pub data: WebhookEventData,
}

/// What an event carries.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum WebhookEventData {
    /// `order.*` and `shipment.updated`: the order as `GET /api/dashboard/orders/{id}` (or
    /// `guest-orders`) answers it, and for `order.*` what changed (money in `*_piastres`).
    Order {
        /// The order.
        order: Box<StaffOrderData>,
        /// What changed: `from`/`to` statuses, `by` (a staff member's id), totals in piastres.
        #[schema(value_type = Option<Object>)]
        change: Option<serde_json::Value>,
    },
    /// `product.*`: the product as `GET /api/dashboard/products/{id}` answers it.
    Product {
        /// The product.
        product: Box<StaffProductData>,
    },
    /// `client.created`: the client as `GET /api/dashboard/users/{id}` answers it.
    Client {
        /// The client.
        client: Box<ClientProfileData>,
    },
}

/// Every API key (`integration-list`).
#[utoipa::path(operation_id = "listApiKeys", get, path = "/api/dashboard/api-keys", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = ApiKeyList), (status = 403, body = ErrorBody)))]
pub async fn list_keys(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<ApiKeyList>, ApiError> {
    let keys = state.api_keys.clone();
    let found = blocking(move || keys.keys(&principal.user)).await?;
    Ok(Json(ApiKeyList { data: found.into_iter().map(ApiKeyData::from).collect() }))
}

/// Makes an API key (`integration-create`) carrying permissions the caller holds; the answer
/// holds its secret, shown this once. An integrator sends it as `Authorization: Bearer mk_…`
/// to any dashboard endpoint its scopes allow.
#[utoipa::path(operation_id = "createApiKey", post, path = "/api/dashboard/api-keys", tag = "dashboard", security(("bearer" = [])), request_body = ApiKeyForm,
    responses((status = 201, body = CreatedApiKey), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_key(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<ApiKeyForm>,
) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::new();
    let expires_at = optional_instant(&mut errors, "expires_at", form.expires_at.as_deref());
    let scopes = form.scopes.unwrap_or_default();
    let addresses = form.allowed_addresses.unwrap_or_default();
    if scopes.len() > 100 {
        errors.add("scopes", "too_many");
    }
    if addresses.len() > identity::api_keys::ADDRESSES_LIMIT {
        errors.add("allowed_addresses", "too_many");
    }
    errors.into_result()?;
    let draft = ApiKeyDraft { name: form.name.unwrap_or_default().chars().take(101).collect(), scopes, allowed_addresses: addresses, expires_at };
    let keys = state.api_keys.clone();
    let (key, secret) = blocking(move || keys.create(&principal.user, draft)).await?;
    Ok(HttpResponse::Created().json(CreatedApiKey { message: text(locale, "api_key.created", &[]), data: key.into(), secret }))
}

/// Revokes an API key (`integration-delete`): its next request is a 401.
#[utoipa::path(operation_id = "revokeApiKey", delete, path = "/api/dashboard/api-keys/{id}", params(("id" = i64, Path, description = "The key's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn revoke_key(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    let (keys, id) = (state.api_keys.clone(), id.into_inner());
    blocking(move || keys.revoke(&principal.user, id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "api_key.revoked", &[]) }))
}

/// Every webhook endpoint and the kinds of event there are (`integration-list`).
#[utoipa::path(operation_id = "listWebhookEndpoints", get, path = "/api/dashboard/webhooks", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = EndpointList), (status = 403, body = ErrorBody)))]
pub async fn list_endpoints(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<EndpointList>, ApiError> {
    principal.require(Permission::IntegrationList)?;
    let hooks = state.webhooks.clone();
    let found = blocking(move || hooks.endpoints()).await?;
    Ok(Json(EndpointList { data: found.into_iter().map(EndpointData::from).collect(), events: EventKind::iter().map(|kind| kind.to_string()).collect() }))
}

/// Adds an endpoint (`integration-create`); the answer holds its signing secret, shown this
/// once. The URL is https and its host must not resolve inside the shop's network.
#[utoipa::path(operation_id = "addWebhookEndpoint", post, path = "/api/dashboard/webhooks", tag = "dashboard", security(("bearer" = [])), request_body = EndpointForm,
    responses((status = 201, body = EndpointResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn add_endpoint(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<EndpointForm>,
) -> Result<HttpResponse, ApiError> {
    principal.require(Permission::IntegrationCreate)?;
    let (hooks, draft, maker) = (state.webhooks.clone(), form.into_draft(), maker(&principal.user));
    let (endpoint, secret) = blocking(move || hooks.add(&maker, draft)).await?;
    Ok(HttpResponse::Created().json(EndpointResponse { message: text(locale, "webhook.added", &[]), data: endpoint.into(), secret: Some(secret) }))
}

/// Changes an endpoint (`integration-edit`); turning a disabled one on clears its failures.
#[utoipa::path(operation_id = "updateWebhookEndpoint", put, path = "/api/dashboard/webhooks/{id}", params(("id" = i64, Path, description = "The endpoint's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = EndpointForm,
    responses((status = 200, body = EndpointResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_endpoint(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    Body(form): Body<EndpointForm>,
) -> Result<Json<EndpointResponse>, ApiError> {
    principal.require(Permission::IntegrationEdit)?;
    let (hooks, id, draft, maker) = (state.webhooks.clone(), id.into_inner(), form.into_draft(), maker(&principal.user));
    let endpoint = blocking(move || hooks.update(&maker, id, draft)).await?;
    Ok(Json(EndpointResponse { message: text(locale, "webhook.updated", &[]), data: endpoint.into(), secret: None }))
}

/// Removes an endpoint and its deliveries (`integration-delete`).
#[utoipa::path(operation_id = "deleteWebhookEndpoint", delete, path = "/api/dashboard/webhooks/{id}", params(("id" = i64, Path, description = "The endpoint's id")),
    tag = "dashboard", security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_endpoint(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::IntegrationDelete)?;
    let (hooks, id, by) = (state.webhooks.clone(), id.into_inner(), maker(&principal.user));
    blocking(move || hooks.delete(&by, id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "webhook.deleted", &[]) }))
}

/// Gives an endpoint a new signing secret (`integration-edit`), shown this once; the old one
/// signs every event too for 24 hours, so the receiver can switch without missing one.
#[utoipa::path(operation_id = "rotateWebhookSecret", post, path = "/api/dashboard/webhooks/{id}/secret", params(("id" = i64, Path, description = "The endpoint's id")),
    tag = "dashboard", security(("bearer" = [])), responses((status = 200, body = SecretResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn rotate_secret(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<SecretResponse>, ApiError> {
    principal.require(Permission::IntegrationEdit)?;
    let (hooks, id, by) = (state.webhooks.clone(), id.into_inner(), maker(&principal.user));
    let secret = blocking(move || hooks.rotate_secret(&by, id)).await?;
    Ok(Json(SecretResponse { message: text(locale, "webhook.rotated", &[]), secret }))
}

/// Sends the endpoint a signed `webhook.test` event (`integration-edit`); its delivery shows in
/// the log.
#[utoipa::path(operation_id = "testWebhookEndpoint", post, path = "/api/dashboard/webhooks/{id}/test", params(("id" = i64, Path, description = "The endpoint's id")),
    tag = "dashboard", security(("bearer" = [])), responses((status = 202, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn send_test(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<HttpResponse, ApiError> {
    principal.require(Permission::IntegrationEdit)?;
    let (hooks, id) = (state.webhooks.clone(), id.into_inner());
    blocking(move || hooks.send_test(id)).await?;
    Ok(HttpResponse::Accepted().json(MessageResponse { message: text(locale, "webhook.test_queued", &[]) }))
}

/// The endpoint's latest 100 deliveries with every attempt's status, time and answer
/// (`integration-list`).
#[utoipa::path(operation_id = "listWebhookDeliveries", get, path = "/api/dashboard/webhooks/{id}/deliveries", params(("id" = i64, Path, description = "The endpoint's id")),
    tag = "dashboard", security(("bearer" = [])), responses((status = 200, body = DeliveryList), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn list_deliveries(state: Data<AppState>, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<DeliveryList>, ApiError> {
    principal.require(Permission::IntegrationList)?;
    let (hooks, id) = (state.webhooks.clone(), id.into_inner());
    let found = blocking(move || hooks.deliveries(id)).await?;
    Ok(Json(DeliveryList { data: found.into_iter().map(DeliveryData::from).collect() }))
}

/// Sends one delivery again, with the same `webhook-id` and body (`integration-edit`).
#[utoipa::path(operation_id = "resendWebhookDelivery", post, path = "/api/dashboard/webhooks/{id}/deliveries/{delivery}/resend",
    params(("id" = i64, Path, description = "The endpoint's id"), ("delivery" = i64, Path, description = "The delivery's id")), tag = "dashboard", security(("bearer" = [])),
    responses((status = 202, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn resend_delivery(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    ids: Path<(i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    principal.require(Permission::IntegrationEdit)?;
    let (hooks, (id, delivery)) = (state.webhooks.clone(), ids.into_inner());
    blocking(move || hooks.resend(id, delivery)).await?;
    Ok(HttpResponse::Accepted().json(MessageResponse { message: text(locale, "webhook.resent", &[]) }))
}

/// Sends again every event since a moment that the endpoint takes, those it missed while off
/// included (`integration-edit`).
#[utoipa::path(operation_id = "replayWebhookEvents", post, path = "/api/dashboard/webhooks/{id}/replay", params(("id" = i64, Path, description = "The endpoint's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = ReplayForm,
    responses((status = 202, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn replay(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    Body(form): Body<ReplayForm>,
) -> Result<HttpResponse, ApiError> {
    principal.require(Permission::IntegrationEdit)?;
    let mut errors = FieldErrors::new();
    if form.since.as_deref().is_none_or(|since| since.trim().is_empty()) {
        errors.add("since", "required");
    }
    let since = optional_instant(&mut errors, "since", form.since.as_deref());
    errors.into_result()?;
    let (hooks, id, since) = (state.webhooks.clone(), id.into_inner(), since.unwrap_or_default());
    let count = blocking(move || hooks.replay(id, since)).await?;
    Ok(HttpResponse::Accepted().json(MessageResponse { message: text(locale, "webhook.replayed", &[("count", count.to_string())]) }))
}

/// The person saving or changing an endpoint, as the webhooks judge them: what they may read,
/// and whether they came with an API key.
fn maker(user: &identity::User) -> webhooks::Maker {
    webhooks::Maker {
        id: user.id.0,
        name: user.name.clone(),
        sales_engineer: user.role == identity::user::Role::Sales,
        blocked: user.blocked,
        permissions: user.permissions.clone(),
        via_key: user.api_key.is_some(),
    }
}

/// The entities as the dashboard's API answers them (in English), for the webhooks' events:
/// an integrator reads the same shapes in both.
pub struct ShapesAsAnswered {
    /// The orders.
    pub orders: Arc<ordering::OrderDesk>,
    /// The catalogue.
    pub catalog: Arc<catalog::CatalogService>,
    /// The clients.
    pub people: Arc<identity::PeopleDesk>,
    /// The phones' standings, on a client's page.
    pub standings: Arc<ordering::PhoneStandings>,
}

impl webhooks::ports::Shapes for ShapesAsAnswered {
    fn order(&self, id: i64) -> anyhow::Result<Option<(serde_json::Value, Audience)>> {
        match self.orders.any_order(OrderId(id)) {
            Ok(found) => {
                let order = &found.order;
                let audience = match order.placed.user {
                    Some(_) => Audience::ClientOrder { engineer: order.sales_engineer.map(|engineer| engineer.0) },
                    None => Audience::GuestOrder,
                };
                Ok(Some((serde_json::to_value(StaffOrderData::new(found, Locale::En))?, audience)))
            }
            Err(ordering::OrderingError::NotFound) => Ok(None),
            Err(error) => Err(error.into()),
        }
    }

    fn product(&self, id: i64) -> anyhow::Result<Option<serde_json::Value>> {
        let catalogue = self.catalog.catalogue()?;
        let Some(slug) = catalogue.slug_of(ProductId(id)) else { return Ok(None) };
        let now = self.catalog.now();
        Ok(Some(serde_json::to_value(StaffProductData::new(catalogue.product_for_staff(&slug, now)?, Locale::En, now))?))
    }

    fn client(&self, id: i64) -> anyhow::Result<Option<(serde_json::Value, Audience)>> {
        let profile = match self.people.any_client(identity::UserId(id)) {
            Ok(profile) => profile,
            Err(identity::IdentityError::NotFound) => return Ok(None),
            Err(error) => return Err(error.into()),
        };
        let standing = profile.summary.phone.as_ref().map(|phone| self.standings.standing(phone)).transpose()?;
        let audience = Audience::Client { engineer: profile.summary.sales_engineer.as_ref().map(|engineer| engineer.id) };
        Ok(Some((serde_json::to_value(ClientProfileData::new(profile, standing, Locale::En))?, audience)))
    }
}
