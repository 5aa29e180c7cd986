//! Items edited as a set of fields (the site's pages, the courses, the disclosure's items):
//! their schemas and values ([`fields`]), their rules over the store and their editors' API.

pub mod fields;
pub(in crate::content) mod routes;
pub(in crate::content) mod service;
