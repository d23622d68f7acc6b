//! The cart: the lines a signed-in buyer keeps on the server, priced at today's prices, with
//! their weight and the shipping extra of the weight rule (design §4, §4a, §5). A guest's
//! cart lives in the browser and is merged in on sign-in ([`CartService::transfer`]).
//!
//! The cart knows products only through its [`ports::PriceList`] port (wired to the catalogue
//! in `server`) and keeps lines through [`ports::CartStore`] (the `store` adapter).

pub mod error;
pub mod line;
pub mod ports;
pub mod service;
pub mod view;

pub use error::CartError;
pub use line::{CartLine, MAX_LINES, MAX_QUANTITY};
pub use ports::{CartStore, PriceList, PricedProduct};
pub use service::CartService;
pub use view::{CartView, PricedLine};
