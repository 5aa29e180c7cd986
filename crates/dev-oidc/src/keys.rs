//! The RSA key that signs ID tokens, and its public half as a JWK.

use std::fmt;
use std::sync::{Arc, OnceLock};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rsa::pkcs1::DecodeRsaPrivateKey;
use rsa::pkcs8::{DecodePrivateKey, EncodePrivateKey, LineEnding};
use rsa::rand_core::OsRng;
use rsa::signature::{RandomizedSigner, SignatureEncoding};
use rsa::traits::PublicKeyParts;
use rsa::{RsaPrivateKey, pkcs1v15};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::Error;

/// Google and most relying parties expect at least this many bits.
const KEY_BITS: usize = 2048;

/// An RS256 signing key. Cloning is cheap (the key is shared).
#[derive(Clone)]
pub struct SigningKey {
    inner: Arc<Inner>,
}

struct Inner {
    private: RsaPrivateKey,
    signer: pkcs1v15::SigningKey<Sha256>,
    kid: String,
    n: String,
    e: String,
}

impl SigningKey {
    /// Generates a new 2048-bit key. This takes a noticeable moment (most of a second even
    /// optimised), so do it once.
    pub fn generate() -> Result<Self, Error> {
        let private = RsaPrivateKey::new(&mut OsRng, KEY_BITS)
            .map_err(|e| Error::Key(format!("cannot generate an RSA key: {e}")))?;
        Ok(Self::from_private(private))
    }

    /// The key shared by every provider in this process that was given none. Generated on first
    /// use, so a test binary that starts many providers pays for one key only.
    pub fn shared() -> Result<Self, Error> {
        static SHARED: OnceLock<SigningKey> = OnceLock::new();
        if let Some(key) = SHARED.get() {
            return Ok(key.clone());
        }
        let key = Self::generate()?;
        // Another thread may have won the race; either key is fine, keep the stored one.
        Ok(SHARED.get_or_init(|| key).clone())
    }

    /// Reads an RSA private key from PEM: PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1
    /// (`BEGIN RSA PRIVATE KEY`).
    pub fn from_pem(pem: &str) -> Result<Self, Error> {
        let private = RsaPrivateKey::from_pkcs8_pem(pem)
            .or_else(|_| RsaPrivateKey::from_pkcs1_pem(pem))
            .map_err(|e| {
                Error::Key(format!(
                    "not an RSA private key in PKCS#8 or PKCS#1 PEM: {e}"
                ))
            })?;
        if private.size() * 8 < KEY_BITS {
            return Err(Error::Key(format!(
                "the RSA key has {} bits; at least {KEY_BITS} are needed",
                private.size() * 8
            )));
        }
        Ok(Self::from_private(private))
    }

    /// The private key as PKCS#8 PEM, to save it and load it again with [`SigningKey::from_pem`].
    pub fn to_pkcs8_pem(&self) -> Result<String, Error> {
        let pem = self
            .inner
            .private
            .to_pkcs8_pem(LineEnding::LF)
            .map_err(|e| Error::Key(format!("cannot encode the key: {e}")))?;
        Ok(pem.to_string())
    }

    /// The key id: the RFC 7638 thumbprint of the public key, so the same key always has the
    /// same `kid`.
    pub fn kid(&self) -> &str {
        &self.inner.kid
    }

    /// The public key as a JWK, as served at `/jwks`.
    pub fn public_jwk(&self) -> Value {
        json!({
            "kty": "RSA",
            "use": "sig",
            "alg": "RS256",
            "kid": self.inner.kid,
            "n": self.inner.n,
            "e": self.inner.e,
        })
    }

    /// Signs `claims` as a compact RS256 JWS whose header names this key.
    pub(crate) fn sign_jwt(&self, claims: &Value) -> String {
        let header = json!({ "alg": "RS256", "typ": "JWT", "kid": self.inner.kid });
        let signing_input = format!("{}.{}", b64_json(&header), b64_json(claims));
        // The randomised form blinds the RSA operation; it yields the same PKCS#1 v1.5 signature.
        let signature = self
            .inner
            .signer
            .sign_with_rng(&mut OsRng, signing_input.as_bytes());
        format!(
            "{signing_input}.{}",
            URL_SAFE_NO_PAD.encode(signature.to_bytes())
        )
    }

    fn from_private(private: RsaPrivateKey) -> Self {
        let n = URL_SAFE_NO_PAD.encode(private.n().to_bytes_be());
        let e = URL_SAFE_NO_PAD.encode(private.e().to_bytes_be());
        // RFC 7638: the required members in lexicographic order, no whitespace.
        let canonical = format!(r#"{{"e":"{e}","kty":"RSA","n":"{n}"}}"#);
        let kid = URL_SAFE_NO_PAD.encode(Sha256::digest(canonical.as_bytes()));
        let signer = pkcs1v15::SigningKey::<Sha256>::new(private.clone());
        Self {
            inner: Arc::new(Inner {
                private,
                signer,
                kid,
                n,
                e,
            }),
        }
    }
}

impl fmt::Debug for SigningKey {
    // Never print the private key, even in test failure output.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SigningKey")
            .field("kid", &self.inner.kid)
            .finish_non_exhaustive()
    }
}

fn b64_json(value: &Value) -> String {
    URL_SAFE_NO_PAD.encode(value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pem_round_trip_keeps_the_kid() {
        let key = SigningKey::shared().unwrap();
        let pem = key.to_pkcs8_pem().unwrap();
        assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----"));
        let again = SigningKey::from_pem(&pem).unwrap();
        assert_eq!(again.kid(), key.kid());
        assert_eq!(again.public_jwk(), key.public_jwk());
    }

    #[test]
    fn reads_pkcs1_pem_too() {
        use rsa::pkcs1::EncodeRsaPrivateKey;
        let key = SigningKey::shared().unwrap();
        let pem = key.inner.private.to_pkcs1_pem(LineEnding::LF).unwrap();
        assert!(pem.starts_with("-----BEGIN RSA PRIVATE KEY-----"));
        assert_eq!(SigningKey::from_pem(&pem).unwrap().kid(), key.kid());
    }

    #[test]
    fn rejects_garbage() {
        assert!(SigningKey::from_pem("not a key").is_err());
    }

    #[test]
    fn jwt_has_three_parts_and_names_the_key() {
        let key = SigningKey::shared().unwrap();
        let jwt = key.sign_jwt(&json!({ "sub": "x" }));
        let parts: Vec<&str> = jwt.split('.').collect();
        assert_eq!(parts.len(), 3);
        let header: Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[0]).unwrap()).unwrap();
        assert_eq!(header["alg"], "RS256");
        assert_eq!(header["kid"], key.kid());
    }
}
