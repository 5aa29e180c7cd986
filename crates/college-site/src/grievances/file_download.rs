//! A grievance's files, downloaded by the two who may read the grievance: its student
//! (`GET /grievances/<number>/files/<id>`: anyone else gets the 404 page) and the committee
//! (`GET /api/grievances/<number>/files/<id>`: recorded in the audit log, like opening the
//! grievance). Always saved, never shown as a page of this site, never kept by a cache; a
//! large one counts against the address's allowance of large downloads.

use axum::{
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};

use super::paths::grievance_path;
use super::student_access::{own_grievance, student, unavailable};
use crate::content::files::routes::{disposition, over_download_allowance};
use crate::http::{client_ip::ClientIp, error::ApiError, state::AppState};
use crate::roles::{actor::StaffActor, guard::GrievanceCommittee};
use crate::staff::limit::within_staff_limit;
use crate::store::{AuditAction, GrievanceFileData};
use crate::web::assets;

/// The file as a download: saved under its own name, sandboxed should a browser show it.
fn sent(file: GrievanceFileData) -> Response {
    let mut headers = HeaderMap::new();
    let content_type = HeaderValue::from_str(&file.content_type)
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    headers.insert(header::CONTENT_TYPE, content_type);
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("sandbox; default-src 'none'"),
    );
    if let Ok(value) = HeaderValue::from_str(&disposition(&file.name)) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    (StatusCode::OK, headers, file.data).into_response()
}

fn file_id(raw: &str) -> Option<i64> {
    raw.parse().ok().filter(|id| *id > 0)
}

pub async fn student_download(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path((number, file)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let here = grievance_path(&number);
    let account = match student(&state, &headers, &here).await {
        Ok(account) => account,
        Err(answer) => return answer,
    };
    let grievance = match own_grievance(&state, &account, &number, &headers).await {
        Ok(grievance) => grievance,
        Err(answer) => return answer,
    };
    let Some(file_id) = file_id(&file) else {
        return assets::not_found(&headers);
    };
    match state.store.grievance_file(grievance.id, file_id).await {
        Ok(Some(file)) => {
            let size = i64::try_from(file.data.len()).unwrap_or(i64::MAX);
            over_download_allowance(&state, ip, size).unwrap_or_else(|| sent(file))
        }
        Ok(None) => assets::not_found(&headers),
        Err(error) => unavailable(&error),
    }
}

pub async fn committee_download(
    State(state): State<AppState>,
    GrievanceCommittee(member): GrievanceCommittee,
    ClientIp(ip): ClientIp,
    Path((number, file)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &member)?;
    let not_found = || {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no-such-grievance-file",
            "This grievance has no such file.",
        )
    };
    let grievance = state
        .store
        .grievance(&number)
        .await
        .map_err(|error| ApiError::unavailable_because(&error))?
        .ok_or_else(not_found)?;
    let file_id = file_id(&file).ok_or_else(not_found)?;
    let file = state
        .store
        .grievance_file(grievance.id, file_id)
        .await
        .map_err(|error| ApiError::unavailable_because(&error))?
        .ok_or_else(not_found)?;
    let actor = StaffActor::of(&state.store, &member, ip)
        .await
        .map_err(|error| ApiError::unavailable_because(&error))?;
    // Who opened which file, and when; never its name, which may say what it holds.
    let viewed = actor.entry(
        AuditAction::GrievanceViewed,
        None,
        format!("{number}: file {file_id}"),
    );
    state
        .store
        .record_audit(&viewed)
        .await
        .map_err(|error| ApiError::unavailable_because(&error))?;
    let size = i64::try_from(file.data.len()).unwrap_or(i64::MAX);
    Ok(over_download_allowance(&state, ip, size).unwrap_or_else(|| sent(file)))
}
