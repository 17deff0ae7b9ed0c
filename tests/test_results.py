"""The results screen's shared part (scenes/common/results.py, scenes/ui/chart.py): places
shared by equal scores (1, 1, 3) with a tie-break separating only whom it chose, and the
chart's horizontal axis numbered under its name (Turn, or Round for a game played in
rounds), as many numbers as fit; every text inside its box, in both languages at both
sizes."""
from __future__ import annotations

import pygame
import pytest

from scenes.common.results import ResultsScene, ranks
from scenes.ui import i18n
from scenes.ui.chart import tick_every
from scenes.ui.draw import record_text
from support.fits import assert_fits, cut_short
from support.scenes import english_after, make_app, redraw  # noqa: F401

SIZES = ((1280, 720), (960, 540))
NAMES = ["Mei", "Ada", "Bo", "Dee"]


def test_equal_scores_share_a_place_and_a_tie_break_separates_only_whom_it_chose() -> None:
    assert ranks([5, 5, 3, 3], [0, 1]) == [1, 1, 3, 3]          # a shared win, a shared third
    assert ranks([5, 5, 3, 1], [1]) == [2, 1, 3, 4]             # the tie-break chose Ada
    assert ranks([2, 7, 7, 7], [1, 2, 3]) == [4, 1, 1, 1]
    assert ranks([4, 4, 4, 4], []) == [1, 1, 1, 1]               # nobody won (a co-op loss): all level
    assert ranks([9, 1], [1]) == [2, 1]                          # the game's winner first, whatever the score


def test_the_axis_numbers_as_many_points_as_fit() -> None:
    assert tick_every(4, 600, 30) == 1
    assert tick_every(61, 600, 30) == 5                          # 60 turns: 0, 5, 10, ...
    assert tick_every(201, 600, 31) == 20


def shown(app, scene) -> list:
    app.stack.push(scene)
    with record_text() as blits:
        app.relayout()                                           # the buttons' labels are noted as built
        redraw(app)
    return blits


def texts(blits) -> list[str]:
    return [b.text for b in blits]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", SIZES)
def test_a_round_game_shows_shared_places_and_numbered_rounds(lang, size) -> None:
    app = make_app(size, lang)
    rounds = [[1, 1, 0, 2], [3, 3, 1, 2], [5, 5, 3, 3]]
    events = [{"type": "round_revealed", "scores": s} for s in rounds]
    outcome = {"scores": [5, 5, 3, 3], "winners": [0, 1], "tiebreak": None,
               "detail": {"x_tokens": [0, 0, 1, 0], "rounds": 3}}
    blits = shown(app, ResultsScene(app, "wooolf", {"seats": 4, "players": [{"name": n} for n in NAMES]}, events,
                                    outcome, None))
    words = texts(blits)
    assert words.count(i18n.t("ui.results.rank", n=1)) == 2 and words.count(i18n.t("ui.results.rank", n=3)) == 2
    assert i18n.t("ui.results.rank", n=2) not in words
    assert i18n.t("wooolf.results.axis") in words
    assert all(str(i) in words for i in range(4))                # the start and rounds 1-3
    assert_fits(blits, size)
    assert not cut_short(blits)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", SIZES)
def test_a_long_turn_game_numbers_its_turns_without_crowding(lang, size) -> None:
    app = make_app(size, lang)
    events = []
    for turn in range(60):
        seat = turn % 3
        events.append({"type": "placed", "seat": seat, "score": (turn * 7) % 11})
    scores = [0, 0, 0]
    for ev in events:
        scores[ev["seat"]] += ev["score"]
    top = max(scores)
    outcome = {"scores": scores, "winners": [s for s in range(3) if scores[s] == top], "tiebreak": None}
    blits = shown(app, ResultsScene(app, "sumoku", {"seats": 3, "players": [{"name": n} for n in NAMES[:3]]},
                                    events, outcome, None))
    words = texts(blits)
    assert i18n.t("ui.results.axis") in words
    title = next(b for b in blits if b.text == i18n.t("ui.results.axis"))
    sixty = next(b for b in blits if b.text == "60" and b.rect.y < title.rect.y)
    row = sorted((b for b in blits if b.text.isdigit() and abs(b.rect.centery - sixty.rect.centery) < 6),
                 key=lambda b: b.rect.x)
    assert {"0", "10", "20", "30", "40", "50", "60"} <= {b.text for b in row}
    assert row[0].rect.x < title.rect.centerx < row[-1].rect.right      # the axis's name under its numbers
    assert title.rect.y > max(b.rect.bottom for b in row)
    assert all(a.rect.right < b.rect.x for a, b in zip(row, row[1:]))   # numbers do not touch
    assert_fits(blits, size)
    assert not cut_short(blits)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_game_played_alone_shows_no_place(lang) -> None:
    app = make_app((960, 540), lang)
    outcome = {"scores": [88], "winners": [0], "tiebreak": None}
    events = [{"type": "placed", "seat": 0, "score": 88}]
    words = texts(shown(app, ResultsScene(app, "sumoku", {"seats": 1, "players": [{"name": "Mei"}],
                                                          "options": {"variant": "solitaire"}}, events, outcome,
                                          None)))
    assert "Mei" in words and "88" in words
    assert i18n.t("ui.results.rank", n=1) not in words
