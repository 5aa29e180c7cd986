//! Plain SQL on a test database, for what no store method shows or does: a sent mail's text,
//! a session made older, an account deleted under its links.

use sqlx::{Connection, PgConnection, SqliteConnection};

use super::TestApp;

/// Runs `sql` (values written into it by the test) and returns the rows it changed.
pub async fn execute(url: &str, sql: &str) -> u64 {
    if url.starts_with("sqlite:") {
        let mut connection = SqliteConnection::connect(url).await.expect("sqlite");
        sqlx::query(sql)
            .execute(&mut connection)
            .await
            .expect("statement runs")
            .rows_affected()
    } else {
        let mut connection = PgConnection::connect(url).await.expect("postgres");
        sqlx::query(sql)
            .execute(&mut connection)
            .await
            .expect("statement runs")
            .rows_affected()
    }
}

/// The first column, as text, of every row `sql` selects.
pub async fn texts(url: &str, sql: &str) -> Vec<String> {
    let rows: Vec<(String,)> = if url.starts_with("sqlite:") {
        let mut connection = SqliteConnection::connect(url).await.expect("sqlite");
        sqlx::query_as(sql)
            .fetch_all(&mut connection)
            .await
            .expect("rows")
    } else {
        let mut connection = PgConnection::connect(url).await.expect("postgres");
        sqlx::query_as(sql)
            .fetch_all(&mut connection)
            .await
            .expect("rows")
    };
    rows.into_iter().map(|(text,)| text).collect()
}

impl TestApp {
    /// The URL of the database this server runs on.
    pub fn database_url(&self) -> &str {
        &self.database_url
    }
}
