//! `college-site accounts enable EMAIL`: the command-line twin of the staff area's Enable, for
//! the day the only admin's account is disabled and nobody can sign in to undo it. Audited
//! like the site's own changes, with the command line as the actor.

use crate::{
    accounts::domain::Email,
    config::{AccountsAction, AccountsArgs},
    store::{self, AccountSwitch, Actor, AuditAction, NewAuditEntry, now_millis},
};

/// Runs one `accounts` command and returns what to print.
pub async fn run(args: AccountsArgs) -> anyhow::Result<String> {
    let store = store::connect(args.database.checked_url()?.expose()).await?;
    match args.action {
        AccountsAction::Enable { email } => {
            let email = Email::parse(&email).map_err(|problem| {
                anyhow::anyhow!("{email:?} is not an email address: {}", problem.message)
            })?;
            let account = store
                .account_by_email(email.key())
                .await?
                .ok_or_else(|| anyhow::anyhow!("no account has the email {:?}", email.as_str()))?;
            let audit = NewAuditEntry {
                at: now_millis(),
                actor: Actor::CommandLine,
                action: AuditAction::AccountEnabled,
                target: email.key().to_owned(),
                target_email: Some(email.key().to_owned()),
            };
            Ok(
                match store
                    .set_account_disabled(&account.id, false, &audit)
                    .await?
                {
                    AccountSwitch::Changed => {
                        format!("{} is enabled: it can sign in again.", email.key())
                    }
                    AccountSwitch::Unchanged | AccountSwitch::LastAdmin => {
                        format!("{} was not disabled: nothing changed.", email.key())
                    }
                    AccountSwitch::NotFound => {
                        anyhow::bail!("no account has the email {:?}", email.as_str())
                    }
                },
            )
        }
    }
}
