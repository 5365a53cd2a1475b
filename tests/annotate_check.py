#!/usr/bin/env python3
"""`pecp annotate` read back by real PGN readers.

Usage: python3 tests/annotate_check.py PECP_BINARY

Annotates tests/data/games.pgn; python-chess must read every annotated
game with the same mainline moves and headers as the original, and
pgn-extract (if installed) must parse the output without errors.
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


def main():
    pecp = sys.argv[1]
    src = open("tests/data/games.pgn").read()
    run = subprocess.run([pecp, "annotate", "tests/data/games.pgn"], capture_output=True, text=True)
    before, after = games(src), games(run.stdout)
    ok = len(before) == len(after)
    for a, b in zip(before, after):
        if list(a.mainline_moves()) != list(b.mainline_moves()) or dict(a.headers) != dict(b.headers):
            print(f"annotate_check: game {a.headers.get('Event')} changed", file=sys.stderr)
            ok = False
        if b.errors and not a.errors:
            print(f"annotate_check: python-chess: {b.errors}", file=sys.stderr)
            ok = False
    extract = shutil.which("pgn-extract") or shutil.which("/usr/games/pgn-extract")
    if extract:
        r = subprocess.run([extract, "-s"], input=run.stdout, capture_output=True, text=True)
        if r.returncode != 0 or "rror" in r.stderr:
            print(f"annotate_check: pgn-extract: {r.stderr.strip()}", file=sys.stderr)
            ok = False
    print(f"annotate_check: {len(after)} games read back by python-chess"
          + (" and pgn-extract" if extract else "") + (", OK" if ok else ", FAILED"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
