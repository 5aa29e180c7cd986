//! Who on the committee is mailed, and how: every account that holds the grievance
//! committee's role, at the address it signs in with; and who chairs it.

use lettre::{Address, message::Mailbox};

use super::hearing::hearing_words;
use super::paths::grievance_path;
use crate::store::{Grievance, GrievanceChange, NewMail, Role, SharedStore, StoreError};

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

/// The chairperson's name (or email), when an admin has marked one.
pub async fn chair(store: &SharedStore) -> Result<Option<String>, StoreError> {
    Ok(store
        .role_holders()
        .await?
        .into_iter()
        .find(|holder| holder.role == Role::GrievanceCommittee && holder.chair)
        .map(|holder| holder.display_name.unwrap_or(holder.email)))
}

pub fn to_member(member: &Member, reply_to: &Mailbox, subject: &str, body: &str) -> NewMail {
    NewMail {
        recipient: member.0.clone(),
        reply_to: reply_to.to_string(),
        subject: subject.to_owned(),
        body: format!("Hello,\n\n{body}"),
    }
}

/// To the student, about a change the committee made: what happened, and where to read it
/// (the committee's words stay on the site); a hearing's day, time and place are said.
pub fn to_student(
    grievance: &Grievance,
    reply_to: &Mailbox,
    what: &str,
    change: &GrievanceChange,
    origin: Option<&str>,
) -> NewMail {
    let path = grievance_path(&grievance.number);
    let link = origin.map_or_else(
        || format!("the college website, under {path}"),
        |origin| format!("{origin}{path}"),
    );
    let hearing = match change {
        GrievanceChange::Hearing { at, place } => {
            format!("\n\nThe hearing: {}.", hearing_words(*at, place))
        }
        _ => String::new(),
    };
    NewMail {
        recipient: grievance.student_email.clone(),
        reply_to: reply_to.to_string(),
        subject: format!("Your grievance {}", grievance.number),
        body: format!("Hello,\n\n{what}{hearing}\n\nRead it at {link}\n"),
    }
}
