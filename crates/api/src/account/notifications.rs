//! A signed-in user's notifications under `/api/notifications` (clients and staff alike): the
//! page with the unread count for the bell, and marking them read.

use actix_web::web::{self, Data, Json, Path};
use chrono::{DateTime, Utc};
use kernel::Locale;
use ordering::Notification;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Lang, QueryParams, blocking};
use crate::common::lenient::flag;
use crate::common::messages::text;
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/notifications", web::get().to(list))
        .route("/notifications/read-all", web::post().to(read_all))
        .route("/notifications/{id}/read", web::post().to(read));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list, read, read_all))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A notification in the request's language.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationData {
    /// Id.
    pub id: i64,
    /// Title.
    pub title: String,
    /// Text.
    pub body: String,
    /// Where tapping it leads, a path of the site.
    pub link: String,
    /// When it was written.
    pub created_at: DateTime<Utc>,
    /// When it was read; null while unread.
    pub read_at: Option<DateTime<Utc>>,
}

impl NotificationData {
    fn new(notification: Notification, locale: Locale) -> NotificationData {
        let Notification { id, notice, created_at, read_at } = notification;
        NotificationData { id, title: notice.title.pick(locale).clone(), body: notice.body.pick(locale).clone(), link: notice.link, created_at, read_at }
    }
}

/// A page of notifications, newest first, and how many are unread.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationList {
    /// The notifications.
    pub data: Vec<NotificationData>,
    /// Where this page sits.
    pub meta: PageMeta,
    /// How many of all are unread.
    pub unread: u64,
}

/// How many are unread after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadResponse {
    /// What happened, in the request's language.
    pub message: String,
    /// How many are unread now.
    pub unread: u64,
}

/// The user's notifications, newest first, with the unread count; `unread=1` lists only unread
/// ones.
#[utoipa::path(operation_id = "listNotifications", get, path = "/api/notifications", tag = "notifications", security(("bearer" = [])),
    params(("unread" = Option<String>, Query, pattern = r"^\s*(1|0|true|false|yes|no|on|off)?\s*$", description = "Only unread ones"), PageParams),
    responses((status = 200, body = NotificationList), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    QueryParams(params): QueryParams,
) -> Result<Json<NotificationList>, ApiError> {
    let mut errors = kernel::FieldErrors::new();
    let unread_only = flag(&mut errors, &params, "unread");
    errors.into_result()?;
    let page = ListParams(params).page()?;
    let (inbox, owner) = (state.inbox.clone(), principal.user.id);
    let (page, unread) = blocking(move || inbox.notifications(owner, unread_only, page)).await?;
    Ok(Json(NotificationList { meta: PageMeta::from(&page), unread, data: page.data.into_iter().map(|item| NotificationData::new(item, locale)).collect() }))
}

/// Marks one of the user's notifications read; another's is 404.
#[utoipa::path(operation_id = "readNotification", post, path = "/api/notifications/{id}/read", params(("id" = i64, Path, description = "The notification's id")),
    tag = "notifications", security(("bearer" = [])), responses((status = 200, body = UnreadResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn read(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<UnreadResponse>, ApiError> {
    let (inbox, owner, id) = (state.inbox.clone(), principal.user.id, id.into_inner());
    let unread = blocking(move || inbox.mark_read(owner, id)).await?;
    Ok(Json(UnreadResponse { message: text(locale, "notifications.read", &[]), unread }))
}

/// Marks all of the user's notifications read.
#[utoipa::path(operation_id = "readAllNotifications", post, path = "/api/notifications/read-all", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = UnreadResponse), (status = 401, body = ErrorBody)))]
pub async fn read_all(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser) -> Result<Json<UnreadResponse>, ApiError> {
    let (inbox, owner) = (state.inbox.clone(), principal.user.id);
    blocking(move || inbox.mark_all_read(owner)).await?;
    Ok(Json(UnreadResponse { message: text(locale, "notifications.all_read", &[]), unread: 0 }))
}
