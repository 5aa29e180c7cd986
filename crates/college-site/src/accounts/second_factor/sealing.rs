//! Authenticator secrets at rest: sealed with ChaCha20-Poly1305 under the key the operator
//! configures (`SECOND_FACTOR_KEY`), and bound to their account, so a copy of the database alone
//! yields no secret, and a secret moved to another account's row does not open.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use rand::RngCore;

use crate::config::{SecondFactorKey, secrets::Secret};
use ring::aead::{Aad, CHACHA20_POLY1305, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};

/// What a sealed value starts with: which scheme and key sealed it, so a later key can be added
/// beside this one.
const VERSION: &str = "v1.";

/// The key that seals and opens authenticator secrets; a [`Secret`], so `Debug` shows none of it.
#[derive(Clone, Debug)]
pub struct SealingKey(Secret<std::sync::Arc<LessSafeKey>>);

/// A sealed secret that does not open: sealed under another key or for another account, or
/// altered.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("a sealed second-factor secret does not open with SECOND_FACTOR_KEY")]
pub struct DoesNotOpen;

impl SealingKey {
    pub fn new(key: &SecondFactorKey) -> Self {
        let key = UnboundKey::new(&CHACHA20_POLY1305, key.expose())
            .expect("32 bytes is this cipher's key");
        Self(Secret::new(std::sync::Arc::new(LessSafeKey::new(key))))
    }

    /// `secret` sealed for `account_id`: a fresh random nonce, then the ciphertext and its tag.
    pub fn seal(&self, account_id: &str, secret: &[u8]) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rng().fill_bytes(&mut nonce);
        let mut sealed = secret.to_vec();
        self.0
            .expose()
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::from(account_id.as_bytes()),
                &mut sealed,
            )
            .expect("a secret of a few bytes always seals");
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        format!("{VERSION}{}", URL_SAFE_NO_PAD.encode(out))
    }

    /// The secret sealed for `account_id`, or an error when it was sealed with another key or
    /// for another account, or was altered.
    pub fn open(&self, account_id: &str, sealed: &str) -> Result<Vec<u8>, DoesNotOpen> {
        let bytes = sealed
            .strip_prefix(VERSION)
            .and_then(|rest| URL_SAFE_NO_PAD.decode(rest).ok())
            .filter(|bytes| bytes.len() > NONCE_LEN)
            .ok_or(DoesNotOpen)?;
        let (nonce, ciphertext) = bytes.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).map_err(|_| DoesNotOpen)?;
        let mut buffer = ciphertext.to_vec();
        let plain = self
            .0
            .expose()
            .open_in_place(nonce, Aad::from(account_id.as_bytes()), &mut buffer)
            .map_err(|_| DoesNotOpen)?;
        Ok(plain.to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_what_it_sealed_for_the_same_account_only() {
        let key = SealingKey::new(&SecondFactorKey::new([1; 32]));
        let sealed = key.seal("account-1", b"secret bytes");
        assert!(sealed.starts_with("v1."));
        assert_ne!(
            sealed,
            key.seal("account-1", b"secret bytes"),
            "a fresh nonce each time"
        );
        assert_eq!(
            key.open("account-1", &sealed).expect("opens"),
            b"secret bytes"
        );
        assert_eq!(key.open("account-2", &sealed), Err(DoesNotOpen));
        let other = SealingKey::new(&SecondFactorKey::new([7; 32]));
        assert_eq!(other.open("account-1", &sealed), Err(DoesNotOpen));
        let mut altered = sealed.clone();
        altered.pop();
        assert_eq!(key.open("account-1", &altered), Err(DoesNotOpen));
        for odd in ["v1.", "", "v2.AAAA", "v1.!!!"] {
            assert_eq!(key.open("account-1", odd), Err(DoesNotOpen), "{odd}");
        }
    }
}
