//! Who on the committee is mailed, and how: every account that holds the grievance
//! committee's role, at the address it signs in with.

use lettre::{Address, message::Mailbox};

use crate::store::{NewMail, Role, SharedStore, StoreError};

/// A member of the committee as a mail's recipient (`Name <address>`).
pub struct Member(String);

pub async fn recipients(store: &SharedStore) -> Result<Vec<Member>, StoreError> {
    Ok(store
        .role_holders()
        .await?
        .into_iter()
        .filter(|holder| holder.role == Role::GrievanceCommittee)
        .map(|holder| {
            Member(match holder.email.parse::<Address>() {
                Ok(address) => Mailbox::new(holder.display_name, address).to_string(),
                // Recorded as failed by the outbox rather than refused here.
                Err(_) => holder.email,
            })
        })
        .collect())
}

pub fn to_member(member: &Member, reply_to: &Mailbox, subject: &str, body: &str) -> NewMail {
    NewMail {
        recipient: member.0.clone(),
        reply_to: reply_to.to_string(),
        subject: subject.to_owned(),
        body: format!("Hello,\n\n{body}"),
    }
}
