//! Sessions: a new random token at every sign-in, kept only as a hash, in an HttpOnly cookie;
//! idle and absolute expiry; the signed-in user; logout.

pub mod cookies;
pub mod routes;
pub mod second_step;
pub mod service;
pub mod signed_in;
pub mod signed_in_page;
pub mod user_agent;
