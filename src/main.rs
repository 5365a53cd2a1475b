//! The `pecp` command line: parse arguments, call the library, print, and map
//! every error to one line on stderr with exit code 2.
#![forbid(unsafe_code)]

mod cli;
mod commands;

/// The rule engine builds and drops many small sets per position: an
/// allocator made for that.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(cli::run());
}
