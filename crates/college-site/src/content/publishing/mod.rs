//! What every kind's editing shares: saves on top of the revision the editor opened, a restore
//! as a new revision, publishing now or at a time (and the timer that does it), and an
//! editor's preview of what is not yet published.

pub(in crate::content) mod editor;
pub(in crate::content) mod preview;
pub(in crate::content) mod revisions;
pub mod rules;
pub mod schedule;
pub(in crate::content) mod service;
