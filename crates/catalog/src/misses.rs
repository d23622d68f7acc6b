//! The searches that found nothing, kept so the shop learns what its buyers type: the text as
//! search folds it, its language, how many times and when last — nothing about who searched.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use kernel::{Locale, Page, PageRequest};

use crate::search::{QUERY_MAX_CHARS, normalize};
use crate::service::CatalogError;

/// The most searches kept; the least recent goes when another comes.
pub const MISSES_KEPT: i64 = 1000;

/// A search that found nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchMiss {
    /// The stored id.
    pub id: i64,
    /// The text as search folds it.
    pub text: String,
    /// The storefront's language at the time: `ar` or `en`.
    pub language: String,
    /// How many times it found nothing.
    pub searches: i64,
    /// When it last found nothing.
    pub last_searched_at: DateTime<Utc>,
}

/// Where the searches that found nothing are kept.
#[cfg_attr(test, mockall::automock)]
pub trait MissedSearches: Send + Sync {
    /// Counts one more search of this text and language at `at`, adding it when new and
    /// dropping the least recent beyond [`MISSES_KEPT`].
    fn record(&self, text: &str, language: &str, at: DateTime<Utc>) -> anyhow::Result<()>;
    /// One page of them, the most recent first.
    fn list(&self, page: PageRequest) -> anyhow::Result<Page<SearchMiss>>;
    /// Forgets one; false when there is none.
    fn forget(&self, id: i64) -> anyhow::Result<bool>;
}

/// The use cases over the searches that found nothing.
pub struct SearchMisses {
    store: Arc<dyn MissedSearches>,
}

impl SearchMisses {
    /// The use cases over their port.
    pub fn new(store: Arc<dyn MissedSearches>) -> SearchMisses {
        SearchMisses { store }
    }

    /// Keeps a search that found nothing: its first [`QUERY_MAX_CHARS`] characters folded as
    /// search folds them (so اسمده and أسمدة are one), nothing for a text with no words.
    pub fn record(&self, text: &str, locale: Locale, at: DateTime<Utc>) -> Result<(), CatalogError> {
        let head: String = text.chars().take(QUERY_MAX_CHARS).collect();
        let folded = normalize(&head);
        if folded.is_empty() {
            return Ok(());
        }
        Ok(self.store.record(&folded, locale.code(), at)?)
    }

    /// One page, the most recent first.
    pub fn list(&self, page: PageRequest) -> Result<Page<SearchMiss>, CatalogError> {
        Ok(self.store.list(page)?)
    }

    /// Forgets one (once staff have answered it, with a synonym or a product).
    pub fn forget(&self, id: i64) -> Result<(), CatalogError> {
        if !self.store.forget(id)? {
            return Err(CatalogError::NotFound);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_is_kept_folded_and_bounded_and_an_empty_one_not_at_all() {
        let mut store = MockMissedSearches::new();
        store.expect_record().withf(|text, language, _| text == "اسمده بلدي" && language == "ar").times(1).returning(|_, _, _| Ok(()));
        store.expect_record().withf(|text, language, _| text.chars().count() == QUERY_MAX_CHARS && language == "en").times(1).returning(|_, _, _| Ok(()));
        let misses = SearchMisses::new(Arc::new(store));
        misses.record("  أسمدة  بلدي! ", Locale::Ar, Utc::now()).unwrap_or_else(|e| panic!("{e}"));
        misses.record(&"x".repeat(100_000), Locale::En, Utc::now()).unwrap_or_else(|e| panic!("{e}"));
        misses.record(" !؟ ", Locale::Ar, Utc::now()).unwrap_or_else(|e| panic!("{e}"));
    }
}
