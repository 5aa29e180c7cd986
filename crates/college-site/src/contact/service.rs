//! The rules of the contact pipeline, between the HTTP handler and the store.

use lettre::message::Mailbox;

use super::form::ValidContact;
use crate::store::{NewContactMessage, NewMail, SharedStore, StoreError, now_millis};

/// Stores a valid message and the mail that tells the college about it, in one transaction.
/// Returns the message's id.
pub async fn accept_message(
    store: &SharedStore,
    inbox: &Mailbox,
    contact: ValidContact,
    client_ip: Option<String>,
) -> Result<i64, StoreError> {
    let mail = mail_for(inbox, &contact);
    let message = NewContactMessage {
        name: contact.name,
        email: contact.email.to_string(),
        subject: contact.subject,
        message: contact.message,
        client_ip,
        created_at: now_millis(),
    };
    store.save_contact_message(&message, &mail).await
}

/// The mail to the college inbox. The visitor is in Reply-To, so staff can simply answer; the
/// sender stays our fixed address, as mail servers require.
fn mail_for(inbox: &Mailbox, contact: &ValidContact) -> NewMail {
    let visitor = Mailbox::new(Some(contact.name.clone()), contact.email.clone());
    NewMail {
        recipient: inbox.to_string(),
        reply_to: visitor.to_string(),
        subject: format!("Website contact: {}", contact.subject),
        body: format!(
            "{name} <{email}> wrote through the contact form of the website.\n\
             Reply to this mail to answer them.\n\n\
             Subject: {subject}\n\n{message}\n",
            name = contact.name,
            email = contact.email,
            subject = contact.subject,
            message = contact.message,
        ),
    }
}
