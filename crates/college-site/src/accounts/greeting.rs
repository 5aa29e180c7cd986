//! How a mail from the site greets an account: by its profile's name once the address the
//! mail goes to is proved, and by no name before, since until then the name may be a
//! stranger's words ("Your fee refund is ready at ...") to the address's owner.

use lettre::{Address, message::Mailbox};

use crate::store::{Account, NewMail, SharedStore, StoreError};

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

/// A mail to the account's address (the one it signs in with), greeting it by its name once
/// the address is proved (before, the name may be a stranger's words to its owner).
pub async fn account_mail(
    store: &SharedStore,
    account: &Account,
    reply_to: &Mailbox,
    subject: &str,
    text: impl FnOnce(&str) -> String,
) -> Result<NewMail, StoreError> {
    let name = name_to_greet(store, account).await?;
    Ok(mail_to(account, name, reply_to, subject, text))
}

/// [`account_mail`] for a caller that has looked up the [`name_to_greet`] already.
pub fn mail_to(
    account: &Account,
    name: Option<String>,
    reply_to: &Mailbox,
    subject: &str,
    text: impl FnOnce(&str) -> String,
) -> NewMail {
    let greeting = greeting(name.as_deref());
    // Every stored email parsed as an address at registration; should one not, the outbox
    // records the mail as failed rather than the change being refused.
    let recipient = match account.email_key.parse::<Address>() {
        Ok(address) => Mailbox::new(name, address).to_string(),
        Err(_) => account.email_key.clone(),
    };
    NewMail {
        recipient,
        reply_to: reply_to.to_string(),
        subject: subject.to_owned(),
        body: format!("{greeting}\n\n{}", text(&account.email_key)),
    }
}
