"""Sumoku play validation and scoring: the rules file's worked examples and every error."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from engine.core.errors import RuleError
from engine.sumoku.board import all_lines, run_cells
from engine.sumoku.scoring import evaluate_play
from engine.sumoku.tiles import MAX_LINE, colour, tile_id, values

O, S, G, Y, B, V = range(6)  # orange, sky, green, yellow, blue, vermillion


def row(r: int, c0: int, tiles: list[tuple[int, int]], copy: int = 0) -> list[list[int]]:
    """Placements along row r from column c0: tiles as (colour, value); a 9 is a 6-tile."""
    return [[tile_id(col, 6 if v == 9 else v, copy), r, c0 + i, v] for i, (col, v) in enumerate(tiles)]


def col(c: int, r0: int, tiles: list[tuple[int, int]], copy: int = 0) -> list[list[int]]:
    return [[tile_id(cl, 6 if v == 9 else v, copy), r0 + i, c, v] for i, (cl, v) in enumerate(tiles)]


def board_of(*plays: list[list[int]]) -> dict[tuple[int, int], tuple[int, int]]:
    return {(r, c): (t, v) for play in plays for t, r, c, v in play}


# The table after the first worked example: key 5, 1-9-3-7 along row 0 from the centre.
FIRST = row(0, 0, [(O, 1), (S, 9), (G, 3), (Y, 7)])
BOARD_1937 = board_of(FIRST)


def error(board, key, placements, *, first_play=False, **kw) -> RuleError:
    with pytest.raises(RuleError) as info:
        evaluate_play(board, key, placements, first_play=first_play, **kw)
    return info.value


# ---- the worked examples -------------------------------------------------------------
def test_example_first_play_1937_scores_20():
    result = evaluate_play({}, 5, FIRST, first_play=True)
    assert result.score == 20
    assert [(ln.direction, ln.values, ln.total) for ln in result.lines] == [("row", (1, 9, 3, 7), 20)]
    assert not result.makes_six


def test_example_extend_with_5_scores_25():
    result = evaluate_play(BOARD_1937, 5, row(0, 4, [(B, 5)]), first_play=False)
    assert result.score == 25
    assert [ln.values for ln in result.lines] == [(1, 9, 3, 7, 5)]


def test_example_column_hanging_from_7_scores_35():
    play = col(3, 1, [(B, 5), (V, 3)])
    result = evaluate_play(BOARD_1937, 5, play, first_play=False)
    assert result.score == 35
    assert {(ln.direction, ln.values) for ln in result.lines} == {("col", (7, 5, 3)), ("row", (1, 9, 3, 7))}


def test_house_rule_formed_only_gives_15_for_the_hanging_column():
    play = col(3, 1, [(B, 5), (V, 3)])
    result = evaluate_play(BOARD_1937, 5, play, first_play=False, scoring="formed")
    assert result.score == 15
    assert [ln.values for ln in result.lines] == [(7, 5, 3)]


def test_example_extend_and_build_column_scores_40():
    play = col(4, 0, [(B, 5), (S, 9), (G, 1)], copy=1)
    result = evaluate_play(BOARD_1937, 5, play, first_play=False)
    assert result.score == 25 + 15 == 40
    assert {ln.values for ln in result.lines} == {(1, 9, 3, 7, 5), (5, 9, 1)}


def test_example_column_whose_5_extends_3_7_scores_30():
    board = board_of(row(0, 0, [(O, 3), (S, 7)]))
    play = col(2, 0, [(G, 5), (Y, 9), (B, 1)])
    result = evaluate_play(board, 5, play, first_play=False)
    assert result.score == 30
    assert {ln.values for ln in result.lines} == {(3, 7, 5), (5, 9, 1)}


def test_same_play_scores_the_same_under_both_rules_when_nothing_crosses_old_tiles():
    play = col(2, 0, [(G, 5), (Y, 9), (B, 1)])
    board = board_of(row(0, 0, [(O, 3), (S, 7)]))
    assert evaluate_play(board, 5, play, first_play=False, scoring="formed").score == 30


# ---- how lines form ------------------------------------------------------------------
def test_single_tile_forms_lines_only_where_it_has_neighbours():
    # A 3 under the 7: the column 7-3 (10) is formed; no row line (no row neighbour),
    # and the row 1-9-3-7 crosses the column at an old tile: 10 + 20.
    result = evaluate_play(BOARD_1937, 5, [[tile_id(B, 3), 1, 3, 3]], first_play=False)
    assert result.score == 30
    assert {(ln.direction, ln.values) for ln in result.lines} == {("col", (7, 3)), ("row", (1, 9, 3, 7))}


def test_lone_direction_has_no_sum_rule():
    # A 2 under the 1 makes the column 1-2 (3, not a multiple of 5): refused; a 4 makes 5.
    err = error(BOARD_1937, 5, [[tile_id(B, 2), 1, 0, 2]])
    assert err.code == "err.sumoku.line_sum"
    assert evaluate_play(BOARD_1937, 5, [[tile_id(B, 4), 1, 0, 4]], first_play=False).score == 5 + 20


def test_single_tile_between_two_lines_scores_both_directions():
    # Row 1-9-3-7 on row 0 and a tile under the 1 and the 9 make the row 2-3 on row 1.
    board = board_of(FIRST, [[tile_id(B, 4), 1, 0, 4]])
    play = [[tile_id(V, 1), 1, 1, 1]]  # column 9-1 = 10, row 4-1 = 5
    result = evaluate_play(board, 5, play, first_play=False)
    formed = {(ln.direction, ln.values) for ln in result.lines}
    assert ("col", (9, 1)) in formed and ("row", (4, 1)) in formed
    # L2: the row 1-9-3-7 (crosses the column at the old 9), the column 1-4 (crosses the row at the old 4)
    assert ("row", (1, 9, 3, 7)) in formed and ("col", (1, 4)) in formed
    assert result.score == 10 + 5 + 20 + 5


def test_crossed_line_is_counted_once():
    # Two new tiles in row 1 under the 1 and the 9: the cross columns 1-x and 9-y both
    # cross row 0 at old tiles; row 0 is counted once.
    play = row(1, 0, [(B, 4), (V, 1)])  # row 4-1 = 5, columns 1-4 = 5 and 9-1 = 10
    result = evaluate_play(BOARD_1937, 5, play, first_play=False)
    assert [ln.values for ln in result.lines].count((1, 9, 3, 7)) == 1
    assert result.score == 5 + 5 + 10 + 20


def test_existing_tiles_fill_the_gap_between_new_ones():
    # A 5 at each end of 3-7 (the 3 and 7 already there): one run 5-3-7-5 = 20.
    board = board_of(row(0, 0, [(O, 3), (S, 7)]))
    play = [[tile_id(G, 5), 0, -1, 5], [tile_id(Y, 5), 0, 2, 5]]
    result = evaluate_play(board, 5, play, first_play=False)
    assert [ln.values for ln in result.lines] == [(5, 3, 7, 5)]
    assert result.score == 20


def test_a_six_long_line_is_flagged():
    play = row(0, -2, [(O, 1), (S, 2), (G, 3), (Y, 4), (B, 5), (V, 6)])
    result = evaluate_play({}, 3, play, first_play=True)
    assert result.makes_six and result.score == 21


def test_six_as_nine_uses_the_chosen_value():
    nine = evaluate_play({}, 5, [[tile_id(O, 6), 0, 0, 9], [tile_id(S, 1), 0, 1, 1]], first_play=True)
    assert nine.score == 10
    err = error({}, 5, [[tile_id(O, 6), 0, 0, 6], [tile_id(S, 1), 0, 1, 1]], first_play=True)
    assert err.code == "err.sumoku.line_sum" and "6-1" in str(err)


def test_first_play_may_lie_in_a_column_and_start_left_of_centre():
    play = col(0, -3, [(O, 1), (S, 2), (G, 3), (Y, 4)])
    assert evaluate_play({}, 5, play, first_play=True).score == 10


# ---- every error: its code and a message naming the line -------------------------------
def test_err_line_sum_names_the_column_and_its_sum():
    board = board_of(row(0, 0, [(O, 3), (S, 1)]))
    err = error(board, 4, col(0, 1, [(G, 5), (Y, 7)]))
    assert err.code == "err.sumoku.line_sum"
    assert err.message("en") == "The column 3-5-7 sums to 15, not a multiple of 4."
    zh = err.message("zh-TW")
    assert "直行" in zh and "3-5-7" in zh and "15" in zh and "4 的倍數" in zh


def test_err_line_colour_names_the_line_and_colour():
    err = error(BOARD_1937, 5, row(0, 4, [(O, 5)], copy=1))
    assert err.code == "err.sumoku.line_colour"
    msg = err.message("en")
    assert "row 1-9-3-7-5" in msg and "orange" in msg
    assert "橙色" in err.message("zh-TW")


def test_err_line_long():
    board = board_of(row(0, -2, [(O, 1), (S, 2), (G, 3), (Y, 4), (B, 5), (V, 6)]))
    err = error(board, 3, [[tile_id(O, 3, 1), 0, 4, 3]])
    assert err.code == "err.sumoku.line_long"
    assert "row 1-2-3-4-5-6-3" in str(err) and "7 tiles" in str(err)


def test_err_gap_shows_the_hole():
    err = error(BOARD_1937, 5, [[tile_id(B, 5), 0, 4, 5], [tile_id(V, 5), 0, 6, 5]])
    assert err.code == "err.sumoku.gap"
    assert "row 5-_-5" in str(err)


def test_err_gap_on_a_first_play():
    err = error({}, 5, [[tile_id(B, 5), 0, 0, 5], [tile_id(V, 5), 0, 2, 5]], first_play=True)
    assert err.code == "err.sumoku.gap"


def test_err_not_in_one_line():
    err = error(BOARD_1937, 5, [[tile_id(B, 5), 1, 0, 5], [tile_id(V, 5), 2, 1, 5]])
    assert err.code == "err.sumoku.not_in_line"


def test_err_not_connected():
    err = error(BOARD_1937, 5, row(3, 0, [(B, 5), (V, 5)]))
    assert err.code == "err.sumoku.not_connected"
    diagonal = error(BOARD_1937, 5, [[tile_id(B, 5), 1, 4, 5]])
    assert diagonal.code == "err.sumoku.not_connected"


def test_err_first_play_must_cover_the_centre():
    err = error({}, 5, row(1, 0, [(O, 1), (S, 9)]), first_play=True)
    assert err.code == "err.sumoku.first_play_centre"


def test_err_first_play_is_at_least_two_tiles():
    err = error({}, 5, [[tile_id(O, 5), 0, 0, 5]], first_play=True)
    assert err.code == "err.sumoku.first_play_size"
    assert "2 to 6" in str(err)


def test_err_first_play_of_seven_is_too_long():
    play = row(0, -3, [(O, 1), (S, 2), (G, 3), (Y, 4), (B, 5), (V, 6), (O, 3)], copy=0)
    play[-1][0] = tile_id(O, 3, 1)
    assert error({}, 3, play, first_play=True).code == "err.sumoku.line_long"


def test_err_cell_taken_names_the_tile_there():
    err = error(BOARD_1937, 5, [[tile_id(B, 5), 0, 3, 5]])
    assert err.code == "err.sumoku.cell_taken"
    assert "yellow 7" in str(err)


def test_err_two_tiles_on_one_cell():
    err = error(BOARD_1937, 5, [[tile_id(B, 5), 1, 0, 5], [tile_id(V, 5), 1, 0, 5]])
    assert err.code == "err.sumoku.cell_twice"


def test_err_same_tile_twice():
    err = error(BOARD_1937, 5, [[tile_id(B, 5), 1, 0, 5], [tile_id(B, 5), 2, 0, 5]])
    assert err.code == "err.sumoku.tile_twice"


def test_err_not_in_hand():
    err = error(BOARD_1937, 5, [[tile_id(B, 5), 0, 4, 5]], hand=[tile_id(B, 5, 1)])
    assert err.code == "err.sumoku.not_in_hand"
    assert "blue 5" in str(err) and "藍色 5" in err.message("zh-TW")
    # the other copy is the same tile to the eye but another id: it is in hand
    assert evaluate_play(BOARD_1937, 5, [[tile_id(B, 5, 1), 0, 4, 5]], first_play=False,
                         hand=[tile_id(B, 5, 1)]).score == 25


@pytest.mark.parametrize("tile,value", [(tile_id(B, 5), 9), (tile_id(B, 6), 7), (tile_id(B, 9 - 1), 9)])
def test_err_bad_value_for_tile(tile, value):
    err = error(BOARD_1937, 5, [[tile, 0, 4, value]])
    assert err.code == "err.sumoku.bad_value"
    assert str(value) in str(err)


@pytest.mark.parametrize("bad", [None, "x", [[1, 2, 3]], [[1, 0, 0, "5"]], [[True, 0, 0, 1]], [[96, 0, 0, 1]]])
def test_err_malformed_placements(bad):
    assert error({}, 5, bad, first_play=True).code == "err.sumoku.bad_placement"


def test_err_empty_play():
    assert error(BOARD_1937, 5, []).code == "err.sumoku.empty_play"


def test_every_error_code_has_both_languages():
    import json
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    en = json.loads((root / "assets/i18n/en/sumoku.json").read_text(encoding="utf-8"))
    zh = json.loads((root / "assets/i18n/zh-TW/sumoku.json").read_text(encoding="utf-8"))
    assert en.keys() == zh.keys()
    used = set()
    for path in (root / "engine/sumoku").glob("*.py"):
        used |= set(re.findall(r'"(err\.sumoku\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    assert len(used) >= 20 and used <= en.keys()
    assert all(en[k] != zh[k] for k in en)


# ---- a property: whatever evaluate_play accepts keeps every line on the table valid ---
def _check_board(board, key):
    for direction, cells in all_lines(board):
        vals = [board[c][1] for c in cells]
        cols = [colour(board[c][0]) for c in cells]
        assert len(cells) <= MAX_LINE and len(set(cols)) == len(cols) and sum(vals) % key == 0


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 5), st.integers(0, 2**32))
def test_accepted_plays_keep_the_table_valid(key, seed):
    rnd = random.Random(seed)
    tiles = list(range(96))
    rnd.shuffle(tiles)
    board: dict = {}
    accepted = 0
    for _ in range(300):
        n = rnd.choice((1, 1, 2, 3))
        picks = [tiles[rnd.randrange(len(tiles))] for _ in range(n)]
        if board:
            r, c = rnd.choice(list(board))
            r += rnd.randint(-2, 2)
            c += rnd.randint(-2, 2)
        else:
            r, c = 0, -rnd.randint(0, n - 1)
        dr, dc = rnd.choice(((0, 1), (1, 0)))
        play = [[t, r + i * dr, c + i * dc, rnd.choice(values(t))] for i, t in enumerate(picks)]
        try:
            result = evaluate_play(board, key, play, first_play=not board)
        except RuleError:
            continue
        formed = evaluate_play(board, key, play, first_play=not board, scoring="formed")
        assert formed.score <= result.score
        for t, pr, pc, v in play:
            board[(pr, pc)] = (t, v)
            tiles.remove(t)
        accepted += 1
        _check_board(board, key)
        for line in result.lines:  # every scored line is a real line of the new table
            assert list(line.cells) == run_cells(board, line.cells[0], line.direction)
    assert accepted > 0
