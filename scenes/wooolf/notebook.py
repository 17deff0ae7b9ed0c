"""The notebook of the seat on screen: the cards its peeks showed, and, at the level the
table chose at set-up, the suspicion assistant (engine/wooolf/suspicion.py): "notes" (what
you saw and heard, per seat), "certain" (notes, and the roles that are certain), "prob"
(the exact chance of every role for every seat, and of nobody holding it). The
assistant runs off the frame loop on the kit's latest-job worker, from the seat's view
only."""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from engine.wooolf.content import content
from engine.wooolf.suspicion import Suspicion, suspect_view
from scenes.common.assistant import table_level
from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.ui.text import band, line_step, width, wrap
from scenes.ui.worker import Latest
from scenes.wooolf.narrate import card_words, holder_name, role_name

ROLES = ("wolf", "shepherd", "hunter", "hound", "sheep")


def level_of(view: dict, options: dict) -> str:
    return table_level(options)


class Assistant:
    """The suspicion of one seat's knowledge, computed in a worker; `latest(seat)` is the
    answer for that seat's knowledge as it stands (None while it is being computed)."""

    def __init__(self) -> None:
        self.worker: Latest[Suspicion] = Latest()
        self._done: dict[int, tuple[Any, Suspicion]] = {}
        self._want: tuple[int, Any] | None = None

    @staticmethod
    def stamp(view: dict) -> Any:
        k = view.get("knowledge")
        return None if k is None else repr(sorted(k.items()))

    def want(self, seat: int, view: dict) -> None:
        stamp = self.stamp(view)
        if stamp is None or (seat in self._done and self._done[seat][0] == stamp):
            return
        if self.worker.busy and self.worker.stamp == (seat, stamp):
            return
        self.worker.ask((seat, stamp), suspect_view, view)

    def poll(self) -> bool:
        """Collect a finished answer (True when one arrived)."""
        if not self.worker.ready:
            return False
        seat, stamp = self.worker.stamp
        got = self.worker.take((seat, stamp))
        if got is None:
            return False
        self._done[seat] = (stamp, got)
        return True

    def latest(self, seat: int, view: dict) -> Suspicion | None:
        done = self._done.get(seat)
        return done[1] if done is not None and done[0] == self.stamp(view) else None

    def forget(self, seat: int) -> None:
        self._done.pop(seat, None)

    def wait(self, timeout: float = 10.0) -> None:
        self.worker.wait(timeout)
        self.poll()


def seen_at(view: dict) -> dict[int, list[str]]:
    """Holder -> the distinct cards the viewer's peeks showed there this round."""
    out: dict[int, list[str]] = {}
    for p in view.get("my_peeks") or []:
        lst = out.setdefault(int(p["target"]), [])
        if p["card"] not in lst:
            lst.append(p["card"])
    return out


def heard_at(view: dict, h: int) -> str:
    """The announcements made about holder `h` (the same one heard k times: "Sh ×k") and
    the answers it gave, in short."""
    heard: dict[str, int] = {}
    for m in view.get("markers") or []:
        if m["target"] == h:
            heard[m["announced"]] = heard.get(m["announced"], 0) + 1
    marks = t("ui.list_sep").join(
        t("wooolf.ui.times", what=t(f"wooolf.mark.{a}"), n=k) if k > 1 else t(f"wooolf.mark.{a}")
        for a, k in heard.items())
    answers = t("ui.list_sep").join(t("wooolf.ui.chip", q=t(f"wooolf.qshort.{a['question']}"),
                         a=t("wooolf.ui.yes_short" if a["answer"] else "wooolf.ui.no_short"))
                       for a in view.get("asks") or [] if a["target"] == h)
    parts = [p for p in (marks, answers) if p]
    return t("wooolf.ui.heard", what=" · ".join(parts)) if parts else ""


def seen_words(card: str) -> str:
    """A card seen, in few words: its role, and what it shows only when that differs
    ("Sheep", "Wolf (shows Sheep)")."""
    c = content().cards[card]
    return role_name(c.role) if c.public == c.role else card_words(card)


def note_line(view: dict, h: int, level: str, sus: Suspicion | None) -> str:
    """What the notebook says of holder `h`: the cards you saw there, then what was heard
    (announcements and answers); at "certain", a certain role stands for what was heard
    (the markers and answers stay on the table), so every row can be read whole."""
    seen = seen_at(view).get(h)
    parts = []
    if seen:
        parts.append(t("wooolf.ui.saw", cards=t("ui.list_sep").join(seen_words(c) for c in seen)))
    role = sus.certain(h) if level == "certain" and sus is not None and sus.consistent else None
    if role:
        parts.append(t("wooolf.ui.certainly", role=t(f"wooolf.role.{role}")))
    elif level != "off":
        heard = heard_at(view, h)
        if heard:
            parts.append(heard)
    return t("wooolf.ui.note_sep").join(parts) if parts else t("wooolf.ui.nothing_yet")


def others(view: dict) -> list[int]:
    me = view.get("seat")
    return [h for h in range(int(view["holders"])) if h != me]


def draw_notebook(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, view: dict, players: Sequence[Any] | None,
                  level: str, sus: Suspicion | None) -> None:
    panel(surface, rect, style.BG_2, radius=fr.px(10))
    pad = fr.px(8)
    inner = rect.inflate(-2 * pad, -2 * pad)
    title_h = fr.px(28)
    title = t(f"wooolf.ui.notebook.{level}")
    if level in ("certain", "prob") and sus is None:
        title = t("wooolf.ui.notebook.thinking")
    text_in(surface, title, pygame.Rect(inner.x, inner.y, inner.w, title_h), fr.fs(20), style.ACCENT, bold=True,
            align="left", min_size=fr.min_fs, ellipsis=True)
    body = pygame.Rect(inner.x, inner.y + title_h + fr.px(2), inner.w, inner.h - title_h - fr.px(2))
    holders = others(view)
    n = int(view["seats"])
    if level == "prob" and sus is not None and sus.consistent:
        _probabilities(surface, body, fr, view, players, holders, sus)
        return
    names = [holder_name(players, h, n) if h < n else t("wooolf.ui.neutral_short") for h in holders]
    name_w = min(fr.px(96), max((width(nm, fr.fs(19), bold=True) for nm in names), default=0) + fr.px(4))
    notes = [note_line(view, h, level, sus) for h in holders]
    size = fr.fs(18)
    step = line_step(size)
    lines = note_rows(notes, size, body.w - name_w - pad, max(len(holders), (body.h - band(size)[1]) // step + 1))
    gap = max(0, (body.h - sum(lines) * step) // max(1, len(holders)))   # what is left, between the rows
    y = body.y
    for h, name, note, k in zip(holders, names, notes, lines):
        row_h = k * step + min(gap, fr.px(26))
        colour = style.seat_colour(h) if h < n else style.INK_DIM
        text_in(surface, name, pygame.Rect(body.x, y, name_w, step), fr.fs(19), colour, bold=True, align="left",
                min_size=fr.min_fs, ellipsis=True)
        text_in(surface, note, pygame.Rect(body.x + name_w + pad, y, body.w - name_w - pad, k * step),
                size, style.INK, align="left", valign="top", min_size=size, ellipsis=True, wrap_lines=True,
                max_lines=k)
        y += row_h


def note_rows(notes: Sequence[str], size: int, width: int, room: int) -> list[int]:
    """How many lines each note gets of the `room` lines there are: every note one, then
    the rest to the notes that need more, one line at a time from the top, so every note
    is read whole while the room lasts."""
    need = [max(1, len(wrap(note, size, width))) for note in notes]
    got = [1] * len(notes)
    left = room - len(notes)
    while left > 0 and any(g < k for g, k in zip(got, need)):
        for i, (g, k) in enumerate(zip(got, need)):
            if g < k and left > 0:
                got[i] += 1
                left -= 1
    return got


def _heat(p: float) -> tuple[int, int, int]:
    base, hot = style.BG_3, (240, 190, 60)
    return tuple(round(b + (h - b) * p) for b, h in zip(base, hot))  # type: ignore[return-value]


def _probabilities(surface: pygame.Surface, body: pygame.Rect, fr: Frame, view: dict, players: Sequence[Any] | None,
                   holders: list[int], sus: Suspicion) -> None:
    n = int(view["seats"])
    rows = len(holders) + 2                       # the roles' header, every other holder, nobody
    row_h = min(fr.px(34), body.h // rows)
    name_w, saw_w = fr.px(84), fr.px(56)
    cw = (body.w - name_w - saw_w) // len(ROLES)
    saw_x = body.x + name_w + len(ROLES) * cw + fr.px(4)
    for j, role in enumerate(ROLES):
        text_in(surface, t(f"wooolf.mark.{role}"), pygame.Rect(body.x + name_w + j * cw, body.y, cw, row_h),
                fr.fs(18), style.INK_DIM, bold=True, min_size=fr.min_fs, ellipsis=True)
    text_in(surface, t("wooolf.ui.saw_col"), pygame.Rect(saw_x, body.y, saw_w - fr.px(4), row_h), fr.fs(18),
            style.INK_DIM, bold=True, min_size=fr.min_fs, ellipsis=True)
    seen = seen_at(view)
    lines: list[tuple[str, tuple[int, int, int], list[float], str]] = []
    for h in holders:
        probs = sus.role_probs(h)
        name = holder_name(players, h, n) if h < n else t("wooolf.ui.neutral_short")
        saw = " ".join(t(f"wooolf.mark.{content().cards[c].role}") for c in seen.get(h, []))
        lines.append((name, style.seat_colour(h) if h < n else style.INK_DIM,
                      [float(probs.get(r, 0)) for r in ROLES], saw))
    lines.append((t("wooolf.ui.nobody_row"), style.INK_DIM, [float(sus.p_absent(r)) for r in ROLES], ""))
    for i, (name, colour, ps, saw) in enumerate(lines):
        y = body.y + (i + 1) * row_h
        text_in(surface, name, pygame.Rect(body.x, y, name_w, row_h), fr.fs(19), colour, bold=True, align="left",
                min_size=fr.min_fs, ellipsis=True)
        text_in(surface, saw, pygame.Rect(saw_x, y, saw_w - fr.px(4), row_h), fr.fs(19), style.ACCENT, bold=True,
                min_size=fr.min_fs, ellipsis=True)
        for j, p in enumerate(ps):
            cell = pygame.Rect(body.x + name_w + j * cw + 1, y + 1, cw - 2, row_h - 2)
            pygame.draw.rect(surface, _heat(p), cell, border_radius=fr.px(4))
            text_in(surface, _percent(p), cell, fr.fs(18), style.ink_on(_heat(p)), min_size=fr.min_fs,
                    ellipsis=True)


def _percent(p: float) -> str:
    if p <= 0:
        return "0"
    if p >= 1:
        return "100%"
    return f"{max(1, min(99, round(p * 100)))}%"
