//! The progress store: what one account may keep (files holding code or another version,
//! challenge passes, lesson marks), with small limits, on SQLite and on PostgreSQL (when
//! TEST_DATABASE_URL is set).

use crate::common::{
    Backend,
    progress_records::{NO_LIMITS, file, files, mark, open_with_accounts, pass, save},
};
use college_site::store::{
    OtherChange, OtherVersion, ProgressLimits, ProgressWrite, SaveOutcome, SharedStore,
};

crate::on_both_backends!(
    a_write_past_the_limit_of_files_writes_nothing,
    a_reset_that_keeps_another_version_still_counts,
    a_write_past_the_limit_of_passes_writes_nothing,
    a_write_past_the_limit_of_marks_writes_nothing,
    a_write_past_the_budget_of_bytes_writes_nothing,
);

const TWO_FILES: ProgressLimits = ProgressLimits {
    files: 2,
    ..NO_LIMITS
};
const TWO_PASSES: ProgressLimits = ProgressLimits {
    passes: 2,
    ..NO_LIMITS
};
const TWO_MARKS: ProgressLimits = ProgressLimits {
    marks: 2,
    ..NO_LIMITS
};
const HUNDRED_BYTES: ProgressLimits = ProgressLimits {
    bytes: 100,
    ..NO_LIMITS
};

async fn save_within(
    store: &SharedStore,
    account_id: &str,
    write: &ProgressWrite,
    limits: ProgressLimits,
) -> SaveOutcome {
    store
        .save_progress(account_id, write, &limits)
        .await
        .expect("answered")
}

fn is_saved(outcome: &SaveOutcome) -> bool {
    matches!(outcome, SaveOutcome::Saved { .. })
}

async fn a_write_past_the_limit_of_files_writes_nothing(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let three = files(
        false,
        vec![
            file("a", Some("a"), 10),
            file("b", Some("b"), 10),
            file("c", None, 10),
        ],
    );
    let outcome = save_within(&store, "uid-1", &three, TWO_FILES).await;
    assert!(is_saved(&outcome), "a reset does not count");

    let past = ProgressWrite {
        lessons: vec![mark("state", true, 20)],
        passes: vec![pass("state/counter", 20, &[])],
        files: vec![file("a", Some("a2"), 20), file("d", Some("d"), 20)],
        ..ProgressWrite::default()
    };
    let outcome = save_within(&store, "uid-1", &past, TWO_FILES).await;
    assert_eq!(outcome, SaveOutcome::TooManyFiles);
    let progress = store.progress("uid-1", Some("state")).await.expect("read");
    assert!(
        progress.lessons.is_empty() && progress.passes.is_empty(),
        "nothing written"
    );
    let codes: Vec<_> = progress.files.iter().map(|f| f.code.as_deref()).collect();
    assert_eq!(codes, [Some("a"), Some("b"), None]);

    // Replacing one file by a reset and filling another stays within the limit.
    let swap = files(false, vec![file("a", None, 30), file("c", Some("c"), 30)]);
    assert!(is_saved(
        &save_within(&store, "uid-1", &swap, TWO_FILES).await
    ));
    // Another account has its own limit.
    let theirs = files(false, vec![file("d", Some("d"), 20)]);
    assert!(is_saved(
        &save_within(&store, "uid-2", &theirs, TWO_FILES).await
    ));
}

async fn a_reset_that_keeps_another_version_still_counts(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let mut reset_with_other = file("b", None, 10);
    reset_with_other.other = OtherChange::Set(OtherVersion {
        code: "theirs".into(),
        edited_at: 5,
    });
    let two = files(false, vec![file("a", Some("a"), 10), reset_with_other]);
    assert!(is_saved(
        &save_within(&store, "uid-1", &two, TWO_FILES).await
    ));

    let add = files(false, vec![file("c", Some("c"), 20)]);
    let outcome = save_within(&store, "uid-1", &add, TWO_FILES).await;
    assert_eq!(outcome, SaveOutcome::TooManyFiles);
    // Resetting again while keeping the other version frees nothing...
    let keep = files(false, vec![file("b", None, 20), file("c", Some("c"), 20)]);
    let outcome = save_within(&store, "uid-1", &keep, TWO_FILES).await;
    assert_eq!(outcome, SaveOutcome::TooManyFiles);
    // ...dismissing it does.
    let mut dismiss = file("b", None, 20);
    dismiss.other = OtherChange::Clear;
    let dismiss_then_add = files(false, vec![dismiss, file("c", Some("c"), 20)]);
    let outcome = save_within(&store, "uid-1", &dismiss_then_add, TWO_FILES).await;
    assert!(is_saved(&outcome));
}

async fn a_write_past_the_limit_of_passes_writes_nothing(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let passes = |passes| ProgressWrite {
        passes,
        ..ProgressWrite::default()
    };
    // Three passes saved before the limit was lowered to two.
    let three = passes(vec![
        pass("a/1", 10, &[]),
        pass("b/1", 10, &[]),
        pass("c/1", 10, &[]),
    ]);
    save(&store, &three).await;

    let past = ProgressWrite {
        lessons: vec![mark("state", true, 20)],
        passes: vec![pass("a/1", 20, &[]), pass("d/1", 20, &[])],
        files: vec![file("counter", Some("x"), 20)],
        ..ProgressWrite::default()
    };
    let outcome = save_within(&store, "uid-1", &past, TWO_PASSES).await;
    assert_eq!(outcome, SaveOutcome::TooManyPasses);
    let progress = store.progress("uid-1", Some("state")).await.expect("read");
    assert!(
        progress.lessons.is_empty() && progress.files.is_empty(),
        "nothing written"
    );
    let times: Vec<_> = progress.passes.iter().map(|p| p.passed_at).collect();
    assert_eq!(times, [10, 10, 10], "nothing written");

    // A write that adds no pass goes through, however many the account has.
    let newer = passes(vec![
        pass("a/1", 30, &[("App.jsx", "x")]),
        pass("b/1", 5, &[]),
    ]);
    assert!(is_saved(
        &save_within(&store, "uid-1", &newer, TWO_PASSES).await
    ));
    let progress = store.progress("uid-1", None).await.expect("read");
    assert_eq!(progress.passes[0].passed_at, 30);
    let theirs = passes(vec![pass("a/1", 10, &[]), pass("b/1", 10, &[])]);
    assert!(is_saved(
        &save_within(&store, "uid-2", &theirs, TWO_PASSES).await
    ));
}

async fn a_write_past_the_limit_of_marks_writes_nothing(backend: Backend) {
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

    let past = ProgressWrite {
        lessons: vec![mark("state", false, 20), mark("effects", true, 20)],
        passes: vec![pass("state/counter", 20, &[])],
        files: vec![file("counter", Some("x"), 20)],
        ..ProgressWrite::default()
    };
    let outcome = save_within(&store, "uid-1", &past, TWO_MARKS).await;
    assert_eq!(outcome, SaveOutcome::TooManyMarks);
    let progress = store.progress("uid-1", Some("state")).await.expect("read");
    assert!(
        progress.passes.is_empty() && progress.files.is_empty(),
        "nothing written"
    );
    assert_eq!(
        progress.lessons,
        [mark("props", true, 10), mark("state", true, 10)]
    );

    // Taking a mark back changes a row, and goes through.
    let undo = marks(vec![mark("state", false, 30)]);
    assert!(is_saved(
        &save_within(&store, "uid-1", &undo, TWO_MARKS).await
    ));
    let progress = store.progress("uid-1", None).await.expect("read");
    assert_eq!(progress.lessons[1], mark("state", false, 30));
}

/// Code, other versions and passes' files count toward the budget, in bytes of UTF-8; a write
/// that would grow them past it writes nothing, and resetting makes room.
async fn a_write_past_the_budget_of_bytes_writes_nothing(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let forty = "x".repeat(40);
    let mut with_other = file("a", Some(&forty), 10);
    with_other.other = OtherChange::Set(OtherVersion {
        // 10 characters, 20 bytes: bytes are counted, not characters.
        code: "éééééééééé".into(),
        edited_at: 5,
    });
    let first = files(
        false,
        vec![with_other, file("b", Some(&"y".repeat(35)), 10)],
    );
    let outcome = save_within(&store, "uid-1", &first, HUNDRED_BYTES).await;
    assert!(is_saved(&outcome), "95 bytes: {outcome:?}");

    // A pass's files count too: its files as text are longer than 5 bytes.
    let past = ProgressWrite {
        lessons: vec![mark("state", true, 20)],
        passes: vec![pass("state/counter", 20, &[("App.tsx", "z")])],
        ..ProgressWrite::default()
    };
    let outcome = save_within(&store, "uid-1", &past, HUNDRED_BYTES).await;
    assert_eq!(outcome, SaveOutcome::TooManyBytes);
    let one_more = files(false, vec![file("c", Some(&"w".repeat(6)), 20)]);
    let outcome = save_within(&store, "uid-1", &one_more, HUNDRED_BYTES).await;
    assert_eq!(outcome, SaveOutcome::TooManyBytes);
    let progress = store.progress("uid-1", Some("state")).await.expect("read");
    assert!(
        progress.lessons.is_empty() && progress.passes.is_empty(),
        "nothing written"
    );
    let kept: Vec<_> = progress
        .files
        .iter()
        .map(|f| (f.demo.as_str(), f.code.as_ref().map(String::len)))
        .collect();
    assert_eq!(
        kept,
        [("a", Some(40)), ("b", Some(35))],
        "what was kept stays"
    );

    // Exactly at the budget is allowed.
    let to_the_byte = files(false, vec![file("c", Some("12345"), 30)]);
    let outcome = save_within(&store, "uid-1", &to_the_byte, HUNDRED_BYTES).await;
    assert!(is_saved(&outcome), "100 bytes: {outcome:?}");

    // Resetting a file (and dismissing its other version) makes room.
    let mut reset = file("a", None, 40);
    reset.other = OtherChange::Clear;
    let reset_then_add = files(false, vec![reset, file("d", Some(&"v".repeat(50)), 40)]);
    let outcome = save_within(&store, "uid-1", &reset_then_add, HUNDRED_BYTES).await;
    assert!(is_saved(&outcome), "{outcome:?}");

    // Another account has its own budget.
    let theirs = files(false, vec![file("a", Some(&"u".repeat(100)), 10)]);
    assert!(is_saved(
        &save_within(&store, "uid-2", &theirs, HUNDRED_BYTES).await
    ));
}
