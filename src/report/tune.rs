//! `pecp tune` as text and JSON.

use crate::apps::tune::TuneReport;

/// The table of generations (every tenth and the last), the weights before
/// and after, and the check over every position.
pub fn text(r: &TuneReport) -> String {
    let mut s = format!(
        "{}: {} averaged weights over {} positions\n\ngeneration  best    mean\n",
        r.command,
        r.weights.len(),
        r.positions
    );
    let last = r.history.len().saturating_sub(1);
    for g in r
        .history
        .iter()
        .filter(|g| g.generation % 10 == 0 || g.generation == last)
    {
        s.push_str(&format!(
            "{:>10}  {:.4}  {:.4}\n",
            g.generation, g.best, g.mean
        ));
    }
    s.push_str("\nrule                             before  tuned\n");
    for w in &r.weights {
        s.push_str(&format!("  {:<32} {:.3}  {:.3}\n", w.id, w.before, w.tuned));
    }
    s.push_str(&format!(
        "\nlevel-1 classification over the positions tuned on: {:.4} before, {:.4} tuned\n",
        r.fitness_before, r.fitness_tuned
    ));
    s.push_str(&sweep_line("before", &r.before));
    s.push_str(&sweep_line("tuned ", &r.checked));
    match &r.rejected_because {
        None => s.push_str("accepted: every chosen move keeps the value\n"),
        Some(why) => s.push_str(&format!("rejected: {why}\n")),
    }
    s
}

fn sweep_line(label: &str, v: &crate::apps::validate::Report) -> String {
    let ms = &v.move_soundness;
    let conv = v.conversion.as_ref().map_or(String::new(), |c| {
        format!("; conversion {}/{}", c.converted, c.positions)
    });
    format!(
        "{label}: all {} positions, level 1 {:.4}, verdict {:.4}; white keeps the win {}/{}, black keeps the draw {}/{}{conv}\n",
        v.positions,
        v.classification_level1.accuracy,
        v.classification.accuracy,
        ms.white_in_won.sound,
        ms.white_in_won.positions,
        ms.black_in_drawn.sound,
        ms.black_in_drawn.positions
    )
}

/// The whole report as JSON.
pub fn json(r: &TuneReport) -> String {
    crate::report::json_pretty(r)
}
