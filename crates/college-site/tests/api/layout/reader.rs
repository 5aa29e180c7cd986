//! Reads the server's layout from its source: which file is which module, and what each
//! imports.

use std::{
    collections::{BTreeMap, BTreeSet},
    fs,
    path::{Path, PathBuf},
};

pub type Module = Vec<String>;

/// One source file: its module path and what it imports, as module paths.
pub struct SourceFile {
    pub path: PathBuf,
    pub imports: Vec<Module>,
}

pub fn module(parts: &[&str]) -> Module {
    parts.iter().map(|part| (*part).to_owned()).collect()
}

pub struct Layout {
    pub files: BTreeMap<Module, SourceFile>,
}

impl Layout {
    /// Follows the `mod` declarations from `lib.rs`, as the compiler does (`#[path]` included,
    /// so a file mounted in two places is read in both), and reads each file's imports.
    pub fn read() -> Self {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut mounts = Vec::new();
        mount(&src.join("lib.rs"), Vec::new(), &mut mounts);
        let files_of: BTreeMap<Module, PathBuf> = mounts.iter().cloned().collect();
        let mut files: BTreeMap<Module, SourceFile> = BTreeMap::new();
        for (own, path) in &mounts {
            let text = layout_text(&fs::read_to_string(path).expect("readable source"));
            let key = file_key(&src, path);
            let entry = files.entry(key).or_insert_with(|| SourceFile {
                path: path.strip_prefix(&src).expect("under src").to_owned(),
                imports: Vec::new(),
            });
            for import in imports_of(own, &text) {
                // The file that holds it: the longest module path that is a file.
                let holder = (0..=import.len())
                    .rev()
                    .map(|n| import[..n].to_vec())
                    .find_map(|prefix| files_of.get(&prefix).map(|file| (prefix, file)));
                if let Some((prefix, file)) = holder
                    && !prefix.is_empty()
                    && file != path
                {
                    entry.imports.push(file_key(&src, file));
                }
            }
        }
        for file in files.values_mut() {
            file.imports.sort();
            file.imports.dedup();
        }
        Self { files }
    }

    pub fn importers_of(&self, target: &[&str]) -> Vec<String> {
        self.files
            .values()
            .filter(|file| file.imports.contains(&module(target)))
            .map(|file| file.path.display().to_string())
            .collect()
    }

    pub fn under<'a>(&'a self, folder: &'a [&str]) -> impl Iterator<Item = (String, &'a [Module])> {
        self.files
            .iter()
            .filter(move |(own, _)| own.starts_with(&module(folder)))
            .map(|(_, file)| (file.path.display().to_string(), file.imports.as_slice()))
    }

    /// Every circle found by a depth-first walk, each once, as module names.
    pub fn circles(&self) -> Vec<Vec<String>> {
        #[derive(Clone, Copy, PartialEq)]
        enum Seen {
            Open,
            Done,
        }
        fn walk(
            layout: &Layout,
            at: &Module,
            seen: &mut BTreeMap<Module, Seen>,
            trail: &mut Vec<Module>,
            found: &mut Vec<Vec<String>>,
        ) {
            seen.insert(at.clone(), Seen::Open);
            trail.push(at.clone());
            for next in &layout.files[at].imports {
                match seen.get(next) {
                    None => walk(layout, next, seen, trail, found),
                    Some(Seen::Open) => {
                        let start = trail.iter().position(|m| m == next).expect("on the trail");
                        let mut circle: Vec<String> =
                            trail[start..].iter().map(|m| m.join("/")).collect();
                        circle.push(next.join("/"));
                        found.push(circle);
                    }
                    Some(Seen::Done) => {}
                }
            }
            trail.pop();
            seen.insert(at.clone(), Seen::Done);
        }
        let mut seen = BTreeMap::new();
        let mut found = Vec::new();
        for start in self.files.keys() {
            if !seen.contains_key(start) {
                walk(self, start, &mut seen, &mut Vec::new(), &mut found);
            }
        }
        found
    }
}

/// Records `file` as module `own`, then the modules it declares (`mod x;`), where the
/// compiler finds them: `#[path]`, else `x.rs` or `x/mod.rs` beside a `mod.rs` or `lib.rs`,
/// or in the folder named after any other file.
fn mount(file: &Path, own: Module, into: &mut Vec<(Module, PathBuf)>) {
    let text = layout_text(&fs::read_to_string(file).expect("readable source"));
    let here = file.parent().expect("in a folder");
    let is_root = matches!(
        file.file_name().and_then(|name| name.to_str()),
        Some("mod.rs" | "lib.rs")
    );
    let folder = if is_root {
        here.to_owned()
    } else {
        here.join(file.file_stem().expect("named"))
    };
    let mut path_attribute = None;
    for line in text.lines().map(str::trim) {
        if let Some(path) = line
            .strip_prefix("#[path = \"")
            .and_then(|rest| rest.strip_suffix("\"]"))
        {
            path_attribute = Some(here.join(path));
            continue;
        }
        if let Some(child) = declared_module(line) {
            let child_file = path_attribute.take().unwrap_or_else(|| {
                let flat = folder.join(format!("{child}.rs"));
                if flat.exists() {
                    flat
                } else {
                    folder.join(child).join("mod.rs")
                }
            });
            let mut child_module = own.clone();
            child_module.push(child.to_owned());
            mount(&child_file, child_module, into);
        } else if !line.starts_with("#[") {
            path_attribute = None;
        }
    }
    into.push((own, file.to_owned()));
}

/// `x` of a line `mod x;` (with any visibility).
fn declared_module(line: &str) -> Option<&str> {
    // Any visibility: `pub`, `pub(crate)`, `pub(super)`, `pub(in crate::content)`.
    let line = match line.strip_prefix("pub") {
        Some(rest) if rest.starts_with('(') => rest.split_once(") ")?.1,
        Some(rest) => rest.trim_start(),
        None => line,
    };
    line.strip_prefix("mod ")?.strip_suffix(';')
}

/// A file as the layout names it: its path under `src/`, without `.rs` and `mod`.
fn file_key(src: &Path, file: &Path) -> Module {
    let mut parts: Module = file
        .strip_prefix(src)
        .expect("under src")
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The text that makes the layout: without the unit-test module and without comments.
fn layout_text(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|line| match line.find("//") {
            // `https://` in a string is not a comment; a comment starts after white space or
            // at the line's start.
            Some(at) if at == 0 || line[..at].ends_with(' ') => &line[..at],
            _ => line,
        })
        .map(without_visibility_paths)
        .collect::<Vec<_>>()
        .join("\n")
}

/// A visibility names a module without importing it: `pub(in crate::content)` reads as `pub`.
fn without_visibility_paths(line: &str) -> String {
    let mut line = line.to_owned();
    while let Some(start) = line.find("pub(in ") {
        let Some(end) = line[start..].find(')') else {
            break;
        };
        line.replace_range(start..start + end + 1, "pub");
    }
    line
}

/// The module paths a file's text names: its `use` trees, and paths written inline that start
/// at the crate, the parent, the module itself, or one of its child modules.
fn imports_of(own: &Module, text: &str) -> Vec<Module> {
    let children: BTreeSet<String> = text
        .lines()
        .filter_map(|line| declared_module(line.trim()).map(str::to_owned))
        .collect();
    let mut paths = Vec::new();
    let mut rest = text;
    while let Some(at) = find_use(rest) {
        let after = &rest[at..];
        let end = after.find(';').unwrap_or(after.len());
        expand_tree(&mut Vec::new(), &after[..end], &mut paths);
        rest = &after[end..];
    }
    paths.extend(inline_paths(text));
    paths
        .into_iter()
        .filter_map(|path| absolute(own, &children, &path))
        .collect()
}

/// Where the next `use` tree starts (just after `use `), at the start of a statement.
fn find_use(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text[from..].find("use ") {
        let at = from + found;
        let before = text[..at].trim_end_matches(' ');
        let starts_statement = before.is_empty()
            || before.ends_with('\n')
            || before.ends_with(';')
            || before.ends_with('{')
            || before.ends_with("pub")
            || before.ends_with(')');
        if starts_statement && !text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            return Some(at + 4);
        }
        from = at + 4;
    }
    None
}

/// `a::{b, c::{d, e}}` becomes `a::b`, `a::c::d`, `a::c::e`.
fn expand_tree(prefix: &mut Vec<String>, tree: &str, into: &mut Vec<Vec<String>>) {
    // `x as y` keeps `x`, the name of what is imported.
    let words: Vec<&str> = tree.split_whitespace().collect();
    let tree: String = words.join(" ").replace(" as ", "@").replace(' ', "");
    let (head, group) = match tree.find('{') {
        Some(open) if tree.ends_with('}') => (&tree[..open], Some(&tree[open + 1..tree.len() - 1])),
        _ => (tree.as_str(), None),
    };
    let depth = prefix.len();
    prefix.extend(
        head.split("::")
            .filter(|part| !part.is_empty())
            .map(|part| part.split('@').next().unwrap_or(part).to_owned()),
    );
    match group {
        None => into.push(prefix.clone()),
        Some(group) => {
            let mut level = 0;
            let mut item = String::new();
            for c in group.chars().chain([',']) {
                match c {
                    '{' => level += 1,
                    '}' => level -= 1,
                    _ => {}
                }
                if c == ',' && level == 0 {
                    if !item.is_empty() {
                        expand_tree(prefix, &item, into);
                    }
                    item.clear();
                } else {
                    item.push(c);
                }
            }
        }
    }
    prefix.truncate(depth);
}

/// Paths such as `crate::store::now_millis()` or `session::routes::router()` in code.
fn inline_paths(text: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < bytes.len() {
        if is_ident(bytes[i]) && (i == 0 || !is_ident(bytes[i - 1]) && bytes[i - 1] != b':') {
            let mut parts = Vec::new();
            let mut j = i;
            loop {
                let start = j;
                while j < bytes.len() && is_ident(bytes[j]) {
                    j += 1;
                }
                parts.push(text[start..j].to_owned());
                if text[j..].starts_with("::") && j + 2 < bytes.len() && is_ident(bytes[j + 2]) {
                    j += 2;
                } else {
                    break;
                }
            }
            if parts.len() > 1 {
                found.push(parts);
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    found
}

/// A path as a module path from the crate root, if it names one of the crate's modules.
fn absolute(own: &Module, children: &BTreeSet<String>, path: &[String]) -> Option<Module> {
    let first = path.first()?;
    match first.as_str() {
        "crate" => Some(path[1..].to_vec()),
        "self" => Some(own.iter().chain(&path[1..]).cloned().collect()),
        "super" => {
            let mut base = own.clone();
            let mut rest = path;
            while rest.first().is_some_and(|part| part == "super") {
                base.pop();
                rest = &rest[1..];
            }
            Some(base.into_iter().chain(rest.iter().cloned()).collect())
        }
        child if children.contains(child) => Some(own.iter().chain(path).cloned().collect()),
        _ => None,
    }
}
