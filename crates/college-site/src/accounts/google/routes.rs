//! `/auth/google/...`: the browser side of Google sign-in.
//!
//! `start` sends the browser (a popup, or the page itself when popups are blocked) to the
//! provider; `callback` finishes the sign-in and answers with a small page whose script reports
//! the outcome to the opener by same-origin `postMessage` and closes the popup, or, without an
//! opener, continues to the page the user came from.

use axum::{
    Router,
    extract::{Query, State},
    http::{HeaderMap, StatusCode, header},
    response::{Html, IntoResponse, Redirect, Response},
    routing::get,
};
use serde::Deserialize;
use serde_json::json;

use super::{client::GoogleError, service::sign_in_with_google};
use crate::{
    accounts::{
        error::AccountError,
        session::{
            cookies::read_cookie,
            routes::device_of,
            service::{SignInStep, SignedIn},
        },
    },
    http::state::AppState,
    web::html::html,
};

/// Binds a sign-in to the browser that started it, so nobody can finish their own sign-in in
/// someone else's browser (login CSRF).
const STATE_COOKIE: &str = "google_state";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/google/start", get(start))
        .route("/auth/google/callback", get(callback))
        .route("/auth/google/result.js", get(result_script))
}

#[derive(Deserialize)]
struct StartQuery {
    mode: Option<String>,
    #[serde(rename = "returnTo")]
    return_to: Option<String>,
}

async fn start(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<StartQuery>,
) -> Response {
    let popup = query.mode.as_deref() == Some("popup");
    let return_to = safe_return_to(query.return_to.as_deref());
    let redirect_uri = callback_url(&state, &headers);
    match state
        .google
        .start(&state.store, &redirect_uri, &return_to, popup)
        .await
    {
        Ok(url) => {
            let flow_state = url::Url::parse(&url)
                .ok()
                .and_then(|u| {
                    u.query_pairs()
                        .find(|(k, _)| k == "state")
                        .map(|(_, v)| v.into_owned())
                })
                .unwrap_or_default();
            let cookie = format!(
                "{STATE_COOKIE}={flow_state}; Path=/auth/google; HttpOnly; SameSite=Lax; Max-Age=600{}",
                secure_suffix(&state)
            );
            ([(header::SET_COOKIE, cookie)], Redirect::to(&url)).into_response()
        }
        Err(error) => {
            tracing::warn!(error = %crate::error_chain::Chain(&error), "Google sign-in could not start");
            result_page(&state, Outcome::failed(&error), popup, &return_to, None)
        }
    }
}

#[derive(Deserialize)]
struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
}

async fn callback(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<CallbackQuery>,
) -> Response {
    let redirect_uri = callback_url(&state, &headers);
    let browser_state = read_cookie(&headers, STATE_COOKIE);
    let (mut popup, mut return_to) = (false, "/".to_owned());
    let result: Result<SignedIn, Outcome> = async {
        let flow_state = query
            .state
            .filter(|s| browser_state.as_deref() == Some(s.as_str()))
            .ok_or_else(|| Outcome::failed(&GoogleError::UnknownState))?;
        let flow = state
            .google
            .take_flow(&state.store, &flow_state)
            .await
            .map_err(|e| Outcome::failed(&e))?;
        popup = flow.popup;
        return_to = flow.return_to.clone();
        if let Some(error) = query.error {
            let error = if error == "access_denied" {
                GoogleError::Cancelled
            } else {
                GoogleError::Rejected(error)
            };
            return Err(Outcome::failed(&error));
        }
        let code = query
            .code
            .ok_or_else(|| Outcome::failed(&GoogleError::Rejected("no code".into())))?;
        let identity = state
            .google
            .finish(&flow, &code, &redirect_uri)
            .await
            .map_err(|e| Outcome::failed(&e))?;
        sign_in_with_google(&state.store, identity, device_of(&headers))
            .await
            .map_err(|e| Outcome::account_failed(&e))
    }
    .await;
    match result {
        Ok(signed_in) if signed_in.step == SignInStep::SecondFactor => {
            tracing::info!(uid = %signed_in.user.uid, "Google sign-in waits for a second factor");
            let cookie = state.cookies.set_waiting(&signed_in.token);
            result_page(
                &state,
                Outcome::SecondFactor,
                popup,
                &return_to,
                Some(cookie),
            )
        }
        Ok(signed_in) => {
            tracing::info!(uid = %signed_in.user.uid, "signed in with Google");
            crate::metrics::sign_in(crate::metrics::SignIn::Succeeded, "google");
            let cookie = state.cookies.set(&signed_in.token, signed_in.remember);
            result_page(&state, Outcome::SignedIn, popup, &return_to, Some(cookie))
        }
        Err(outcome) => {
            crate::metrics::sign_in(crate::metrics::SignIn::Failed, "google");
            result_page(&state, outcome, popup, &return_to, None)
        }
    }
}

enum Outcome {
    SignedIn,
    /// Google is done; the account's second factor is asked for next.
    SecondFactor,
    Failed {
        code: &'static str,
        message: String,
    },
}

impl Outcome {
    fn failed(error: &GoogleError) -> Self {
        if let GoogleError::Rejected(detail) | GoogleError::Unreachable(detail) = error {
            tracing::warn!(%detail, "Google sign-in failed");
        }
        let code = match error {
            GoogleError::NotConfigured => "not-configured",
            GoogleError::Unreachable(_) => "unreachable",
            GoogleError::UnknownState => "expired",
            GoogleError::Cancelled => "cancelled",
            GoogleError::Rejected(_) => "rejected",
            GoogleError::Store(_) => "unavailable",
        };
        Outcome::Failed {
            code,
            message: error.to_string(),
        }
    }

    fn account_failed(error: &AccountError) -> Self {
        match error {
            AccountError::GoogleEmailUnverified => Outcome::Failed {
                code: "email-unverified",
                message: error.to_string(),
            },
            AccountError::Disabled => Outcome::Failed {
                code: "account-disabled",
                message: error.to_string(),
            },
            _ => {
                tracing::error!(error = %crate::error_chain::Chain(error), "Google sign-in: account step failed");
                Outcome::Failed {
                    code: "unavailable",
                    message: "Sign-in is unavailable just now. Please try again in a minute."
                        .into(),
                }
            }
        }
    }
}

fn result_page(
    state: &AppState,
    outcome: Outcome,
    popup: bool,
    return_to: &str,
    session_cookie: Option<String>,
) -> Response {
    let (status, ok, code, message) = match &outcome {
        Outcome::SignedIn => (StatusCode::OK, true, "", "You are signed in."),
        Outcome::SecondFactor => (
            StatusCode::OK,
            true,
            "second-factor",
            "Google is done. Next, the code from your authenticator app.",
        ),
        Outcome::Failed { code, message } => (StatusCode::OK, false, *code, message.as_str()),
    };
    let second_step = second_factor_path(return_to);
    let continue_to = match &outcome {
        Outcome::SignedIn => return_to,
        Outcome::SecondFactor => &second_step,
        Outcome::Failed { .. } => "/login",
    };
    let data = json!({
        "ok": ok,
        "popup": popup,
        "code": code,
        "message": message,
        "returnTo": return_to,
        "continueTo": continue_to,
    });
    let page = html!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><script src="/auth/google/result.js" defer></script></head>
<body data-result="{data}"><main><h1>{title}</h1><p>{message}</p><p><a href="{continue_to}">Continue</a></p></main></body></html>"#,
        title = match &outcome {
            Outcome::SignedIn => "Signed in",
            Outcome::SecondFactor => "One more step",
            Outcome::Failed { .. } => "Google sign-in failed",
        },
        // The attribute's value is the JSON as a text, which the script reads back as it was.
        data = data.to_string(),
        message = message,
        continue_to = continue_to,
    );
    let mut response = (
        status,
        [
            (header::CACHE_CONTROL, "no-store".to_owned()),
            // The popup must keep its link to the page that opened it, to report back.
            (
                header::HeaderName::from_static("cross-origin-opener-policy"),
                "unsafe-none".to_owned(),
            ),
        ],
        Html(page.into_string()),
    )
        .into_response();
    let clear_state = format!(
        "{STATE_COOKIE}=; Path=/auth/google; HttpOnly; SameSite=Lax; Max-Age=0{}",
        secure_suffix(state)
    );
    for cookie in std::iter::once(clear_state).chain(session_cookie) {
        if let Ok(value) = cookie.parse() {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
    }
    response
}

async fn result_script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        RESULT_SCRIPT,
    )
        .into_response()
}

/// Reports the outcome to the opener (same origin only) and closes the popup; without an
/// opener, continues in this window.
const RESULT_SCRIPT: &str = r#"(function () {
  var result = JSON.parse(document.body.getAttribute('data-result') || '{}');
  var opener = null;
  try {
    if (window.opener && window.opener.location.origin === window.location.origin) opener = window.opener;
  } catch (e) {
    opener = null;
  }
  if (result.popup && opener) {
    opener.postMessage(
      { type: 'college-site:google-sign-in', ok: result.ok, code: result.code, message: result.message },
      window.location.origin
    );
    window.close();
  } else if (result.ok) {
    window.location.replace(result.continueTo || '/');
  } else {
    window.location.replace('/login?googleError=' + encodeURIComponent(result.code || 'rejected'));
  }
})();
"#;

/// A return target on this site only: a path, never another origin (`//host`, `/\host`,
/// `https://...`).
pub fn safe_return_to(raw: Option<&str>) -> String {
    match raw {
        Some(path)
            if path.starts_with('/')
                && !path.starts_with("//")
                && !path.starts_with("/\\")
                && !path.chars().any(|c| c.is_control() || c == '\\')
                && path.len() <= 512 =>
        {
            path.to_owned()
        }
        _ => "/".to_owned(),
    }
}

/// The page that asks for the second factor, then goes on to `return_to`.
fn second_factor_path(return_to: &str) -> String {
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("returnTo", return_to)
        .finish();
    format!("/login/second-factor?{query}")
}

fn callback_url(state: &AppState, headers: &HeaderMap) -> String {
    let origin = state.config.public_origin.clone().unwrap_or_else(|| {
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("127.0.0.1");
        format!("http://{host}")
    });
    format!("{origin}/auth/google/callback")
}

fn secure_suffix(state: &AppState) -> &'static str {
    if state.config.is_https() {
        "; Secure"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn return_targets_stay_on_this_site() {
        assert_eq!(safe_return_to(Some("/react/props?x=1")), "/react/props?x=1");
        for hostile in [
            "//evil.example",
            "/\\evil.example",
            "https://evil.example",
            "evil",
            "/a\nb",
        ] {
            assert_eq!(safe_return_to(Some(hostile)), "/", "{hostile}");
        }
        assert_eq!(safe_return_to(None), "/");
    }
}
