//! "Login with Google": the OpenID Connect client (`client.rs`), which account a Google
//! identity opens (`service.rs`), and the browser's routes under `/auth/google/`.

pub mod client;
pub mod routes;
pub mod service;
