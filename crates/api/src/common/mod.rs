//! What every resource of the API uses: reading requests, the one error mapping, the message
//! catalogues, lists a page at a time, lenient reading of older clients' bodies.

pub mod agronomy;
pub mod answers;
pub mod error;
pub mod extract;
pub mod idempotency;
pub mod lenient;
pub mod messages;
pub mod methods;
pub mod orders;
pub mod paging;
pub mod schema;
pub mod spreadsheet;
pub mod text;
