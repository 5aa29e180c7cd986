//! Roles, classes and what a teacher reads of a class, in the store, on SQLite and on
//! PostgreSQL (when TEST_DATABASE_URL is set).

use crate::common::{
    Backend,
    progress_records::{NO_LIMITS, mark, open_with_accounts, pass},
    records::{account, role_change},
};
use college_site::store::{
    AuditAction, ClassSettings, JoinLimits, JoinOutcome, MemberStamp, NewClass, ProgressWrite,
    Role, RoleRevoked, SharedStore,
};

crate::on_both_backends!(
    roles_are_granted_listed_and_revoked,
    a_teacher_reaches_only_their_own_classes,
    codes_are_unique_and_a_new_one_replaces_the_old,
    a_class_takes_at_most_its_limit_of_students,
    students_joining_at_once_cannot_pass_the_limit,
    the_class_view_reads_marks_passes_and_activity,
    versions_move_when_a_teacher_would_see_a_change,
    leaving_and_deleting_take_the_rows_with_them,
);

fn class(id: &str, teacher: &str, code: &str) -> NewClass {
    NewClass {
        id: id.into(),
        teacher_id: teacher.into(),
        name: format!("Class {id}"),
        code: code.into(),
        created_at: 1_000,
    }
}

async fn with_students(store: &SharedStore, count: usize) {
    for index in 0..count {
        let (account, profile) = account(&format!("s-{index}"), &format!("s{index}@example.com"));
        store
            .create_account(&account, &profile)
            .await
            .expect("created");
    }
}

async fn roles_are_granted_listed_and_revoked(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    assert!(store.roles_of("uid-1").await.expect("roles").is_empty());
    assert!(
        store
            .grant_role(
                "uid-1",
                Role::Teacher,
                &role_change(AuditAction::RoleGranted, 5)
            )
            .await
            .expect("granted")
    );
    assert!(
        !store
            .grant_role(
                "uid-1",
                Role::Teacher,
                &role_change(AuditAction::RoleGranted, 6)
            )
            .await
            .expect("again")
    );
    assert_eq!(
        store.roles_of("uid-1").await.expect("roles"),
        [Role::Teacher]
    );
    assert!(store.has_role("uid-1", Role::Teacher).await.expect("has"));
    assert!(
        !store
            .has_role("uid-2", Role::Teacher)
            .await
            .expect("has not")
    );
    let holders = store.role_holders().await.expect("list");
    assert_eq!(holders.len(), 1);
    assert_eq!(
        (
            holders[0].email.as_str(),
            holders[0].role,
            holders[0].granted_at
        ),
        ("asha@example.com", Role::Teacher, 5)
    );
    assert!(
        store
            .revoke_role(
                "uid-1",
                Role::Teacher,
                &role_change(AuditAction::RoleRevoked, 7)
            )
            .await
            .expect("revoked")
            == RoleRevoked::Revoked
    );
    assert!(
        store
            .revoke_role(
                "uid-1",
                Role::Teacher,
                &role_change(AuditAction::RoleRevoked, 8)
            )
            .await
            .expect("again")
            == RoleRevoked::NotHeld
    );
    assert!(!store.has_role("uid-1", Role::Teacher).await.expect("gone"));
}

async fn a_teacher_reaches_only_their_own_classes(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    assert!(
        store
            .create_class(&class("c1", "uid-1", "AAAAAAAA"), 10)
            .await
            .expect("created")
    );
    let mine = store.class_of_teacher("uid-1", "c1").await.expect("read");
    assert_eq!(
        mine.map(|c| (c.name, c.joining, c.archived, c.students)),
        Some(("Class c1".into(), true, false, 0))
    );
    assert_eq!(
        store.class_of_teacher("uid-2", "c1").await.expect("read"),
        None
    );
    assert!(
        store
            .classes_of_teacher("uid-2")
            .await
            .expect("list")
            .is_empty()
    );
    let settings = ClassSettings {
        name: "Renamed".into(),
        joining: false,
        archived: true,
    };
    assert!(
        !store
            .update_class("uid-2", "c1", &settings)
            .await
            .expect("not theirs")
    );
    assert!(
        !store
            .set_class_code("uid-2", "c1", "BBBBBBBB")
            .await
            .expect("not theirs")
    );
    assert!(!store.delete_class("uid-2", "c1").await.expect("not theirs"));
    assert!(
        store
            .update_class("uid-1", "c1", &settings)
            .await
            .expect("mine")
    );
    let changed = store.classes_of_teacher("uid-1").await.expect("list");
    assert_eq!(
        changed
            .iter()
            .map(|c| (c.name.as_str(), c.joining, c.archived))
            .collect::<Vec<_>>(),
        [("Renamed", false, true)]
    );
    // A teacher's count of classes is bounded.
    assert!(
        !store
            .create_class(&class("c2", "uid-1", "CCCCCCCC"), 1)
            .await
            .expect("bounded")
    );
    assert!(
        store
            .create_class(&class("c2", "uid-1", "CCCCCCCC"), 2)
            .await
            .expect("room")
    );
    assert!(store.delete_class("uid-1", "c1").await.expect("deleted"));
    assert_eq!(
        store.classes_of_teacher("uid-1").await.expect("list").len(),
        1
    );
}

async fn codes_are_unique_and_a_new_one_replaces_the_old(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    store
        .create_class(&class("c1", "uid-1", "AAAAAAAA"), 10)
        .await
        .expect("created");
    assert!(matches!(
        store
            .create_class(&class("c2", "uid-2", "AAAAAAAA"), 10)
            .await,
        Err(college_site::store::StoreError::Conflict)
    ));
    let opened = store
        .class_by_code("AAAAAAAA")
        .await
        .expect("read")
        .expect("found");
    assert_eq!(
        (
            opened.id.as_str(),
            opened.teacher_id.as_str(),
            opened.teacher_name.as_deref()
        ),
        ("c1", "uid-1", Some("Asha"))
    );
    assert!(
        store
            .set_class_code("uid-1", "c1", "BBBBBBBB")
            .await
            .expect("new code")
    );
    assert_eq!(store.class_by_code("AAAAAAAA").await.expect("read"), None);
    assert!(
        store
            .class_by_code("BBBBBBBB")
            .await
            .expect("read")
            .is_some()
    );
}

async fn a_class_takes_at_most_its_limit_of_students(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    with_students(&store, 3).await;
    store
        .create_class(&class("c1", "uid-1", "AAAAAAAA"), 10)
        .await
        .expect("created");
    assert_eq!(
        store
            .join_class("c1", "s-0", 10, limits(2))
            .await
            .expect("join"),
        JoinOutcome::Joined
    );
    assert_eq!(
        store
            .join_class("c1", "s-0", 11, limits(2))
            .await
            .expect("again"),
        JoinOutcome::AlreadyMember
    );
    assert_eq!(
        store
            .join_class("c1", "s-1", 12, limits(2))
            .await
            .expect("join"),
        JoinOutcome::Joined
    );
    assert_eq!(
        store
            .join_class("c1", "s-2", 13, limits(2))
            .await
            .expect("full"),
        JoinOutcome::Full
    );
    assert!(!store.is_member("c1", "s-2").await.expect("read"));
    let joined = store.classes_joined("s-1").await.expect("joined");
    assert_eq!(
        joined
            .iter()
            .map(|c| (c.name.as_str(), c.teacher_name.as_deref(), c.joined_at))
            .collect::<Vec<_>>(),
        [("Class c1", Some("Asha"), 12)]
    );
}

async fn students_joining_at_once_cannot_pass_the_limit(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    with_students(&store, 12).await;
    store
        .create_class(&class("c1", "uid-1", "AAAAAAAA"), 10)
        .await
        .expect("created");
    let joins = (0..12).map(|index| {
        let store = store.clone();
        tokio::spawn(async move {
            store
                .join_class("c1", &format!("s-{index}"), 10, limits(5))
                .await
                .expect("join")
        })
    });
    let outcomes = futures_util::future::join_all(joins).await;
    let joined = outcomes
        .iter()
        .filter(|outcome| matches!(outcome, Ok(JoinOutcome::Joined)))
        .count();
    assert_eq!(joined, 5, "{outcomes:?}");
    assert_eq!(store.member_stamps("c1").await.expect("read").len(), 5);
}

async fn the_class_view_reads_marks_passes_and_activity(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    with_students(&store, 2).await;
    store
        .create_class(&class("c1", "uid-1", "AAAAAAAA"), 10)
        .await
        .expect("created");
    for (student, at) in [("s-0", 10), ("s-1", 20)] {
        store
            .join_class("c1", student, at, limits(10))
            .await
            .expect("joined");
    }
    // Someone outside the class: their work must not show.
    let write = |lessons, passes, received_at| ProgressWrite {
        lessons,
        passes,
        received_at,
        ..ProgressWrite::default()
    };
    store
        .save_progress(
            "s-0",
            &write(
                vec![mark("props", true, 30), mark("state", false, 31)],
                vec![pass("state/counter", 32, &[("App.jsx", "ok")])],
                40,
            ),
            &NO_LIMITS,
        )
        .await
        .expect("saved");
    store
        .save_progress(
            "uid-2",
            &write(vec![mark("props", true, 30)], vec![], 40),
            &NO_LIMITS,
        )
        .await
        .expect("saved");

    let view = store.class_progress("c1", None).await.expect("view");
    assert_eq!(
        view.students
            .iter()
            .map(|s| (s.id.as_str(), s.email.as_str(), s.joined_at, s.active_at))
            .collect::<Vec<_>>(),
        [
            ("s-0", "s0@example.com", 10, Some(40)),
            ("s-1", "s1@example.com", 20, None)
        ]
    );
    assert_eq!(
        view.marks
            .iter()
            .map(|m| (m.account_id.as_str(), m.lesson.as_str(), m.changed_at))
            .collect::<Vec<_>>(),
        [("s-0", "props", 30)],
        "only marks that say done, only of the class's students"
    );
    assert_eq!(
        view.passes
            .iter()
            .map(|p| (p.account_id.as_str(), p.challenge.as_str(), p.passed_at))
            .collect::<Vec<_>>(),
        [("s-0", "state/counter", 32)],
        "when each challenge passed, without its code"
    );
    let one = store.class_progress("c1", Some("s-1")).await.expect("one");
    assert_eq!(one.students.len(), 1);
    assert!(one.marks.is_empty() && one.passes.is_empty());
    // Outside the class, nobody's row is read.
    assert!(
        store
            .class_progress("c1", Some("uid-2"))
            .await
            .expect("none")
            .students
            .is_empty()
    );

    let passes = store.member_passes("c1", "s-0").await.expect("passes");
    assert_eq!(passes.len(), 1);
    assert_eq!(
        passes[0].files.get("App.jsx").map(String::as_str),
        Some("ok")
    );
    assert!(
        store
            .member_passes("c1", "uid-2")
            .await
            .expect("outsider")
            .is_empty()
    );
}

async fn versions_move_when_a_teacher_would_see_a_change(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    with_students(&store, 1).await;
    store
        .create_class(&class("c1", "uid-1", "AAAAAAAA"), 10)
        .await
        .expect("created");
    store
        .join_class("c1", "s-0", 10, limits(10))
        .await
        .expect("joined");
    let version = || async {
        let stamps: Vec<MemberStamp> = store.member_stamps("c1").await.expect("stamps");
        assert_eq!(stamps.len(), 1);
        stamps[0].version
    };
    assert_eq!(version().await, 0, "no progress yet");
    let marks = |lessons, received_at| ProgressWrite {
        lessons,
        received_at,
        ..ProgressWrite::default()
    };
    store
        .save_progress(
            "s-0",
            &marks(vec![mark("props", true, 30)], 100),
            &NO_LIMITS,
        )
        .await
        .expect("saved");
    let first = version().await;
    assert!(first > 0);
    // The same mark again changes nothing a teacher sees.
    store
        .save_progress(
            "s-0",
            &marks(vec![mark("props", true, 30)], 200),
            &NO_LIMITS,
        )
        .await
        .expect("saved");
    assert_eq!(version().await, first);
    store
        .save_progress(
            "s-0",
            &marks(vec![mark("props", false, 31)], 300),
            &NO_LIMITS,
        )
        .await
        .expect("saved");
    assert!(version().await > first, "a mark taken back shows");
}

async fn leaving_and_deleting_take_the_rows_with_them(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    with_students(&store, 2).await;
    store
        .create_class(&class("c1", "uid-1", "AAAAAAAA"), 10)
        .await
        .expect("created");
    store
        .create_class(&class("c2", "uid-2", "BBBBBBBB"), 10)
        .await
        .expect("created");
    for student in ["s-0", "s-1"] {
        store
            .join_class("c1", student, 10, limits(10))
            .await
            .expect("joined");
    }
    store
        .join_class("c2", "s-0", 10, limits(10))
        .await
        .expect("joined");
    assert!(store.remove_member("c1", "s-0").await.expect("left"));
    assert!(!store.remove_member("c1", "s-0").await.expect("again"));
    assert_eq!(store.classes_joined("s-0").await.expect("joined").len(), 1);
    // A deleted student leaves every class; a deleted teacher takes their classes along.
    let mail = college_site::store::NewMail {
        recipient: "x@example.com".into(),
        reply_to: "office@college.test".into(),
        subject: "Deleted".into(),
        body: "Bye".into(),
    };
    store
        .delete_account("s-1", &mail, 50)
        .await
        .expect("deleted");
    assert!(store.member_stamps("c1").await.expect("stamps").is_empty());
    store
        .delete_account("uid-2", &mail, 50)
        .await
        .expect("deleted");
    assert!(
        store
            .classes_joined("s-0")
            .await
            .expect("joined")
            .is_empty()
    );
    assert_eq!(store.class_by_code("BBBBBBBB").await.expect("read"), None);
}

/// Join limits with room for `students` in a class and plenty of classes per student.
fn limits(students: i64) -> JoinLimits {
    JoinLimits {
        students,
        classes_per_student: 1_000,
    }
}
