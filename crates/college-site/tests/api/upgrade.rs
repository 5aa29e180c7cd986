//! Upgrades lose nothing: a database is filled at each earlier migration step (rows in every
//! table that exists then), the server's own start-up migrates it to the newest, and every row
//! written at any step is still there with the values it had. On SQLite and PostgreSQL.
//!
//! The steps are read from the migration folders, so a new migration is covered as it lands:
//! the rows of the earlier tables are written again after it and checked. A table it adds
//! gets rows once a line for it is added to [`SEEDS`]; until then the test names it.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::old_database::{Db, migration_files, version_of};
use crate::common::{Backend, TestDatabase};
use serde_json::{Map, Value};

crate::on_both_backends!(every_row_of_every_earlier_step_survives_the_upgrade);

/// Rows written after each step, for the tables the migration of that version introduced, in
/// an order their references allow. `{s}` is the step's version: each step writes new rows.
/// The SQL is the same on both backends (SQLite reads TRUE and FALSE as 1 and 0).
const SEEDS: &[(i64, &[&str])] = &[
    (
        1,
        &[
            "INSERT INTO contact_messages (name, email, subject, message, client_ip, created_at)
             VALUES ('Visitor {s}', 'visitor{s}@example.in', 'Subject {s}', 'Message {s}',
                     '10.0.0.{s}', {s}000)",
            "INSERT INTO outbox (contact_id, recipient, reply_to, subject, body, status, attempts,
                                 next_attempt_at, last_error, created_at, sent_at)
             VALUES ((SELECT MAX(id) FROM contact_messages), 'office@college.test',
                     'visitor{s}@example.in', 'Subject {s}', 'Body {s}', 'sent', {s},
                     {s}001, 'error {s}', {s}000, {s}002)",
        ],
    ),
    (
        2,
        &[
            "INSERT INTO accounts (id, email_key, password_hash, google_sub, created_at)
             VALUES ('account-{s}', 'student{s}@example.in', 'hash-{s}', 'google-{s}', {s}000)",
            "INSERT INTO users (id, display_name, email, mobile, extra, created_at)
             VALUES ('account-{s}', 'Student {s}', 'Student{s}@example.in', '+91 98765 4321{s}',
                     '{\"house\": \"{s}\"}', {s}000)",
            "INSERT INTO sessions (token_hash, account_id, remember, created_at, last_seen_at,
                                   expires_at)
             VALUES ('session-{s}', 'account-{s}', TRUE, {s}000, {s}001, {s}002)",
            "INSERT INTO login_failures (email_key, failed_at) VALUES ('student{s}@example.in', {s}000)",
            "INSERT INTO oidc_flows (state, nonce, pkce_verifier, return_to, popup, created_at)
             VALUES ('state-{s}', 'nonce-{s}', 'verifier-{s}', '/react/{s}', FALSE, {s}000)",
        ],
    ),
    (
        3,
        &[
            "INSERT INTO password_resets (token_hash, account_id, created_at, expires_at)
           VALUES ('reset-{s}', 'account-{s}', {s}000, {s}001)",
        ],
    ),
    (
        4,
        &[
            "INSERT INTO lesson_marks (account_id, lesson, done, changed_at)
             VALUES ('account-{s}', 'lesson-{s}', TRUE, {s}000)",
            "INSERT INTO challenge_passes (account_id, challenge, passed_at, files)
             VALUES ('account-{s}', 'challenge-{s}', {s}000, '{\"App.jsx\": \"pass {s}\"}')",
            "INSERT INTO saved_files (account_id, lesson, demo, file, code, base, edited_at,
                                      other_code, other_edited_at)
             VALUES ('account-{s}', 'lesson-{s}', 'demo-{s}', 'App.jsx', 'code {s}', 'base {s}',
                     {s}000, 'other {s}', {s}001)",
        ],
    ),
    (
        5,
        &[
            "UPDATE accounts SET email_verified_at = {s}003 WHERE id = 'account-{s}'",
            "UPDATE sessions SET public_id = 'public-{s}', user_agent = 'Firefox {s}'
             WHERE token_hash = 'session-{s}'",
            "INSERT INTO email_verifications (token_hash, account_id, email, email_key,
                                              created_at, expires_at)
             VALUES ('verify-{s}', 'account-{s}', 'New{s}@example.in', 'new{s}@example.in',
                     {s}000, {s}001)",
        ],
    ),
    (
        6,
        &[
            "INSERT INTO account_roles (account_id, role, granted_at)
             VALUES ('account-{s}', 'teacher', {s}000)",
            "INSERT INTO classes (id, teacher_id, name, code, joining, archived, created_at)
             VALUES ('class-{s}', 'account-{s}', 'Class {s}', 'CODE{s}', TRUE, FALSE, {s}000)",
            "INSERT INTO class_members (class_id, account_id, joined_at)
             VALUES ('class-{s}', 'account-{s}', {s}000)",
            "INSERT INTO progress_activity (account_id, active_at, version)
             VALUES ('account-{s}', {s}000, {s})",
        ],
    ),
    (
        7,
        &[
            "UPDATE contact_messages SET status = 'read', status_changed_at = {s}004,
                    status_changed_by = 'office{s}@college.test'
             WHERE subject = 'Subject {s}'",
            "UPDATE outbox SET message_id = '<{s}@college.test>', last_failed_at = {s}005
             WHERE subject = 'Subject {s}'",
            "UPDATE accounts SET disabled_at = {s}006, last_active_at = {s}007
             WHERE id = 'account-{s}'",
            "UPDATE sessions SET identity_confirmed_at = {s}008 WHERE token_hash = 'session-{s}'",
            "INSERT INTO audit_log (at, actor_email, actor_name, action, target_email, target, ip)
             VALUES ({s}000, 'admin{s}@college.test', 'Admin {s}', 'account-disabled',
                     'student{s}@example.in', 'account-{s}', '10.0.0.{s}')",
        ],
    ),
    (
        10,
        &[
            "INSERT INTO content_items (kind, language, slug, created_at, head, live,
                                        first_published_at, live_since, expires_at)
             VALUES ('notice', 'en', 'notice-{s}', {s}000, 2, 1, {s}001, {s}001, {s}009)",
            "INSERT INTO content_revisions (item_id, number, created_at, author_email, author_name,
                                            title, category, pinned, body, restored_from)
             SELECT id, 1, {s}000, 'editor{s}@college.test', 'Editor {s}', 'Notice {s}',
                    'Admissions', TRUE, 'Body {s}', NULL
             FROM content_items WHERE slug = 'notice-{s}'",
            "INSERT INTO content_revisions (item_id, number, created_at, author_email, author_name,
                                            title, category, pinned, body, restored_from)
             SELECT id, 2, {s}001, 'editor{s}@college.test', NULL, 'Notice {s} again',
                    'Admissions', FALSE, 'Body {s} again', 1
             FROM content_items WHERE slug = 'notice-{s}'",
            "INSERT INTO content_items (kind, language, slug, created_at, head, live)
             VALUES ('page', 'en', 'page-{s}', {s}000, 1, 1)",
            "INSERT INTO content_revisions (item_id, number, created_at, author_email, author_name,
                                            title, category, pinned, body, restored_from)
             SELECT id, 1, {s}000, 'college-site', NULL, 'Page {s}', 'page', FALSE,
                    '{\"heading\": \"Page {s}\"}', NULL
             FROM content_items WHERE slug = 'page-{s}'",
        ],
    ),
    (
        11,
        &[
            "INSERT INTO content_files (item_id, name, created_at, author_email, author_name, bytes)
             SELECT id, 'Circular {s}.pdf', {s}002, 'editor{s}@college.test', 'Editor {s}', {s}
             FROM content_items WHERE slug = 'notice-{s}'",
            // Text in the BLOB column: a row read as JSON cannot hold bytes on SQLite.
            "INSERT INTO content_file_copies (key, file_id, content_type, width, height, data)
             SELECT 'copy-{s}', id, 'application/pdf', NULL, NULL, 'pdf {s}'
             FROM content_files WHERE name = 'Circular {s}.pdf'",
        ],
    ),
    (
        16,
        &[
            "INSERT INTO contact_messages (kind, name, email, subject, message, created_at, status,
                                           course, phone, current_study, call_time, follow_up_on)
             VALUES ('enquiry', 'Parent {s}', '', 'Enquiry about BCA', 'Hostel {s}?', {s}000,
                     'follow-up', 'bca', '+91987654{s}', '12th Commerce', 'Morning', '2027-01-{s}')",
            "INSERT INTO inbox_notes (contact_id, at, author, text)
             SELECT id, {s}001, 'Office {s} <office{s}@college.test>', 'Called, no answer {s}'
             FROM contact_messages WHERE name = 'Parent {s}'",
        ],
    ),
];

async fn every_row_of_every_earlier_step_survives_the_upgrade(backend: Backend) {
    let Some(database) = TestDatabase::create(backend).await else {
        return;
    };
    let files = migration_files(backend);
    assert!(files.len() >= 6, "{files:?}");
    let steps = tempfile::tempdir().expect("dir");
    let mut db = Db::open(&database.url).await;
    // Everything written at any step, by table.
    let mut written: BTreeMap<String, Vec<Map<String, Value>>> = BTreeMap::new();

    // Each earlier step: its migration alone is added, then rows go into every table so far.
    for file in &files[..files.len() - 1] {
        std::fs::copy(file, steps.path().join(file.file_name().expect("name"))).expect("copy");
        db.migrate(steps.path()).await;
        let step = version_of(file);
        for (_, statements) in SEEDS.iter().filter(|(since, _)| *since <= step) {
            for statement in *statements {
                db.execute(&statement.replace("{s}", &step.to_string()))
                    .await;
            }
        }
        for table in db.tables().await {
            let seen = written.entry(table.clone()).or_default();
            for row in db.rows(&table).await {
                if !seen.contains(&row) {
                    seen.push(row);
                }
            }
        }
    }

    // The newest step, as an operator upgrades: the server's own start-up migrates.
    drop(db);
    let store = college_site::store::connect(&database.url)
        .await
        .expect("the new version opens the old database");
    drop(store);
    let mut after = Db::open(&database.url).await;
    let mut lost = Vec::new();
    for (table, rows) in &written {
        let now = after.rows(table).await;
        for row in rows {
            let kept = now.iter().any(|current| {
                row.iter()
                    .all(|(column, value)| current.get(column) == Some(value))
            });
            if !kept {
                lost.push(format!("{table}: {}", Value::Object(row.clone())));
            }
        }
    }
    assert!(
        lost.is_empty(),
        "rows lost or changed by the upgrade:\n{}",
        lost.join("\n")
    );

    // The check read real rows: every table the seeds of the earlier steps name was filled.
    let filled: BTreeSet<&String> = written
        .iter()
        .filter(|(_, rows)| !rows.is_empty())
        .map(|(table, _)| table)
        .collect();
    let newest = version_of(files.last().expect("a migration"));
    let seeded = SEEDS
        .iter()
        .filter(|(since, _)| *since < newest)
        .flat_map(|(_, statements)| statements.iter())
        .filter_map(|statement| statement.strip_prefix("INSERT INTO "))
        .filter_map(|rest| rest.split_whitespace().next());
    for table in seeded {
        assert!(
            filled.iter().any(|name| *name == table),
            "{table} had no rows"
        );
    }
    assert!(filled.len() >= 12, "{filled:?}");
    let accounts: BTreeSet<String> = after
        .texts("SELECT id FROM accounts")
        .await
        .into_iter()
        .collect();
    assert!(accounts.len() >= files.len() - 2, "{accounts:?}");
    let empty: Vec<String> = after
        .tables()
        .await
        .into_iter()
        .filter(|table| !filled.contains(table))
        .collect();
    if !empty.is_empty() {
        eprintln!(
            "NOTE: no rows were written to {empty:?}: add them to SEEDS in tests/api/upgrade.rs"
        );
    }
}
