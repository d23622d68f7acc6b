//! Staff's clients under `/api/dashboard/users` (`client-*`; a sales engineer sees only the
//! clients they look after) and the client groups under `/api/dashboard/groups`.

use actix_web::web::{self, Data, Json, Path};
use chrono::{DateTime, Utc};
use identity::desk::ClientForm;
use identity::people::{ClientGroup, ClientNote, ClientProfile, ClientQuery, ClientStatus, ClientSummary, Named};
use identity::permission::Permission;
use kernel::{FieldErrors, Locale, Localized, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::account::addresses::AddressData;
use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, HashingSlot, Lang, QueryParams, blocking};
use crate::common::lenient::{lenient_int, lenient_text};
use crate::common::messages::text;
use crate::common::orders::{OrderData, OrderList};
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::dashboard::orders::PhoneHistoryData;
use crate::{AppState, Resource};
use ordering::PhoneStanding;

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/users", web::get().to(list))
        .route("/dashboard/users", web::post().to(create))
        .route("/dashboard/users/{id}", web::get().to(show))
        .route("/dashboard/users/{id}", web::put().to(update))
        .route("/dashboard/users/{id}/block", web::post().to(block))
        .route("/dashboard/users/{id}/unblock", web::post().to(unblock))
        .route("/dashboard/users/{id}/notes", web::post().to(add_note))
        .route("/dashboard/users/{id}/addresses", web::get().to(addresses))
        .route("/dashboard/users/{id}/orders", web::get().to(orders))
        .route("/dashboard/groups", web::get().to(groups))
        .route("/dashboard/groups", web::post().to(create_group))
        .route("/dashboard/groups/{id}", web::put().to(rename_group))
        .route("/dashboard/groups/{id}", web::delete().to(delete_group));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list, create, show, update, block, unblock, add_note, addresses, orders, groups, create_group, rename_group, delete_group))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// Something a client points at: an id and its name in the request's language.
#[derive(Debug, Serialize, ToSchema)]
pub struct NamedData {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
}

impl NamedData {
    /// The named thing in `locale`.
    pub fn new(named: Named, locale: Locale) -> NamedData {
        NamedData { id: named.id, name: named.name.pick(locale).clone() }
    }
}

/// A client as staff list them.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientData {
    /// Id.
    pub id: i64,
    /// Full name.
    pub name: String,
    /// Mobile number, national form.
    pub phone: Option<String>,
    /// E-mail.
    pub email: Option<String>,
    /// `verified`, `not_verified` or `blocked`.
    #[schema(pattern = "^(verified|not_verified|blocked)$")]
    pub status: String,
    /// Where they live.
    pub city: Option<NamedData>,
    /// Their group.
    pub group: Option<NamedData>,
    /// Who looks after them.
    pub sales_engineer: Option<NamedData>,
    /// Points held.
    pub points: i64,
    /// When they joined.
    pub created_at: DateTime<Utc>,
}

impl ClientData {
    pub(crate) fn new(client: ClientSummary, locale: Locale) -> ClientData {
        ClientData {
            id: client.id.0,
            name: client.name,
            phone: client.phone.map(|phone| phone.to_string()),
            email: client.email.map(|email| email.to_string()),
            status: client.status.to_string(),
            city: client.city.map(|city| NamedData::new(city, locale)),
            group: client.group.map(|group| NamedData::new(group, locale)),
            sales_engineer: client.sales_engineer.map(|engineer| NamedData::new(engineer, locale)),
            points: client.points,
            created_at: client.created_at,
        }
    }
}

/// A page of clients, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientList {
    /// The clients.
    pub data: Vec<ClientData>,
    /// Where this page sits.
    pub meta: PageMeta,
}

/// A note staff keep on a client.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientNoteData {
    /// Who wrote it, while their account exists.
    pub author: Option<String>,
    /// What they wrote.
    pub body: String,
    /// When.
    pub at: DateTime<Utc>,
}

impl From<ClientNote> for ClientNoteData {
    fn from(note: ClientNote) -> Self {
        ClientNoteData { author: note.author, body: note.body, at: note.at }
    }
}

/// A client's page.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientProfileData {
    /// What the list shows.
    #[serde(flatten)]
    pub client: ClientData,
    /// Country.
    pub country: Option<String>,
    /// `male` or `female`.
    pub gender: Option<String>,
    /// Staff notes, newest first.
    pub notes: Vec<ClientNoteData>,
    /// What the shop has seen of the client's phone and the band that holds for it; null
    /// without a phone.
    pub phone_history: Option<PhoneHistoryData>,
}

/// `GET /api/dashboard/users/{id}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientProfileResponse {
    /// The client.
    pub data: ClientProfileData,
}

impl ClientProfileData {
    pub(crate) fn new(profile: ClientProfile, standing: Option<PhoneStanding>, locale: Locale) -> ClientProfileData {
        ClientProfileData {
            client: ClientData::new(profile.summary, locale),
            country: profile.country,
            gender: profile.gender.map(|gender| gender.to_string()),
            notes: profile.notes.into_iter().map(ClientNoteData::from).collect(),
            phone_history: standing.map(PhoneHistoryData::of),
        }
    }
}

/// A client as staff send them.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ClientFormDto {
    /// Full name (up to 120 characters).
    #[schema(max_length = 120)]
    pub name: Option<String>,
    /// Egyptian mobile number, any common form.
    pub phone: Option<String>,
    /// E-mail; empty for none.
    pub email: Option<String>,
    /// City id.
    #[serde(default, deserialize_with = "lenient_int")]
    pub city_id: Option<i64>,
    /// Group id; none for no group.
    #[serde(default, deserialize_with = "lenient_int")]
    pub group_id: Option<i64>,
    /// Their own sales engineer's id; none for the shop's default one.
    #[serde(default, deserialize_with = "lenient_int")]
    pub sales_engineer_id: Option<i64>,
    /// A first password (new clients only, 8–128 characters with letters and digits); none lets
    /// them set one through the forgotten-password screen.
    #[schema(max_length = 128)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub password: Option<String>,
}

impl From<ClientFormDto> for ClientForm {
    fn from(form: ClientFormDto) -> Self {
        ClientForm {
            name: form.name.unwrap_or_default(),
            phone: form.phone.unwrap_or_default(),
            email: form.email.unwrap_or_default(),
            city: form.city_id,
            group: form.group_id,
            sales_engineer: form.sales_engineer_id.map(UserId),
            password: form.password.unwrap_or_default(),
        }
    }
}

/// Lists clients (`client-list`): `search` (part of a name or e-mail, or a phone in any form),
/// `status` (`verified`, `not_verified`, `blocked`), `city`, `group`, `sales_engineer_id`,
/// `page`, `per_page`. A sales engineer gets only the clients they look after.
#[utoipa::path(operation_id = "listClients", get, path = "/api/dashboard/users", tag = "dashboard", security(("bearer" = [])),
    params(("search" = Option<String>, Query, description = "Part of a name or e-mail, or a phone"),
        ("status" = Option<String>, Query, pattern = r"^\s*(verified|not_verified|blocked)?\s*$", description = "`verified`, `not_verified` or `blocked`"),
        ("city" = Option<String>, Query, pattern = r"^\s*[0-9٠-٩]*\s*$", description = "A city's id"),
        ("group" = Option<String>, Query, pattern = r"^\s*[0-9٠-٩]*\s*$", description = "A group's id"),
        ("sales_engineer_id" = Option<String>, Query, pattern = r"^\s*[0-9٠-٩]*\s*$", description = "A sales engineer's id"), PageParams),
    responses((status = 200, body = ClientList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    QueryParams(params): QueryParams,
) -> Result<Json<ClientList>, ApiError> {
    principal.require(Permission::ClientList)?;
    let params = ListParams(params);
    let mut errors = FieldErrors::new();
    let status = params.text("status").and_then(|status| {
        let parsed = status.parse::<ClientStatus>().ok();
        if parsed.is_none() {
            errors.add("status", "status_invalid");
        }
        parsed
    });
    let (city, group, engineer) = (params.id(&mut errors, "city"), params.id(&mut errors, "group"), params.id(&mut errors, "sales_engineer_id"));
    errors.into_result()?;
    let query = ClientQuery {
        search: params.text("search").map(|search| search.chars().take(100).collect()),
        status,
        city,
        group,
        sales_engineer: engineer.map(UserId),
        page: params.page()?,
    };
    let (people, viewer) = (state.people.clone(), principal.user);
    let page = blocking(move || people.clients(&viewer, query)).await?;
    Ok(Json(ClientList { meta: PageMeta::from(&page), data: page.data.into_iter().map(|client| ClientData::new(client, locale)).collect() }))
}

/// One client's page (`client-list`): profile, group, sales engineer, points and notes.
#[utoipa::path(operation_id = "showClient", get, path = "/api/dashboard/users/{id}", params(("id" = i64, Path, description = "The client's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = ClientProfileResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<ClientProfileResponse>, ApiError> {
    principal.require(Permission::ClientList)?;
    let (people, viewer, id) = (state.people.clone(), principal.user, UserId(id.into_inner()));
    let profile = blocking(move || people.client(&viewer, id)).await?;
    let standings = state.phone_standings.clone();
    let standing = match profile.summary.phone.clone() {
        Some(phone) => Some(blocking(move || standings.standing(&phone)).await?),
        None => None,
    };
    Ok(Json(ClientProfileResponse { data: ClientProfileData::new(profile, standing, locale) }))
}

/// The new client's id.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedData {
    /// Id.
    pub id: i64,
}

/// `POST` answers that made something.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedResponse {
    /// What happened, in the request's language.
    pub message: String,
    /// What was made.
    pub data: CreatedData,
}

/// Adds a verified client (`client-create`); one a sales engineer adds is theirs.
#[utoipa::path(operation_id = "createClient", post, path = "/api/dashboard/users", tag = "dashboard", security(("bearer" = [])), request_body = ClientFormDto,
    responses((status = 200, body = CreatedResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn create(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    _slot: HashingSlot,
    Body(form): Body<ClientFormDto>,
) -> Result<Json<CreatedResponse>, ApiError> {
    principal.require(Permission::ClientCreate)?;
    let (people, viewer, form) = (state.people.clone(), principal.user, ClientForm::from(form));
    let id = blocking(move || people.add_client(&viewer, form)).await?;
    Ok(Json(CreatedResponse { message: text(locale, "staff.client_saved", &[]), data: CreatedData { id: id.0 } }))
}

/// Changes a client's profile, group and sales engineer (`client-edit`). A different phone or
/// e-mail needs `client-contact-edit` too (403 without it): a new one is not put on the account
/// but waits for the code sent to it, which the client confirms signed in
/// (`POST /api/auth/profile/confirm-contact`); the contact it would replace is told, and the
/// client's sessions stay theirs.
#[utoipa::path(operation_id = "updateClient", put, path = "/api/dashboard/users/{id}", params(("id" = i64, Path, description = "The client's id")), tag = "dashboard",
    security(("bearer" = [])), request_body = ClientFormDto,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn update(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    Body(form): Body<ClientFormDto>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ClientEdit)?;
    let (people, identity, viewer, id, form) = (state.people.clone(), state.identity.clone(), principal.user, UserId(id.into_inner()), ClientForm::from(form));
    let pending = blocking(move || match people.update_client(&viewer, id, form)? {
        Some(proposed) => identity.propose_contact_change(id, proposed, locale).map(|()| true),
        None => Ok(false),
    })
    .await?;
    Ok(Json(MessageResponse { message: text(locale, if pending { "staff.client_contact_pending" } else { "staff.client_saved" }, &[]) }))
}

/// Blocks a client (`client-block`): every session of theirs ends at once.
#[utoipa::path(operation_id = "blockClient", post, path = "/api/dashboard/users/{id}/block", params(("id" = i64, Path, description = "The client's id")),
    tag = "dashboard", security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn block(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    switch_block(state, locale, principal, id.into_inner(), true).await
}

/// Unblocks a client (`client-block`).
#[utoipa::path(operation_id = "unblockClient", post, path = "/api/dashboard/users/{id}/unblock", params(("id" = i64, Path, description = "The client's id")),
    tag = "dashboard", security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn unblock(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    switch_block(state, locale, principal, id.into_inner(), false).await
}

async fn switch_block(
    state: Data<AppState>,
    locale: Locale,
    principal: identity::Principal,
    id: i64,
    blocked: bool,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ClientBlock)?;
    let (people, viewer) = (state.people.clone(), principal.user);
    blocking(move || people.block(&viewer, UserId(id), blocked)).await?;
    Ok(Json(MessageResponse { message: text(locale, if blocked { "staff.client_blocked" } else { "staff.client_unblocked" }, &[]) }))
}

/// A note on a client.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NoteForm {
    /// What to keep (up to 2,000 characters).
    #[schema(max_length = 2000)]
    pub note: Option<String>,
}

/// Keeps a note on a client (`client-edit`), with who wrote it and when.
#[utoipa::path(operation_id = "addClientNote", post, path = "/api/dashboard/users/{id}/notes", params(("id" = i64, Path, description = "The client's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = NoteForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn add_note(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    Body(form): Body<NoteForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ClientEdit)?;
    let (people, viewer, id, note) = (state.people.clone(), principal.user, UserId(id.into_inner()), form.note.unwrap_or_default());
    blocking(move || people.add_client_note(&viewer, id, &note)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.note_saved", &[]) }))
}

/// A client's saved addresses.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientAddressList {
    /// The addresses, oldest first.
    pub data: Vec<AddressData>,
}

/// A client's saved addresses (`client-list`).
#[utoipa::path(operation_id = "listClientAddresses", get, path = "/api/dashboard/users/{id}/addresses", params(("id" = i64, Path, description = "The client's id")),
    tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = ClientAddressList), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn addresses(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<ClientAddressList>, ApiError> {
    principal.require(Permission::ClientList)?;
    let (people, delivery, viewer, id) = (state.people.clone(), state.delivery.clone(), principal.user, UserId(id.into_inner()));
    let found = blocking(move || {
        people.client(&viewer, id)?;
        Ok::<_, ApiError>(delivery.addresses(id)?)
    })
    .await?;
    Ok(Json(ClientAddressList { data: found.into_iter().map(|address| AddressData::new(address, locale)).collect() }))
}

/// A client's orders, newest first (`client-list` and `order-list`); `status` and the page as
/// in the client's own history.
#[utoipa::path(operation_id = "listClientOrders", get, path = "/api/dashboard/users/{id}/orders",
    params(("id" = i64, Path, description = "The client's id"),
        ("status" = Option<String>, Query, pattern = r"^\s*(new|on_delivery|delivered|cancelled)?\s*$", description = "Only orders in this status"), PageParams),
    tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = OrderList), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn orders(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    QueryParams(params): QueryParams,
) -> Result<Json<OrderList>, ApiError> {
    principal.require(Permission::ClientList)?;
    principal.require(Permission::OrderList)?;
    let params = ListParams(params);
    let status = match params.text("status") {
        Some(status) => Some(status.parse::<ordering::OrderStatus>().map_err(|_| FieldErrors::single("status", "status_invalid"))?),
        None => None,
    };
    let page = params.page()?;
    let (people, orders, viewer, id) = (state.people.clone(), state.orders.clone(), principal.user, UserId(id.into_inner()));
    let page = blocking(move || {
        people.client(&viewer, id)?;
        Ok::<_, ApiError>(orders.orders(id, status, page)?)
    })
    .await?;
    Ok(Json(OrderList { meta: PageMeta::from(&page), data: page.data.into_iter().map(|order| OrderData::new(order, locale)).collect() }))
}

/// A client group.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupData {
    /// Id.
    pub id: i64,
    /// Name in the request's language.
    pub name: String,
    /// Arabic name.
    pub name_ar: String,
    /// English name.
    pub name_en: String,
    /// How many clients it holds.
    pub clients: u64,
}

impl GroupData {
    fn new(group: ClientGroup, locale: Locale) -> GroupData {
        GroupData { id: group.id, name: group.name.pick(locale).clone(), name_ar: group.name.ar, name_en: group.name.en, clients: group.clients }
    }
}

/// The client groups.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupList {
    /// The groups.
    pub data: Vec<GroupData>,
}

/// A group as staff send it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GroupForm {
    /// Arabic name (up to 80 characters).
    #[schema(max_length = 80)]
    pub name_ar: Option<String>,
    /// English name (up to 80 characters).
    #[schema(max_length = 80)]
    pub name_en: Option<String>,
}

impl GroupForm {
    fn name(self) -> Localized<String> {
        Localized::new(self.name_ar.unwrap_or_default(), self.name_en.unwrap_or_default())
    }
}

/// Lists the client groups (`client-list`) with how many clients each holds.
#[utoipa::path(operation_id = "listGroups", get, path = "/api/dashboard/groups", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = GroupList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn groups(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser) -> Result<Json<GroupList>, ApiError> {
    principal.require(Permission::ClientList)?;
    let people = state.people.clone();
    let groups = blocking(move || people.groups()).await?;
    Ok(Json(GroupList { data: groups.into_iter().map(|group| GroupData::new(group, locale)).collect() }))
}

/// Adds a group (`client-edit`).
#[utoipa::path(operation_id = "createGroup", post, path = "/api/dashboard/groups", tag = "dashboard", security(("bearer" = [])), request_body = GroupForm,
    responses((status = 200, body = CreatedResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_group(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<GroupForm>,
) -> Result<Json<CreatedResponse>, ApiError> {
    principal.require(Permission::ClientEdit)?;
    let (people, name) = (state.people.clone(), form.name());
    let id = blocking(move || people.add_group(name)).await?;
    Ok(Json(CreatedResponse { message: text(locale, "staff.group_saved", &[]), data: CreatedData { id } }))
}

/// Renames a group (`client-edit`).
#[utoipa::path(operation_id = "renameGroup", put, path = "/api/dashboard/groups/{id}", params(("id" = i64, Path, description = "The group's id")), tag = "dashboard",
    security(("bearer" = [])), request_body = GroupForm,
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn rename_group(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    Body(form): Body<GroupForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ClientEdit)?;
    let (people, id, name) = (state.people.clone(), id.into_inner(), form.name());
    blocking(move || people.rename_group(id, name)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.group_saved", &[]) }))
}

/// Removes a group (`client-edit`); its clients and promo codes keep going without one.
#[utoipa::path(operation_id = "deleteGroup", delete, path = "/api/dashboard/groups/{id}", params(("id" = i64, Path, description = "The group's id")), tag = "dashboard",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_group(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<i64>) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ClientEdit)?;
    let (people, id) = (state.people.clone(), id.into_inner());
    blocking(move || people.remove_group(id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.group_deleted", &[]) }))
}
