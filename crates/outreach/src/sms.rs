//! How many SMS parts a text takes (GSM 03.38 and 3GPP 23.040): a text of the GSM alphabet
//! goes in 7-bit septets, 160 to a single part and 153 to each part of a long one; any other
//! character (Arabic, an emoji) puts the whole text in UCS-2, 70 code units to a single part
//! and 67 to each part of a long one. The extension table's characters take two septets.

/// How the text is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::Display)]
#[strum(serialize_all = "snake_case")]
pub enum Encoding {
    /// The GSM 7-bit alphabet.
    Gsm7,
    /// UTF-16 code units.
    Ucs2,
}

/// What a text costs to send.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmsSize {
    /// How it is sent.
    pub encoding: Encoding,
    /// Its length in the encoding's units: septets, or UTF-16 code units.
    pub units: usize,
    /// How many parts one copy takes.
    pub parts: usize,
}

/// The GSM 03.38 basic alphabet (one septet each).
const GSM_BASIC: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";

/// The GSM 03.38 extension table (an escape and the character: two septets each).
const GSM_EXTENSION: &str = "\u{000C}^{}\\[~]|€";

/// The size of `text` as an SMS.
pub fn measure(text: &str) -> SmsSize {
    let septets = text.chars().try_fold(0usize, |sum, c| {
        if GSM_BASIC.contains(c) {
            Some(sum + 1)
        } else if GSM_EXTENSION.contains(c) {
            Some(sum + 2)
        } else {
            None
        }
    });
    let (encoding, units, single, each) = match septets {
        Some(septets) => (Encoding::Gsm7, septets, 160, 153),
        None => (Encoding::Ucs2, text.encode_utf16().count(), 70, 67),
    };
    let parts = match units {
        0 => 0,
        units if units <= single => 1,
        units => units.div_ceil(each),
    };
    SmsSize { encoding, units, parts }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_text_of_the_gsm_alphabet_goes_in_septets_160_then_153_a_part() {
        assert_eq!(measure(&"a".repeat(160)), SmsSize { encoding: Encoding::Gsm7, units: 160, parts: 1 });
        assert_eq!(measure(&"a".repeat(161)).parts, 2);
        assert_eq!(measure(&"a".repeat(306)).parts, 2);
        assert_eq!(measure(&"a".repeat(307)).parts, 3);
        assert_eq!(measure("Offer: 10% off seeds @ Mahsoul!").encoding, Encoding::Gsm7);
        assert_eq!(measure("").parts, 0);
    }

    #[test]
    fn the_extension_characters_take_two_septets() {
        assert_eq!(measure("€5 [sale]").units, 12);
        assert_eq!(measure(&"€".repeat(80)).parts, 1);
        assert_eq!(measure(&"€".repeat(81)).parts, 2);
    }

    #[test]
    fn arabic_goes_in_ucs2_70_then_67_a_part() {
        let arabic = "خصم على البذور";
        assert_eq!(measure(arabic).encoding, Encoding::Ucs2);
        assert_eq!(measure(&"س".repeat(70)), SmsSize { encoding: Encoding::Ucs2, units: 70, parts: 1 });
        assert_eq!(measure(&"س".repeat(71)).parts, 2);
        assert_eq!(measure(&"س".repeat(134)).parts, 2);
        assert_eq!(measure(&"س".repeat(135)).parts, 3);
    }

    #[test]
    fn one_character_outside_the_alphabet_makes_the_whole_text_ucs2() {
        let mixed = format!("{} ف", "a".repeat(100));
        assert_eq!(measure(&mixed), SmsSize { encoding: Encoding::Ucs2, units: 102, parts: 2 });
        assert_eq!(measure("Seeds 🌱").encoding, Encoding::Ucs2, "an emoji");
        assert_eq!(measure("🌱").units, 2, "an emoji is two UTF-16 units");
        assert_eq!(measure(&"🌱".repeat(35)).parts, 1);
        assert_eq!(measure(&"🌱".repeat(36)).parts, 2);
        assert_eq!(measure("Curly quotes ’").encoding, Encoding::Ucs2, "not in the GSM alphabet");
    }
}
