//! Arabic-Indic digits: customers type them on Arabic keyboards, the shop reads them as Latin.

/// Replaces Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits with Latin ones.
pub fn to_latin_digits(input: &str) -> String {
    input
        .chars()
        .map(|c| match c {
            '\u{0660}'..='\u{0669}' => char::from(b'0' + (c as u32 - 0x0660) as u8),
            '\u{06F0}'..='\u{06F9}' => char::from(b'0' + (c as u32 - 0x06F0) as u8),
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arabic_indic_and_persian_digits_become_latin() {
        assert_eq!(to_latin_digits("٠١٢٣٤٥٦٧٨٩"), "0123456789");
        assert_eq!(to_latin_digits("۰۱۲۳۴۵۶۷۸۹"), "0123456789");
        assert_eq!(to_latin_digits("abc 12"), "abc 12");
    }
}
