//! Shared test helpers: finding the Syzygy tables.
#![allow(dead_code)]

pub mod run;

/// The allocator of the `pecp` binary, so that timings here match it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::PathBuf;

use pecp::Tablebases;
use pecp::judges::truth::Truth;

/// The tables for tests: `SYZYGY_PATH`, else `tablebases/` in the crate.
/// With `PECP_REQUIRE_TABLES=1` (set by `.ci/run`) missing tables fail the
/// test; otherwise the test is skipped with a visible message.
///
/// Only for tests about the tables themselves (their files, DTZ, Syzygy
/// against the solver): every other test judges with [`truth`].
pub fn tables(test: &str) -> Option<Tablebases> {
    match open(test) {
        Ok(t) => Some(t),
        Err(e) => {
            eprintln!(
                "SKIPPED {test}: no Syzygy tables ({e}); link them into tablebases/ to run it"
            );
            None
        }
    }
}

/// The judge of a test: Syzygy when the tables are there, else the
/// embedded exact solver (exact for KPK), said on stderr. With
/// `PECP_REQUIRE_TABLES=1` missing tables fail the test.
pub fn truth(test: &str) -> Truth {
    match open(test) {
        Ok(t) => Truth::new(Some(t)),
        Err(e) => {
            eprintln!("{test}: no Syzygy tables ({e}); judged by the embedded exact solver");
            Truth::new(None)
        }
    }
}

fn open(test: &str) -> Result<Tablebases, pecp::PecpError> {
    let dir = std::env::var_os("SYZYGY_PATH")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tablebases"));
    let t = Tablebases::open(&dir);
    if let Err(e) = &t
        && std::env::var("PECP_REQUIRE_TABLES").is_ok_and(|v| v == "1")
    {
        panic!("{test}: Syzygy tables required (PECP_REQUIRE_TABLES=1) but: {e}");
    }
    t
}

/// The tables' folder for running the binary.
pub fn tables_dir() -> PathBuf {
    std::env::var_os("SYZYGY_PATH")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tablebases"))
}

/// Runs the binary from the temporary folder without `SYZYGY_PATH`, so
/// that it finds no tables unless told where they are.
pub fn pecp(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_pecp"))
        .args(args)
        .env_remove("SYZYGY_PATH")
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap()
}

/// The folder with the whole set, when the tests have it.
pub fn four_piece_tables(test: &str) -> Option<PathBuf> {
    tables(test)?;
    let dir = tables_dir();
    let t = Tablebases::open_with_four_pieces(std::slice::from_ref(&dir)).unwrap();
    if t.four_piece_files() == 60 {
        return Some(dir);
    }
    let required = std::env::var("PECP_REQUIRE_TABLES").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "{test}: the 4-piece tables are required but only {} of 60 are there",
        t.four_piece_files()
    );
    eprintln!(
        "SKIPPED {test}: {} of the 60 4-piece files in {}",
        t.four_piece_files(),
        dir.display()
    );
    None
}

/// In a pawn ending, `analyse --json` of `fen`, calculation on:
/// calculation overrules the selection's `proposed` (its refutation
/// starting with `reply`, or none) for `chosen`, for the reason `kind`.
/// The analysis, for more checks.
pub fn overruled(
    fen: &str,
    kind: &str,
    proposed: &str,
    reply: Option<&str>,
    chosen: &str,
) -> serde_json::Value {
    let o = pecp(&["analyse", "--json", fen]);
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert_eq!(o.status.code(), Some(0), "{err}");
    let a: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(a["chosen_san"], chosen, "{out}");
    let o = &a["overruled"];
    assert_eq!(o["kind"], kind, "{o}");
    assert_eq!(o["proposed"], proposed, "{o}");
    assert_eq!(o["played"], chosen, "{o}");
    match reply {
        Some(r) => assert_eq!(o["refutation"]["line"][0], r, "{o}"),
        None => assert!(o["refutation"].is_null(), "{o}"),
    }
    a
}
