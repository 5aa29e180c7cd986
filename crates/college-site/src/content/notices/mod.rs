//! The college's notices: Markdown an editor writes, schedules and publishes, read at
//! `/notices` (a page each, the list, the archive, the Atom feed).

pub(in crate::content) mod attachments;
pub(in crate::content) mod bodies;
pub mod domain;
pub(in crate::content) mod feed;
pub(in crate::content) mod html;
pub(in crate::content) mod preview;
pub(in crate::content) mod public_routes;
pub(in crate::content) mod service;
pub(in crate::content) mod staff_routes;
