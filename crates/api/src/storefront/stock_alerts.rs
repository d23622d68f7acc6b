//! `POST /api/products/{id}/back-in-stock`: a signed-in client asks to be told once when a
//! product out of stock is back — in the bell, and by SMS when they say so.

use actix_web::web::{self, Data, Json, Path};
use catalog::StockAlert;
use kernel::ProductId;
use serde::Deserialize;
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::lenient::lenient_bool;
use crate::common::messages::text;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config.route("/products/{id}/back-in-stock", web::post().to(ask));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(ask))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// How to be told.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BackInStockRequest {
    /// A text message too, not only the bell (sent unless the client stopped the shop's SMS).
    #[serde(default, deserialize_with = "lenient_bool")]
    pub sms: Option<bool>,
}

/// Keeps the client's wish to hear once when the product is back; asking again changes only
/// how. A product in stock is a 422 (`in_stock`): it can be ordered now.
#[utoipa::path(operation_id = "askBackInStock", post, path = "/api/products/{id}/back-in-stock", params(("id" = i64, Path, description = "The product's id")),
    tag = "products", security(("bearer" = [])), request_body = BackInStockRequest,
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn ask(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<i64>,
    Body(form): Body<BackInStockRequest>,
) -> Result<Json<MessageResponse>, ApiError> {
    let alert = StockAlert { user: principal.user.id, product: ProductId(id.into_inner()), by_sms: form.sms.unwrap_or(false), locale };
    let back_in_stock = state.back_in_stock.clone();
    blocking(move || back_in_stock.ask(alert)).await?;
    Ok(Json(MessageResponse { message: text(locale, "stock_alert.saved", &[]) }))
}
