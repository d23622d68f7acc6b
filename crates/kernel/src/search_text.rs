//! The search form of text, shared by the catalogue's search and the staff's order search: the
//! same results whatever the alef or hamza form, ى or ي, ة or ه, tashkeel, tatweel or digits.

use crate::digits::to_latin_digits;

/// Folds text to its search form: Latin digits, lower case, one alef, ي for ى, ه for ة, و
/// and ي for their hamza seats, no tashkeel or tatweel, punctuation as spaces, single spaces.
pub fn normalize(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    for c in to_latin_digits(text).chars().flat_map(char::to_lowercase) {
        match c {
            // Tashkeel, Quranic marks and the tatweel carry no meaning for search.
            '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{06D6}'..='\u{06ED}' | '\u{0640}' => {}
            'أ' | 'إ' | 'آ' | 'ٱ' => folded.push('ا'),
            'ى' => folded.push('ي'),
            'ة' => folded.push('ه'),
            'ؤ' => folded.push('و'),
            'ئ' => folded.push('ي'),
            c if c.is_alphanumeric() => folded.push(c),
            _ => {
                if !folded.ends_with(' ') {
                    folded.push(' ');
                }
            }
        }
    }
    folded.trim().to_string()
}
