//! `cargo bench`: level-1 evaluation of one position, and one whole line
//! (the paper's position, PECP against the embedded solver), beside
//! `pecp bench`.

use pecp::Input;
use pecp::board::facts::Node;
use pecp::judges::truth::Truth;
use pecp::knowledge::evaluate::evaluate;
use pecp::play::line::{Config, Player, generate};

fn main() {
    divan::main();
}

/// Level 1 on the paper's position (Fig. 3).
#[divan::bench]
fn level1_one_position(b: divan::Bencher) {
    let k = Input::parse("8/8/3k4/8/8/3PK3/8/8 w - - 0 1").unwrap().kpk;
    let node = Node::from_kpk(k);
    b.bench(|| evaluate(divan::black_box(&node)));
}

/// The paper's line, PECP against the embedded solver's defence.
#[divan::bench]
fn paper_line(b: divan::Bencher) {
    let start = Input::parse("8/8/3k4/8/8/3PK3/8/8 w - - 0 1")
        .unwrap()
        .kpk
        .to_chess();
    let truth = Truth::new(None);
    let cfg = Config {
        black: Player::Tablebase,
        ..Config::default()
    };
    b.bench(|| {
        generate(divan::black_box(&start), &cfg, &truth)
            .unwrap()
            .plies
            .len()
    });
}
