//! Classes over the real HTTP API: who may reach which endpoint, joining by code, the teacher's
//! table, CSV and live view, leaving and removal, and the `roles` command; on SQLite and on
//! PostgreSQL (when TEST_DATABASE_URL is set).

use std::time::Duration;

use crate::common::{
    Backend, TestApp,
    auth_api::{PASSWORD, error_of, refusal, session_cookie},
    progress_api::pass_file,
};
use college_site::{
    config::{RolesAction, RolesArgs},
    roles::cli,
};
use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};

crate::on_both_backends!(
    every_teacher_endpoint_answers_each_kind_of_visitor,
    a_student_sees_the_class_before_joining_and_the_teacher_sees_their_progress,
    join_codes_open_only_the_class_they_belong_to_while_it_takes_students,
    guessing_join_codes_is_slowed_down_with_a_clear_message,
    class_names_are_checked_and_archived_classes_are_read_only,
    the_csv_names_the_class_and_holds_its_table,
    leaving_removal_and_deletion_take_the_student_out_of_the_table,
    an_open_class_view_shows_a_pass_saved_on_another_instance,
    revoking_the_role_closes_the_teacher_endpoints_and_keeps_the_classes,
    the_roles_command_grants_revokes_and_lists,
);

const T: i64 = 1_700_000_000_000;

/// Registers `name` <`email`> and returns the session cookie.
async fn person(app: &TestApp, name: &str, email: &str) -> String {
    let response = app.register(name, email).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    app.date_back(email).await;
    session_cookie(&response).0
}

fn path(class: &Value, rest: &str) -> String {
    format!(
        "/api/teach/classes/{}{rest}",
        class["id"].as_str().expect("id")
    )
}

fn code_of(class: &Value) -> String {
    class["code"].as_str().expect("code").to_owned()
}

/// Every teacher endpoint, for the class `class` and its student `student`, with the body a
/// page would send.
fn teacher_endpoints(class: &Value, student: &str) -> Vec<(Method, String, Value)> {
    vec![
        (Method::GET, "/api/teach/classes".into(), Value::Null),
        (
            Method::POST,
            "/api/teach/classes".into(),
            json!({"name": "Lab"}),
        ),
        (Method::PATCH, path(class, ""), json!({"name": "Renamed"})),
        (Method::POST, path(class, "/code"), json!({})),
        (Method::GET, path(class, "/table"), Value::Null),
        (Method::GET, path(class, "/csv"), Value::Null),
        (Method::GET, path(class, "/events"), Value::Null),
        (
            Method::GET,
            path(class, &format!("/students/{student}")),
            Value::Null,
        ),
        (
            Method::DELETE,
            path(class, &format!("/students/{student}")),
            json!({}),
        ),
        (Method::DELETE, path(class, ""), json!({})),
    ]
}

async fn send(
    app: &TestApp,
    cookie: Option<&str>,
    method: Method,
    path: &str,
    body: &Value,
) -> reqwest::Response {
    let mut request = app
        .client
        .request(method.clone(), app.url(path))
        .header("origin", &app.base);
    if method != Method::GET {
        request = request.json(body);
    }
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, cookie);
    }
    request.send().await.expect("sent")
}

async fn every_teacher_endpoint_answers_each_kind_of_visitor(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let teacher = app.teacher("teacher@example.com").await;
    let other_teacher = app.teacher("other.teacher@example.com").await;
    let student = person(&app, "Ravi Kumar", "ravi@example.com").await;
    let class = app.create_class(&teacher, "BCA 2, division A").await;
    app.join_class(&student, &code_of(&class)).await;
    let student_id = app.session_user(&student).await["uid"]
        .as_str()
        .expect("uid")
        .to_owned();
    let endpoints = teacher_endpoints(&class, &student_id);

    for (method, path, body) in &endpoints {
        let (status, code, _) = error_of(send(&app, None, method.clone(), path, body).await).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "visitor: {method} {path}");
        assert_eq!(code, "not-signed-in", "visitor: {method} {path}");

        let (status, code, message) =
            error_of(send(&app, Some(&student), method.clone(), path, body).await).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::FORBIDDEN, "not-a-teacher"),
            "student: {method} {path}"
        );
        assert!(message.contains("Ask the college office"), "{message}");
    }

    // Another teacher does not learn that the class exists.
    for (method, path, body) in &endpoints[2..] {
        let (status, code, _) =
            error_of(send(&app, Some(&other_teacher), method.clone(), path, body).await).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::NOT_FOUND, "unknown-class"),
            "other teacher: {method} {path}"
        );
    }
    let theirs: Value = send(
        &app,
        Some(&other_teacher),
        Method::GET,
        "/api/teach/classes",
        &Value::Null,
    )
    .await
    .json()
    .await
    .expect("json");
    assert_eq!(theirs["classes"], json!([]));
    // Nothing the others tried changed the class.
    let table = app
        .class_table(&teacher, class["id"].as_str().unwrap())
        .await;
    assert_eq!(table["class"]["name"], "BCA 2, division A");
    assert_eq!(table["class"]["code"], class["code"]);
    assert_eq!(table["students"].as_array().map(Vec::len), Some(1));

    // The teacher reaches every one of them (the live view is read below, on its own).
    let expected = [
        StatusCode::OK,
        StatusCode::CREATED,
        StatusCode::OK,
        StatusCode::OK,
        StatusCode::OK,
        StatusCode::OK,
        StatusCode::OK,
        StatusCode::OK,
        StatusCode::OK,
        StatusCode::OK,
    ];
    for ((method, path, body), status) in endpoints.iter().zip(expected) {
        let response = send(&app, Some(&teacher), method.clone(), path, body).await;
        assert_eq!(response.status(), status, "teacher: {method} {path}");
        assert_eq!(
            response.headers()[header::CACHE_CONTROL],
            "no-store",
            "{method} {path}"
        );
    }

    // The student's own endpoints need a signed-in account, and nothing else.
    for (method, path, body) in [
        (Method::GET, "/api/classes".to_owned(), Value::Null),
        (
            Method::GET,
            "/api/classes/join/ABCDEFGH".to_owned(),
            Value::Null,
        ),
        (
            Method::POST,
            "/api/classes/join".to_owned(),
            json!({"code": "ABCDEFGH"}),
        ),
        (
            Method::POST,
            path(&class, "/leave").replace("/teach", ""),
            json!({}),
        ),
    ] {
        let (status, _, _) = error_of(send(&app, None, method.clone(), &path, &body).await).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "visitor: {method} {path}");
    }
}

async fn a_student_sees_the_class_before_joining_and_the_teacher_sees_their_progress(
    backend: Backend,
) {
    crate::common::require_built_web_app();
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let teacher = person(&app, "Meera Iyer", "meera@example.com").await;
    app.grant(&teacher).await;
    let student = person(&app, "Ravi Kumar", "ravi@example.com").await;
    let class = app.create_class(&teacher, "BCA 2, division A").await;
    let code = code_of(&class);
    assert_eq!(code.len(), 8);
    assert!(
        code.chars()
            .all(|c| "ABCDEFGHJKMNPQRSTUVWXYZ23456789".contains(c)),
        "{code}"
    );

    // Before joining: the class and its teacher, and nothing shared yet.
    let preview: Value = app
        .get_signed_in(&format!("/api/classes/join/{code}"), &student)
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(
        preview,
        json!({
            "class": {"id": class["id"], "name": "BCA 2, division A", "teacher": "Meera Iyer"},
            "member": false,
            "ownClass": false,
        })
    );
    assert_eq!(
        app.class_table(&teacher, class["id"].as_str().unwrap())
            .await["students"],
        json!([])
    );

    // A code as a student types it: lower case, with a dash and spaces.
    let typed = format!(" {}-{} ", code[..4].to_lowercase(), &code[4..]);
    app.join_class(&student, &typed).await;
    let mine: Value = app
        .get_signed_in("/api/classes", &student)
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(mine["classes"][0]["name"], "BCA 2, division A");
    assert_eq!(mine["classes"][0]["teacher"], "Meera Iyer");
    let preview: Value = app
        .get_signed_in(&format!("/api/classes/join/{code}"), &student)
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(preview["member"], true);
    // Joining twice changes nothing.
    app.join_class(&student, &code).await;

    // The student works: a lesson marked done, a challenge passed with its code, an edit.
    let saved = app
        .save_progress(
            Some(&student),
            &json!({
                "lessons": [{"lesson": "intro", "done": true, "changedAt": T}],
                "passes": [{"challenge": "use-state/click-counter", "passedAt": T + 5,
                            "files": {"click-counter.tsx": "export default function App() { return 1; }"}}],
                "files": [{"lesson": "use-state", "demo": "counter", "file": "App.jsx",
                           "code": "work in progress", "base": "b", "editedAt": T + 9}],
            }),
        )
        .await;
    assert_eq!(saved.status(), StatusCode::OK);

    let table = app
        .class_table(&teacher, class["id"].as_str().unwrap())
        .await;
    assert_eq!(table["class"]["students"], 1);
    // The lesson marked, and the lesson whose one challenge passed.
    assert_eq!(table["lessons"], json!(["intro", "use-state"]));
    let row = &table["students"][0];
    assert_eq!(row["name"], "Ravi Kumar");
    assert_eq!(row["email"], "ravi@example.com");
    assert_eq!(row["done"], json!([T, T + 5]));
    assert_eq!(row["passed"], 1);
    assert!(row["lastActive"].as_i64().is_some(), "{row}");

    // A lesson with challenges is done once all of them have passed, dated by the last, as the
    // tutorial counts it (a mark on it counts for nothing).
    let pass = |challenge: &str, at: i64| {
        json!({"passes": [{"challenge": challenge, "passedAt": at, "files": {pass_file(challenge): "ok"}}],
               "lessons": [{"lesson": "props", "done": true, "changedAt": at}]})
    };
    let saved = app
        .save_progress(Some(&student), &pass("props/notice-board", T + 20))
        .await;
    assert_eq!(saved.status(), StatusCode::OK);
    let table = app
        .class_table(&teacher, class["id"].as_str().unwrap())
        .await;
    assert_eq!(
        table["lessons"],
        json!(["intro", "use-state"]),
        "one of two is not enough"
    );
    let saved = app
        .save_progress(Some(&student), &pass("props/student-cards", T + 30))
        .await;
    assert_eq!(saved.status(), StatusCode::OK);
    let table = app
        .class_table(&teacher, class["id"].as_str().unwrap())
        .await;
    assert_eq!(table["lessons"], json!(["intro", "props", "use-state"]));
    assert_eq!(table["students"][0]["done"], json!([T, T + 30, T + 5]));
    assert_eq!(table["students"][0]["passed"], 3);

    // A closer look: the code that passed, and not the edit in progress.
    let detail: Value = app
        .get_signed_in(
            &path(
                &class,
                &format!("/students/{}", row["id"].as_str().unwrap()),
            ),
            &teacher,
        )
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(detail["student"]["email"], "ravi@example.com");
    assert_eq!(
        detail["passes"][2],
        json!({"challenge": "use-state/click-counter", "passedAt": T + 5,
               "files": {"click-counter.tsx": "export default function App() { return 1; }"}})
    );
    assert_eq!(detail["passes"].as_array().map(Vec::len), Some(3));
    assert!(!detail.to_string().contains("work in progress"));
    let (status, code, _) = error_of(
        app.get_signed_in(&path(&class, "/students/no-such-student"), &teacher)
            .await,
    )
    .await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::NOT_FOUND, "unknown-student")
    );
}

async fn join_codes_open_only_the_class_they_belong_to_while_it_takes_students(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let teacher = app.teacher("teacher@example.com").await;
    let class = app.create_class(&teacher, "BBA 1").await;
    let old_code = code_of(&class);
    let refusal_of = |cookie: String, code: String| {
        let app = &app;
        async move {
            error_of(
                app.post_signed_in("/api/classes/join", &cookie, json!({ "code": code }))
                    .await,
            )
            .await
        }
    };

    // The teacher cannot join their own class; the preview says it is theirs.
    let (status, code, message) = refusal_of(teacher.clone(), old_code.clone()).await;
    assert_eq!((status, code.as_str()), (StatusCode::CONFLICT, "own-class"));
    assert_eq!(
        message,
        "You teach this class, so you cannot join it as a student."
    );
    let preview: Value = app
        .get_signed_in(&format!("/api/classes/join/{old_code}"), &teacher)
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(preview["ownClass"], true);

    // Unknown and malformed codes.
    let asha = app.student("asha@example.com").await;
    for code in ["ZZZZZZZZ", "short", "", "ABCD0OIL"] {
        let (status, code, message) = refusal_of(asha.clone(), code.into()).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::NOT_FOUND, "unknown-code")
        );
        assert!(
            message.contains("This join link does not work"),
            "{message}"
        );
    }

    // A new code: the old one stops working.
    let renewed: Value = app
        .post_signed_in(&path(&class, "/code"), &teacher, json!({}))
        .await
        .json()
        .await
        .expect("json");
    let new_code = code_of(&renewed["class"]);
    assert_ne!(new_code, old_code);
    let (status, code, _) = refusal_of(asha.clone(), old_code).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::NOT_FOUND, "unknown-code")
    );

    // Joining closed, then archived: refused with a message; open again: it works.
    let class_path = path(&class, "");
    let change = |body: Value| app.send_signed_in(Method::PATCH, &class_path, &teacher, body);
    assert_eq!(
        change(json!({"joining": false})).await.status(),
        StatusCode::OK
    );
    let (status, code, message) = refusal_of(asha.clone(), new_code.clone()).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::CONFLICT, "joining-closed")
    );
    assert_eq!(
        message,
        "This class is not taking new students. Ask your teacher."
    );
    assert_eq!(
        change(json!({"joining": true, "archived": true}))
            .await
            .status(),
        StatusCode::OK
    );
    let (status, code, _) = refusal_of(asha.clone(), new_code.clone()).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::CONFLICT, "joining-closed")
    );
    assert_eq!(
        change(json!({"archived": false})).await.status(),
        StatusCode::OK
    );
    app.join_class(&asha, &new_code).await;
}

async fn guessing_join_codes_is_slowed_down_with_a_clear_message(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let guesser = app.student("guesser@example.com").await;
    let mut limited = None;
    for attempt in 0..20 {
        let response = app
            .get_signed_in(
                &format!("/api/classes/join/ZZZZZZ{:02}", attempt % 10 + 22),
                &guesser,
            )
            .await;
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            limited = Some((attempt, response));
            break;
        }
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
    }
    let (attempt, response) = limited.expect("guessing is limited");
    assert_eq!(attempt, 10, "ten tries, then a pause");
    assert!(response.headers().contains_key(header::RETRY_AFTER));
    let (status, code, message) = error_of(response).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::TOO_MANY_REQUESTS, "too-many-attempts")
    );
    assert!(
        message.starts_with("Too many tries at join codes. Try again in"),
        "{message}"
    );
    // Joining counts as a try too; another account still has its own tries.
    let (status, _, _) = error_of(
        app.post_signed_in("/api/classes/join", &guesser, json!({"code": "ZZZZZZ22"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let other = app.student("other@example.com").await;
    let response = app
        .get_signed_in("/api/classes/join/ZZZZZZ22", &other)
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

async fn class_names_are_checked_and_archived_classes_are_read_only(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let teacher = app.teacher("teacher@example.com").await;
    for name in ["", "   ", &"x".repeat(81), "tab\there"] {
        let (status, code, field) = refusal(
            app.post_signed_in("/api/teach/classes", &teacher, json!({ "name": name }))
                .await,
        )
        .await;
        assert_eq!(
            (status, code.as_str(), field),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid-name",
                json!("name")
            ),
            "{name:?}"
        );
    }
    let longest = "क".repeat(80);
    let class = app.create_class(&teacher, &format!("  {longest}  ")).await;
    assert_eq!(class["name"], longest.as_str());
    assert_eq!(class["joining"], true);
    assert_eq!(class["archived"], false);
    assert_eq!(class["students"], 0);

    let class_path = path(&class, "");
    let change = |body: Value| app.send_signed_in(Method::PATCH, &class_path, &teacher, body);
    let renamed: Value = change(json!({"name": "BCom 3"}))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(renamed["class"]["name"], "BCom 3");
    let (status, code, field) = refusal(change(json!({"name": ""})).await).await;
    assert_eq!(
        (status, code.as_str(), field),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid-name",
            json!("name")
        )
    );
    // Odd bodies get a clear 4xx, never a 5xx.
    for body in [
        json!({"colour": "red"}),
        json!({"joining": "yes"}),
        json!([]),
    ] {
        let status = change(body.clone()).await.status();
        assert!(status.is_client_error(), "{body}: {status}");
    }

    let archived: Value = change(json!({"archived": true}))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(archived["class"]["archived"], true);
    let (status, code, _) = error_of(change(json!({"name": "Again"})).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::CONFLICT, "class-archived")
    );
    // Still readable, and listed.
    let list: Value = app
        .get_signed_in("/api/teach/classes", &teacher)
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(list["classes"][0]["name"], "BCom 3");
    assert_eq!(list["classes"][0]["archived"], true);

    // Deleted: gone.
    let deleted = app
        .send_signed_in(Method::DELETE, &path(&class, ""), &teacher, json!({}))
        .await;
    assert_eq!(deleted.status(), StatusCode::OK);
    let (status, code, _) =
        error_of(app.get_signed_in(&path(&class, "/table"), &teacher).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::NOT_FOUND, "unknown-class")
    );
}

async fn the_csv_names_the_class_and_holds_its_table(backend: Backend) {
    crate::common::require_built_web_app();
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let teacher = app.teacher("teacher@example.com").await;
    let student = person(&app, "=Ravi, \"the\" Kumar", "ravi@example.com").await;
    let class = app.create_class(&teacher, "BCA 2, division A").await;
    app.join_class(&student, &code_of(&class)).await;
    // 2023-11-14T22:13:20Z
    let marked = app
        .save_progress(
            Some(&student),
            &json!({"lessons": [{"lesson": "intro", "done": true, "changedAt": T}]}),
        )
        .await;
    assert_eq!(marked.status(), StatusCode::OK);

    let response = app.get_signed_in(&path(&class, "/csv"), &teacher).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "text/csv; charset=utf-8"
    );
    let disposition = response.headers()[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        disposition.starts_with("attachment; filename=\"BCA 2, division A.csv\""),
        "{disposition}"
    );
    let body = response.text().await.expect("text");
    let body = body
        .strip_prefix('\u{feff}')
        .expect("a BOM, for spreadsheet programs");
    let lines: Vec<&str> = body.lines().collect();
    assert_eq!(lines.len(), 2, "{body}");
    assert!(
        lines[0].starts_with(
            "Name,Email,Joined,Last active,Challenges passed,Lessons done,What is React?,"
        ),
        "{}",
        lines[0]
    );
    // The name cannot run as a spreadsheet formula; quotes and commas are escaped.
    assert!(
        lines[1].starts_with("\"'=Ravi, \"\"the\"\" Kumar\",ravi@example.com,"),
        "{}",
        lines[1]
    );
    assert!(
        lines[1].contains(",0,1,2023-11-14T22:13:20Z"),
        "{}",
        lines[1]
    );

    // What grows with the class travels compressed; the live view's events do not wait for
    // a compressor's buffer.
    for (rest, compressed) in [("/table", true), ("/csv", true), ("/events", false)] {
        let response = app
            .client
            .get(app.url(&path(&class, rest)))
            .header(header::COOKIE, &teacher)
            .header(header::ACCEPT_ENCODING, "gzip")
            .send()
            .await
            .expect("sent");
        assert_eq!(response.status(), StatusCode::OK, "{rest}");
        assert_eq!(
            response.headers().get(header::CONTENT_ENCODING).is_some(),
            compressed,
            "{rest}"
        );
    }
}

async fn leaving_removal_and_deletion_take_the_student_out_of_the_table(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let teacher = app.teacher("teacher@example.com").await;
    let class = app.create_class(&teacher, "BCom 1").await;
    let class_id = class["id"].as_str().unwrap();
    let emails = [
        "leaver@example.com",
        "removed@example.com",
        "deleted@example.com",
    ];
    let mut cookies = Vec::new();
    for email in emails {
        let cookie = app.student(email).await;
        app.join_class(&cookie, &code_of(&class)).await;
        cookies.push(cookie);
    }
    let listed = |table: Value| -> Vec<String> {
        table["students"]
            .as_array()
            .expect("students")
            .iter()
            .map(|row| row["email"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(listed(app.class_table(&teacher, class_id).await).len(), 3);

    // Leaving.
    let leave = format!("/api/classes/{class_id}/leave");
    let left = app.post_signed_in(&leave, &cookies[0], json!({})).await;
    assert_eq!(left.status(), StatusCode::OK);
    let (status, code, _) =
        error_of(app.post_signed_in(&leave, &cookies[0], json!({})).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::NOT_FOUND, "not-a-member")
    );
    let mine: Value = app
        .get_signed_in("/api/classes", &cookies[0])
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(mine["classes"], json!([]));

    // Removed by the teacher.
    let table = app.class_table(&teacher, class_id).await;
    let removed_id = table["students"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["email"] == emails[1])
        .expect("listed")["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let removed = app
        .send_signed_in(
            Method::DELETE,
            &path(&class, &format!("/students/{removed_id}")),
            &teacher,
            json!({}),
        )
        .await;
    assert_eq!(removed.status(), StatusCode::OK);
    let mine: Value = app
        .get_signed_in("/api/classes", &cookies[1])
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(mine["classes"], json!([]));

    // The account deleted.
    let deleted = app
        .post_signed_in(
            "/api/account/delete",
            &cookies[2],
            json!({"password": PASSWORD}),
        )
        .await;
    assert_eq!(deleted.status(), StatusCode::OK);

    assert_eq!(
        listed(app.class_table(&teacher, class_id).await),
        Vec::<String>::new()
    );
}

/// Reads server-sent events until one named `name` whose data contains `needle` arrives.
async fn next_event(
    stream: &mut reqwest::Response,
    buffer: &mut String,
    name: &str,
    needle: &str,
) -> Value {
    loop {
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let event = block.lines().find_map(|line| line.strip_prefix("event: "));
            let data = block.lines().find_map(|line| line.strip_prefix("data: "));
            if let (Some(event), Some(data)) = (event, data)
                && event == name
                && data.contains(needle)
            {
                return serde_json::from_str(data).expect("json data");
            }
        }
        let chunk = stream.chunk().await.expect("stream").expect("not ended");
        buffer.push_str(std::str::from_utf8(&chunk).expect("utf-8"));
    }
}

async fn an_open_class_view_shows_a_pass_saved_on_another_instance(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    // With SQLite both instances share the file, as they would on one machine.
    let other = app.second_instance(|_| {}).await;
    let teacher = app.teacher("teacher@example.com").await;
    let class = app.create_class(&teacher, "BCA 3").await;
    let student = other.student("ravi@example.com").await;
    other.join_class(&student, &code_of(&class)).await;

    let mut events = app.get_signed_in(&path(&class, "/events"), &teacher).await;
    assert_eq!(events.status(), StatusCode::OK);
    assert_eq!(events.headers()[header::CONTENT_TYPE], "text/event-stream");
    let mut buffer = String::new();

    let pass = json!({"passes": [{"challenge": "use-state/click-counter", "passedAt": T,
                                  "files": {"click-counter.tsx": "solved"}}]});
    assert_eq!(
        other.save_progress(Some(&student), &pass).await.status(),
        StatusCode::OK
    );
    let event = tokio::time::timeout(
        Duration::from_secs(5),
        next_event(&mut events, &mut buffer, "student", "\"passed\":1"),
    )
    .await
    .expect("the pass reaches the open view within 5 seconds");
    assert_eq!(event["student"]["email"], "ravi@example.com");

    let leave = format!("/api/classes/{}/leave", class["id"].as_str().unwrap());
    assert_eq!(
        other
            .post_signed_in(&leave, &student, json!({}))
            .await
            .status(),
        StatusCode::OK
    );
    let left = tokio::time::timeout(
        Duration::from_secs(5),
        next_event(&mut events, &mut buffer, "left", "\"id\""),
    )
    .await
    .expect("leaving reaches the open view within 5 seconds");
    assert_eq!(left["id"], event["student"]["id"]);

    // Deleting the class ends the view.
    let deleted = app
        .send_signed_in(Method::DELETE, &path(&class, ""), &teacher, json!({}))
        .await;
    assert_eq!(deleted.status(), StatusCode::OK);
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        while events.chunk().await.ok().flatten().is_some() {}
    })
    .await;
    assert!(ended.is_ok(), "the stream ends when its class is deleted");
    other.stop().await;
}

async fn revoking_the_role_closes_the_teacher_endpoints_and_keeps_the_classes(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let teacher = app.teacher("teacher@example.com").await;
    let class = app.create_class(&teacher, "BBA 2").await;
    let student = app.student("ravi@example.com").await;
    app.join_class(&student, &code_of(&class)).await;
    assert_eq!(
        app.session_user(&teacher).await["roles"],
        json!(["teacher"])
    );
    let mut events = app.get_signed_in(&path(&class, "/events"), &teacher).await;
    assert_eq!(events.status(), StatusCode::OK);

    let revoked = cli::run(roles_args(
        &app,
        RolesAction::Revoke {
            email: "teacher@example.com".into(),
            role: "teacher".into(),
        },
    ))
    .await
    .expect("revoked");
    assert_eq!(revoked, "teacher@example.com is no longer a teacher.");
    let (status, code, _) =
        error_of(app.get_signed_in(&path(&class, "/table"), &teacher).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::FORBIDDEN, "not-a-teacher")
    );
    assert_eq!(app.session_user(&teacher).await["roles"], json!([]));
    // The open live view ends too, at its next look.
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        while events.chunk().await.ok().flatten().is_some() {}
    })
    .await;
    assert!(ended.is_ok(), "the live view ends when the role is revoked");
    // The class is hidden, not gone: its students still see it.
    let mine: Value = app
        .get_signed_in("/api/classes", &student)
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(mine["classes"][0]["name"], "BBA 2");

    app.grant(&teacher).await;
    let table = app
        .class_table(&teacher, class["id"].as_str().unwrap())
        .await;
    assert_eq!(table["students"][0]["email"], "ravi@example.com");
}

fn roles_args(app: &TestApp, action: RolesAction) -> RolesArgs {
    RolesArgs {
        database: app.database_url().into(),
        action,
    }
}

async fn the_roles_command_grants_revokes_and_lists(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let cookie = person(&app, "Meera Iyer", "meera@example.com").await;
    let run = |action| cli::run(roles_args(&app, action));
    let grant = |email: &str, role: &str| RolesAction::Grant {
        email: email.into(),
        role: role.into(),
    };

    assert_eq!(
        run(RolesAction::List).await.expect("listed"),
        "Nobody holds a role."
    );
    // While the server runs; the email in any case.
    assert_eq!(
        run(grant("Meera@Example.com", "teacher"))
            .await
            .expect("granted"),
        "Meera@Example.com is now a teacher. Staff accounts sign in in two steps: until they set up two-step sign-in on their account page, they can open nothing else."
    );
    assert_eq!(
        run(grant("meera@example.com", "teacher"))
            .await
            .expect("granted"),
        "meera@example.com was already a teacher: nothing changed."
    );
    assert_eq!(
        run(RolesAction::List).await.expect("listed"),
        "role\temail\tname\nteacher\tmeera@example.com\tMeera Iyer"
    );
    // The running server sees it on the next request: the session opened by the password
    // alone ends, and the next sign-in holds the role.
    assert_eq!(app.session_user(&cookie).await, Value::Null);
    let cookie = app.signed_in_again("meera@example.com").await;
    assert_eq!(app.session_user(&cookie).await["roles"], json!(["teacher"]));
    let list = app.get_signed_in("/api/teach/classes", &cookie).await;
    assert_eq!(
        list.status(),
        StatusCode::FORBIDDEN,
        "not before two-step sign-in"
    );
    app.set_up_second_factor(&cookie).await;
    let list = app.get_signed_in("/api/teach/classes", &cookie).await;
    assert_eq!(list.status(), StatusCode::OK);

    let unknown_role = run(grant("meera@example.com", "principal"))
        .await
        .unwrap_err();
    assert_eq!(
        unknown_role.to_string(),
        "unknown role \"principal\": the roles are teacher, office, admin, editor, grievance-committee"
    );
    let unknown_email = run(grant("nobody@example.com", "teacher"))
        .await
        .unwrap_err();
    assert_eq!(
        unknown_email.to_string(),
        "no account has the email \"nobody@example.com\""
    );
    let not_an_email = run(grant("nobody", "teacher")).await.unwrap_err();
    assert!(
        not_an_email
            .to_string()
            .starts_with("\"nobody\" is not an email address"),
        "{not_an_email}"
    );
    assert_eq!(
        run(RolesAction::Revoke {
            email: "meera@example.com".into(),
            role: "teacher".into()
        })
        .await
        .expect("revoked"),
        "meera@example.com is no longer a teacher."
    );
    assert_eq!(
        run(RolesAction::List).await.expect("listed"),
        "Nobody holds a role."
    );
}
