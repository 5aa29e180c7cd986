//! How a mail from the site greets an account: by its profile's name once the address the
//! mail goes to is proved, and by no name before, since until then the name may be a
//! stranger's words ("Your fee refund is ready at ...") to the address's owner.

use crate::store::{Account, SharedStore, StoreError};

/// The name to greet `account` by at its own address, if any.
pub async fn name_to_greet(
    store: &SharedStore,
    account: &Account,
) -> Result<Option<String>, StoreError> {
    if account.email_verified_at.is_none() {
        return Ok(None);
    }
    Ok(store
        .profile(&account.id)
        .await?
        .and_then(|profile| profile.display_name))
}

/// The first line of a mail: "Hello Asha," or "Hello,".
pub fn greeting(name: Option<&str>) -> String {
    name.map_or_else(|| "Hello,".to_owned(), |n| format!("Hello {n},"))
}
