"""How to play Word Porters: the words and your secret number, placing markers (the
lowest alone on an empty card, the lowest on top of your 3 on a card another colour
marked, one colour per card), an example round's hints, the vote, the reveal and the
score track, and the children's rules; each page drawn by the table's own renderer
(its board, hint cards, markers, number cards and track). The markers in the examples
are the ones the rules pick (`engine.wordporters.board.markers_for`)."""
from __future__ import annotations

import pygame

from engine.wordporters.board import markers_for
from engine.wordporters.content import content
from scenes.common.howtopage import HowtoPage, example_names, example_params
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.wordporters.layout import board_layout, hint_box, proportions
from scenes.wordporters.pieces import draw_hint_card, draw_number_card, draw_track
from scenes.wordporters.tableview import Shown, draw_board
from scenes.wordporters.words import hint_inline, hint_lines, resolve, word_inline

WORDS = ("nail", "dvd", "coin", "battery", "candle", "mirror", "wallet", "lawn", "kitchen", "pillow")
KIDS = ("cat", "dog", "rabbit", "fish", "penguin", "lion", "elephant", "frog", "owl", "panda")
HINTS = ("h01", "h04", "h30", "h20", "h05", "h19", "h42", "h16", "h29", "h31")
# the example round so far: (seat, hint word); the rules pick each marker
PLAYS = ((0, "fire"), (1, "metal"), (2, "soft"), (3, "round"), (0, "bright"), (1, "round"))   # (seat, hint word)
MEI_NUMBER = 5                     # candle


class Page(HowtoPage):
    """One page of wordporters's how-to: the shared page, this game's catalog and sizes."""
    game = "wordporters"
    text_share_default = 0.34
    text_size = 24
    text_only_size = 26

    def fill(self) -> dict[str, str]:
        return _fill()


def _fill() -> dict[str, str]:
    """The example's words in the language on screen, for the pages' text."""
    mode = _mode()
    return {**example_params(), "name": example_names()[0], "word": word_inline(WORDS[MEI_NUMBER - 1], mode), "a": hint_inline("fire", mode),
            "b": hint_inline("bright", mode), "c": hint_inline("round", mode)}


def example_view(plays: int = len(PLAYS), children: bool = False) -> dict:
    """Four players in round 1, after the first `plays` placements of the example."""
    c = content()
    cards = [c.hint_cards[int(h[1:]) - 1] for h in HINTS]
    hints = [{"card": k.id, "words": [c.hint_words[i].id for i in k.words], "row": 0 if n < 5 else 1, "markers": []}
             for n, k in enumerate(cards)]
    left = [[1, 2, 3] for _ in range(4)]
    for seat, hid in PLAYS[:plays]:
        card = next(i for i, h in enumerate(hints) if hid in h["words"])
        markers = markers_for(hints[card]["markers"], left[seat], seat) or []
        hints[card]["markers"].append({"seat": seat, "side": hints[card]["words"].index(hid), "markers": markers})
        for m in markers:
            left[seat].remove(m)
    return {"seats": 4, "round": 1, "rounds": 4, "words": list(KIDS if children else WORDS), "hints": hints,
            "left": left, "scores": [3, 5, 2, 4]}


def _mode() -> str:
    return resolve(None)


def _board(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, view: dict, shown: Shown) -> None:
    lay = board_layout(rect, len(view["hints"]), fr.px(8), tag_w=fr.px(24), **proportions(_mode()))
    draw_board(surface, lay, fr, view, _mode(), shown)


def _note(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, key: str, colour=style.INK_DIM, lines: int = 2,
          **kw) -> None:
    text_in(surface, t(key, **kw), rect, fr.fs(20), colour, wrap_lines=True, max_lines=lines, min_size=fr.min_fs,
            ellipsis=True)


def _goal(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """The ten words and Mei's number card: her word is the one at that position."""
    side = fr.px(170)
    view = example_view(0)
    view["hints"] = []
    words = pygame.Rect(rect.x, rect.y, rect.w - side - fr.px(16), rect.h)
    lay = board_layout(pygame.Rect(words.x, words.y, words.w, round(words.h * 1.6)), 0, fr.px(8), 0.6)
    draw_board(surface, lay, fr, view, _mode(), Shown(rings={MEI_NUMBER: style.ACCENT}))
    card = pygame.Rect(rect.right - side + fr.px(40), rect.y, side - fr.px(80), min(rect.h - fr.px(60), fr.px(130)))
    draw_number_card(surface, card, fr, MEI_NUMBER, colour=style.seat_colour(0))
    _note(surface, pygame.Rect(rect.right - side, card.bottom + fr.px(6), side, fr.px(84)), fr,
          "wordporters.howto.goal.note", style.seat_colour(0), lines=3, name=example_names()[0])   # a narrow column


def _place(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """Three hint cards: an empty one takes your lowest marker; on one another colour
    marked your lowest goes on top of your 3; one your colour is on is closed to you."""
    c = content()
    gap = fr.px(24)
    w = min(fr.px(240), (rect.w - 2 * gap) // 3)
    h = min(rect.h - fr.px(60), round(w * 0.75))
    x0 = rect.centerx - (3 * w + 2 * gap) // 2
    examples = [("h04", [], "wordporters.howto.place.empty"),
                ("h19", [{"seat": 3, "side": 0, "markers": [1]}, {"seat": 1, "side": 0, "markers": [3, 2]}],
                 "wordporters.howto.place.stack"),
                ("h30", [{"seat": 0, "side": 1, "markers": [1]}], "wordporters.howto.place.closed")]
    for i, (cid, marks, note) in enumerate(examples):
        box = hint_box(i, pygame.Rect(x0 + i * (w + gap), rect.y, w, h), tag_w=fr.px(24))
        card = c.hint_cards[int(cid[1:]) - 1]
        lines = [hint_lines(c.hint_words[j].id, _mode()) for j in card.words]
        draw_hint_card(surface, box, fr, i + 1, lines, marks, open_=i != 2, fresh=1 if i == 1 else None)
        _note(surface, pygame.Rect(box.rect.x - fr.px(10), box.rect.bottom + fr.px(6), w + fr.px(20), fr.px(54)), fr,
              note)


def _example(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """The example round after six placements: Mei (candle) put her 1 beside "fire" and
    her 2 beside "bright"; Ada stacked her 2 on her 3 beside "round"."""
    view = example_view()
    board = pygame.Rect(rect.x, rect.y, rect.w, rect.h - fr.px(40))
    _board(surface, board, fr, view, Shown(rings={MEI_NUMBER: style.seat_colour(0)}, focus=None,
                                             fresh=(next(i for i, h in enumerate(view["hints"]) if "round" in h["words"]), 1)))
    _note(surface, pygame.Rect(rect.x, board.bottom + fr.px(4), rect.w, fr.px(36)), fr, "wordporters.howto.example.note",
          name=example_names()[0])


def _vote(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """Bo's vote: a different number for each other player, read from their markers
    (Mei's stand out while Bo chooses for her)."""
    view = example_view()
    marks = {5: [("M", style.seat_colour(0))], 3: [("A", style.seat_colour(1))], 10: [("D", style.seat_colour(3))]}
    board = pygame.Rect(rect.x, rect.y, rect.w, rect.h - fr.px(40))
    _board(surface, board, fr, view, Shown(marks=marks, focus=0))
    _note(surface, pygame.Rect(rect.x, board.bottom + fr.px(4), rect.w, fr.px(36)), fr, "wordporters.howto.vote.note", **example_params())


def _reveal(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """Numbers turned one player at a time; the points each reveal makes; the track."""
    gap = fr.px(12)
    w = min(fr.px(90), (rect.w - 3 * gap) // 4)
    h = min(round(w * 1.3), rect.h // 2 - fr.px(40))
    x0 = rect.x
    turns = (1.0, 1.0, 0.35, 0.0)
    numbers = (MEI_NUMBER, 3, 8, 1)
    for i, (name, turn, num) in enumerate(zip(example_names(), turns, numbers)):
        r = pygame.Rect(x0 + i * (w + gap), rect.y + fr.px(30), w, h)
        text_in(surface, name, pygame.Rect(r.x, rect.y, w, fr.px(26)), fr.fs(20), style.seat_colour(i), bold=True,
                min_size=fr.min_fs, ellipsis=True)
        draw_number_card(surface, r, fr, num, turn=0.99 if turn >= 1 else turn, colour=style.seat_colour(i))
    lines = pygame.Rect(x0 + 4 * (w + gap) + gap, rect.y, rect.right - (x0 + 4 * (w + gap) + gap), h + fr.px(30))
    for i, key in enumerate(("guessed", "guessers", "lap")):
        lh = lines.h // 3
        text_in(surface, t(f"wordporters.howto.reveal.{key}", name=example_names()[0]),
                pygame.Rect(lines.x, lines.y + i * lh, lines.w, lh - 2), fr.fs(21), style.ACCENT if i < 2 else style.INK,
                align="left", wrap_lines=True, max_lines=2, min_size=fr.min_fs, ellipsis=True)
    tr = pygame.Rect(rect.x, rect.y + h + fr.px(46), min(rect.w, fr.px(620)), min(fr.px(96), rect.bottom - rect.y - h - fr.px(46)))
    draw_track(surface, tr, fr, [5, 9, 21, 4])
    below = pygame.Rect(rect.x, tr.bottom + fr.px(10), rect.w, rect.bottom - tr.bottom - fr.px(10))
    if below.h >= fr.px(24):             # what the table shows during the reveal
        text_in(surface, t("wordporters.howto.reveal.table"), below, fr.fs(20), style.INK_DIM, align="left",
                valign="top", wrap_lines=True, max_lines=3, min_size=fr.min_fs, ellipsis=True)


def _children(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """The children's side of the word cards."""
    view = example_view(0, children=True)
    view["hints"] = []
    lay = board_layout(pygame.Rect(rect.x, rect.y, rect.w, round(rect.h * 1.6)), 0, fr.px(8), 0.6)
    draw_board(surface, lay, fr, view, _mode(), Shown())


def howto_pages() -> list[Page]:
    return [Page("goal", _goal), Page("place", _place), Page("example", _example, 0.2), Page("vote", _vote, 0.2),
            Page("reveal", _reveal, 0.3), Page("children", _children, 0.4)]
