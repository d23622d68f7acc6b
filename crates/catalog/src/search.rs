//! Search that works for Arabic users: the same results whatever the alef or hamza form,
//! ى or ي, ة or ه, with or without tashkeel and tatweel, Arabic-Indic or Latin digits, with
//! or without the article ال, and with one typo in longer words. English is folded the same
//! way (case, plural s), and both languages are searched at once.

pub use kernel::search_text::normalize;

/// Prefixes that join the article to a word: ال and its forms after و ب ف ك ل.
const ARTICLES: [&str; 6] = ["وال", "بال", "فال", "كال", "لل", "ال"];

/// Broken plurals and their singulars, normalised (`plurals.txt`).
static PLURALS: std::sync::LazyLock<std::collections::HashMap<String, String>> = std::sync::LazyLock::new(|| {
    include_str!("plurals.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(' '))
        .map(|(plural, singular)| (normalize(plural), normalize(singular)))
        .collect()
});

/// A word without the article, when what is left has two letters or more.
fn without_article(word: &str) -> &str {
    ARTICLES.iter().find_map(|article| word.strip_prefix(article).filter(|rest| rest.chars().count() >= 2)).unwrap_or(word)
}

/// British and American spellings folded to one form, longest first: fertiliser and
/// fertilizer, sulphur and sulfur, colour and color, litre and liter.
const SPELLINGS: [(&str, &str); 6] = [("isation", "ization"), ("iser", "izer"), ("ised", "ized"), ("ise", "ize"), ("our", "or"), ("tre", "ter")];

/// A word as written, less its grammar: the article dropped from Arabic words long enough to
/// keep a stem of two letters, a plural `s` dropped from English words of four letters or more.
fn plain_stem(word: &str) -> &str {
    let word = without_article(word);
    if word.is_ascii() && word.len() >= 4 && word.ends_with('s') && !word.ends_with("ss") {
        return &word[..word.len() - 1];
    }
    word
}

/// The search form of one word: its [`plain_stem`], a broken plural turned into its singular,
/// a British spelling written the American way.
fn stem(word: &str) -> String {
    let plain = plain_stem(word);
    if let Some(singular) = PLURALS.get(plain) {
        return singular.clone();
    }
    if !plain.is_ascii() {
        return plain.to_string();
    }
    let mut english = plain.replace("sulph", "sulf");
    if english.len() >= 5
        && let Some((suffix, american)) = SPELLINGS.iter().find(|(suffix, _)| english.ends_with(suffix))
    {
        english.truncate(english.len() - suffix.len());
        english.push_str(american);
    }
    english
}

/// The search terms of a text, in order.
pub fn terms(text: &str) -> Vec<String> {
    normalize(text).split(' ').filter(|w| !w.is_empty()).map(stem).collect()
}

/// The terms a stored text is indexed under: its search terms, and each broken plural or
/// British spelling also as written, so one typed half-way or with a typo still finds it.
fn indexed_terms(text: &str) -> Vec<String> {
    let mut indexed = Vec::new();
    for word in normalize(text).split(' ').filter(|w| !w.is_empty()) {
        let (plain, term) = (plain_stem(word), stem(word));
        if plain != term {
            indexed.push(plain.to_string());
        }
        indexed.push(term);
    }
    indexed
}

/// The most characters of a query that are searched; the rest is ignored.
pub const QUERY_MAX_CHARS: usize = 200;
/// The most terms of a query that are searched.
pub const QUERY_MAX_TERMS: usize = 10;
/// The longest term that is matched with a typo. Typo candidates grow with a term's length;
/// no real word of the catalogue is longer, so the bound costs nothing and caps the work a
/// query, or a stored name, can cause.
pub const TYPO_MAX_LETTERS: usize = 24;

/// The terms of a query, bounded whatever the input: its first [`QUERY_MAX_CHARS`]
/// characters, at most [`QUERY_MAX_TERMS`] terms.
pub fn query_terms(query: &str) -> Vec<String> {
    let head: String = query.chars().take(QUERY_MAX_CHARS).collect();
    let mut words = terms(&head);
    words.truncate(QUERY_MAX_TERMS);
    words
}

/// How well one query term matches one term of a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum TermMatch {
    /// One letter off (a typo), allowed in terms of four letters or more.
    Typo,
    /// The text's term starts with the query term (the user is still typing).
    Prefix,
    /// The same term.
    Exact,
}

/// Whether `text_term` matches `query_term`, and how well.
pub fn match_term(query_term: &str, text_term: &str) -> Option<TermMatch> {
    if query_term == text_term {
        return Some(TermMatch::Exact);
    }
    let query_length = query_term.chars().count();
    if query_length >= 2 && text_term.starts_with(query_term) {
        return Some(TermMatch::Prefix);
    }
    ((4..=TYPO_MAX_LETTERS).contains(&query_length) && within_one_edit(query_term, text_term)).then_some(TermMatch::Typo)
}

/// Whether two words differ by at most one insertion, deletion, substitution or swap of
/// neighbouring letters.
fn within_one_edit(a: &str, b: &str) -> bool {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    within_one_edit_chars(&a, &b)
}

/// [`within_one_edit`] on letters already split, so an index can compare without allocating.
fn within_one_edit_chars(a: &[char], b: &[char]) -> bool {
    if a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (rest_a, rest_b) = (&a[prefix..], &b[prefix..]);
    match rest_a.len().cmp(&rest_b.len()) {
        std::cmp::Ordering::Equal => {
            rest_a.is_empty()
                || rest_a[1..] == rest_b[1..]
                || (rest_a.len() >= 2 && rest_a[0] == rest_b[1] && rest_a[1] == rest_b[0] && rest_a[2..] == rest_b[2..])
        }
        std::cmp::Ordering::Greater => rest_a[1..] == *rest_b,
        std::cmp::Ordering::Less => *rest_a == rest_b[1..],
    }
}

/// Points for a match of a given quality in a field of a given weight.
fn points(quality: TermMatch, weight: u32) -> u32 {
    weight
        * match quality {
            TermMatch::Exact => 4,
            TermMatch::Prefix => 2,
            TermMatch::Typo => 1,
        }
}

/// An inverted index over many documents: each distinct term once, with the documents (and
/// the heaviest field) it occurs in. A query looks its terms up among the distinct terms only
/// (exact and prefix matches by binary search, typos through the terms' one-letter
/// deletions), then adds up scores from the postings.
#[derive(Debug, Clone, Default)]
pub struct SearchIndex {
    terms: Vec<(String, Vec<char>)>,
    postings: Vec<Vec<(u32, u32)>>,
    /// Term ids in the order of their text: a prefix's terms sit together.
    sorted: Vec<usize>,
    /// Term ids by the term itself and by each of its one-letter deletions. Two words one
    /// edit apart share a key (the word, or one deletion of each), so typo candidates are a
    /// few lookups away instead of a scan of every term.
    deletions: std::collections::HashMap<String, Vec<usize>>,
    documents: usize,
}

/// The word itself and every word one letter shorter.
fn with_deletions(letters: &[char]) -> impl Iterator<Item = String> + '_ {
    std::iter::once(letters.iter().collect())
        .chain((0..letters.len()).map(|at| letters.iter().enumerate().filter(|&(n, _)| n != at).map(|(_, &c)| c).collect()))
}

impl SearchIndex {
    /// Indexes documents given in order; results name them by that position.
    pub fn build<'a>(documents: impl IntoIterator<Item = &'a SearchDocument>) -> SearchIndex {
        let mut positions: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        let mut index = SearchIndex::default();
        for (document, fields) in documents.into_iter().enumerate() {
            index.documents += 1;
            let document = u32::try_from(document).unwrap_or(u32::MAX);
            for (weight, terms) in &fields.fields {
                for term in terms {
                    let position = *positions.entry(term.clone()).or_insert_with(|| {
                        index.terms.push((term.clone(), term.chars().collect()));
                        index.postings.push(Vec::new());
                        index.terms.len() - 1
                    });
                    let postings = &mut index.postings[position];
                    match postings.last_mut() {
                        Some((last, best)) if *last == document => *best = (*best).max(*weight),
                        _ => postings.push((document, *weight)),
                    }
                }
            }
        }
        index.sorted = (0..index.terms.len()).collect();
        index.sorted.sort_by(|&a, &b| index.terms[a].0.cmp(&index.terms[b].0));
        for (id, (_, letters)) in index.terms.iter().enumerate() {
            // A query of four letters or more is one edit from terms of three letters or more;
            // one of at most TYPO_MAX_LETTERS from terms of at most one letter more.
            if (3..=TYPO_MAX_LETTERS + 1).contains(&letters.len()) {
                for key in with_deletions(letters) {
                    let ids = index.deletions.entry(key).or_default();
                    if ids.last() != Some(&id) {
                        ids.push(id);
                    }
                }
            }
        }
        index
    }

    /// Calls `found` with every distinct term matching `query_term`, once, and how well it
    /// does.
    fn matching_terms(&self, query_term: &str, mut found: impl FnMut(usize, TermMatch)) {
        let letters: Vec<char> = query_term.chars().collect();
        let start = self.sorted.partition_point(|&id| self.terms[id].0.as_str() < query_term);
        for &id in &self.sorted[start..] {
            let term = &self.terms[id].0;
            if term == query_term {
                found(id, TermMatch::Exact);
            } else if letters.len() >= 2 && term.starts_with(query_term) {
                found(id, TermMatch::Prefix);
            } else {
                break;
            }
        }
        if !(4..=TYPO_MAX_LETTERS).contains(&letters.len()) {
            return;
        }
        let mut candidates: Vec<usize> = with_deletions(&letters).filter_map(|key| self.deletions.get(&key)).flatten().copied().collect();
        candidates.sort_unstable();
        candidates.dedup();
        for id in candidates {
            // Terms starting with the query term were found above, as better matches.
            let (term, term_letters) = &self.terms[id];
            if !term.starts_with(query_term) && within_one_edit_chars(&letters, term_letters) {
                found(id, TermMatch::Typo);
            }
        }
    }

    /// The documents matching every query term, as (position, score) in position order;
    /// an empty query matches every document with score 0.
    pub fn search(&self, query: &[String]) -> Vec<(u32, u32)> {
        let Some((first, rest)) = query.split_first() else {
            return (0..self.documents).map(|document| (u32::try_from(document).unwrap_or(u32::MAX), 0)).collect();
        };
        let mut totals = self.term_scores(first);
        for query_term in rest {
            let scores = self.term_scores(query_term);
            // Both lists are in document order: keep the documents in both, adding the scores.
            let mut both = Vec::with_capacity(totals.len().min(scores.len()));
            let (mut i, mut j) = (0, 0);
            while let (Some(&(document, total)), Some(&(other, score))) = (totals.get(i), scores.get(j)) {
                match document.cmp(&other) {
                    std::cmp::Ordering::Less => i += 1,
                    std::cmp::Ordering::Greater => j += 1,
                    std::cmp::Ordering::Equal => {
                        both.push((document, total + score));
                        i += 1;
                        j += 1;
                    }
                }
            }
            totals = both;
        }
        totals
    }

    /// The documents matching one query term, with the points of their best match, in
    /// document order.
    fn term_scores(&self, query_term: &str) -> Vec<(u32, u32)> {
        let mut matched: Vec<(usize, TermMatch)> = Vec::new();
        self.matching_terms(query_term, |id, quality| matched.push((id, quality)));
        if let [(id, quality)] = matched[..] {
            // One term's postings are already in document order, one entry per document.
            return self.postings[id].iter().map(|&(document, weight)| (document, points(quality, weight))).collect();
        }
        let mut scores: Vec<(u32, u32)> =
            matched.iter().flat_map(|&(id, quality)| self.postings[id].iter().map(move |&(document, weight)| (document, points(quality, weight)))).collect();
        scores.sort_unstable();
        // Sorted by document then points: keep each document's last, its best.
        scores.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 = later.1;
            }
            same
        });
        scores
    }
}

/// A text to search, in fields of different weight (a product's names weigh more than its
/// description).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchDocument {
    fields: Vec<(u32, Vec<String>)>,
}

impl SearchDocument {
    /// An empty document.
    pub fn new() -> SearchDocument {
        SearchDocument::default()
    }

    /// Adds a field's text with its weight.
    pub fn field(mut self, weight: u32, text: &str) -> SearchDocument {
        self.fields.push((weight, indexed_terms(text)));
        self
    }

    /// The relevance of the document to a query: `None` unless every query term matches
    /// somewhere; higher is better (exact over prefix over typo, heavier fields first).
    pub fn score(&self, query: &[String]) -> Option<u32> {
        if query.is_empty() {
            return Some(0);
        }
        let mut total = 0;
        for query_term in query {
            let best = self
                .fields
                .iter()
                .flat_map(|(weight, field)| field.iter().filter_map(move |term| match_term(query_term, term).map(|quality| points(quality, *weight))))
                .max()?;
            total += best;
        }
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fertiliser() -> SearchDocument {
        SearchDocument::new().field(3, "أسمدة عضوية طبيعية").field(3, "Organic Fertilisers").field(1, "سماد عضوي للتربة الرملية")
    }

    fn finds(query: &str) -> bool {
        fertiliser().score(&terms(query)).is_some()
    }

    #[test]
    fn a_broken_plural_finds_its_singular_and_back() {
        let compost = SearchDocument::new().field(3, "سماد بلدي");
        assert!(compost.score(&terms("اسمده")).is_some(), "أسمدة typed without hamza finds سماد");
        assert!(fertiliser().score(&terms("سماد")).is_some(), "سماد finds أسمدة");
        let seeds = SearchDocument::new().field(3, "بذور طماطم");
        assert!(seeds.score(&terms("بذرة")).is_some() && seeds.score(&terms("البذور")).is_some());
        assert!(seeds.score(&terms("بذر")).is_some(), "a word still being typed");
    }

    #[test]
    fn british_and_american_spellings_are_one_word() {
        assert_eq!(terms("Fertilisers"), terms("fertilizer"));
        assert_eq!(terms("sulphur"), terms("Sulfur"));
        assert_eq!(terms("colour litre"), terms("color liter"));
        assert!(finds("fertlizer"), "a dropped letter in the middle of the American spelling");
        assert_eq!(terms("rose"), ["rose"], "short words keep their ending");
    }

    #[test]
    fn alef_and_hamza_forms_are_one_letter() {
        assert_eq!(normalize("أإآٱا"), "ااااا");
        assert!(finds("اسمدة") && finds("إسمدة") && finds("آسمدة"));
    }

    #[test]
    fn ya_and_alef_maqsura_and_ta_marbuta_and_ha_match() {
        assert_eq!(normalize("مستشفى"), normalize("مستشفي"));
        assert_eq!(normalize("عضوية"), normalize("عضويه"));
        assert!(finds("اسمده"), "the search typed as اسمده finds أسمدة");
    }

    #[test]
    fn tashkeel_and_tatweel_are_ignored() {
        assert_eq!(normalize("أَسْمِدَة"), "اسمده");
        assert_eq!(normalize("أســـمدة"), "اسمده");
        assert!(finds("أَسْمِدَةٌ") && finds("اســمدة"));
    }

    #[test]
    fn arabic_indic_and_latin_digits_are_the_same() {
        assert_eq!(normalize("NPK ٢٠-٢٠-٢٠"), "npk 20 20 20");
        let document = SearchDocument::new().field(1, "سماد NPK 20-20-20");
        assert!(document.score(&terms("٢٠")).is_some());
    }

    #[test]
    fn the_article_is_optional() {
        assert_eq!(terms("الأسمدة والبذور للتربة"), vec!["سماد", "بذره", "تربه"]);
        assert!(finds("الاسمدة") && finds("العضوية"));
        assert_eq!(terms("ال"), vec!["ال"], "a bare article stays");
        assert_eq!(terms("الم"), vec!["الم"], "too short to be article and stem");
    }

    #[test]
    fn one_typo_is_forgiven_in_longer_words_only() {
        assert!(finds("اسمدت"), "a substitution");
        assert!(finds("organc"), "a deletion");
        assert!(finds("orgaanic"), "an insertion");
        assert!(finds("fertilsiers"), "a swap");
        assert!(!finds("اسمتت"), "two typos");
        assert!(within_one_edit("abc", "abd"));
        assert_eq!(match_term("abc", "abd"), None, "short words need the exact letters");
        assert_eq!(match_term("بذر", "بذو"), None);
    }

    #[test]
    fn english_is_folded_too_and_both_languages_search_at_once() {
        assert!(finds("ORGANIC fertiliser"));
        assert!(finds("organic اسمده"));
        assert!(finds("fert"), "a prefix while typing");
        assert!(!finds("pesticide"));
    }

    #[test]
    fn the_index_scores_as_each_document_does() {
        let documents = [
            fertiliser(),
            SearchDocument::new().field(3, "بذور طماطم").field(3, "Tomato seeds"),
            SearchDocument::new().field(3, "مبيد فطري").field(1, "للطماطم والخيار"),
        ];
        let index = SearchIndex::build(&documents);
        for query in ["اسمده", "طماطم", "tomatto", "organic اسمده", "seed", "", "tractor", "عضو", "ا", "fertilsiers", "للطماطمم"] {
            let expected: Vec<(u32, u32)> = (0..).zip(&documents).filter_map(|(n, d)| d.score(&terms(query)).map(|score| (n, score))).collect();
            assert_eq!(index.search(&terms(query)), expected, "{query}");
        }
    }

    #[test]
    fn the_index_finds_every_one_edit_variant_the_documents_do() {
        let words = ["أسمدة", "عضوية", "طماطم", "بوتاسيوم", "fertiliser", "compost", "4242", "بيتموس"];
        let documents: Vec<SearchDocument> = words.windows(3).map(|w| SearchDocument::new().field(3, &w.join(" ")).field(1, "2026 وصف")).collect();
        let index = SearchIndex::build(&documents);
        for word in words.map(normalize) {
            let letters: Vec<char> = word.chars().collect();
            let mut variants = Vec::new();
            for at in 0..letters.len() {
                let mut deleted = letters.clone();
                deleted.remove(at);
                variants.push(deleted);
                let mut changed = letters.clone();
                changed[at] = 'ق';
                variants.push(changed);
                let mut inserted = letters.clone();
                inserted.insert(at, 'x');
                variants.push(inserted);
                if at + 1 < letters.len() {
                    let mut swapped = letters.clone();
                    swapped.swap(at, at + 1);
                    variants.push(swapped);
                }
            }
            for variant in variants.iter().map(|v| v.iter().collect::<String>()) {
                let query = vec![variant.clone()];
                let expected: Vec<(u32, u32)> = (0..).zip(&documents).filter_map(|(n, d)| d.score(&query).map(|score| (n, score))).collect();
                assert_eq!(index.search(&query), expected, "{variant}");
            }
        }
    }

    #[test]
    fn every_query_term_must_match() {
        assert!(!finds("اسمدة كيماوية"));
    }

    #[test]
    fn exact_matches_rank_above_prefixes_and_typos_and_names_above_descriptions() {
        let exact = fertiliser().score(&terms("عضوية")).unwrap_or_default();
        let prefix = fertiliser().score(&terms("عضو")).unwrap_or_default();
        let typo = fertiliser().score(&terms("عضوبة")).unwrap_or_default();
        assert!(exact > prefix && prefix > typo, "{exact} {prefix} {typo}");
        let in_description = fertiliser().score(&terms("رملية")).unwrap_or_default();
        assert!(exact > in_description);
    }

    #[test]
    fn a_query_is_bounded_in_characters_and_terms_whatever_its_length() {
        let many = "سماد ".repeat(50);
        assert_eq!(query_terms(&many).len(), QUERY_MAX_TERMS);
        let one_long_word = "ب".repeat(65_000);
        let words = query_terms(&one_long_word);
        assert_eq!(words.len(), 1);
        assert_eq!(words[0].chars().count(), QUERY_MAX_CHARS);
    }

    #[test]
    fn long_terms_are_matched_exactly_or_by_prefix_but_never_expanded_for_typos() {
        let long = "ب".repeat(TYPO_MAX_LETTERS + 5);
        let document = SearchDocument::new().field(1, &long);
        let index = SearchIndex::build([&document]);
        assert_eq!(index.search(&terms(&long)).len(), 1, "exact");
        assert_eq!(index.search(&terms(&long[..long.len() - 2])).len(), 1, "prefix");
        let typo = format!("{}ت", "ب".repeat(TYPO_MAX_LETTERS + 4));
        assert!(index.search(&terms(&typo)).is_empty(), "no typo expansion past the bound");
        assert!(index.deletions.is_empty(), "no deletions stored for a long term");
    }

    #[test]
    fn a_stored_hundred_thousand_letter_word_indexes_in_linear_work() {
        let huge = "س".repeat(100_000);
        let document = SearchDocument::new().field(3, &huge).field(1, "سماد");
        let index = SearchIndex::build([&document]);
        assert!(index.deletions.keys().all(|key| key.chars().count() <= TYPO_MAX_LETTERS + 1));
        assert_eq!(index.search(&query_terms("سماد")).len(), 1);
    }
}
