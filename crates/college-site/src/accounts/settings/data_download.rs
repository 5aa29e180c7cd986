//! "Download your data": everything kept for an account, as JSON the user can read.
//!
//! It leaves out what would let someone act as the user (password hash, session tokens and
//! ids) and the Google account's subject, an identifier of Google's, not the user's data.

use std::{collections::BTreeMap, time::Duration};

use serde::Serialize;

use super::service::SignInMethods;
use crate::{
    accounts::{
        error::AccountError,
        session::{
            service::{ActiveSession, IDLE_TIMEOUT_MS},
            user_agent::device_name,
        },
    },
    progress::{FileBody, MarkBody},
    store::{AllProgress, Role, SharedStore, now_millis},
};

/// An account may download its data 3 times at once, then once a minute: plenty for a person
/// saving a copy, and no way for one account to keep the server building downloads.
pub const DOWNLOADS_BURST: u32 = 3;
pub const DOWNLOADS_REFILL: Duration = Duration::from_secs(60);

/// Downloads built at once on one server. An account keeps at most 2 MiB of code (see
/// `progress::limits`), so a download is a few MB at most while it is built; others wait for
/// their turn (within the request's timeout), so memory stays flat however many ask at once.
pub const DOWNLOADS_AT_ONCE: usize = 2;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountData {
    exported_at: i64,
    profile: ProfileData,
    sign_in_methods: SignInMethods,
    email_verified_at: Option<i64>,
    sessions: Vec<SessionData>,
    progress: ProgressData,
    /// Roles the account holds, and its classes: those it joined (whose teachers see its
    /// progress) and those it teaches.
    roles: Vec<Role>,
    classes_joined: Vec<JoinedClassData>,
    classes_taught: Vec<TaughtClassData>,
    /// The grievances it filed, as the student reads them (the committee's notes are not theirs).
    grievances: Vec<GrievanceData>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct GrievanceData {
    number: String,
    category: String,
    status: String,
    received_at: i64,
    happened: String,
    asked_for: String,
    hearing_at: Option<i64>,
    hearing_place: Option<String>,
    decided_at: Option<i64>,
    decision: Option<String>,
    appealed_at: Option<i64>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct JoinedClassData {
    name: String,
    teacher: Option<String>,
    joined_at: i64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct TaughtClassData {
    name: String,
    code: String,
    joining: bool,
    archived: bool,
    students: i64,
    created_at: i64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ProfileData {
    uid: String,
    display_name: Option<String>,
    email: String,
    mobile: Option<String>,
    created_at: i64,
    extra: serde_json::Map<String, serde_json::Value>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SessionData {
    browser: &'static str,
    system: &'static str,
    user_agent: Option<String>,
    signed_in_at: i64,
    last_used_at: i64,
    remembered: bool,
    current: bool,
}

#[derive(Debug, Serialize)]
struct ProgressData {
    lessons: BTreeMap<String, MarkBody>,
    passes: BTreeMap<String, PassData>,
    files: Vec<FileBody>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PassData {
    passed_at: i64,
    /// The code that passed, by file name.
    files: BTreeMap<String, String>,
}

pub async fn account_data(
    store: &SharedStore,
    active: &ActiveSession,
) -> Result<AccountData, AccountError> {
    let account = &active.account;
    let now = now_millis();
    let profile = store.profile(&account.id).await?;
    let sessions = store
        .live_sessions(&account.id, now, now - IDLE_TIMEOUT_MS)
        .await?;
    let progress = store.all_progress(&account.id).await?;
    let roles = store.roles_of(&account.id).await?;
    let classes_joined = store.classes_joined(&account.id).await?;
    let classes_taught = store.classes_of_teacher(&account.id).await?;
    let grievances = store.grievances_of(&account.id).await?;
    tracing::info!(uid = %account.id, event = "data-downloaded", "account data downloaded");
    Ok(AccountData {
        exported_at: now,
        profile: match profile {
            Some(p) => ProfileData {
                uid: p.id,
                display_name: p.display_name,
                email: p.email,
                mobile: p.mobile,
                created_at: p.created_at,
                extra: p.extra,
            },
            None => ProfileData {
                uid: account.id.clone(),
                display_name: None,
                email: account.email_key.clone(),
                mobile: None,
                created_at: account.created_at,
                extra: serde_json::Map::new(),
            },
        },
        sign_in_methods: SignInMethods::of(account),
        email_verified_at: account.email_verified_at,
        sessions: sessions
            .into_iter()
            .map(|record| {
                let device = device_name(record.user_agent.as_deref());
                SessionData {
                    browser: device.browser,
                    system: device.system,
                    current: record.public_id == active.session.public_id,
                    user_agent: record.user_agent,
                    signed_in_at: record.created_at,
                    last_used_at: record.last_seen_at,
                    remembered: record.remember,
                }
            })
            .collect(),
        progress: ProgressData::from(progress),
        roles,
        classes_joined: classes_joined
            .into_iter()
            .map(|class| JoinedClassData {
                name: class.name,
                teacher: class.teacher_name,
                joined_at: class.joined_at,
            })
            .collect(),
        classes_taught: classes_taught
            .into_iter()
            .map(|class| TaughtClassData {
                name: class.name,
                code: class.code,
                joining: class.joining,
                archived: class.archived,
                students: class.students,
                created_at: class.created_at,
            })
            .collect(),
        grievances: grievances
            .into_iter()
            .map(|grievance| GrievanceData {
                number: grievance.number,
                category: grievance.category,
                status: grievance.status,
                received_at: grievance.received_at,
                happened: grievance.happened,
                asked_for: grievance.asked_for,
                hearing_at: grievance.hearing_at,
                hearing_place: grievance.hearing_place,
                decided_at: grievance.decided_at,
                decision: grievance.decision,
                appealed_at: grievance.appealed_at,
            })
            .collect(),
    })
}

impl From<AllProgress> for ProgressData {
    fn from(progress: AllProgress) -> Self {
        Self {
            lessons: progress
                .lessons
                .into_iter()
                .map(|mark| {
                    let data = MarkBody {
                        done: mark.done,
                        changed_at: mark.changed_at,
                    };
                    (mark.lesson, data)
                })
                .collect(),
            passes: progress
                .passes
                .into_iter()
                .map(|pass| {
                    let data = PassData {
                        passed_at: pass.passed_at,
                        files: pass.files,
                    };
                    (pass.challenge, data)
                })
                .collect(),
            files: progress.files.into_iter().map(FileBody::from).collect(),
        }
    }
}
