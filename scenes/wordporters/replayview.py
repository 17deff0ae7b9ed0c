"""The replay viewer's picture of a Word Porters view: the board as that view may see it
(the viewer's own target ringed; this round's reveals ringed in the revealer's colour,
and on the words where each other player put the latest revealer's number), and beside
it the round, every player's score (and points in the round's reveal), what the tags
are, and the score track, five squares a row (the winners once the game is over)."""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from scenes.common.names import player_name, winners_text
from scenes.common.renderer import Renderer
from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.wordporters.layout import board_layout, hint_rows_for, proportions
from scenes.wordporters.pieces import draw_track
from scenes.wordporters.tableview import Shown, draw_board
from scenes.wordporters.votes import points_so_far, tags, voters_by_word
from scenes.ui.text import line_step, width, wrap
from scenes.wordporters.words import hint_lines, resolve


REPLAY_BOTH_WORDS = 0.42       # of the board's height for the ten words, in both languages


def shown_of(view: dict, players: Sequence[dict] | None = None) -> Shown:
    """What a view alone lets one mark: its own target, the numbers revealed so far, and
    while the round's reveal is on, where each other player put the latest revealer's
    number (every vote is in the view once the reveal has begun)."""
    s = Shown()
    reveals = view.get("reveals") or []
    for r in reveals:
        s.rings[int(r["number"])] = style.seat_colour(int(r["seat"]))
    if view.get("number"):
        s.rings.setdefault(int(view["number"]), style.ACCENT)
    if reveals and view.get("votes"):
        cur = int(reveals[-1]["seat"])
        short = tags([player_name(players, p) for p in range(int(view["seats"]))])
        s.focus, s.across = cur, True
        for pos, voters in voters_by_word(view["votes"], cur).items():
            s.marks[pos] = [(short[v], style.seat_colour(v)) for v in voters]
    return s


def hint_need(hint: dict, mode: str, fr: Frame) -> int:
    """How wide a hint card must be for its longer word to read on one line at the
    smallest readable size (in regular weight, as a word too wide in bold is drawn),
    with room for two markers beside the card's number."""
    texts = [ln for h in hint["words"] for ln in hint_lines(h, mode)]
    word = max((width(x, fr.min_fs, False) for x in texts), default=0) + fr.px(8)
    return max(word, fr.px(24) + 2 * fr.px(26))


class ReplayRenderer(Renderer):
    """`draw(surface, rect, view)`. The replay viewer sets `players` and `options` from the
    log header: the words are shown in the word language the game was played in
    (`options["words"]`); `mode` overrides it (default: the log's, else the menus')."""

    def __init__(self, app: Any = None, players: Sequence[dict] | None = None, mode: str | None = None,
                 options: dict | None = None) -> None:
        super().__init__(app, players)
        self.options: dict = dict(options or {})
        self.mode = mode

    def word_mode(self) -> str:
        return resolve(self.mode if self.mode is not None else self.options.get("words"))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, view: dict) -> None:
        rect = pygame.Rect(rect)
        fr = Frame(surface.get_size())
        if not view.get("seats"):
            return
        gap = fr.px(8)
        side_w = max(fr.px(170), rect.w // 5)
        board = pygame.Rect(rect.x, rect.y, rect.w - side_w - gap, rect.h)
        if view.get("words"):
            mode = self.word_mode()
            n = len(view.get("hints") or [])
            shares = proportions(mode)
            if mode == "both":          # a narrower board than the table's: English may take three lines
                shares["words_share"] = REPLAY_BOTH_WORDS
            lay = board_layout(board, n, fr.px(5), tag_w=fr.px(24), hint_rows=hint_rows_for(board, n, mode),
                               needs=[hint_need(h, mode, fr) for h in view.get("hints") or []], **shares)
            draw_board(surface, lay, fr, view, mode, shown_of(view, self.players))
        side = pygame.Rect(board.right + gap, rect.y, side_w, rect.h)
        panel(surface, side, style.BG_2, radius=fr.px(10))
        self._side(surface, side.inflate(-fr.px(12), -fr.px(12)), fr, view)

    def _side(self, surface: pygame.Surface, inner: pygame.Rect, fr: Frame, view: dict) -> None:
        """The round (or the winners), every player's total (and points in this round's
        reveal), what the tags on the words are, and the score track (five squares a row)."""
        n = int(view["seats"])
        if view.get("ended"):
            head = winners_text(self.players, (view.get("result") or {}).get("winners") or [])
        else:
            head = t("wordporters.ui.round", round=view.get("round", 0), of=view.get("rounds", 4))
        size = fr.fs(22)
        lines = min(4, max(2, len(wrap(head, size, inner.w, True))))      # the winners told whole, however many
        hh = max(fr.px(60), lines * line_step(size, True) + fr.px(6))
        text_in(surface, head, pygame.Rect(inner.x, inner.y, inner.w, hh), size, style.ACCENT, bold=True,
                wrap_lines=True, max_lines=lines, min_size=fr.min_fs, ellipsis=True)
        gap = max(1, fr.px(3))
        side = (inner.w - 4 * gap) / 5
        track_h = round(4 * side + 3 * gap)
        if any(int(x) >= 20 for x in view["scores"]):
            track_h += min(track_h // 3, fr.fs(18) + fr.px(8)) + gap
        reveals = view.get("reveals") or []
        gained = points_so_far(n, reveals) if reveals else None
        track = pygame.Rect(inner.x, inner.bottom - track_h, inner.w, track_h)
        note = t("wordporters.ui.reveal_votes", player=player_name(self.players, int(reveals[-1]["seat"]))) \
            if reveals and view.get("votes") else ""
        note_h = len(wrap(note, fr.fs(18), inner.w)) * line_step(fr.fs(18)) if note else 0
        room = track.y - gap - fr.px(6) - note_h - (inner.y + hh)      # the rows close up to leave the note whole
        rh = max(line_step(fr.min_fs, True), min(fr.px(34), room // max(1, n)))
        y = inner.y + hh
        for s in range(n):
            r = pygame.Rect(inner.x, y + s * rh, inner.w, rh - 2)
            name_w = r.w - fr.px(44) - (fr.px(44) if gained else 0)
            text_in(surface, player_name(self.players, s), pygame.Rect(r.x, r.y, name_w, r.h), fr.fs(20),
                    style.seat_colour(s), bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
            if gained:
                text_in(surface, t("wordporters.ui.points", n=gained[s]), pygame.Rect(r.right - fr.px(86), r.y,
                        fr.px(42), r.h), fr.fs(20), style.GOOD if gained[s] else style.INK_DIM, bold=True,
                        align="right", min_size=fr.min_fs, ellipsis=True)
            text_in(surface, str(view["scores"][s]), pygame.Rect(r.right - fr.px(40), r.y, fr.px(40), r.h),
                    fr.fs(22), style.INK, bold=True, align="right", min_size=fr.min_fs, ellipsis=True)
        y += n * rh + fr.px(6)
        if note:
            text_in(surface, note, pygame.Rect(inner.x, y, inner.w, track.y - gap - y), fr.fs(18), style.INK_DIM,
                    align="left", valign="top", wrap_lines=True, max_lines=4, min_size=fr.min_fs, ellipsis=True)
        draw_track(surface, track, fr, view["scores"])
