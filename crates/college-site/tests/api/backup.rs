//! Backups as `docs/operating.md` tells the operator to take and restore them: the `backup`
//! command while the server writes, a new server on the restored copy, the server's own
//! schedule, and `pg_dump` with PostgreSQL.

use std::{
    path::Path,
    process::Command,
    sync::{Arc, Mutex},
    time::{Duration, Instant, SystemTime},
};

use crate::common::{
    Backend, TestApp, TestDatabase,
    auth_api::session_cookie,
    progress_api::{file_json, files_body},
    raw_sql,
};
use crate::content_files::PDF;
use college_site::config::BackupSchedule;
use reqwest::StatusCode;
use tokio_util::sync::CancellationToken;

fn backup_command(database_url: &str, dest: &Path, extra: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_college-site"))
        .arg("backup")
        .arg(dest)
        .args(["--database", database_url])
        .args(extra)
        .output()
        .expect("runs");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), said)
}

/// Writes acknowledged by the server, each with the moment its answer arrived.
type Acknowledged = Arc<Mutex<Vec<(Instant, String)>>>;

/// What the server acknowledged before `moment`.
fn acknowledged_before(log: &Acknowledged, moment: Instant) -> Vec<String> {
    log.lock()
        .expect("lock")
        .iter()
        .filter(|(at, _)| *at < moment)
        .map(|(_, what)| what.clone())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restored_backup_has_everything_acknowledged_before_it_began() {
    let app = TestApp::spawn(Backend::Sqlite, |config| {
        config.limits.contact_per_minute = 1_000_000;
    })
    .await
    .expect("SQLite is always available");
    // Some 20 MB of older messages, so that the copy takes a while.
    raw_sql::execute(
        app.database_url(),
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
         INSERT INTO contact_messages (name, email, subject, message, created_at)
         SELECT 'Earlier visitor', 'earlier@example.in', 'earlier', hex(randomblob(500)), 0
         FROM n",
    )
    .await;
    let registered = app.register("Asha Rao", "asha.rao@example.in").await;
    assert_eq!(registered.status(), StatusCode::CREATED);
    let (cookie, _) = session_cookie(&registered);
    let student = cookie.clone();
    // An editor's upload: files are kept in the database, so the backup carries them.
    let editor = app.staff_member("editor@example.com", "editor").await;
    let notice = crate::content_api::create(&app, &editor, "Fee structure").await;
    let (status, uploaded) =
        crate::content_files::upload(&app, &editor, notice, "fees.pdf", PDF.to_vec()).await;
    assert_eq!(status, StatusCode::CREATED, "{uploaded}");
    // Published, so that visitors (here, of the restored copy) may download it.
    crate::content_public::publish(&app, &editor, notice, 1).await;
    let pdf_path = uploaded["files"][0]["copies"][0]["path"]
        .as_str()
        .expect("path")
        .to_owned();

    let app = Arc::new(app);
    let messages: Acknowledged = Arc::default();
    let saves: Acknowledged = Arc::default();
    let stop = CancellationToken::new();
    let writer = {
        let (app, messages, saves, stop) =
            (app.clone(), messages.clone(), saves.clone(), stop.clone());
        tokio::spawn(async move {
            for i in 0.. {
                if stop.is_cancelled() {
                    break;
                }
                let subject = format!("during-{i}");
                let mut form = crate::common::valid_form();
                form.retain(|(name, _)| *name != "subject");
                form.push(("subject", &subject));
                if app.post_contact(&form).await.status() == StatusCode::SEE_OTHER {
                    messages
                        .lock()
                        .expect("lock")
                        .push((Instant::now(), subject));
                }
                let demo = format!("demo-{i}");
                let body = files_body(vec![file_json(&demo, Some("x"), i)]);
                if app.save_progress(Some(&cookie), &body).await.status() == StatusCode::OK {
                    saves.lock().expect("lock").push((Instant::now(), demo));
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;

    let dest = app.data_dir.with_file_name("backup.db");
    let began = Instant::now();
    let (url, dest_arg) = (app.database_url().to_owned(), dest.clone());
    let (ok, said) = tokio::task::spawn_blocking(move || backup_command(&url, &dest_arg, &[]))
        .await
        .expect("ran");
    let ended = Instant::now();
    assert!(ok, "{said}");
    assert!(said.contains("checked the copy"), "{said}");
    tokio::time::sleep(Duration::from_millis(200)).await;
    stop.cancel();
    writer.await.expect("writer");
    let during = messages
        .lock()
        .expect("lock")
        .iter()
        .filter(|(at, _)| *at > began && *at < ended)
        .count();
    assert!(during > 0, "the site took writes while the backup ran");

    // The restore steps: the copy becomes the database file of a new server.
    let restored_dir = tempfile::tempdir().expect("dir");
    let restored = restored_dir.path().join("college.db");
    std::fs::copy(&dest, &restored).expect("copied");
    let second = TestApp::on_database(
        format!("sqlite://{}", restored.display()),
        restored_dir.path().join("data"),
        |_| {},
    )
    .await;
    let ready = second
        .client
        .get(second.url("/readyz"))
        .send()
        .await
        .expect("sent");
    assert_eq!(ready.status(), StatusCode::OK);
    let pdf = second
        .client
        .get(second.url(&pdf_path))
        .send()
        .await
        .expect("sent");
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.bytes().await.expect("body").as_ref(), PDF);

    let kept = raw_sql::texts(
        second.database_url(),
        "SELECT subject FROM contact_messages",
    )
    .await;
    let before = acknowledged_before(&messages, began);
    assert!(!before.is_empty());
    for subject in &before {
        assert!(
            kept.contains(subject),
            "{subject} was acknowledged before the backup"
        );
    }
    assert_eq!(kept.iter().filter(|s| *s == "earlier").count(), 20_000);

    // The student is still signed in there, and finds the work saved before the backup.
    let progress = second.progress_of(&student, "use-state").await;
    let files = progress["files"].to_string();
    let saved_before = acknowledged_before(&saves, began);
    assert!(!saved_before.is_empty());
    for demo in &saved_before {
        assert!(files.contains(&format!("\"{demo}\"")), "{demo} in {files}");
    }
    second.stop().await;
}

#[test]
fn the_command_refuses_to_replace_a_file_unless_told() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("college.db").display());
    let (ok, said) = backup_command(&url, &dir.path().join("copy.db"), &[]);
    assert!(!ok, "no database there yet");
    assert!(said.contains("there is no database at"), "{said}");

    raw_sql_blocking(&url);
    let dest = dir.path().join("copy.db");
    let (ok, said) = backup_command(&url, &dest, &[]);
    assert!(ok, "{said}");
    let (ok, said) = backup_command(&url, &dest, &[]);
    assert!(!ok);
    assert!(said.contains("already exists"), "{said}");
    assert!(said.contains("--overwrite"), "{said}");
    let (ok, said) = backup_command(&url, &dest, &["--overwrite"]);
    assert!(ok, "{said}");
    // Nothing half-written is left beside it.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("listed")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.contains("partial"))
        .collect();
    assert!(names.is_empty(), "{names:?}");
}

/// Creates the database at `url` (migrated, empty) as the server would.
fn raw_sql_blocking(url: &str) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        college_site::store::connect(url).await.expect("created");
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_takes_backups_on_schedule_and_keeps_the_newest() {
    let backups = tempfile::tempdir().expect("dir");
    // Three older backups, the newest of them two days old: one is due at once.
    for (name, days) in [
        ("college-20240101T000000Z.db", 4),
        ("college-20240102T000000Z.db", 3),
        ("college-20240103T000000Z.db", 2),
    ] {
        let file = std::fs::File::create(backups.path().join(name)).expect("created");
        file.set_modified(SystemTime::now() - Duration::from_secs(days * 86_400))
            .expect("dated");
    }
    let dir = backups.path().to_owned();
    let app = TestApp::spawn(Backend::Sqlite, |config| {
        config.ops.backups = Some(BackupSchedule {
            dir,
            every: Duration::from_secs(86_400),
            keep: 2,
        });
    })
    .await
    .expect("SQLite is always available");
    let names = crate::common::eventually(Duration::from_secs(15), || async {
        let names: Vec<String> = std::fs::read_dir(backups.path())
            .expect("listed")
            .map(|entry| {
                entry
                    .expect("entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        let pruned = !names
            .iter()
            .any(|n| n.contains("20240101") || n.contains("20240102"));
        (names.len() == 2 && pruned).then_some(names)
    })
    .await
    .expect("a new backup, and only the two newest kept");
    let mut names = names;
    names.sort();
    assert_eq!(names[0], "college-20240103T000000Z.db");
    assert!(names[1].starts_with("college-20"), "{names:?}");
    let fresh = backups.path().join(&names[1]);
    let tables = raw_sql::texts(
        &format!("sqlite://{}", fresh.display()),
        "SELECT name FROM sqlite_master WHERE name = 'accounts'",
    )
    .await;
    assert_eq!(tables, ["accounts"], "the backup is the site's database");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_postgres_the_command_runs_pg_dump_and_the_dump_restores() {
    let Some(app) = TestApp::spawn(Backend::Postgres, |_| {}).await else {
        return;
    };
    if Command::new("pg_restore")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("SKIPPED: pg_restore is not installed");
        return;
    }
    let sent = app.post_contact(&crate::common::valid_form()).await;
    assert_eq!(sent.status(), StatusCode::SEE_OTHER);
    let dir = tempfile::tempdir().expect("dir");
    let dest = dir.path().join("college.dump");
    let (ok, said) = backup_command(app.database_url(), &dest, &[]);
    assert!(ok, "{said}");
    assert!(said.contains("checked the copy"), "{said}");

    let fresh = TestDatabase::create(Backend::Postgres)
        .await
        .expect("postgres");
    let restored = Command::new("pg_restore")
        .args(["--no-owner", "--dbname", &fresh.url])
        .arg(&dest)
        .output()
        .expect("runs");
    assert!(
        restored.status.success(),
        "{}",
        String::from_utf8_lossy(&restored.stderr)
    );
    let second = TestApp::on_database(fresh.url.clone(), dir.path().join("data"), |_| {}).await;
    let kept = raw_sql::texts(&fresh.url, "SELECT subject FROM contact_messages").await;
    assert_eq!(kept, ["BCA admission"]);
    second.stop().await;
    app.stop().await;
}
