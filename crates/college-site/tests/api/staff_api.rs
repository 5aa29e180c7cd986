//! The staff area over HTTP, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set): every
//! staff endpoint against every role, the office's inbox, failed mail and resend through a
//! real SMTP server, an admin's changes to people with the identity check, the audit log and
//! mail health.

use std::time::Duration;

use crate::common::{
    Backend, TestApp,
    auth_api::{PASSWORD, error_of},
    eventually,
    smtp::{SmtpServer, closed_port},
    valid_form,
};
use college_site::config::RolesAction;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

crate::on_both_backends!(
    every_staff_endpoint_answers_each_role_as_it_should,
    the_office_reads_answers_and_archives_a_message,
    odd_searches_and_filters_get_clear_errors,
    failed_mail_is_counted_and_sent_again_once_smtp_is_back,
    an_admin_changes_roles_only_after_the_identity_check,
    a_disabled_account_cannot_sign_in_until_enabled,
    the_audit_log_records_the_site_and_the_command_line,
    mail_health_shows_the_queue_and_sends_a_test_mail,
);

const MAIL_WAIT: Duration = Duration::from_secs(15);

/// A server with room for many sign-ins from one address.
async fn app(backend: Backend, smtp_url: Option<String>) -> Option<TestApp> {
    TestApp::spawn(backend, move |c| {
        c.limits.auth_per_minute = 1_000;
        c.limits.contact_per_minute = 1_000;
        c.smtp_url = smtp_url.map(Into::into);
    })
    .await
}

/// Sends the contact form with `subject` and returns the stored message's id.
async fn contact(app: &TestApp, subject: &str, message: &str) -> i64 {
    let mut form = valid_form();
    for field in form.iter_mut() {
        match field.0 {
            "subject" => field.1 = subject,
            "message" => field.1 = message,
            _ => {}
        }
    }
    let response = app.post_contact(&form).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    app.store.contact_messages(1).await.expect("messages")[0].id
}

async fn uid(app: &TestApp, cookie: &str) -> String {
    app.session_user(cookie).await["uid"]
        .as_str()
        .expect("uid")
        .to_owned()
}

async fn every_staff_endpoint_answers_each_role_as_it_should(backend: Backend) {
    let Some(app) = app(backend, None).await else {
        return;
    };
    let student = app.signed_in("student@example.com").await;
    let teacher = app.staff_member("teacher@example.com", "teacher").await;
    let office = app.staff_member("office@example.com", "office").await;
    let admin = app.staff_member("admin@example.com", "admin").await;
    let editor = app.staff_member("editor@example.com", "editor").await;
    let target = app.signed_in("target@example.com").await;
    let target_id = uid(&app, &target).await;
    let message = contact(&app, "Admissions", "When do admissions open?").await;
    let m = |rest: &str| format!("/api/staff/messages/{message}{rest}");
    let p = |rest: &str| format!("/api/staff/people/{target_id}{rest}");

    // Each endpoint, the body a page sends, whether only an admin may call it, and what an
    // allowed caller gets (a resend of mail that has not failed is refused for what it is).
    let endpoints: Vec<(Method, String, Value, bool, StatusCode)> = vec![
        (
            Method::GET,
            "/api/staff/summary".into(),
            Value::Null,
            false,
            StatusCode::OK,
        ),
        (
            Method::GET,
            "/api/staff/messages".into(),
            Value::Null,
            false,
            StatusCode::OK,
        ),
        (Method::GET, m(""), Value::Null, false, StatusCode::OK),
        (
            Method::POST,
            m("/status"),
            json!({"status": "answered"}),
            false,
            StatusCode::OK,
        ),
        (
            Method::POST,
            m("/resend"),
            json!({}),
            false,
            StatusCode::CONFLICT,
        ),
        (
            Method::POST,
            "/api/staff/confirm".into(),
            json!({"password": PASSWORD, "code": app.recovery_code(&admin)}),
            true,
            StatusCode::OK,
        ),
        (
            Method::GET,
            "/api/staff/people?q=target".into(),
            Value::Null,
            true,
            StatusCode::OK,
        ),
        (Method::GET, p(""), Value::Null, true, StatusCode::OK),
        (
            Method::POST,
            p("/roles"),
            json!({"role": "teacher", "grant": true}),
            true,
            StatusCode::OK,
        ),
        (
            Method::POST,
            p("/sign-out"),
            json!({}),
            true,
            StatusCode::OK,
        ),
        (Method::POST, p("/disable"), json!({}), true, StatusCode::OK),
        (Method::POST, p("/enable"), json!({}), true, StatusCode::OK),
        // The target has no second factor: nothing to reset, once past the guard.
        (
            Method::POST,
            p("/second-factor/reset"),
            json!({}),
            true,
            StatusCode::CONFLICT,
        ),
        (
            Method::GET,
            "/api/staff/audit".into(),
            Value::Null,
            true,
            StatusCode::OK,
        ),
        (
            Method::GET,
            "/api/staff/mail-health".into(),
            Value::Null,
            true,
            StatusCode::OK,
        ),
        (
            Method::POST,
            "/api/staff/mail-health/test".into(),
            json!({}),
            true,
            StatusCode::OK,
        ),
    ];
    let callers: [(&str, Option<&str>); 6] = [
        ("visitor", None),
        ("student", Some(&student)),
        ("teacher", Some(&teacher)),
        ("editor", Some(&editor)),
        ("office", Some(&office)),
        ("admin", Some(&admin)),
    ];
    for (who, cookie) in callers {
        for (method, path, body, admin_only, allowed) in &endpoints {
            let (status, answer) = app
                .staff_call(method.clone(), path, cookie, body.clone())
                .await;
            let (expected, code) = match who {
                "visitor" => (StatusCode::UNAUTHORIZED, Some("not-signed-in")),
                // An editor opens the staff area (its summary) for the content pages only.
                "editor" if path == "/api/staff/summary" => (StatusCode::OK, None),
                "student" | "teacher" | "editor" => (
                    StatusCode::FORBIDDEN,
                    Some("not-office")
                        .filter(|_| !admin_only)
                        .or(Some("not-admin")),
                ),
                "office" if *admin_only => (StatusCode::FORBIDDEN, Some("not-admin")),
                _ => (*allowed, None),
            };
            assert_eq!(status, expected, "{who}: {method} {path}: {answer}");
            if let Some(code) = code {
                assert_eq!(answer["error"]["code"], code, "{who}: {method} {path}");
            }
        }
    }
    // What the refused calls did not do: only the admin's role change, disable and enable
    // happened, and only the office's and the admin's status changes.
    let person = app.staff_get(&p(""), &admin).await;
    assert_eq!(person["person"]["roles"], json!(["teacher"]));
    assert_eq!(person["person"]["disabled"], false);
    let audit = app
        .staff_get("/api/staff/audit?action=message-status-changed", &admin)
        .await;
    assert_eq!(
        audit["total"], 1,
        "office then admin set the same status: one change"
    );
    let summary = app.staff_get("/api/staff/summary", &office).await;
    assert_eq!(summary["roles"], json!(["office"]));
    // An editor learns nothing of the inbox: a new message waits, and its summary says none.
    contact(&app, "Hostel", "Is there a hostel?").await;
    let summary = app.staff_get("/api/staff/summary", &office).await;
    assert_eq!(summary["newMessages"], 1);
    let summary = app.staff_get("/api/staff/summary", &editor).await;
    assert_eq!(
        (&summary["roles"], &summary["newMessages"]),
        (&json!(["editor"]), &json!(0))
    );
}

async fn the_office_reads_answers_and_archives_a_message(backend: Backend) {
    let Some(app) = app(backend, None).await else {
        return;
    };
    let office = app.staff_member("office@example.com", "office").await;
    let first = contact(&app, "Hostel", "Is there a hostel for girls?").await;
    let id = contact(&app, "Fees", "What are the BCA fees?\nThanks, Asha").await;

    let summary = app.staff_get("/api/staff/summary", &office).await;
    assert_eq!(
        (
            summary["newMessages"].as_i64(),
            summary["failedMail"].as_i64()
        ),
        (Some(2), Some(0))
    );
    let inbox = app.staff_get("/api/staff/messages", &office).await;
    assert_eq!(
        (inbox["total"].as_i64(), inbox["pageSize"].as_i64()),
        (Some(2), Some(50))
    );
    let row = &inbox["messages"][0];
    assert_eq!(
        (row["id"].as_i64(), row["subject"].as_str()),
        (Some(id), Some("Fees"))
    );
    assert_eq!(row["preview"], "What are the BCA fees? Thanks, Asha");
    assert!(
        row.get("message").is_none(),
        "the list carries a preview, not the text"
    );
    assert_eq!(row["status"], "new");
    // Written as an .eml file at once, or about to be.
    assert!(
        ["queued", "sent"].contains(&row["mail"]["state"].as_str().unwrap_or("")),
        "{row}"
    );

    let opened = app
        .staff_get(&format!("/api/staff/messages/{id}"), &office)
        .await;
    assert_eq!(opened["message"]["status"], "read", "opening it reads it");
    assert_eq!(
        opened["message"]["message"],
        "What are the BCA fees?\nThanks, Asha"
    );
    let sent = eventually(MAIL_WAIT, || async {
        let body = app
            .staff_get(&format!("/api/staff/messages/{id}"), &office)
            .await;
        (body["message"]["mail"]["state"] == "sent").then_some(body)
    })
    .await
    .expect("its mail is written and shown as sent");
    assert!(sent["message"]["mail"]["sentAt"].is_i64());

    let answered = app
        .staff_post(
            &format!("/api/staff/messages/{id}/status"),
            &office,
            json!({"status": "answered"}),
        )
        .await;
    assert_eq!(answered["message"]["status"], "answered");
    assert_eq!(
        answered["message"]["statusChangedBy"],
        "Asha Rao <office@example.com>"
    );
    app.staff_post(
        &format!("/api/staff/messages/{id}/status"),
        &office,
        json!({"status": "archived"}),
    )
    .await;
    let open = app.staff_get("/api/staff/messages", &office).await;
    assert_eq!(open["total"], 1, "archived messages leave the open inbox");
    assert_eq!(open["messages"][0]["id"].as_i64(), Some(first));
    let archived = app
        .staff_get("/api/staff/messages?status=archived", &office)
        .await;
    assert_eq!(archived["messages"][0]["id"].as_i64(), Some(id));
    let found = app
        .staff_get("/api/staff/messages?status=all&q=bca%20FEES", &office)
        .await;
    assert_eq!(
        (found["total"].as_i64(), found["messages"][0]["id"].as_i64()),
        (Some(1), Some(id))
    );
    let summary = app.staff_get("/api/staff/summary", &office).await;
    assert_eq!(summary["newMessages"], 1);
}

async fn odd_searches_and_filters_get_clear_errors(backend: Backend) {
    let Some(app) = app(backend, None).await else {
        return;
    };
    let admin = app.staff_member("admin@example.com", "admin").await;
    let long = "x".repeat(201);
    for (path, field) in [
        ("/api/staff/messages?status=unread".to_owned(), "status"),
        ("/api/staff/messages?mail=bounced".to_owned(), "mail"),
        ("/api/staff/messages?page=0".to_owned(), "page"),
        ("/api/staff/messages?page=abc".to_owned(), "page"),
        (format!("/api/staff/messages?q={long}"), "q"),
        ("/api/staff/people?page=-1".to_owned(), "page"),
        ("/api/staff/audit?action=everything".to_owned(), "action"),
        ("/api/staff/audit?actor=not-an-email".to_owned(), "actor"),
    ] {
        let (status, body) = app
            .staff_call(Method::GET, &path, Some(&admin), Value::Null)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
        assert_eq!(body["error"]["field"], field, "{path}");
        assert!(
            !body["error"]["message"]
                .as_str()
                .unwrap_or_default()
                .is_empty()
        );
    }
    // Odd but harmless input finds nothing, or what it names.
    for path in [
        "/api/staff/messages?q=%25%5F%27%22%3B--",
        "/api/staff/messages?q=%F0%9F%99%82&page=9999",
        "/api/staff/people?q=%27%20OR%201%3D1",
    ] {
        let body = app.staff_get(path, &admin).await;
        assert_eq!(body["total"], 0, "{path}");
    }
    for (method, path, body, status) in [
        (
            Method::GET,
            "/api/staff/messages/abc",
            Value::Null,
            StatusCode::NOT_FOUND,
        ),
        (
            Method::GET,
            "/api/staff/messages/99999999999999999999",
            Value::Null,
            StatusCode::NOT_FOUND,
        ),
        (
            Method::POST,
            "/api/staff/messages/1/status",
            json!({"status": "deleted"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            Method::GET,
            "/api/staff/people/nobody",
            Value::Null,
            StatusCode::NOT_FOUND,
        ),
    ] {
        let (got, answer) = app
            .staff_call(method.clone(), path, Some(&admin), body)
            .await;
        assert_eq!(got, status, "{method} {path}: {answer}");
    }
}

async fn failed_mail_is_counted_and_sent_again_once_smtp_is_back(backend: Backend) {
    let (smtp_addr, open_port) = closed_port();
    let Some(app) = TestApp::spawn(backend, |c| {
        c.smtp_url = Some(format!("smtp://{smtp_addr}").into());
        c.outbox.max_attempts = 2;
        c.limits.auth_per_minute = 1_000;
    })
    .await
    else {
        return;
    };
    let office = app.staff_member("office@example.com", "office").await;
    let id = contact(&app, "Scholarships", "Which scholarships are there?").await;
    let failed = eventually(MAIL_WAIT, || async {
        let body = app.staff_get("/api/staff/summary", &office).await;
        (body["failedMail"] == 1).then_some(())
    })
    .await;
    assert!(
        failed.is_some(),
        "the mail fails for good after two attempts"
    );
    let list = app
        .staff_get("/api/staff/messages?mail=failed", &office)
        .await;
    let mail = &list["messages"][0]["mail"];
    assert_eq!(
        (
            list["total"].as_i64(),
            mail["state"].as_str(),
            mail["attempts"].as_i64()
        ),
        (Some(1), Some("failed"), Some(2))
    );
    assert!(
        mail["lastError"]
            .as_str()
            .unwrap_or_default()
            .contains("SMTP"),
        "{mail}"
    );

    let smtp = SmtpServer::start_on(open_port());
    let resent = app
        .staff_post(
            &format!("/api/staff/messages/{id}/resend"),
            &office,
            json!({}),
        )
        .await;
    assert_eq!(resent["message"]["mail"]["state"], "queued");
    let arrived = smtp
        .wait_for_subject("Website contact: Scholarships", MAIL_WAIT)
        .await;
    let message_id = arrived.header("Message-ID").expect("a Message-ID");
    assert!(message_id.ends_with("@college.test>"), "{message_id}");
    let summary = eventually(MAIL_WAIT, || async {
        let body = app.staff_get("/api/staff/summary", &office).await;
        (body["failedMail"] == 0).then_some(body)
    })
    .await;
    assert!(summary.is_some(), "no failed mail is left");
    assert_eq!(
        app.staff_refusal(
            &format!("/api/staff/messages/{id}/resend"),
            &office,
            json!({})
        )
        .await,
        (StatusCode::CONFLICT, "not-failed".to_owned())
    );
    let copies = smtp
        .received()
        .iter()
        .filter(|mail| mail.header("Message-ID").as_deref() == Some(message_id.as_str()))
        .count();
    assert_eq!(copies, 1, "sent once");
}

async fn an_admin_changes_roles_only_after_the_identity_check(backend: Backend) {
    let Some(app) = app(backend, None).await else {
        return;
    };
    let admin = app.staff_member("admin@example.com", "admin").await;
    let admin_id = uid(&app, &admin).await;
    let other = app.signed_in("ravi@example.com").await;
    let other_id = uid(&app, &other).await;
    let roles = |id: &str| format!("/api/staff/people/{id}/roles");

    assert_eq!(
        app.staff_refusal(
            &roles(&other_id),
            &admin,
            json!({"role": "office", "grant": true})
        )
        .await,
        (StatusCode::FORBIDDEN, "confirm-identity".to_owned())
    );
    assert_eq!(
        app.staff_refusal(
            "/api/staff/confirm",
            &admin,
            json!({"password": "wrong-password-1"})
        )
        .await,
        (StatusCode::FORBIDDEN, "wrong-password".to_owned())
    );
    app.confirm_identity(&admin).await;
    let granted = app
        .staff_post(
            &roles(&other_id),
            &admin,
            json!({"role": "office", "grant": true}),
        )
        .await;
    assert_eq!(granted["person"]["roles"], json!(["office"]));
    assert_eq!(granted["person"]["secondFactor"], false);
    // The grant ended the session the password alone opened; signed in again, the new office
    // member is in once they have set up two-step sign-in, not before.
    let (status, _) = app
        .staff_call(Method::GET, "/api/account", Some(&other), Value::Null)
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let other = app.signed_in_again("ravi@example.com").await;
    let (status, refused) = app
        .staff_call(Method::GET, "/api/staff/summary", Some(&other), Value::Null)
        .await;
    assert_eq!(
        (status, &refused["error"]["code"]),
        (StatusCode::FORBIDDEN, &json!("second-factor-required"))
    );
    app.set_up_second_factor(&other).await;
    let summary = app.staff_get("/api/staff/summary", &other).await;
    assert_eq!(summary["roles"], json!(["office"]));

    assert_eq!(
        app.staff_refusal(
            &roles(&admin_id),
            &admin,
            json!({"role": "admin", "grant": false})
        )
        .await,
        (StatusCode::CONFLICT, "last-admin".to_owned())
    );
    let (status, _) = app
        .staff_call(
            Method::POST,
            &roles(&other_id),
            Some(&admin),
            json!({"role": "principal", "grant": true}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    app.staff_post(
        &roles(&other_id),
        &admin,
        json!({"role": "admin", "grant": true}),
    )
    .await;
    let dropped = app
        .staff_post(
            &roles(&admin_id),
            &admin,
            json!({"role": "admin", "grant": false}),
        )
        .await;
    assert_eq!(
        dropped["person"]["roles"],
        json!([]),
        "with another admin, one may step down"
    );
    let (status, _) = app
        .staff_call(Method::GET, "/api/staff/people", Some(&admin), Value::Null)
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "and is no admin from the next request"
    );

    // The check lasts ten minutes.
    app.execute_sql("UPDATE sessions SET identity_confirmed_at = identity_confirmed_at - 600001")
        .await;
    let (status, _) = app
        .staff_call(
            Method::POST,
            &roles(&admin_id),
            Some(&other),
            json!({"role": "teacher", "grant": true}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

async fn a_disabled_account_cannot_sign_in_until_enabled(backend: Backend) {
    let Some(app) = app(backend, None).await else {
        return;
    };
    let admin = app.staff_member("admin@example.com", "admin").await;
    let admin_id = uid(&app, &admin).await;
    let student = app.signed_in("student@example.com").await;
    let student_id = uid(&app, &student).await;
    let person = |rest: &str| format!("/api/staff/people/{student_id}{rest}");

    assert_eq!(
        app.staff_refusal(&person("/disable"), &admin, json!({}))
            .await,
        (StatusCode::FORBIDDEN, "confirm-identity".to_owned())
    );
    app.confirm_identity(&admin).await;
    let disabled = app.staff_post(&person("/disable"), &admin, json!({})).await;
    assert_eq!(disabled["person"]["disabled"], true);
    let (status, _) = app
        .staff_call(Method::GET, "/api/account", Some(&student), Value::Null)
        .await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "its session ended at once"
    );

    let (status, code, message) = error_of(app.login("student@example.com", PASSWORD).await).await;
    assert_eq!(
        (status, code.as_str(), message.as_str()),
        (
            StatusCode::FORBIDDEN,
            "account-disabled",
            "This account is disabled. Contact the college office."
        )
    );
    let (status, code, _) =
        error_of(app.login("student@example.com", "not-the-password").await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::UNAUTHORIZED, "invalid-credential"),
        "a wrong password learns nothing"
    );

    assert_eq!(
        app.staff_refusal(
            &format!("/api/staff/people/{admin_id}/disable"),
            &admin,
            json!({})
        )
        .await,
        (StatusCode::CONFLICT, "self".to_owned())
    );

    app.staff_post(&person("/enable"), &admin, json!({})).await;
    assert_eq!(
        app.login("student@example.com", PASSWORD).await.status(),
        StatusCode::OK
    );

    let second = app.another_session("student@example.com", PASSWORD).await;
    let ended = app
        .staff_post(&person("/sign-out"), &admin, json!({}))
        .await;
    assert_eq!(ended["sessionsEnded"], 2);
    let (status, _) = app
        .staff_call(Method::GET, "/api/account", Some(&second), Value::Null)
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

async fn the_audit_log_records_the_site_and_the_command_line(backend: Backend) {
    let Some(app) = app(backend, None).await else {
        return;
    };
    let admin = app.staff_member("admin@example.com", "admin").await;
    let student = app.signed_in("student@example.com").await;
    let student_id = uid(&app, &student).await;
    app.confirm_identity(&admin).await;
    app.staff_post(
        &format!("/api/staff/people/{student_id}/roles"),
        &admin,
        json!({"role": "teacher", "grant": true}),
    )
    .await;
    app.roles_command(RolesAction::Revoke {
        email: "student@example.com".into(),
        role: "teacher".into(),
    })
    .await;

    let log = app.staff_get("/api/staff/audit", &admin).await;
    let entries = log["entries"].as_array().expect("entries");
    let summary: Vec<(&str, &str, &str)> = entries
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap_or(""),
                e["actor"].as_str().unwrap_or(""),
                e["target"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (
                "role-revoked",
                "command line",
                "teacher for student@example.com"
            ),
            (
                "role-granted",
                "Asha Rao <admin@example.com>",
                "teacher for student@example.com"
            ),
            (
                "role-granted",
                "command line",
                "admin for admin@example.com"
            ),
            (
                "second-factor-on",
                "Asha Rao <admin@example.com>",
                "two-step sign-in turned on for admin@example.com"
            ),
        ]
    );
    assert_eq!(entries[1]["ip"], "127.0.0.1");
    let by_person = app
        .staff_get("/api/staff/audit?actor=STUDENT@example.com", &admin)
        .await;
    assert_eq!(by_person["total"], 2);
    let by_action = app
        .staff_get("/api/staff/audit?action=role-revoked", &admin)
        .await;
    assert_eq!(by_action["total"], 1);
    assert!(
        log["actions"]
            .as_array()
            .expect("actions")
            .contains(&json!("mail-resent"))
    );
}

async fn mail_health_shows_the_queue_and_sends_a_test_mail(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = app(backend, Some(smtp.url())).await else {
        return;
    };
    let admin = app.staff_member("admin@example.com", "admin").await;
    contact(&app, "Library", "Is the library open on Sundays?").await;
    smtp.wait_for_subject("Website contact: Library", MAIL_WAIT)
        .await;
    let health = eventually(MAIL_WAIT, || async {
        let body = app.staff_get("/api/staff/mail-health", &admin).await;
        (body["sentToday"].as_i64() >= Some(1) && body["waiting"] == 0).then_some(body)
    })
    .await
    .expect("the sent mail is counted");
    assert_eq!(
        (health["mailer"].as_str(), health["waiting"].as_i64()),
        (Some("SMTP"), Some(0))
    );

    let test = app
        .staff_post("/api/staff/mail-health/test", &admin, json!({}))
        .await;
    assert_eq!(test, json!({ "sent": true, "to": "admin@example.com" }));
    let mail = smtp
        .wait_for_subject("Test mail from the college website", MAIL_WAIT)
        .await;
    assert_eq!(mail.envelope_to, ["admin@example.com"]);

    // With the mail server gone, the test says why.
    let (down, _) = closed_port();
    let Some(broken) = TestApp::spawn(backend, move |c| {
        c.smtp_url = Some(format!("smtp://{down}").into());
        c.limits.auth_per_minute = 1_000;
    })
    .await
    else {
        return;
    };
    let admin = broken.staff_member("admin@example.com", "admin").await;
    let test = broken
        .staff_post("/api/staff/mail-health/test", &admin, json!({}))
        .await;
    assert_eq!(test["sent"], false);
    assert!(
        test["error"].as_str().unwrap_or_default().contains("SMTP"),
        "{test}"
    );
    for _ in 0..3 {
        broken
            .staff_call(
                Method::POST,
                "/api/staff/mail-health/test",
                Some(&admin),
                json!({}),
            )
            .await;
    }
    assert_eq!(
        broken
            .staff_refusal("/api/staff/mail-health/test", &admin, json!({}))
            .await,
        (
            StatusCode::TOO_MANY_REQUESTS,
            "too-many-test-mails".to_owned()
        )
    );
}
