//! Shared test helpers: finding the Syzygy tables.
#![allow(dead_code)]

use std::path::PathBuf;

use pecp::Tablebases;

/// The tables for tests: `SYZYGY_PATH`, else `tablebases/` in the crate.
/// With `PECP_REQUIRE_TABLES=1` (set by `.ci/run`) missing tables fail the
/// test; otherwise the test is skipped with a visible message.
pub fn tables(test: &str) -> Option<Tablebases> {
    let dir = std::env::var_os("SYZYGY_PATH")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tablebases"));
    match Tablebases::open(&dir) {
        Ok(t) => Some(t),
        Err(e) => {
            if std::env::var("PECP_REQUIRE_TABLES").is_ok_and(|v| v == "1") {
                panic!("{test}: Syzygy tables required (PECP_REQUIRE_TABLES=1) but: {e}");
            }
            eprintln!(
                "SKIPPED {test}: no Syzygy tables ({e}); link them into tablebases/ to run it"
            );
            None
        }
    }
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
