//! The optional 4-piece tables (the pawn endings beyond KPK and what
//! their promotions lead to): found where the 3-piece ones are, each
//! checked against its digest in `tablebases/SHA256SUMS`, a damaged one
//! refused, a missing one skipped; and probed for the ends of their two
//! pawn endings that the tables' own statistics name.

mod common;

use std::path::Path;

use pecp::Tablebases;
use pecp::board::position::parse_chess;
use pecp::judges::files::expected_files;
use pecp::judges::tablebase::Wdl;

fn copy(from: &Path, to: &Path, names: impl Iterator<Item = &'static str>) {
    std::fs::create_dir_all(to).unwrap();
    for n in names {
        std::fs::copy(from.join(n), to.join(n)).unwrap();
    }
}

#[test]
fn sixty_four_piece_files_are_known_with_their_digests() {
    let files = expected_files();
    assert_eq!(files.iter().filter(|e| e.required).count(), 10);
    let four: Vec<_> = files.iter().filter(|e| !e.required).collect();
    assert_eq!(four.len(), 60);
    for name in [
        "KPvKP.rtbw",
        "KPvKP.rtbz",
        "KPPvK.rtbw",
        "KPPvK.rtbz",
        "KQvKP.rtbz",
        "KQvKQ.rtbw",
    ] {
        assert!(four.iter().any(|e| e.name == name), "{name}");
    }
    assert!(four.iter().all(|e| e.digest.len() == 64 && e.size > 0));
}

#[test]
fn the_pawn_endings_beyond_kpk_probe_as_the_tables_statistics_say() {
    let Some(dir) = common::four_piece_tables("four-piece probes") else {
        return;
    };
    let t = Tablebases::open_with_four_pieces(std::slice::from_ref(&dir)).unwrap();
    // The longest wins in the generator's statistics: KPvKP, White to
    // move; KPPvK, Black to move.
    let kpkp = parse_chess("8/7k/1p6/1P6/7K/8/8/8 w - - 0 1").unwrap();
    assert_eq!(t.wdl(&kpkp).unwrap(), Wdl::Win);
    let kppk = parse_chess("8/1P6/Pk6/8/8/8/8/K7 b - - 0 1").unwrap();
    assert_eq!(t.wdl(&kppk).unwrap(), Wdl::Loss);
    // Opened for KPK alone, the 3-piece set cannot judge them: an error,
    // not a wrong value or a panic.
    let three = Tablebases::open_in(&[dir]).unwrap();
    assert_eq!(three.four_piece_files(), 0);
    assert!(three.wdl(&kpkp).is_err());
}

#[test]
fn tablebases_check_reports_the_four_piece_set() {
    let Some(dir) = common::four_piece_tables("tablebases check, 4 pieces") else {
        return;
    };
    let d = dir.to_str().unwrap();
    let o = common::pecp(&["tablebases", "check", "--tablebases", d]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{text}");
    assert!(text.contains("60 of 60 present and correct"), "{text}");

    // Only the 3-piece set, one 4-piece file, and one damaged: the damaged
    // file is named and fails the check; without it the check passes.
    let tmp = std::env::temp_dir().join(format!("pecp-four-{}", std::process::id()));
    let three = expected_files()
        .into_iter()
        .filter(|e| e.required)
        .map(|e| e.name);
    copy(&dir, &tmp, three.chain(["KPvKP.rtbw"]));
    std::fs::write(tmp.join("KPPvK.rtbz"), b"not a table").unwrap();
    let t = tmp.to_str().unwrap();
    let o = common::pecp(&["tablebases", "check", "--tablebases", t]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(2), "{text}");
    assert!(text.contains("KPPvK.rtbz found, 11 bytes"), "{text}");
    assert!(
        text.contains("1 of 60 present and correct, 1 damaged"),
        "{text}"
    );
    assert!(Tablebases::open_with_four_pieces(std::slice::from_ref(&tmp)).is_err());
    // The commands of KPK open the 3-piece set alone and do not mind.
    assert!(Tablebases::open_in(std::slice::from_ref(&tmp)).is_ok());
    std::fs::remove_file(tmp.join("KPPvK.rtbz")).unwrap();
    let o = common::pecp(&["tablebases", "check", "--tablebases", t]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{text}");
    assert!(text.contains("1 of 60 present and correct\n"), "{text}");
    let opened = Tablebases::open_with_four_pieces(std::slice::from_ref(&tmp)).unwrap();
    assert_eq!(opened.four_piece_files(), 1);
    let _ = std::fs::remove_dir_all(&tmp);
}
