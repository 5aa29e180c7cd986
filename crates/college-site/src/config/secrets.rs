//! The key that seals second-factor secrets at rest (`SECOND_FACTOR_KEY`): 32 random bytes in
//! base64, never printed.

use std::fmt;

use base64::{
    Engine,
    engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD},
};

/// 32 bytes of key; its `Debug` shows none of them.
#[derive(Clone, PartialEq, Eq)]
pub struct SecondFactorKey(pub [u8; 32]);

impl fmt::Debug for SecondFactorKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecondFactorKey(***)")
    }
}

impl SecondFactorKey {
    /// The key from base64 (standard or URL-safe, padded or not); `None` unless it is 32 bytes.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        [STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD]
            .iter()
            .find_map(|engine| engine.decode(text).ok())
            .and_then(|bytes| <[u8; 32]>::try_from(bytes).ok())
            .map(Self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_32_bytes_in_any_base64_and_prints_none() {
        let key = SecondFactorKey::parse(&STANDARD.encode([7u8; 32])).expect("key");
        assert_eq!(key.0, [7u8; 32]);
        assert!(SecondFactorKey::parse(&URL_SAFE_NO_PAD.encode([250u8; 32])).is_some());
        for bad in [
            "",
            "short",
            &STANDARD.encode([1u8; 16]),
            &STANDARD.encode([1u8; 33]),
        ] {
            assert_eq!(SecondFactorKey::parse(bad), None, "{bad}");
        }
        assert_eq!(format!("{key:?}"), "SecondFactorKey(***)");
    }
}
