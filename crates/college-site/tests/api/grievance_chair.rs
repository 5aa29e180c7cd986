//! The grievance committee's chairperson, marked on a member by an admin in People (with the
//! identity check, audited): one at a time, only a member, shown in the committee's room and by
//! `college-site roles list`. Only an admin can mark one. On SQLite and PostgreSQL (when
//! TEST_DATABASE_URL is set).

use college_site::config::RolesAction;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Backend, TestApp, require_built_web_app};

crate::on_both_backends!(an_admin_marks_one_member_as_the_committees_chairperson);

async fn id_of(app: &TestApp, admin: &str, email: &str) -> String {
    let (status, found) = app
        .staff_call(
            Method::GET,
            &format!("/api/staff/people?q={email}"),
            Some(admin),
            Value::Null,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    found["people"][0]["id"].as_str().expect("an id").to_owned()
}

async fn an_admin_marks_one_member_as_the_committees_chairperson(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 1_000).await else {
        return;
    };
    require_built_web_app();
    let roles = app.every_role().await;
    let admin = &roles.admin;
    let second = app
        .staff_member("meera@example.com", "grievance-committee")
        .await;
    app.confirm_identity(admin).await;
    let first_id = id_of(&app, admin, "sgrc@example.com").await;
    let second_id = id_of(&app, admin, "meera@example.com").await;
    let teacher_id = id_of(&app, admin, "teacher@example.com").await;
    let chair = |id: &str, chair: bool| {
        let (app, path) = (&app, format!("/api/staff/people/{id}/grievance-chair"));
        async move {
            app.staff_call(Method::POST, &path, Some(admin), json!({ "chair": chair }))
                .await
        }
    };

    let (status, answer) = chair(&first_id, true).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["person"]["grievanceChair"], true);
    let (_, queue) = app
        .staff_call(Method::GET, "/api/grievances", Some(&second), Value::Null)
        .await;
    // Named as the member calls themselves (every test account is "Asha Rao").
    assert_eq!(queue["chair"], "Asha Rao", "{queue}");

    // One at a time: marking another unmarks the first.
    let (status, _) = chair(&second_id, true).await;
    assert_eq!(status, StatusCode::OK);
    let (_, first) = app
        .staff_call(
            Method::GET,
            &format!("/api/staff/people/{first_id}"),
            Some(admin),
            Value::Null,
        )
        .await;
    assert_eq!(first["person"]["grievanceChair"], false, "{first}");
    let listed = app.roles_command(RolesAction::List).await;
    assert!(
        listed
            .lines()
            .any(|line| line.contains("meera@example.com") && line.ends_with("chairperson")),
        "{listed}"
    );

    // Only a member can chair the committee.
    let (status, refused) = chair(&teacher_id, true).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["error"]["code"], "not-on-the-committee");

    // The audit log says who marked whom.
    let (_, audit) = app
        .staff_call(
            Method::GET,
            "/api/staff/audit?action=role-granted",
            Some(admin),
            Value::Null,
        )
        .await;
    assert!(
        audit
            .to_string()
            .contains("grievance committee's chairperson for meera@example.com"),
        "{audit}"
    );

    // Unmarked, the room says none is marked.
    let (status, _) = chair(&second_id, false).await;
    assert_eq!(status, StatusCode::OK);
    let (_, queue) = app
        .staff_call(Method::GET, "/api/grievances", Some(&second), Value::Null)
        .await;
    assert_eq!(queue["chair"], Value::Null, "{queue}");

    // Nobody but an admin marks one.
    for (who, cookie) in [
        ("a student", &roles.student),
        ("a teacher", &roles.teacher),
        ("the office", &roles.office),
        ("an editor", &roles.editor),
        ("the committee", &roles.grievance_committee),
    ] {
        let (status, _) = app
            .staff_call(
                Method::POST,
                &format!("/api/staff/people/{second_id}/grievance-chair"),
                Some(cookie),
                json!({ "chair": true }),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{who}");
    }
}
