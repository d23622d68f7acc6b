//! SMS to clients under `/api/dashboard/sms` (design §4a): a preview with the recipients and
//! the parts (`sms-send`), the send, which a job carries out at the gateway's rate
//! (`sms-send`), and each broadcast's progress and per-recipient log (`sms-list`).

use actix_web::http::StatusCode;
use actix_web::web::{self, Data, Json, Path};
use actix_web::{HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use identity::permission::Permission;
use kernel::FieldErrors;
use outreach::{Audience, Broadcast, Preview, Recipient, RecipientStatus};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, QueryParams, blocking};
use crate::common::idempotency::{Answer, answer_once, fingerprint, idempotency_key};
use crate::common::lenient::{lenient_int, lenient_text};
use crate::common::messages::text;
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/sms/preview", web::post().to(preview))
        .route("/dashboard/sms", web::post().to(send))
        .route("/dashboard/sms", web::get().to(list))
        .route("/dashboard/sms/{id}", web::get().to(show))
        .route("/dashboard/sms/{id}/recipients", web::get().to(recipients));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(preview, send, list, show, recipients))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// Who a broadcast goes to.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct AudienceDto {
    /// `all`, `group`, `city` or `verified`.
    #[schema(pattern = r"^\s*(all|group|city|verified)\s*$")]
    #[serde(default, deserialize_with = "lenient_text")]
    pub kind: Option<String>,
    /// The group's or city's id.
    #[serde(default, deserialize_with = "lenient_int")]
    pub id: Option<i64>,
}

/// A message and its audience.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct BroadcastForm {
    /// The text, in either language (up to 670 characters); every copy ends with the
    /// client's own opt-out link.
    #[schema(max_length = 670)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub message: Option<String>,
    /// Who it goes to.
    pub audience: Option<AudienceDto>,
}

impl BroadcastForm {
    fn read(self) -> Result<(String, Audience), FieldErrors> {
        let message = self.message.unwrap_or_default();
        let audience = self.audience.ok_or_else(|| FieldErrors::single("audience.kind", "required"))?;
        let audience = Audience::read(audience.kind.as_deref().unwrap_or_default(), audience.id)?;
        outreach::broadcast::check_message(&message)?;
        Ok((message, audience))
    }
}

/// What a broadcast would take.
#[derive(Debug, Serialize, ToSchema)]
pub struct PreviewData {
    /// Clients it reaches (blocked clients, those without a phone and those who opted out left
    /// out).
    pub recipients: u64,
    /// Clients of the audience who opted out.
    pub opted_out: u64,
    /// `gsm7` or `ucs2`.
    pub encoding: String,
    /// One copy's length in the encoding's units, with the opt-out line.
    pub characters: usize,
    /// Parts of one copy.
    pub parts: usize,
    /// Parts in all.
    pub total_parts: u64,
    /// Characters of the longest opt-out link.
    pub opt_out_link_length: usize,
    /// The opt-out line every copy ends with, in each language, around the longest link
    /// (`x`s): the screen counts a message as it is sent (the message, a line break and the
    /// line of its language) while it is typed.
    pub opt_out_lines: OptOutLines,
}

/// The opt-out line in each language.
#[derive(Debug, Serialize, ToSchema)]
pub struct OptOutLines {
    /// For a message holding an Arabic letter.
    pub ar: String,
    /// For any other message.
    pub en: String,
}

impl PreviewData {
    fn new(preview: Preview, lines: kernel::Localized<String>) -> PreviewData {
        PreviewData {
            recipients: preview.recipients,
            opted_out: preview.opted_out,
            encoding: preview.size.encoding.to_string(),
            characters: preview.size.units,
            parts: preview.size.parts,
            total_parts: preview.total_parts,
            opt_out_link_length: preview.link_length,
            opt_out_lines: OptOutLines { ar: lines.ar, en: lines.en },
        }
    }
}

/// `POST /api/dashboard/sms/preview`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PreviewResponse {
    /// The preview.
    pub data: PreviewData,
}

/// A broadcast and how far it got.
#[derive(Debug, Serialize, ToSchema)]
pub struct BroadcastData {
    /// Id.
    pub id: i64,
    /// The message, without the opt-out line.
    pub message: String,
    /// Who it goes to.
    pub audience: AudienceDto,
    /// Parts of one copy.
    pub parts: u32,
    /// `queued`, `sending`, `done` or `failed`.
    #[schema(pattern = "^(queued|sending|done|failed)$")]
    pub status: String,
    /// Recipients in all, the skipped included.
    pub total: u64,
    /// Sent.
    pub sent: u64,
    /// Failed for good.
    pub failed: u64,
    /// Skipped: they opted out.
    pub skipped_opted_out: u64,
    /// Still to go.
    pub pending: u64,
    /// Who sent it.
    pub by: Option<String>,
    /// When.
    pub created_at: DateTime<Utc>,
}

impl From<Broadcast> for BroadcastData {
    fn from(broadcast: Broadcast) -> Self {
        let progress = broadcast.progress;
        BroadcastData {
            id: broadcast.id,
            message: broadcast.message,
            audience: AudienceDto { kind: Some(broadcast.audience.kind().to_string()), id: broadcast.audience.id() },
            parts: broadcast.parts,
            status: progress.status().to_string(),
            total: progress.total,
            sent: progress.sent,
            failed: progress.failed,
            skipped_opted_out: progress.skipped_opted_out,
            pending: progress.pending(),
            by: broadcast.by,
            created_at: broadcast.created_at,
        }
    }
}

/// One broadcast.
#[derive(Debug, Serialize, ToSchema)]
pub struct BroadcastResponse {
    /// What happened, after a send.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The broadcast.
    pub data: BroadcastData,
}

/// The broadcasts, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct BroadcastList {
    /// The broadcasts.
    pub data: Vec<BroadcastData>,
    /// Where this page sits.
    pub meta: PageMeta,
}

/// One recipient's result.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecipientData {
    /// The client, while their account exists.
    pub user_id: Option<i64>,
    /// Their name.
    pub name: Option<String>,
    /// The phone it went to, national form.
    pub phone: String,
    /// `pending`, `sending`, `sent`, `failed` or `skipped`.
    #[schema(pattern = "^(pending|sending|sent|failed|skipped)$")]
    pub status: String,
    /// Tries so far.
    pub attempts: u32,
    /// When the gateway took it.
    pub sent_at: Option<DateTime<Utc>>,
    /// The last failure.
    pub error: Option<String>,
}

impl From<Recipient> for RecipientData {
    fn from(recipient: Recipient) -> Self {
        RecipientData {
            user_id: recipient.user.map(|user| user.0),
            name: recipient.name,
            phone: recipient.phone,
            status: recipient.status.to_string(),
            attempts: recipient.attempts,
            sent_at: recipient.sent_at,
            error: recipient.error,
        }
    }
}

/// A page of a broadcast's recipients.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecipientList {
    /// The recipients, in order.
    pub data: Vec<RecipientData>,
    /// Where this page sits.
    pub meta: PageMeta,
}

/// What a message to an audience would take (`sms-send`): recipients, encoding, parts of one
/// copy (its opt-out line included) and parts in all.
#[utoipa::path(operation_id = "previewSms", post, path = "/api/dashboard/sms/preview", tag = "dashboard", security(("bearer" = [])), request_body = BroadcastForm,
    responses((status = 200, body = PreviewResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn preview(state: Data<AppState>, AuthUser(principal): AuthUser, Body(form): Body<BroadcastForm>) -> Result<Json<PreviewResponse>, ApiError> {
    principal.require(Permission::SmsSend)?;
    let (outreach, (message, audience)) = (state.outreach.clone(), form.read()?);
    let (preview, lines) = blocking(move || Ok::<_, ApiError>((outreach.preview(&message, audience)?, outreach.opt_out_lines()))).await?;
    Ok(Json(PreviewResponse { data: PreviewData::new(preview, lines) }))
}

/// Sends a message to every client of an audience who has not opted out (`sms-send`): `202`
/// with the broadcast, which a job sends at the gateway's rate, once per recipient. A repeat
/// under the same `Idempotency-Key` answers the first broadcast (`Idempotent-Replayed: true`);
/// without a key, the same message to the same audience within 10 minutes is a `409` naming
/// the earlier broadcast.
#[utoipa::path(operation_id = "sendSms", post, path = "/api/dashboard/sms", tag = "dashboard", security(("bearer" = [])), request_body = BroadcastForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "1 to 255 characters, fresh per sending attempt: a repeat answers the broadcast queued first")),
    responses((status = 202, body = BroadcastResponse), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn send(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    request: HttpRequest,
    Body(form): Body<BroadcastForm>,
) -> Result<HttpResponse, ApiError> {
    principal.require(Permission::SmsSend)?;
    let by = principal.user.id;
    let key = idempotency_key(request.headers(), format!("sms:{by}"), fingerprint(&form)?)?;
    let (outreach, (message, audience)) = (state.outreach.clone(), form.read()?);
    let answer = move |broadcast: &Broadcast| {
        Answer::json(StatusCode::ACCEPTED, &BroadcastResponse { message: Some(text(locale, "staff.sms_queued", &[])), data: broadcast.clone().into() })
    };
    answer_once(state.idempotency.clone(), key, locale, "error.sms_key_reused", answer, move |keyed| Ok(outreach.send(by, &message, audience, keyed)?)).await
}

/// The broadcasts, newest first (`sms-list`).
#[utoipa::path(operation_id = "listSms", get, path = "/api/dashboard/sms", tag = "dashboard", security(("bearer" = [])), params(PageParams),
    responses((status = 200, body = BroadcastList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list(state: Data<AppState>, AuthUser(principal): AuthUser, QueryParams(params): QueryParams) -> Result<Json<BroadcastList>, ApiError> {
    principal.require(Permission::SmsList)?;
    let (outreach, page) = (state.outreach.clone(), ListParams(params).page()?);
    let page = blocking(move || outreach.broadcasts(page)).await?;
    Ok(Json(BroadcastList { meta: PageMeta::from(&page), data: page.data.into_iter().map(BroadcastData::from).collect() }))
}

/// One broadcast with how far it got (`sms-list`).
#[utoipa::path(operation_id = "showSms", get, path = "/api/dashboard/sms/{id}", params(("id" = i64, Path, description = "The broadcast's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = BroadcastResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show(state: Data<AppState>, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<BroadcastResponse>, ApiError> {
    principal.require(Permission::SmsList)?;
    let (outreach, id) = (state.outreach.clone(), id.into_inner());
    let broadcast = blocking(move || outreach.broadcast(id)).await?;
    Ok(Json(BroadcastResponse { message: None, data: broadcast.into() }))
}

/// A broadcast's result per recipient (`sms-list`); `status` keeps one kind.
#[utoipa::path(operation_id = "listSmsRecipients", get, path = "/api/dashboard/sms/{id}/recipients",
    params(("id" = i64, Path, description = "The broadcast's id"),
        ("status" = Option<String>, Query, pattern = r"^\s*(pending|sending|sent|failed|skipped)?\s*$", description = "Only recipients of this result"), PageParams),
    tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = RecipientList), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn recipients(
    state: Data<AppState>,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    QueryParams(params): QueryParams,
) -> Result<Json<RecipientList>, ApiError> {
    principal.require(Permission::SmsList)?;
    let params = ListParams(params);
    let status = match params.text("status") {
        Some(status) => Some(status.parse::<RecipientStatus>().map_err(|_| FieldErrors::single("status", "status_invalid"))?),
        None => None,
    };
    let (outreach, id, page) = (state.outreach.clone(), id.into_inner(), params.page()?);
    let page = blocking(move || outreach.recipients(id, status, page)).await?;
    Ok(Json(RecipientList { meta: PageMeta::from(&page), data: page.data.into_iter().map(RecipientData::from).collect() }))
}
