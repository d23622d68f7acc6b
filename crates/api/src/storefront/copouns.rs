//! `POST /api/copouns/check`: what a promo code takes off the buyer's cart now — the signed-in
//! buyer's server cart, or the `items` of a guest's browser cart.

use actix_web::web::{self, Data, Json};
use actix_web::{FromRequest, HttpRequest};
use kernel::{Locale, Money};
use ordering::{Buyer, PromoCode, PromoValue};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::lenient::lenient_text;
use crate::common::messages::text;
use crate::storefront::guest_orders::GuestItem;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/copouns/check", web::post().to(check));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(check))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A code to check.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CheckRequest {
    /// The code as typed.
    #[schema(max_length = 40)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub copoun: Option<String>,
    /// A guest's browser cart (ignored when signed in), at most 100 lines.
    #[schema(max_items = 100)]
    #[serde(default)]
    pub items: Vec<GuestItem>,
}

/// What the code takes off.
#[derive(Debug, Serialize, ToSchema)]
pub struct PromoCheckData {
    /// The code as kept.
    pub code: String,
    /// `percent` or `fixed`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The percent, or the amount in EGP.
    pub value: f64,
    /// What it takes off this cart now, EGP.
    #[schema(value_type = f64)]
    pub discount: Money,
}

/// The answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct PromoCheckResponse {
    /// The shop's message, for the coupon line of checkout.
    pub message: String,
    /// What the code does.
    pub data: PromoCheckData,
}

fn check_data(code: PromoCode, discount: Money) -> PromoCheckData {
    let value = match code.draft.value {
        PromoValue::Percent(percent) => f64::from(percent.value()),
        PromoValue::Fixed(amount) => amount.pounds(),
    };
    PromoCheckData { code: code.draft.code, kind: code.draft.value.kind().to_string(), value, discount }
}

fn message(locale: Locale, discount: Money) -> String {
    text(locale, "copoun.applied", &[("discount", format!("{:.2}", discount.pounds()))])
}

/// Checks a code against the cart; a 422 on `copoun` says why it does not apply.
#[utoipa::path(operation_id = "checkCopoun", post, path = "/api/copouns/check", tag = "orders", request_body = CheckRequest, security((), ("bearer" = [])),
    responses((status = 200, body = PromoCheckResponse), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn check(
    state: Data<AppState>,
    request: HttpRequest,
    Lang(locale): Lang,
    Body(body): Body<CheckRequest>,
) -> Result<Json<PromoCheckResponse>, ApiError> {
    let buyer = match request.headers().contains_key("authorization") {
        true => {
            let AuthUser(principal) = AuthUser::extract(&request).await?;
            Some(Buyer {
                id: principal.user.id,
                name: principal.user.name.clone(),
                phone: principal.user.phone.clone(),
                group: principal.user.group_id,
                locale,
            })
        }
        false => None,
    };
    let items = GuestItem::lines(&body.items)?;
    let typed = body.copoun.unwrap_or_default();
    if typed.chars().count() > ordering::promo::CODE_MAX {
        return Err(kernel::FieldErrors::single("copoun", "copoun_unknown").into());
    }
    if items.iter().any(|&(_, quantity)| !(1..=ordering::checkout::MAX_QUANTITY).contains(&quantity)) {
        return Err(kernel::FieldErrors::single("items", "quantity_range").into());
    }
    let orders = state.orders.clone();
    let (code, discount) = blocking(move || orders.check_promo(&typed, buyer.as_ref(), &items)).await?;
    Ok(Json(PromoCheckResponse { message: message(locale, discount), data: check_data(code, discount) }))
}
