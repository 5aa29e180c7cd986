//! Prints what the faculty and staff directory costs with a college's twenty years of staff:
//! 2,000 people, 300 of them current in 12 departments (each with a qualification, a subject
//! and two appointments) and 1,700 who have left. For SQLite, and for PostgreSQL when
//! TEST_DATABASE_URL names a server (a throwaway database is made beside it), the median over
//! loopback of:
//! - the editors' list of all 2,000 (`GET /api/content/people`) and the NIRF/NAAC faculty list
//!   as CSV (`GET /api/content/people.csv`);
//! - `/people` as visitors get it (a kept page), its size (HTML, gzip and brotli), and a search
//!   by words (rendered for its visitor, never kept);
//! - requests per second for `/people` and for `/react` (a page as built), 32 at a time for 3
//!   s each, and the first as a share of the second.
//!
//! Run it with `make bench` (after `make build`: the page's shell comes from the built app).
//! Figures depend on the machine and its load; compare them with each other, within one run.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use college_site::{
    app::RunningServer,
    config::Config,
    store::{Author, ContentKind, NewItem, RevisionText, Version, now_millis},
};

mod bench_support;
use bench_support::{drop_postgres_database, fresh_postgres_database, ms, signed_in_editor};

const CURRENT: usize = 300;
const FORMER: usize = 1_700;
const DEPARTMENTS: [&str; 12] = [
    "Commerce",
    "Management",
    "Computer Applications",
    "Languages",
    "Economics",
    "Mathematics",
    "Statistics",
    "Physical Education",
    "Administration",
    "Library",
    "Accounts",
    "Examinations",
];
const TIMED_READS: usize = 21;
const PASSWORD: &str = "bench-password-2024";
/// Requests in flight at once, and for how long, when counting requests per second.
const CONCURRENCY: usize = 32;
const THROUGHPUT_FOR: Duration = Duration::from_secs(3);

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    println!(
        "{} people: {CURRENT} current in {} departments, {FORMER} former",
        CURRENT + FORMER,
        DEPARTMENTS.len()
    );
    let dir = tempfile::tempdir()?;
    let sqlite = format!("sqlite://{}", dir.path().join("people.db").display());
    bench("SQLite", &sqlite, dir.path()).await?;
    match std::env::var("TEST_DATABASE_URL") {
        Ok(admin_url) => {
            let (url, name) = fresh_postgres_database(&admin_url, "college_people_bench").await?;
            let result = bench("PostgreSQL", &url, dir.path()).await;
            drop_postgres_database(&admin_url, &name).await?;
            result?;
        }
        Err(_) => println!("PostgreSQL: skipped (TEST_DATABASE_URL is not set)"),
    }
    Ok(())
}

/// Person `i`'s fields: current ones spread over the departments, former ones left in 2024.
fn person(i: usize) -> serde_json::Value {
    let department = DEPARTMENTS[i % DEPARTMENTS.len()];
    let joined = 1995 + (i % 25);
    let left = if i < CURRENT { "" } else { "2024-05-31" };
    serde_json::json!({
        "name": format!("Dr Bench Person {i:04}"),
        "staff": if i % 5 == 4 { "Non-teaching" } else { "Teaching" },
        "appointments": format!(
            "Assistant Professor | {department} | Contract | {joined}-07-01 | {}-06-30\nAssociate Professor | {department} | Full-time | {}-07-01",
            joined + 3,
            joined + 3
        ),
        "qualifications": format!("PhD | {department} | Gujarat University | {}\nNET | {department} | UGC | {}", joined - 2, joined - 4),
        "subjects": "Financial accounting, auditing, taxation",
        "bio": "", "photo": "", "email": format!("person{i}@college.example"), "phone": "",
        "showContact": "No, keep them for the office", "leadership": "Not in the leadership",
        "links": "", "position": "", "leftOn": left,
    })
}

async fn seed(server: &RunningServer) -> anyhow::Result<()> {
    let author = Author {
        email: "bench@example.com".into(),
        name: Some("Bench".into()),
    };
    for i in 0..CURRENT + FORMER {
        let fields = person(i);
        let text = RevisionText {
            title: fields["name"].as_str().unwrap_or_default().to_owned(),
            category: "page".into(),
            pinned: false,
            body: fields.to_string(),
        };
        let slug = format!("bench-person-{i:04}");
        let item = NewItem {
            kind: ContentKind::Person,
            language: "en",
            slug: &slug,
            text: &text,
            author: &author,
            now: now_millis(),
        };
        server.store.seed_item(&item, true).await?;
    }
    Ok(())
}

fn median(mut times: Vec<Duration>) -> f64 {
    times.sort();
    ms(times[times.len() / 2])
}

/// The median time of `TIMED_READS` GETs of `path` (after 3 to warm up), and the last body's
/// size as sent for `encoding`.
async fn timed(
    client: &reqwest::Client,
    url: &str,
    cookie: Option<&str>,
    encoding: &str,
) -> anyhow::Result<(f64, usize)> {
    let mut times = Vec::with_capacity(TIMED_READS);
    let mut size = 0;
    for round in 0..TIMED_READS + 3 {
        let mut request = client.get(url).header("accept-encoding", encoding);
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        let started = Instant::now();
        let response = request.send().await?;
        anyhow::ensure!(
            response.status().is_success(),
            "{url}: {}",
            response.status()
        );
        size = response.bytes().await?.len();
        if round >= 3 {
            times.push(started.elapsed());
        }
    }
    Ok((median(times), size))
}

/// Requests per second for `url`, `CONCURRENCY` at a time for `THROUGHPUT_FOR`.
async fn requests_per_second(client: &reqwest::Client, url: &str) -> anyhow::Result<f64> {
    let done = Arc::new(AtomicU64::new(0));
    let until = Instant::now() + THROUGHPUT_FOR;
    let mut tasks = Vec::new();
    for _ in 0..CONCURRENCY {
        let (client, url, done) = (client.clone(), url.to_owned(), done.clone());
        tasks.push(tokio::spawn(async move {
            while Instant::now() < until {
                let response = client
                    .get(&url)
                    .header("accept-encoding", "br, gzip")
                    .send()
                    .await?;
                response.bytes().await?;
                done.fetch_add(1, Ordering::Relaxed);
            }
            anyhow::Ok(())
        }));
    }
    for task in tasks {
        task.await??;
    }
    Ok(done.load(Ordering::Relaxed) as f64 / THROUGHPUT_FOR.as_secs_f64())
}

async fn bench(backend: &str, database_url: &str, dir: &std::path::Path) -> anyhow::Result<()> {
    let config = Config::for_tests(database_url.to_owned(), dir.join(backend));
    let server = RunningServer::start(config).await?;
    let base = format!("http://{}", server.addr);
    let client = reqwest::Client::builder().no_gzip().no_brotli().build()?;
    let cookie = signed_in_editor(&server, &client, &base, PASSWORD).await?;
    let seeding = Instant::now();
    seed(&server).await?;
    println!(
        "{backend}: seeded in {:.1} s",
        seeding.elapsed().as_secs_f64()
    );

    let mut reads = Vec::with_capacity(TIMED_READS);
    for _ in 0..TIMED_READS {
        let started = Instant::now();
        let rows = server
            .store
            .items_with_bodies(ContentKind::Person, "en", Version::Head, 5_000)
            .await?;
        reads.push(started.elapsed());
        anyhow::ensure!(rows.len() == CURRENT + FORMER, "every person read");
    }
    println!(
        "{backend}: the store's read of all 2,000 with their newest fields {:.1} ms median",
        median(reads)
    );
    let url = |path: &str| format!("{base}{path}");
    let (list, list_bytes) = timed(
        &client,
        &url("/api/content/people"),
        Some(&cookie),
        "identity",
    )
    .await?;
    println!("{backend}: editors' list of all 2,000: {list:.1} ms median, {list_bytes} bytes");
    let (csv, csv_bytes) = timed(
        &client,
        &url("/api/content/people.csv?on=2024-01-15"),
        Some(&cookie),
        "identity",
    )
    .await?;
    println!("{backend}: faculty list CSV for 2023-24: {csv:.1} ms median, {csv_bytes} bytes");
    let (kept, html) = timed(&client, &url("/people"), None, "identity").await?;
    let (_, gzip) = timed(&client, &url("/people"), None, "gzip").await?;
    let (_, brotli) = timed(&client, &url("/people"), None, "br").await?;
    println!(
        "{backend}: /people (kept) {kept:.1} ms median; {:.1} KB of HTML, {:.1} KB gzip, {:.1} KB brotli",
        html as f64 / 1024.0,
        gzip as f64 / 1024.0,
        brotli as f64 / 1024.0
    );
    let (search, _) = timed(&client, &url("/people?q=bench+person+02"), None, "br").await?;
    println!("{backend}: a search by words (rendered each time) {search:.1} ms median");

    let people = requests_per_second(&client, &url("/people")).await?;
    let built = requests_per_second(&client, &url("/react")).await?;
    println!(
        "{backend}: /people {people:.0} requests/s, /react (a page as built) {built:.0} requests/s: {:.2} of it",
        people / built
    );
    server.stop().await
}
