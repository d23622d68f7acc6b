//! Staff's products under `/api/dashboard/products`, each call checking its permission.

use actix_web::web::{self, Data, Json, Path};
use catalog::{CategoryRef, ProductCard, ProductPage, ProductQuery, Sort, WeightUnit};
use catalog::{ProductDocument, ProductDraft};
use chrono::NaiveDate;
use identity::permission::Permission;
use kernel::validation::limits;
use kernel::{CategoryId, FieldErrors, Locale, Localized, Money, Percent, ProductId, Weight};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::agronomy::AgronomyData;
use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, BodyWithFiles, Lang, QueryParams, blocking};
use crate::common::lenient::{lenient_bool, lenient_int, lenient_text};
use crate::common::messages::text;
use crate::common::paging::{ListParams, PageMeta, PageParams};
use crate::storefront::catalog::{ProductData, catalogue};
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/dashboard/products", web::get().to(list))
        .route("/dashboard/products", web::post().to(create))
        .route("/dashboard/products/{id}", web::get().to(show))
        .route("/dashboard/products/{id}", web::put().to(update))
        .route("/dashboard/products/{id}", web::delete().to(delete))
        .route("/dashboard/products/{id}/agronomy", web::put().to(set_agronomy))
        .route("/dashboard/products/{id}/documents/{document}", web::put().to(attach_document))
        .route("/dashboard/products/{id}/documents/{document}", web::delete().to(remove_document));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list, show, create, update, delete, set_agronomy, attach_document, remove_document))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A product as staff see it: the storefront's view plus both languages and the stock.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffProductData {
    /// The storefront's view in the request's language.
    #[serde(flatten)]
    pub product: ProductData,
    /// Arabic name.
    pub name_ar: String,
    /// English name.
    pub name_en: String,
    /// Arabic description.
    pub description_ar: String,
    /// English description.
    pub description_en: String,
    /// Units in stock.
    pub quantity: i64,
    /// The product's own discount, percent.
    pub own_discount: u8,
    /// What it is to a farmer; absent while nobody described it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agronomy: Option<AgronomyData>,
    /// Whether shoppers can see and buy it: false once its registration ran out, until a
    /// renewal is recorded.
    pub on_sale: bool,
}

impl StaffProductData {
    pub(crate) fn new(card: ProductCard, locale: Locale, now: chrono::DateTime<chrono::Utc>) -> StaffProductData {
        let product = &card.product;
        StaffProductData {
            on_sale: product.on_sale(now),
            name_ar: product.draft.name.ar.clone(),
            name_en: product.draft.name.en.clone(),
            description_ar: product.draft.description.ar.clone(),
            description_en: product.draft.description.en.clone(),
            quantity: product.draft.quantity,
            own_discount: product.draft.discount.value(),
            agronomy: AgronomyData::of(product),
            product: ProductData::new(card, locale),
        }
    }
}

/// A page of products for staff.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffProductList {
    /// The products, newest first.
    pub data: Vec<StaffProductData>,
    /// Where the page sits.
    pub meta: PageMeta,
    /// Whether the products have every word searched for; false when none has them all and
    /// these have the most of them.
    pub every_word: bool,
}

/// One product for staff.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffProductResponse {
    /// What happened, on writes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The product.
    pub data: StaffProductData,
}

/// A product as staff send it: JSON, a form, or multipart with `images[]` files.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProductForm {
    /// Arabic name.
    #[schema(max_length = 200)]
    pub name_ar: Option<String>,
    /// English name.
    #[schema(max_length = 200)]
    pub name_en: Option<String>,
    /// Arabic description.
    #[schema(max_length = 10000)]
    pub description_ar: Option<String>,
    /// English description.
    #[schema(max_length = 10000)]
    pub description_en: Option<String>,
    /// Price in EGP (`150` or `150.50`).
    #[serde(default, deserialize_with = "lenient_text")]
    pub price: Option<String>,
    /// Own discount, percent.
    #[schema(minimum = 0, maximum = 100)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub discount: Option<i64>,
    /// Units in stock.
    #[schema(minimum = 0, maximum = 1000000)]
    #[serde(default, deserialize_with = "lenient_int")]
    pub quantity: Option<i64>,
    /// Weight, in `weight_unit`.
    #[serde(default, deserialize_with = "lenient_text")]
    pub weight: Option<String>,
    /// `kg` or `g`.
    pub weight_unit: Option<String>,
    /// Expiry date, `YYYY-MM-DD`.
    pub expires_at: Option<String>,
    /// Category id.
    #[serde(default, deserialize_with = "lenient_int")]
    pub category_id: Option<i64>,
    /// Featured.
    #[serde(default, deserialize_with = "lenient_bool")]
    pub featured: Option<bool>,
    /// Sold as a package.
    #[serde(default, deserialize_with = "lenient_bool")]
    pub is_package: Option<bool>,
    /// Pieces per package.
    #[serde(default, deserialize_with = "lenient_int")]
    pub pieces_per_package: Option<i64>,
}

impl ProductForm {
    fn into_domain(self) -> Result<ProductDraft, FieldErrors> {
        let mut errors = FieldErrors::new();
        // Limits hold for the texts as sent, as the API document says, not only once trimmed.
        for (field, value, max) in [
            ("name_ar", &self.name_ar, limits::NAME),
            ("name_en", &self.name_en, limits::NAME),
            ("description_ar", &self.description_ar, limits::DESCRIPTION),
            ("description_en", &self.description_en, limits::DESCRIPTION),
        ] {
            errors.limit_length(field, value.as_deref().unwrap_or_default(), max);
        }
        let mut required = |field: &str, value: Option<String>| {
            let value = value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
            if value.is_none() {
                errors.add(field, "required");
            }
            value.unwrap_or_default()
        };
        let name_ar = required("name_ar", self.name_ar);
        let name_en = required("name_en", self.name_en);
        let price_text = required("price", self.price);
        let weight_text = required("weight", self.weight);
        let optional = |value: Option<String>| value.map(|v| v.trim().to_string()).unwrap_or_default();
        let price = Money::parse_pounds(&price_text);
        if price.is_none() && !price_text.is_empty() {
            errors.add("price", "price_invalid");
        }
        let weight_unit = match self.weight_unit.as_deref().map(str::trim) {
            None | Some("") => WeightUnit::Kg,
            Some(raw) => raw.parse().unwrap_or_else(|_| {
                errors.add("weight_unit", "weight_unit_invalid");
                WeightUnit::Kg
            }),
        };
        let weight = Weight::parse(&weight_text, weight_unit);
        if weight.is_none() && !weight_text.is_empty() {
            errors.add("weight", "weight_invalid");
        }
        let expires_at = match self.expires_at.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
            None => None,
            Some(raw) => {
                let date = NaiveDate::parse_from_str(&kernel::digits::to_latin_digits(raw), "%Y-%m-%d").ok();
                if date.is_none() {
                    errors.add("expires_at", "date_invalid");
                }
                date
            }
        };
        let discount = Percent::new(self.discount.unwrap_or(0)).unwrap_or_else(|| {
            errors.add("discount", "discount_range");
            Percent::ZERO
        });
        errors.into_result()?;
        Ok(ProductDraft {
            name: Localized::new(name_ar, name_en),
            description: Localized::new(optional(self.description_ar), optional(self.description_en)),
            price: price.unwrap_or_default(),
            discount,
            expires_at,
            weight: weight.unwrap_or_default(),
            weight_unit,
            quantity: self.quantity.unwrap_or(0),
            featured: self.featured.unwrap_or(false),
            is_package: self.is_package.unwrap_or(false),
            pieces_per_package: self.pieces_per_package.and_then(|p| i32::try_from(p).ok()),
            category_id: self.category_id.map(CategoryId),
        })
    }
}

fn images(files: Vec<crate::common::extract::Upload>) -> Vec<Vec<u8>> {
    files.into_iter().filter(|file| file.field == "images").map(|file| file.bytes).collect()
}

async fn staff_view(state: &AppState, locale: Locale, id: ProductId) -> Result<StaffProductData, ApiError> {
    let catalogue = catalogue(state).await?;
    let slug = catalogue.slug_of(id).ok_or(ApiError::NotFound)?;
    Ok(StaffProductData::new(catalogue.product_for_staff(&slug, state.catalog.now())?, locale, state.catalog.now()))
}

/// Lists products for staff (`product-list`): `search`, `category`, `page`, `per_page`.
#[utoipa::path(operation_id = "listStaffProducts", get, path = "/api/dashboard/products", tag = "dashboard", security(("bearer" = [])),
    params(("search" = Option<String>, Query, description = "Words to look for; the first 200 characters and 10 words count"), ("category" = Option<String>, Query, description = "Category slug or id"), PageParams),
    responses((status = 200, body = StaffProductList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    QueryParams(params): QueryParams,
) -> Result<Json<StaffProductList>, ApiError> {
    principal.require(Permission::ProductList)?;
    let params = ListParams(params);
    let search = params.text("search");
    let query = ProductQuery {
        category: params.text("category").map(|c| c.parse().map(|id| CategoryRef::Id(CategoryId(id))).unwrap_or(CategoryRef::Slug(c))),
        sort: if search.is_some() { Sort::Relevance } else { Sort::Newest },
        search,
        off_sale_too: true,
        ..ProductQuery::every(params.page()?)
    };
    let ProductPage { page, every_word } = catalogue(&state).await?.list_products(&query, state.catalog.now());
    Ok(Json(StaffProductList {
        meta: PageMeta::from(&page),
        data: page.data.into_iter().map(|card| StaffProductData::new(card, locale, state.catalog.now())).collect(),
        every_word,
    }))
}

/// One product for staff (`product-list`).
#[utoipa::path(operation_id = "showStaffProduct", get, path = "/api/dashboard/products/{id}", params(("id" = i64, Path, description = "The product's id")), tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = StaffProductResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn show(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<ProductId>,
) -> Result<Json<StaffProductResponse>, ApiError> {
    principal.require(Permission::ProductList)?;
    Ok(Json(StaffProductResponse { message: None, data: staff_view(&state, locale, id.into_inner()).await? }))
}

/// Adds a product (`product-create`); pictures come as `images[]` files of a multipart body.
#[utoipa::path(operation_id = "createStaffProduct", post, path = "/api/dashboard/products", tag = "dashboard", security(("bearer" = [])), request_body = ProductForm,
    responses((status = 200, body = StaffProductResponse), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    BodyWithFiles(form, files): BodyWithFiles<ProductForm>,
) -> Result<Json<StaffProductResponse>, ApiError> {
    principal.require(Permission::ProductCreate)?;
    let draft = form.into_domain()?;
    let admin = state.catalog_admin.clone();
    let slug = blocking(move || admin.create_product(draft, images(files))).await?;
    let catalogue = catalogue(&state).await?;
    let card = catalogue.product_for_staff(&slug, state.catalog.now())?;
    Ok(Json(StaffProductResponse { message: Some(text(locale, "staff.product_saved", &[])), data: StaffProductData::new(card, locale, state.catalog.now()) }))
}

/// Changes a product (`product-edit`); new `images[]` files are added to its pictures.
#[utoipa::path(operation_id = "updateStaffProduct", put, path = "/api/dashboard/products/{id}", params(("id" = i64, Path, description = "The product's id")), tag = "dashboard", security(("bearer" = [])), request_body = ProductForm,
    responses((status = 200, body = StaffProductResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<ProductId>,
    BodyWithFiles(form, files): BodyWithFiles<ProductForm>,
) -> Result<Json<StaffProductResponse>, ApiError> {
    principal.require(Permission::ProductEdit)?;
    let draft = form.into_domain()?;
    let id = id.into_inner();
    let admin = state.catalog_admin.clone();
    blocking(move || admin.update_product(id, draft, images(files))).await?;
    Ok(Json(StaffProductResponse { message: Some(text(locale, "staff.product_saved", &[])), data: staff_view(&state, locale, id).await? }))
}

/// Replaces a product's agronomy (`product-edit`): its kind, formulation, pack, active
/// ingredients, registration, hazard class and pictograms, nutrients or seed facts, and the uses
/// per crop. Each wrong field is a 422 under `agronomy.`; a pesticide is refused without a
/// registration that has not run out, an active ingredient at its concentration, a WHO class
/// and a use with its pre-harvest interval (`required_to_publish`, each named).
#[utoipa::path(operation_id = "setProductAgronomy", put, path = "/api/dashboard/products/{id}/agronomy", params(("id" = i64, Path, description = "The product's id")),
    tag = "dashboard", security(("bearer" = [])), request_body = AgronomyData,
    responses((status = 200, body = StaffProductResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn set_agronomy(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<ProductId>,
    Body(form): Body<AgronomyData>,
) -> Result<Json<StaffProductResponse>, ApiError> {
    principal.require(Permission::ProductEdit)?;
    let agronomy = form.into_domain()?;
    let (id, admin, today) = (id.into_inner(), state.catalog_admin.clone(), kernel::shop_day(state.catalog.now()));
    blocking(move || admin.set_agronomy(id, agronomy, today)).await?;
    Ok(Json(StaffProductResponse { message: Some(text(locale, "staff.product_saved", &[])), data: staff_view(&state, locale, id).await? }))
}

/// A PDF as staff send it: multipart with one `file`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DocumentUpload {
    /// The PDF, at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    #[serde(default)]
    pub file: Option<String>,
}

/// Which of a product's PDFs a path names; another word names nothing.
fn document_of(word: &str) -> Result<ProductDocument, ApiError> {
    word.parse().map_err(|_| ApiError::NotFound)
}

/// Attaches a product's label or safety data sheet (`product-edit`), replacing the one it had:
/// a multipart body with one `file`, a whole PDF of at most 5 MB (422 `file`: `required`,
/// `pdf_too_large`, `pdf_invalid`). Shoppers find it as `agronomy.label_url` or `sds_url`.
#[utoipa::path(operation_id = "attachProductDocument", put, path = "/api/dashboard/products/{id}/documents/{document}",
    params(("id" = i64, Path, description = "The product's id"), ("document" = String, Path, description = "`label` or `sds`")),
    tag = "dashboard", security(("bearer" = [])), request_body(content = DocumentUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = StaffProductResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn attach_document(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    path: Path<(ProductId, String)>,
    BodyWithFiles(_form, files): BodyWithFiles<DocumentUpload>,
) -> Result<Json<StaffProductResponse>, ApiError> {
    principal.require(Permission::ProductEdit)?;
    let (id, document) = path.into_inner();
    let document = document_of(&document)?;
    let pdf = files.into_iter().find(|file| file.field == "file").ok_or_else(|| FieldErrors::single("file", "required"))?;
    let admin = state.catalog_admin.clone();
    blocking(move || admin.attach_document(id, document, &pdf.bytes)).await?;
    Ok(Json(StaffProductResponse { message: Some(text(locale, "staff.product_saved", &[])), data: staff_view(&state, locale, id).await? }))
}

/// Removes a product's label or safety data sheet (`product-edit`).
#[utoipa::path(operation_id = "removeProductDocument", delete, path = "/api/dashboard/products/{id}/documents/{document}",
    params(("id" = i64, Path, description = "The product's id"), ("document" = String, Path, description = "`label` or `sds`")),
    tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = StaffProductResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn remove_document(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    path: Path<(ProductId, String)>,
) -> Result<Json<StaffProductResponse>, ApiError> {
    principal.require(Permission::ProductEdit)?;
    let (id, document) = path.into_inner();
    let document = document_of(&document)?;
    let admin = state.catalog_admin.clone();
    blocking(move || admin.remove_document(id, document)).await?;
    Ok(Json(StaffProductResponse { message: Some(text(locale, "staff.product_saved", &[])), data: staff_view(&state, locale, id).await? }))
}

/// Removes a product (`product-delete`).
#[utoipa::path(operation_id = "deleteStaffProduct", delete, path = "/api/dashboard/products/{id}", params(("id" = i64, Path, description = "The product's id")), tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<ProductId>) -> Result<Json<MessageResponse>, ApiError> {
    principal.require(Permission::ProductDelete)?;
    let id = id.into_inner();
    let admin = state.catalog_admin.clone();
    blocking(move || admin.delete_product(id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "staff.product_deleted", &[]) }))
}
