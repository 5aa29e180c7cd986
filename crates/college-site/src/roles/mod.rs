//! Roles: what an account may do beyond its own work. The site's operator grants them on the
//! server (`college-site roles`, in [`cli`]); routes that need one take its extractor from
//! [`guard`], which checks the store on every request, so a revoked role closes its pages at
//! once.

pub mod actor;
pub mod cli;
pub mod guard;
