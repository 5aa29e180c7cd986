//! Two-step sign-in as its owner sets it up: the key the page shows goes into an authenticator
//! app, which here is the server's own code function (checked against RFC 6238's vectors in its
//! unit tests), run on the key as the page showed it.

use college_site::{
    accounts::second_factor::totp::{DIGITS, code_at, step_at},
    store::now_millis,
};
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{TestApp, auth_api::PASSWORD};

/// What the owner keeps after setting up: the key (in their app) and the recovery codes.
#[derive(Debug, Clone)]
pub struct Authenticator {
    pub secret: Vec<u8>,
    pub recovery_codes: Vec<String>,
    /// The code that turned it on, which no sign-in may use again.
    pub first_code: String,
}

impl Authenticator {
    /// The code the app shows `steps` time steps from now (the server takes one either side).
    pub fn code(&self, steps: i64) -> String {
        code_at(&self.secret, step_at(now_millis()) + steps, DIGITS)
    }
}

impl TestApp {
    /// Sets up two-step sign-in for the account signed in with `cookie`: asks for a key with
    /// the password (an account without one was signed in just now), "scans" it and confirms
    /// with the first code, as the account page does.
    pub async fn set_up_second_factor(&self, cookie: &str) -> Authenticator {
        let started = self
            .post_signed_in(
                "/api/account/second-factor/start",
                cookie,
                json!({ "password": PASSWORD }),
            )
            .await;
        assert_eq!(started.status(), StatusCode::OK, "started");
        let setup: Value = started.json().await.expect("json");
        let secret = base32_decode(setup["setup"]["key"].as_str().expect("a key"));
        let uri = setup["setup"]["uri"].as_str().expect("a uri");
        assert!(uri.starts_with("otpauth://totp/"), "{uri}");
        let first_code = code_at(&secret, step_at(now_millis()), DIGITS);
        let mut app = Authenticator {
            secret,
            recovery_codes: Vec::new(),
            first_code,
        };
        let confirmed = self
            .post_signed_in(
                "/api/account/second-factor/confirm",
                cookie,
                json!({ "code": app.first_code }),
            )
            .await;
        assert_eq!(confirmed.status(), StatusCode::OK, "confirmed");
        let body: Value = confirmed.json().await.expect("json");
        assert_eq!(body["status"]["on"], true);
        app.recovery_codes = body["recoveryCodes"]
            .as_array()
            .expect("codes")
            .iter()
            .map(|code| code.as_str().expect("a code").to_owned())
            .collect();
        self.authenticators
            .lock()
            .expect("not poisoned")
            .insert(cookie.to_owned(), app.clone());
        app
    }

    /// A recovery code not yet used of the account whose two-step sign-in `cookie` set up: the
    /// code for an identity check in tests that do not test codes (each works once, whatever
    /// the clock).
    pub fn recovery_code(&self, cookie: &str) -> String {
        let mut apps = self.authenticators.lock().expect("not poisoned");
        let app = apps.get_mut(cookie).expect("set up with this cookie");
        app.recovery_codes.pop().expect("a recovery code left")
    }
}

/// A key as the page shows it ("ABCD EFGH ...") back to its bytes, as an app reads it.
pub fn base32_decode(text: &str) -> Vec<u8> {
    const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let (mut buffer, mut bits, mut out) = (0u32, 0u32, Vec::new());
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        let value = ALPHABET.find(c).expect("a base32 character") as u32;
        buffer = (buffer << 5) | value;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
        }
    }
    out
}
