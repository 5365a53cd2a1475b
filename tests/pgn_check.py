#!/usr/bin/env python3
"""Reads pecp's PGN with python-chess: it must parse without errors, replay
legally from its FEN, carry a comment in words and an arrow for every move,
and end with the result the tags announce; pgn-extract must accept it."""
import io
import re
import os
import shutil
import subprocess
import sys
import tempfile

import chess
import chess.pgn

pecp = sys.argv[1]
pgn_extract = shutil.which("pgn-extract") or (
    "/usr/games/pgn-extract" if os.path.exists("/usr/games/pgn-extract") else None)
if pgn_extract is None:
    print("pgn_check: pgn-extract not installed; checking with python-chess only")
cases = [
    ("8/8/3k4/8/8/3PK3/8/8 w - - 0 1", []),
    ("8/8/3k4/8/8/3PK3/8/8 w - - 0 1", ["--black", "tablebase"]),
    ("8/8/3pk3/8/8/3K4/8/8 b - - 0 1", ["--white", "tablebase"]),
    ("k7/8/8/K7/P7/8/8/8 w - - 0 1", []),
    ("8/8/3k4/8/8/3PK3/8/8 w - - 0 1", ["--verbose"]),
    ("8/8/3k4/8/8/3PK3/8/8 w - - 0 1", ["--until", "promotion"]),
]
# By default a line is played to mate: the paper's position must end in a
# checkmate that python-chess sees on its own board.
mates = {"8/8/3k4/8/8/3PK3/8/8 w - - 0 1": "1-0", "8/8/3pk3/8/8/3K4/8/8 b - - 0 1": "0-1"}
for fen, extra in cases:
    out = subprocess.run([pecp, "line", fen, "--format", "pgn", *extra],
                         check=True, capture_output=True, text=True).stdout
    game = chess.pgn.read_game(io.StringIO(out))
    if game is None or game.errors:
        sys.exit(f"pgn_check: {fen} {extra}: python-chess errors {game.errors if game else 'no game'}")
    board = game.board()
    if board.fen() != fen:
        sys.exit(f"pgn_check: FEN tag {board.fen()} != {fen}")
    n = 0
    for node in game.mainline():
        move = node.move
        if move not in board.legal_moves:
            sys.exit(f"pgn_check: illegal move {move} in {fen}")
        # Every move has its reason in words and an arrow for the move
        # ([%cal]); python-chess reads the arrow out of the comment.
        arrows = node.arrows()
        words = re.sub(r"\[%[^\]]*\]", "", node.comment).strip()
        if len(words.split()) < 3:
            sys.exit(f"pgn_check: {fen}: move {n + 1} has no comment in words: {node.comment!r}")
        if not any(a.tail == move.from_square and a.head == move.to_square for a in arrows):
            sys.exit(f"pgn_check: {fen}: move {n + 1} has no arrow for {move}: {arrows}")
        board.push(move)
        n += 1
    if game.headers.get("Termination") not in ("normal", "adjudication", "unterminated"):
        sys.exit(f"pgn_check: {fen}: Termination {game.headers.get('Termination')!r} is not a standard value")
    result = game.headers["Result"]
    if result not in ("1-0", "0-1", "1/2-1/2", "*"):
        sys.exit(f"pgn_check: bad result {result}")
    if fen in mates and not extra[:1] == ["--until"]:
        if not board.is_checkmate():
            sys.exit(f"pgn_check: {fen} {extra}: the line does not end in checkmate: {board.fen()}")
        if result != mates[fen] or game.headers.get("PecpTermination") != "checkmate":
            sys.exit(f"pgn_check: {fen} {extra}: mate but Result {result}, {game.headers.get('PecpTermination')}")
        if "#" not in out:
            sys.exit(f"pgn_check: {fen} {extra}: no # in the PGN")
    if pgn_extract:
        with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
            f.write(out)
        # pgn-extract exits 0 even on bad games; its complaints go to stderr.
        run = subprocess.run([pgn_extract, "-s", "-r", f.name], capture_output=True, text=True)
        os.unlink(f.name)
        complaints = [l for l in run.stderr.splitlines()
                      if any(w in l for w in ("Failed", "Unknown", "rror", "Illegal", "Missing"))]
        if complaints:
            sys.exit(f"pgn_check: pgn-extract rejects the PGN of {fen}: {complaints[:3]}")
    print(f"pgn_check: {fen} {' '.join(extra)}: {n} plies, result {result}, OK"
          f"{' (python-chess and pgn-extract)' if pgn_extract else ' (python-chess)'}")
