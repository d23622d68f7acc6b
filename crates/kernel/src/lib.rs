//! Shared value types of the shop: money, weight, locale, Egyptian phone numbers, e-mail
//! addresses, pages, the clock and field validation errors. Every domain crate builds on these.

pub mod clock;
pub mod digits;
pub mod email;
pub mod idempotency;
pub mod ids;
pub mod locale;
pub mod localized;
pub mod money;
pub mod page;
pub mod percent;
pub mod phone;
pub mod search_text;
pub mod shipping;
pub mod validation;
pub mod weight;

pub use clock::{Clock, SystemClock, shop_day, shop_day_start};
pub use email::Email;
pub use idempotency::{Earlier, IDEMPOTENCY_KEY_LIFETIME, Idempotency, IdempotencyKey, KeptAnswer, KeptAnswers, Keyed};
pub use ids::{AddressId, CategoryId, CityId, OfferId, OrderId, ProductId, UserId};
pub use locale::Locale;
pub use localized::Localized;
pub use money::Money;
pub use page::{Page, PageRequest};
pub use percent::Percent;
pub use phone::Phone;
pub use shipping::{ShippingQuote, ShippingRule};
pub use validation::FieldErrors;
pub use weight::{Weight, WeightUnit};
