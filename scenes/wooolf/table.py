"""The Wooolf!! table: the holders round the table (scenes/wooolf/tableview.py), the hand
of the seat on screen (its two cards, identity, targets), its notebook with the
suspicion assistant, the log, and the play-building: peek (a seat, then one of its two
cards; the card seen stays face up until Done, and the curtain and the bots wait for it),
ask (a question card at another player), shuffle my cards (on your turn; after an early
declaration whenever you like, and at a table of several people a button on your box
calls you to the screen for it), and the dial (set by clicking seats or their number
keys, or 0, or X) for an early or a final declaration. Bots' actions are
announced in a sentence at the table's centre and stay there while the next bot waits.
The reveal turns every card and dial over with a short flip and explains each point and
X in a sentence; it stays until someone goes on.

It renders only from `session.view(seat)` of the seat it shows and from the events that
seat may see; the turn-table kit (scenes/common/turntable.py) does the rest: the
hand-off curtain between people (final declarations one person at a time), the bots,
undo, pause. Drawing is in scenes/wooolf/panels.py."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from scenes.common.banner import BannerWords, banner_text
from scenes.common.clicks import among, left_click, route
from scenes.common.revealtable import READ_S, RevealTable
from scenes.ui import style
from scenes.ui.buttons import Button, row_rects
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.wooolf import panels
from scenes.wooolf.layout import TableLayout, table_layout
from scenes.wooolf.narrate import log_line, log_lines
from scenes.wooolf.notebook import Assistant, level_of
from scenes.wooolf.tableview import Shown, peeked_now, results_of

WORDS = BannerWords(over="wooolf.ui.banner.over", mine="wooolf.ui.banner.mine.{phase}",
                    bot="wooolf.ui.banner.bot", person="wooolf.ui.banner.person",
                    others="wooolf.ui.banner.others", phase="wooolf.phase.{phase}")
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
FLIP_S = 0.25          # one card's flip at normal speed
STAGGER_S = 0.12       # between one holder's flip and the next
ANNOUNCED = ("peeked", "asked", "shuffled", "declared", "round_dealt")   # said at the table's centre


PUBLIC = ("seats", "holders", "neutral", "round", "markers", "asks", "epochs", "early", "declared", "threshold")


def public_table(view: dict, reveal: dict) -> dict:
    """What the table showed as the round ended, for drawing its reveal: only what
    everyone saw (the markers, the answered cards, who declared), with the reveal's
    scores and X tokens. Nothing of the seat on screen's own secrets."""
    out = {k: view[k] for k in PUBLIC if k in view}
    out.update(scores=list(reveal["scores"]), x_tokens=[list(x) for x in reveal["x_tokens"]],
               status={"acting": []}, to_act=[], ended=False)
    return out


@dataclass
class Choice:
    """One seat's half-made choice on screen: never shown to another seat."""
    round: int = 0
    mode: str | None = None                 # "peek" | "ask" | "declare" (None: not chosen)
    seat: int | None = None                 # the holder chosen to peek at or to ask
    question: str | None = None
    q_index: int | None = None              # which of the question cards (two may ask the same)
    arrows: list[int | None] = field(default_factory=list)   # the dial: a holder, -1 (0) or None (unset)
    arrow: int = 0                          # the arrow a click sets
    result: dict | None = None              # this seat's peek, on screen until Done (its card: a secret)


class WooolfScene(RevealTable):

    def __init__(self, app: Any, session: Any) -> None:
        self.view: dict = session.view(None)
        self.assistant = Assistant()
        self.reveal: dict | None = None          # the reveal on screen (public)
        self.reveal_table: dict | None = None    # the table as the round ended (public parts only)
        self.reveal_clock = 0.0                  # seconds of its flip at normal speed
        self.announce: dict | None = None        # the last action (as the seat on screen saw it), said at the centre
        self.announced_for: int | None = None    # the seat that sentence was worded for
        self.log_lines: list[str] = []
        self.lay: TableLayout | None = None
        self.q_hits: list[tuple[str, pygame.Rect]] = []
        self.dial_hits: list[tuple[int, pygame.Rect]] = []
        self.draws = 0
        super().__init__(app, session, make_private=Choice)

    # ---- what is on screen ---------------------------------------------------------------
    @property
    def ui(self) -> Choice:
        return self.hot.mine

    @property
    def level(self) -> str:
        return level_of(self.view, dict(self.session.options or {}))

    def mode(self) -> str | None:
        """The action being built: the dial when it is the only choice (the final
        declaration, a forced early one), else the one chosen."""
        if not self.acting:
            return None
        if self.view["phase"] == "final" or self.view.get("must_declare"):
            return "declare"
        return self.ui.mode

    def others(self, players_only: bool = False) -> list[int]:
        me = self.viewer
        top = int(self.view["seats"]) if players_only else int(self.view["holders"])
        return [h for h in range(top) if h != me]

    # ---- the session ---------------------------------------------------------------------
    def refresh(self) -> None:
        self.view = self.session.view(self.viewer)
        v = self.view
        if self.reveal is None and v.get("ended") and v.get("rounds"):
            self.reveal, self.reveal_clock = dict(v["rounds"][-1]), 1e9     # a finished game resumed
        seen = self.events_seen()
        self.refresh_log(seen)
        if self.announce is not None and self.announced_for != self.viewer:
            self.announce = None                 # seen by another seat: as this one saw it
            last = next((e for e in reversed(seen) if e.get("type") in ANNOUNCED), None)
            if last is not None and last.get("type") != "round_dealt":
                self.announce = last
            self.announced_for = self.viewer
        if self.viewer is not None:
            ui = self.ui
            if ui.round != v["round"] or len(ui.arrows) != len(v["targets"]):
                self.hot.forget(self.viewer)
                ui = self.ui
                ui.round, ui.arrows = int(v["round"]), [None] * len(v["targets"])
            if ui.question not in v["my_questions"]:
                ui.question = ui.q_index = None

    def on_events(self, events: list[dict]) -> None:
        for ev in events:
            kind = ev.get("type")
            if kind == "round_revealed":
                self.reveal, self.reveal_clock = ev, 0.0
                self.reveal_table = public_table(self.view, ev)
                self.announce = None
                self.sound("score")
            elif kind in ANNOUNCED:
                if kind == "peeked" and self.viewer is not None and ev.get("seat") == self.viewer and "card" in ev:
                    self.ui.result = dict(ev)       # the peeker reads it and presses Done: only then
                    self.keep_screen()              # may the curtain rise or the bots go on
                self.announce = ev
                self.announced_for = self.viewer
                if kind != "round_dealt":
                    self.sound("place")

    def refresh_log(self, seen: list[dict] | None = None) -> None:
        """The log's lines worded again (after events, and when the language changes)."""
        seen = self.events_seen() if seen is None else seen
        self.log_lines = self.log_view.worded(seen, lambda e: log_lines(e, self.players, self.n, self.viewer), self.viewer)

    def announced(self) -> tuple[str, int | None] | None:
        """The last action in a sentence, in the language on screen now, and by whom."""
        ev = self.announce
        return None if ev is None else (log_line(ev, self.players, self.n, self.viewer), ev.get("seat"))

    def on_undone(self) -> None:
        self.announce = None
        self.free_screen()
        if self.undo_seat is not None:
            self.hot.forget(self.undo_seat)

    # ---- per frame -----------------------------------------------------------------------
    def step(self, dt: float) -> None:
        if self.assistant.poll():
            self.request_redraw()
        if self.viewer is not None and self.level in ("certain", "prob") and self.view.get("knowledge"):
            self.assistant.want(self.viewer, self.view)
        if self.reveal is not None and (self.flipping() or not self.humans):
            f = self.anim_factor
            self.reveal_clock = self.reveal_clock + dt / f if f > 0 else 1e9
            if not self.humans and self.reveal_clock >= self.reveal_length() + READ_S and not self.view.get("ended"):
                self.go_on()                     # nobody to press on: the bots' table goes on by itself

    def timer_in(self) -> float | None:
        """A table of bots only: when its reveal goes on by itself."""
        if self.reveal is None or self.humans or self.view.get("ended"):
            return None
        return max(0.0, (self.reveal_length() + READ_S - self.reveal_clock) * self.anim_factor)

    def reveal_length(self) -> float:
        return FLIP_S + STAGGER_S * int(self.view["holders"])

    def flipping(self) -> bool:
        return self.reveal is not None and self.reveal_clock < self.reveal_length()

    def still(self) -> bool:
        return not self.flipping()

    def wait_assistant(self, timeout: float = 10.0) -> None:
        """Tests: let the running suspicion finish and collect it."""
        self.assistant.wait(timeout)

    def suspicion(self) -> Any:
        if self.viewer is None or self.level not in ("certain", "prob"):
            return None
        return self.assistant.latest(self.viewer, self.view)

    # ---- choices -------------------------------------------------------------------------
    def choose_mode(self, mode: str | None) -> None:
        ui = self.ui
        ui.mode, ui.seat, ui.question, ui.q_index = mode, None, None, None
        ui.arrow = 0
        self.message = None

    def cancel(self) -> bool:
        ui = self.ui
        if self.viewer is None or (ui.mode is None and ui.seat is None):
            return False
        if self.mode() == "declare" and ui.mode != "declare":
            return False                         # the only choice there is: nothing to drop
        self.choose_mode(None)
        return True

    def pick_seat(self, h: int) -> None:
        """A click on a holder's box: what it means depends on the action being built."""
        mode = self.mode()
        if mode is None or h == self.viewer:
            return
        if mode == "peek":
            self.ui.seat = h
        elif mode == "ask" and h < self.n:
            self.ui.seat = h
        elif mode == "declare":
            self.set_arrow(h)
        self.message = None

    def pick_card(self, h: int, pos: int) -> None:
        """A click on a card: in peek mode, the peek (the seat and the card at once)."""
        if self.mode() == "peek" and h != self.viewer:
            self.peek(h, pos)
        else:
            self.pick_seat(h)

    def peek(self, h: int, pos: int) -> None:
        if self.submit({"type": "peek", "seat": self.viewer, "target": h, "pos": pos}):
            self.choose_mode(None)

    def pick_question(self, q: str, i: int | None = None) -> None:
        self.ui.question = q
        self.ui.q_index = i if i is not None else self.view["my_questions"].index(q)
        self.message = None

    def step_question(self, by: int) -> None:
        """The arrow keys on the question cards (as laid out, left to right): with none chosen
        yet, ← takes the first and → the last; then each press moves one card."""
        qs = list(self.view["my_questions"])
        if not qs:
            return
        i = self.ui.q_index
        i = (0 if by < 0 else len(qs) - 1) if i is None else max(0, min(len(qs) - 1, i + by))
        self.pick_question(qs[i], i)

    def ask(self) -> None:
        ui = self.ui
        if ui.seat is None or ui.question is None:
            return
        if self.submit({"type": "ask", "seat": self.viewer, "target": ui.seat, "question": ui.question}):
            self.choose_mode(None)

    def shuffle(self) -> None:
        if self.acting or self.can_swap():
            self.submit({"type": "shuffle", "seat": self.viewer})

    def can_swap(self) -> bool:
        """The seat on screen declared early: it may shuffle off turn, until the reveal."""
        return (self.viewer is not None and self.reveal is None and not self.acting
                and bool(self.view.get("can_shuffle")))

    def visiting(self) -> bool:
        """The person on screen was called to it off turn (to shuffle) and hands it back with Done."""
        return (self.viewer is not None and self.hot.pinned == self.viewer and self.ui.result is None
                and len(self.humans) > 1)

    def callers(self) -> list[int]:
        """At a table of several people: the others who declared early, each of whom may
        call for the screen (a button on their box) to shuffle their cards, off turn. The
        curtain rises for them and falls back after Done: nothing secret is shown."""
        v = self.view
        if (len(self.humans) < 2 or self.reveal is not None or self.hot.pinned is not None
                or v.get("phase") not in ("turns", "final")):
            return []
        return [h for h in self.humans if h != self.viewer and h in (v.get("early") or [])]

    def call(self, seat: int) -> None:
        if seat in self.callers():
            self.keep_screen(seat)

    def done(self) -> None:
        """The peek read (or the off-turn visit over): the screen goes on where the game needs it."""
        self.ui.result = None
        self.free_screen()

    def set_arrow(self, h: int) -> None:
        """Point the arrow being set at holder `h` (-1: at 0, nobody), then go to the next unset one."""
        ui = self.ui
        if not ui.arrows:
            return
        ui.arrows[ui.arrow] = h
        unset = [i for i, a in enumerate(ui.arrows) if a is None]
        ui.arrow = unset[0] if unset else ui.arrow

    def select_arrow(self, i: int) -> None:
        if 0 <= i < len(self.ui.arrows):
            self.ui.arrow = i

    def declare(self) -> None:
        arrows = self.ui.arrows
        if not arrows or any(a is None for a in arrows):
            return
        if self.submit({"type": "declare", "seat": self.viewer, "arrows": [int(a) for a in arrows]}):
            self.choose_mode(None)

    def decline(self) -> None:
        if self.view["phase"] == "final":
            self.submit({"type": "decline", "seat": self.viewer})

    def go_on(self) -> None:
        """Past the reveal: the next round (or, at the end, the results)."""
        if self.flipping():
            self.reveal_clock = 1e9
            return
        if self.view.get("ended"):
            self.show_results()
            return
        self.reveal = self.reveal_table = None
        self.announce = None
        self.refresh()

    # ---- layout and controls (never in draw) ---------------------------------------------------
    def lay_out(self, fr: Frame) -> None:
        self.refresh_log()                       # the window's size or the language changed
        self.lay = table_layout(fr.r(12, 72, 828, 444), int(self.view["holders"]), fr.px(8))

    def shown(self) -> Shown:
        """What the table turns up or marks for the seat on screen."""
        v, me, ui = self.view, self.viewer, self.ui
        s = Shown()
        if self.reveal is not None:
            r = self.reveal
            s.faces = {h: list(p) for h, p in enumerate(r["cards"])}
            length = FLIP_S
            s.flip = {h: max(0.0, min(1.0, (self.reveal_clock - STAGGER_S * h) / length)) for h in s.faces}
            s.dials = {p: (d or {}).get("arrows") for p, d in enumerate(r["dials"])}
            s.results = results_of(r)
            return s
        if me is None:
            return s
        if v.get("my_cards"):
            s.faces[me] = list(v["my_cards"])
        s.peeked = peeked_now(v)
        s.room = {h: panels.call_rect(self.fr, self.lay.seats[h]).w + self.fr.px(4)
                  for h in self.callers()} if self.lay is not None else {}
        mode = self.mode()
        s.keyed = mode in ("ask", "declare") or (mode == "peek" and ui.seat is None)   # see on_key
        if mode in ("peek", "ask"):
            s.offered = set(self.others(players_only=mode == "ask"))
            if ui.seat is not None:
                s.picked = {ui.seat}
        elif mode == "declare":
            s.offered = set(self.others())
            marks = (">", ">>")
            for i, a in enumerate(ui.arrows):
                if a is not None and a >= 0:
                    s.arrows[a] = (s.arrows.get(a, "") + " " + marks[i]).strip()
        return s

    def controls(self) -> None:
        fr, v = self.fr, self.view
        self.q_hits, self.dial_hits = [], []
        top = []
        if self.undo_seat is not None and not v.get("ended"):
            top.append(self.undo_button("wooolf.ui.undo", rect=fr.r(986, 8, 136, 52)))
        top.append(self.menu_button("wooolf.ui.menu", rect=fr.r(1132, 8, 136, 52)))
        row: list[Button] = []
        done = Button("done", self.done, t("wooolf.ui.done"), keys=ENTER + (pygame.K_SPACE,), primary=True)
        if self.reveal is not None:
            key = "wooolf.ui.see_results" if v.get("ended") else "wooolf.ui.next_round"
            row = [Button("go_on", self.go_on, t(key), keys=ENTER + (pygame.K_SPACE,), primary=True)]
        elif self.ui.result is not None:
            row = [done]
        elif self.acting:
            row = self._action_buttons()
        elif self.can_swap():
            row = [Button("shuffle", self.shuffle, t("wooolf.ui.shuffle"), keys=(pygame.K_s,))]
            row += [done] if self.visiting() else []
        for b, r in zip(row, row_rects(fr.r(12, 648, 828, 62), len(row), fr.px(8))):
            b.rect = r
            b.size = 21
        calls = []
        if self.lay is not None:
            for h in self.callers():
                calls.append(Button(f"call_{h}", lambda h=h: self.call(h), t("wooolf.ui.call_shuffle"),
                                    rect=panels.call_rect(fr, self.lay.seats[h]), size=18,
                                    colour=style.seat_colour(h)))
        self.bar.set(top + row + calls)
        area = panels.action_area(fr)
        mode = self.mode()
        if mode == "ask":
            qs = list(v["my_questions"])
            self.q_hits = list(zip(qs, panels.question_rects(fr, area, len(qs))))
        elif mode == "declare":
            self.dial_hits = list(enumerate(panels.dial_rects(fr, area, len(self.ui.arrows))))

    def _action_buttons(self) -> list[Button]:
        v, ui, me = self.view, self.ui, self.viewer
        mode = self.mode()
        cancel = Button("cancel", lambda: self.choose_mode(None), t("wooolf.ui.cancel"), keys=(pygame.K_ESCAPE,))
        if mode is None:
            return [Button("peek", lambda: self.choose_mode("peek"), t("wooolf.ui.peek"), keys=(pygame.K_p,),
                           enabled=int(v["markers_left"][me]) > 0),
                    Button("ask", lambda: self.choose_mode("ask"), t("wooolf.ui.ask"), keys=(pygame.K_a,),
                           enabled=bool(v["my_questions"])),
                    Button("shuffle", self.shuffle, t("wooolf.ui.shuffle"), keys=(pygame.K_s,),
                           enabled=bool(v["can_shuffle"])),
                    Button("declare", lambda: self.choose_mode("declare"), t("wooolf.ui.declare_early"),
                           keys=(pygame.K_d,), enabled=bool(v["can_declare_early"]))]
        if mode == "peek":
            if ui.seat is None:
                return [cancel]
            h = ui.seat
            return [Button(f"card_{pos}", lambda pos=pos: self.peek(h, pos), t(f"wooolf.ui.card_{pos + 1}"),
                           keys=(pygame.K_1 + pos,), primary=True) for pos in (0, 1)] + [cancel]
        if mode == "ask":
            return [Button("do_ask", self.ask, t("wooolf.ui.do_ask"), keys=ENTER, primary=True,
                           enabled=ui.seat is not None and ui.question is not None), cancel]
        ready = bool(ui.arrows) and all(a is not None for a in ui.arrows)
        row = [Button("nobody", lambda: self.set_arrow(-1), t("wooolf.ui.nobody"), keys=(pygame.K_0,)),
               Button("do_declare", self.declare, t("wooolf.ui.do_declare"), keys=ENTER, primary=True, enabled=ready)]
        if v["phase"] == "final":
            row.append(Button("decline", self.decline, t("wooolf.ui.decline"), keys=(pygame.K_x,)))
        elif not v.get("must_declare"):
            row.append(cancel)
        return row

    def status(self) -> tuple[str, tuple[int, int, int]]:
        if self.reveal is not None and not self.view.get("ended"):
            return t("wooolf.ui.banner.reveal", round=self.reveal.get("round")), (240, 228, 66)
        if self.viewer is not None and (self.ui.result is not None or self.visiting()):
            # the person on screen holds it (the game and the bots wait): say so, not the next mover
            key = "wooolf.ui.banner.read_peek" if self.ui.result is not None else "wooolf.ui.banner.visiting"
            return t(key, name=self.name(self.viewer)), style.seat_colour(self.viewer)
        return banner_text(self.view["status"], self.viewer, WORDS, self.name, self.is_bot, self.phone_state)

    # ---- input ---------------------------------------------------------------------------
    def on_key(self, ev: pygame.event.Event) -> bool:
        peek_card = self.mode() == "peek" and self.ui.seat is not None     # 1 and 2 are its cards' buttons
        if pygame.K_1 <= ev.key <= pygame.K_9 and self.mode() is not None and not peek_card:
            h = ev.key - pygame.K_1
            if h < int(self.view["holders"]):
                self.pick_seat(h)
                return True
        if ev.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.mode() == "declare":
            self.select_arrow(self.ui.arrow + (1 if ev.key == pygame.K_RIGHT else -1))
            return True
        if ev.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.mode() == "ask":
            self.step_question(1 if ev.key == pygame.K_RIGHT else -1)
            return True
        return False

    def on_input(self, ev: pygame.event.Event) -> bool:
        pos = left_click(ev)
        if pos is None or self.lay is None or not self.acting:
            return False
        questions = [((q, i), r) for i, (q, r) in enumerate(self.q_hits)]   # two cards may ask the same
        return route(pos, ((among(questions), lambda qi: self.pick_question(*qi)),
                           (among(self.dial_hits), self.select_arrow),
                           (self.lay.card_at, lambda card: self.pick_card(*card)),
                           (self.lay.seat_at, self.pick_seat)))

    # ---- drawing (read-only) -------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        panels.draw_scene(surface, self)
