//! Email addresses: confirming one with a link by mail, and changing it (the new address
//! counts only once its link is used); the mails' texts.

pub mod routes;
pub mod texts;
pub mod verification;
