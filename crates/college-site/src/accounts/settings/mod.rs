//! The account page (`/account`) and its API: the profile, the password, the sessions, the
//! data download and deleting the account.

pub mod data_download;
pub mod routes;
pub mod service;
