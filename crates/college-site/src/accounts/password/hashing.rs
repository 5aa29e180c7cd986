//! Password hashing with argon2id at OWASP's setting (m=19456 KiB, t=2, p=1). Hashing takes
//! tens of milliseconds of CPU, so it runs on the blocking pool, never on the async threads.

use std::sync::LazyLock;

use argon2::{
    Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version,
    password_hash::{SaltString, rand_core::OsRng},
};

use crate::accounts::domain::Password;

pub const MEMORY_KIB: u32 = 19_456;
pub const ITERATIONS: u32 = 2;
pub const PARALLELISM: u32 = 1;

fn argon2() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, ITERATIONS, PARALLELISM, None)
        .unwrap_or_else(|_| Params::default());
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// A hash of a random password, verified against when no account matches, so that an
/// unknown email takes as long to refuse as a wrong password.
static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| {
    let salt = SaltString::generate(&mut OsRng);
    argon2()
        .hash_password(salt.as_str().as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .unwrap_or_default()
});

/// Why a password could not be hashed: argon2 refused, or the blocking task did not finish.
#[derive(Debug, thiserror::Error)]
pub enum HashError {
    #[error("argon2: {0}")]
    Argon2(argon2::password_hash::Error),
    #[error("the hashing task did not finish")]
    Task(#[from] tokio::task::JoinError),
}

/// Hashes a password into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`).
pub async fn hash_password(password: Password) -> Result<String, HashError> {
    tokio::task::spawn_blocking(move || hash_now(&password)).await?
}

fn hash_now(password: &Password) -> Result<String, HashError> {
    let salt = SaltString::generate(&mut OsRng);
    argon2()
        .hash_password(password.expose().as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(HashError::Argon2)
}

/// Checks a password against a stored hash; with no hash (unknown email, or an account that
/// signs in with Google only) it does the same work against a dummy and answers false.
pub async fn verify_password(password: Password, stored: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || {
        let hash = stored.as_deref().unwrap_or(DUMMY_HASH.as_str());
        let matches = PasswordHash::new(hash).is_ok_and(|parsed| {
            argon2()
                .verify_password(password.expose().as_bytes(), &parsed)
                .is_ok()
        });
        matches && stored.is_some()
    })
    .await
    .unwrap_or(false)
}

/// Hashes once, synchronously: for the benchmark that reports the cost of the parameters.
pub fn hash_once_for_benchmark(password: &str) -> bool {
    Password::for_login(password).is_some_and(|p| hash_now(&p).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_verify_with_the_chosen_parameters() {
        let password = Password::for_login("correct horse battery").expect("ok");
        let hash = hash_password(password.clone()).await.expect("hash");
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(verify_password(password, Some(hash.clone())).await);
        let wrong = Password::for_login("correct horse battery!").expect("ok");
        assert!(!verify_password(wrong, Some(hash)).await);
    }

    #[tokio::test]
    async fn no_stored_hash_never_verifies() {
        let password = Password::for_login("anything at all").expect("ok");
        assert!(!verify_password(password, None).await);
    }
}
