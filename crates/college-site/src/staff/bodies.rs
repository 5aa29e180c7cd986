//! How the staff API writes messages, people and audit entries as JSON (camelCase, times in
//! Unix milliseconds).

use serde::Serialize;

use super::domain::preview;
use crate::store::{AuditEntry, InboxMessage, InboxNote, Person, PersonClass, Role};

/// What a message's mail did, as the inbox shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MailStateBody {
    /// queued, sent or failed.
    state: &'static str,
    attempts: i32,
    next_attempt_at: Option<i64>,
    sent_at: Option<i64>,
    last_error: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MessageBody {
    id: i64,
    /// `message` or `enquiry`.
    kind: String,
    name: String,
    email: String,
    subject: String,
    preview: String,
    /// The whole text: only in the answer about one message.
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    created_at: i64,
    status: String,
    status_changed_at: Option<i64>,
    status_changed_by: Option<String>,
    mail: Option<MailStateBody>,
    /// An enquiry's: its course (slug), phone, what the student studies, when to call, and
    /// the day to call again.
    course: Option<String>,
    phone: Option<String>,
    current_study: Option<String>,
    call_time: Option<String>,
    follow_up_on: Option<String>,
    /// The office's notes: only in the answer about one message.
    #[serde(skip_serializing_if = "Option::is_none")]
    notes: Option<Vec<NoteBody>>,
}

/// A note as the staff area shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NoteBody {
    id: i64,
    at: i64,
    author: String,
    text: String,
}

impl From<InboxNote> for NoteBody {
    fn from(note: InboxNote) -> Self {
        Self {
            id: note.id,
            at: note.at,
            author: note.author,
            text: note.text,
        }
    }
}

impl MessageBody {
    /// A message as a row of the inbox list.
    pub fn summary(message: InboxMessage) -> Self {
        Self::of(message, false)
    }

    /// A message opened, with its whole text and its notes.
    pub fn full(message: InboxMessage, notes: Vec<InboxNote>) -> Self {
        let mut body = Self::of(message, true);
        body.notes = Some(notes.into_iter().map(NoteBody::from).collect());
        body
    }

    fn of(message: InboxMessage, whole: bool) -> Self {
        let mail = message.mail_status.as_deref().map(|status| {
            let state = match status {
                "sent" => "sent",
                "failed" => "failed",
                _ => "queued",
            };
            MailStateBody {
                state,
                attempts: message.mail_attempts.unwrap_or(0),
                next_attempt_at: (state == "queued")
                    .then_some(message.mail_next_attempt_at)
                    .flatten(),
                sent_at: message.mail_sent_at,
                last_error: message.mail_last_error.clone(),
            }
        });
        Self {
            id: message.id,
            kind: message.kind,
            course: message.course,
            phone: message.phone,
            current_study: message.current_study,
            call_time: message.call_time,
            follow_up_on: message.follow_up_on,
            notes: None,
            preview: preview(&message.message),
            message: whole.then_some(message.message),
            name: message.name,
            email: message.email,
            subject: message.subject,
            created_at: message.created_at,
            status: message.status,
            status_changed_at: message.status_changed_at,
            status_changed_by: message.status_changed_by,
            mail,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PersonBody {
    id: String,
    email: String,
    display_name: Option<String>,
    created_at: i64,
    /// How the account signs in: "password", "google".
    sign_in: Vec<&'static str>,
    email_verified: bool,
    /// Whether the account signs in with a second factor.
    second_factor: bool,
    last_active_at: Option<i64>,
    roles: Vec<Role>,
    /// The grievance committee's chairperson (a member marked so).
    grievance_chair: bool,
    disabled: bool,
    disabled_at: Option<i64>,
    classes_taught: i64,
    classes_joined: i64,
}

impl From<Person> for PersonBody {
    fn from(person: Person) -> Self {
        let mut sign_in = Vec::new();
        if person.has_password {
            sign_in.push("password");
        }
        if person.has_google {
            sign_in.push("google");
        }
        let mut roles: Vec<Role> = person
            .roles
            .split(',')
            .filter_map(Role::from_name)
            .collect();
        roles.sort();
        Self {
            id: person.id,
            email: person.email,
            display_name: person.display_name,
            created_at: person.created_at,
            sign_in,
            email_verified: person.email_verified_at.is_some(),
            second_factor: person.has_second_factor,
            last_active_at: person.last_active_at,
            roles,
            grievance_chair: person.grievance_chair,
            disabled: person.disabled_at.is_some(),
            disabled_at: person.disabled_at,
            classes_taught: person.classes_taught,
            classes_joined: person.classes_joined,
        }
    }
}

#[derive(Serialize)]
pub struct ClassBody {
    id: String,
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    teacher: Option<String>,
}

impl From<PersonClass> for ClassBody {
    fn from(class: PersonClass) -> Self {
        Self {
            id: class.id,
            name: class.name,
            teacher: class.teacher,
        }
    }
}

#[derive(Serialize)]
pub struct AuditBody {
    id: i64,
    at: i64,
    /// "Name <email>", the email alone, or "command line".
    actor: String,
    action: String,
    target: String,
    ip: Option<String>,
}

impl From<AuditEntry> for AuditBody {
    fn from(entry: AuditEntry) -> Self {
        let actor = match (entry.actor_email, entry.actor_name) {
            (Some(email), Some(name)) => format!("{name} <{email}>"),
            (Some(email), None) => email,
            (None, _) => "command line".to_owned(),
        };
        Self {
            id: entry.id,
            at: entry.at,
            actor,
            action: entry.action,
            target: entry.target,
            ip: entry.ip,
        }
    }
}
