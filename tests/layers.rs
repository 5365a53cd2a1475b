//! The layout: the modules of `src/` (and the Datalog programs of `rules/`
//! they mount) import one another without a cycle, and each wing imports
//! only the wings below it. The imports are read from the source as text:
//! every `crate::`, `super::` and `self::` path and every path that starts
//! with a child module, in code and in doc comments alike, so a link in a
//! comment counts as much as a `use`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The wings from the bottom up: a module may import its own wing and the
/// wings before it. The foundation (`error`, `io`, `rng`) sits beside them.
const WINGS: [&str; 6] = ["board", "knowledge", "judges", "play", "apps", "report"];
const FOUNDATION: [&str; 3] = ["error", "io", "rng"];

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Str(String),
    Punct(char),
    /// A `crate::a::b` path read in a comment.
    CommentPath(Vec<String>),
}

/// The source as tokens with their offsets: comments dropped (but the
/// `crate::` paths they name kept), strings and characters as one token.
fn tokens(src: &str) -> Vec<Tok> {
    let b = src.as_bytes();
    let (mut i, mut out) = (0, Vec::new());
    while i < b.len() {
        let c = b[i] as char;
        if src[i..].starts_with("//") {
            let end = src[i..].find('\n').map_or(b.len(), |e| i + e);
            comment_paths(&src[i..end], &mut out);
            i = end;
        } else if src[i..].starts_with("/*") {
            let end = src[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
            comment_paths(&src[i..end], &mut out);
            i = end;
        } else if c == '"' || (c == 'r' && matches!(b.get(i + 1), Some(b'"' | b'#'))) {
            i = string(src, i, &mut out);
        } else if c == '\'' {
            i = quote(b, i);
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < b.len() && ((b[i] as char).is_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Ident(src[start..i].to_string()));
        } else {
            if !c.is_whitespace() {
                out.push(Tok::Punct(c));
            }
            i += 1;
        }
    }
    out
}

/// A string literal (plain or raw) from `i`: its token, and where it ends.
fn string(src: &str, i: usize, out: &mut Vec<Tok>) -> usize {
    let b = src.as_bytes();
    if b[i] == b'r' {
        let hashes = src[i + 1..].bytes().take_while(|&h| h == b'#').count();
        let open = i + 1 + hashes + 1;
        let close = format!("\"{}", "#".repeat(hashes));
        let end = src[open..].find(&close).map_or(b.len(), |e| open + e);
        out.push(Tok::Str(src[open..end].to_string()));
        return (end + close.len()).min(b.len());
    }
    let mut j = i + 1;
    while j < b.len() && b[j] != b'"' {
        j += if b[j] == b'\\' { 2 } else { 1 };
    }
    out.push(Tok::Str(src[i + 1..j.min(b.len())].to_string()));
    j + 1
}

/// A character literal or a lifetime from `i`: where it ends.
fn quote(b: &[u8], i: usize) -> usize {
    if b.get(i + 1) == Some(&b'\\') {
        let mut j = i + 2;
        while j < b.len() && b[j] != b'\'' {
            j += 1;
        }
        return j + 1;
    }
    // 'x' is a character (of one or more bytes); 'a without a closing
    // quote is a lifetime.
    let ch = std::str::from_utf8(&b[i + 1..])
        .ok()
        .and_then(|s| s.chars().next());
    match ch {
        Some(c) if b.get(i + 1 + c.len_utf8()) == Some(&b'\'') => i + 2 + c.len_utf8(),
        _ => i + 1,
    }
}

/// The `crate::a::b` paths a comment names.
fn comment_paths(text: &str, out: &mut Vec<Tok>) {
    for (at, _) in text.match_indices("crate::") {
        if text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &text[at..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let segs: Vec<String> = rest[..end]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        out.push(Tok::CommentPath(segs));
    }
}

/// One file module: its path from the crate root and its tokens.
struct Module {
    path: Vec<String>,
    toks: Vec<Tok>,
}

/// Every file module of the crate whose root is `root`, following `mod`
/// declarations and `#[path]` attributes.
fn file_modules(root: &Path) -> Vec<Module> {
    let mut out = Vec::new();
    let mut todo = vec![(root.to_path_buf(), Vec::<String>::new(), true)];
    while let Some((file, path, dir_owner)) = todo.pop() {
        let src = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        let toks = tokens(&src);
        let dir = file.parent().unwrap().to_path_buf();
        for (name, attr) in declared_files(&toks) {
            let child = match attr {
                Some(p) => dir.join(p),
                None => {
                    let base = if dir_owner {
                        dir.clone()
                    } else {
                        dir.join(file.file_stem().unwrap())
                    };
                    let flat = base.join(format!("{name}.rs"));
                    if flat.exists() {
                        flat
                    } else {
                        base.join(&name).join("mod.rs")
                    }
                }
            };
            let owner = child.file_name().is_some_and(|f| f == "mod.rs");
            let mut p = path.clone();
            p.push(name);
            todo.push((child, p, owner));
        }
        out.push(Module { path, toks });
    }
    out
}

/// The `mod name;` declarations of a file, with their `#[path]`.
fn declared_files(toks: &[Tok]) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for i in 0..toks.len().saturating_sub(2) {
        if let (Tok::Ident(m), Tok::Ident(name), Tok::Punct(';')) =
            (&toks[i], &toks[i + 1], &toks[i + 2])
            && m == "mod"
        {
            out.push((name.clone(), path_attribute(&toks[..i])));
        }
    }
    out
}

/// The `#[path = "..."]` right before a declaration (after `pub`).
fn path_attribute(before: &[Tok]) -> Option<String> {
    let mut end = before.len();
    if matches!(before.last(), Some(Tok::Ident(p)) if p == "pub") {
        end -= 1;
    }
    match &before[end.saturating_sub(6)..end] {
        [
            Tok::Punct('#'),
            Tok::Punct('['),
            Tok::Ident(a),
            Tok::Punct('='),
            Tok::Str(p),
            Tok::Punct(']'),
        ] if a == "path" => Some(p.clone()),
        _ => None,
    }
}

/// Each path in a module's tokens, with the inline module it is written in
/// (`mod name { ... }`), as segments; a `use` group `a::{b, c::d}` gives
/// one path per member.
fn paths(toks: &[Tok]) -> Vec<(Vec<String>, Vec<String>)> {
    let mut out = Vec::new();
    let mut scope: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        let inner = || scope.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
        match &toks[i] {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth = depth.saturating_sub(1);
                if scope.last().is_some_and(|(_, d)| *d > depth) {
                    scope.pop();
                }
            }
            Tok::Ident(m) if m == "mod" => {
                if let (Some(Tok::Ident(n)), Some(Tok::Punct('{'))) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    scope.push((n.clone(), depth + 1));
                }
            }
            Tok::CommentPath(segs) => out.push((inner(), segs.clone())),
            Tok::Ident(first)
                if toks.get(i + 1) == Some(&Tok::Punct(':'))
                    && toks.get(i + 2) == Some(&Tok::Punct(':')) =>
            {
                let after_colons = i > 1 && toks[i - 1] == Tok::Punct(':');
                if !after_colons {
                    let mut found = Vec::new();
                    i = read_path(toks, i, vec![first.clone()], &mut found);
                    out.extend(found.into_iter().map(|p| (inner(), p)));
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Reads `a::b::{c, d::e}` from the `::` after `toks[i]`; pushes every full
/// path to `found`; returns where the path ends.
fn read_path(
    toks: &[Tok],
    mut i: usize,
    mut segs: Vec<String>,
    found: &mut Vec<Vec<String>>,
) -> usize {
    loop {
        let colons =
            toks.get(i + 1) == Some(&Tok::Punct(':')) && toks.get(i + 2) == Some(&Tok::Punct(':'));
        if !colons {
            found.push(segs);
            return i + 1;
        }
        match toks.get(i + 3) {
            Some(Tok::Ident(next)) => {
                segs.push(next.clone());
                i += 3;
            }
            Some(Tok::Punct('{')) => {
                let mut j = i + 4;
                while j < toks.len() && toks[j] != Tok::Punct('}') {
                    match &toks[j] {
                        Tok::Ident(n) if n != "as" => {
                            let mut s = segs.clone();
                            s.push(n.clone());
                            j = read_path(toks, j, s, found);
                            // skip an alias (`x as y`) up to the next member
                            while j < toks.len() && !matches!(toks[j], Tok::Punct(',' | '}')) {
                                j += 1;
                            }
                        }
                        _ => j += 1,
                    }
                }
                return j + 1;
            }
            _ => {
                found.push(segs);
                return i + 3;
            }
        }
    }
}

/// The module graph of the crate at `root`: each module's imports.
fn graph(root: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules = file_modules(root);
    let mut known: BTreeSet<Vec<String>> = modules.iter().map(|m| m.path.clone()).collect();
    for m in &modules {
        for (inner, _) in paths(&m.toks) {
            for k in 1..=inner.len() {
                let mut p = m.path.clone();
                p.extend(inner[..k].iter().cloned());
                known.insert(p);
            }
        }
    }
    let name = |p: &[String]| {
        if p.is_empty() {
            "crate".to_string()
        } else {
            p.join("::")
        }
    };
    let mut edges: BTreeMap<String, BTreeSet<String>> =
        known.iter().map(|k| (name(k), BTreeSet::new())).collect();
    for m in &modules {
        for (inner, segs) in paths(&m.toks) {
            let mut here = m.path.clone();
            here.extend(inner);
            if let Some(target) = resolve(&known, &here, &segs)
                && target != here
            {
                edges.get_mut(&name(&here)).unwrap().insert(name(&target));
            }
        }
    }
    edges
}

/// The module a path written in module `here` names (the longest known
/// prefix), if it names one of the crate's.
fn resolve(known: &BTreeSet<Vec<String>>, here: &[String], segs: &[String]) -> Option<Vec<String>> {
    let (mut base, rest): (Vec<String>, &[String]) = match segs.first()?.as_str() {
        "crate" => (Vec::new(), &segs[1..]),
        "self" => (here.to_vec(), &segs[1..]),
        "super" => {
            let mut b = here.to_vec();
            let mut r = segs;
            while r.first().is_some_and(|s| s == "super") {
                b.pop();
                r = &r[1..];
            }
            (b, r)
        }
        child => {
            let mut b = here.to_vec();
            b.push(child.to_string());
            if !known.contains(&b) {
                return None;
            }
            (here.to_vec(), segs)
        }
    };
    let mut best = base.clone();
    for s in rest {
        base.push(s.clone());
        if known.contains(&base) {
            best = base.clone();
        } else {
            break;
        }
    }
    Some(best)
}

/// The strongly connected components of more than one module (Tarjan).
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct T<'a> {
        e: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    impl<'a> T<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on.insert(v);
            for w in self.e.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.on.contains(w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut scc = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on.remove(w);
                    scc.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if scc.len() > 1 {
                    scc.sort();
                    self.out.push(scc);
                }
            }
        }
    }
    let mut t = T {
        e: edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !t.index.contains_key(v.as_str()) {
            t.visit(v);
        }
    }
    t.out
}

fn library() -> BTreeMap<String, BTreeSet<String>> {
    graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"))
}

#[test]
fn no_module_imports_a_module_that_imports_it_back() {
    for root in ["src/lib.rs", "src/main.rs"] {
        let g = graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join(root));
        let c = cycles(&g);
        assert!(c.is_empty(), "import cycles in {root}: {c:#?}");
    }
}

/// Whether a module is the foundation or inside it (`io::lines`).
fn foundation(module: &str) -> bool {
    FOUNDATION.contains(&module.split("::").next().unwrap())
}

/// The wing a module belongs to: its place in [`WINGS`], `None` for the
/// foundation and the crate root.
fn wing(module: &str) -> Option<usize> {
    let top = module.split("::").next().unwrap();
    WINGS.iter().position(|w| *w == top)
}

#[test]
fn each_wing_imports_only_the_wings_below_it() {
    let g = library();
    let mut wrong = Vec::new();
    for (m, imports) in &g {
        for i in imports {
            let ok = match (wing(m), wing(i)) {
                (Some(a), Some(b)) => b <= a,
                (Some(_), None) => foundation(i),
                // The foundation imports the foundation, or modules that
                // import nothing (the error type wraps a table file's
                // status).
                (None, _) if m == "crate" => true,
                (None, _) => foundation(i) || g[i].is_empty(),
            };
            if !ok {
                wrong.push(format!("{m} -> {i}"));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the wings: {wrong:#?}");
}

/// No rule and no selection asks a judge: nothing in the board or the
/// knowledge reaches the tables, the solvers or the truth, even through
/// other modules.
#[test]
fn the_knowledge_never_reaches_a_judge() {
    let g = library();
    let judges = [
        "judges::tablebase",
        "judges::oracle",
        "judges::mate_oracle",
        "judges::truth",
    ];
    for start in g.keys().filter(|m| matches!(wing(m), Some(0 | 1))) {
        let mut seen = BTreeSet::new();
        let mut todo = vec![start.as_str()];
        while let Some(m) = todo.pop() {
            assert!(!judges.contains(&m), "{start} reaches {m}");
            for i in &g[m] {
                if seen.insert(i.as_str()) {
                    todo.push(i);
                }
            }
        }
    }
}

/// The reader itself: it finds the imports of a small crate, a cycle in
/// it, a `use` group, a `#[path]` module and a link in a comment.
#[test]
fn the_reader_finds_imports_cycles_groups_and_links() {
    let dir = std::env::temp_dir().join(format!("pecp-layers-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::write(
        dir.join("lib.rs"),
        "pub mod a;\npub mod b;\n#[path = \"data/prog.rs\"]\npub mod prog;\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("a/mod.rs"),
        "pub mod x;\nuse crate::{b::{self, Thing}, prog as p};\nfn f() { let c = '{'; }\nstruct S { x: u8 }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("a/x.rs"),
        "/// See [`crate::b`].\nmod tests { use super::*; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("b.rs"),
        "pub struct Thing;\nfn g() -> &'static str { \"crate::prog\" }\nuse super::a::x;\n",
    )
    .unwrap();
    std::fs::write(dir.join("data/prog.rs"), "").unwrap();
    let g = graph(&dir.join("lib.rs"));
    std::fs::remove_dir_all(&dir).unwrap();
    let set = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(g["a"], set(&["b", "prog"]));
    assert_eq!(g["a::x"], set(&["b"]));
    assert_eq!(g["b"], set(&["a::x"]));
    assert_eq!(g["a::x::tests"], set(&["a::x"]));
    assert_eq!(cycles(&g), vec![vec!["a::x".to_string(), "b".to_string()]]);
}
