//! The one type for a value that must never be printed: passwords inside URLs, the Google client
//! secret, the second-factor key. Every secret setting is held in a [`Secret`] from the moment
//! clap reads it, so a struct that holds one can derive `Debug` and be logged whole.

use std::fmt;

use base64::{
    Engine,
    engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD},
};
use url::Url;

/// What a secret prints as, in `Debug` and `Display` alike.
pub const REDACTED: &str = "[redacted]";

/// A value that prints as [`REDACTED`]. Reading it takes [`Secret::expose`], so every place that
/// uses the value itself can be found by that name. It has no `PartialEq`: a secret compared
/// with `==` could leak through how long the comparison takes.
#[derive(Clone)]
pub struct Secret<T>(T);

impl<T> Secret<T> {
    pub fn new(value: T) -> Self {
        Self(value)
    }

    /// The value itself, for the one place that needs it (a connection, a cipher), never for a
    /// message.
    pub fn expose(&self) -> &T {
        &self.0
    }
}

impl<T> fmt::Debug for Secret<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

impl<T> fmt::Display for Secret<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

/// Lets clap read a secret setting straight into a `Secret` (and tests write `url.into()`).
impl From<String> for Secret<String> {
    fn from(value: String) -> Self {
        Self(value)
    }
}

impl From<&str> for Secret<String> {
    fn from(value: &str) -> Self {
        Self(value.to_owned())
    }
}

impl Secret<String> {
    /// The URL with its password replaced by `***`, for a message that must say which server
    /// or file is meant (`Backed up postgres://site:***@db/college to ...`): the rest of a
    /// database or SMTP URL is not secret, and the operator needs it to act on the message.
    pub fn url_without_password(&self) -> String {
        match Url::parse(&self.0) {
            Ok(mut url) if url.password().is_some() => {
                let _ = url.set_password(Some("***"));
                url.to_string()
            }
            Ok(url) => url.to_string(),
            Err(_) => "<unparsable URL>".to_owned(),
        }
    }
}

/// 32 bytes of key, held as a [`Secret`] so that its `Debug` shows none of them.
#[derive(Clone, Debug)]
pub struct SecondFactorKey(Secret<[u8; 32]>);

impl SecondFactorKey {
    pub fn new(bytes: [u8; 32]) -> Self {
        Self(Secret::new(bytes))
    }

    /// The key from base64 (standard or URL-safe, padded or not); `None` unless it is 32 bytes.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        [STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD]
            .iter()
            .find_map(|engine| engine.decode(text).ok())
            .and_then(|bytes| <[u8; 32]>::try_from(bytes).ok())
            .map(Self::new)
    }

    /// The bytes, for the cipher that seals with them.
    pub fn expose(&self) -> &[u8; 32] {
        self.0.expose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_only_the_redaction() {
        let secret = Secret::from("hunter2");
        assert_eq!(format!("{secret:?}"), REDACTED);
        assert_eq!(format!("{secret}"), REDACTED);
        assert_eq!(format!("{:?}", Some(secret.clone())), "Some([redacted])");
        assert_eq!(secret.expose(), "hunter2");
    }

    #[test]
    fn a_url_is_shown_without_its_password() {
        let url = Secret::from("postgres://site:hunter2@db.example:5432/college");
        assert_eq!(
            url.url_without_password(),
            "postgres://site:***@db.example:5432/college"
        );
        let sqlite = Secret::from("sqlite://./data/college.db");
        assert_eq!(sqlite.url_without_password(), "sqlite://./data/college.db");
        assert_eq!(
            Secret::from("not a url").url_without_password(),
            "<unparsable URL>"
        );
    }

    #[test]
    fn takes_32_bytes_in_any_base64_and_prints_none() {
        let key = SecondFactorKey::parse(&STANDARD.encode([7u8; 32])).expect("key");
        assert_eq!(key.expose(), &[7u8; 32]);
        assert!(SecondFactorKey::parse(&URL_SAFE_NO_PAD.encode([250u8; 32])).is_some());
        for bad in [
            "",
            "short",
            &STANDARD.encode([1u8; 16]),
            &STANDARD.encode([1u8; 33]),
        ] {
            assert!(SecondFactorKey::parse(bad).is_none(), "{bad}");
        }
        assert_eq!(format!("{key:?}"), "SecondFactorKey([redacted])");
    }
}
