//! Schemas the derive cannot write: a text that holds one of an enum's names, so the API
//! document (and the frontend types generated from it) lists the values.

use strum::VariantNames;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

/// A text holding one of `E`'s names as the API writes them.
fn one_of<E: VariantNames>() -> Object {
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(E::VARIANTS.iter().copied())).build()
}

/// `active`, `inactive` or `expired`.
pub fn offer_status() -> Object {
    one_of::<catalog::offer::OfferStatus>()
}

/// `new` or `handled`.
pub fn contact_status() -> Object {
    one_of::<shop::ContactStatus>()
}

/// `kg` or `g`.
pub fn weight_unit() -> Object {
    one_of::<kernel::WeightUnit>()
}
