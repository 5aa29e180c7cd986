//! Notices in the store: revisions on top of the one opened, the history's bound, publishing
//! now and at a time, expiry, what visitors list, and a due publish done once however many
//! instances ask, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).

use crate::common::{Backend, TestDatabase};
use college_site::content::notices::domain::slug_of;
use college_site::store::{
    Actor, AuditAction, AuditQuery, Author, ContentChange, ContentKind, ItemQuery, NewAuditEntry,
    NewItem, NewRevision, Publish, RevisionText, SharedStore,
};

crate::on_both_backends!(
    a_save_on_an_old_revision_is_refused_and_the_history_keeps_its_bound,
    visitors_list_live_notices_pinned_first_without_drafts_or_expired_ones,
    a_due_publish_happens_once_however_many_instances_ask,
);

const T0: i64 = 1_790_000_000_000;

fn text(title: &str, category: &str, pinned: bool) -> RevisionText {
    RevisionText {
        title: title.into(),
        category: category.into(),
        pinned,
        body: format!("About **{title}**."),
    }
}

fn author() -> Author {
    Author {
        email: "editor@college.test".into(),
        name: Some("Meera".into()),
    }
}

fn audit(at: i64, action: AuditAction) -> NewAuditEntry {
    NewAuditEntry {
        at,
        actor: Actor::Staff {
            email: "editor@college.test".into(),
            name: Some("Meera".into()),
            ip: None,
        },
        action,
        target_email: None,
        target: "notice".into(),
    }
}

async fn open(backend: Backend) -> Option<(TestDatabase, SharedStore)> {
    let database = TestDatabase::create(backend).await?;
    let store = database.store().await;
    Some((database, store))
}

async fn create(store: &SharedStore, title: &str, category: &str, pinned: bool, at: i64) -> i64 {
    let text = text(title, category, pinned);
    let author = author();
    let slug = slug_of(title);
    let item = NewItem {
        kind: ContentKind::Notice,
        language: "en",
        slug: &slug,
        text: &text,
        author: &author,
        now: at,
    };
    store
        .create_item(&item, 1_000)
        .await
        .expect("created")
        .expect("room")
}

async fn save(store: &SharedStore, id: i64, base: i64, title: &str, keep: i64) -> ContentChange {
    let text = text(title, "exams", false);
    let author = author();
    let revision = NewRevision {
        base,
        text: &text,
        author: &author,
        restored_from: None,
        keep,
        now: T0 + base,
    };
    store.save_revision(id, &revision).await.expect("saved")
}

async fn publish_now(store: &SharedStore, id: i64, revision: i64, at: i64, expires: Option<i64>) {
    let change = store
        .publish(
            id,
            Publish::Now { revision },
            expires,
            &audit(at, AuditAction::ContentPublished),
        )
        .await
        .expect("published");
    assert_eq!(change, ContentChange::Done);
}

async fn a_save_on_an_old_revision_is_refused_and_the_history_keeps_its_bound(backend: Backend) {
    let Some((_db, store)) = open(backend).await else {
        return;
    };
    let id = create(&store, "Exam timetable", "exams", false, T0).await;
    // Same title, same address: the second gets a number.
    let twin = create(&store, "Exam timetable", "exams", false, T0).await;
    let slugs = (
        store
            .item(ContentKind::Notice, id)
            .await
            .unwrap()
            .unwrap()
            .slug,
        store
            .item(ContentKind::Notice, twin)
            .await
            .unwrap()
            .unwrap()
            .slug,
    );
    assert_eq!(slugs, ("exam-timetable".into(), "exam-timetable-2".into()));

    assert_eq!(save(&store, id, 1, "Second", 3).await, ContentChange::Done);
    // Someone else still holds revision 1 open: their save would lose "Second".
    assert_eq!(
        save(&store, id, 1, "Stale", 3).await,
        ContentChange::Stale { head: 2 }
    );
    assert_eq!(
        save(&store, 999_999, 1, "Nowhere", 3).await,
        ContentChange::Unknown
    );

    publish_now(&store, id, 2, T0 + 10, None).await;
    for base in 2..8 {
        assert_eq!(
            save(&store, id, base, &format!("Draft {base}"), 3).await,
            ContentChange::Done
        );
    }
    // The three newest, and the live one, which visitors still see.
    let kept: Vec<i64> = store
        .revisions(id)
        .await
        .unwrap()
        .iter()
        .map(|r| r.number)
        .collect();
    assert_eq!(kept, vec![8, 7, 6, 2]);
    let item = store.item(ContentKind::Notice, id).await.unwrap().unwrap();
    assert_eq!(
        (item.head, item.live, item.title.as_str()),
        (8, Some(2), "Draft 7")
    );
    let live = store
        .published_notice("en", "exam-timetable")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(live.title, "Second");

    let (found, total) = store
        .items_page(
            ContentKind::Notice,
            &ItemQuery {
                search: Some("draft 7".into()),
                offset: 0,
                limit: 10,
            },
        )
        .await
        .unwrap();
    assert_eq!((total, found[0].id), (1, id));
    let (_, none) = store
        .items_page(
            ContentKind::Notice,
            &ItemQuery {
                search: Some("100%_".into()),
                offset: 0,
                limit: 10,
            },
        )
        .await
        .unwrap();
    assert_eq!(none, 0, "LIKE's wildcards are searched as text");
    // The search reads the newest title only: one the notice had before is not found.
    let (_, older) = store
        .items_page(
            ContentKind::Notice,
            &ItemQuery {
                search: Some("Second".into()),
                offset: 0,
                limit: 10,
            },
        )
        .await
        .unwrap();
    assert_eq!(older, 0, "an older title is not the notice's any more");

    let entries = store
        .audit_page(&AuditQuery {
            offset: 0,
            limit: 10,
            ..AuditQuery::default()
        })
        .await
        .unwrap()
        .0;
    assert_eq!(entries[0].action, "content-published");
}

async fn visitors_list_live_notices_pinned_first_without_drafts_or_expired_ones(backend: Backend) {
    let Some((_db, store)) = open(backend).await else {
        return;
    };
    let old = create(&store, "Old news", "general", false, T0).await;
    let pinned = create(&store, "Fee deadline", "admissions", true, T0).await;
    let newest = create(&store, "Sports day", "events", false, T0).await;
    let expired = create(&store, "Diwali holiday", "holidays", false, T0).await;
    let _draft = create(&store, "Draft only", "general", false, T0).await;
    publish_now(&store, old, 1, T0 + 1_000, None).await;
    publish_now(&store, pinned, 1, T0 + 2_000, None).await;
    publish_now(&store, newest, 1, T0 + 3_000, None).await;
    publish_now(&store, expired, 1, T0 + 4_000, Some(T0 + 5_000)).await;

    let now = T0 + 6_000;
    let (notices, total) = store
        .published_notices("en", None, now, 0, 10)
        .await
        .unwrap();
    let titles: Vec<&str> = notices.iter().map(|n| n.title.as_str()).collect();
    assert_eq!(titles, ["Fee deadline", "Sports day", "Old news"]);
    assert_eq!(total, 3);
    // Before it expired, it was listed; after, its own address still finds it.
    let (before, _) = store
        .published_notices("en", None, T0 + 4_500, 0, 10)
        .await
        .unwrap();
    assert_eq!(before.len(), 4);
    let gone = store
        .published_notice("en", "diwali-holiday")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(gone.expires_at, Some(T0 + 5_000));
    assert!(
        store
            .published_notice("en", "draft-only")
            .await
            .unwrap()
            .is_none()
    );

    let (events, _) = store
        .published_notices("en", Some("events"), now, 0, 10)
        .await
        .unwrap();
    assert_eq!(events.len(), 1);
    let (second_page, total) = store
        .published_notices("en", None, now, 2, 2)
        .await
        .unwrap();
    assert_eq!((second_page[0].title.as_str(), total), ("Old news", 3));

    let generation = store.content_generation().await.unwrap();
    let change = store
        .unpublish(newest, &audit(now, AuditAction::ContentUnpublished))
        .await
        .unwrap();
    assert_eq!(change, ContentChange::Done);
    assert!(store.content_generation().await.unwrap() > generation);
    let (after, _) = store
        .published_notices("en", None, now, 0, 10)
        .await
        .unwrap();
    assert_eq!(after.len(), 2);
    let deleted = store
        .delete_item(old, &audit(now, AuditAction::ContentDeleted))
        .await
        .unwrap();
    assert_eq!(deleted, ContentChange::Done);
    assert!(store.revisions(old).await.unwrap().is_empty());
}

async fn a_due_publish_happens_once_however_many_instances_ask(backend: Backend) {
    let Some((db, store)) = open(backend).await else {
        return;
    };
    let id = create(&store, "Results", "exams", false, T0).await;
    let change = store
        .publish(
            id,
            Publish::At {
                revision: 1,
                at: T0 + 60_000,
            },
            Some(T0 + 120_000),
            &audit(T0, AuditAction::ContentScheduled),
        )
        .await
        .unwrap();
    assert_eq!(change, ContentChange::Done);
    assert_eq!(
        store.next_content_event(T0).await.unwrap(),
        Some(T0 + 60_000)
    );
    assert_eq!(store.publish_due(T0 + 59_999).await.unwrap(), 0);
    assert!(
        store
            .published_notices("en", None, T0 + 59_999, 0, 10)
            .await
            .unwrap()
            .0
            .is_empty()
    );

    // Four instances (stores with pools of their own) wake at the same moment.
    let mut instances = vec![store.clone()];
    for _ in 0..3 {
        instances.push(db.store().await);
    }
    let handles: Vec<_> = instances
        .into_iter()
        .map(|instance| tokio::spawn(async move { instance.publish_due(T0 + 60_000).await }))
        .collect();
    let mut published = 0;
    for handle in handles {
        published += handle.await.unwrap().unwrap();
    }
    assert_eq!(published, 1);
    let live = store
        .published_notice("en", "results")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (live.first_published_at, live.title.as_str()),
        (T0 + 60_000, "Results")
    );
    // What comes next is the expiry; after it, nothing.
    assert_eq!(
        store.next_content_event(T0 + 60_000).await.unwrap(),
        Some(T0 + 120_000)
    );
    assert_eq!(store.next_content_event(T0 + 120_000).await.unwrap(), None);
}
