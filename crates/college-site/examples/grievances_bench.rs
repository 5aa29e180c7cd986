//! Prints what students' grievances cost with a busy college's years of them: 10,000
//! grievances from 500 students (20 each, over two years, a third decided). For SQLite, and
//! for PostgreSQL when TEST_DATABASE_URL names a server (a throwaway database is made beside
//! it), the median over loopback of:
//! - the committee's queue (`GET /api/grievances`): open ones, overdue ones, one category;
//! - a student's own list (`GET /grievances`, the page rendered for them).
//!
//! Run it with `make bench` (after `make build`: the pages' shell comes from the built app).
//! Figures depend on the machine and its load; compare them with each other, within one run.

use std::time::{Duration, Instant};

use college_site::{
    app::RunningServer,
    config::Config,
    store::{
        Account, DailyAllowance, FileBounds, GrievanceChange, GrievanceUpdate, NewGrievance,
        NewGrievanceEntry, Profile, Role, now_millis,
    },
};

mod bench_support;
use bench_support::{
    drop_postgres_database, fresh_postgres_database, ms, register, signed_in_with_role,
};

const STUDENTS: usize = 500;
const EACH: usize = 20;
const TIMED_READS: usize = 21;
const PASSWORD: &str = "bench-password-2024";
/// No grievance here carries files.
const BOUNDS: FileBounds = FileBounds {
    per_grievance: 20,
    per_account_bytes: 50 << 20,
    site_budget: i64::MAX,
};
const DAY_MS: i64 = 86_400_000;
const CATEGORIES: [&str; 8] = [
    "admission",
    "fees",
    "examinations",
    "teaching",
    "facilities",
    "certificates",
    "harassment",
    "other",
];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    println!(
        "{} grievances from {STUDENTS} students, {EACH} each, a third decided",
        STUDENTS * EACH
    );
    let dir = tempfile::tempdir()?;
    let sqlite = format!("sqlite://{}", dir.path().join("grievances.db").display());
    bench("SQLite", &sqlite, dir.path()).await?;
    match std::env::var("TEST_DATABASE_URL") {
        Ok(admin_url) => {
            let (url, name) =
                fresh_postgres_database(&admin_url, "college_grievances_bench").await?;
            let result = bench("PostgreSQL", &url, dir.path()).await;
            drop_postgres_database(&admin_url, &name).await?;
            result?;
        }
        Err(_) => println!("PostgreSQL: skipped (TEST_DATABASE_URL is not set)"),
    }
    Ok(())
}

async fn seed(server: &RunningServer) -> anyhow::Result<()> {
    let now = now_millis();
    let allowance = DailyAllowance {
        per_account: i64::MAX,
        per_address: i64::MAX,
        day_start: 0,
    };
    let no_mails = |_: &str| Vec::new();
    for student in 0..STUDENTS {
        let id = format!("bench-student-{student:04}");
        let email = format!("student{student}@example.com");
        let account = Account {
            id: id.clone(),
            email_key: email.clone(),
            password_hash: None,
            google_sub: None,
            created_at: now,
            email_verified_at: Some(now),
            disabled_at: None,
        };
        let profile = Profile {
            id: id.clone(),
            display_name: Some(format!("Student {student}")),
            email: email.clone(),
            mobile: None,
            extra: serde_json::Map::new(),
            created_at: now,
        };
        server.store.create_account(&account, &profile).await?;
        for each in 0..EACH {
            let place = student * EACH + each;
            let received_at = now - (place as i64 % 730) * DAY_MS;
            let grievance = NewGrievance {
                account_id: id.clone(),
                student_email: email.clone(),
                student_name: format!("Student {student}"),
                category: CATEGORIES[place % CATEGORIES.len()].to_owned(),
                happened:
                    "The fee receipt shows the wrong amount, and the office asked me to write here."
                        .into(),
                asked_for: "A corrected receipt.".into(),
                share_name: place.is_multiple_of(2),
                received_at,
                refer_by: received_at + 15 * DAY_MS,
                report_by: received_at + 36 * DAY_MS,
                year: 2026 - (place as i64 % 2),
                client_ip: "192.0.2.1".into(),
                files: Vec::new(),
            };
            server
                .store
                .file_grievance(&grievance, i64::MAX, allowance, BOUNDS, &no_mails)
                .await?;
        }
    }
    // A third decided: the committee's queue is mostly open ones, as in a slow year.
    let (all, _) = server
        .store
        .grievance_queue(&college_site::store::GrievanceQuery {
            now,
            limit: (STUDENTS * EACH) as i64,
            ..Default::default()
        })
        .await?;
    for grievance in all.iter().step_by(3) {
        let entry = NewGrievanceEntry {
            at: now,
            kind: "status".into(),
            author_name: "Bench".into(),
            body: "decided".into(),
        };
        let update = GrievanceUpdate {
            change: GrievanceChange::Decide {
                decision: "Corrected.".into(),
                appeal_by: now + 15 * DAY_MS,
            },
            entry: &entry,
            audit: None,
            mails: &[],
            files: &[],
            bounds: BOUNDS,
            max_entries: 300,
        };
        server.store.update_grievance(grievance.id, &update).await?;
    }
    Ok(())
}

/// The median time of `TIMED_READS` GETs of `url` (after 3 to warm up), and the last body's size.
async fn timed(client: &reqwest::Client, url: &str, cookie: &str) -> anyhow::Result<(f64, usize)> {
    let mut times: Vec<Duration> = Vec::with_capacity(TIMED_READS);
    let mut size = 0;
    for round in 0..TIMED_READS + 3 {
        let started = Instant::now();
        let response = client.get(url).header("cookie", cookie).send().await?;
        anyhow::ensure!(
            response.status().is_success(),
            "{url}: {}",
            response.status()
        );
        size = response.bytes().await?.len();
        if round >= 3 {
            times.push(started.elapsed());
        }
    }
    times.sort();
    Ok((ms(times[times.len() / 2]), size))
}

async fn bench(backend: &str, database_url: &str, dir: &std::path::Path) -> anyhow::Result<()> {
    let config = Config::for_tests(database_url.to_owned(), dir.join(backend));
    let server = RunningServer::start(config).await?;
    let base = format!("http://{}", server.addr);
    let client = reqwest::Client::builder().no_gzip().no_brotli().build()?;
    let member = signed_in_with_role(
        &server,
        &client,
        &base,
        PASSWORD,
        ("sgrc@example.com", Role::GrievanceCommittee),
    )
    .await?;
    let seeding = Instant::now();
    seed(&server).await?;
    println!(
        "{backend}: seeded in {:.1} s",
        seeding.elapsed().as_secs_f64()
    );
    for (what, query) in [
        ("open ones, first page", "?status=open"),
        ("overdue ones", "?status=open&due=overdue"),
        ("one category, all", "?status=all&category=fees"),
    ] {
        let (time, size) =
            timed(&client, &format!("{base}/api/grievances{query}"), &member).await?;
        println!("{backend}: the committee's queue, {what}: {time:.1} ms median, {size} bytes");
    }
    // A student of the bench's own, with twenty grievances like the others.
    let (student, id) = register(&client, &base, "Asha Rao", "asha@example.com", PASSWORD).await?;
    let now = now_millis();
    server.store.mark_email_verified(&id, now).await?;
    let allowance = DailyAllowance {
        per_account: i64::MAX,
        per_address: i64::MAX,
        day_start: 0,
    };
    for each in 0..EACH as i64 {
        let received_at = now - each * 30 * DAY_MS;
        let grievance = NewGrievance {
            account_id: id.clone(),
            student_email: "asha@example.com".into(),
            student_name: "Asha Rao".into(),
            category: "fees".into(),
            happened: "Charged twice.".into(),
            asked_for: "A refund.".into(),
            share_name: false,
            received_at,
            refer_by: received_at + 15 * DAY_MS,
            report_by: received_at + 36 * DAY_MS,
            year: 2026,
            client_ip: "192.0.2.2".into(),
            files: Vec::new(),
        };
        server
            .store
            .file_grievance(&grievance, i64::MAX, allowance, BOUNDS, &|_: &str| {
                Vec::new()
            })
            .await?;
    }
    let (time, size) = timed(&client, &format!("{base}/grievances"), &student).await?;
    println!(
        "{backend}: a student's list of {EACH} (the page as rendered for them): {time:.1} ms median, {size} bytes"
    );
    server.stop().await
}
