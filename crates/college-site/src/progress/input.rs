//! The JSON of a save, as a browser sends it, before [`super::rules`] checks it.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};

/// The body of a save. Every list may be left out; fields left out are reported by the checks
/// of [`super::rules`], in plain words, rather than by the JSON decoder.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WriteInput {
    /// The account the page saves for, checked against the session by the route; not kept.
    #[serde(default)]
    pub account: Option<String>,
    #[serde(default)]
    pub(super) merge: bool,
    #[serde(default)]
    pub(super) lessons: Vec<MarkInput>,
    #[serde(default)]
    pub(super) passes: Vec<PassInput>,
    #[serde(default)]
    pub(super) files: Vec<FileInput>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct MarkInput {
    #[serde(default)]
    pub(super) lesson: String,
    pub(super) done: Option<bool>,
    #[serde(default)]
    pub(super) changed_at: i64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct PassInput {
    #[serde(default)]
    pub(super) challenge: String,
    #[serde(default)]
    pub(super) passed_at: i64,
    #[serde(default)]
    pub(super) files: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct FileInput {
    #[serde(default)]
    pub(super) lesson: String,
    #[serde(default)]
    pub(super) demo: String,
    #[serde(default)]
    pub(super) file: String,
    /// Absent: not said (refused); `null`: the file was reset.
    #[serde(default, deserialize_with = "present")]
    pub(super) code: Option<Option<String>>,
    #[serde(default)]
    pub(super) base: String,
    #[serde(default)]
    pub(super) edited_at: i64,
    /// Absent: keep the stored other version; `null`: remove it; an object: set it.
    #[serde(default, deserialize_with = "present")]
    pub(super) other: Option<Option<OtherInput>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct OtherInput {
    #[serde(default)]
    pub(super) code: String,
    #[serde(default)]
    pub(super) edited_at: i64,
}

/// Tells a key sent as `null` (`Some(None)`) from a key left out (`None`, by `default`).
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}
