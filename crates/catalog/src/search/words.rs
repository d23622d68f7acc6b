//! The forms a word is searched under: its stem (Arabic light stemming with guards and the
//! shop's broken plurals; English spelt the American way, then Snowball's stem), the form it
//! was written in, and the spellings Egyptians use for letters they say alike.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use kernel::search_text::normalize;

/// Prefixes that join the article to a word (Lucene's Arabic stemmer's, less the lone و,
/// which would cut ورد and وردة).
const ARTICLES: [&str; 6] = ["وال", "بال", "فال", "كال", "لل", "ال"];

/// Suffixes the light stemmer takes off, longest first (Lucene's, written as `normalize`
/// writes them: ة as ه).
const SUFFIXES: [&str; 8] = ["ها", "ان", "ات", "ون", "ين", "يه", "ه", "ي"];

/// The fewest letters a suffix may leave: Arabic roots have three, and shorter stems would
/// join unrelated words (هجين is not هج).
const SHORTEST_STEM: usize = 3;

/// Lines of two words, both normalised: the first, then what it is searched as.
fn pairs(text: &str) -> HashMap<String, String> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(' '))
        .map(|(word, searched_as)| (normalize(word), normalize(searched_as)))
        .collect()
}

/// Broken plurals and their singulars (`plurals.txt`): Arabic forms these plurals inside the
/// word (بذرة → بذور), which no suffix rule undoes.
static PLURALS: LazyLock<HashMap<String, String>> = LazyLock::new(|| pairs(include_str!("plurals.txt")));

/// Words the stemmer leaves whole (`whole_words.txt`).
static WHOLE_WORDS: LazyLock<HashSet<String>> =
    LazyLock::new(|| include_str!("whole_words.txt").lines().filter(|line| !line.starts_with('#') && !line.is_empty()).map(normalize).collect());

/// Snowball's English stemmer (Porter 2).
static ENGLISH: LazyLock<rust_stemmers::Stemmer> = LazyLock::new(|| rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English));

/// British spellings inside words and their American forms: sulphur, colour, aluminium.
const BRITISH_SPELLINGS: [(&str, &str); 8] = [
    ("sulph", "sulf"),
    ("colour", "color"),
    ("flavour", "flavor"),
    ("odour", "odor"),
    ("aluminium", "aluminum"),
    ("mould", "mold"),
    ("plough", "plow"),
    ("grey", "gray"),
];

/// British endings and their American forms, longest first: fertiliser, micronised, litre.
const BRITISH_ENDINGS: [(&str, &str); 10] = [
    ("isations", "izations"),
    ("isation", "ization"),
    ("isers", "izers"),
    ("ising", "izing"),
    ("iser", "izer"),
    ("ised", "ized"),
    ("ises", "izes"),
    ("ise", "ize"),
    ("tres", "ters"),
    ("tre", "ter"),
];

/// The letters Egyptians write for one they say alike: ذ as د or ز (درة for ذرة), ث as ت or
/// س, ظ as ض or ز, ق as ء or ا.
const SAID_ALIKE: [(char, [char; 2]); 4] = [('ذ', ['د', 'ز']), ('ث', ['ت', 'س']), ('ظ', ['ض', 'ز']), ('ق', ['ء', 'ا'])];

/// The most such letters one word is varied on (each triples the variants).
const SAID_ALIKE_MOST: usize = 3;

/// An English word spelt the American way, so both spellings are one word.
pub(super) fn american(word: &str) -> String {
    let mut word = word.to_string();
    for (british, american) in BRITISH_SPELLINGS {
        if word.contains(british) {
            word = word.replacen(british, american, 1);
        }
    }
    if word.len() >= 5
        && let Some((ending, american)) = BRITISH_ENDINGS.iter().find(|(ending, _)| word.ends_with(ending))
    {
        word.truncate(word.len() - ending.len());
        word.push_str(american);
    }
    word
}

/// An Arabic word less the article, when what is left has two letters or more and the word
/// is not one kept whole.
fn without_article(word: &str) -> &str {
    if WHOLE_WORDS.contains(word) {
        return word;
    }
    ARTICLES.iter().find_map(|article| word.strip_prefix(article).filter(|rest| rest.chars().count() >= 2)).unwrap_or(word)
}

/// An Arabic word less one suffix, when at least [`SHORTEST_STEM`] letters are left and the
/// word is not one kept whole.
fn without_suffix(word: &str) -> &str {
    if WHOLE_WORDS.contains(word) {
        return word;
    }
    SUFFIXES.iter().find_map(|suffix| word.strip_suffix(suffix).filter(|rest| rest.chars().count() >= SHORTEST_STEM)).unwrap_or(word)
}

/// The search form of one normalised word: English spelt the American way and stemmed by
/// Snowball; Arabic without the article, a broken plural as its singular, less one suffix.
pub(super) fn stem(word: &str) -> String {
    if word.is_ascii() {
        return ENGLISH.stem(&american(word)).into_owned();
    }
    let word = without_article(word);
    let singular = PLURALS.get(word).map_or(word, String::as_str);
    without_suffix(singular).to_string()
}

/// Letters that join a preposition or "and" to an Arabic word (وزيت, بثمار, لنباتات).
const JOINED: [char; 5] = ['و', 'ب', 'ل', 'ف', 'ك'];

/// An Arabic word of a stored text less a joined letter, when at least three letters are
/// left: indexed beside the word, never cut from a query, so a text's وزيت is found by زيت
/// while a query's وردة still means a rose.
pub(super) fn without_joined_letter(word: &str) -> Option<&str> {
    let mut letters = word.chars();
    let first = letters.next()?;
    let rest = letters.as_str();
    (JOINED.contains(&first) && rest.chars().count() >= 3 && !WHOLE_WORDS.contains(word)).then_some(rest)
}

/// The form of a normalised word as written, which a query still being typed is a prefix
/// of: Arabic without the article, English spelt the American way.
pub(super) fn written(word: &str) -> String {
    if word.is_ascii() { american(word) } else { without_article(word).to_string() }
}

/// The ways an Egyptian may write a term whose letters they say alike, the term itself
/// excepted; none for a term with more than [`SAID_ALIKE_MOST`] such letters.
pub(super) fn said_alike(term: &str) -> Vec<String> {
    let letters: Vec<char> = term.chars().collect();
    let places: Vec<(usize, [char; 2])> =
        letters.iter().enumerate().filter_map(|(at, c)| SAID_ALIKE.iter().find(|(letter, _)| letter == c).map(|(_, alike)| (at, *alike))).collect();
    if places.is_empty() || places.len() > SAID_ALIKE_MOST {
        return Vec::new();
    }
    let mut variants = vec![letters];
    for (at, alike) in places {
        let mut more = Vec::with_capacity(variants.len() * 3);
        for variant in &variants {
            for letter in alike {
                let mut changed = variant.clone();
                changed[at] = letter;
                more.push(changed);
            }
        }
        variants.extend(more);
    }
    variants.into_iter().skip(1).map(|letters| letters.into_iter().collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stem_of(word: &str) -> String {
        stem(&normalize(word))
    }

    #[test]
    fn the_stemmer_takes_off_the_article_and_one_suffix() {
        assert_eq!(stem_of("الشتلات"), stem_of("شتلة"));
        assert_eq!(stem_of("العضوية"), stem_of("عضوي"));
        assert_eq!(stem_of("للتربة"), stem_of("تربه"));
        assert_eq!(stem_of("والنعناع"), "نعناع");
        assert_eq!(stem_of("بالطماطم"), "طماطم");
    }

    #[test]
    fn the_stemmer_leaves_short_roots_and_foreign_words_whole() {
        assert_eq!(stem_of("هجين"), "هجين", "هج is no stem");
        assert_eq!(stem_of("ذرة"), "ذره", "a three-letter word keeps its ة");
        assert_eq!(stem_of("كالسيوم"), "كالسيوم", "كال is not the article here");
        assert_eq!(stem_of("الكالسيوم"), "كالسيوم");
        assert_eq!(stem_of("زيتون"), "زيتون", "olives are not oil");
        assert_eq!(stem_of("وردة"), "ورد", "a lone و is not cut");
        assert_eq!(stem_of("ال"), "ال", "a bare article stays");
        assert_eq!(stem_of("الم"), "الم", "too short to be article and stem");
        assert_eq!(stem_of("نباتات"), "نبات", "the plural's singular keeps its root");
    }

    #[test]
    fn broken_plurals_are_searched_as_their_singulars() {
        assert_eq!(stem_of("بذور"), stem_of("بذرة"));
        assert_eq!(stem_of("أسمدة"), stem_of("سماد"));
        assert_eq!(stem_of("مصائد"), stem_of("مصيدة"));
        assert_eq!(stem_of("الحشائش"), stem_of("حشيشة"));
    }

    #[test]
    fn british_and_american_spellings_are_one_word() {
        assert_eq!(stem_of("Fertilisers"), stem_of("fertilizer"));
        assert_eq!(stem_of("sulphur"), stem_of("Sulfur"));
        assert_eq!(stem_of("colour"), stem_of("color"));
        assert_eq!(stem_of("litres"), stem_of("liters"));
        assert_eq!(stem_of("micronised"), stem_of("micronized"));
        assert_eq!(american("rise"), "rise", "short words keep their ending");
    }

    #[test]
    fn english_is_stemmed_by_snowball() {
        assert_eq!(stem_of("seeds"), "seed");
        assert_eq!(stem_of("tomatoes"), stem_of("tomato"));
        assert_eq!(stem_of("houseplants"), stem_of("houseplant"));
        assert_eq!(stem_of("ants"), "ant");
        assert_eq!(stem_of("023"), "023", "numbers stay");
    }

    #[test]
    fn letters_said_alike_give_the_spellings_egyptians_use() {
        let maize = said_alike(&normalize("ذرة"));
        assert!(maize.contains(&"دره".to_string()) && maize.contains(&"زره".to_string()), "{maize:?}");
        assert!(said_alike("ثوم").contains(&"توم".to_string()) && said_alike("ثوم").contains(&"سوم".to_string()));
        assert!(said_alike("ظهر").contains(&"ضهر".to_string()));
        assert!(said_alike("قمح").contains(&"ءمح".to_string()));
        assert_eq!(said_alike("ذذذ").len(), 26, "every mix of three letters, the word itself excepted");
        assert!(said_alike("ذذذذ").is_empty(), "bounded: four such letters are not varied");
        assert!(said_alike("طماطم").is_empty());
        assert!(!said_alike("بذور").contains(&"بذور".to_string()));
    }
}
