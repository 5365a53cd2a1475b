#!/usr/bin/env python3
"""`pecp annotate` read back by real PGN readers.

Usage: python3 tests/annotate_check.py PECP_BINARY

Annotates tests/data/games.pgn and tests/data/pawn_games.pgn; python-chess must read every annotated
game with the same mainline moves and headers as the original, and
pgn-extract (if installed) must parse the output without errors. Then the
same games with unreadable ones between them (a token that is not a move,
a variation not closed, Latin-1 text): pecp keeps those behind PGN's `%`
escape, and both readers must read exactly the good games back, the
Latin-1 letters intact.
"""
import io
import shutil
import subprocess
import sys

import chess.pgn


def games(text):
    stream = io.StringIO(text)
    out = []
    while (g := chess.pgn.read_game(stream)) is not None:
        out.append(g)
    return out


BAD = """[Event "Bad move"]
[FEN "8/8/3k4/8/8/3PK3/8/8 w - - 0 1"]
[SetUp "1"]

1. Kd4 ( 1. Kz9 Kd7 ) 1... Kc6 1-0

[Event "Open variation"]
[FEN "8/8/3k4/8/8/3PK3/8/8 w - - 0 1"]
[SetUp "1"]

1. Kd4 ( 1. Ke4 Kd7 1-0

"""


def pgn_extract_ok(extract, text):
    r = subprocess.run([extract, "-s"], input=text, capture_output=True, text=True)
    if r.returncode != 0 or "rror" in r.stderr:
        print(f"annotate_check: pgn-extract: {r.stderr.strip()}", file=sys.stderr)
        return False
    return True


def with_bad_games(pecp, src, extract):
    """Good games around unreadable ones, in Latin-1: the good ones come back."""
    good = src.replace('[Site "Ankara"]', '[Site "Ankara, Caf\u00e9"]')
    latin1 = (BAD + good).encode("latin-1")
    run = subprocess.run([pecp, "annotate", "-"], input=latin1, capture_output=True)
    out = run.stdout.decode("utf-8")
    after = games(out)
    ok = len(after) == len(games(src)) and run.returncode == 2
    ok = ok and after[0].headers.get("Site") == "Ankara, Caf\u00e9"
    ok = ok and out.count("% 1. Kd4 ( 1. Kz9 Kd7 ) 1... Kc6 1-0") == 1
    if not ok:
        print(f"annotate_check: with bad games: {len(after)} games, exit {run.returncode}", file=sys.stderr)
    if extract:
        ok = pgn_extract_ok(extract, out) and ok
    return ok


def read_back(pecp, path, extract):
    """The annotated games of `path` have the original's moves and headers."""
    src = open(path).read()
    run = subprocess.run([pecp, "annotate", path], capture_output=True, text=True)
    before, after = games(src), games(run.stdout)
    ok = len(before) == len(after) and len(after) > 0
    for a, b in zip(before, after):
        if list(a.mainline_moves()) != list(b.mainline_moves()) or dict(a.headers) != dict(b.headers):
            print(f"annotate_check: {path}: game {a.headers.get('Event')} changed", file=sys.stderr)
            ok = False
        if b.errors and not a.errors:
            print(f"annotate_check: {path}: python-chess: {b.errors}", file=sys.stderr)
            ok = False
    if extract:
        ok = pgn_extract_ok(extract, run.stdout) and ok
    return len(after), ok


def main():
    pecp = sys.argv[1]
    extract = shutil.which("pgn-extract") or shutil.which("/usr/games/pgn-extract")
    count, ok = 0, True
    # KPK games, and games that reach a pawn each or two pawns against
    # the king (annotated with the 4-piece tables where SYZYGY_PATH has them).
    for path in ["tests/data/games.pgn", "tests/data/pawn_games.pgn"]:
        n, good = read_back(pecp, path, extract)
        count, ok = count + n, ok and good
    src = open("tests/data/games.pgn").read()
    ok = with_bad_games(pecp, src, extract) and ok
    print(f"annotate_check: {count} games read back by python-chess"
          + (" and pgn-extract" if extract else "") + (", OK" if ok else ", FAILED"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
