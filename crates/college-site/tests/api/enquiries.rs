//! Admission enquiries end to end, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set),
//! with a real SMTP server: a visitor's enquiry from a course's page is stored, mailed to the
//! college and confirmed; the office finds it in the inbox under its course, calls again on a
//! day, keeps notes and exports the list as CSV, each change in the audit log; odd posts get the
//! page again with every problem named (never a 5xx). Roles and the forms' allowance are in
//! enquiry_access.rs.

use std::time::Duration;

use crate::common::{Backend, TestApp, require_built_web_app, smtp::SmtpServer};
use college_site::{dates, store::now_millis};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

crate::on_both_backends!(
    a_phone_only_enquiry_is_stored_mailed_and_worked_by_the_office,
    odd_enquiries_get_the_page_again_with_each_problem_named,
);

const MAIL_WAIT: Duration = Duration::from_secs(15);

pub async fn app(backend: Backend, smtp_url: Option<String>) -> Option<TestApp> {
    TestApp::spawn(backend, move |c| {
        c.limits.auth_per_minute = 1_000;
        c.limits.contact_per_minute = 1_000;
        c.smtp_url = smtp_url.map(Into::into);
    })
    .await
}

pub fn enquiry() -> Vec<(&'static str, &'static str)> {
    vec![
        ("name", "Meera Shah"),
        ("phone", "098765 43210"),
        ("email", ""),
        ("currentStudy", "12th Commerce"),
        ("callTime", "evening"),
        ("message", "Is there a hostel for girls?"),
        ("consent", "yes"),
        ("website", ""),
    ]
}

/// Posts the enquiry form of course `slug` as a browser on the site's own page does.
pub async fn post_enquiry(app: &TestApp, slug: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/courses/{slug}/enquiry")))
        .header("origin", &app.base)
        .form(fields)
        .send()
        .await
        .expect("sent")
}

async fn a_phone_only_enquiry_is_stored_mailed_and_worked_by_the_office(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = app(backend, Some(smtp.url())).await else {
        return;
    };
    require_built_web_app();
    let response = post_enquiry(&app, "bca", &enquiry()).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()["location"], "/courses/bca/enquiry-sent");
    let sent = app
        .client
        .get(app.url("/courses/bca/enquiry-sent"))
        .send()
        .await
        .expect("sent page");
    assert_eq!(sent.status(), StatusCode::OK);
    let sent = sent.text().await.expect("body");
    assert!(
        sent.contains("Thank you: we have your enquiry about BCA"),
        "{sent}"
    );

    let mails = smtp.wait_for(1, MAIL_WAIT).await;
    assert_eq!(
        mails[0].header("Subject").as_deref(),
        Some("Website enquiry: BCA")
    );
    let body = mails[0].body_text();
    assert!(body.contains("Reach them at: +919876543210"), "{body}");
    assert!(
        body.contains("Best time to call: Evening, 16:00 to 18:00"),
        "{body}"
    );

    let office = app.staff_member("office@example.com", "office").await;
    // A contact message beside it, which the enquiry filter leaves out.
    assert_eq!(
        app.post_contact(&crate::common::valid_form())
            .await
            .status(),
        StatusCode::SEE_OTHER
    );
    let list = app
        .staff_get("/api/staff/messages?kind=enquiry&course=bca", &office)
        .await;
    assert_eq!(list["total"], 1, "{list}");
    let row = &list["messages"][0];
    assert_eq!(row["kind"], "enquiry");
    assert_eq!(row["course"], "bca");
    assert_eq!(row["phone"], "+919876543210");
    assert_eq!(row["email"], "");
    assert_eq!(row["currentStudy"], "12th Commerce");
    assert_eq!(row["subject"], "Enquiry about BCA");
    let id = row["id"].as_i64().expect("id");
    let other = app
        .staff_get("/api/staff/messages?kind=enquiry&course=bcom", &office)
        .await;
    assert_eq!(other["total"], 0);
    let found = app.staff_get("/api/staff/messages?q=98765", &office).await;
    assert_eq!(found["total"], 1, "the phone is searched");

    // An enquiry has states of its own; a follow-up needs a day, today or later.
    let status = |body: Value| {
        let app = &app;
        let office = &office;
        async move {
            app.staff_call(
                Method::POST,
                &format!("/api/staff/messages/{id}/status"),
                Some(office),
                body,
            )
            .await
        }
    };
    let (code, refused) = status(json!({ "status": "answered" })).await;
    assert_eq!(code, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(refused["error"]["field"], "status");
    let yesterday = dates::college_iso_day(now_millis() - 86_400_000);
    let (code, refused) = status(json!({ "status": "follow-up", "followUpOn": yesterday })).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["error"]["field"], "followUpOn");
    let today = dates::college_iso_day(now_millis());
    let (code, set) = status(json!({ "status": "follow-up", "followUpOn": today })).await;
    assert_eq!(code, StatusCode::OK, "{set}");
    assert_eq!(set["message"]["status"], "follow-up");
    assert_eq!(set["message"]["followUpOn"], today.as_str());
    let due = app
        .staff_get("/api/staff/messages?due=today", &office)
        .await;
    assert_eq!(due["total"], 1, "due today: {due}");
    let summary = app.staff_get("/api/staff/summary", &office).await;
    assert_eq!(summary["dueCalls"], 1);

    let noted = app
        .staff_post(
            &format!("/api/staff/messages/{id}/notes"),
            &office,
            json!({ "text": "Called at 5; asked us to ring back after the results." }),
        )
        .await;
    let notes = noted["message"]["notes"].as_array().expect("notes");
    assert_eq!(notes.len(), 1);
    assert_eq!(
        notes[0]["text"],
        "Called at 5; asked us to ring back after the results."
    );
    assert!(
        notes[0]["author"]
            .as_str()
            .is_some_and(|author| author.contains("office@example.com")),
        "{noted}"
    );
    let (code, set) = status(json!({ "status": "enrolled" })).await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(
        set["message"]["followUpOn"],
        Value::Null,
        "only a follow-up has a day"
    );
    let open = app
        .staff_get("/api/staff/messages?kind=enquiry", &office)
        .await;
    assert_eq!(
        open["total"], 0,
        "an enrolled student's enquiry is done with"
    );

    let csv = app
        .get_signed_in("/api/staff/messages.csv?kind=enquiry&status=all", &office)
        .await;
    assert_eq!(csv.status(), StatusCode::OK);
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    let csv = csv.text().await.expect("csv");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 2, "{csv}");
    assert!(lines[0].starts_with("Received,Kind,Course,Name,Phone,Email"));
    assert!(
        lines[1].contains(",enquiry,bca,Meera Shah,'+919876543210,,12th Commerce,"),
        "{csv}"
    );
    assert!(lines[1].contains(",enrolled,"), "{csv}");

    let audit = app.staff_member("admin@example.com", "admin").await;
    let log = app.staff_get("/api/staff/audit", &audit).await;
    let actions: Vec<&str> = log["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|entry| entry["action"].as_str())
        .collect();
    assert!(actions.contains(&"message-note-added"), "{actions:?}");
    assert_eq!(
        actions
            .iter()
            .filter(|action| **action == "message-status-changed")
            .count(),
        2,
        "{actions:?}"
    );
}

async fn odd_enquiries_get_the_page_again_with_each_problem_named(backend: Backend) {
    let Some(app) = app(backend, None).await else {
        return;
    };
    require_built_web_app();
    let mut odd = enquiry();
    for field in odd.iter_mut() {
        match field.0 {
            "phone" | "email" | "consent" => field.1 = "",
            "name" => field.1 = "Meera <b>Shah</b>",
            _ => {}
        }
    }
    let response = post_enquiry(&app, "bca", &odd).await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let page = response.text().await.expect("page");
    assert!(
        page.contains("<title>Error: Bachelor of Computer Applications | "),
        "{page}"
    );
    assert!(page.contains("There is a problem"));
    assert!(
        page.contains(
            r##"<a href="#enquiry-phone">Phone: give a phone number or an email address"##
        ),
        "{page}"
    );
    assert!(page.contains(r##"<a href="#enquiry-consent">Consent: tick the box"##));
    assert!(
        page.contains(r#"value="Meera &lt;b&gt;Shah&lt;/b&gt;""#),
        "kept, escaped"
    );
    assert!(
        page.contains("Is there a hostel for girls?"),
        "the question is kept"
    );

    let long = "x".repeat(3_000);
    let mut too_long = enquiry();
    too_long.retain(|(key, _)| *key != "message");
    too_long.push(("message", long.as_str()));
    let answer = post_enquiry(&app, "bca", &too_long).await;
    assert_eq!(answer.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        answer
            .text()
            .await
            .expect("page")
            .contains("keep it under 2,000 characters")
    );
    let huge = "x".repeat(1_000_000);
    too_long.push(("message", huge.as_str()));
    assert_eq!(
        post_enquiry(&app, "bca", &too_long).await.status(),
        StatusCode::PAYLOAD_TOO_LARGE,
        "over the site's limit of a request"
    );
    assert_eq!(
        post_enquiry(&app, "mca", &enquiry()).await.status(),
        StatusCode::NOT_FOUND
    );
    let mut bot = enquiry();
    bot.retain(|(key, _)| *key != "website");
    bot.push(("website", "https://spam.example"));
    assert_eq!(
        post_enquiry(&app, "bca", &bot).await.status(),
        StatusCode::SEE_OTHER
    );
    let cross_site = app
        .client
        .post(app.url("/courses/bca/enquiry"))
        .header("origin", "https://elsewhere.example")
        .form(&enquiry())
        .send()
        .await
        .expect("sent");
    assert_eq!(cross_site.status(), StatusCode::FORBIDDEN);
    let garbage = app
        .client
        .post(app.url("/courses/bca/enquiry"))
        .header("origin", &app.base)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("name=%ZZ&phone=\u{0}")
        .send()
        .await
        .expect("sent");
    assert!(garbage.status().is_client_error(), "{}", garbage.status());
    assert!(
        app.store
            .contact_messages(10)
            .await
            .expect("messages")
            .is_empty(),
        "nothing odd was stored"
    );
}
