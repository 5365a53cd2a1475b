//! The `pecp` command line: parse arguments, call the library, print, and map
//! every error to one line on stderr with exit code 2.
#![forbid(unsafe_code)]

mod cli;
mod commands;

fn main() {
    std::process::exit(cli::run());
}
