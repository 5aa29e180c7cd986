//! The progress store: newer wins for marks, passes and saved files, on SQLite and on
//! PostgreSQL (when TEST_DATABASE_URL is set).

use std::collections::BTreeMap;

use crate::common::{
    Backend,
    progress_records::{file, files, mark, open_with_accounts, pass, rows, save, state_files},
};
use college_site::store::{OtherChange, OtherVersion, PassedChallenge, ProgressWrite, SavedFile};

crate::on_both_backends!(
    the_newer_mark_wins_and_an_undo_is_kept,
    passes_are_kept_and_the_newer_code_wins,
    a_file_takes_only_newer_edits_and_a_repeat_changes_nothing,
    a_reset_is_kept_as_a_tombstone,
    a_save_keeps_clears_or_sets_the_other_version,
    progress_lists_the_files_of_the_lesson_asked_for,
);

fn stored(demo: &str, code: Option<&str>, edited_at: i64) -> SavedFile {
    let write = file(demo, code, edited_at);
    SavedFile {
        lesson: write.lesson,
        demo: write.demo,
        file: write.file,
        code: write.code,
        base: write.base,
        edited_at,
        other: None,
    }
}

fn other(code: &str, edited_at: i64) -> Option<OtherVersion> {
    Some(OtherVersion {
        code: code.into(),
        edited_at,
    })
}

async fn the_newer_mark_wins_and_an_undo_is_kept(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let marks = |lessons| ProgressWrite {
        lessons,
        ..ProgressWrite::default()
    };
    save(
        &store,
        &marks(vec![mark("state", true, 10), mark("props", true, 10)]),
    )
    .await;
    // Taken back on another device, later; then the first device's older "done" arrives.
    save(&store, &marks(vec![mark("state", false, 20)])).await;
    save(
        &store,
        &marks(vec![mark("state", true, 15), mark("props", true, 10)]),
    )
    .await;
    // A tie keeps what is stored.
    save(&store, &marks(vec![mark("props", false, 10)])).await;

    let progress = store.progress("uid-1", None).await.expect("read");
    assert_eq!(
        progress.lessons,
        [mark("props", true, 10), mark("state", false, 20)]
    );
    assert!(progress.files.is_empty(), "no lesson asked for");
    let other = store.progress("uid-2", None).await.expect("read");
    assert!(other.lessons.is_empty(), "another account's marks");
}

async fn passes_are_kept_and_the_newer_code_wins(backend: Backend) {
    let Some((db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let passes = |passes| ProgressWrite {
        passes,
        ..ProgressWrite::default()
    };
    save(
        &store,
        &passes(vec![pass("state/counter", 10, &[("App.jsx", "v1")])]),
    )
    .await;
    save(
        &store,
        &passes(vec![pass("state/counter", 30, &[("App.jsx", "v3")])]),
    )
    .await;
    save(
        &store,
        &passes(vec![pass("state/counter", 20, &[("App.jsx", "v2")])]),
    )
    .await;
    save(&store, &passes(vec![pass("props/greeting", 5, &[])])).await;

    let progress = store.progress("uid-1", None).await.expect("read");
    assert_eq!(
        progress.passes,
        [
            PassedChallenge {
                challenge: "props/greeting".into(),
                passed_at: 5
            },
            PassedChallenge {
                challenge: "state/counter".into(),
                passed_at: 30
            },
        ]
    );
    // No store method shows a pass's code: read it with SQL.
    let stored: Vec<(String,)> = rows(
        &db,
        "SELECT CAST(files AS TEXT) FROM challenge_passes WHERE challenge = 'state/counter'",
    )
    .await;
    let code: BTreeMap<String, String> = serde_json::from_str(&stored[0].0).expect("json");
    assert_eq!(code["App.jsx"], "v3");
}

async fn a_file_takes_only_newer_edits_and_a_repeat_changes_nothing(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let saved = save(&store, &files(false, vec![file("counter", Some("v2"), 20)])).await;
    assert_eq!(saved, [stored("counter", Some("v2"), 20)]);

    // Older and tied edits leave the row, and the answer tells the stored one.
    let older = save(&store, &files(false, vec![file("counter", Some("v1"), 10)])).await;
    assert_eq!(older, [stored("counter", Some("v2"), 20)]);
    let tie = save(&store, &files(false, vec![file("counter", Some("v9"), 20)])).await;
    assert_eq!(tie, [stored("counter", Some("v2"), 20)]);

    let newer = files(false, vec![file("counter", Some("v3"), 30)]);
    assert_eq!(
        save(&store, &newer).await,
        [stored("counter", Some("v3"), 30)]
    );
    assert_eq!(
        save(&store, &newer).await,
        [stored("counter", Some("v3"), 30)]
    );
    assert_eq!(
        state_files(&store).await,
        [stored("counter", Some("v3"), 30)]
    );
}

async fn a_reset_is_kept_as_a_tombstone(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    save(&store, &files(false, vec![file("counter", Some("v1"), 10)])).await;
    save(&store, &files(false, vec![file("counter", None, 20)])).await;
    // An older edit from another device does not bring the file back.
    save(&store, &files(false, vec![file("counter", Some("v1"), 15)])).await;
    assert_eq!(state_files(&store).await, [stored("counter", None, 20)]);
    // A later edit does.
    save(&store, &files(false, vec![file("counter", Some("v2"), 25)])).await;
    assert_eq!(
        state_files(&store).await,
        [stored("counter", Some("v2"), 25)]
    );
}

async fn a_save_keeps_clears_or_sets_the_other_version(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let with = |code, at, change| {
        let mut write = file("counter", Some(code), at);
        write.other = change;
        files(false, vec![write])
    };
    let set = OtherChange::Set(OtherVersion {
        code: "theirs".into(),
        edited_at: 5,
    });
    save(&store, &with("v1", 10, set)).await;
    save(&store, &with("v2", 20, OtherChange::Keep)).await;
    let kept = state_files(&store).await;
    assert_eq!(kept[0].code.as_deref(), Some("v2"));
    assert_eq!(kept[0].other, other("theirs", 5));

    // An older save changes nothing, its other version included.
    save(&store, &with("v0", 15, OtherChange::Clear)).await;
    assert_eq!(state_files(&store).await[0].other, other("theirs", 5));

    let cleared = save(&store, &with("v2", 30, OtherChange::Clear)).await;
    assert_eq!(cleared[0].other, None);
    assert_eq!(state_files(&store).await[0].other, None);
}

async fn progress_lists_the_files_of_the_lesson_asked_for(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let mut effects = file("fetch-users", Some("e"), 10);
    effects.lesson = "effects".into();
    let mut styles = file("counter", Some("s"), 10);
    styles.file = "styles.css".into();
    let write = ProgressWrite {
        lessons: vec![mark("effects", true, 10)],
        passes: vec![pass("effects/fetch", 10, &[])],
        files: vec![
            file("toggle", None, 10),
            styles,
            effects,
            file("counter", Some("c"), 10),
        ],
        ..ProgressWrite::default()
    };
    save(&store, &write).await;

    let state = store.progress("uid-1", Some("state")).await.expect("read");
    let names: Vec<_> = state
        .files
        .iter()
        .map(|f| format!("{}/{}", f.demo, f.file))
        .collect();
    assert_eq!(
        names,
        ["counter/App.jsx", "counter/styles.css", "toggle/App.jsx"],
        "by demo then file, resets included"
    );
    assert_eq!(state.lessons.len(), 1, "every mark, whatever the lesson");
    assert_eq!(state.passes.len(), 1, "every pass, whatever the lesson");
    let effects = store
        .progress("uid-1", Some("effects"))
        .await
        .expect("read");
    assert_eq!(effects.files.len(), 1);
    assert_eq!(effects.files[0].demo, "fetch-users");
    let unknown = store.progress("uid-1", Some("hooks")).await.expect("read");
    assert!(unknown.files.is_empty());
    let elsewhere = store.progress("uid-2", Some("state")).await.expect("read");
    assert!(elsewhere.files.is_empty(), "another account's files");
}
