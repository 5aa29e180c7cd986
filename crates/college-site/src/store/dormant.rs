//! Accounts that never proved their address and lie unused: each is told a week before it is
//! deleted, and deleted only if still unused then (see `accounts::dormant`).

use async_trait::async_trait;

use super::{contact::NewMail, error::StoreError};

/// Which accounts count as dormant: never proved their address (nor signed in with Google),
/// hold no role, and were last used (signed in, or seen) before `inactive_before`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dormancy {
    pub inactive_before: i64,
}

#[async_trait]
pub trait DormantAccountStore {
    /// Up to `limit` dormant accounts not yet told since they were last used.
    async fn dormant_accounts_to_warn(
        &self,
        dormancy: Dormancy,
        limit: i64,
    ) -> Result<Vec<String>, StoreError>;

    /// Records that the account was told at `now` and queues `mail`, in one transaction, if it
    /// is still dormant and not yet told; returns whether it did.
    async fn warn_dormant_account(
        &self,
        account_id: &str,
        dormancy: Dormancy,
        now: i64,
        mail: &NewMail,
    ) -> Result<bool, StoreError>;

    /// Deletes every account that is dormant and was told at or before `warned_before` (and
    /// not used since), with what is kept for it; returns how many.
    async fn purge_dormant_accounts(
        &self,
        dormancy: Dormancy,
        warned_before: i64,
    ) -> Result<u64, StoreError>;
}
