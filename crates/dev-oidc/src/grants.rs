//! Authorization codes and access tokens, kept in memory.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::{Account, random_token};

/// What an authorization code was issued for; the token endpoint checks the exchange against it.
#[derive(Debug)]
pub(crate) struct PendingCode {
    pub client_id: String,
    pub redirect_uri: String,
    pub nonce: String,
    pub code_challenge: String,
    pub scope: String,
    pub account: Account,
    /// When the account was chosen (Unix seconds): the `auth_time` claim.
    pub auth_time: u64,
    pub expires: Instant,
}

/// Outcome of presenting a code at the token endpoint.
pub(crate) enum Taken {
    Fresh(Box<PendingCode>),
    /// Already exchanged once: per RFC 6749 §4.1.2 the tokens it gave are revoked.
    Reused,
    Unknown,
}

#[derive(Default)]
pub(crate) struct Grants {
    codes: Mutex<HashMap<String, PendingCode>>,
    /// Codes already exchanged, with the access token each gave and until when to remember them.
    used: Mutex<HashMap<String, (String, Instant)>>,
    tokens: Mutex<HashMap<String, (Account, Instant)>>,
}

impl Grants {
    pub fn issue_code(&self, pending: PendingCode) -> String {
        let code = random_token();
        let mut codes = self.codes.lock().unwrap_or_else(|e| e.into_inner());
        // Abandoned codes would otherwise pile up over a long `make run`.
        let now = Instant::now();
        codes.retain(|_, c| c.expires > now);
        codes.insert(code.clone(), pending);
        code
    }

    /// Removes the code, so it can be tried once only, whatever the outcome of the exchange.
    pub fn take_code(&self, code: &str) -> Taken {
        let pending = self
            .codes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(code);
        if let Some(pending) = pending {
            return Taken::Fresh(Box::new(pending));
        }
        let used = self
            .used
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(code);
        match used {
            Some((token, _)) => {
                self.tokens
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .remove(&token);
                Taken::Reused
            }
            None => Taken::Unknown,
        }
    }

    /// Issues an access token for `account`, remembering that `code` produced it.
    pub fn issue_token(&self, code: &str, account: Account, lifetime: Duration) -> String {
        let token = random_token();
        let now = Instant::now();
        let expires = now + lifetime;
        {
            let mut tokens = self.tokens.lock().unwrap_or_else(|e| e.into_inner());
            tokens.retain(|_, (_, until)| *until > now);
            tokens.insert(token.clone(), (account, expires));
        }
        let mut used = self.used.lock().unwrap_or_else(|e| e.into_inner());
        used.retain(|_, (_, until)| *until > now);
        used.insert(code.to_owned(), (token.clone(), expires));
        token
    }

    /// The account an unexpired access token was issued for.
    pub fn account_for(&self, token: &str) -> Option<Account> {
        let tokens = self.tokens.lock().unwrap_or_else(|e| e.into_inner());
        tokens
            .get(token)
            .filter(|(_, until)| *until > Instant::now())
            .map(|(account, _)| account.clone())
    }
}
