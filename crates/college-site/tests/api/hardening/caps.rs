//! Caps hold under concurrency: a teacher near the most classes one may keep, and a student
//! near the most classes one may join, each sending many requests at once, end exactly at the
//! cap. Before, the count was read and the row written in separate steps: 40 creations at once
//! took a teacher from 80 to 105 classes on PostgreSQL.

use college_site::store::{JoinLimits, JoinOutcome, NewClass, SharedStore};

use crate::{
    common::{Backend, progress_records::open_with_accounts, records::account},
    on_both_backends,
};

on_both_backends!(
    a_teacher_creating_classes_at_once_stops_at_the_cap,
    a_student_joining_classes_at_once_stops_at_the_cap
);

fn class(index: usize) -> NewClass {
    NewClass {
        id: format!("c{index}"),
        teacher_id: "uid-1".into(),
        name: format!("Class {index}"),
        code: format!("CODE{index:04}"),
        created_at: 1_000,
    }
}

async fn created_at_once(store: &SharedStore, from: usize, count: usize, cap: i64) -> usize {
    let creations = (from..from + count).map(|index| {
        let store = store.clone();
        tokio::spawn(async move { store.create_class(&class(index), cap).await })
    });
    let mut created = 0;
    for creation in creations.collect::<Vec<_>>() {
        created += usize::from(creation.await.expect("task").expect("no error"));
    }
    created
}

async fn a_teacher_creating_classes_at_once_stops_at_the_cap(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    assert_eq!(created_at_once(&store, 0, 80, 100).await, 80);
    assert_eq!(created_at_once(&store, 80, 40, 100).await, 20);
    assert_eq!(
        store.classes_of_teacher("uid-1").await.expect("read").len(),
        100
    );
}

async fn a_student_joining_classes_at_once_stops_at_the_cap(backend: Backend) {
    let Some((_db, store)) = open_with_accounts(backend).await else {
        return;
    };
    let (student, profile) = account("s-1", "student@example.com");
    store
        .create_account(&student, &profile)
        .await
        .expect("created");
    assert_eq!(created_at_once(&store, 0, 20, 100).await, 20);
    let limits = JoinLimits {
        students: 500,
        classes_per_student: 5,
    };
    let joins = (0..20).map(|index| {
        let store = store.clone();
        tokio::spawn(async move {
            store
                .join_class(&format!("c{index}"), "s-1", 10, limits)
                .await
        })
    });
    let mut joined = 0;
    for join in joins.collect::<Vec<_>>() {
        match join.await.expect("task").expect("no error") {
            JoinOutcome::Joined => joined += 1,
            JoinOutcome::TooManyJoined => {}
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(joined, 5);
    assert_eq!(store.classes_joined("s-1").await.expect("read").len(), 5);
}
