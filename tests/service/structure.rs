//! The shape of the code, read from `src` itself. No import circle between files (DESIGN.md, "layers"):
//! the files and the `use` paths between them (`use` statements and `crate::`/`super::`/`self::` paths in
//! code) form a graph with no loop, except inside one game's own folders (`<layer>/<game>/`), where a game
//! may arrange its rooms as it likes; a name handed on by a `pub use` counts as the file that defines it,
//! as the reader finds it. And functions stay short: only a few tables and parsers run long.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One file of the library: its module path and its production code (tests cut off).
struct File {
    path: String,
    module: Vec<String>,
    code: String,
}

fn files() -> Vec<File> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let rel = path.strip_prefix(&src).unwrap().to_string_lossy().to_string();
            if !rel.ends_with(".rs") || rel == "main.rs" {
                continue;
            }
            let mut module: Vec<String> = rel.trim_end_matches(".rs").split('/').map(String::from).collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap();
            // Unit tests may reach anything; they are not part of the graph.
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            let code: String = code.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
            out.push(File { path: rel, module, code });
        }
    }
    out
}

/// The names a file defines.
fn defined(code: &str) -> BTreeSet<String> {
    const KINDS: &[&str] = &["fn", "struct", "enum", "trait", "type", "const", "static", "mod", "union"];
    let mut names = BTreeSet::new();
    for line in code.lines() {
        let words: Vec<&str> =
            line.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
        for pair in words.windows(2) {
            if KINDS.contains(&pair[0]) {
                names.insert(pair[1].to_string());
                break;
            }
        }
    }
    names
}

/// Every `use` statement of a file: whether it hands names on (`pub use`), and its paths, braces expanded,
/// each with the name it is known by (`self` and `as` resolved).
fn use_statements(code: &str) -> Vec<(bool, Vec<Vec<String>>)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let before = rest[..at].trim_end();
        let public = before.ends_with("pub") || before.ends_with(')') && before.contains("pub(");
        let Some(end) = rest[at..].find(';') else { break };
        let body: String = rest[at + 3..at + end].split_whitespace().collect::<Vec<_>>().join(" ");
        out.push((public, expand(&body)));
        rest = &rest[at + end..];
    }
    out
}

/// The offset of `word` standing alone at the start of a statement.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        let before = text[..at].chars().last();
        let after = text[at + word.len()..].chars().next();
        let starts = before.is_none_or(|c| c.is_whitespace() || c == '{' || c == ';' || c == '}');
        if starts && after == Some(' ') {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// `a::{b, c::{d, self}}` as `a::b`, `a::c::d`, `a::c`.
fn expand(body: &str) -> Vec<Vec<String>> {
    let body = body.trim();
    let Some(open) = body.find('{') else {
        let path = body.split(" as ").next().unwrap_or("").trim();
        let parts: Vec<String> = path.split("::").map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
        let parts =
            if parts.last().map(String::as_str) == Some("self") { parts[..parts.len() - 1].to_vec() } else { parts };
        return vec![parts];
    };
    let prefix: Vec<String> =
        body[..open].split("::").map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
    let inner = &body[open + 1..body.rfind('}').unwrap_or(body.len())];
    let mut pieces = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                pieces.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    pieces.push(&inner[start..]);
    let mut out = Vec::new();
    for piece in pieces.into_iter().filter(|p| !p.trim().is_empty()) {
        for tail in expand(piece) {
            out.push(prefix.iter().cloned().chain(tail).collect());
        }
    }
    out
}

/// The `crate::`, `super::` and `self::` paths written in code outside `use` statements.
fn code_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            if code[..at].chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String =
                code[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
            out.push(path.split("::").filter(|p| !p.is_empty()).map(String::from).collect());
        }
    }
    out
}

struct Crate {
    files: Vec<File>,
    by_module: BTreeMap<Vec<String>, usize>,
    defs: Vec<BTreeSet<String>>,
    /// Per file, the names it hands on and the paths they come from.
    hands_on: Vec<BTreeMap<String, Vec<String>>>,
}

impl Crate {
    fn read() -> Crate {
        Crate::of(files())
    }

    fn of(files: Vec<File>) -> Crate {
        let by_module = files.iter().enumerate().map(|(i, f)| (f.module.clone(), i)).collect();
        let defs = files.iter().map(|f| defined(&f.code)).collect();
        let hands_on = files
            .iter()
            .map(|f| {
                let mut names = BTreeMap::new();
                for (public, paths) in use_statements(&f.code) {
                    for path in paths.into_iter().filter(|_| public) {
                        if let Some(last) = path.last() {
                            names.insert(last.clone(), path);
                        }
                    }
                }
                names
            })
            .collect();
        Crate { files, by_module, defs, hands_on }
    }

    /// The file a path written in file `from` leads to (none: another crate's).
    fn resolve(&self, from: usize, path: &[String], depth: usize) -> Option<usize> {
        let here = &self.files[from].module;
        let (mut module, rest): (Vec<String>, &[String]) = match path.first().map(String::as_str) {
            Some("crate") => (Vec::new(), &path[1..]),
            Some("self") => (here.clone(), &path[1..]),
            Some("super") => {
                let mut m = here.clone();
                let mut i = 0;
                while path.get(i).map(String::as_str) == Some("super") {
                    m.pop();
                    i += 1;
                }
                (m, &path[i..])
            }
            // A child module named without `self::`.
            Some(first) if self.by_module.contains_key(&[here.clone(), vec![first.to_string()]].concat()) => {
                (here.clone(), path)
            }
            _ => return None,
        };
        for (i, segment) in rest.iter().enumerate() {
            let child: Vec<String> = module.iter().cloned().chain([segment.clone()]).collect();
            if self.by_module.contains_key(&child) {
                module = child;
                continue;
            }
            let file = *self.by_module.get(&module)?;
            if self.defs[file].contains(segment) || depth > 8 {
                return Some(file);
            }
            // A name handed on: the file that defines it.
            if let Some(origin) = self.hands_on[file].get(segment) {
                let mut full = origin.clone();
                full.extend(rest[i + 1..].iter().cloned());
                return self.resolve(file, &full, depth + 1).or(Some(file));
            }
            return Some(file);
        }
        self.by_module.get(&module).copied()
    }

    /// Each file's imports, as files.
    fn graph(&self) -> Vec<BTreeSet<usize>> {
        (0..self.files.len())
            .map(|i| {
                let code = &self.files[i].code;
                let mut paths: Vec<Vec<String>> = use_statements(code)
                    .into_iter()
                    .filter(|(public, _)| !public)
                    .flat_map(|(_, paths)| paths)
                    .collect();
                paths.extend(code_paths(code));
                paths.iter().filter_map(|p| self.resolve(i, p, 0)).filter(|t| *t != i).collect()
            })
            .collect()
    }
}

/// The strongly connected groups of more than one file (Tarjan's algorithm).
fn circles(graph: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    struct Walk<'a> {
        graph: &'a [BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        found: Vec<Vec<usize>>,
    }
    fn visit(w: &mut Walk, v: usize) {
        w.index[v] = Some(w.next);
        w.low[v] = w.next;
        w.next += 1;
        w.stack.push(v);
        w.on_stack[v] = true;
        for &t in w.graph[v].iter() {
            match w.index[t] {
                None => {
                    visit(w, t);
                    w.low[v] = w.low[v].min(w.low[t]);
                }
                Some(i) if w.on_stack[t] => w.low[v] = w.low[v].min(i),
                Some(_) => {}
            }
        }
        if Some(w.low[v]) == w.index[v] {
            let mut group = Vec::new();
            while let Some(t) = w.stack.pop() {
                w.on_stack[t] = false;
                group.push(t);
                if t == v {
                    break;
                }
            }
            if group.len() > 1 {
                w.found.push(group);
            }
        }
    }
    let n = graph.len();
    let mut w = Walk {
        graph,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in 0..n {
        if w.index[v].is_none() {
            visit(&mut w, v);
        }
    }
    w.found
}

/// The game whose own folder a file is in (`games/stratego/…`, `discord/stratego/…`).
fn game_folder(path: &str) -> Option<&str> {
    let games: BTreeSet<String> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    path.split('/').find(|part| games.contains(*part))
}

#[test]
fn no_import_circle_joins_files_outside_one_games_folder() {
    let krate = Crate::read();
    let graph = krate.graph();
    let mut shared = Vec::new();
    for group in circles(&graph) {
        let mut paths: Vec<&str> = group.iter().map(|i| krate.files[*i].path.as_str()).collect();
        paths.sort();
        let game = game_folder(paths[0]);
        if game.is_none() || paths.iter().any(|p| game_folder(p) != game) {
            shared.push(paths);
        }
    }
    assert!(shared.is_empty(), "files that import each other in a circle: {shared:#?}");
}

#[test]
fn the_circle_finder_sees_a_circle_through_a_name_handed_on() {
    // a -> b (a name `b` hands on from c) -> c -> a: a circle of three, however the name travels.
    let files = [
        ("a.rs", vec!["a"], "use crate::b::Thing;\nfn f() {}"),
        ("b/mod.rs", vec!["b"], "mod c;\npub use c::Thing;\nuse crate::a::f;"),
        ("b/c.rs", vec!["b", "c"], "pub struct Thing;\nfn g() { crate::a::f() }"),
        ("d.rs", vec!["d"], "use crate::a::f;"),
    ];
    let files: Vec<File> = files
        .into_iter()
        .map(|(path, module, code)| File {
            path: path.into(),
            module: module.into_iter().map(String::from).collect(),
            code: code.into(),
        })
        .collect();
    let krate = Crate::of(files);
    let graph = krate.graph();
    // a imports c (through b's hand-on), b imports a, c imports a; d stands apart.
    assert_eq!(graph[0], BTreeSet::from([2]));
    assert_eq!(graph[1], BTreeSet::from([0]));
    assert_eq!(graph[2], BTreeSet::from([0]));
    let found = circles(&graph);
    assert_eq!(found.len(), 1);
    let mut group = found[0].clone();
    group.sort();
    assert_eq!(group, vec![0, 2]);
}

/// Each function of `src` longer than `limit` lines (its signature to its closing brace), with its file.
fn long_functions(limit: usize) -> Vec<(usize, String)> {
    let mut long = Vec::new();
    for file in files() {
        let lines: Vec<&str> = file.code.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let code = line.trim_start();
            let indent = &line[..line.len() - code.len()];
            let words: Vec<&str> = code.split_whitespace().collect();
            let Some(at) = words.iter().position(|w| *w == "fn") else { continue };
            let opening =
                words[..at].iter().all(|w| w.starts_with("pub") || matches!(*w, "async" | "const" | "unsafe"));
            if !opening || line.trim_end().ends_with(';') {
                continue;
            }
            let close = format!("{indent}}}");
            let Some(end) = lines[i + 1..].iter().position(|l| l.trim_end() == close) else { continue };
            if end + 2 > limit {
                let name = words.get(at + 1).map(|w| w.split(['(', '<']).next().unwrap_or(w)).unwrap_or("");
                long.push((end + 2, format!("src/{}:{} {name}", file.path, i + 1)));
            }
        }
    }
    long.sort();
    long
}

#[test]
fn at_most_ten_functions_run_past_sixty_lines_and_those_are_tables_and_parsers() {
    let long = long_functions(60);
    assert!(long.len() <= 10, "{} functions are longer than 60 lines (at most 10): {long:#?}", long.len());
}
