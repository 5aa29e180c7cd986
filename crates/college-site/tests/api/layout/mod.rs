//! The server's layout, read from its source: which file imports which (`use` lines and paths
//! written inline, including a parent module's paths into its children), checked for the rules
//! of the design's "Layout" section. Unit-test modules are left out: they are not the layout.
//!
//! - No import circle between files: each can be read, tested and moved on its own.
//! - `app.rs` assembles the server and nothing in the crate imports it.
//! - `config/` depends on nothing else of the server.
//! - `http/` (what every route shares) imports no routes.
//! - `content/`: a shared layer imports no kind, and a kind imports another only where
//!   [`content`] declares it.

mod content;
mod reader;

use std::{collections::BTreeMap, path::PathBuf};

use reader::{Layout, SourceFile, module};

#[test]
fn no_file_imports_itself_around_a_circle() {
    let layout = Layout::read();
    let circles = layout.circles();
    assert!(
        circles.is_empty(),
        "import circles (each file imports the next, the last the first):\n{}",
        circles
            .iter()
            .map(|circle| format!("  {}", circle.join(" -> ")))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn nothing_imports_the_app_module() {
    let layout = Layout::read();
    let importers = layout.importers_of(&["app"]);
    assert!(importers.is_empty(), "app.rs is imported by {importers:?}");
}

#[test]
fn config_depends_on_nothing_else_of_the_server() {
    let layout = Layout::read();
    for (file, imports) in layout.under(&["config"]) {
        let outside: Vec<_> = imports.iter().filter(|m| m[0] != "config").collect();
        assert!(outside.is_empty(), "{file} imports {outside:?}");
    }
}

#[test]
fn the_shared_http_module_imports_no_routes() {
    let layout = Layout::read();
    for (file, imports) in layout.under(&["http"]) {
        let routes: Vec<_> = imports
            .iter()
            .filter(|m| m.last().is_some_and(|name| name.ends_with("routes")))
            .collect();
        assert!(routes.is_empty(), "{file} imports routes: {routes:?}");
    }
}

/// A check that could not fail would prove nothing: the reader must see this file's layout.
#[test]
fn the_reader_sees_imports_and_circles() {
    let layout = Layout::read();
    let accounts_router = layout.files.get(&module(&["accounts"])).expect("accounts");
    assert!(
        accounts_router
            .imports
            .contains(&module(&["accounts", "session", "routes"])),
        "a parent's inline path into its child is an import"
    );
    let mut with_circle = Layout {
        files: BTreeMap::new(),
    };
    for (name, imports) in [("a", "b"), ("b", "c"), ("c", "a")] {
        with_circle.files.insert(
            module(&[name]),
            SourceFile {
                path: PathBuf::from(format!("{name}.rs")),
                imports: vec![module(&[imports])],
            },
        );
    }
    assert_eq!(with_circle.circles(), [["a", "b", "c", "a"]]);
}
