//! Prints what the staff area's reads cost on a busy site: 100,000 contact messages and 50,000
//! admission enquiries (each with its mail, some failed) and 20,000 accounts, seeded with one
//! statement each. For SQLite,
//! and for PostgreSQL when TEST_DATABASE_URL names a server (a throwaway database is made
//! beside it), over loopback as the staff pages ask: the inbox's first page, a search that
//! finds a few hundred messages, one that finds none (every message is read), the failed
//! mail filter, the enquiries of one course (5,000), a search for a phone, the calls due, the
//! CSV of one course's 5,000 enquiries (streamed), the people search and the summary every
//! staff page reads. On PostgreSQL the searches run again without the trigram index (migration
//! 0017), to show what it is worth.
//!
//! Run it with `make bench`. Figures depend on the machine and its load; compare them with
//! each other, within one run.

use std::time::Instant;

use college_site::{
    app::RunningServer,
    config::Config,
    store::{Actor, AuditAction, NewAuditEntry, Role, now_millis},
};
use serde_json::Value;
use sqlx::{Connection, Executor, PgConnection, SqliteConnection};

mod bench_support;
use bench_support::{
    drop_postgres_database, fresh_postgres_database, ms, register, set_up_second_factor,
};

const MESSAGES: i64 = 100_000;
const ENQUIRIES: i64 = 50_000;
const ACCOUNTS: i64 = 20_000;
/// Timed reads per question: the staff allowance of calls (120 at once) covers them all.
const TIMED_READS: usize = 11;
const PASSWORD: &str = "bench-password-2024";

/// The questions, as the staff pages ask them.
const READS: [(&str, &str); 10] = [
    ("inbox, first page", "/api/staff/messages"),
    (
        "inbox search (found in 1 in 97)",
        "/api/staff/messages?q=scholarship",
    ),
    (
        "inbox search (found nowhere)",
        "/api/staff/messages?q=zzzz-nothing",
    ),
    (
        "inbox, failed mail",
        "/api/staff/messages?mail=failed&status=all",
    ),
    (
        "enquiries of one course",
        "/api/staff/messages?kind=enquiry&course=bba",
    ),
    (
        "enquiry search (a phone)",
        "/api/staff/messages?kind=enquiry&q=9810012345",
    ),
    (
        "enquiries to call again today",
        "/api/staff/messages?due=today",
    ),
    (
        "CSV of one course's enquiries",
        "/api/staff/messages.csv?kind=enquiry&course=bba&status=all",
    ),
    ("people search", "/api/staff/people?q=person12345"),
    ("summary (every staff page)", "/api/staff/summary"),
];

/// Seeds one row per number from 1 to N with a recursive count, which both SQLite and
/// PostgreSQL run as one statement.
fn seed_statements(now: i64) -> Vec<String> {
    let count = |n: i64| {
        format!("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n})")
    };
    vec![
        format!(
            "{} INSERT INTO accounts (id, email_key, password_hash, created_at, last_active_at)
             SELECT 'acct-' || i, 'person' || i || '@example.com', NULL, {now} - CAST(i AS BIGINT) * 60000, {now} - CAST(i AS BIGINT) * 1000 FROM n",
            count(ACCOUNTS)
        ),
        format!(
            "{} INSERT INTO users (id, display_name, email, created_at)
             SELECT 'acct-' || i, 'Student ' || i, 'person' || i || '@example.com', {now} - CAST(i AS BIGINT) * 60000 FROM n",
            count(ACCOUNTS)
        ),
        format!(
            "{} INSERT INTO contact_messages (name, email, subject, message, created_at, status)
             SELECT 'Visitor ' || i, 'visitor' || i || '@example.com', 'Question ' || i,
                    'Hello, I would like to know about admissions, fees and the hostel for the BCA course. '
                    || CASE WHEN i % 97 = 0 THEN 'Is there a scholarship for merit students?' ELSE 'Thank you.' END,
                    {now} - CAST({MESSAGES} - i AS BIGINT) * 60000,
                    CASE WHEN i % 5 = 0 THEN 'archived' WHEN i % 3 = 0 THEN 'answered' ELSE 'read' END
             FROM n",
            count(MESSAGES)
        ),
        format!(
            "{} INSERT INTO contact_messages (kind, name, email, phone, course, subject,
                                           current_study, call_time, message, created_at, status,
                                           follow_up_on)
             SELECT 'enquiry', 'Parent ' || i,
                    CASE WHEN i % 2 = 0 THEN 'parent' || i || '@example.com' ELSE '' END,
                    '+9198' || (10000000 + i),
                    CASE i % 10 WHEN 0 THEN 'bcom' WHEN 1 THEN 'bba' ELSE 'bca' END,
                    'Enquiry about BCA', '12th Commerce', 'Any time, 10:00 to 18:00',
                    CASE WHEN i % 89 = 0 THEN 'Is there a hostel?' ELSE 'Please call.' END,
                    {now} - CAST({ENQUIRIES} - i AS BIGINT) * 30000,
                    CASE i % 4 WHEN 0 THEN 'follow-up' WHEN 1 THEN 'contacted' ELSE 'new' END,
                    CASE WHEN i % 4 = 0 THEN '2026-11-01' ELSE NULL END
             FROM n",
            count(ENQUIRIES)
        ),
        format!(
            "INSERT INTO outbox (contact_id, recipient, reply_to, subject, body, status, attempts,
                                 next_attempt_at, created_at, sent_at, last_error, last_failed_at)
             SELECT id, 'office@college.test', email, subject, message,
                    CASE WHEN id % 1000 = 0 THEN 'failed' ELSE 'sent' END,
                    CASE WHEN id % 1000 = 0 THEN 10 ELSE 0 END,
                    created_at, created_at,
                    CASE WHEN id % 1000 = 0 THEN NULL ELSE created_at + 1000 END,
                    CASE WHEN id % 1000 = 0 THEN 'SMTP: connection refused' ELSE NULL END,
                    CASE WHEN id % 1000 = 0 THEN created_at + 3600000 ELSE NULL END
             FROM contact_messages"
        ),
    ]
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    println!(
        "{MESSAGES} contact messages and {ENQUIRIES} enquiries (1 in 1000 with failed mail) and {ACCOUNTS} accounts"
    );
    let dir = tempfile::tempdir()?;
    let sqlite = format!("sqlite://{}", dir.path().join("staff.db").display());
    bench("SQLite", &sqlite, dir.path()).await?;
    match std::env::var("TEST_DATABASE_URL") {
        Ok(admin_url) => {
            let (url, name) = fresh_postgres_database(&admin_url, "college_staff_bench").await?;
            let result = bench("PostgreSQL", &url, dir.path()).await;
            drop_postgres_database(&admin_url, &name).await?;
            result?;
        }
        Err(_) => println!("PostgreSQL: skipped (TEST_DATABASE_URL is not set)"),
    }
    Ok(())
}

async fn bench(backend: &str, database_url: &str, dir: &std::path::Path) -> anyhow::Result<()> {
    let config = Config::for_tests(database_url.to_owned(), dir.join(backend));
    let server = RunningServer::start(config).await?;
    let base = format!("http://{}", server.addr);
    let client = reqwest::Client::new();
    let cookie = admin(&server, &client, &base, "admin@example.com").await?;

    let seeding = Instant::now();
    seed(database_url).await?;
    println!(
        "{backend}: seeded in {:.1} s",
        seeding.elapsed().as_secs_f64()
    );

    time_reads(backend, "", &READS, &client, &base, &cookie).await?;
    if !database_url.starts_with("sqlite:") {
        // The same searches as before migration 0017, in the same run: the ratio is the
        // trigram index's worth on this machine.
        let mut db = PgConnection::connect(database_url).await?;
        db.execute("DROP INDEX IF EXISTS contact_messages_search_trigram")
            .await?;
        let searches: Vec<(&str, &str)> = READS
            .into_iter()
            .filter(|(_, path)| path.contains("q="))
            .collect();
        // Another admin's allowance of staff calls: the first one's is spent.
        let second = admin(&server, &client, &base, "admin2@example.com").await?;
        time_reads(
            backend,
            " (no trigram index)",
            &searches,
            &client,
            &base,
            &second,
        )
        .await?;
    }
    server.stop().await
}

/// Registers `email` as an admin with a second factor, as the staff area needs; answers its
/// session's cookie.
async fn admin(
    server: &RunningServer,
    client: &reqwest::Client,
    base: &str,
    email: &str,
) -> anyhow::Result<String> {
    let (cookie, id) = register(client, base, "Meera Iyer", email, PASSWORD).await?;
    set_up_second_factor(client, base, &cookie, PASSWORD).await?;
    let audit = NewAuditEntry {
        at: now_millis(),
        actor: Actor::CommandLine,
        action: AuditAction::RoleGranted,
        target_email: None,
        target: "admin for the bench".into(),
    };
    server.store.grant_role(&id, Role::Admin, &audit).await?;
    Ok(cookie)
}

/// Times each of `reads` (its name and path) as the staff pages ask, printing each median and
/// p90 with `note` after its name.
async fn time_reads(
    backend: &str,
    note: &str,
    reads: &[(&str, &str)],
    client: &reqwest::Client,
    base: &str,
    cookie: &str,
) -> anyhow::Result<()> {
    for &(name, path) in reads {
        let mut times = Vec::with_capacity(TIMED_READS);
        let mut body = Value::Null;
        for round in 0..=TIMED_READS {
            let started = Instant::now();
            let response = client
                .get(format!("{base}{path}"))
                .header("cookie", cookie)
                .send()
                .await?;
            anyhow::ensure!(
                response.status().is_success(),
                "{path}: {}",
                response.status()
            );
            body = if path.contains(".csv") {
                // The CSV's rows, less its header: read to the end, as a download is.
                let lines = response.text().await?.lines().count();
                serde_json::json!({ "total": lines.saturating_sub(1) })
            } else {
                response.json().await?
            };
            // The first read warms the caches.
            if round > 0 {
                times.push(started.elapsed());
            }
        }
        times.sort();
        let found = body["total"]
            .as_i64()
            .map_or_else(String::new, |total| format!(", {total} found"));
        println!(
            "{backend}: {:<34} {:>6.1} ms median, {:>6.1} ms p90{found}",
            format!("{name}{note}"),
            ms(times[times.len() / 2]),
            ms(times[times.len() * 9 / 10]),
        );
    }
    Ok(())
}

async fn seed(database_url: &str) -> anyhow::Result<()> {
    let statements = seed_statements(now_millis());
    if database_url.starts_with("sqlite:") {
        let mut db = SqliteConnection::connect(database_url).await?;
        for statement in &statements {
            db.execute(statement.as_str()).await?;
        }
        db.execute("ANALYZE").await?;
    } else {
        let mut db = PgConnection::connect(database_url).await?;
        for statement in &statements {
            db.execute(statement.as_str()).await?;
        }
        db.execute("ANALYZE").await?;
    }
    Ok(())
}
