//! The rules of a class's fields: its name, its join code, and how many of each there may be.

use std::time::Duration;

use rand::Rng;

use crate::text;

/// A class's name has 1 to this many characters.
pub const NAME_MAX: usize = 80;
/// Students in one class: a large lecture, and a bound on what one teacher's table reads.
pub const MAX_STUDENTS: i64 = 500;
/// Classes one student may belong to at once.
pub const MAX_CLASSES_JOINED: i64 = 50;
/// Classes one teacher may keep, archived ones included.
pub const MAX_CLASSES_PER_TEACHER: i64 = 100;

/// A teacher's calls to the classes API: a page that opens a class makes three, a busy
/// lesson a few a minute; a script copying its classes in a loop is slowed down.
pub const TEACH_CALLS_BURST: u32 = 60;
pub const TEACH_CALLS_REFILL: Duration = Duration::from_secs(1);

/// Tries at join codes from one connection: a lab of 80 behind one address joins at once,
/// then one try a second; guessing one of 8.5e11 codes at that pace takes millennia.
pub const JOIN_TRIES_PER_IP_BURST: u32 = 160;
pub const JOIN_TRIES_PER_IP_REFILL: Duration = Duration::from_secs(1);
/// Tries at join codes from one account: opening a link and joining take two.
pub const JOIN_TRIES_PER_ACCOUNT_BURST: u32 = 10;
pub const JOIN_TRIES_PER_ACCOUNT_REFILL: Duration = Duration::from_secs(30);

/// Join codes are read aloud and copied from a projector: no 0/O, 1/I/L look-alikes.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// 31^8, about 8.5e11 codes: guessing one is hopeless within the join limits.
pub const CODE_LENGTH: usize = 8;

/// A class's name: trimmed, 1 to [`NAME_MAX`] characters, no control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassName(String);

impl ClassName {
    pub fn parse(raw: &str) -> Option<Self> {
        let name = raw.trim();
        let length = name.chars().count();
        let ok = (1..=NAME_MAX).contains(&length) && !text::unfit_for_a_name(name);
        ok.then(|| Self(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// A join code: [`CODE_LENGTH`] characters of the code alphabet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinCode(String);

impl JoinCode {
    /// A new random code.
    pub fn generate() -> Self {
        let mut rng = rand::rng();
        let code = (0..CODE_LENGTH)
            .map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())]))
            .collect();
        Self(code)
    }

    /// A code as a student types or a link carries it: any case, spaces and dashes ignored.
    /// `None` when it cannot be a code, so that no lookup is made for it.
    pub fn parse(raw: &str) -> Option<Self> {
        let code: String = raw
            .chars()
            .filter(|c| !matches!(c, ' ' | '-'))
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let ok = code.len() == CODE_LENGTH && code.bytes().all(|b| CODE_ALPHABET.contains(&b));
        ok.then_some(Self(code))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(
            ClassName::parse("  BCA 2, division A ").map(ClassName::into_string),
            Some("BCA 2, division A".to_owned())
        );
        assert_eq!(ClassName::parse("   "), None);
        assert!(ClassName::parse(&"é".repeat(NAME_MAX)).is_some());
        assert_eq!(ClassName::parse(&"x".repeat(NAME_MAX + 1)), None);
        assert_eq!(ClassName::parse("tab\there"), None);
    }

    #[test]
    fn generated_codes_parse_back_and_avoid_look_alikes() {
        for _ in 0..200 {
            let code = JoinCode::generate();
            assert_eq!(code.as_str().len(), CODE_LENGTH);
            assert!(!code.as_str().contains(['0', 'O', '1', 'I', 'L']));
            assert_eq!(JoinCode::parse(code.as_str()), Some(code));
        }
    }

    #[test]
    fn typed_codes_ignore_case_spaces_and_dashes() {
        assert_eq!(
            JoinCode::parse("k7mx-q3pr").map(|c| c.as_str().to_owned()),
            Some("K7MXQ3PR".to_owned())
        );
        assert_eq!(
            JoinCode::parse("K7MX Q3PR").map(|c| c.as_str().to_owned()),
            Some("K7MXQ3PR".to_owned())
        );
        assert_eq!(JoinCode::parse("K7MXQ3P"), None);
        assert_eq!(JoinCode::parse("K7MXQ3P0"), None);
        assert_eq!(JoinCode::parse("K7MXQ3PRR"), None);
        assert_eq!(JoinCode::parse("Ж7MXQ3PR"), None);
    }
}
