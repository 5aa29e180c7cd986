//! The JSON API under `/api/auth/`: register, login, logout and the current session.
//!
//! State-changing calls must come from our own pages (Origin check, else 403) with a JSON body
//! (else 415): a cross-site form cannot send JSON, and a cross-site fetch cannot pass the Origin
//! check.

use std::net::IpAddr;

use axum::{
    Json, Router,
    extract::{FromRequest, Request, State, rejection::JsonRejection},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::{
    domain::AccountField,
    email_routes, password_reset_routes,
    service::{self, AccountError, CurrentUser, Device, Registration, SignedIn},
    settings_routes,
};
use crate::{
    app::AppState,
    rate_limit::retry_after_secs,
    web::{client_ip::ClientIp, security::is_same_origin},
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/auth/register", post(register))
        .route("/api/auth/login", post(login))
        .route("/api/auth/logout", post(logout))
        .route("/api/auth/session", get(session))
        .merge(password_reset_routes::router())
        .merge(settings_routes::router())
        .merge(email_routes::router())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RegisterBody {
    #[serde(default)]
    display_name: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    mobile: String,
}

#[derive(Deserialize)]
struct LoginBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    remember: bool,
}

#[derive(Serialize)]
struct UserBody {
    user: Option<CurrentUser>,
}

/// An API error: a stable code for the app, and a message to show as it is.
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    field: Option<AccountField>,
    retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            field: None,
            retry_after: None,
        }
    }

    /// 503 for a failure of ours (the database is unreachable...), logged by the caller.
    pub(crate) fn unavailable() -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            "The service is unavailable just now. Please try again in a minute.",
        )
    }

    pub(super) fn too_many(code: &'static str, message: String, seconds: u64) -> Self {
        Self {
            retry_after: Some(seconds),
            ..Self::new(StatusCode::TOO_MANY_REQUESTS, code, message)
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({
            "error": {
                "code": self.code,
                "message": self.message,
                "field": self.field,
                "retryAfter": self.retry_after,
            }
        });
        let mut response = (self.status, no_store(), Json(body)).into_response();
        if let Some(seconds) = self.retry_after
            && let Ok(value) = HeaderValue::from_str(&seconds.to_string())
        {
            response.headers_mut().insert(header::RETRY_AFTER, value);
        }
        response
    }
}

impl From<AccountError> for ApiError {
    fn from(error: AccountError) -> Self {
        match error {
            AccountError::Invalid(problem) => Self {
                field: Some(problem.field),
                ..Self::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "invalid-input",
                    problem.message,
                )
            },
            AccountError::EmailInUse => Self::new(
                StatusCode::CONFLICT,
                "email-already-in-use",
                error.to_string(),
            ),
            AccountError::InvalidCredentials => Self::new(
                StatusCode::UNAUTHORIZED,
                "invalid-credential",
                error.to_string(),
            ),
            AccountError::LockedOut { retry_after_secs } => Self::too_many(
                "too-many-failed-logins",
                format!(
                    "Too many failed logins for this account. Try again in {}, or sign in with Google.",
                    describe_wait(retry_after_secs)
                ),
                retry_after_secs,
            ),
            AccountError::ResetLinkInvalid => {
                Self::new(StatusCode::GONE, "reset-link-invalid", error.to_string())
            }
            AccountError::GoogleEmailUnverified => Self::new(
                StatusCode::FORBIDDEN,
                "google-email-unverified",
                error.to_string(),
            ),
            AccountError::WrongPassword => Self {
                field: Some(AccountField::Password),
                ..Self::new(StatusCode::FORBIDDEN, "wrong-password", error.to_string())
            },
            AccountError::RecentSignInRequired => Self::new(
                StatusCode::FORBIDDEN,
                "recent-sign-in-required",
                error.to_string(),
            ),
            AccountError::Store(_) | AccountError::Hashing => {
                tracing::error!(%error, "account request failed");
                Self::unavailable()
            }
        }
    }
}

/// A JSON body from one of our own pages.
pub struct SameOriginJson<T>(pub T);

impl<T> FromRequest<AppState> for SameOriginJson<T>
where
    T: serde::de::DeserializeOwned + Send,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        if !is_same_origin(request.headers(), state.config.public_origin.as_deref()) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "cross-origin",
                "This request must come from the college website itself.",
            ));
        }
        match Json::<T>::from_request(request, state).await {
            Ok(Json(body)) => Ok(Self(body)),
            Err(JsonRejection::MissingJsonContentType(_)) => Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported-media-type",
                "Send the request as JSON (Content-Type: application/json).",
            )),
            Err(rejection) => Err(ApiError::new(
                rejection.status(),
                "malformed-request",
                rejection.body_text(),
            )),
        }
    }
}

async fn register(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    SameOriginJson(body): SameOriginJson<RegisterBody>,
) -> Result<Response, ApiError> {
    limit(&state, client)?;
    let signed_in = service::register(
        &state.store,
        Registration {
            display_name: &body.display_name,
            email: &body.email,
            password: &body.password,
            mobile: &body.mobile,
        },
        device_of(&headers),
    )
    .await?;
    tracing::info!(uid = %signed_in.user.uid, "account registered");
    email_routes::send_registration_link(&state, signed_in.user.uid.clone());
    Ok(signed_in_response(&state, StatusCode::CREATED, signed_in))
}

async fn login(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    SameOriginJson(body): SameOriginJson<LoginBody>,
) -> Result<Response, ApiError> {
    limit(&state, client)?;
    let signed_in = service::login(
        &state.store,
        &body.email,
        &body.password,
        body.remember,
        device_of(&headers),
    )
    .await?;
    Ok(signed_in_response(&state, StatusCode::OK, signed_in))
}

async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    if let Some(token) = state.cookies.read(&headers) {
        service::logout(&state.store, &token).await?;
    }
    Ok((
        StatusCode::OK,
        [(header::SET_COOKIE, state.cookies.clear())],
        no_store(),
        Json(UserBody { user: None }),
    )
        .into_response())
}

async fn session(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let user = match state.cookies.read(&headers) {
        Some(token) => service::current_user(&state.store, &token).await?,
        None => None,
    };
    Ok((no_store(), Json(UserBody { user })).into_response())
}

/// Sets the session cookie and answers with the user.
pub fn signed_in_response(state: &AppState, status: StatusCode, signed_in: SignedIn) -> Response {
    let cookie = state.cookies.set(&signed_in.token, signed_in.remember);
    (
        status,
        [(header::SET_COOKIE, cookie)],
        no_store(),
        Json(UserBody {
            user: Some(signed_in.user),
        }),
    )
        .into_response()
}

pub(super) fn limit(state: &AppState, client: IpAddr) -> Result<(), ApiError> {
    state.auth_limiter.check(&client).map_err(|wait| {
        let seconds = retry_after_secs(wait);
        ApiError::too_many(
            "too-many-requests",
            format!(
                "Too many attempts from your connection. Try again in {}.",
                describe_wait(seconds)
            ),
            seconds,
        )
    })
}

pub(super) fn describe_wait(seconds: u64) -> String {
    match seconds {
        0..=1 => "1 second".to_owned(),
        2..=90 => format!("{seconds} seconds"),
        _ => format!("{} minutes", seconds.div_ceil(60)),
    }
}

/// The browser a request comes from, for the session it may start.
pub(super) fn device_of(headers: &HeaderMap) -> Device {
    Device::from_user_agent(
        headers
            .get(header::USER_AGENT)
            .and_then(|value| value.to_str().ok()),
    )
}

pub(crate) fn no_store() -> [(header::HeaderName, &'static str); 1] {
    [(header::CACHE_CONTROL, "no-store")]
}
