//! Passkeys as the account page and the sign-in pages use them, for the API tests: requests
//! as a browser on `http://localhost:PORT` sends them (WebAuthn takes no IP address as a site's
//! id, and the test server runs on a loopback address), adding a passkey with a device, and
//! answering a challenge.

use college_site::store::{Actor, AuditAction, FactorChange, NewAuditEntry, PasskeyRecord};
use reqwest::{Response, StatusCode, header};
use serde_json::{Value, json};

use super::{TestApp, passkey_device::PasskeyDevice, records};

impl TestApp {
    /// `http://localhost:PORT`: this server as a browser that may use passkeys opens it.
    pub fn localhost(&self) -> String {
        let port = self.base.rsplit(':').next().expect("a port");
        format!("http://localhost:{port}")
    }

    /// `POST path` as the page at `localhost` sends it, with `cookie` when there is one.
    pub async fn post_as_localhost(
        &self,
        path: &str,
        cookie: Option<&str>,
        body: Value,
    ) -> Response {
        let origin = self.localhost();
        let host = origin.trim_start_matches("http://").to_owned();
        let mut request = self
            .client
            .post(self.url(path))
            .header(header::HOST, host)
            .header("origin", origin)
            .json(&body);
        if let Some(cookie) = cookie {
            request = request.header(header::COOKIE, cookie);
        }
        request.send().await.expect("sent")
    }

    /// Adds `device` as `kind` named `name`, the identity check answered with `proof`.
    pub async fn add_passkey(
        &self,
        cookie: &str,
        device: &mut PasskeyDevice,
        kind: &str,
        name: &str,
        proof: Value,
    ) -> Response {
        let mut ask = json!({ "kind": kind });
        ask.as_object_mut()
            .expect("an object")
            .extend(proof.as_object().expect("an object").clone());
        let challenge = self
            .post_as_localhost("/api/account/passkeys/challenge", Some(cookie), ask)
            .await;
        if challenge.status() != StatusCode::OK {
            return challenge;
        }
        let challenge: Value = challenge.json().await.expect("json");
        let credential = device.create(&challenge["options"]);
        let body = json!({ "token": challenge["token"], "name": name, "credential": credential });
        self.post_as_localhost("/api/account/passkeys", Some(cookie), body)
            .await
    }

    /// Asks for a sign-in challenge and answers it with `device`; returns the challenge's
    /// token and the answer, for the test to send (once or twice).
    pub async fn passkey_answer(
        &self,
        path: &str,
        cookie: Option<&str>,
        device: &mut PasskeyDevice,
    ) -> Value {
        let challenge = self.post_as_localhost(path, cookie, json!({})).await;
        assert_eq!(challenge.status(), StatusCode::OK, "a challenge");
        let challenge: Value = challenge.json().await.expect("json");
        json!({ "token": challenge["token"], "credential": device.get(&challenge["options"]) })
    }
}

/// A passkey of the account kept straight in the store (its key is never used).
pub async fn keep_passkey(app: &TestApp, account_id: &str, n: usize) {
    let record = PasskeyRecord {
        id: format!("kept-{n}"),
        account_id: account_id.to_owned(),
        credential_id: format!("kept-credential-{n}"),
        user_handle: "00000000-0000-4000-8000-000000000000".to_owned(),
        kind: "passkey".to_owned(),
        name: format!("Key {n}"),
        credential: "{}".to_owned(),
        created_at: i64::try_from(n).expect("small"),
        last_used_at: None,
        with_second_step: true,
    };
    let audit = NewAuditEntry {
        at: 0,
        actor: Actor::CommandLine,
        action: AuditAction::PasskeyAdded,
        target_email: None,
        target: "a kept passkey".to_owned(),
    };
    let mail = records::mail("meera@example.com", "Kept", "A kept passkey");
    let change = FactorChange {
        audit: &audit,
        mail: &mail,
    };
    app.store
        .add_passkey(&record, 10, change)
        .await
        .expect("kept");
}
