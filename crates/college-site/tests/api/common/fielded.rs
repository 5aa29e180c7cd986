//! The editors' calls on an item edited as fields (a page, a course, an item of the
//! disclosure), by its address: `/api/content/courses/bca`.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::TestApp;

impl TestApp {
    /// The item at `item` as the editor opens it: its fields, schema, head and state.
    pub async fn open_item(&self, editor: &str, item: &str) -> Value {
        let (status, answer) = self
            .staff_call(Method::GET, item, Some(editor), Value::Null)
            .await;
        assert_eq!(status, StatusCode::OK, "{item}: {answer}");
        answer["page"].clone()
    }

    /// Saves the item's fields with `changes` on top of its newest revision: the status and
    /// the answer.
    pub async fn save_item(
        &self,
        editor: &str,
        item: &str,
        changes: &[(&str, &str)],
    ) -> (StatusCode, Value) {
        let opened = self.open_item(editor, item).await;
        let mut fields = opened["fields"].clone();
        for (key, value) in changes {
            fields[*key] = json!(value);
        }
        self.staff_call(
            Method::PUT,
            item,
            Some(editor),
            json!({ "base": opened["head"], "fields": fields }),
        )
        .await
    }
}
