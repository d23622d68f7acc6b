//! A buyer's saved addresses under `/api/addresses`: each buyer sees and changes only their
//! own; another buyer's address answers 404 as if it did not exist.

use actix_web::web::{self, Data, Json, Path};
use kernel::validation::limits;
use kernel::{AddressId, CityId, FieldErrors, Locale};
use ordering::{Address, AddressDraft, AddressLabel};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::common::answers::MessageResponse;
use crate::common::error::{ApiError, ErrorBody};
use crate::common::extract::{AuthUser, Body, Lang, blocking};
use crate::common::lenient::{lenient_int, lenient_text};
use crate::common::messages::text;
use crate::storefront::shipping_cities::ShippingCityData;
use crate::{AppState, Resource};

/// Registers the routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/addresses", web::get().to(list))
        .route("/addresses", web::post().to(create))
        .route("/addresses/{id}", web::put().to(update))
        .route("/addresses/{id}", web::delete().to(delete));
}

/// This resource's part of the API document.
#[derive(OpenApi)]
#[openapi(paths(list, create, update, delete))]
struct Doc;

/// The resource: its routes and its part of the API document.
pub const RESOURCE: Resource = Resource { routes: configure, document: <Doc as OpenApi>::openapi };

/// A saved address with its city and that city's base cost.
#[derive(Debug, Serialize, ToSchema)]
pub struct AddressData {
    /// Id.
    pub id: i64,
    /// The street, village or landmark.
    pub address: String,
    /// Its city.
    pub shipping_city: ShippingCityData,
    /// What the buyer calls it: `home`, `farm` or `shop`.
    #[schema(pattern = "^(home|farm|shop)$")]
    pub label: &'static str,
    /// Who takes the parcel there, when not the buyer; null otherwise.
    pub recipient_name: Option<String>,
    /// The phone the courier calls for them (`01XXXXXXXXX`); null otherwise.
    pub recipient_phone: Option<String>,
    /// What the courier looks for; null when none.
    pub landmark: Option<String>,
}

impl AddressData {
    pub(crate) fn new(address: Address, locale: Locale) -> AddressData {
        let (recipient_name, recipient_phone) = match address.recipient {
            Some(recipient) => (Some(recipient.name), Some(recipient.phone.as_str().to_string())),
            None => (None, None),
        };
        AddressData {
            id: address.id.0,
            address: address.text,
            shipping_city: ShippingCityData::new(address.city, locale),
            label: address.label.into(),
            recipient_name,
            recipient_phone,
            landmark: address.landmark,
        }
    }
}

/// The buyer's addresses, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct AddressList {
    /// The addresses.
    pub data: Vec<AddressData>,
}

/// One address after it was saved.
#[derive(Debug, Serialize, ToSchema)]
pub struct AddressResponse {
    /// What was done, in the request's language.
    pub message: String,
    /// The address.
    pub data: AddressData,
}

/// An address as the buyer writes it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddressForm {
    /// The street, village or landmark.
    #[schema(max_length = 500)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub address: Option<String>,
    /// One of the `shipping-cities`.
    #[serde(default, deserialize_with = "lenient_int")]
    pub city_id: Option<i64>,
    /// `home` (when left out), `farm` or `shop`.
    #[schema(pattern = "^(home|farm|shop)$")]
    #[serde(default, deserialize_with = "lenient_text")]
    pub label: Option<String>,
    /// Who takes the parcel there when not the buyer; with `recipient_phone`, or neither.
    #[schema(max_length = 200)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub recipient_name: Option<String>,
    /// The Egyptian mobile the courier calls for them.
    #[schema(max_length = 40)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub recipient_phone: Option<String>,
    /// What the courier looks for ("the green gate").
    #[schema(max_length = 200)]
    #[serde(default, deserialize_with = "lenient_text")]
    pub landmark: Option<String>,
}

impl AddressForm {
    fn into_domain(self) -> Result<AddressDraft, FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.limit_length("address", self.address.as_deref().unwrap_or_default(), limits::ADDRESS);
        errors.limit_length("recipient_phone", self.recipient_phone.as_deref().unwrap_or_default(), 40);
        errors.into_result()?;
        let trimmed = |text: Option<String>| text.unwrap_or_default().trim().to_string();
        Ok(AddressDraft {
            text: trimmed(self.address),
            city: self.city_id.map(CityId),
            label: match self.label.as_deref().map(str::trim) {
                None | Some("") => Some(AddressLabel::Home),
                Some(label) => label.parse().ok(),
            },
            recipient_name: trimmed(self.recipient_name),
            recipient_phone: trimmed(self.recipient_phone),
            landmark: trimmed(self.landmark),
        })
    }
}

/// Lists the buyer's addresses.
#[utoipa::path(operation_id = "listAddresses", get, path = "/api/addresses", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = AddressList), (status = 401, body = ErrorBody)))]
pub async fn list(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser) -> Result<Json<AddressList>, ApiError> {
    let (delivery, owner) = (state.delivery.clone(), principal.user.id);
    let addresses = blocking(move || delivery.addresses(owner)).await?;
    Ok(Json(AddressList { data: addresses.into_iter().map(|address| AddressData::new(address, locale)).collect() }))
}

/// Saves a new address (at most 20 a buyer).
#[utoipa::path(operation_id = "createAddress", post, path = "/api/addresses", tag = "account", security(("bearer" = [])), request_body = AddressForm,
    responses((status = 200, body = AddressResponse), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    Body(form): Body<AddressForm>,
) -> Result<Json<AddressResponse>, ApiError> {
    let (delivery, owner, draft) = (state.delivery.clone(), principal.user.id, form.into_domain()?);
    let address = blocking(move || delivery.add_address(owner, draft)).await?;
    Ok(Json(AddressResponse { message: text(locale, "account.address_saved", &[]), data: AddressData::new(address, locale) }))
}

/// Changes one of the buyer's addresses.
#[utoipa::path(operation_id = "updateAddress", put, path = "/api/addresses/{id}", params(("id" = i64, Path, description = "The address's id")), tag = "account",
    security(("bearer" = [])), request_body = AddressForm,
    responses((status = 200, body = AddressResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    state: Data<AppState>,
    Lang(locale): Lang,
    AuthUser(principal): AuthUser,
    id: Path<AddressId>,
    Body(form): Body<AddressForm>,
) -> Result<Json<AddressResponse>, ApiError> {
    let (delivery, owner, id, draft) = (state.delivery.clone(), principal.user.id, id.into_inner(), form.into_domain()?);
    let address = blocking(move || delivery.update_address(owner, id, draft)).await?;
    Ok(Json(AddressResponse { message: text(locale, "account.address_saved", &[]), data: AddressData::new(address, locale) }))
}

/// Removes one of the buyer's addresses; orders keep their own copy.
#[utoipa::path(operation_id = "deleteAddress", delete, path = "/api/addresses/{id}", params(("id" = i64, Path, description = "The address's id")), tag = "account",
    security(("bearer" = [])), responses((status = 200, body = MessageResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete(state: Data<AppState>, Lang(locale): Lang, AuthUser(principal): AuthUser, id: Path<AddressId>) -> Result<Json<MessageResponse>, ApiError> {
    let (delivery, owner, id) = (state.delivery.clone(), principal.user.id, id.into_inner());
    blocking(move || delivery.remove_address(owner, id)).await?;
    Ok(Json(MessageResponse { message: text(locale, "account.address_deleted", &[]) }))
}
