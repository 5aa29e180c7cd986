//! What a stranger, or a student, must not be able to do to the site: each module is one way
//! in that was tried as an attacker would, and the test that keeps it shut.

mod admins;
mod caps;
mod connections;
mod downloads;
mod files;
mod input;
mod lab;
mod lockout;
mod mails;
mod markdown;
mod methods;
mod networks;
mod passes;
mod registrations;
mod second_step;
mod uploads;
