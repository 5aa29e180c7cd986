//! Serving the web app: its embedded files and the headers that protect its pages.

pub mod assets;
pub mod error_summary;
pub mod html;
pub mod offline;
pub mod security;
