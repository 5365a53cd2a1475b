//! `pecp validate` and `pecp compare` as text.

use crate::apps::validate::{Count, Counterexample, Report, RuleRecord, ratio};

/// The short text report a rule author reads.
pub fn text(r: &Report, examples: &[Counterexample]) -> String {
    let mut s = truth_lines(r);
    s.push_str(&classification(r));
    s.push_str(&soundness(r));
    s.push_str(&worst_rules(&r.rules));
    if !examples.is_empty() {
        s.push_str(&format!(
            "\nfirst counterexamples (of {}):\n",
            examples.len()
        ));
        for (i, e) in examples.iter().take(10).enumerate() {
            s.push_str(&format!("  {}\n", e.epd(i + 1)));
        }
    }
    s
}

fn truth_lines(r: &Report) -> String {
    let depth = r.depth.map_or(String::new(), |d| format!(" (depth {d})"));
    let edwards = match r.counts_match_edwards {
        Some(true) => " (match Edwards 1996: 163,328 / 168,024 / 222,564 / 108,788)",
        Some(false) => " (MISMATCH with Edwards 1996: the enumeration is wrong)",
        None => "",
    };
    format!(
        "positions: {} ({} white to move, {} black to move); truth: {}; selector: {}{depth}\n\
         truth: {} wins for White, {} draws{edwards}\n",
        r.positions,
        r.white_to_move,
        r.black_to_move,
        r.truth,
        r.selector,
        r.tb_white_wins,
        r.tb_draws,
    )
}

/// "0: 303184, 1: 12828, 2: 4488".
fn by_depth(counts: &[usize]) -> String {
    let parts: Vec<String> = counts
        .iter()
        .enumerate()
        .map(|(d, n)| format!("{d}: {n}"))
        .collect();
    parts.join(", ")
}

fn classification(r: &Report) -> String {
    let c = &r.classification;
    let m = &c.confusion;
    let l1 = &r.classification_level1;
    let p = &r.proofs;
    let mut s = format!(
        "\nclassification accuracy: {:.4} (white to move {:.4}, black to move {:.4}); \
         the rules on the position alone: {:.4}\n\
         proved by a rule: {} ({} right); by the moves, one ply: {} ({} right); \
         {}unproved: {}\n",
        c.accuracy,
        c.accuracy_white_to_move,
        c.accuracy_black_to_move,
        l1.accuracy,
        p.rule.positions,
        p.rule.sound,
        p.moves.positions,
        p.moves.sound,
        match p.calc {
            0 | 1 => String::new(),
            n => format!(
                "by calculation, 2 to {n} plies: {} ({} right); ",
                p.calculation.positions, p.calculation.sound
            ),
        },
        p.unproved
    );
    s.push_str(&format!(
        "proved by plies of calculation: {}\n",
        by_depth(&p.by_depth)
    ));
    let f = &r.refutations;
    if p.calc > 0 {
        s.push_str(&format!(
            "moves that throw the value away: {}; refuted, by plies after the reply: {}; unrefuted: {}\n",
            f.value_losing,
            by_depth(&f.by_depth),
            f.mute
        ));
    }
    s.push_str("              called win  called draw  unknown\n");
    s.push_str(&format!(
        "  truth win   {:>10}  {:>11}  {:>7}\n  truth draw  {:>10}  {:>11}  {:>7}\n",
        m.win_as_win,
        m.win_as_draw,
        m.win_as_unknown,
        m.draw_as_win,
        m.draw_as_draw,
        m.draw_as_unknown
    ));
    s
}

fn soundness(r: &Report) -> String {
    let mut s = format!(
        "\ndeterministic: {} positions decided, {} sound ({:.4}); conflicts: {}; no rule: {}\n",
        r.deterministic.positions,
        r.deterministic.sound,
        ratio(r.deterministic.sound, r.deterministic.positions),
        r.deterministic_conflicts,
        r.no_rule
    );
    let ms = &r.move_soundness;
    s.push_str(&format!(
        "move soundness: white keeps the win in {}/{} ({:.4}); black keeps the draw in {}/{} ({:.4})\n",
        ms.white_in_won.sound,
        ms.white_in_won.positions,
        ratio(ms.white_in_won.sound, ms.white_in_won.positions),
        ms.black_in_drawn.sound,
        ms.black_in_drawn.positions,
        ratio(ms.black_in_drawn.sound, ms.black_in_drawn.positions)
    ));
    let free = &ms.black_takes_free_pawn;
    s.push_str(&format!(
        "free pawn: black takes it in {}/{} drawn positions where it can ({:.4})\n",
        free.sound,
        free.positions,
        ratio(free.sound, free.positions)
    ));
    if let Some(cv) = &r.conversion {
        s.push_str(&format!(
            "conversion against perfect defence: {}/{} ({:.4}); mean {:.1} plies (tablebase-optimal {:.1})\n",
            cv.converted,
            cv.positions,
            ratio(cv.converted, cv.positions),
            cv.mean_plies,
            cv.mean_plies_optimal
        ));
        for (t, n) in &cv.failures {
            s.push_str(&format!("  failed by {t}: {n}\n"));
        }
    }
    if let Some(m) = &r.conversion_to_mate {
        s.push_str(&format!(
            "on to mate (mating rules, MATER first): {}/{} ({:.4}); stalemated {}, piece lost {}, no mate in fifty moves {}; \
             {:.1} plies after the promotion (perfect play {:.1})\n",
            m.mated,
            m.positions,
            ratio(m.mated, m.positions),
            m.stalemated,
            m.piece_lost,
            m.fifty_move,
            m.mean_plies_after_promotion,
            m.mean_plies_after_promotion_optimal
        ));
    }
    s
}

fn worst_rules(rules: &[RuleRecord]) -> String {
    let mut worst: Vec<&RuleRecord> = rules.iter().filter(|r| r.fired > 0).collect();
    worst.sort_by_key(|r| std::cmp::Reverse(r.fired - r.agree));
    let mut s = String::from("\nworst rules by disagreement (fired, agree, share):\n");
    for r in worst.iter().take(10) {
        s.push_str(&format!(
            "  {:<32} {:<13} w {:.2}  {:>7} {:>7}  {:.4}\n",
            r.id,
            r.kind.word(),
            r.weight,
            r.fired,
            r.agree,
            ratio(r.agree, r.fired)
        ));
    }
    s
}

/// `pecp compare`: one markdown table row per selector, after a line that
/// says what was measured (`sample` is the sample size, 0 for all).
pub fn compare_table(rows: &[(String, Report)], sample: usize, seed: u64) -> String {
    let Some((_, r0)) = rows.first() else {
        return String::new();
    };
    let which = if sample > 0 {
        format!("sample of {sample}, seed {seed}")
    } else {
        "all".into()
    };
    let mut s = format!(
        "{} positions ({which}), truth: {}; one thread count for all: {}\n\n",
        r0.positions, r0.truth, r0.threads
    );
    s.push_str(
        "| selector | white keeps win | black keeps draw | conversion | selection time (s) |\n",
    );
    s.push_str("|---|---|---|---|---|\n");
    for (label, r) in rows {
        let ms = &r.move_soundness;
        let pct = |c: &Count| percent(c.sound, c.positions);
        let conv = r.conversion.as_ref().map_or("-".to_string(), |c| {
            format!(
                "{:.2}% ({}/{})",
                percent(c.converted, c.positions),
                c.converted,
                c.positions
            )
        });
        s.push_str(&format!(
            "| {label} | {:.2}% ({}/{}) | {:.2}% ({}/{}) | {conv} | {:.2} |\n",
            pct(&ms.white_in_won),
            ms.white_in_won.sound,
            ms.white_in_won.positions,
            pct(&ms.black_in_drawn),
            ms.black_in_drawn.sound,
            ms.black_in_drawn.positions,
            r.selection_s
        ));
    }
    s
}

/// The report of `validate --ending` as text.
pub fn ending_text(r: &crate::apps::endings::EndingReport) -> String {
    let share = |n: usize| 100.0 * n as f64 / r.positions.max(1) as f64;
    let mut s = format!(
        "{}: {} won positions, the piece side to move, played by {} against perfect defence ({})\n",
        r.ending.to_uppercase(),
        r.positions,
        r.player,
        r.truth
    );
    s += &format!(
        "  mated within fifty moves: {} ({:.2}%)\n",
        r.mated,
        share(r.mated)
    );
    s += &format!("  stalemated:               {}\n", r.stalemated);
    s += &format!("  piece lost:               {}\n", r.piece_lost);
    s += &format!("  no mate in fifty moves:   {}\n", r.fifty_move);
    s += &format!(
        "  moves to mate: mean {:.2} (optimal {:.2}), worst {} (optimal {})\n",
        r.mean_moves, r.mean_moves_optimal, r.worst_moves, r.worst_moves_optimal
    );
    if let Some(m) = &r.mater_alone {
        s += &format!(
            "  MATER alone (at most {} positions a search): by checks {} / {} / {}, by checks and threats {} / {} / {} mates within 5 / 10 / 20 moves\n",
            m.nodes,
            m.checks[0],
            m.checks[1],
            m.checks[2],
            m.threats[0],
            m.threats[1],
            m.threats[2]
        );
    }
    for f in &r.failures {
        s += &format!("  not mated: {f}\n");
    }
    s
}

/// How the verdicts (White wins or not) of a pawn ending are proved.
fn pawn_proofs(p: &crate::apps::validate::Proofs, positions: usize) -> String {
    let proved = p.rule.positions + p.moves.positions + p.calculation.positions;
    let right = p.rule.sound + p.moves.sound + p.calculation.sound;
    let how = match p.calc {
        0 => "by a rule".to_string(),
        n => format!("by a rule or by at most {n} plies of calculation"),
    };
    format!(
        "  verdicts proved {how}: {} ({:.2}%), {} right; unproved: {}\n  \
         proved by plies of calculation: {}\n",
        proved,
        percent(proved, positions),
        right,
        p.unproved,
        by_depth(&p.by_depth)
    )
}

/// `validate --ending kppk|kpkp` as text.
pub fn pawn_text(r: &crate::apps::pawn_validate::PawnReport) -> String {
    let c = &r.confusion;
    let drawn = match (r.sample, r.seed) {
        (Some(n), Some(seed)) => format!("; a sample of about {n}, seed {seed}"),
        _ => String::new(),
    };
    let mut s = format!(
        "{}: {} positions ({} White to move{drawn}), judged by the 4-piece Syzygy tables\n",
        r.ending.to_uppercase(),
        r.positions,
        r.white_to_move
    );
    s += &format!(
        "  by the tables: White wins {}, draws {}, Black wins {}\n",
        r.truth[0], r.truth[1], r.truth[2]
    );
    let right = c.win_as_win + c.draw_as_draw;
    s += &format!(
        "  level-1 verdicts right: {right} ({:.2}%); won called drawn {}, unknown {}; not won called won {}, unknown {}\n",
        percent(right, r.positions),
        c.win_as_draw,
        c.win_as_unknown,
        c.draw_as_win,
        c.draw_as_unknown
    );
    s += &format!(
        "  deterministic verdicts: {} positions ({:.2}%), {} sound ({:.2}%)\n",
        r.deterministic.positions,
        percent(r.deterministic.positions, r.positions),
        r.deterministic.sound,
        percent(r.deterministic.sound, r.deterministic.positions)
    );
    for (what, count) in [
        (
            "White to move, won: the chosen move keeps the win",
            &r.white_in_won,
        ),
        (
            "Black to move, drawn: the chosen move keeps the draw",
            &r.black_in_drawn,
        ),
        (
            "either to move, won: the chosen move keeps the win",
            &r.mover_in_won,
        ),
        (
            "either to move, drawn: the chosen move keeps the draw",
            &r.mover_in_drawn,
        ),
    ] {
        if let Some(m) = count {
            let what = match r.side {
                Some("white") => what.replace("either to move", "White to move"),
                Some(_) => what.replace("either to move", "Black to move"),
                None => what.to_string(),
            };
            s += &format!(
                "  {what}: {} / {} ({:.2}%)\n",
                m.sound,
                m.positions,
                percent(m.sound, m.positions)
            );
        }
    }
    s += &pawn_overrules(r);
    s += &pawn_proofs(&r.proofs, r.positions);
    if let Some(c) = &r.conversion {
        s += &pawn_conversion(c, r.calc);
    }
    s + &pawn_rules(&r.rules)
}

/// Where calculation overruled the selection's move, by reason.
fn pawn_overrules(r: &crate::apps::pawn_validate::PawnReport) -> String {
    if r.calc == 0 {
        return String::new();
    }
    let mut s = format!(
        "  calculation ({} plies) checks the chosen move: it overrules the selection in {} positions\n",
        r.calc, r.overruled
    );
    for (count, what) in [
        (
            &r.proved_instead,
            "plays a move proved to keep the value, the proposal not proved to",
        ),
        (
            &r.ruled_out,
            "rules out a move proved to lose for one it does not refute",
        ),
        (
            &r.holds,
            "gives up a move proved not to win, not proved not to lose, for one proved not to lose",
        ),
        (
            &r.chances,
            "gives up a move proved not to win for one proved not to lose",
        ),
    ] {
        if count.positions > 0 {
            s += &format!(
                "  of which it {what}: {} (the move played keeps the value in {})\n",
                count.positions, count.sound
            );
        }
    }
    s
}

/// The playouts of won positions in lines.
fn pawn_conversion(c: &crate::apps::pawn_playout::PawnConversion, calc: u8) -> String {
    format!(
        "  playout of {} of the {} won positions (PECP with {calc} plies of calculation against the tables' defence): the line wins {} / {} ({:.2}%): mate {}, stopped where no book plays and won by the tables {}; PECP's moves: {}\n",
        c.lines,
        c.won_positions,
        c.won,
        c.lines,
        percent(c.won, c.lines),
        c.checkmate,
        c.judged_won,
        c.pecp_moves
    )
}

/// Each rule of a pawn ending's book: fired, and agreeing with the tables;
/// the id column as wide as the longest id.
fn pawn_rules(rules: &[RuleRecord]) -> String {
    let mut s = String::from("  rules (fired, agreeing with the tables):\n");
    let width = rules.iter().map(|x| x.id.len()).max().unwrap_or(0).max(28);
    for rule in rules {
        s += &format!(
            "    {:<width$} {:<13} {:.2} {:>9} {:>9} ({:.2}%)\n",
            rule.id,
            rule.kind.word(),
            rule.weight,
            rule.fired,
            rule.agree,
            percent(rule.agree, rule.fired)
        );
    }
    s
}

/// `compare --ending kpkp|kppk` as a table.
pub fn pawn_compare_table(c: &crate::apps::pawn_compare::PawnComparison) -> String {
    let which = match (c.sample, c.seed) {
        (Some(n), Some(seed)) => format!("a sample of about {n}, seed {seed}"),
        _ => "all".into(),
    };
    let mut s = format!(
        "{}: {} positions ({which}); PECP's move checked by {} plies of calculation; one thread count for all: {}\n\n",
        c.ending.to_uppercase(),
        c.positions,
        c.calc,
        c.threads
    );
    s.push_str("| selector | the mover keeps a win | keeps a draw it could lose | selection time (s, all threads) |\n");
    s.push_str("|---|---|---|---|\n");
    let cell = |n: &Count| {
        format!(
            "{:.2}% ({}/{})",
            percent(n.sound, n.positions),
            n.sound,
            n.positions
        )
    };
    for r in &c.rows {
        s.push_str(&format!(
            "| {} | {} | {} | {:.2} |\n",
            r.selector,
            cell(&r.mover_in_won),
            cell(&r.mover_in_drawn),
            r.selection_s
        ));
    }
    s
}

/// `a` of `b` in per cent, for two decimals: short of all is never shown
/// as 100.00%.
fn percent(a: usize, b: usize) -> f64 {
    let p = 100.0 * a as f64 / b.max(1) as f64;
    if a < b { p.min(99.99) } else { p }
}
