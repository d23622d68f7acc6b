//! The shop's synonyms: groups of words or phrases, in either language, that shoppers use for
//! one thing (قوطة / طماطم / tomato, سباخ بلدي / سماد عضوي). Staff keep them; a query naming
//! one member of a group is also searched with each other member in its place.

use super::{QueryTerm, query_terms};

/// The most words one member of a group may have.
pub const MEMBER_MAX_WORDS: usize = 5;
/// The most members one group may have.
pub const GROUP_MAX_MEMBERS: usize = 10;
/// The most groups a shop keeps.
pub const GROUPS_MAX: usize = 500;
/// The most queries one search becomes with its synonyms in place (bounds the work a query of
/// many synonyms can cause).
pub const ALTERNATIVES_MAX: usize = 8;

/// A group as staff keep it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SynonymGroup {
    /// The stored id.
    pub id: i64,
    /// The members as staff wrote them.
    pub members: Vec<String>,
}

/// The groups, each member as its query terms, ready to match a query.
#[derive(Debug, Clone, Default)]
pub struct Synonyms {
    groups: Vec<Vec<Vec<QueryTerm>>>,
}

impl Synonyms {
    /// The groups ready to match; a member that folds to no word is left out.
    pub fn new(groups: &[SynonymGroup]) -> Synonyms {
        let groups = groups
            .iter()
            .map(|group| group.members.iter().map(|member| query_terms(member)).filter(|terms| !terms.is_empty()).collect::<Vec<_>>())
            .filter(|members| members.len() >= 2)
            .collect();
        Synonyms { groups }
    }

    /// The query itself first, then the query with other members of a group in place of each
    /// member it contains (every mix of them, at most [`ALTERNATIVES_MAX`] in all).
    pub fn alternatives(&self, query: &[QueryTerm]) -> Vec<Vec<QueryTerm>> {
        // The query cut into pieces: a member of a group with the group's members as its
        // options, or one word as its only option.
        let mut pieces: Vec<Vec<&[QueryTerm]>> = Vec::new();
        let mut at = 0;
        while at < query.len() {
            let rest = &query[at..];
            let found = self.groups.iter().find_map(|members| members.iter().position(|member| starts_with(rest, member)).map(|which| (members, which)));
            let length = found.map_or(1, |(members, which)| members[which].len());
            let mut options = vec![&rest[..length]];
            if let Some((members, which)) = found {
                options.extend(members.iter().enumerate().filter(|&(other, _)| other != which).map(|(_, member)| member.as_slice()));
            }
            pieces.push(options);
            at += length;
        }
        let mut alternatives: Vec<Vec<QueryTerm>> = vec![Vec::new()];
        for options in pieces {
            let mut next = Vec::new();
            'mix: for alternative in &alternatives {
                for option in &options {
                    if next.len() == ALTERNATIVES_MAX {
                        break 'mix;
                    }
                    next.push(alternative.iter().chain(option.iter()).cloned().collect());
                }
            }
            alternatives = next;
        }
        alternatives
    }
}

/// Whether the query's words start with the member's, stem by stem.
fn starts_with(query: &[QueryTerm], member: &[QueryTerm]) -> bool {
    member.len() <= query.len() && query.iter().zip(member).all(|(typed, word)| typed.stem == word.stem)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shop() -> Synonyms {
        let group = |id, members: &[&str]| SynonymGroup { id, members: members.iter().map(|member| member.to_string()).collect() };
        Synonyms::new(&[
            group(1, &["قوطة", "طماطم", "tomato"]),
            group(2, &["سباخ بلدي", "سماد عضوي"]),
            group(3, &["نترات الأمونيوم", "ammonium nitrate"]),
            group(4, &["وحيد", "  ، "]),
        ])
    }

    fn written(alternatives: &[Vec<QueryTerm>]) -> Vec<String> {
        alternatives.iter().map(|terms| terms.iter().map(|term| term.written.as_str()).collect::<Vec<_>>().join(" ")).collect()
    }

    #[test]
    fn a_member_of_a_group_brings_the_others_in_its_place() {
        assert_eq!(written(&shop().alternatives(&query_terms("بذور قوطه"))), ["بذور قوطه", "بذور طماطم", "بذور tomato"]);
        assert_eq!(written(&shop().alternatives(&query_terms("tomatoes"))), ["tomatoes", "قوطه", "طماطم"], "any member, in any form");
    }

    #[test]
    fn phrases_bridge_phrases_and_languages() {
        assert_eq!(written(&shop().alternatives(&query_terms("سباخ بلدي ممتاز"))), ["سباخ بلدي ممتاز", "سماد عضوي ممتاز"]);
        assert_eq!(written(&shop().alternatives(&query_terms("Ammonium Nitrate"))), ["ammonium nitrate", "نترات امونيوم"]);
        assert_eq!(written(&shop().alternatives(&query_terms("سباخ"))), ["سباخ"], "half a phrase is no member");
    }

    #[test]
    fn a_query_without_members_is_itself_and_a_group_of_one_is_none() {
        assert_eq!(written(&shop().alternatives(&query_terms("كبريت زراعي"))), ["كبريت زراعي"]);
        assert_eq!(written(&shop().alternatives(&query_terms("وحيد"))), ["وحيد"]);
        assert!(shop().alternatives(&[]).iter().all(Vec::is_empty));
    }

    #[test]
    fn the_mixes_are_bounded() {
        let alternatives = shop().alternatives(&query_terms("قوطة قوطة قوطة قوطة"));
        assert_eq!(alternatives.len(), ALTERNATIVES_MAX);
        assert_eq!(written(&alternatives)[0], "قوطه قوطه قوطه قوطه", "the query as typed comes first");
    }
}
