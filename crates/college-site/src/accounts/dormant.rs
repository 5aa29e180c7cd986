//! Accounts opened and left: registration needs no proved address, so an account that never
//! proved it (nor signed in with Google), holds no role and has not been used for
//! `UNVERIFIED_ACCOUNT_DAYS` is deleted, with everything kept for it. A mail tells its address
//! a week before; using the account in that week (signing in) keeps it, and the week starts
//! again the next time it lies unused.

use lettre::message::Mailbox;

use super::{greeting::account_mail, time::DAY_MS};
use crate::{
    dates::college_day,
    store::{Dormancy, SharedStore, StoreError},
};

/// The mail goes this long before the account is deleted.
pub const NOTICE_MS: i64 = 7 * DAY_MS;
/// Accounts told per run: a backlog (a first run on an old site) is worked through run by run.
const PER_RUN: i64 = 100;

/// What a run did: accounts told, accounts deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    pub told: usize,
    pub deleted: u64,
}

/// Tells the accounts unused for `days` less a week, and deletes those told at least a week
/// ago and unused for `days`.
pub async fn tell_and_purge(
    store: &SharedStore,
    days: u32,
    reply_to: &Mailbox,
    site_origin: Option<&str>,
    now: i64,
) -> Result<Run, StoreError> {
    let unused_for = i64::from(days) * DAY_MS;
    let tell = Dormancy {
        inactive_before: now - (unused_for - NOTICE_MS),
    };
    let login = site_origin.map_or_else(|| "/login".to_owned(), |origin| format!("{origin}/login"));
    let deleted_on = college_day(now + NOTICE_MS);
    let mut told = 0;
    for id in store.dormant_accounts_to_warn(tell, PER_RUN).await? {
        let Some(account) = store.account(&id).await? else {
            continue;
        };
        let mail = account_mail(store, &account, reply_to, "Your account will be deleted", |email| {
            format!(
                "An account was opened on the college website with {email}, but the address was \
                 never confirmed and the account has not been used for a while. It will be \
                 deleted, with everything kept for it, on {deleted_on}.\n\n\
                 To keep it, sign in before then at {login}, and confirm your address from your \
                 account page.\n\n\
                 If you did not open this account, there is nothing to do: it will go by \
                 itself.\n"
            )
        })
        .await?;
        told += usize::from(store.warn_dormant_account(&id, tell, now, &mail).await?);
    }
    let purge = Dormancy {
        inactive_before: now - unused_for,
    };
    let deleted = store.purge_dormant_accounts(purge, now - NOTICE_MS).await?;
    if deleted > 0 {
        tracing::info!(
            deleted,
            "housekeeping: unconfirmed, unused accounts deleted"
        );
    }
    Ok(Run { told, deleted })
}
