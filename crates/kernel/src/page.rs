//! Pagination of lists: `?page=` from 1 and `?per_page=` (default 20, at most 100).

use serde::Serialize;

/// Which page of a list is asked for, already clamped to the allowed range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    /// The page number, from 1.
    pub page: u32,
    /// Rows per page, 1 to 100.
    pub per_page: u32,
}

impl PageRequest {
    /// Rows per page when none is asked for.
    pub const DEFAULT_PER_PAGE: u32 = 20;
    /// The most rows a page may hold.
    pub const MAX_PER_PAGE: u32 = 100;

    /// Clamps what a caller asked for into a valid request.
    pub fn new(page: Option<u32>, per_page: Option<u32>) -> PageRequest {
        PageRequest { page: page.unwrap_or(1).max(1), per_page: per_page.unwrap_or(Self::DEFAULT_PER_PAGE).clamp(1, Self::MAX_PER_PAGE) }
    }

    /// Reads `page` and `per_page` as typed, Latin or Arabic-Indic digits; each that is not a
    /// number is named in the errors (rule `integer`). A number too big to hold reads as the
    /// largest, so a huge `per_page` is the largest page rather than an error.
    pub fn parse(page: Option<&str>, per_page: Option<&str>) -> Result<PageRequest, crate::FieldErrors> {
        let mut errors = crate::FieldErrors::new();
        let mut count = |field: &'static str, raw: Option<&str>| {
            let raw = raw.map(str::trim).filter(|raw| !raw.is_empty())?;
            let digits = crate::digits::to_latin_digits(raw);
            if !digits.bytes().all(|byte| byte.is_ascii_digit()) {
                errors.add(field, "integer");
                return None;
            }
            Some(digits.parse().unwrap_or(u32::MAX))
        };
        let request = PageRequest::new(count("page", page), count("per_page", per_page));
        errors.into_result().map(|()| request)
    }

    /// How many rows to skip.
    pub fn offset(self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.per_page)
    }
}

/// One page of a list and where it sits in the whole.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Page<T> {
    /// The rows of this page.
    pub data: Vec<T>,
    /// The page number, from 1.
    pub current_page: u32,
    /// The number of the last page (at least 1).
    pub last_page: u32,
    /// Rows per page.
    pub per_page: u32,
    /// Rows in the whole list.
    pub total: u64,
}

impl<T> Page<T> {
    /// Builds a page from its rows and the size of the whole list.
    pub fn new(data: Vec<T>, request: PageRequest, total: u64) -> Page<T> {
        let last_page = total.div_ceil(u64::from(request.per_page)).max(1);
        Page { data, current_page: request.page, last_page: u32::try_from(last_page).unwrap_or(u32::MAX), per_page: request.per_page, total }
    }

    /// The same page with each row turned into something else (a domain row into its answer).
    pub fn map<U>(self, row: impl FnMut(T) -> U) -> Page<U> {
        Page {
            data: self.data.into_iter().map(row).collect(),
            current_page: self.current_page,
            last_page: self.last_page,
            per_page: self.per_page,
            total: self.total,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_numbers_are_read_in_either_digits_and_huge_ones_are_clamped() {
        assert_eq!(PageRequest::parse(Some("٣"), Some("99999999999999999999")), Ok(PageRequest { page: 3, per_page: 100 }));
        assert_eq!(PageRequest::parse(None, Some(" ")), Ok(PageRequest { page: 1, per_page: 20 }));
        let errors = PageRequest::parse(Some("-1"), Some("ten")).err().unwrap_or_default();
        assert!(errors.has("page") && errors.has("per_page"));
    }

    #[test]
    fn clamps_requests_and_counts_pages() {
        assert_eq!(PageRequest::new(Some(0), Some(1000)), PageRequest { page: 1, per_page: 100 });
        let page = Page::new(vec![1, 2], PageRequest::new(Some(2), Some(2)), 5);
        assert_eq!((page.last_page, page.current_page), (3, 2));
        assert_eq!(Page::<u8>::new(vec![], PageRequest::new(None, None), 0).last_page, 1);
    }
}
