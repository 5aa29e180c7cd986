//! The second step of signing in. Every way in (password, Google, a reset link) ends in
//! [`sign_in`]: an account with a second factor gets a waiting sign-in, whose cookie opens only
//! the page that asks for the code; the session starts once the code is right (see
//! `second_factor::sign_in_routes`). An account that must have a factor and has none (staff)
//! signs in, but [`must_set_up`] keeps its session to the page that sets one up: whether a
//! session passed the second step belongs to the session, whenever the role or factor came.

use super::service::{
    ActiveSession, CurrentUser, Device, SecondStep, SignInStep, SignedIn, has_second_factor,
    needs_second_factor, start_session,
};
use crate::{
    accounts::{
        error::AccountError,
        time::MINUTE_MS,
        tokens::{random_token, token_hash},
    },
    store::{PendingSignIn, SharedStore, StoreError, now_millis},
};

/// How long a sign-in waits for its code.
pub const WAITING_SIGN_IN_MS: i64 = 10 * MINUTE_MS;

/// Finishes a first factor: a session, or a waiting sign-in when the account has a second
/// factor. "Remember me" is kept with the waiting sign-in and applies once both are done.
pub async fn sign_in(
    store: &SharedStore,
    user: CurrentUser,
    remember: bool,
    device: Device,
) -> Result<SignedIn, AccountError> {
    if !user.second_factor {
        return start_session(store, user, remember, device, SecondStep::NotTaken).await;
    }
    let token = random_token();
    let now = now_millis();
    store
        .create_pending_sign_in(&PendingSignIn {
            token_hash: token_hash(&token),
            account_id: user.uid.clone(),
            remember,
            user_agent: device.user_agent,
            created_at: now,
            expires_at: now + WAITING_SIGN_IN_MS,
        })
        .await?;
    Ok(SignedIn {
        user,
        token,
        remember,
        step: SignInStep::SecondFactor,
        device_token: None,
    })
}

/// Ends what a sign-in made, session or waiting sign-in (a sign-in overtaken by a password
/// change).
pub async fn undo_sign_in(store: &SharedStore, signed_in: &SignedIn) -> Result<(), StoreError> {
    let hash = token_hash(&signed_in.token);
    match signed_in.step {
        SignInStep::Done => store.delete_session(&hash).await,
        SignInStep::SecondFactor => store.take_pending_sign_in(&hash).await.map(|_| ()),
    }
}

/// Whether the session may reach only the page that sets up a second factor, and sign out: its
/// account holds a staff role, and the session did not pass the second step or the account has
/// no factor now (its owner turned it off to move it to a new phone). A session that did not
/// pass it on an account that has a factor is ended when it is read (`service::current_session`).
pub async fn must_set_up(store: &SharedStore, active: &ActiveSession) -> Result<bool, StoreError> {
    if !needs_second_factor(&store.roles_of(&active.account.id).await?) {
        return Ok(false);
    }
    if active.session.second_step_at.is_none() {
        return Ok(true);
    }
    Ok(!has_second_factor(store, &active.account.id).await?)
}
