//! A signed-in buyer's cart under `/api/cart` (design §4, §4a): read, add, set, remove,
//! empty, and the guest cart merged in after sign-in. A verified account is needed (design
//! §4): an unverified buyer keeps the cart in the browser until they verify.

use actix_web::web::{self, Data, Json, Path};
use cart::{CartView, PricedLine};
use identity::service::Principal;
use kernel::{Locale, Money, ProductId, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::lenient::lenient_int;
use crate::common::messages::text;
use crate::{AppState, Resource};

/// Registers the routes; `transfer` and `quote` come before the product routes they would
/// otherwise match.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/cart", web::get().to(show))
        .route("/cart", web::delete().to(clear))
        .route("/cart/transfer", web::post().to(transfer))
        .route("/cart/quote", web::post().to(quote))
        .route("/cart/{product_id}", web::post().to(add))
        .route("/cart/{product_id}", web::put().to(set))
        .route("/cart/{product_id}", web::delete().to(remove));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(show, clear, transfer, quote, add, set, remove))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// One line of the cart at today's prices.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartLineData {
    /// The product's id.
    pub id: i64,
    /// Its readable address.
    pub slug: String,
    /// Its name in the request's language.
    pub name: String,
    /// Its first picture's URL.
    pub image: Option<String>,
    /// List price, EGP.
    #[schema(value_type = f64)]
    pub price: Money,
    /// Price after discounts and offers, EGP.
    #[schema(value_type = f64)]
    pub sale_price: Money,
    /// How many the buyer wants.
    pub quantity: u32,
    /// How many are left; less than `quantity` flags the line.
    pub available_quantity: i64,
    /// Whether any unit is left.
    pub in_stock: bool,
    /// Weight of one unit, kg.
    pub weight: f64,
    /// Sale price times quantity, EGP.
    #[schema(value_type = f64)]
    pub line_total: Money,
    /// Sold only to a buyer who acknowledges its danger: the checkout then sends
    /// `acknowledged_safety: true`.
    pub needs_safety_acknowledgement: bool,
}

/// The cart with its totals.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartData {
    /// The lines, oldest first.
    pub products: Vec<CartLineData>,
    /// The sum of the line totals, EGP.
    #[schema(value_type = f64)]
    pub total: Money,
    /// The weight of every unit, kg.
    pub total_weight: f64,
    /// The weight extra of shipping, EGP (the city's cost comes at checkout).
    #[schema(value_type = f64)]
    pub shipping_value: Money,
    /// The weight shipped without extra, kg.
    pub free_weight: f64,
    /// The fee for every started kilogram above the free weight, EGP.
    #[schema(value_type = f64)]
    pub extra_fee_per_kg: Money,
}

/// Every cart call answers the cart.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartResponse {
    /// What was done, in the request's language, for the buyer to see (adding a product).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The cart now.
    pub data: CartData,
}

/// How many units (`POST` adds them, `PUT` sets the line; 0 removes it).
#[derive(Debug, Deserialize, ToSchema)]
pub struct QuantityRequest {
    /// Units, 1 to 999 (0 with `PUT` removes the line); adding defaults to 1.
    #[serde(default, deserialize_with = "lenient_int")]
    pub quantity: Option<i64>,
}

/// One line of a browser cart.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TransferItem {
    /// The product's id.
    pub id: i64,
    /// Units.
    pub quantity: i64,
}

/// A browser cart: to merge in, or to price.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TransferRequest {
    /// At most 100 lines.
    #[schema(max_items = 100)]
    pub items: Vec<TransferItem>,
}

impl CartData {
    fn new(view: CartView, locale: Locale) -> CartData {
        CartData {
            products: view.lines.into_iter().map(|line| line_data(line, locale)).collect(),
            total: view.total,
            total_weight: view.total_weight.kilograms(),
            shipping_value: view.shipping_extra,
            free_weight: view.free_weight.kilograms(),
            extra_fee_per_kg: view.extra_fee_per_kg,
        }
    }
}

fn line_data(line: PricedLine, locale: Locale) -> CartLineData {
    let PricedLine { product, quantity, line_total } = line;
    CartLineData {
        id: product.id.0,
        name: product.name.pick(locale).clone(),
        image: product.image.map(|path| format!("/media/{path}")),
        slug: product.slug,
        price: product.price,
        sale_price: product.sale_price,
        quantity,
        available_quantity: product.available.max(0),
        in_stock: product.available > 0,
        weight: product.weight.kilograms(),
        line_total,
        needs_safety_acknowledgement: product.needs_safety_acknowledgement,
    }
}

/// The buyer behind the token, who must have verified their account.
fn verified_buyer(principal: &Principal) -> Result<UserId, ApiError> {
    if principal.user.verified { Ok(principal.user.id) } else { Err(ApiError::VerifyFirst) }
}

async fn answer(locale: Locale, work: impl FnOnce() -> Result<CartView, cart::CartError> + Send + 'static) -> Result<Json<CartResponse>, ApiError> {
    let view = blocking(work).await?;
    Ok(Json(CartResponse { message: None, data: CartData::new(view, locale) }))
}

/// The buyer's cart at today's prices.
#[utoipa::path(operation_id = "showCart", get, path = "/api/cart", tag = "cart", security(("bearer" = [])),
    responses((status = 200, body = CartResponse), (status = 403, body = ErrorBody)))]
pub async fn show(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser) -> Result<Json<CartResponse>, ApiError> {
    let (buyer, cart) = (verified_buyer(&principal)?, state.cart.clone());
    answer(locale, move || cart.view(buyer)).await
}

/// Empties the cart.
#[utoipa::path(operation_id = "clearCart", delete, path = "/api/cart", tag = "cart", security(("bearer" = [])),
    responses((status = 200, body = CartResponse), (status = 403, body = ErrorBody)))]
pub async fn clear(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser) -> Result<Json<CartResponse>, ApiError> {
    let (buyer, cart) = (verified_buyer(&principal)?, state.cart.clone());
    answer(locale, move || cart.clear(buyer)).await
}

/// Merges the browser cart into the buyer's: quantities of one product add up, capped at the
/// stock left; products gone or sold out are skipped.
#[utoipa::path(operation_id = "transferCart", post, path = "/api/cart/transfer", tag = "cart", security(("bearer" = [])), request_body = TransferRequest,
    responses((status = 200, body = CartResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn transfer(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(request): Body<TransferRequest>,
) -> Result<Json<CartResponse>, ApiError> {
    let (buyer, cart) = (verified_buyer(&principal)?, state.cart.clone());
    let items: Vec<(ProductId, i64)> = request.items.iter().map(|item| (ProductId(item.id), item.quantity)).collect();
    answer(locale, move || cart.transfer(buyer, &items)).await
}

/// Prices a guest's browser cart like a server cart, for the cart screen before sign-in
/// (anybody may ask): products gone are left out; a line short of stock shows what is left.
#[utoipa::path(operation_id = "quoteCart", post, path = "/api/cart/quote", tag = "cart", request_body = TransferRequest,
    responses((status = 200, body = CartResponse), (status = 422, body = ErrorBody)))]
pub async fn quote(state: Data<AppState>, Lang(locale): Lang, Body(request): Body<TransferRequest>) -> Result<Json<CartResponse>, ApiError> {
    let cart = state.cart.clone();
    let items: Vec<(ProductId, i64)> = request.items.iter().map(|item| (ProductId(item.id), item.quantity)).collect();
    answer(locale, move || cart.quote(&items)).await
}

/// Adds units of a product to its line.
#[utoipa::path(operation_id = "addToCart", post, path = "/api/cart/{product_id}", params(("product_id" = i64, Path, description = "The product's id")), tag = "cart",
    security(("bearer" = [])), request_body = QuantityRequest,
    responses((status = 200, body = CartResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn add(
    state: Data<AppState>,
    Lang(locale): Lang,
    product: Path<ProductId>,
    AuthUser(principal): AuthUser,
    Body(request): Body<QuantityRequest>,
) -> Result<Json<CartResponse>, ApiError> {
    let (buyer, cart, product) = (verified_buyer(&principal)?, state.cart.clone(), product.into_inner());
    let Json(answered) = answer(locale, move || cart.add(buyer, product, request.quantity.unwrap_or(1))).await?;
    Ok(Json(CartResponse { message: Some(text(locale, "cart.added", &[])), ..answered }))
}

/// Sets a product's line to a quantity; 0 removes it.
#[utoipa::path(operation_id = "setCartLine", put, path = "/api/cart/{product_id}", params(("product_id" = i64, Path, description = "The product's id")), tag = "cart",
    security(("bearer" = [])), request_body = QuantityRequest,
    responses((status = 200, body = CartResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn set(
    state: Data<AppState>,
    Lang(locale): Lang,
    product: Path<ProductId>,
    AuthUser(principal): AuthUser,
    Body(request): Body<QuantityRequest>,
) -> Result<Json<CartResponse>, ApiError> {
    let (buyer, cart, product) = (verified_buyer(&principal)?, state.cart.clone(), product.into_inner());
    let quantity = request.quantity.ok_or_else(|| ApiError::Invalid(kernel::FieldErrors::single("quantity", "required")))?;
    answer(locale, move || cart.set(buyer, product, quantity)).await
}

/// Removes a product's line.
#[utoipa::path(operation_id = "removeCartLine", delete, path = "/api/cart/{product_id}", params(("product_id" = i64, Path, description = "The product's id")), tag = "cart",
    security(("bearer" = [])), responses((status = 200, body = CartResponse), (status = 403, body = ErrorBody)))]
pub async fn remove(
    state: Data<AppState>,
    Lang(locale): Lang,
    product: Path<ProductId>,
    AuthUser(principal): AuthUser,
) -> Result<Json<CartResponse>, ApiError> {
    let (buyer, cart, product) = (verified_buyer(&principal)?, state.cart.clone(), product.into_inner());
    answer(locale, move || cart.remove(buyer, product)).await
}
