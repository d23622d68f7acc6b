//! Staff's promo codes, one use case per function.

use std::sync::Arc;

use kernel::{Clock, FieldErrors, Page};

use crate::error::OrderingError;
use crate::ports::{PromoCodes, PromoQuery, PromoWrite};
use crate::promo::{PromoCode, PromoDraft, fold_code};

/// The promo codes staff manage.
pub struct Promotions {
    codes: Arc<dyn PromoCodes>,
    clock: Arc<dyn Clock>,
}

impl Promotions {
    /// The use cases over the codes' store.
    pub fn new(codes: Arc<dyn PromoCodes>, clock: Arc<dyn Clock>) -> Promotions {
        Promotions { codes, clock }
    }

    /// The time, for each code's status.
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.clock.now()
    }

    /// Codes by search and status, newest first.
    pub fn list(&self, query: &PromoQuery) -> Result<Page<PromoCode>, OrderingError> {
        Ok(self.codes.promos(query, self.clock.now())?)
    }

    /// One code.
    pub fn get(&self, id: i64) -> Result<PromoCode, OrderingError> {
        self.codes.promo(id)?.ok_or(OrderingError::NotFound)
    }

    /// Adds a code; its text is kept folded and must be free.
    pub fn add(&self, draft: PromoDraft) -> Result<i64, OrderingError> {
        let draft = PromoDraft { code: fold_code(&draft.code), ..draft };
        draft.check()?;
        written(self.codes.add_promo(&draft)?)
    }

    /// Changes a code; its uses so far stay counted.
    pub fn update(&self, id: i64, draft: PromoDraft) -> Result<(), OrderingError> {
        let draft = PromoDraft { code: fold_code(&draft.code), ..draft };
        draft.check()?;
        written(self.codes.update_promo(id, &draft)?).map(|_| ())
    }

    /// Switches a code on or off.
    pub fn set_active(&self, id: i64, active: bool) -> Result<(), OrderingError> {
        if self.codes.set_promo_active(id, active)? { Ok(()) } else { Err(OrderingError::NotFound) }
    }

    /// Removes a code; orders that used it keep its text.
    pub fn remove(&self, id: i64) -> Result<(), OrderingError> {
        if self.codes.remove_promo(id)? { Ok(()) } else { Err(OrderingError::NotFound) }
    }
}

/// The code's id, or why it was not written.
fn written(write: PromoWrite) -> Result<i64, OrderingError> {
    match write {
        PromoWrite::Written(id) => Ok(id),
        PromoWrite::CodeTaken => Err(FieldErrors::single("code", "code_taken").into()),
        PromoWrite::UnknownGroup => Err(FieldErrors::single("group_id", "group_unknown").into()),
        PromoWrite::Missing => Err(OrderingError::NotFound),
    }
}
