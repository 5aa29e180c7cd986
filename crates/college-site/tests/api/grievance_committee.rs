//! The grievance committee's side, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is
//! set), with a real SMTP server: a member finds a new grievance in the queue, opens it (the
//! audit log records who read it, and not a word of it), refers it, keeps a note the student
//! never sees, writes to the student, sets the hearing and records the decision (the student is
//! mailed each time and reads it on their page); the student adds to it and records an appeal;
//! the committee closes it. Only the committee can call its API; an admin sees the number of
//! overdue grievances and nothing more.

use crate::common::{Backend, require_built_web_app, smtp::SmtpServer};
use crate::grievances::{
    BOUNDS, MAIL_WAIT, app, file, filing, page, verified_student, verify, year,
};
use college_site::dates::{college_date, college_iso_day, college_midnight};
use college_site::store::{DailyAllowance, NewGrievance, now_millis};
use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};

crate::on_both_backends!(
    the_committee_hears_and_decides_and_the_student_appeals,
    the_committee_is_reminded_once_before_a_due_day_and_once_after,
    an_editor_keeps_the_holidays_the_clock_skips,
    only_the_committee_calls_its_api_and_an_admin_sees_only_the_overdue_count,
);

async fn the_committee_hears_and_decides_and_the_student_appeals(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = app(backend, Some(smtp.url())).await else {
        return;
    };
    require_built_web_app();
    let member = app
        .staff_member("sgrc@example.com", "grievance-committee")
        .await;
    let admin = app.staff_member("admin@example.com", "admin").await;
    let student = verified_student(&app, "asha@example.com").await;
    assert_eq!(
        file(&app, &student, &filing()).await.status(),
        StatusCode::SEE_OTHER
    );
    let number = format!("GRV-{}-0001", year());
    let call = |method: Method, path: String, body: Value| {
        let (app, member) = (&app, &member);
        async move { app.staff_call(method, &path, Some(member), body).await }
    };

    let (status, queue) = call(
        Method::GET,
        "/api/grievances?status=open".into(),
        Value::Null,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(queue["total"], 1);
    let listed = &queue["grievances"][0];
    assert_eq!(listed["number"], number.as_str());
    assert_eq!(listed["statusWords"], "Received");
    assert!(
        listed["next"]
            .as_str()
            .expect("text")
            .starts_with("Refer to the committee by")
    );
    assert_eq!(listed["overdue"], false);
    let (_, overdue) = call(
        Method::GET,
        "/api/grievances?due=overdue".into(),
        Value::Null,
    )
    .await;
    assert_eq!(overdue["total"], 0);

    let path = format!("/api/grievances/{number}");
    let (status, opened) = call(Method::GET, path.clone(), Value::Null).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        opened["grievance"]["happened"]
            .as_str()
            .expect("text")
            .contains("second instalment")
    );
    assert_eq!(opened["grievance"]["studentEmail"], "asha@example.com");
    // The audit log says who read it and when, without a word of it.
    let (_, audit) = app
        .staff_call(
            Method::GET,
            "/api/staff/audit?action=grievance-viewed",
            Some(&admin),
            Value::Null,
        )
        .await;
    let entries = audit["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 1, "{audit}");
    assert_eq!(entries[0]["target"], number.as_str());
    assert!(!audit.to_string().contains("instalment"));

    let act = |action: &str, body: Value| call(Method::POST, format!("{path}/{action}"), body);
    let (status, referred) = act("refer", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{referred}");
    assert_eq!(referred["grievance"]["status"], "referred");
    let (status, _) = act(
        "note",
        json!({ "text": "Check both receipts with accounts." }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = act(
        "message",
        json!({ "text": "Please bring both receipts to the hearing." }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let tomorrow = college_iso_day(now_millis() + 86_400_000);
    let (status, refused) = act(
        "hearing",
        json!({ "day": "2020-01-01", "time": "11:00", "place": "Room 12" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused["error"]["field"], "day");
    let (status, refused) = act("note", json!({ "text": "  " })).await;
    assert_eq!(
        (status, refused["error"]["field"].clone()),
        (StatusCode::UNPROCESSABLE_ENTITY, json!("text"))
    );
    let (status, _) = act("shred", json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, heard) = act(
        "hearing",
        json!({ "day": tomorrow, "time": "11:30", "place": "Room 12, first floor" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{heard}");
    let hearing_mail = crate::common::eventually(MAIL_WAIT, || async {
        smtp.received()
            .into_iter()
            .find(|mail| mail.body_text().contains("set the hearing"))
    })
    .await
    .expect("the hearing mailed");
    assert!(hearing_mail.body_text().contains(&format!(
        "The hearing: {tomorrow} 11:30, Room 12, first floor."
    )));

    // The student reads the message and the hearing, never the note, and adds to it.
    let student_page = format!("/grievances/{number}");
    let (_, shown) = page(&app, &student_page, Some(&student)).await;
    assert!(
        shown.contains("Please bring both receipts to the hearing.")
            && shown.contains("Room 12, first floor")
    );
    assert!(!shown.contains("Check both receipts with accounts."));
    let replied = app
        .client
        .post(app.url(&format!("{student_page}/reply")))
        .header("origin", &app.base)
        .header(header::COOKIE, &student)
        .form(&[("text", "I will bring both receipts.")])
        .send()
        .await
        .expect("sent");
    assert_eq!(replied.status(), StatusCode::SEE_OTHER);
    let (_, opened) = call(Method::GET, path.clone(), Value::Null).await;
    let kinds: Vec<&str> = opened["grievance"]["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|entry| entry["kind"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        kinds,
        ["status", "status", "note", "committee", "status", "student"]
    );

    // The disclosure names the university's ombudsperson: the decided page says whom to appeal to.
    let editor = app.staff_member("editor@example.com", "editor").await;
    let ombudsperson =
        "Prof. R. K. Mehta, The Maharaja Sayajirao University, ombudsperson@msu.example";
    let (status, saved) = crate::disclosure::save(
        &app,
        &editor,
        "grievance-redressal",
        &[
            ("text", "The committee hears students' grievances."),
            ("members", "Dr Meera Shah | Chairperson"),
            ("ombudsperson", ombudsperson),
            ("email", "sgrc@college.example"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    app.staff_post(
        "/api/content/disclosure/grievance-redressal/publish",
        &editor,
        json!({ "revision": saved["page"]["head"].clone() }),
    )
    .await;
    let (status, decided) = act(
        "decision",
        json!({ "text": "The second payment is refunded within 10 days." }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{decided}");
    assert_eq!(decided["grievance"]["status"], "decided");
    let (_, shown) = page(&app, &student_page, Some(&student)).await;
    assert!(
        shown.contains("The second payment is refunded within 10 days.")
            && shown.contains("Record my appeal")
            && shown.contains("The ombudsperson: <strong>Prof. R. K. Mehta, The Maharaja Sayajirao University, ombudsperson@msu.example</strong>"),
        "{shown}"
    );
    smtp.wait_for_subject(&format!("Your grievance {number}"), MAIL_WAIT)
        .await;
    let today = college_iso_day(now_millis());
    let appealed = app
        .client
        .post(app.url(&format!("{student_page}/appeal")))
        .header("origin", &app.base)
        .header(header::COOKIE, &student)
        .form(&[("appealedOn", today.as_str())])
        .send()
        .await
        .expect("sent");
    assert_eq!(appealed.status(), StatusCode::SEE_OTHER);
    let (_, shown) = page(&app, &format!("{student_page}?appealed"), Some(&student)).await;
    assert!(shown.contains("Your appeal is recorded."));
    // The disclosure counts it, and says nothing of it.
    let disclosure = app
        .client
        .get(app.url("/disclosure"))
        .send()
        .await
        .expect("sent")
        .text()
        .await
        .expect("page");
    let starts = match college_date(now_millis()) {
        (year, month, _) if month >= 7 => year,
        (year, _, _) => year - 1,
    };
    let row = format!(
        r#"<tr><th scope="row">{starts}-{:02}</th><td>1</td><td>1</td><td>1</td><td>0</td><td>1</td></tr>"#,
        (starts + 1) % 100
    );
    assert!(disclosure.contains(&row), "{disclosure}");
    assert!(!disclosure.contains("instalment") && !disclosure.contains("Asha"));
    let (status, closed) = act("close", json!({})).await;
    assert_eq!(
        (status, closed["grievance"]["status"].clone()),
        (StatusCode::OK, json!("closed"))
    );
    // A change the grievance has moved past is refused, and says so.
    let (status, late) = act("refer", json!({})).await;
    assert_eq!(
        (status, late["error"]["code"].clone()),
        (StatusCode::CONFLICT, json!("grievance-moved-on"))
    );
    let (_, audit) = app
        .staff_call(
            Method::GET,
            "/api/staff/audit?action=grievance-changed",
            Some(&admin),
            Value::Null,
        )
        .await;
    assert_eq!(
        audit["entries"].as_array().expect("entries").len(),
        6,
        "{audit}"
    );
}

async fn only_the_committee_calls_its_api_and_an_admin_sees_only_the_overdue_count(
    backend: Backend,
) {
    let Some(app) = app(backend, None).await else {
        return;
    };
    require_built_web_app();
    let roles = app.every_role().await;
    let student = verified_student(&app, "asha@example.com").await;
    assert_eq!(
        file(&app, &student, &filing()).await.status(),
        StatusCode::SEE_OTHER
    );
    let number = format!("GRV-{}-0001", year());
    app.assert_only_role_passes(
        &roles,
        "grievance-committee",
        "not-on-the-grievance-committee",
        vec![
            (
                Method::GET,
                "/api/grievances".into(),
                Value::Null,
                StatusCode::OK,
            ),
            (
                Method::GET,
                format!("/api/grievances/{number}"),
                Value::Null,
                StatusCode::OK,
            ),
            (
                Method::POST,
                format!("/api/grievances/{number}/note"),
                json!({ "text": "Seen." }),
                StatusCode::OK,
            ),
            (
                Method::POST,
                format!("/api/grievances/{number}/refer"),
                json!({}),
                StatusCode::OK,
            ),
        ],
    )
    .await;

    // One grievance past its day to be referred: the committee sees it flagged; an admin, the count.
    let account = app
        .store
        .account_by_email("asha@example.com")
        .await
        .expect("read")
        .expect("there");
    let long_ago = college_midnight(college_date(now_millis() - 40 * 86_400_000));
    let late = NewGrievance {
        account_id: account.id.clone(),
        student_email: "asha@example.com".into(),
        student_name: "Asha Rao".into(),
        category: "examinations".into(),
        happened: "My marks were entered wrongly.".into(),
        asked_for: "A correction.".into(),
        share_name: true,
        received_at: long_ago,
        refer_by: long_ago + 15 * 86_400_000,
        report_by: long_ago + 30 * 86_400_000,
        year: year(),
        client_ip: "192.0.2.1".into(),
        files: Vec::new(),
    };
    let allowance = DailyAllowance {
        per_account: 10,
        per_address: 10,
        day_start: 0,
    };
    app.store
        .file_grievance(&late, 5, allowance, BOUNDS, &|_: &str| Vec::new())
        .await
        .expect("stored");
    let (_, overdue) = app
        .staff_call(
            Method::GET,
            "/api/grievances?due=overdue",
            Some(&roles.grievance_committee),
            Value::Null,
        )
        .await;
    assert_eq!(overdue["total"], 1, "{overdue}");
    assert_eq!(overdue["grievances"][0]["overdue"], true);
    for (who, cookie, count) in [
        ("an admin", &roles.admin, 1),
        ("the committee", &roles.grievance_committee, 1),
        ("an editor", &roles.editor, 0),
        ("the office", &roles.office, 0),
    ] {
        let (status, summary) = app
            .staff_call(Method::GET, "/api/staff/summary", Some(cookie), Value::Null)
            .await;
        assert_eq!(status, StatusCode::OK, "{who}");
        assert_eq!(summary["overdueGrievances"], count, "{who}: {summary}");
        assert!(!summary.to_string().contains("marks"), "{who}");
    }
    verify(&app, "admin@example.com").await;
    let (status, _) = page(&app, &format!("/grievances/{number}"), Some(&roles.admin)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn the_committee_is_reminded_once_before_a_due_day_and_once_after(backend: Backend) {
    let smtp = SmtpServer::start();
    let Some(app) = app(backend, Some(smtp.url())).await else {
        return;
    };
    app.staff_member("sgrc@example.com", "grievance-committee")
        .await;
    app.signed_in("asha@example.com").await;
    let account = app
        .store
        .account_by_email("asha@example.com")
        .await
        .expect("read")
        .expect("there");
    let now = now_millis();
    let day = 86_400_000;
    // Due tomorrow, due yesterday, and due in a month.
    for refer_by in [now + day, now - day, now + 30 * day] {
        let grievance = NewGrievance {
            account_id: account.id.clone(),
            student_email: "asha@example.com".into(),
            student_name: "Asha Rao".into(),
            category: "fees".into(),
            happened: "The fee was charged twice.".into(),
            asked_for: "A refund.".into(),
            share_name: false,
            received_at: now - 14 * day,
            refer_by,
            report_by: refer_by + 20 * day,
            year: year(),
            client_ip: "192.0.2.1".into(),
            files: Vec::new(),
        };
        let allowance = DailyAllowance {
            per_account: 10,
            per_address: 10,
            day_start: 0,
        };
        app.store
            .file_grievance(&grievance, 5, allowance, BOUNDS, &|_: &str| Vec::new())
            .await
            .expect("stored");
    }
    let office: lettre::message::Mailbox = "College office <office@example.com>"
        .parse()
        .expect("a mailbox");
    let remind = || college_site::grievances::reminders::remind(&app.store, &office, None, now);
    assert_eq!(remind().await.expect("reminded"), 2);
    // Once per due day, whichever instance looks.
    assert_eq!(remind().await.expect("looked"), 0);
    // Its subject ends with the day: found by how it starts.
    let due_on = format!("Grievance GRV-{}-0001 is due on", year());
    let soon = crate::common::eventually(MAIL_WAIT, || async {
        smtp.received().into_iter().find(|mail| {
            mail.header("subject")
                .is_some_and(|subject| subject.starts_with(&due_on))
        })
    })
    .await
    .expect("reminded before the day");
    assert!(soon.envelope_to.iter().any(|to| to == "sgrc@example.com"));
    assert!(
        soon.body_text().contains("referring it to the committee"),
        "{}",
        soon.body_text()
    );
    let late = smtp
        .wait_for_subject(
            &format!("Grievance GRV-{}-0002 is overdue", year()),
            MAIL_WAIT,
        )
        .await;
    assert!(
        !late.body_text().contains("charged twice"),
        "{}",
        late.body_text()
    );
    assert!(
        !smtp
            .received()
            .iter()
            .any(|mail| mail.header("subject").unwrap_or_default().contains("-0003"))
    );
}

async fn an_editor_keeps_the_holidays_the_clock_skips(backend: Backend) {
    let Some(app) = app(backend, None).await else {
        return;
    };
    let roles = app.every_role().await;
    app.assert_only_role_passes(
        &roles,
        "editor",
        "not-an-editor",
        vec![
            (
                Method::GET,
                "/api/college-holidays".into(),
                Value::Null,
                StatusCode::OK,
            ),
            (
                Method::PUT,
                "/api/college-holidays".into(),
                json!({ "text": "2027-01-26 Republic Day\n2026-11-08 Diwali" }),
                StatusCode::OK,
            ),
        ],
    )
    .await;
    let (_, kept) = app
        .staff_call(
            Method::GET,
            "/api/college-holidays",
            Some(&roles.editor),
            Value::Null,
        )
        .await;
    assert_eq!(kept["text"], "2026-11-08 Diwali\n2027-01-26 Republic Day");
    assert_eq!(
        app.store.college_holidays().await.expect("read"),
        ["2026-11-08", "2027-01-26"]
    );
    let (status, refused) = app
        .staff_call(
            Method::PUT,
            "/api/college-holidays",
            Some(&roles.editor),
            json!({ "text": "2027-01-26 Republic Day\n26 Jan Republic Day" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused["error"]["message"]
            .as_str()
            .expect("words")
            .starts_with("Line 2:")
    );
    // Nothing was lost.
    assert_eq!(app.store.college_holidays().await.expect("read").len(), 2);
}
