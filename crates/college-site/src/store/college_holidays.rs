//! The college's holidays, which the grievance committee's clock of working days skips
//! (Sundays too): a list of days with their names, kept by an editor.

use async_trait::async_trait;

use super::{audit::NewAuditEntry, error::StoreError};

#[async_trait]
pub trait HolidayStore {
    /// The college's holidays, as `YYYY-MM-DD`, in order.
    async fn college_holidays(&self) -> Result<Vec<String>, StoreError>;

    /// The holidays with their names (`2027-01-26`, `Republic Day`), in order.
    async fn holiday_list(&self) -> Result<Vec<(String, String)>, StoreError>;

    /// Puts `holidays` in place of the list, and records `audit`, in one transaction.
    async fn replace_holidays(
        &self,
        holidays: &[(String, String)],
        audit: &NewAuditEntry,
    ) -> Result<(), StoreError>;
}
