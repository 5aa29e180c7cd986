//! Two-step sign-in's setting: the key that seals second-factor secrets at rest
//! (`SECOND_FACTOR_KEY`), 32 random bytes in base64, never printed.

use base64::{
    Engine,
    engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD},
};
use clap::Args;

use super::{error::ConfigError, secrets::Secret};

#[derive(Debug, Args)]
pub struct SecondFactorKeyArgs {
    /// The key that seals second-factor secrets in the database: 32 random bytes in base64
    /// (`head -c 32 /dev/urandom | base64`). Keep it apart from the database's backups. Without
    /// it nobody can turn a second factor on, and the server refuses to start once any account
    /// has one.
    #[arg(long, env = "SECOND_FACTOR_KEY", hide_env_values = true)]
    pub second_factor_key: Option<Secret<String>>,
}

impl SecondFactorKeyArgs {
    /// The key, or `None` when it is unset or empty (an env file's `SECOND_FACTOR_KEY=`).
    pub fn key(self) -> Result<Option<SecondFactorKey>, ConfigError> {
        self.second_factor_key
            .filter(|key| !key.expose().trim().is_empty())
            .map(|key| SecondFactorKey::parse(key.expose()).ok_or(ConfigError::SecondFactorKey))
            .transpose()
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

    #[test]
    fn an_empty_setting_is_no_key_and_a_bad_one_is_refused() {
        let args = |value: &str| SecondFactorKeyArgs {
            second_factor_key: Some(value.into()),
        };
        assert!(args(" ").key().expect("empty is unset").is_none());
        let error = args("short").key().expect_err("refused");
        assert!(error.to_string().contains("32 random bytes"), "{error}");
    }
}
