//! Messages from the contact page under `/api/dashboard/contact-messages`, each call
//! checking its permission.

use actix_web::web::{self, Data, Json, Path};
use chrono::{DateTime, Utc};
use identity::permission::Permission;
use kernel::FieldErrors;
use serde::Serialize;
use shop::{ContactQuery, ContactStatus, ReceivedMessage};
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Lang, QueryParams, blocking};
use crate::common::messages::text;
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/contact-messages", web::get().to(list))
        .route("/dashboard/contact-messages/{id}/handled", web::post().to(handled))
        .route("/dashboard/contact-messages/{id}", web::delete().to(delete));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list, handled, delete))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A message from the contact page.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContactMessageData {
    /// Id.
    pub id: i64,
    /// Who wrote.
    pub name: String,
    /// Their phone, national form.
    pub phone: Option<String>,
    /// Their e-mail.
    pub email: Option<String>,
    /// What they wrote.
    pub message: String,
    /// `new` or `handled`.
    #[schema(schema_with = crate::common::schema::contact_status)]
    pub status: String,
    /// When it arrived.
    pub created_at: DateTime<Utc>,
    /// When staff marked it answered.
    pub handled_at: Option<DateTime<Utc>>,
}

impl From<ReceivedMessage> for ContactMessageData {
    fn from(received: ReceivedMessage) -> Self {
        ContactMessageData {
            id: received.id,
            name: received.message.name,
            phone: received.message.phone.map(|p| p.to_string()),
            email: received.message.email.map(|e| e.as_str().to_string()),
            message: received.message.message,
            status: if received.handled_at.is_some() { "handled" } else { "new" }.to_string(),
            created_at: received.received_at,
            handled_at: received.handled_at,
        }
    }
}

/// A page of contact messages, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContactMessageList {
    /// The messages.
    pub data: Vec<ContactMessageData>,
    /// Where this page sits.
    pub meta: PageMeta,
}

/// Lists contact messages (`contact-list`): `search` (name, phone, e-mail or text),
/// `status` (`new` or `handled`), `page`, `per_page`.
#[utoipa::path(operation_id = "listContactMessages", get, path = "/api/dashboard/contact-messages", tag = "dashboard", security(("bearer" = [])),
    params(("search" = Option<String>, Query, description = "Words of the name, phone, e-mail or message"),
        ("status" = Option<String>, Query, pattern = r"^\s*(new|handled)?\s*$", description = "`new` or `handled`"), PageParams),
    responses((status = 200, body = ContactMessageList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list(state: Data<AppState>, AuthUser(principal): AuthUser, QueryParams(params): QueryParams) -> Result<Json<ContactMessageList>, ApiError> {
    principal.require(Permission::ContactList)?;
    let params = ListParams(params);
    let status = match params.text("status") {
        None => None,
        Some(raw) => Some(raw.parse::<ContactStatus>().map_err(|_| FieldErrors::single("status", "status_invalid"))?),
    };
    let query = ContactQuery { search: params.text("search"), status, page: params.page()? };
    let shop = state.shop.clone();
    let page = blocking(move || shop.contact_messages(&query)).await?;
    Ok(Json(ContactMessageList { meta: PageMeta::from(&page), data: page.data.into_iter().map(Into::into).collect() }))
}

/// Marks a message answered (`contact-edit`).
#[utoipa::path(operation_id = "markHandledContactMessage", post, path = "/api/dashboard/contact-messages/{id}/handled", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn handled(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ContactEdit)?;
    let shop = state.shop.clone();
    let id = id.into_inner();
    blocking(move || shop.mark_contact_handled(id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.contact_handled", &[]) }))
}

/// Removes a message (`contact-delete`).
#[utoipa::path(operation_id = "deleteContactMessage", delete, path = "/api/dashboard/contact-messages/{id}", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ContactDelete)?;
    let shop = state.shop.clone();
    let id = id.into_inner();
    blocking(move || shop.delete_contact_message(id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.contact_deleted", &[]) }))
}
