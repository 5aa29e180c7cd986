//! Durations in the accounts' rules, in milliseconds like the store's times.

pub const MINUTE_MS: i64 = 60 * 1000;
pub const DAY_MS: i64 = 24 * 60 * MINUTE_MS;
