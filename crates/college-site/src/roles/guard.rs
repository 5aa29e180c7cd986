//! One extractor per role, like the signed-in extractor: a route that takes [`Teacher`] runs
//! only for a signed-in account that holds the teacher role now; [`Office`] for the office or
//! an admin; [`Admin`] for an admin; [`Editor`] for an editor; [`GrievanceCommittee`] for a
//! member of the students' grievance committee; [`StaffMember`] for any of the office, an
//! admin, an editor or the grievance committee.

use axum::{extract::FromRequestParts, http::StatusCode, http::request::Parts};

use crate::{
    accounts::session::{service::ActiveSession, signed_in::SignedInSession},
    http::{error::ApiError, state::AppState},
    store::Role,
};

/// A signed-in teacher. 401 when signed out, 403 without the role.
pub struct Teacher(pub ActiveSession);

/// A signed-in member of the office, or an admin (who does all the office does). 401 when
/// signed out, 403 otherwise.
pub struct Office {
    pub session: ActiveSession,
    /// Whether they are also an admin: the staff area shows them more.
    pub is_admin: bool,
}

/// A signed-in editor: writes and publishes what the college says on its site. An admin
/// needs the role too (an admin can grant it to themselves), so that publishing is a choice,
/// not a side effect of running the site. 401 when signed out, 403 without the role.
pub struct Editor(pub ActiveSession);

/// A signed-in admin. 401 when signed out, 403 without the role.
pub struct Admin(pub ActiveSession);

/// A signed-in member of the students' grievance committee: the only role that reads
/// students' grievances (an admin does not, unless they sit on it). 401 when signed out, 403
/// without the role.
pub struct GrievanceCommittee(pub ActiveSession);

/// Anyone the staff area opens for: the office, an admin, an editor or a member of the
/// grievance committee, with the roles they
/// hold (each sees the staff pages of their roles). 401 when signed out, 403 otherwise, in the
/// office's words, as the staff area has always been refused.
pub struct StaffMember {
    pub session: ActiveSession,
    pub roles: Vec<Role>,
}

impl FromRequestParts<AppState> for Teacher {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let SignedInSession(active) = SignedInSession::from_request_parts(parts, state).await?;
        let roles = roles_of(state, &active).await?;
        require(&roles, &[Role::Teacher], Role::Teacher)?;
        Ok(Teacher(active))
    }
}

impl FromRequestParts<AppState> for Office {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let SignedInSession(active) = SignedInSession::from_request_parts(parts, state).await?;
        let roles = roles_of(state, &active).await?;
        require(&roles, &[Role::Office, Role::Admin], Role::Office)?;
        Ok(Office {
            session: active,
            is_admin: roles.contains(&Role::Admin),
        })
    }
}

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let SignedInSession(active) = SignedInSession::from_request_parts(parts, state).await?;
        let roles = roles_of(state, &active).await?;
        require(&roles, &[Role::Admin], Role::Admin)?;
        Ok(Admin(active))
    }
}

impl FromRequestParts<AppState> for StaffMember {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let SignedInSession(active) = SignedInSession::from_request_parts(parts, state).await?;
        let roles = roles_of(state, &active).await?;
        require(
            &roles,
            &[
                Role::Office,
                Role::Admin,
                Role::Editor,
                Role::GrievanceCommittee,
            ],
            Role::Office,
        )?;
        Ok(StaffMember {
            session: active,
            roles,
        })
    }
}

impl FromRequestParts<AppState> for Editor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let SignedInSession(active) = SignedInSession::from_request_parts(parts, state).await?;
        let roles = roles_of(state, &active).await?;
        require(&roles, &[Role::Editor], Role::Editor)?;
        Ok(Editor(active))
    }
}

impl FromRequestParts<AppState> for GrievanceCommittee {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let SignedInSession(active) = SignedInSession::from_request_parts(parts, state).await?;
        let roles = roles_of(state, &active).await?;
        require(
            &roles,
            &[Role::GrievanceCommittee],
            Role::GrievanceCommittee,
        )?;
        Ok(GrievanceCommittee(active))
    }
}

/// The roles the account holds now, read from the store on every request.
async fn roles_of(state: &AppState, active: &ActiveSession) -> Result<Vec<Role>, ApiError> {
    state
        .store
        .roles_of(&active.account.id)
        .await
        .map_err(|error| ApiError::unavailable_because(&error))
}

/// Refuses, in the words of `refused_as`, unless the account holds one of `accepted`.
fn require(held: &[Role], accepted: &[Role], refused_as: Role) -> Result<(), ApiError> {
    if accepted.iter().any(|role| held.contains(role)) {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::FORBIDDEN,
            refusal_code(refused_as),
            refusal_message(refused_as),
        ))
    }
}

fn refusal_code(role: Role) -> &'static str {
    match role {
        Role::Teacher => "not-a-teacher",
        Role::Office => "not-office",
        Role::Admin => "not-admin",
        Role::Editor => "not-an-editor",
        Role::GrievanceCommittee => "not-on-the-grievance-committee",
    }
}

fn refusal_message(role: Role) -> &'static str {
    match role {
        Role::Teacher => "This page is for teachers. Ask the college office if you teach here.",
        Role::Office => "This page is for the college office.",
        Role::Admin => "Only an administrator can do this.",
        Role::Editor => {
            "This page is for the college's editors. Ask an administrator if you publish notices."
        }
        Role::GrievanceCommittee => {
            "This page is for the students' grievance committee. Ask an administrator if you sit on it."
        }
    }
}
