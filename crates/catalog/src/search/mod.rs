//! Search that finds what shoppers mean, in Arabic and English at once: the same results
//! whatever the alef or hamza form, ى or ي, ة or ه, tashkeel, tatweel or digits; words
//! stemmed (the article, suffixes and the shop's broken plurals in Arabic, Snowball in
//! English, British spellings as American); letters Egyptians write alike; typos, one in words
//! of four letters or more, two from eight; and, when no product has every word, the products
//! that have the most.

mod synonyms;
mod words;

pub use synonyms::{ALTERNATIVES_MAX, GROUP_MAX_MEMBERS, GROUPS_MAX, MEMBER_MAX_WORDS, SynonymGroup, Synonyms};

pub use kernel::search_text::normalize;

/// The terms a stored text is indexed under: each word's search form, the word as written
/// when that differs, so a word typed half-way or with a typo still finds it, and an Arabic
/// word's search form less a joined و, ب, ل, ف or ك.
pub fn indexed_terms(text: &str) -> Vec<String> {
    let mut indexed = Vec::new();
    for word in normalize(text).split(' ').filter(|w| !w.is_empty()) {
        let (written, term) = (words::written(word), words::stem(word));
        if written != term {
            indexed.push(written);
        }
        indexed.push(term);
        if let Some(rest) = words::without_joined_letter(word) {
            indexed.push(words::stem(rest));
        }
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

/// One word of a query: its search form, and the form it was typed in, which a prefix or a
/// typo is also measured against (fertlizer is two letters from fertilizers, three from its
/// stem fertil).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryTerm {
    stem: String,
    written: String,
}

impl QueryTerm {
    /// The forms the word is looked up in: its stem, and as written when that differs.
    fn forms(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.stem.as_str()).chain((self.written != self.stem).then_some(self.written.as_str()))
    }
}

/// The terms of a query, bounded whatever the input: its first [`QUERY_MAX_CHARS`]
/// characters, at most [`QUERY_MAX_TERMS`] terms.
pub fn query_terms(query: &str) -> Vec<QueryTerm> {
    let head: String = query.chars().take(QUERY_MAX_CHARS).collect();
    normalize(&head)
        .split(' ')
        .filter(|word| !word.is_empty())
        .take(QUERY_MAX_TERMS)
        .map(|word| QueryTerm { stem: words::stem(word), written: words::written(word) })
        .collect()
}

/// How well one query term matches one term of a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum TermMatch {
    /// A letter or two off (a typo): one in terms of four letters or more, two from eight.
    Typo,
    /// The same term with letters Egyptians say alike written as they say them (درة, ذرة).
    SaidAlike,
    /// The text's term starts with the query term (the user is still typing).
    Prefix,
    /// The same term.
    Exact,
}

/// How many typos a query term of this many letters may carry.
fn typos_allowed(letters: usize) -> usize {
    match letters {
        4..=7 => 1,
        8..=TYPO_MAX_LETTERS => 2,
        _ => 0,
    }
}

/// Whether `text_term` matches the query term, and how well, typos included (the index
/// leaves typos out for a query term some text has exactly).
pub fn match_term(query: &QueryTerm, text_term: &str) -> Option<TermMatch> {
    if query.forms().any(|form| form == text_term) {
        return Some(TermMatch::Exact);
    }
    if query.forms().any(|form| form.chars().count() >= 2 && text_term.starts_with(form)) {
        return Some(TermMatch::Prefix);
    }
    if words::said_alike(text_term).iter().any(|variant| query.forms().any(|form| form == variant)) {
        return Some(TermMatch::SaidAlike);
    }
    let text: Vec<char> = text_term.chars().collect();
    query
        .forms()
        .any(|form| {
            let letters: Vec<char> = form.chars().collect();
            within_edits(&letters, &text, typos_allowed(letters.len()))
        })
        .then_some(TermMatch::Typo)
}

/// Whether two words differ by at most `edits` insertions, deletions, substitutions or swaps
/// of neighbouring letters (the optimal string alignment distance), in time bounded by their
/// lengths.
fn within_edits(a: &[char], b: &[char], edits: usize) -> bool {
    if edits == 0 || a.len().abs_diff(b.len()) > edits {
        return a == b;
    }
    if edits == 1 {
        return within_one_edit(a, b);
    }
    // Three rows of the distance table suffice: a swap looks two rows back.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut row = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (previous[j] + 1).min(row[j - 1] + 1).min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        if row.iter().all(|&distance| distance > edits) {
            return false;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut row);
    }
    previous[b.len()] <= edits
}

/// Whether two words differ by at most one insertion, deletion, substitution or swap of
/// neighbouring letters; linear, without allocating.
fn within_one_edit(a: &[char], b: &[char]) -> bool {
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
            TermMatch::Prefix | TermMatch::SaidAlike => 2,
            TermMatch::Typo => 1,
        }
}

/// The letters of a word as a set of 64 bits (each letter's code modulo 64): words `k` edits
/// apart differ in at most `2k` bits, which rules most terms out before counting edits.
fn letter_bits(letters: &[char]) -> u64 {
    letters.iter().fold(0, |bits, &c| bits | 1 << (u32::from(c) % 64))
}

/// An inverted index over many documents: each distinct term once, with the documents (and
/// the heaviest field) it occurs in. A query looks its terms up among the distinct terms only
/// (exact and prefix matches by binary search, spellings said alike by a table, one typo
/// through the terms' one-letter deletions, two among the terms of about the same length),
/// then adds up scores from the postings.
#[derive(Debug, Clone, Default)]
pub struct SearchIndex {
    /// Each distinct term, its letters and their [`letter_bits`].
    terms: Vec<(String, Vec<char>, u64)>,
    postings: Vec<Vec<(u32, u32)>>,
    /// Term ids in the order of their text: a prefix's terms sit together.
    sorted: Vec<usize>,
    /// Term ids by the term itself and by each of its one-letter deletions, for terms a query
    /// of four to seven letters is one edit from. Two words one edit apart share a key (the
    /// word, or one deletion of each), so candidates are a few lookups away.
    deletions: std::collections::HashMap<String, Vec<usize>>,
    /// Term ids by their length, for the terms a query of eight letters or more is two edits
    /// from.
    by_length: Vec<Vec<usize>>,
    /// Term ids by each way an Egyptian may write them (`words::said_alike`).
    said_alike: std::collections::HashMap<String, Vec<usize>>,
    documents: usize,
}

/// The word itself and every word one letter shorter.
fn with_deletions(letters: &[char]) -> impl Iterator<Item = String> + '_ {
    std::iter::once(letters.iter().collect())
        .chain((0..letters.len()).map(|at| letters.iter().enumerate().filter(|&(n, _)| n != at).map(|(_, &c)| c).collect()))
}

/// Which documents match a query, and whether they have every one of its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matches {
    /// The documents as (position, score), in position order.
    pub documents: Vec<(u32, u32)>,
    /// False when no document has every word and these have the most of them.
    pub every_word: bool,
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
                        let letters: Vec<char> = term.chars().collect();
                        let bits = letter_bits(&letters);
                        index.terms.push((term.clone(), letters, bits));
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
        index.by_length = vec![Vec::new(); TYPO_MAX_LETTERS + 3];
        for (id, (term, letters, _)) in index.terms.iter().enumerate() {
            // A query of four to seven letters is one edit from terms of three to eight.
            if (3..=8).contains(&letters.len()) {
                for key in with_deletions(letters) {
                    let ids = index.deletions.entry(key).or_default();
                    if ids.last() != Some(&id) {
                        ids.push(id);
                    }
                }
            }
            // One of eight to TYPO_MAX_LETTERS letters is two from terms two letters shorter or longer.
            if let Some(ids) = index.by_length.get_mut(letters.len()).filter(|_| letters.len() >= 6) {
                ids.push(id);
            }
            if letters.len() <= TYPO_MAX_LETTERS {
                for variant in words::said_alike(term) {
                    index.said_alike.entry(variant).or_default().push(id);
                }
            }
        }
        index
    }

    /// Calls `found` with every distinct term matching the query term and how well it does
    /// (a term may be reported more than once), typos only when no term matches exactly or
    /// said alike (a word the catalogue has is not taken for a typo of another: خيار is not
    /// خضار).
    fn matching_terms(&self, query: &QueryTerm, mut found: impl FnMut(usize, TermMatch)) {
        let mut known = false;
        for form in query.forms() {
            // Terms starting with a written form that starts with the stem were found as the
            // stem's prefixes: only the written form itself is looked for again.
            let prefixes = form == query.stem || !form.starts_with(query.stem.as_str());
            let start = self.sorted.partition_point(|&id| self.terms[id].0.as_str() < form);
            for &id in &self.sorted[start..] {
                let term = &self.terms[id].0;
                if term == form {
                    known = true;
                    found(id, TermMatch::Exact);
                } else if prefixes && form.chars().count() >= 2 && term.starts_with(form) {
                    found(id, TermMatch::Prefix);
                } else {
                    break;
                }
            }
            for &id in self.said_alike.get(form).into_iter().flatten() {
                known = true;
                found(id, TermMatch::SaidAlike);
            }
        }
        if known {
            return;
        }
        for form in query.forms() {
            let letters: Vec<char> = form.chars().collect();
            let edits = typos_allowed(letters.len());
            let mut candidates: Vec<usize> = match edits {
                0 => continue,
                1 => with_deletions(&letters).filter_map(|key| self.deletions.get(&key)).flatten().copied().collect(),
                _ => {
                    let bits = letter_bits(&letters);
                    let lengths = letters.len() - edits..=letters.len() + edits;
                    self.by_length[lengths].iter().flatten().copied().filter(|&id| (self.terms[id].2 ^ bits).count_ones() as usize <= 2 * edits).collect()
                }
            };
            candidates.sort_unstable();
            candidates.dedup();
            for id in candidates {
                // Terms starting with a form of the word were found above, as better matches.
                let (term, term_letters, _) = &self.terms[id];
                if !query.forms().any(|form| term.starts_with(form)) && within_edits(&letters, term_letters, edits) {
                    found(id, TermMatch::Typo);
                }
            }
        }
    }

    /// The documents matching every query term, as (position, score) in position order;
    /// an empty query matches every document with score 0.
    pub fn search(&self, query: &[QueryTerm]) -> Vec<(u32, u32)> {
        let Some((first, rest)) = query.split_first() else {
            return (0..self.documents).map(|document| (u32::try_from(document).unwrap_or(u32::MAX), 0)).collect();
        };
        let mut totals = self.term_scores(first);
        for query_term in rest {
            totals = both(&totals, &self.term_scores(query_term));
        }
        totals
    }

    /// The documents matching every term of one of the alternatives (a query and its
    /// synonyms' mixes, the query first), each with its best score; when none does, those
    /// matching the most terms of the query (a word the catalogue lacks does not empty the
    /// answer), each scored by the terms it matches weighed by their rarity, less those
    /// scoring under half the best (a rare word matched says more than a common one:
    /// فيرميكوليت more than زراعي).
    pub fn best_matches(&self, alternatives: &[Vec<QueryTerm>]) -> Matches {
        let Some(query) = alternatives.first() else {
            return Matches { documents: self.search(&[]), every_word: true };
        };
        let mut every = self.search(query);
        for alternative in &alternatives[1..] {
            every = either(&every, &self.search(alternative));
        }
        if !every.is_empty() || query.len() < 2 {
            return Matches { documents: every, every_word: true };
        }
        // (document, terms matched, score weighed by rarity), summed over the terms.
        let mut tally: Vec<(u32, u32, u32)> = Vec::new();
        for term in query {
            let scores = self.term_scores(term);
            let rarity = rarity(self.documents, scores.len());
            tally.extend(scores.into_iter().map(|(document, score)| (document, 1, score * rarity)));
        }
        tally.sort_unstable_by_key(|&(document, _, _)| document);
        tally.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 += later.1;
                kept.2 += later.2;
            }
            same
        });
        let most = tally.iter().map(|&(_, matched, _)| matched).max().unwrap_or(0);
        tally.retain(|&(_, matched, _)| matched == most);
        let best = tally.iter().map(|&(_, _, score)| score).max().unwrap_or(0);
        let documents = tally.into_iter().filter(|&(_, _, score)| score * 2 >= best).map(|(document, _, score)| (document, score)).collect();
        Matches { documents, every_word: false }
    }

    /// The documents matching one query term, with the points of their best match, in
    /// document order.
    fn term_scores(&self, query_term: &QueryTerm) -> Vec<(u32, u32)> {
        let mut matched: Vec<(usize, TermMatch)> = Vec::new();
        self.matching_terms(query_term, |id, quality| matched.push((id, quality)));
        if let [(id, quality)] = matched[..] {
            // One term's postings are already in document order, one entry per document.
            return self.postings[id].iter().map(|&(document, weight)| (document, points(quality, weight))).collect();
        }
        let scored = |&(id, quality): &(usize, TermMatch)| self.postings[id].iter().map(move |&(document, weight)| (document, points(quality, weight)));
        if matched.len() <= FEW_LISTS {
            // A few lists, each in document order: merged in passes over their entries.
            return matched.iter().fold(Vec::new(), |merged, term| either(&merged, &scored(term).collect::<Vec<_>>()));
        }
        self.best_per_document(matched.iter().flat_map(scored))
    }

    /// The best score of each document among `scored` (scores are at least 1), in document
    /// order: a table over every document, so the work follows the entries and the
    /// catalogue's size, never a sort of thousands of postings.
    fn best_per_document(&self, scored: impl Iterator<Item = (u32, u32)>) -> Vec<(u32, u32)> {
        let mut best = vec![0_u32; self.documents];
        for (document, score) in scored {
            if let Some(slot) = best.get_mut(document as usize) {
                *slot = (*slot).max(score);
            }
        }
        (0_u32..).zip(best).filter(|&(_, score)| score > 0).collect()
    }
}

/// Lists of matches up to which merging them pass by pass beats a table over every document.
const FEW_LISTS: usize = 4;

/// The documents in either list (each in document order), with the better score, in
/// document order.
fn either(these: &[(u32, u32)], those: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut either = Vec::with_capacity(these.len() + those.len());
    let (mut i, mut j) = (0, 0);
    while let (Some(&(document, score)), Some(&(other, other_score))) = (these.get(i), those.get(j)) {
        match document.cmp(&other) {
            std::cmp::Ordering::Less => {
                either.push((document, score));
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                either.push((other, other_score));
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                either.push((document, score.max(other_score)));
                i += 1;
                j += 1;
            }
        }
    }
    either.extend_from_slice(&these[i..]);
    either.extend_from_slice(&those[j..]);
    either
}

/// How rare a term found in `found` of `documents` documents is, as a whole-number weight
/// (sixteen times the log of their ratio, at least 1).
fn rarity(documents: usize, found: usize) -> u32 {
    let ratio = (documents as f64 + 1.0) / (found as f64 + 1.0);
    (16.0 * ratio.ln()).round().max(1.0) as u32
}

/// The documents in both lists (each in document order), their scores added.
fn both(totals: &[(u32, u32)], scores: &[(u32, u32)]) -> Vec<(u32, u32)> {
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
    both
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fertiliser() -> SearchDocument {
        SearchDocument::new().field(3, "أسمدة عضوية طبيعية").field(3, "Organic Fertilisers").field(1, "سماد عضوي للتربة الرملية")
    }

    fn finds_in(document: &SearchDocument, query: &str) -> bool {
        !SearchIndex::build([document]).search(&query_terms(query)).is_empty()
    }

    fn finds(query: &str) -> bool {
        finds_in(&fertiliser(), query)
    }

    fn score_of(query: &str) -> u32 {
        SearchIndex::build([&fertiliser()]).search(&query_terms(query)).first().map_or(0, |&(_, score)| score)
    }

    /// What the index should answer, worked out document by document: every query term must
    /// match, each at its best, typos only for a term no document has exactly or said alike.
    fn expected(documents: &[SearchDocument], query: &[QueryTerm]) -> Vec<(u32, u32)> {
        let best = |document: &SearchDocument, term: &QueryTerm, typos: bool| {
            document
                .fields
                .iter()
                .flat_map(|(weight, field)| field.iter().filter_map(move |text| match_term(term, text).map(|quality| (quality, *weight))))
                .filter(|&(quality, _)| typos || quality != TermMatch::Typo)
                .map(|(quality, weight)| points(quality, weight))
                .max()
        };
        let known: Vec<bool> = query
            .iter()
            .map(|term| {
                documents.iter().any(|d| {
                    d.fields.iter().any(|(_, field)| field.iter().any(|text| matches!(match_term(term, text), Some(TermMatch::Exact | TermMatch::SaidAlike))))
                })
            })
            .collect();
        (0..)
            .zip(documents)
            .filter_map(|(n, document)| {
                let scores: Option<Vec<u32>> = query.iter().zip(&known).map(|(term, known)| best(document, term, !known)).collect();
                scores.map(|scores| (n, scores.iter().sum()))
            })
            .collect()
    }

    #[test]
    fn a_broken_plural_finds_its_singular_and_back() {
        let compost = SearchDocument::new().field(3, "سماد بلدي");
        assert!(finds_in(&compost, "اسمده"), "أسمدة typed without hamza finds سماد");
        assert!(finds("سماد"), "سماد finds أسمدة");
        let seeds = SearchDocument::new().field(3, "بذور طماطم");
        assert!(finds_in(&seeds, "بذرة") && finds_in(&seeds, "البذور") && finds_in(&seeds, "بذره"));
        assert!(finds_in(&seeds, "بذ"), "a word still being typed");
        assert!(finds_in(&seeds, "بذو"), "a plural still being typed");
    }

    #[test]
    fn british_and_american_spellings_find_each_other() {
        assert!(finds("fertilizer") && finds("FERTILIZERS") && finds("fertiliser"));
        assert!(finds("fertlizer"), "a dropped letter in the middle of the American spelling");
        assert!(finds("fertiliz"), "the American spelling while typing");
        let sulphur = SearchDocument::new().field(3, "Agricultural sulphur");
        assert!(finds_in(&sulphur, "sulfur") && finds_in(&sulphur, "SULPHUR"));
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
        assert!(finds_in(&document, "٢٠"));
    }

    #[test]
    fn the_article_and_suffixes_are_optional() {
        let stems: Vec<String> = query_terms("الأسمدة والبذور للتربة").into_iter().map(|term| term.stem).collect();
        assert_eq!(stems, ["سماد", "بذر", "ترب"]);
        assert!(finds("الاسمدة") && finds("العضوية") && finds("عضوي") && finds("بالتربة"));
    }

    #[test]
    fn letters_said_alike_are_forgiven_where_a_typo_is_not() {
        let maize = SearchDocument::new().field(3, "تقاوي ذرة شامية");
        assert!(finds_in(&maize, "درة") && finds_in(&maize, "زرة شاميه"), "three letters: no typo allowed, but ذ said as د or ز");
        assert!(!finds_in(&maize, "برة"), "an arbitrary letter in a three-letter word is not forgiven");
        let seeds = SearchDocument::new().field(3, "بذور طماطم");
        assert!(finds_in(&seeds, "بزور") && finds_in(&seeds, "بدور"));
        let alike = SearchIndex::build([&seeds]).search(&query_terms("بزور"))[0].1;
        let typo = SearchIndex::build([&seeds]).search(&query_terms("بكور"))[0].1;
        assert!(alike > typo, "said alike {alike} above a typo {typo}");
    }

    #[test]
    fn a_letter_joined_to_a_stored_word_is_found_without_it() {
        let package = SearchDocument::new().field(1, "بذور طماطم ونترات كالسيوم وزيت نيم");
        assert!(finds_in(&package, "زيت") && finds_in(&package, "نترات") && finds_in(&package, "كالسيوم"));
        assert_eq!(query_terms("وردة")[0].stem, "ورد", "a query's و is not cut: وردة is a rose");
    }

    #[test]
    fn synonyms_find_what_the_catalogue_calls_otherwise() {
        let documents = [SearchDocument::new().field(3, "بذور طماطم").field(3, "Tomato seeds"), SearchDocument::new().field(3, "Round aubergine seeds")];
        let index = SearchIndex::build(&documents);
        let synonyms = Synonyms::new(&[
            SynonymGroup { id: 1, members: vec!["قوطة".into(), "طماطم".into()] },
            SynonymGroup { id: 2, members: vec!["eggplant".into(), "aubergine".into()] },
        ]);
        let found = |query: &str| index.best_matches(&synonyms.alternatives(&query_terms(query))).documents.iter().map(|d| d.0).collect::<Vec<_>>();
        assert_eq!(found("بذور قوطه"), [0], "an Egyptian word for tomatoes");
        assert_eq!(found("eggplant seeds"), [1], "American English");
        assert!(found("eggplnt").is_empty(), "a synonym is matched as typed, not by typo");
    }

    #[test]
    fn one_typo_in_words_of_four_to_seven_letters_two_from_eight() {
        assert!(finds("اسمدت"), "a substitution");
        assert!(finds("organc"), "a deletion");
        assert!(finds("orgaanic"), "an insertion");
        assert!(!finds("اسمتت"), "two typos in a five-letter word");
        assert_eq!(match_term(&query_terms("abc")[0], "abd"), None, "short words need the exact letters");
        let vermiculite = SearchDocument::new().field(3, "فيرميكوليت");
        assert!(finds_in(&vermiculite, "فيرمكولت"), "two letters dropped from a ten-letter word");
        assert!(finds_in(&vermiculite, "فيرمكيوليت"), "a swap");
        assert!(!finds_in(&vermiculite, "فرمكولت"), "three are too many");
        let potassium = SearchDocument::new().field(3, "Potassium sulphate");
        assert!(finds_in(&potassium, "pottasium"), "two edits in nine letters");
        assert!(within_edits(&['a', 'b', 'c', 'd'], &['b', 'a', 'd', 'c'], 2), "two swaps");
        assert!(!within_edits(&['a', 'b', 'c', 'd'], &['d', 'c', 'b', 'a'], 2));
    }

    #[test]
    fn a_word_the_catalogue_has_is_not_taken_for_a_typo_of_another() {
        let documents = [SearchDocument::new().field(3, "بذور خيار"), SearchDocument::new().field(3, "خضار طازج")];
        let index = SearchIndex::build(&documents);
        assert_eq!(index.search(&query_terms("خيار")).len(), 1, "خيار is a word: خضار is not offered for it");
        assert_eq!(index.search(&query_terms("خيارر")).len(), 1, "a typo of خيار");
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
            SearchDocument::new().field(3, "تقاوي ذرة شامية هجين").field(1, "Vermiculite"),
        ];
        let index = SearchIndex::build(&documents);
        for query in
            ["اسمده", "طماطم", "tomatto", "organic اسمده", "seed", "", "tractor", "عضو", "ا", "fertilsiers", "للطماطمم", "درة", "vermicullite", "vrmiculte"]
        {
            assert_eq!(index.search(&query_terms(query)), expected(&documents, &query_terms(query)), "{query}");
        }
    }

    #[test]
    fn the_index_finds_every_one_and_two_edit_variant_the_documents_do() {
        let words = ["أسمدة", "عضوية", "طماطم", "بوتاسيوم", "fertiliser", "compost", "4242", "بيتموس", "فيرميكوليت", "superphosphate"];
        let documents: Vec<SearchDocument> = words.windows(3).map(|w| SearchDocument::new().field(3, &w.join(" ")).field(1, "2026 وصف")).collect();
        let index = SearchIndex::build(&documents);
        for word in words.map(|word| words::written(&normalize(word))) {
            let letters: Vec<char> = word.chars().collect();
            let mut variants = Vec::new();
            for at in 0..letters.len() {
                let mut deleted = letters.clone();
                deleted.remove(at);
                variants.push(deleted.clone());
                if at + 1 < deleted.len() {
                    let mut twice = deleted.clone();
                    twice.remove(at + 1);
                    variants.push(twice);
                }
                let mut changed = letters.clone();
                changed[at] = 'ق';
                variants.push(changed.clone());
                changed[letters.len() - 1 - at] = 'x';
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
                let query = query_terms(&variant);
                assert_eq!(index.search(&query), expected(&documents, &query), "{variant}");
            }
        }
    }

    #[test]
    fn every_query_term_must_match_unless_none_has_them_all() {
        assert!(!finds("اسمدة كيماوية"));
        let documents =
            [SearchDocument::new().field(3, "بذور طماطم"), SearchDocument::new().field(3, "بذور خيار"), SearchDocument::new().field(3, "سماد عضوي")];
        let index = SearchIndex::build(&documents);
        let all = index.best_matches(&[query_terms("بذور طماطم")]);
        assert!(all.every_word);
        assert_eq!(all.documents.iter().map(|d| d.0).collect::<Vec<_>>(), [0]);
        let some = index.best_matches(&[query_terms("بذور طماطم بلدي")]);
        assert!(!some.every_word, "no product has بلدي");
        assert_eq!(some.documents.iter().map(|d| d.0).collect::<Vec<_>>(), [0], "the product with the most of the words");
        let fewer = index.best_matches(&[query_terms("بذور مصري")]);
        assert_eq!(fewer.documents.iter().map(|d| d.0).collect::<Vec<_>>(), [0, 1]);
        let rare = index.best_matches(&[query_terms("طماطم عضوي")]);
        assert_eq!(rare.documents.iter().map(|d| d.0).collect::<Vec<_>>(), [0, 2], "one word each, equally rare");
        let many = [
            SearchDocument::new().field(3, "فيرميكوليت"),
            SearchDocument::new().field(3, "بيرلايت زراعي"),
            SearchDocument::new().field(3, "جبس زراعي"),
            SearchDocument::new().field(3, "كبريت زراعي"),
        ];
        let rarer = SearchIndex::build(&many).best_matches(&[query_terms("فيرميكوليت زراعي")]);
        assert_eq!(rarer.documents.iter().map(|d| d.0).collect::<Vec<_>>(), [0], "the rare word's product, not the common word's many");
        assert_eq!(index.best_matches(&[query_terms("جرار زراعي")]), Matches { documents: vec![], every_word: false }, "nothing has any word");
        assert!(index.best_matches(&[query_terms("جرار")]).every_word, "one word is all or nothing");
    }

    #[test]
    fn exact_matches_rank_above_prefixes_and_typos_and_names_above_descriptions() {
        let exact = score_of("عضوية");
        let prefix = score_of("عضويات");
        let typo = score_of("عضوبة");
        assert!(exact > typo && prefix > typo, "{exact} {prefix} {typo}");
        let in_description = score_of("رملية");
        assert!(exact > in_description);
    }

    #[test]
    fn a_query_is_bounded_in_characters_and_terms_whatever_its_length() {
        let many = "سماد ".repeat(50);
        assert_eq!(query_terms(&many).len(), QUERY_MAX_TERMS);
        let one_long_word = "ب".repeat(65_000);
        let words = query_terms(&one_long_word);
        assert_eq!(words.len(), 1);
        assert_eq!(words[0].written.chars().count(), QUERY_MAX_CHARS);
    }

    #[test]
    fn long_terms_are_matched_exactly_or_by_prefix_but_never_expanded_for_typos() {
        let long = "ب".repeat(TYPO_MAX_LETTERS + 5);
        let document = SearchDocument::new().field(1, &long);
        let index = SearchIndex::build([&document]);
        assert_eq!(index.search(&query_terms(&long)).len(), 1, "exact");
        assert_eq!(index.search(&query_terms(&long[..long.len() - 2])).len(), 1, "prefix");
        let typo = format!("{}ت", "ب".repeat(TYPO_MAX_LETTERS + 4));
        assert!(index.search(&query_terms(&typo)).is_empty(), "no typo expansion past the bound");
        assert!(index.deletions.is_empty() && index.said_alike.is_empty(), "nothing stored for a long term");
    }

    #[test]
    fn a_stored_hundred_thousand_letter_word_indexes_in_linear_work() {
        let huge = "ذ".repeat(100_000);
        let document = SearchDocument::new().field(3, &huge).field(1, "سماد");
        let index = SearchIndex::build([&document]);
        assert!(index.deletions.keys().all(|key| key.chars().count() <= 8));
        assert!(index.said_alike.is_empty());
        assert_eq!(index.search(&query_terms("سماد")).len(), 1);
    }
}
