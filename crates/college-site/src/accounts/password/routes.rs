//! `/api/auth/register` and `/api/auth/login`: accounts with a password. Registration sends
//! the link that confirms the email address.

use axum::{
    Router,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::Response,
    routing::post,
};
use serde::Deserialize;

use super::service::{self, Registration};
use crate::{
    accounts::{
        email::routes::send_registration_link,
        error::AccountError,
        session::{
            routes::{device_of, signed_in_response},
            service::Device,
        },
    },
    http::{
        client_ip::ClientIp,
        error::ApiError,
        limits::{
            count_failed_sign_in, failed_sign_ins_spent, limit_registrations, limit_sign_ins,
        },
        same_origin_json::SameOriginJson,
        state::AppState,
    },
    metrics::{self, SignIn},
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/auth/register", post(register))
        .route("/api/auth/login", post(login))
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

async fn register(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    SameOriginJson(body): SameOriginJson<RegisterBody>,
) -> Result<Response, ApiError> {
    limit_registrations(&state, client)?;
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
    metrics::registered();
    send_registration_link(&state, signed_in.user.uid.clone());
    Ok(signed_in_response(&state, StatusCode::CREATED, signed_in))
}

async fn login(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    SameOriginJson(body): SameOriginJson<LoginBody>,
) -> Result<Response, ApiError> {
    if let Err(limited) = limit_sign_ins(&state, client) {
        metrics::sign_in(SignIn::Limited, "password");
        return Err(limited);
    }
    let device = Device {
        sign_in_cookie: state.cookies.read_device(&headers),
        ..device_of(&headers)
    };
    let signed_in = service::login(
        &state.store,
        &body.email,
        &body.password,
        body.remember,
        device,
        failed_sign_ins_spent(&state, client),
    )
    .await;
    match &signed_in {
        Ok(_) => metrics::sign_in(SignIn::Succeeded, "password"),
        Err(AccountError::InvalidCredentials) => {
            count_failed_sign_in(&state, client);
            metrics::sign_in(SignIn::Failed, "password");
        }
        Err(AccountError::LockedOut { .. } | AccountError::AddressLockedOut { .. }) => {
            metrics::sign_in(SignIn::Limited, "password");
        }
        Err(_) => {}
    }
    Ok(signed_in_response(&state, StatusCode::OK, signed_in?))
}
