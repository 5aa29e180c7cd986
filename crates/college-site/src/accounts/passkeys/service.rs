//! The account's passkeys and security keys: the list, adding one (a challenge, then the
//! browser's answer), and removing one. A passkey checks its user (fingerprint, face, PIN)
//! and signs in alone; a security key may not, so it is only a second step beside the
//! authenticator app, and can be added only once the app is on.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use serde::{Deserialize, Serialize};
use webauthn_rs::{
    Webauthn,
    prelude::{
        Credential, PasskeyRegistration, RegisterPublicKeyCredential, SecurityKeyRegistration, Uuid,
    },
};

use super::{
    ceremony::{self, Purpose},
    mails,
};
use crate::{
    accounts::{
        domain::{AccountField, FieldError},
        error::AccountError,
        greeting::account_mail,
        second_factor::service::{ChangedBy, audit},
        session::service::has_second_factor,
        tokens::new_uid,
    },
    store::{
        Account, AddedPasskey, AuditAction, FactorChange, PasskeyRecord, SharedStore, now_millis,
    },
    text,
};

/// Passkeys and security keys one account may have.
pub const MAX_PASSKEYS: i64 = 10;
/// Characters of a passkey's name.
pub const NAME_MAX: usize = 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Checks its user: signs in alone.
    Passkey,
    /// Proves only that it is there: a second step beside the app.
    SecurityKey,
}

impl Kind {
    /// As stored and as the API says it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Passkey => "passkey",
            Kind::SecurityKey => "security-key",
        }
    }

    /// As a sentence says it.
    pub fn words(self) -> &'static str {
        match self {
            Kind::Passkey => "passkey",
            Kind::SecurityKey => "security key",
        }
    }
}

/// A passkey as the account page lists it: never its key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyView {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    /// Added by a session that passed the second step: it signs in alone even on an account
    /// that must have a factor; else, there, it is a first step and the code follows.
    pub with_second_step: bool,
}

impl From<PasskeyRecord> for PasskeyView {
    fn from(record: PasskeyRecord) -> Self {
        Self {
            id: record.id,
            name: record.name,
            kind: record.kind,
            created_at: record.created_at,
            last_used_at: record.last_used_at,
            with_second_step: record.with_second_step,
        }
    }
}

/// What the browser needs to ask its authenticator, and the token its answer comes back with.
#[derive(Debug, Serialize)]
pub struct Challenge {
    pub token: String,
    /// WebAuthn's creation or request options, as JSON (binary fields in base64url).
    pub options: serde_json::Value,
}

/// The state of an addition under way, kept server-side (see `ceremony`).
#[derive(Serialize, Deserialize)]
enum Adding {
    Passkey {
        handle: Uuid,
        state: PasskeyRegistration,
    },
    SecurityKey {
        handle: Uuid,
        state: SecurityKeyRegistration,
    },
}

pub async fn list(store: &SharedStore, account_id: &str) -> Result<Vec<PasskeyView>, AccountError> {
    let passkeys = store.passkeys_of(account_id).await?;
    Ok(passkeys.into_iter().map(PasskeyView::from).collect())
}

/// Asks the browser to make a new credential of `kind` for `account`.
pub async fn begin_adding(
    store: &SharedStore,
    rp: &Webauthn,
    account: &Account,
    kind: Kind,
) -> Result<Challenge, AccountError> {
    let existing = store.passkeys_of(&account.id).await?;
    if i64::try_from(existing.len()).unwrap_or(i64::MAX) >= MAX_PASSKEYS {
        return Err(AccountError::TooManyPasskeys);
    }
    if kind == Kind::SecurityKey && !has_second_factor(store, &account.id).await? {
        return Err(AccountError::SecurityKeyNeedsApp);
    }
    // One WebAuthn id per account: an authenticator keeps one passkey per account and site.
    let handle = existing
        .first()
        .and_then(|passkey| Uuid::parse_str(&passkey.user_handle).ok())
        .unwrap_or_else(Uuid::new_v4);
    let exclude = existing
        .iter()
        .filter_map(|passkey| credential_of(passkey).ok())
        .map(|credential| credential.cred_id)
        .collect();
    let user = account.email_key.as_str();
    let failed = |_| AccountError::PasskeyFailed;
    let (options, adding) = match kind {
        Kind::Passkey => {
            let (options, state) = rp
                .start_passkey_registration(handle, user, user, Some(exclude))
                .map_err(failed)?;
            let mut options = to_json(&options)?;
            // A passkey must be found by the authenticator itself, so it can sign in before
            // anyone is named (the library asks for one only where it can be).
            if let Some(selection) = options.pointer_mut("/publicKey/authenticatorSelection") {
                selection["residentKey"] = "required".into();
                selection["requireResidentKey"] = true.into();
            }
            (options, Adding::Passkey { handle, state })
        }
        Kind::SecurityKey => {
            let (options, state) = rp
                .start_securitykey_registration(handle, user, user, Some(exclude), None, None)
                .map_err(failed)?;
            (to_json(&options)?, Adding::SecurityKey { handle, state })
        }
    };
    let token = ceremony::keep(store, Some(&account.id), Purpose::Add, &adding).await?;
    Ok(Challenge { token, options })
}

/// What a new passkey is being added with.
pub struct NewPasskey<'a> {
    pub token: &'a str,
    pub name: &'a str,
    pub answer: &'a RegisterPublicKeyCredential,
    /// The session adding it passed the second step: the passkey may then sign in alone (see
    /// `PasskeyRecord::with_second_step`).
    pub with_second_step: bool,
}

/// Checks the browser's answer and keeps the new credential as `name`; mails the owner.
pub async fn finish_adding(
    store: &SharedStore,
    rp: &Webauthn,
    account: &Account,
    new: NewPasskey<'_>,
    by: &ChangedBy,
) -> Result<PasskeyView, AccountError> {
    let NewPasskey {
        token,
        name,
        answer,
        with_second_step,
    } = new;
    let name = clean_name(name)?;
    let adding: Adding = ceremony::take(store, token, Purpose::Add, Some(&account.id)).await?;
    let failed = |error| {
        tracing::info!(%error, "a new passkey's answer was refused");
        AccountError::PasskeyFailed
    };
    let (kind, handle, credential) = match adding {
        Adding::Passkey { handle, state } => {
            let passkey = rp
                .finish_passkey_registration(answer, &state)
                .map_err(failed)?;
            (Kind::Passkey, handle, Credential::from(passkey))
        }
        Adding::SecurityKey { handle, state } => {
            let key = rp
                .finish_securitykey_registration(answer, &state)
                .map_err(failed)?;
            (Kind::SecurityKey, handle, Credential::from(key))
        }
    };
    let name = name.unwrap_or_else(|| default_name(kind));
    let now = now_millis();
    let record = PasskeyRecord {
        id: new_uid(),
        account_id: account.id.clone(),
        credential_id: credential_id_text(&credential.cred_id),
        user_handle: handle.to_string(),
        kind: kind.name().to_owned(),
        name: name.clone(),
        credential: serde_json::to_string(&credential).map_err(|_| AccountError::PasskeyFailed)?,
        created_at: now,
        last_used_at: None,
        with_second_step,
    };
    let what = format!("{} \"{name}\" added", kind.words());
    let audit = audit(by, AuditAction::PasskeyAdded, account, &what, now);
    let subject = format!("A {} was added to your account", kind.words());
    let text = mails::added(kind.words(), &name);
    let mail = account_mail(store, account, &by.reply_to, &subject, text).await?;
    let change = FactorChange {
        audit: &audit,
        mail: &mail,
    };
    match store.add_passkey(&record, MAX_PASSKEYS, change).await? {
        AddedPasskey::Added => Ok(PasskeyView::from(record)),
        AddedPasskey::TooMany => Err(AccountError::TooManyPasskeys),
        AddedPasskey::AlreadyRegistered => Err(AccountError::PasskeyAlreadyAdded),
    }
}

/// Removes one of the account's passkeys; mails the owner.
pub async fn remove(
    store: &SharedStore,
    account: &Account,
    id: &str,
    by: &ChangedBy,
) -> Result<(), AccountError> {
    let passkey = store
        .passkeys_of(&account.id)
        .await?
        .into_iter()
        .find(|passkey| passkey.id == id)
        .ok_or(AccountError::PasskeyNotFound)?;
    let words = if passkey.kind == Kind::SecurityKey.name() {
        Kind::SecurityKey.words()
    } else {
        Kind::Passkey.words()
    };
    let now = now_millis();
    let what = format!("{words} \"{}\" removed", passkey.name);
    let audit = audit(by, AuditAction::PasskeyRemoved, account, &what, now);
    let subject = format!("A {words} was removed from your account");
    let text = mails::removed(words, &passkey.name);
    let mail = account_mail(store, account, &by.reply_to, &subject, text).await?;
    let change = FactorChange {
        audit: &audit,
        mail: &mail,
    };
    if !store.remove_passkey(&account.id, id, change).await? {
        return Err(AccountError::PasskeyNotFound);
    }
    Ok(())
}

/// The stored credential, as the library reads it.
pub(super) fn credential_of(passkey: &PasskeyRecord) -> Result<Credential, AccountError> {
    serde_json::from_str(&passkey.credential).map_err(|_| AccountError::PasskeyFailed)
}

/// A credential's id as stored: base64url, as browsers write it.
pub(super) fn credential_id_text(id: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(id)
}

fn to_json(options: &impl Serialize) -> Result<serde_json::Value, AccountError> {
    serde_json::to_value(options).map_err(|_| AccountError::PasskeyFailed)
}

/// The name as typed, trimmed; `None` when left empty.
fn clean_name(name: &str) -> Result<Option<String>, AccountError> {
    let name = name.trim();
    if name.chars().count() > NAME_MAX {
        return Err(AccountError::Invalid(FieldError {
            field: AccountField::PasskeyName,
            message: format!("Keep the name to {NAME_MAX} characters or fewer."),
        }));
    }
    // The name goes into mails and the audit log: nothing that could make them read otherwise.
    if text::unfit_for_a_name(name) {
        return Err(AccountError::Invalid(FieldError {
            field: AccountField::PasskeyName,
            message: "The name holds a character that cannot be shown (a control character, or one that changes the direction of text). Type it without.".to_owned(),
        }));
    }
    Ok((!name.is_empty()).then(|| name.to_owned()))
}

fn default_name(kind: Kind) -> String {
    match kind {
        Kind::Passkey => "Passkey".to_owned(),
        Kind::SecurityKey => "Security key".to_owned(),
    }
}
