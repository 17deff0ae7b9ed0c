"""Drawing the Word Porters table scene (read-only): the banner, the board, the line
that says what just happened and what you may do, the seat on screen's number and
word, the players (markers left, score, who is done or has voted), or the vote being
made, or the reveal, the score track and the log."""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from scenes.common.logpanel import LogView, draw_recent
from scenes.common.names import names_list
from scenes.ui import style
from scenes.ui.buttons import ButtonBar
from scenes.ui.draw import panel, text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.wordporters import regions as geo
from scenes.wordporters.narrate import fitting, reveal_said
from scenes.wordporters.pieces import draw_lines, draw_marker, draw_number_card, draw_track
from scenes.wordporters.layout import BoardLayout
from scenes.wordporters.tableview import Shown, draw_board
from scenes.wordporters.words import narrow, word_inline, word_lines


class Table(Protocol):
    """What the drawing reads of the table (scenes/wordporters/table.py's WordPortersScene)."""
    fr: Frame
    n: int
    players: list[dict]
    view: dict
    mode: str
    lay: BoardLayout | None
    bar: ButtonBar
    log_view: LogView
    log_lines: list[str]
    message: Any                       # (scenes/common/turntable.py's Message)
    announce: Any
    reveal: Any                        # (table.py's Reveal: the numbers turning, or None)
    vote_hits: list[tuple[int, pygame.Rect]]

    @property
    def viewer(self) -> int | None: ...
    @property
    def ui(self) -> Any: ...           # (table.py's Choice: what this seat is choosing)
    def phase(self) -> str | None: ...
    def name(self, seat: int) -> str: ...
    def status(self) -> tuple[str, tuple[int, int, int]]: ...
    def shown(self) -> Shown: ...
    def board_view(self) -> dict: ...
    def announced(self, room: int | None = None, size: int = 0) -> tuple[str, int | None] | None: ...
    def prompt(self, room: int | None = None, size: int = 0) -> tuple[str, str]: ...

TONE = {"error": style.BAD, "good": style.GOOD, "info": style.INK}


def draw_scene(surface: pygame.Surface, sc: Table) -> None:
    fr = sc.fr
    style.fill_background(surface)
    text, colour = sc.status()
    text_in(surface, text, geo.banner(fr), fr.fs(28), colour, bold=True, align="left", min_size=fr.min_fs,
            ellipsis=True)
    if sc.lay is not None:
        draw_board(surface, sc.lay, fr, sc.board_view(), sc.mode, sc.shown())
    _lines(surface, geo.prompt(fr), fr, sc)
    if sc.reveal is None:
        _me(surface, geo.me(fr), fr, sc)
    box = geo.seats(fr)
    if sc.reveal is not None:
        _reveal(surface, geo.reveal(fr), fr, sc)
    elif sc.phase() == "vote":
        _vote(surface, box, fr, sc)
    else:
        _seats(surface, box, fr, sc)
    scores = sc.reveal.scores() if sc.reveal is not None else sc.view["scores"]
    tr = geo.track(fr)
    panel(surface, tr, style.BG_2, radius=fr.px(10))
    draw_track(surface, tr.inflate(-fr.px(10), -fr.px(10)), fr, scores)
    draw_recent(surface, geo.log(fr), sc.log_lines, fr.fs(18), fr.px(8), fr.px(10), sc.log_view)
    sc.bar.draw(surface, fr)


def _lines(surface: pygame.Surface, box: pygame.Rect, fr: Frame, sc: Table) -> None:
    """What just happened (a bot's placement, in its colour) over what you may do now."""
    said: tuple[str, tuple[int, int, int]] | None = None
    if sc.reveal is not None:
        k = sc.reveal.shown()
        if k:
            r = sc.reveal.reveals[k - 1]
            said = (fitting(reveal_said(r, sc.players, sc.mode), box.w, fr.min_fs),
                    style.seat_colour(int(r["seat"])))
    elif sc.announce is not None and sc.announce[1] != sc.viewer:
        text, who = sc.announced(box.w, fr.min_fs)                    # type: ignore[misc]
        said = (text, style.seat_colour(who) if isinstance(who, int) else style.INK)
    if sc.reveal is not None and said is not None:
        k = sc.reveal.shown()
        r = sc.reveal.reveals[k - 1]
        right = [int(x) for x in r["right"]]
        text = _points_said(sc, int(r["seat"]), right, box.w, fr.min_fs)
        rows = [said, (text, style.GOOD if right else style.INK_DIM)]
        h = box.h // 2
        for i, (line, colour) in enumerate(rows):
            text_in(surface, line, pygame.Rect(box.x, box.y + i * h, box.w, h), fr.fs(21), colour, bold=i == 0,
                    align="left", min_size=fr.min_fs, ellipsis=True)
        return
    if sc.message is not None:
        doing: tuple[str, tuple[int, int, int]] | None = (sc.message[0], TONE.get(sc.message[1], style.INK))
    else:
        text, tone = sc.prompt(box.w, fr.min_fs)
        doing = (text, TONE[tone]) if text else None
    rows = [x for x in (said, doing) if x and x[0]]
    if not rows:
        return
    h = box.h // len(rows)
    for i, (text, colour) in enumerate(rows):
        text_in(surface, text, pygame.Rect(box.x, box.y + i * h, box.w, h), fr.fs(24 if len(rows) == 1 else 21),
                colour, bold=i == len(rows) - 1, align="left", min_size=fr.min_fs, ellipsis=True)


def _points_said(sc: Table, seat: int, right: list[int], room: int, size: int) -> str:
    """Who scored for a reveal, in a line: every guesser named, or (when that does not fit)
    counted; the reveal panel beside it names each player's points."""
    if not right:
        return t("wordporters.ui.guessed_none")
    keys = ("wordporters.ui.guessed_by", "wordporters.ui.guessed_by_count") if len(right) > 1 else \
        ("wordporters.ui.guessed_by_one",)
    names = names_list([sc.name(g) for g in right])
    return fitting([t(k, names=names, player=sc.name(seat), n=len(right)) for k in keys], room, size)


def _me(surface: pygame.Surface, box: pygame.Rect, fr: Frame, sc: Table) -> None:
    """The seat on screen's own number and target word (only ever its own view's)."""
    panel(surface, box, style.BG_2, radius=fr.px(10))
    inner = box.inflate(-fr.px(12), -fr.px(12))
    v = sc.view
    rnd = sc.reveal.board.get("round") if sc.reveal is not None else v.get("round")
    head = pygame.Rect(inner.x, inner.y, inner.w, fr.px(26))
    if sc.reveal is not None or sc.viewer is None or not v.get("number"):
        text_in(surface, t("wordporters.ui.round", round=rnd, of=v.get("rounds", 4)), head, fr.fs(22), style.INK,
                bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        note = "wordporters.ui.table_note" if sc.reveal is None else "wordporters.ui.reveal_note"
        text_in(surface, t(note), pygame.Rect(inner.x, head.bottom + fr.px(4), inner.w, inner.bottom - head.bottom - fr.px(4)),
                fr.fs(20), style.INK_DIM, align="left", valign="top", wrap_lines=True, max_lines=2,
                min_size=fr.min_fs, ellipsis=True)
        return
    card = pygame.Rect(inner.x, inner.y, fr.px(68), inner.h)
    draw_number_card(surface, card, fr, int(v["number"]), colour=style.seat_colour(int(sc.viewer)))
    x = card.right + fr.px(12)
    text_in(surface, t("wordporters.ui.your_word", round=rnd, of=v.get("rounds", 4)),
            pygame.Rect(x, inner.y, inner.right - x, fr.px(24)), fr.fs(20), style.INK_DIM, align="left",
            min_size=fr.min_fs, ellipsis=True)
    draw_lines(surface, word_lines(str(v["target"]), sc.mode),
               pygame.Rect(x, inner.y + fr.px(26), inner.right - x, inner.h - fr.px(26)), fr.fs(30), style.ACCENT, fr)


def _title(surface: pygame.Surface, box: pygame.Rect, fr: Frame, key: str, **kw: object) -> None:
    text_in(surface, t(key, **kw), pygame.Rect(box.x + fr.px(12), box.y + fr.px(8), box.w - fr.px(24), fr.px(28)),
            fr.fs(22), style.INK, bold=True, align="left", min_size=fr.min_fs, ellipsis=True)


def _name(surface: pygame.Surface, r: pygame.Rect, fr: Frame, sc: Table, s: int, w: int) -> None:
    pygame.draw.rect(surface, style.seat_colour(s), pygame.Rect(r.x, r.y + fr.px(3), fr.px(6), r.h - fr.px(6)),
                     border_radius=fr.px(3))
    text_in(surface, sc.name(s), pygame.Rect(r.x + fr.px(12), r.y, w, r.h), fr.fs(20), style.seat_colour(s),
            bold=True, align="left", min_size=fr.min_fs, ellipsis=True)


def _seats(surface: pygame.Surface, box: pygame.Rect, fr: Frame, sc: Table) -> None:
    """Every player: the markers they have left, their score, and whether they are done
    placing or have voted."""
    panel(surface, box, style.BG_2, radius=fr.px(10))
    v = sc.view
    _title(surface, box, fr, "wordporters.ui.players")
    acting = set(v["status"]["acting"])
    for s, r in zip(range(sc.n), geo.seat_rows(fr, sc.n)):
        if s in acting:
            pygame.draw.rect(surface, style.BG_3, r, border_radius=fr.px(6))
        _name(surface, r, fr, sc, s, r.w - fr.px(196))
        d = min(r.h - fr.px(6), fr.px(26))
        left = set(v["left"][s]) if v.get("left") else set()
        for i, m in enumerate((1, 2, 3)):
            c = (r.right - fr.px(192) + i * (d + fr.px(4)) + d // 2, r.centery)
            if m in left:
                draw_marker(surface, c, d, s, m)
            else:
                pygame.draw.circle(surface, style.BG_3, c, d // 2, max(1, fr.px(2)))
        state = ""
        if v["phase"] == "vote":
            state = t("wordporters.ui.voted") if v["voted"][s] else ""
        elif v["phase"] == "hints" and v["done"][s] and left:
            state = t("wordporters.ui.done")
        text_in(surface, state, pygame.Rect(r.right - fr.px(96), r.y, fr.px(50), r.h), fr.fs(18), style.GOOD,
                align="center", min_size=fr.min_fs, ellipsis=True)
        text_in(surface, str(v["scores"][s]), pygame.Rect(r.right - fr.px(44), r.y, fr.px(40), r.h), fr.fs(24),
                style.INK, bold=True, align="right", min_size=fr.min_fs, ellipsis=True)


def _vote(surface: pygame.Surface, box: pygame.Rect, fr: Frame, sc: Table) -> None:
    """The vote being made: a number for every other player; the one being chosen for
    is lit (and their markers stand out on the board)."""
    panel(surface, box, style.BG_2, radius=fr.px(10), border=style.ACCENT, width=max(2, fr.px(3)))
    _title(surface, box, fr, "wordporters.ui.your_vote")
    ui = sc.ui
    for s, r in sc.vote_hits:
        sel = s == ui.sel
        pygame.draw.rect(surface, style.BG_3 if sel else style.BG_2, r, border_radius=fr.px(6))
        if sel:
            pygame.draw.rect(surface, style.ACCENT, r, max(2, fr.px(3)), border_radius=fr.px(6))
        _name(surface, r, fr, sc, s, r.w - fr.px(160))
        num = ui.guesses.get(s)
        tag = pygame.Rect(r.right - fr.px(48), r.y + fr.px(2), fr.px(42), r.h - fr.px(4))
        pygame.draw.rect(surface, style.ACCENT if num else style.BG, tag, border_radius=fr.px(6))
        text_in(surface, str(num) if num else "?", tag, fr.fs(22), style.INK_DARK if num else style.INK_DIM,
                bold=True, min_size=fr.min_fs)
        if num:
            wid = sc.view["words"][num - 1]
            text_in(surface, word_inline(wid, narrow(sc.mode)), pygame.Rect(tag.x - fr.px(104), r.y, fr.px(100), r.h),
                    fr.fs(18), style.INK_DIM, align="right", min_size=fr.min_fs, ellipsis=True)
    text_in(surface, t("wordporters.ui.vote_keys"), pygame.Rect(box.x + fr.px(12), box.bottom - fr.px(30),
            box.w - fr.px(24), fr.px(24)), fr.fs(18), style.INK_DIM, align="left", min_size=fr.min_fs, ellipsis=True)


def _reveal(surface: pygame.Surface, box: pygame.Rect, fr: Frame, sc: Table) -> None:
    """The reveal, clockwise from the start player, a row each: the number card turned in
    its turn, the word it was and who guessed it (their colours); every player's points so
    far in this reveal and running total; under the rows, what the tags on the words are."""
    r = sc.reveal
    assert r is not None
    panel(surface, box, style.BG_2, radius=fr.px(10), border=style.ACCENT, width=max(2, fr.px(3)))
    rows = geo.reveal_rows(fr, len(r.reveals))
    cols = [_reveal_columns(row, fr) for row in rows]
    head = pygame.Rect(box.x + fr.px(12), box.y + fr.px(8), box.w - fr.px(24), fr.px(28))
    if cols:
        gained_col, total_col = cols[0][2], cols[0][3]
        for key, col in (("wordporters.ui.col_round", gained_col), ("wordporters.ui.col_total", total_col)):
            text_in(surface, t(key), pygame.Rect(col.right - fr.px(64), head.y, fr.px(64), head.h), fr.fs(18),
                    style.INK_DIM, align="right", min_size=fr.min_fs, ellipsis=True)
        head.w = gained_col.right - fr.px(64) - fr.px(6) - head.x
    text_in(surface, t("wordporters.ui.reveal_title", round=r.board.get("round")), head, fr.fs(22), style.INK,
            bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
    gained, totals = r.gained(), r.scores()
    for i, (ev, row, (top, bottom, gained_col, total_col)) in enumerate(zip(r.reveals, rows, cols)):
        s = int(ev["seat"])
        turn = r.turn(i)
        pygame.draw.rect(surface, style.seat_colour(s), pygame.Rect(row.x, row.y + fr.px(3), fr.px(6),
                         row.h - fr.px(6)), border_radius=fr.px(3))
        card = pygame.Rect(row.x + fr.px(12), row.y, fr.px(34), row.h)
        draw_number_card(surface, card, fr, int(ev["number"]), turn=turn, colour=style.seat_colour(s))
        text_in(surface, sc.name(s), pygame.Rect(top.x, top.y, fr.px(96), top.h), fr.fs(20), style.seat_colour(s),
                bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        if turn >= 0.5:
            num = int(ev["number"])
            words = r.board.get("words") or []
            wid = str(ev.get("word") or (words[num - 1] if num - 1 < len(words) else ""))
            text_in(surface, word_inline(wid, narrow(sc.mode)), bottom, fr.fs(18), style.INK, align="left",
                    min_size=fr.min_fs, ellipsis=True)
            _guessers(surface, pygame.Rect(top.x + fr.px(100), top.y, top.w - fr.px(100), top.h), fr,
                      [int(x) for x in ev["right"]])
        pts = gained[s]
        text_in(surface, t("wordporters.ui.points", n=pts), gained_col, fr.fs(20), style.GOOD if pts else style.INK_DIM,
                bold=True, align="right", min_size=fr.min_fs, ellipsis=True)
        text_in(surface, str(totals[s]), total_col, fr.fs(24), style.INK, bold=True, align="right",
                min_size=fr.min_fs, ellipsis=True)
    k = r.shown()
    note = (t("wordporters.ui.reveal_votes", player=sc.name(int(r.reveals[k - 1]["seat"]))) if k
            else t("wordporters.ui.reveal_note"))
    text_in(surface, note, geo.reveal_note(fr, len(r.reveals)), fr.fs(18), style.INK_DIM, align="left",
            valign="top", wrap_lines=True, max_lines=2, min_size=fr.min_fs, ellipsis=True)


def _reveal_columns(row: pygame.Rect, fr: Frame) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
    """A reveal row's parts: its top line (the name, then who guessed), its bottom line
    (the word), the points this reveal and the running total."""
    total = pygame.Rect(row.right - fr.px(40), row.y, fr.px(40), row.h)
    gained = pygame.Rect(total.x - fr.px(48), row.y, fr.px(44), row.h)
    x = row.x + fr.px(54)
    half = row.h // 2
    top = pygame.Rect(x, row.y, gained.x - fr.px(6) - x, half)
    return top, pygame.Rect(x, row.y + half, top.w, row.h - half), gained, total


def _guessers(surface: pygame.Surface, box: pygame.Rect, fr: Frame, seats: list[int]) -> None:
    """Who guessed a number: a dot in each one's colour."""
    if not seats:
        return
    gap = fr.px(3)
    d = max(6, min(box.h - fr.px(4), fr.px(20), (box.w + gap) // len(seats) - gap))
    for j, g in enumerate(seats):
        c = (box.right - (len(seats) - j) * (d + gap) + gap + d // 2, box.centery)
        pygame.draw.circle(surface, style.seat_colour(g), c, d // 2)
        pygame.draw.circle(surface, style.INK_DARK, c, d // 2, max(1, fr.px(1)))
