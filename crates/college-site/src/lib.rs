//! The college website server: serves the prerendered web app and owns accounts, profiles,
//! students' tutorial progress and the contact pipeline.
//!
//! Requests flow one way: route handler (parses input into domain types) -> service (rules) ->
//! store (SQL).

pub mod accounts;
pub mod app;
pub mod backup;
pub mod classes;
pub mod config;
pub mod connections;
pub mod contact;
pub mod content;
pub mod csv;
pub mod dates;
pub mod error_chain;
pub mod grievances;
pub mod health;
pub mod http;
pub mod logs;
pub mod metrics;
pub mod outbox;
pub mod private_files;
pub mod progress;
pub mod rate_limit;
pub mod roles;
pub mod staff;
pub mod store;
pub mod text;
pub mod web;
