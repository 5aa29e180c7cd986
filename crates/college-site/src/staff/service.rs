//! The staff area's rules over the store: who acted (for the audit log), the identity check
//! that guards an admin's changes, and each change with its audit entry.

use super::{domain::IDENTITY_WINDOW_MS, error::StaffError};
use crate::dates;
use crate::roles::actor::StaffActor;
use lettre::message::Mailbox;

use crate::{
    accounts::{
        error::AccountError,
        second_factor::service::{self as second_factor, ChangedBy},
        session::service::ActiveSession,
    },
    store::{
        AccountSwitch, AuditAction, InboxMessage, InboxNote, MessageKind, MessageStatus, Person,
        Resent, Role, RoleRevoked, SharedStore, now_millis,
    },
};

/// Refuses an admin's role change or disabling unless this session passed the identity check
/// within the last ten minutes (or, for an account without a password, signed in then).
pub fn require_recent_identity(active: &ActiveSession, now: i64) -> Result<(), StaffError> {
    let confirmed = active
        .session
        .identity_confirmed_at
        .is_some_and(|at| now - at < IDENTITY_WINDOW_MS);
    let google_only_recent =
        active.account.password_hash.is_none() && active.signed_in_recently(now);
    if confirmed || google_only_recent {
        Ok(())
    } else {
        Err(StaffError::ConfirmIdentity)
    }
}

pub async fn open_message(store: &SharedStore, id: i64) -> Result<InboxMessage, StaffError> {
    store
        .open_inbox_message(id, now_millis())
        .await?
        .ok_or(StaffError::UnknownMessage)
}

/// Sets what the office did with message `id`: a contact message's status, or an enquiry's
/// (a follow-up with its day, today or later).
pub async fn set_status(
    store: &SharedStore,
    actor: &StaffActor,
    id: i64,
    status: &str,
    follow_up_on: Option<&str>,
) -> Result<InboxMessage, StaffError> {
    // A word that is no status is refused before the message is looked up.
    let named = MessageStatus::from_name(status.trim()).ok_or(StaffError::BadStatus)?;
    let message = reread(store, id).await?;
    let kind = MessageKind::from_name(&message.kind).unwrap_or(MessageKind::Message);
    let status = match kind {
        _ if named.fits(kind) => named,
        MessageKind::Message => return Err(StaffError::BadStatus),
        MessageKind::Enquiry => return Err(StaffError::BadEnquiryStatus),
    };
    let follow_up_on = if status == MessageStatus::FollowUp {
        let today = dates::college_iso_day(now_millis());
        let day = follow_up_on.map(str::trim).unwrap_or_default();
        // The same shape sorts as the days do, so the store compares them as text.
        if dates::parse_iso_day(day).is_none() || *day < *today {
            return Err(StaffError::BadFollowUp);
        }
        Some(day)
    } else {
        None
    };
    let words = follow_up_on.map_or_else(
        || status.name().to_owned(),
        |day| format!("{} on {day}", status.name()),
    );
    let audit = actor.entry(
        AuditAction::MessageStatusChanged,
        None,
        format!("{} {id}: {words}", kind.name()),
    );
    if !store
        .set_message_status(id, kind, status, follow_up_on, &actor.in_words(), &audit)
        .await?
    {
        return Err(StaffError::UnknownMessage);
    }
    reread(store, id).await
}

/// Notes a message holds at most.
const MAX_NOTES: usize = 200;
const NOTE_MAX_CHARS: usize = 2000;

/// Adds the staff member's note to message `id`; answers every note it has.
pub async fn add_note(
    store: &SharedStore,
    actor: &StaffActor,
    id: i64,
    text: &str,
) -> Result<Vec<InboxNote>, StaffError> {
    let text = text.trim().replace("\r\n", "\n");
    if text.is_empty()
        || text.chars().count() > NOTE_MAX_CHARS
        || crate::text::has_stray_control(&text)
    {
        return Err(StaffError::BadNote);
    }
    if store.inbox_notes(id).await?.len() >= MAX_NOTES {
        return Err(StaffError::TooManyNotes);
    }
    let audit = actor.entry(AuditAction::MessageNoteAdded, None, format!("message {id}"));
    if !store
        .add_inbox_note(id, &actor.in_words(), &text, &audit)
        .await?
    {
        return Err(StaffError::UnknownMessage);
    }
    Ok(store.inbox_notes(id).await?)
}

pub async fn resend(
    store: &SharedStore,
    actor: &StaffActor,
    id: i64,
) -> Result<InboxMessage, StaffError> {
    let audit = actor.entry(AuditAction::MailResent, None, format!("message {id}"));
    match store.resend_contact_mail(id, &audit).await? {
        Resent::Queued => reread(store, id).await,
        Resent::NotFailed => Err(StaffError::NotFailed),
        Resent::NotFound => Err(StaffError::UnknownMessage),
    }
}

/// A message as it is now, without marking it read (the staff member already has it open).
pub async fn reread_message(store: &SharedStore, id: i64) -> Result<InboxMessage, StaffError> {
    reread(store, id).await
}

async fn reread(store: &SharedStore, id: i64) -> Result<InboxMessage, StaffError> {
    store
        .inbox_message(id)
        .await?
        .ok_or(StaffError::UnknownMessage)
}

pub async fn person(store: &SharedStore, id: &str) -> Result<Person, StaffError> {
    store.person(id).await?.ok_or(StaffError::UnknownPerson)
}

pub async fn change_role(
    store: &SharedStore,
    actor: &StaffActor,
    person_id: &str,
    role: &str,
    grant: bool,
) -> Result<Person, StaffError> {
    let role = Role::from_name(role).ok_or(StaffError::BadRole)?;
    let target = person(store, person_id).await?;
    let words = format!("{} for {}", role.name(), target.email);
    if grant {
        let audit = actor.entry(AuditAction::RoleGranted, Some(target.email.clone()), words);
        store.grant_role(person_id, role, &audit).await?;
    } else {
        let audit = actor.entry(AuditAction::RoleRevoked, Some(target.email.clone()), words);
        if store.revoke_role(person_id, role, &audit).await? == RoleRevoked::LastAdmin {
            return Err(StaffError::LastAdmin);
        }
    }
    person(store, person_id).await
}

/// Marks (or unmarks) a member of the grievance committee as its chairperson.
pub async fn set_grievance_chair(
    store: &SharedStore,
    actor: &StaffActor,
    person_id: &str,
    chair: bool,
) -> Result<Person, StaffError> {
    let target = person(store, person_id).await?;
    let words = format!("grievance committee's chairperson for {}", target.email);
    let action = if chair {
        AuditAction::RoleGranted
    } else {
        AuditAction::RoleRevoked
    };
    let audit = actor.entry(action, Some(target.email.clone()), words);
    if !store.set_grievance_chair(person_id, chair, &audit).await? {
        return Err(StaffError::NotOnTheCommittee);
    }
    person(store, person_id).await
}

pub async fn set_disabled(
    store: &SharedStore,
    actor: &StaffActor,
    person_id: &str,
    disabled: bool,
) -> Result<Person, StaffError> {
    if disabled && person_id == actor.account_id {
        return Err(StaffError::OwnAccount);
    }
    let target = person(store, person_id).await?;
    let action = if disabled {
        AuditAction::AccountDisabled
    } else {
        AuditAction::AccountEnabled
    };
    let audit = actor.entry(action, Some(target.email.clone()), target.email.clone());
    match store
        .set_account_disabled(person_id, disabled, &audit)
        .await?
    {
        AccountSwitch::Changed | AccountSwitch::Unchanged => person(store, person_id).await,
        AccountSwitch::NotFound => Err(StaffError::UnknownPerson),
        AccountSwitch::LastAdmin => Err(StaffError::LastAdmin),
    }
}

pub async fn sign_out_everywhere(
    store: &SharedStore,
    actor: &StaffActor,
    person_id: &str,
) -> Result<(Person, u64), StaffError> {
    let target = person(store, person_id).await?;
    let audit = actor.entry(
        AuditAction::AccountSignedOut,
        Some(target.email.clone()),
        target.email.clone(),
    );
    let ended = store.end_all_sessions(person_id, &audit).await?;
    Ok((person(store, person_id).await?, ended))
}

/// Turns off a colleague's second factor (a lost phone): they are signed out everywhere and
/// mailed, and set up a new one at their next sign-in. The caller has checked the admin's
/// identity.
pub async fn reset_second_factor(
    store: &SharedStore,
    actor: &StaffActor,
    person_id: &str,
    reply_to: &Mailbox,
) -> Result<Person, StaffError> {
    if person_id == actor.account_id {
        return Err(StaffError::OwnSecondFactor);
    }
    let account = store
        .account(person_id)
        .await?
        .ok_or(StaffError::UnknownPerson)?;
    let by = ChangedBy {
        actor: actor
            .entry(AuditAction::SecondFactorReset, None, String::new())
            .actor,
        reply_to: reply_to.clone(),
    };
    match second_factor::turn_off(store, &account, &by, true).await {
        Ok(()) => person(store, person_id).await,
        Err(AccountError::Store(error)) => Err(error.into()),
        // Turning off fails otherwise only when there is no factor to turn off.
        Err(_) => Err(StaffError::NoSecondFactor),
    }
}

/// Records a test mail an admin sent (to themselves) and what became of it.
pub async fn record_test_mail(
    store: &SharedStore,
    actor: &StaffActor,
    result: &Result<(), String>,
) -> Result<(), StaffError> {
    let outcome = match result {
        Ok(()) => "sent".to_owned(),
        Err(error) => format!("failed: {error}"),
    };
    let audit = actor.entry(
        AuditAction::TestMailSent,
        Some(actor.email.clone()),
        format!("to {} ({outcome})", actor.email),
    );
    store.record_audit(&audit).await?;
    Ok(())
}
