//! A client's consent to the shop's marketing SMS: the switch in their settings
//! (`/api/sms-consent`), and the opt-out link every such SMS ends with
//! (`POST /api/sms/opt-out/{token}`, which the `/sms/opt-out/{token}` page calls).

use actix_web::web::{self, Data, Json, Path};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::lenient::lenient_bool;
use crate::common::messages::text;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/sms-consent", web::get().to(show)).route("/sms-consent", web::put().to(change)).route("/sms/opt-out/{token}", web::post().to(opt_out));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(show, change, opt_out))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// Whether the client takes marketing SMS.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConsentData {
    /// True unless they opted out.
    pub consent: bool,
}

/// `GET /api/sms-consent`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConsentResponse {
    /// What happened, after a change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The consent.
    pub data: ConsentData,
}

/// The client's choice.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ConsentForm {
    /// True to take the shop's offers by SMS, false to stop them.
    #[serde(default, deserialize_with = "lenient_bool")]
    pub consent: Option<bool>,
}

/// Whether the signed-in client takes the shop's marketing SMS (order news always go out).
#[utoipa::path(operation_id = "showSmsConsent", get, path = "/api/sms-consent", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = ConsentResponse), (status = 401, body = ErrorBody)))]
pub async fn show(state: Data<AppState>, AuthUser(principal): AuthUser) -> Result<Json<ConsentResponse>, ApiError> {
    let (outreach, user) = (state.outreach.clone(), principal.user.id);
    let consent = blocking(move || outreach.consent(user)).await?;
    Ok(Json(ConsentResponse { message: None, data: ConsentData { consent } }))
}

/// The client's switch in their settings; an opt-out is kept with its time.
#[utoipa::path(operation_id = "changeSmsConsent", put, path = "/api/sms-consent", tag = "account", security(("bearer" = [])), request_body = ConsentForm,
    responses((status = 200, body = ConsentResponse), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn change(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<ConsentForm>,
) -> Result<Json<ConsentResponse>, ApiError> {
    let consent = form.consent.ok_or_else(|| kernel::FieldErrors::single("consent", "required"))?;
    let (outreach, user) = (state.outreach.clone(), principal.user.id);
    blocking(move || outreach.set_consent(user, consent)).await?;
    let message = text(locale, if consent { "sms.opted_in" } else { "sms.opted_out" }, &[]);
    Ok(Json(ConsentResponse { message: Some(message), data: ConsentData { consent } }))
}

/// Opts a client out by the link their SMS ended with (no sign-in: the link is theirs alone);
/// a link that is not genuine is 404.
#[utoipa::path(operation_id = "optOutOfSms", post, path = "/api/sms/opt-out/{token}", params(("token" = String, Path, description = "The link's last part")),
    tag = "account", responses((status = 200, body = MessageResponse), (status = 404, body = ErrorBody)))]
pub async fn opt_out(state: Data<AppState>, Lang(locale): Lang, token: Path<String>) -> Result<Json<MessageResponse>, ApiError> {
    let (outreach, token) = (state.outreach.clone(), token.into_inner());
    if token.len() > 64 {
        return Err(ApiError::NotFound);
    }
    blocking(move || outreach.opt_out(&token)).await?;
    Ok(Json(MessageResponse { message: text(locale, "sms.opted_out", &[]) }))
}
