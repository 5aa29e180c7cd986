//! `college-site second-factor reset EMAIL`: the operator turns off an account's two-step
//! sign-in on the server (a lost phone, when no other admin can), against the same database as
//! `serve`. Audited as the command line's, and the owner is mailed and signed out everywhere.

use lettre::message::Mailbox;

use super::service::{ChangedBy, turn_off};
use crate::{
    accounts::{domain::Email, error::AccountError},
    config::{SecondFactorAction, SecondFactorArgs},
    store::{self, Actor},
};

/// Runs one `second-factor` command and returns what to print.
pub async fn run(args: SecondFactorArgs) -> anyhow::Result<String> {
    let reply_to: Mailbox = args
        .contact_inbox
        .parse()
        .map_err(|error| anyhow::anyhow!("CONTACT_INBOX is not a valid email address ({error})"))?;
    let store = store::connect(args.database.checked_url()?.expose()).await?;
    match args.action {
        SecondFactorAction::Reset { email } => {
            let key = Email::parse(&email)
                .map_err(|problem| anyhow::anyhow!("{email}: {}", problem.message))?;
            let account = store
                .account_by_email(key.key())
                .await?
                .ok_or_else(|| anyhow::anyhow!("no account has the email {email}"))?;
            let by = ChangedBy {
                actor: Actor::CommandLine,
                reply_to,
            };
            match turn_off(&store, &account, &by, true).await {
                Ok(()) => Ok(format!(
                    "Two-step sign-in is off for {email}; it is signed out everywhere and was mailed. It sets up a new one at its next sign-in."
                )),
                Err(AccountError::SecondFactorNotOn) => {
                    Ok(format!("{email} has no two-step sign-in: nothing changed."))
                }
                Err(error) => Err(error.into()),
            }
        }
    }
}
