//! Discovery document and JWKS: what a client reads before the first sign-in.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use crate::Inner;

pub(crate) async fn configuration(State(p): State<Arc<Inner>>) -> Json<Value> {
    let base = p.issuer.trim_end_matches('/');
    Json(json!({
        "issuer": p.issuer,
        "authorization_endpoint": format!("{base}/authorize"),
        "token_endpoint": format!("{base}/token"),
        "userinfo_endpoint": format!("{base}/userinfo"),
        "jwks_uri": format!("{base}/jwks"),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["RS256"],
        "scopes_supported": ["openid", "email", "profile"],
        "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
        "code_challenge_methods_supported": ["S256"],
        "prompt_values_supported": ["none", "select_account"],
        "claims_supported": [
            "iss", "sub", "aud", "exp", "iat", "auth_time", "nonce", "at_hash",
            "email", "email_verified", "name"
        ],
    }))
}

pub(crate) async fn jwks(State(p): State<Arc<Inner>>) -> Json<Value> {
    Json(json!({ "keys": [p.key.public_jwk()] }))
}
