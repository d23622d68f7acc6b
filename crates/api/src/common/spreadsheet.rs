//! The shop's CSV files, written for the spreadsheets staff open them in: a cell a spreadsheet
//! would run as a formula (`=`, `+`, `-`, `@`, tab or carriage return first, as OWASP lists
//! them) starts with `'` instead, so a client named `=HYPERLINK(…)` is text; a phone is
//! written in groups (`010 1234 5678`), which no spreadsheet takes for a number, so its
//! leading 0 stays.

use actix_web::web::Bytes;
use kernel::Phone;

use crate::common::error::ApiError;

/// The characters that make a spreadsheet read a cell as a formula.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// The cell as a spreadsheet will show it, never as a formula.
pub fn safe_cell(cell: &str) -> std::borrow::Cow<'_, str> {
    if cell.starts_with(FORMULA_STARTS) { format!("'{cell}").into() } else { cell.into() }
}

/// A phone as a spreadsheet keeps it: text, in groups of 3, 4 and 4 digits.
pub fn phone_cell(phone: &Phone) -> String {
    let digits = phone.as_str();
    match (digits.get(..3), digits.get(3..7), digits.get(7..)) {
        (Some(network), Some(middle), Some(last)) => format!("{network} {middle} {last}"),
        _ => digits.to_string(),
    }
}

/// Rows of cells as CSV bytes, each cell made safe.
pub fn csv_bytes<I, R, S>(rows: I) -> Result<Bytes, ApiError>
where
    I: IntoIterator<Item = R>,
    R: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        let cells: Vec<String> = row.into_iter().map(|cell| safe_cell(cell.as_ref()).into_owned()).collect();
        writer.write_record(&cells).map_err(|error| ApiError::Internal(error.into()))?;
    }
    Ok(Bytes::from(writer.into_inner().map_err(|error| ApiError::Internal(anyhow::anyhow!("{error}")))?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_that_would_run_as_a_formula_is_text_and_others_are_untouched() {
        for formula in ["=HYPERLINK(\"http://x\")", "+20 cmd", "-1+1", "@SUM(A1)", "\tx", "\rx"] {
            assert_eq!(safe_cell(formula), format!("'{formula}"));
        }
        for plain in ["Mint seeds × 2", "سماد", "130.00", "", "a=b"] {
            assert_eq!(safe_cell(plain), plain);
        }
    }

    #[test]
    fn a_phone_is_grouped_so_its_leading_zero_stays() {
        assert_eq!(phone_cell(&Phone::parse("+201012345678").unwrap()), "010 1234 5678");
    }

    #[test]
    fn every_cell_of_every_row_is_made_safe() {
        let bytes = csv_bytes([["=1+1", "ok"], ["x", "-2"]]).unwrap();
        assert_eq!(std::str::from_utf8(&bytes).unwrap(), "'=1+1,ok\nx,'-2\n");
    }
}
