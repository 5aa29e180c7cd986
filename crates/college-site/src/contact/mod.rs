//! The contact pipeline: the contact form and each course's enquiry form post here, the
//! message and its mail are stored in one transaction, and the outbox worker delivers the mail
//! to the college inbox.

pub mod enquiry;
mod enquiry_routes;
pub mod form;
pub mod page;
mod routes;
mod service;

pub use enquiry_routes::router as enquiry_router;
pub use routes::post_contact;
