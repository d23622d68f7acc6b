//! Slugs: stable, readable addresses for products and categories in either language.

/// A slug from the English name (`organic-compost-25-kg`), or from the Arabic one when there
/// is no English (`سماد-عضوي`); letters and digits only, words joined by `-`.
pub fn slugify(name_en: &str, name_ar: &str) -> String {
    let from = |name: &str| -> String {
        // Tashkeel and tatweel go; they would otherwise cut words apart.
        let lowered: String =
            kernel::digits::to_latin_digits(name).to_lowercase().chars().filter(|c| !matches!(c, '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{0640}')).collect();
        let words: Vec<String> = lowered.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_string).collect();
        words.join("-")
    };
    let english = from(name_en);
    let slug = if english.is_empty() { from(name_ar) } else { english };
    slug.chars().take(80).collect::<String>().trim_end_matches('-').to_string()
}

/// The first of `base`, `base-2`, `base-3`, … that `taken` does not hold.
pub fn unique_slug(base: &str, mut taken: impl FnMut(&str) -> bool) -> String {
    if !taken(base) {
        return base.to_string();
    }
    (2..).map(|n| format!("{base}-{n}")).find(|candidate| !taken(candidate)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_come_from_the_english_name_else_the_arabic() {
        assert_eq!(slugify("Organic Compost (25 kg)", "كمبوست عضوي"), "organic-compost-25-kg");
        assert_eq!(slugify("", "سماد عضوي ٢٥ كجم"), "سماد-عضوي-25-كجم");
        assert_eq!(slugify("", "سَمـاد عُضوي"), "سماد-عضوي", "tashkeel and tatweel do not cut words");
        assert_eq!(slugify("  NPK 20/20/20!  ", ""), "npk-20-20-20");
    }

    #[test]
    fn taken_slugs_get_a_number() {
        let taken = ["tomato-seeds", "tomato-seeds-2"];
        assert_eq!(unique_slug("tomato-seeds", |s| taken.contains(&s)), "tomato-seeds-3");
        assert_eq!(unique_slug("cucumber-seeds", |s| taken.contains(&s)), "cucumber-seeds");
    }
}
