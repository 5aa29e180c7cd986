//! Prints what the notices cost with a year's worth and more: 5,000 notices, 10 revisions each
//! (50,000), seeded with SQL. For SQLite, and for PostgreSQL when TEST_DATABASE_URL names a
//! server (a throwaway database is made beside it), the median over loopback of:
//! - the editors' list (`GET /api/content/notices`, page 1) and a search by title;
//! - `/notices` page 1 as visitors get it (a kept page), and the store's read behind it, which
//!   is what a render after a publish costs;
//! - the site's search (`/search`) for words every notice holds, and for one none holds (its
//!   target: 50 ms);
//! - a publish until `/notices` shows it, on the instance that published and on a second one
//!   sharing the database (which looks for changes once a second).
//!
//! First, what rendering the worst text an editor may save costs: 50,000 characters nested as
//! deep as allowed (`markdown::MAX_NESTING`), and the 49,000 `>` that once took a minute, now
//! refused where it is saved and shown as plain text if stored.
//!
//! Run it with `make bench` (after `make build`: the page's shell comes from the built app).
//! Figures depend on the machine and its load; compare them with each other, within one run.

use std::time::{Duration, Instant};

use college_site::{app::RunningServer, config::Config, store::now_millis};

mod bench_support;
use bench_support::{drop_postgres_database, fresh_postgres_database, ms, signed_in_editor};

const NOTICES: i64 = 5_000;
const REVISIONS_EACH: i64 = 10;
const TIMED_READS: usize = 31;
/// Publishes timed until visitors see them.
const PUBLISHES: usize = 7;
const PASSWORD: &str = "bench-password-2024";
const BODY: &str = "The timetable for the **BCA semester 3** examinations is below.\n\n| Day | Paper | Hall |\n|---|---|---|\n| Monday | Databases | A |\n| Friday | Accounting | B |\n\nBring your hall ticket.";

/// The items, one statement for both databases (`1 = 0` is false in each one's own type).
const SEED_ITEMS: &str =
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1)
    INSERT INTO content_items (kind, language, slug, created_at, head, live, first_published_at,
                               live_since, head_title)
    SELECT 'notice', 'en', 'bench-notice-' || i, 1700000000000 + i * 60000, $2, $2,
           1700000000000 + i * 60000, 1700000000000 + i * 60000,
           'BCA semester 3 exam timetable, batch ' || i
    FROM n";
const SEED_REVISIONS: &str =
    "WITH RECURSIVE k(r) AS (SELECT 1 UNION ALL SELECT r + 1 FROM k WHERE r < $1)
    INSERT INTO content_revisions (item_id, number, created_at, author_email, author_name, title,
                                   category, pinned, body)
    SELECT i.id, k.r, i.created_at + k.r, 'bench@example.com', 'Bench Editor',
           'BCA semester 3 exam timetable, batch ' || i.id,
           CASE WHEN i.id % 3 = 0 THEN 'events' ELSE 'exams' END, 1 = 0, $2
    FROM content_items i, k WHERE i.kind = 'notice'";
const BUMP: &str = "UPDATE content_generation SET generation = generation + 1";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    markdown_worst_cases();
    println!(
        "{NOTICES} published notices, {REVISIONS_EACH} revisions each ({} in all)",
        NOTICES * REVISIONS_EACH
    );
    let dir = tempfile::tempdir()?;
    let sqlite = format!("sqlite://{}", dir.path().join("content.db").display());
    bench("SQLite", &sqlite, dir.path()).await?;
    match std::env::var("TEST_DATABASE_URL") {
        Ok(admin_url) => {
            let (url, name) = fresh_postgres_database(&admin_url, "college_content_bench").await?;
            let result = bench("PostgreSQL", &url, dir.path()).await;
            drop_postgres_database(&admin_url, &name).await?;
            result?;
        }
        Err(_) => println!("PostgreSQL: skipped (TEST_DATABASE_URL is not set)"),
    }
    Ok(())
}

/// Runs the three seeding statements on the database of `url`.
async fn seed(url: &str) -> anyhow::Result<()> {
    if url.starts_with("sqlite:") {
        let pool = sqlx::SqlitePool::connect(url).await?;
        sqlx::query(SEED_ITEMS)
            .bind(NOTICES)
            .bind(REVISIONS_EACH)
            .execute(&pool)
            .await?;
        sqlx::query(SEED_REVISIONS)
            .bind(REVISIONS_EACH)
            .bind(BODY)
            .execute(&pool)
            .await?;
        sqlx::query(BUMP).execute(&pool).await?;
        pool.close().await;
    } else {
        let pool = sqlx::PgPool::connect(url).await?;
        sqlx::query(SEED_ITEMS)
            .bind(NOTICES)
            .bind(REVISIONS_EACH)
            .execute(&pool)
            .await?;
        sqlx::query(SEED_REVISIONS)
            .bind(REVISIONS_EACH)
            .bind(BODY)
            .execute(&pool)
            .await?;
        sqlx::query(BUMP).execute(&pool).await?;
        sqlx::query("ANALYZE").execute(&pool).await?;
        pool.close().await;
    }
    Ok(())
}

/// Render times of the worst texts, median of 5.
fn markdown_worst_cases() {
    use college_site::content::render::markdown::{MAX_NESTING, to_safe_html};
    let line = format!(
        "{} quoted and listed words\n",
        "> - ".repeat(MAX_NESTING / 2)
    );
    let nested: String = line.repeat(50_000 / line.len());
    let quotes = format!("{} the end", ">".repeat(49_000));
    for (what, text) in [
        ("50,000 characters nested 16 deep", &nested),
        ("49,000 '>' (shown as plain text)", &quotes),
    ] {
        let times = (0..5)
            .map(|_| {
                let started = Instant::now();
                std::hint::black_box(to_safe_html(text));
                started.elapsed()
            })
            .collect();
        println!("Markdown, {what}: {:.1} ms to render", median(times));
    }
}

fn median(mut times: Vec<Duration>) -> f64 {
    times.sort();
    ms(times[times.len() / 2])
}

async fn bench(backend: &str, database_url: &str, dir: &std::path::Path) -> anyhow::Result<()> {
    let config = Config::for_tests(database_url.to_owned(), dir.join(backend));
    let server = RunningServer::start(config).await?;
    let base = format!("http://{}", server.addr);
    let client = reqwest::Client::new();
    let cookie = signed_in_editor(&server, &client, &base, PASSWORD).await?;
    let seeding = Instant::now();
    seed(database_url).await?;
    println!(
        "{backend}: seeded in {:.1} s",
        seeding.elapsed().as_secs_f64()
    );
    // The server reads the content's generation at most once a second.
    tokio::time::sleep(Duration::from_millis(1_100)).await;

    for (what, path, signed_in) in [
        (
            "editors' list, page 1",
            "/api/content/notices".to_owned(),
            true,
        ),
        (
            "a search by title",
            "/api/content/notices?q=batch%204242".to_owned(),
            true,
        ),
        ("/notices page 1 (kept)", "/notices".to_owned(), false),
        // Every notice holds these words: the newest ten of 5,000 matches.
        (
            "/search, words in every notice",
            "/search?q=hall+ticket".to_owned(),
            false,
        ),
        // Every notice's text is read to find that none holds it.
        (
            "/search, a word in none",
            "/search?q=zzqx".to_owned(),
            false,
        ),
    ] {
        let mut times = Vec::with_capacity(TIMED_READS);
        for round in 0..TIMED_READS + 3 {
            let mut request = client
                .get(format!("{base}{path}"))
                .header("accept-encoding", "br, gzip");
            if signed_in {
                request = request.header("cookie", &cookie);
            }
            let started = Instant::now();
            let response = request.send().await?;
            anyhow::ensure!(
                response.status().is_success(),
                "{path}: {}",
                response.status()
            );
            response.bytes().await?;
            // The first reads warm the caches.
            if round >= 3 {
                times.push(started.elapsed());
            }
        }
        println!(
            "{backend}: {what} {:.1} ms median ({TIMED_READS} reads)",
            median(times)
        );
    }

    let mut reads = Vec::with_capacity(TIMED_READS);
    for _ in 0..TIMED_READS {
        let started = Instant::now();
        let (notices, total) = server
            .store
            .published_notices("en", None, now_millis(), 0, 20)
            .await?;
        reads.push(started.elapsed());
        anyhow::ensure!(
            notices.len() == 20 && total >= NOTICES,
            "page 1 of every notice"
        );
    }
    println!(
        "{backend}: the store's read for /notices page 1 (a render after a publish) {:.1} ms median",
        median(reads)
    );

    let second = RunningServer::start(Config::for_tests(
        database_url.to_owned(),
        dir.join(backend),
    ))
    .await?;
    let other = format!("http://{}", second.addr);
    let (mut here, mut there) = (Vec::new(), Vec::new());
    for round in 0..PUBLISHES {
        let title = format!("Results declared, round {round}");
        let published = publish(&client, &base, &cookie, &title).await?;
        here.push(until_listed(&client, &base, &title, published).await?);
        there.push(until_listed(&client, &other, &title, published).await?);
    }
    let slowest = |times: &[Duration]| ms(*times.iter().max().expect("a publish was timed"));
    println!(
        "{backend}: a publish until /notices shows it: {:.0} ms median (slowest {:.0}) on its own \
         instance, {:.0} ms median (slowest {:.0}) on a second one ({PUBLISHES} publishes)",
        median(here.clone()),
        slowest(&here),
        median(there.clone()),
        slowest(&there)
    );
    second.stop().await?;
    server.stop().await
}

/// Writes and publishes a notice through the content API; answers when the publish was sent.
async fn publish(
    client: &reqwest::Client,
    base: &str,
    cookie: &str,
    title: &str,
) -> anyhow::Result<Instant> {
    let post = |path: String, body: serde_json::Value| {
        client
            .post(format!("{base}{path}"))
            .header("cookie", cookie)
            .header("origin", base)
            .json(&body)
            .send()
    };
    let created: serde_json::Value = post(
        "/api/content/notices".into(),
        serde_json::json!({"title": title, "body": BODY, "category": "exams"}),
    )
    .await?
    .error_for_status()?
    .json()
    .await?;
    let id = created["notice"]["id"].as_i64().unwrap_or_default();
    let sent = Instant::now();
    post(
        format!("/api/content/notices/{id}/publish"),
        serde_json::json!({"revision": 1}),
    )
    .await?
    .error_for_status()?;
    Ok(sent)
}

/// How long after `since` `/notices` at `base` lists `title` (asked every 10 ms, for 10 s).
async fn until_listed(
    client: &reqwest::Client,
    base: &str,
    title: &str,
    since: Instant,
) -> anyhow::Result<Duration> {
    while since.elapsed() < Duration::from_secs(10) {
        let page = client
            .get(format!("{base}/notices"))
            .send()
            .await?
            .text()
            .await?;
        if page.contains(title) {
            return Ok(since.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    anyhow::bail!("{base}/notices did not show {title:?} within 10 s")
}
