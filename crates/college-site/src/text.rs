//! What characters the site keeps in text people type. No control character: NUL, which
//! PostgreSQL refuses (SQLite would keep it, and both backends must take the same writes),
//! and the others, which no person types; line breaks and tabs only where text has lines. In
//! names, no bidirectional control either: U+202E and its kin reorder what follows, so a name
//! could show the staff area, or a mail, text its owner never wrote.

/// The bidirectional embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether a one-line text, such as a name, holds a character no name may: a control
/// character, a line or paragraph separator, or a bidirectional control.
pub fn unfit_for_a_name(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') || is_bidi_control(c))
}

/// Whether a text with lines (a message) holds a control character other than a line break
/// or a tab.
pub fn has_stray_control(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_one_plain_line() {
        assert!(!unfit_for_a_name("Asha Rao"));
        assert!(!unfit_for_a_name("अशा राव"));
        assert!(!unfit_for_a_name("محمد"));
        for bad in [
            "a\u{0}b",
            "a\nb",
            "a\u{2028}b",
            "evil\u{202E}txt.exe",
            "a\u{2067}b",
        ] {
            assert!(unfit_for_a_name(bad), "{bad:?}");
        }
    }

    #[test]
    fn messages_keep_their_lines_and_lose_the_rest() {
        assert!(!has_stray_control("Dear office,\r\n\tthank you.\n"));
        assert!(has_stray_control("a\u{0}b"));
        assert!(has_stray_control("bell\u{7}"));
    }
}
