//! How the site's search at `/search` matches: every word of the query must be in a thing's
//! title, headings or text (in any case, anywhere in a word, so "ragg" finds "Anti-ragging");
//! a word in the title counts most, then in the headings, then in the text. Plain and
//! predictable, for a visitor without JavaScript (the box in the tutorial ranks with the
//! lessons' own index instead).

/// The longest query read: longer ones are cut here.
pub const MAX_QUERY_CHARS: usize = 100;
/// Words of a query used: a sentence typed into the box still finds its first words.
const MAX_WORDS: usize = 8;
/// The words of a snippet around the first match.
const SNIPPET_CHARS: usize = 180;

/// A query: its words, in lower case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    pub words: Vec<String>,
}

/// The query of `raw`, if it holds a word.
pub fn query(raw: &str) -> Option<Query> {
    let cut: String = raw.chars().take(MAX_QUERY_CHARS).collect();
    let words: Vec<String> = cut
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(|word| word.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .take(MAX_WORDS)
        .collect();
    (!words.is_empty()).then_some(Query { words })
}

/// Something the search can find, with its words in lower case once, for every query after.
#[derive(Debug, Clone)]
pub struct Searchable {
    pub kind: String,
    pub path: String,
    pub title: String,
    pub text: String,
    title_lower: String,
    headings_lower: String,
    text_lower: String,
}

impl Searchable {
    pub fn new(kind: &str, path: &str, title: &str, headings: &str, text: &str) -> Self {
        Self {
            kind: kind.to_owned(),
            path: path.to_owned(),
            title: title.to_owned(),
            text: text.to_owned(),
            title_lower: title.to_lowercase(),
            headings_lower: headings.to_lowercase(),
            text_lower: text.to_lowercase(),
        }
    }

    /// How well it matches `query`: none when a word is missing.
    pub fn score(&self, query: &Query) -> Option<u32> {
        query.words.iter().try_fold(0, |score, word| {
            let found = if self.title_lower.contains(word.as_str()) {
                4
            } else if self.headings_lower.contains(word.as_str()) {
                2
            } else if self.text_lower.contains(word.as_str()) {
                1
            } else {
                return None;
            };
            Some(score + found)
        })
    }
}

/// The words of `text` around the first of `query`'s words it holds (its start when none),
/// cut at word boundaries, with "…" where text was left out.
pub fn snippet(text: &str, query: &Query) -> String {
    let chars: Vec<char> = text.chars().collect();
    let lower: Vec<char> = text.to_lowercase().chars().collect();
    // Lower case may change a text's length (rarely): then the start is used.
    let first = (lower.len() == chars.len())
        .then(|| {
            query
                .words
                .iter()
                .filter_map(|word| find(&lower, word))
                .min()
        })
        .flatten()
        .unwrap_or(0);
    let mut start = first.saturating_sub(SNIPPET_CHARS / 3);
    while start > 0 && !chars[start - 1].is_whitespace() {
        start -= 1;
    }
    let mut end = (start + SNIPPET_CHARS).min(chars.len());
    while end < chars.len() && !chars[end].is_whitespace() {
        end += 1;
    }
    let words: String = chars[start..end].iter().collect();
    let before = if start > 0 { "…" } else { "" };
    let after = if end < chars.len() { "…" } else { "" };
    format!("{before}{}{after}", words.trim())
}

fn find(haystack: &[char], word: &str) -> Option<usize> {
    let needle: Vec<char> = word.chars().collect();
    haystack
        .windows(needle.len().max(1))
        .position(|window| window == needle.as_slice())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_its_first_words_in_lower_case() {
        let parsed = query("  Anti-ragging, NODAL officer? ").expect("words");
        assert_eq!(parsed.words, ["anti-ragging", "nodal", "officer"]);
        assert_eq!(query(" ,.? "), None);
        assert_eq!(
            query(&"word ".repeat(20)).expect("words").words.len(),
            MAX_WORDS
        );
        assert_eq!(
            query(&"x".repeat(500)).expect("a word").words[0].len(),
            MAX_QUERY_CHARS
        );
    }

    #[test]
    fn every_word_must_match_and_the_title_counts_most() {
        let item = Searchable::new(
            "Disclosure",
            "/disclosure/anti-ragging",
            "Anti-ragging committee and squad",
            "",
            "Dr Meera Shah, Nodal officer. Report ragging to any member.",
        );
        let score = |text: &str| item.score(&query(text).expect("words"));
        assert_eq!(score("nodal officer"), Some(2));
        assert_eq!(score("ragging nodal"), Some(5));
        assert_eq!(score("nodal hostel"), None);
        assert_eq!(score("RAGG"), Some(4));
    }

    #[test]
    fn a_snippet_shows_the_words_around_the_first_match() {
        let text = format!(
            "{} The nodal officer is Dr Meera Shah. {}",
            "Intro words. ".repeat(30),
            "More. ".repeat(60)
        );
        let shown = snippet(&text, &query("nodal").expect("a word"));
        assert!(shown.starts_with('…') && shown.ends_with('…'), "{shown}");
        assert!(
            shown.contains("The nodal officer is Dr Meera Shah."),
            "{shown}"
        );
        assert!(shown.chars().count() <= SNIPPET_CHARS + 30, "{shown}");
        assert_eq!(
            snippet("Short text.", &query("absent").expect("a word")),
            "Short text."
        );
    }
}
