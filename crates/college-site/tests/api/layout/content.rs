//! The content system's shape (decision 0013): one folder per kind over shared layers. A layer
//! serves every kind, so it names none; a kind uses another only where this file says why.

use super::reader::{Layout, Module};

/// The kinds of content, each a folder of `content/`.
const KINDS: [&str; 5] = ["notices", "pages", "courses", "disclosure", "people"];
/// The layers every kind stands on.
const LAYERS: [&str; 4] = ["publishing", "items", "files", "render"];
/// Where a kind uses another, and why.
const KIND_USES_KIND: [(&str, &str, &str); 5] = [
    ("pages", "notices", "Home shows the latest notices"),
    ("pages", "courses", "Home shows the courses' cards"),
    (
        "disclosure",
        "courses",
        "the disclosure lists the programmes",
    ),
    (
        "disclosure",
        "people",
        "the committees are made of the college's people",
    ),
    (
        "people",
        "disclosure",
        "a person's page lists the committees they sit on",
    ),
];
/// Files at the root of `content/` (today its module and the errors every part answers with).
const ROOT_FILES_AT_MOST: usize = 5;

/// The kind or layer of `content/` a module belongs to, if any.
fn part_of(module: &Module) -> Option<&str> {
    (module.first().map(String::as_str) == Some("content"))
        .then(|| module.get(1).map(String::as_str))
        .flatten()
}

/// Every import from a file under `content/<from>` into `content/<to>`, for each `to` of `among`.
fn imports_into<'a>(layout: &Layout, from: &str, among: &[&'a str]) -> Vec<(String, &'a str)> {
    let mut found = Vec::new();
    for (file, imports) in layout.under(&["content", from]) {
        for import in imports {
            if let Some(to) = part_of(import).and_then(|part| among.iter().find(|k| **k == part))
                && *to != from
            {
                found.push((file.clone(), *to));
            }
        }
    }
    found
}

#[test]
fn a_shared_layer_of_content_imports_no_kind() {
    let layout = Layout::read();
    for layer in LAYERS {
        let into_kinds = imports_into(&layout, layer, &KINDS);
        assert!(
            into_kinds.is_empty(),
            "the {layer} layer serves every kind and names none: {into_kinds:?}"
        );
    }
}

#[test]
fn a_kind_of_content_imports_another_only_where_declared() {
    let layout = Layout::read();
    for kind in KINDS {
        let undeclared: Vec<_> = imports_into(&layout, kind, &KINDS)
            .into_iter()
            .filter(|(_, to)| {
                !KIND_USES_KIND
                    .iter()
                    .any(|(user, used, _)| *user == kind && used == to)
            })
            .collect();
        assert!(
            undeclared.is_empty(),
            "{kind} uses another kind without saying why (KIND_USES_KIND): {undeclared:?}"
        );
    }
}

#[test]
fn the_root_of_content_holds_its_module_and_little_else() {
    let layout = Layout::read();
    let at_root: Vec<String> = layout
        .files
        .values()
        .filter(|file| file.path.parent() == Some(std::path::Path::new("content")))
        .map(|file| file.path.display().to_string())
        .collect();
    assert!(
        at_root.len() <= ROOT_FILES_AT_MOST,
        "content/ has {} files beside its folders: {at_root:?}",
        at_root.len()
    );
}

/// The rules read real imports: a declared use is seen, so an undeclared one would be too.
#[test]
fn the_content_rules_see_a_kind_using_another() {
    let layout = Layout::read();
    let home = imports_into(&layout, "pages", &KINDS);
    assert!(
        home.iter().any(|(_, to)| *to == "notices"),
        "Home's latest notices are an import of pages into notices: {home:?}"
    );
    let layer_into_layer = imports_into(&layout, "files", &LAYERS);
    assert!(
        layer_into_layer.iter().any(|(_, to)| *to == "publishing"),
        "the files layer's routes start from publishing's editor: {layer_into_layer:?}"
    );
}
