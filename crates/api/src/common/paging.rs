//! Lists a page at a time: the query parameters every list reads and the page position every
//! list answers.

use std::collections::HashMap;

use kernel::PageRequest;
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

use crate::common::error::ApiError;

/// Page position of a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct PageMeta {
    /// Page number, from 1.
    pub current_page: u32,
    /// Last page number.
    pub last_page: u32,
    /// Rows per page.
    pub per_page: u32,
    /// Rows in the whole list.
    pub total: u64,
}

impl<T> From<&kernel::Page<T>> for PageMeta {
    fn from(page: &kernel::Page<T>) -> Self {
        PageMeta { current_page: page.current_page, last_page: page.last_page, per_page: page.per_page, total: page.total }
    }
}

/// `page` and `per_page` of every list, as the API document shows them (handlers read them
/// through [`ListParams::page`] or [`PageRequest::parse`]).
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// Page number, from 1 (default 1); Latin or Arabic-Indic digits.
    #[param(value_type = Option<String>, pattern = r"^\s*[0-9٠-٩۰-۹]*\s*$")]
    pub page: Option<u32>,
    /// Rows per page, 1 to 100 (default 20); a larger number is treated as 100.
    #[param(value_type = Option<String>, pattern = r"^\s*[0-9٠-٩۰-۹]*\s*$")]
    pub per_page: Option<u32>,
}

/// A staff list's query string: trimmed texts, and the page asked for.
pub(crate) struct ListParams(pub(crate) HashMap<String, String>);

impl ListParams {
    /// A parameter's trimmed text, if not empty.
    pub(crate) fn text(&self, name: &str) -> Option<String> {
        self.0.get(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
    }

    /// A parameter read as an id, Arabic-Indic digits allowed; anything else is an error on it.
    pub(crate) fn id(&self, errors: &mut kernel::FieldErrors, name: &str) -> Option<i64> {
        self.text(name).and_then(|value| kernel::digits::to_latin_digits(&value).parse::<i64>().map_err(|_| errors.add(name, "integer")).ok())
    }

    /// `page` and `per_page`, Arabic-Indic digits allowed; anything else is a 422.
    pub(crate) fn page(&self) -> Result<PageRequest, ApiError> {
        Ok(PageRequest::parse(self.0.get("page").map(String::as_str), self.0.get("per_page").map(String::as_str))?)
    }
}
