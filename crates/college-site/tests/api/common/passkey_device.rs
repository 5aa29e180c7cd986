//! A passkey device in software, for the API tests: a P-256 key made and used with `ring` (the
//! library the server's TLS already uses), answering WebAuthn's "create" and "get" as a real
//! authenticator and browser would (the CBOR, the flags, the signature over the authenticator
//! data and the client data's hash). No authenticator can be plugged in here; the browser
//! tests use Chromium's own virtual authenticator instead.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use ring::{
    rand::{SecureRandom, SystemRandom},
    signature::{ECDSA_P256_SHA256_ASN1_SIGNING, EcdsaKeyPair, KeyPair},
};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const USER_PRESENT: u8 = 0x01;
const USER_VERIFIED: u8 = 0x04;
const ATTESTED_DATA: u8 = 0x40;

pub struct PasskeyDevice {
    key: EcdsaKeyPair,
    credential_id: Vec<u8>,
    user_handle: Vec<u8>,
    counter: u32,
    /// Whether it checks its user (a fingerprint, a PIN): a passkey; else a plain security key.
    verifies_user: bool,
    /// The page the browser says it is on.
    origin: String,
}

impl PasskeyDevice {
    pub fn new(origin: &str, verifies_user: bool) -> Self {
        let rng = SystemRandom::new();
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, &rng)
            .expect("a key pair");
        let key = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, pkcs8.as_ref(), &rng)
            .expect("the key pair reads");
        let mut credential_id = vec![0u8; 32];
        rng.fill(&mut credential_id).expect("random");
        Self {
            key,
            credential_id,
            user_handle: Vec::new(),
            counter: 0,
            verifies_user,
            origin: origin.to_owned(),
        }
    }

    /// The same key, answering as if the browser were on another page (a phishing site).
    pub fn on_page(mut self, origin: &str) -> Self {
        self.origin = origin.to_owned();
        self
    }

    /// `navigator.credentials.create(options)`, answered as the page sends it to the server.
    pub fn create(&mut self, options: &Value) -> Value {
        let options = &options["publicKey"];
        let user_id = options["user"]["id"].as_str().expect("a user id");
        self.user_handle = URL_SAFE_NO_PAD.decode(user_id).expect("base64url");
        let client_data = self.client_data("webauthn.create", options);
        let mut auth_data = self.auth_data(options, ATTESTED_DATA);
        auth_data.extend_from_slice(&[0u8; 16]); // AAGUID: none told
        let id_len = u16::try_from(self.credential_id.len()).expect("short id");
        auth_data.extend_from_slice(&id_len.to_be_bytes());
        auth_data.extend_from_slice(&self.credential_id);
        auth_data.extend_from_slice(&self.cose_key());
        let mut attestation = vec![0xa3];
        attestation.extend(text("fmt"));
        attestation.extend(text("none"));
        attestation.extend(text("attStmt"));
        attestation.push(0xa0);
        attestation.extend(text("authData"));
        attestation.extend(bytes(&auth_data));
        json!({
            "id": b64(&self.credential_id),
            "rawId": b64(&self.credential_id),
            "type": "public-key",
            "response": {
                "attestationObject": b64(&attestation),
                "clientDataJSON": b64(client_data.as_bytes()),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
        })
    }

    /// `navigator.credentials.get(options)`, answered as the page sends it to the server.
    pub fn get(&mut self, options: &Value) -> Value {
        let options = &options["publicKey"];
        let allowed = options["allowCredentials"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let mine = b64(&self.credential_id);
        assert!(
            allowed.is_empty() || allowed.iter().any(|c| c["id"] == mine.as_str()),
            "the server asks for other keys: {allowed:?}"
        );
        self.counter += 1;
        let client_data = self.client_data("webauthn.get", options);
        let auth_data = self.auth_data(options, 0);
        let mut signed = auth_data.clone();
        signed.extend_from_slice(&Sha256::digest(client_data.as_bytes()));
        let signature = self
            .key
            .sign(&SystemRandom::new(), &signed)
            .expect("signed");
        json!({
            "id": mine,
            "rawId": mine,
            "type": "public-key",
            "response": {
                "authenticatorData": b64(&auth_data),
                "clientDataJSON": b64(client_data.as_bytes()),
                "signature": b64(signature.as_ref()),
                "userHandle": b64(&self.user_handle),
            },
            "clientExtensionResults": {},
        })
    }

    fn client_data(&self, kind: &str, options: &Value) -> String {
        json!({
            "type": kind,
            "challenge": options["challenge"],
            "origin": self.origin,
            "crossOrigin": false,
        })
        .to_string()
    }

    /// The relying party's hash, the flags and the counter.
    fn auth_data(&self, options: &Value, flags: u8) -> Vec<u8> {
        let rp_id = options["rp"]["id"]
            .as_str()
            .or_else(|| options["rpId"].as_str())
            .expect("the site's id");
        let mut data = Sha256::digest(rp_id.as_bytes()).to_vec();
        let verified = if self.verifies_user { USER_VERIFIED } else { 0 };
        data.push(USER_PRESENT | verified | flags);
        data.extend_from_slice(&self.counter.to_be_bytes());
        data
    }

    /// The public key as COSE: {kty: EC2, alg: ES256, crv: P-256, x, y}.
    fn cose_key(&self) -> Vec<u8> {
        let point = self.key.public_key().as_ref(); // 0x04 || x || y
        let mut key = vec![0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21];
        key.extend(bytes(&point[1..33]));
        key.push(0x22);
        key.extend(bytes(&point[33..65]));
        key
    }
}

fn b64(data: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(data)
}

/// A CBOR text string (short ones only).
fn text(value: &str) -> Vec<u8> {
    let mut out = vec![0x60 + u8::try_from(value.len()).expect("short")];
    out.extend_from_slice(value.as_bytes());
    out
}

/// A CBOR byte string.
fn bytes(value: &[u8]) -> Vec<u8> {
    let mut out = match value.len() {
        len @ 0..24 => vec![0x40 + len as u8],
        len @ 24..256 => vec![0x58, len as u8],
        len => {
            let len = u16::try_from(len).expect("under 64 KiB");
            let [high, low] = len.to_be_bytes();
            vec![0x59, high, low]
        }
    };
    out.extend_from_slice(value);
    out
}
