#!/usr/bin/env python3
"""pecp as a UCI engine, driven by a real client (python-chess).

Usage: python3 tests/uci_check.py PECP_BINARY TABLES_DIR [STARTS]

From STARTS seeded KPK positions (default 40; either colour with the pawn,
either side to move), pecp plays both sides, then pecp plays against
Stockfish at depth 1 (if Stockfish is installed; skipped with a message
otherwise), each through UCI. Every move pecp plays must keep its side's
tablebase value (python-chess reads the Syzygy tables itself). A game is
played on past a promotion to a queen or rook until it ends, leaves these
endings (a capture, a minor promotion) or reaches 250 plies, and is
adjudicated by the tables; with pecp on both sides every won game must end
in checkmate. `engine.analyse` must return the explanation in words. Prints
one line per match and exits 1 on a failure.
"""
import random
import shutil
import sys

import chess
import chess.engine
import chess.syzygy


def kpk_starts(n, seed=1):
    rng = random.Random(seed)
    starts = []
    while len(starts) < n:
        board = chess.Board(None)
        pawn_white = rng.random() < 0.5
        squares = rng.sample(range(64), 3)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        rank = chess.square_rank(squares[2])
        if rank in (0, 7):
            continue
        board.set_piece_at(squares[2], chess.Piece(chess.PAWN, pawn_white))
        board.turn = rng.random() < 0.5
        if board.is_valid() and not board.is_game_over():
            starts.append(board)
    return starts


def is_kpk(board):
    return len(board.piece_map()) == 3 and len(board.pieces(chess.PAWN, chess.WHITE) | board.pieces(chess.PAWN, chess.BLACK)) == 1


def is_mating(board):
    """King and queen or king and rook against the lone king."""
    majors = board.pieces(chess.QUEEN, chess.WHITE) | board.pieces(chess.QUEEN, chess.BLACK) | \
        board.pieces(chess.ROOK, chess.WHITE) | board.pieces(chess.ROOK, chess.BLACK)
    return len(board.piece_map()) == 3 and len(majors) == 1


def wdl(tb, board):
    """WDL from White's view: 1 win, 0 draw, -1 loss (cursed counted by sign)."""
    if board.is_checkmate():
        return -1 if board.turn == chess.WHITE else 1
    if board.is_game_over():
        return 0
    v = tb.probe_wdl(board)
    v = (v > 0) - (v < 0)
    return v if board.turn == chess.WHITE else -v


def play(pecp, other, tb, start, pecp_colours):
    """Plays from start; returns (moves pecp played, of which kept the value,
    the opponent's moves, of which kept the value, final WDL, checkmate)."""
    board = start.copy()
    played = kept = 0
    other_played = other_kept = 0
    for _ in range(250):
        if board.is_game_over() or not (is_kpk(board) or is_mating(board)):
            break
        engine = pecp if board.turn in pecp_colours else other
        result = engine.play(board, chess.engine.Limit(depth=1))
        if result.move is None:
            raise SystemExit(f"no move from {'pecp' if engine is pecp else 'the opponent'} in {board.fen()}")
        before = wdl(tb, board)
        board.push(result.move)
        side = 1 if board.turn == chess.BLACK else -1  # the side that moved
        ok = before * side <= wdl(tb, board) * side
        if engine is pecp:
            played += 1
            kept += ok
            if not ok:
                print(f"uci_check: pecp's {result.move} gives the value away in {start.fen()}", file=sys.stderr)
        else:
            other_played += 1
            other_kept += ok
    return played, kept, other_played, other_kept, wdl(tb, board), board.is_checkmate()


def main():
    pecp_bin, tables = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    tb = chess.syzygy.open_tablebase(tables)
    starts = kpk_starts(n)
    failed = False
    with chess.engine.SimpleEngine.popen_uci([pecp_bin, "uci", "--tablebases", tables]) as pecp:
        info = pecp.analyse(chess.Board("8/8/3k4/8/8/3PK3/8/8 w - - 0 1"), chess.engine.Limit(depth=1))
        words = info.get("string", "")
        if "wins" not in words or info["pv"][0] != chess.Move.from_uci("e3d4"):
            print(f"uci_check: analyse gave {info}", file=sys.stderr)
            failed = True
        played = kept = won = mated = 0
        for s in starts:
            p, k, _, _, result, mate = play(pecp, pecp, tb, s, {chess.WHITE, chess.BLACK})
            played, kept = played + p, kept + k
            won += result != 0
            mated += result != 0 and mate
            if result != 0 and not mate:
                print(f"uci_check: the won game from {s.fen()} ends without mate", file=sys.stderr)
        print(
            f"uci_check: pecp against pecp from {n} starts: {kept}/{played} moves keep the value; "
            f"{mated} of {won} won games end in checkmate"
        )
        failed |= kept != played or mated != won
        sf_path = shutil.which("stockfish") or shutil.which("/usr/games/stockfish")
        if sf_path is None:
            print("uci_check: SKIPPED pecp against Stockfish: stockfish is not installed")
        else:
            with chess.engine.SimpleEngine.popen_uci(sf_path) as sf:
                played = kept = sf_played = sf_kept = 0
                for i, s in enumerate(starts):
                    pecp_side = chess.WHITE if i % 2 == 0 else chess.BLACK
                    p, k, op, ok, _, _ = play(pecp, sf, tb, s, {pecp_side})
                    played, kept, sf_played, sf_kept = played + p, kept + k, sf_played + op, sf_kept + ok
                print(
                    f"uci_check: pecp against Stockfish (depth 1) from {n} starts, pecp White and Black "
                    f"in turn: pecp's moves keep the value {kept}/{played}, Stockfish's {sf_kept}/{sf_played}"
                )
                failed |= kept != played
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
