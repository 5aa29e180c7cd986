//! Files with personal data are the server account's alone, whatever the umask: the SQLite
//! database and its journal, mail written to disk, backups and their folder.

use std::{os::unix::fs::PermissionsExt, path::Path, time::Duration};

use college_site::{
    backup,
    config::{BackupArgs, BackupSchedule},
};
use reqwest::StatusCode;
use rustix::fs::Mode;

use crate::common::{self, Backend, TestApp, valid_form};

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()))
        .permissions()
        .mode()
        & 0o777
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_mail_and_backups_are_private_whatever_the_umask() {
    // The usual umask, which makes new files readable by every account on the machine. Each
    // test runs in a process of its own, so this changes no other test.
    rustix::process::umask(Mode::from_raw_mode(0o022));
    let schedule_dir = tempfile::tempdir()
        .expect("folder")
        .keep()
        .join("scheduled");
    let app = TestApp::spawn(Backend::Sqlite, |config| {
        config.smtp_url = None;
        config.ops.backups = Some(BackupSchedule {
            dir: schedule_dir.clone(),
            every: Duration::from_secs(3600),
            keep: 1,
        });
    })
    .await
    .expect("SQLite is always available");
    let database = Path::new(app.database_url().trim_start_matches("sqlite://")).to_owned();

    assert_eq!(mode(&database), 0o600, "the database");
    assert_eq!(mode(&schedule_dir), 0o700, "the scheduled backups' folder");
    assert_eq!(
        app.post_contact(&valid_form()).await.status(),
        StatusCode::SEE_OTHER
    );
    for journal in ["-wal", "-shm"] {
        let path = format!("{}{journal}", database.display());
        assert_eq!(mode(Path::new(&path)), 0o600, "{path}");
    }
    let mail_dir = app.data_dir.join("mail");
    let eml = common::eventually(Duration::from_secs(10), || async {
        std::fs::read_dir(&mail_dir)
            .ok()?
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .find(|path| path.extension().is_some_and(|x| x == "eml"))
    })
    .await
    .expect("an .eml file is written");
    assert_eq!(mode(&eml), 0o600, "a mail on disk");
    assert_eq!(mode(&mail_dir), 0o700, "the mail folder");

    let dest = app.data_dir.join("backup.db");
    backup::cli::run(BackupArgs {
        dest: dest.clone(),
        database: app.database_url().into(),
        overwrite: false,
    })
    .await
    .expect("backed up");
    assert_eq!(mode(&dest), 0o600, "a backup");
}
