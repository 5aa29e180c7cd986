//! Prints what a teacher's class view costs with a full class: 500 students, each with every
//! lesson done and 30 challenges passed (seeded through the store). For SQLite, and for
//! PostgreSQL when TEST_DATABASE_URL names a server (a throwaway database is made beside it):
//! - the table's API (`GET /api/teach/classes/{id}/table`): median and p90 time over loopback,
//!   as a browser asks for it (gzip), and its JSON's bytes, raw and as served compressed;
//! - one poll of the live view's change feed (the versions of the class's 500 students), which
//!   every open class view runs once a second.
//!
//! Run it with `make bench` (after `make build`: the lesson list comes from the built app).
//! Figures depend on the machine and its load; compare them with each other, within one run.

use std::{collections::BTreeMap, time::Instant};

use college_site::{
    app::RunningServer,
    config::Config,
    store::{
        Account, Actor, AuditAction, ChallengePass, JoinLimits, LessonMark, NewAuditEntry, Profile,
        ProgressLimits, ProgressWrite, Role, SharedStore, now_millis,
    },
    web::assets,
};
use serde_json::{Value, json};

mod bench_support;
use bench_support::{
    drop_postgres_database, fresh_postgres_database, ms, register, set_up_second_factor,
};

const STUDENTS: usize = 500;
const PASSES_PER_STUDENT: usize = 30;
const TIMED_READS: usize = 31;
const PASSWORD: &str = "bench-password-2024";
const NO_LIMITS: ProgressLimits = ProgressLimits {
    files: i64::MAX,
    passes: i64::MAX,
    marks: i64::MAX,
    bytes: i64::MAX,
};

/// A solution as long as a typical challenge's: the teacher's detail view reads these, the
/// table must not.
const SOLUTION: &str = r#"import { useState } from 'react';

export default function Counter() {
  const [count, setCount] = useState(0);
  return (
    <div>
      <p>You clicked {count} times</p>
      <button onClick={() => setCount(count + 1)}>Add one</button>
      <button onClick={() => setCount(0)}>Reset</button>
    </div>
  );
}
"#;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let tutorial = assets::lesson_titles();
    let lessons: Vec<String> = tutorial.iter().map(|title| title.lesson.clone()).collect();
    // Every challenge of the tutorial, then older ones up to the count: every lesson is done.
    let challenges: Vec<String> = tutorial
        .iter()
        .flat_map(|title| title.challenges.iter().cloned())
        .chain((0..).map(|n| format!("retired/challenge-{n}")))
        .take(PASSES_PER_STUDENT)
        .collect();
    anyhow::ensure!(
        !lessons.is_empty(),
        "the built app has no lesson list: run `make web` first"
    );
    println!(
        "a class of {STUDENTS} students, each with all {} lessons done and {PASSES_PER_STUDENT} challenges passed",
        lessons.len()
    );
    let dir = tempfile::tempdir()?;
    let sqlite = format!("sqlite://{}", dir.path().join("classes.db").display());
    bench("SQLite", &sqlite, dir.path(), &lessons, &challenges).await?;
    match std::env::var("TEST_DATABASE_URL") {
        Ok(admin_url) => {
            let (url, name) = fresh_postgres_database(&admin_url, "college_bench").await?;
            let result = bench("PostgreSQL", &url, dir.path(), &lessons, &challenges).await;
            drop_postgres_database(&admin_url, &name).await?;
            result?;
        }
        Err(_) => println!("PostgreSQL: skipped (TEST_DATABASE_URL is not set)"),
    }
    Ok(())
}

async fn bench(
    backend: &str,
    database_url: &str,
    dir: &std::path::Path,
    lessons: &[String],
    challenges: &[String],
) -> anyhow::Result<()> {
    let config = Config::for_tests(database_url.to_owned(), dir.join(backend));
    let server = RunningServer::start(config).await?;
    let base = format!("http://{}", server.addr);
    let client = reqwest::Client::new();

    let (cookie, teacher_id) = register(
        &client,
        &base,
        "Meera Iyer",
        "teacher@example.com",
        PASSWORD,
    )
    .await?;
    set_up_second_factor(&client, &base, &cookie, PASSWORD).await?;
    server
        .store
        .grant_role(
            &teacher_id,
            Role::Teacher,
            &NewAuditEntry {
                at: now_millis(),
                actor: Actor::CommandLine,
                action: AuditAction::RoleGranted,
                target_email: None,
                target: "teacher for the bench".into(),
            },
        )
        .await?;
    let class: Value = client
        .post(format!("{base}/api/teach/classes"))
        .header("origin", &base)
        .header("cookie", &cookie)
        .json(&json!({"name": "BCA 2, division A"}))
        .send()
        .await?
        .json()
        .await?;
    let class_id = class["class"]["id"].as_str().unwrap_or_default().to_owned();
    let seeding = Instant::now();
    seed_students(&server.store, &class_id, lessons, challenges).await?;
    println!(
        "{backend}: seeded in {:.1} s",
        seeding.elapsed().as_secs_f64()
    );

    let table_url = format!("{base}/api/teach/classes/{class_id}/table");
    let read_table = |encoding: &'static str| {
        client
            .get(&table_url)
            .header("cookie", &cookie)
            .header("accept-encoding", encoding)
            .send()
    };
    let raw = read_table("identity").await?.bytes().await?;
    let table: Value = serde_json::from_slice(&raw)?;
    anyhow::ensure!(
        table["students"].as_array().map(Vec::len) == Some(STUDENTS),
        "the table lists every student"
    );
    anyhow::ensure!(
        table["lessons"].as_array().map(Vec::len) == Some(lessons.len()),
        "every lesson is done"
    );
    let mut times = Vec::with_capacity(TIMED_READS);
    let mut served = 0;
    for round in 0..TIMED_READS + 3 {
        let started = Instant::now();
        let response = read_table("gzip, br").await?;
        anyhow::ensure!(
            response.status().is_success(),
            "table: {}",
            response.status()
        );
        // This client does not decompress: these are the bytes on the wire.
        served = response.bytes().await?.len();
        // The first reads warm the caches.
        if round >= 3 {
            times.push(started.elapsed());
        }
    }
    times.sort();
    println!(
        "{backend}: table API {:.1} ms median, {:.1} ms p90 ({TIMED_READS} reads); JSON {} KB raw, {} KB as served (gzip)",
        ms(times[times.len() / 2]),
        ms(times[times.len() * 9 / 10]),
        raw.len() / 1000,
        served / 1000,
    );

    let mut polls = Vec::new();
    for _ in 0..TIMED_READS {
        let started = Instant::now();
        let stamps = server.store.member_stamps(&class_id).await?;
        polls.push(started.elapsed());
        anyhow::ensure!(stamps.len() == STUDENTS, "every student's version");
    }
    polls.sort();
    println!(
        "{backend}: one live-view poll of {STUDENTS} versions {:.2} ms median",
        ms(polls[polls.len() / 2])
    );
    server.stop().await
}

async fn seed_students(
    store: &SharedStore,
    class_id: &str,
    lessons: &[String],
    challenges: &[String],
) -> anyhow::Result<()> {
    let start = now_millis() - 30 * 24 * 3_600_000;
    for index in 0..STUDENTS {
        let id = format!("student-{index:03}");
        let email = format!("student{index:03}@example.com");
        store
            .create_account(
                &Account {
                    id: id.clone(),
                    email_key: email.clone(),
                    password_hash: None,
                    google_sub: None,
                    created_at: start,
                    email_verified_at: None,
                    disabled_at: None,
                },
                &Profile {
                    id: id.clone(),
                    display_name: Some(format!("Student Number {index:03}")),
                    email,
                    mobile: None,
                    extra: serde_json::Map::new(),
                    created_at: start,
                },
            )
            .await?;
        store
            .join_class(
                class_id,
                &id,
                start,
                JoinLimits {
                    students: STUDENTS as i64,
                    classes_per_student: 1,
                },
            )
            .await?;
        let at = |n: usize| start + (index * 1000 + n) as i64 * 60_000;
        let write = ProgressWrite {
            merge: false,
            received_at: at(99),
            lessons: lessons
                .iter()
                .enumerate()
                .map(|(n, lesson)| LessonMark {
                    lesson: lesson.clone(),
                    done: true,
                    changed_at: at(n),
                })
                .collect(),
            passes: challenges
                .iter()
                .enumerate()
                .map(|(n, challenge)| ChallengePass {
                    challenge: challenge.clone(),
                    passed_at: at(n),
                    files: BTreeMap::from([("App.jsx".to_owned(), SOLUTION.to_owned())]),
                })
                .collect(),
            files: Vec::new(),
        };
        store.save_progress(&id, &write, &NO_LIMITS).await?;
    }
    Ok(())
}
