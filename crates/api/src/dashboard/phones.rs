//! A phone's standing with cash on delivery under `/api/dashboard/phones`: staff set its band
//! over the one the owner's rules give it, with why, or give it back to the rules.

use actix_web::web::{self, Data, Json, Path};
use identity::permission::Permission;
use kernel::FieldErrors;
use ordering::{BandSetter, PhoneBand};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::lenient::lenient_text;
use crate::common::messages::text;
use crate::dashboard::orders::PhoneHistoryData;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/dashboard/phones/{phone}/band", web::put().to(set_band));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(set_band))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A staff member's band for a phone.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BandRequest {
    /// `trusted`, `normal`, `confirm_by_call`, `prepay_shipping` or `blocked`; null (or
    /// absent) gives the phone back to the owner's rules.
    #[schema(pattern = r"^(trusted|normal|confirm_by_call|prepay_shipping|blocked)$")]
    #[serde(default, deserialize_with = "lenient_text")]
    pub band: Option<String>,
    /// Why, up to 2,000 characters; required with a band.
    #[schema(max_length = 2000)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub note: Option<String>,
}

/// The phone's standing after the change.
#[derive(Debug, Serialize, ToSchema)]
pub struct PhoneStandingResponse {
    /// What happened, in the request's language.
    pub message: String,
    /// The phone's record and bands.
    pub data: PhoneHistoryData,
}

/// Sets a phone's band over the owner's rules, with why (`client-block`): `blocked` stops its
/// cash orders at the checkout, `confirm_by_call` and `prepay_shipping` make its orders wait
/// for the staff's call, `trusted` and `normal` let a phone the rules block order again. A
/// null band gives the phone back to the rules. The phone in any common form; a band
/// without a note, or an unknown band, is 422. A sales engineer bands only the phones of their
/// own clients and of the guest orders they see (any other is 404); `trusted`, and lifting a
/// block, need `phone-trust` (403).
#[utoipa::path(operation_id = "setPhoneBand", put, path = "/api/dashboard/phones/{phone}/band", params(("phone" = String, Path, description = "The phone, any common form")),
    tag = "dashboard", security(("bearer" = [])), request_body = BandRequest,
    responses((status = 200, body = PhoneStandingResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn set_band(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    phone: Path<String>,
    Body(body): Body<BandRequest>,
) -> Result<Json<PhoneStandingResponse>, ApiError> {
    principal.require(Permission::ClientBlock)?;
    let band = match body.band.as_deref().map(str::trim).filter(|band| !band.is_empty()) {
        Some(band) => Some(band.parse::<PhoneBand>().map_err(|_| FieldErrors::single("band", "choice_invalid"))?),
        None => None,
    };
    let user = &principal.user;
    let by = BandSetter {
        id: user.id,
        sales_engineer: user.role == identity::user::Role::Sales,
        sees_guests: user.can(Permission::GuestOrderList),
        may_trust: user.can(Permission::PhoneTrust),
    };
    let (standings, note) = (state.phone_standings.clone(), body.note.unwrap_or_default());
    let standing = blocking(move || standings.set_band(by, &phone, band, &note)).await?;
    Ok(Json(PhoneStandingResponse { message: text(locale, "phone.band_set", &[]), data: PhoneHistoryData::of(standing) }))
}
