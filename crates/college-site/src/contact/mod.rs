//! The contact pipeline: the form posts here, the message and its mail are stored in one
//! transaction, and the outbox worker delivers the mail to the college inbox.

pub mod form;
pub mod page;
mod routes;
mod service;

pub use routes::post_contact;
