//! An editor's uploads, checked by their bytes before anything keeps them, and the downloads
//! visitors make of them, from one shared copy in memory.

pub mod cache;
pub mod check;
pub(in crate::content) mod pdf_scan;
pub(crate) mod routes;
pub mod uploads;
