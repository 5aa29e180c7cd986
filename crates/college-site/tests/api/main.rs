//! The server's integration tests, one binary (a module per suite), so that a change to the
//! library links one test executable rather than one per file. Each test still runs in a
//! process of its own under cargo-nextest (`make test`), so what one test sets for the whole
//! process (the umask, the log capture, the metrics recorder) reaches no other.

mod common;

mod account_api;
mod account_api_checks;
mod account_api_data;
mod account_api_sessions;
mod accounts;
mod api_errors;
mod backup;
mod classes_api;
mod contact;
mod content_api;
mod content_files;
mod content_footer;
mod content_home;
mod content_markdown;
mod content_pages;
mod content_public;
mod content_roles;
mod content_schedule;
mod content_uploads;
mod courses;
mod disclosure;
mod disclosure_editing;
mod email_change;
mod email_verification;
mod enquiries;
mod enquiry_access;
mod google;
mod google_linking;
mod hardening;
mod health;
mod inline_csp;
mod layout;
mod logs;
mod metrics;
mod offline;
mod passkeys;
mod password_reset;
mod people;
mod progress_api;
mod progress_api_account;
mod progress_api_limits;
mod progress_api_sync;
mod second_factor;
mod server;
mod staff_api;
mod store;
mod store_account_deletion;
mod store_account_settings;
mod store_classes;
mod store_content;
mod store_dormant_accounts;
mod store_email_changes;
mod store_email_google;
mod store_email_verifications;
mod store_password_resets;
mod store_progress;
mod store_progress_limits;
mod store_progress_merge;
mod store_staff;
mod upgrade;
mod upgrade_content_kinds;
