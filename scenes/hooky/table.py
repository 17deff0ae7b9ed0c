"""The Hooky table: the worksheet of the seat on screen, its cards, the action panel
(starting clue, ask, reveal and peek, propose a word, vote, hooky guesses, naming the
hands) and the log. It renders only from `session.view(seat)` of the seat it shows (or
the table's view), never from the state. The turn-table kit (scenes/common/turntable.py)
does the rest: the hot-seat curtain between two people (nothing is drawn beneath it), the
bots, undo, pause. The panels are drawn by scenes/hooky/panels.py."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from engine.core.errors import RuleError
from engine.hooky.deduction import Deduction
from engine.hooky.knowledge import ALPHABET
from scenes.common.banner import BannerWords, banner_text
from scenes.common.logpanel import draw_recent
from scenes.common.turntable import TurnTable
from scenes.hooky import assist, panels
from scenes.hooky.entry import ENTER, Entry
from scenes.hooky.marks import Marks, load_marks, marks_path, save_marks
from scenes.hooky.narrate import log_line
from scenes.hooky.tableview import draw_final, draw_table
from scenes.hooky.widgets import cards_row
from scenes.hooky.worksheet import WorksheetGrid
from scenes.ui import style
from scenes.ui.buttons import Button, row_rects
from scenes.ui.geometry import Frame
from scenes.ui.i18n import lang, t

log = logging.getLogger(__name__)

WORD_LEN = 5
ANSWERS = ("asked", "clue_given")        # the events that carry an answer
WORDS = BannerWords(over="hooky.ui.game_over", mine="hooky.ui.you.{phase}", bot="hooky.ui.bot_thinking",
                    person="hooky.ui.waiting_for", others="hooky.ui.waiting_others", phase="hooky.phase.{phase}")


@dataclass
class Inputs:
    """One seat's half-made choices on screen: never shown to another seat."""
    word: str = ""
    target: int | None = None
    reveal_mode: bool = False
    reveal_letter: str | None = None
    picks: list[str] = field(default_factory=list)       # hooky guess letters being chosen
    focus: str = "entry"                                 # "entry" (typing) or "grid" (marks)
    cursor: tuple[int, int] = (0, 0)                     # the worksheet's cursor


class HookyScene(Entry, panels.Panels, TurnTable):
    bot_pause = 0.9
    results_at_end = False       # the final table first; "Scores and chart" opens the results

    def __init__(self, app: Any, session: Any) -> None:
        self.view: dict = session.view(None)
        path = session.log_path
        self.marks_file = marks_path(Path(path) if path is not None else None)
        self.marks: Marks = load_marks(self.marks_file, int(session.seats))   # a resumed game's marks are back
        self.assistant = assist.Assistant()
        self.grid = WorksheetGrid()
        self.card_hits: list[tuple[str, pygame.Rect]] = []
        self.problem: tuple[str, bool] | None = None      # what is wrong with the typed word
        self.draws = 0                           # frames this scene drew (tests: none under the curtain)
        self.log_lines: list[str] = []
        super().__init__(app, session, make_private=Inputs)
        self.buttons = self.bar

    # ---- seats -----------------------------------------------------------------------
    @property
    def ui(self) -> Inputs:
        """The half-made choices of the seat on screen."""
        return self.hot.mine

    @property
    def table_level(self) -> str:
        """The level the table agreed on at set-up: the most help anyone may have."""
        return assist.level_of(self.view)

    @property
    def level(self) -> str:
        """The shown seat's level: the table's, or lower if the seat turned it down."""
        if self.viewer is None:
            return self.table_level
        return assist.seat_level(self.table_level, self.marks.levels.get(self.viewer))

    def step_assistant(self) -> None:
        """The Assistant button (F2): one level less help for the seat on screen, and from
        pen and paper back up to the table's level; never above it."""
        if self.viewer is None or self.table_level == "off" or self.view.get("ended"):
            return
        self.marks.set_level(self.viewer, assist.next_level_down(self.table_level, self.level))
        self.message = (t("hooky.ui.assistant_now", level=t(f"hooky.opt.assistant.{self.level}")), "info")
        self.refresh_log()

    @property
    def acting(self) -> bool:
        """The shown seat may act now."""
        return self.viewer is not None and self.viewer in self.view["status"]["acting"]

    # ---- the session -----------------------------------------------------------------
    def leave(self) -> None:
        self.flush_marks()
        super().leave()

    def refresh(self) -> None:
        self.view = self.session.view(self.viewer)
        self.refresh_log()
        if self.viewer is not None:
            ui = self.ui
            if ui.target is not None and (ui.target == self.viewer or not 0 <= ui.target < self.n):
                ui.target = None
            if self.view["phase"] != "guess":
                ui.picks = []
            if not self.view.get("can_reveal"):
                ui.reveal_mode = False

    def on_events(self, events: list[dict]) -> None:
        me = self.viewer
        for ev in events:
            kind = ev.get("type")
            if kind == "asked":
                self.sound("place")
            elif kind == "card_peeked" and me is not None and ev.get("seat") == me and "letter" in ev:
                self.message = (t("hooky.log.card_peeked_mine", letter=str(ev["letter"]).upper(),
                                  target=self.name(int(ev["target"]))), "good")
                self.sound("score")
            elif kind == "round_ended":
                self.sound("extra" if ev.get("flip") else "place")
            elif kind in ("word_accepted", "word_refused"):
                self.message = (log_line(ev, self.players, me, redacted=True), "info")

    def on_undone(self) -> None:
        if self.undo_seat is not None:
            self.assistant.forget(self.undo_seat)    # its deduction may rest on what was taken back

    # ---- per frame -------------------------------------------------------------------
    def step(self, dt: float) -> None:
        if self.assistant.poll():
            self.request_redraw()                # the worksheet fills in
        if self.viewer is not None and self.level in ("certain", "prob"):
            self.assistant.want(self.viewer, self.view)
        self.flush_marks()

    # ---- the marks file -----------------------------------------------------------------
    def flush_marks(self) -> None:
        """Write the marks beside the game's log when they changed (no log: kept in memory)."""
        if not self.marks.dirty or self.marks_file is None:
            return
        try:
            save_marks(self.marks_file, self.marks)
        except OSError as e:              # a read-only folder: the marks stay on screen, unsaved
            log.warning("hooky marks not saved to %s: %r", self.marks_file, e)
            self.marks_file = None


    def wait_assistant(self, timeout: float = 10.0) -> None:
        """Tests: let the running deduction finish and collect it."""
        self.assistant.wait(timeout)

    # ---- what the assistant shows --------------------------------------------------------
    def deduction(self) -> Deduction | None:
        if self.viewer is None or self.level not in ("certain", "prob"):
            return None
        return self.assistant.latest(self.viewer)

    def fresh_deduction(self) -> Deduction | None:
        """The deduction of the shown seat's current knowledge (None while it is computed)."""
        return None if self._thinking() else self.deduction()

    def assist_cells(self) -> dict:
        """The cells the assistant fills for the shown seat at the table's level."""
        if self.viewer is None or self.level == "off":
            return {}
        rows = assist.rows_for(self.view, self.viewer)
        out = assist.known_facts(self.view, self.viewer)
        d = self.deduction()
        if d is not None:
            out = {**assist.forced(d, rows), **out}
        return out

    # ---- actions ---------------------------------------------------------------------
    def type_letter(self, c: str) -> None:
        v = self.view
        if not self.acting:
            return
        if v["phase"] == "guess":
            self.toggle_pick(c)
        elif self.ui.reveal_mode:
            if c in (v.get("hand") or []) and c not in v["revealed"][self.viewer]:
                self.ui.reveal_letter = c
        elif v["phase"] in ("clue", "turn") and len(self.ui.word) < WORD_LEN:
            self.ui.word += c
            self.message = None

    def backspace(self) -> None:
        if self.view["phase"] == "guess" and self.ui.picks:
            self.ui.picks.pop()
        else:
            self.ui.word = self.ui.word[:-1]
        self.message = None

    def toggle_pick(self, c: str) -> None:
        if c in self.ui.picks:
            self.ui.picks.remove(c)
        else:
            self.ui.picks.append(c)
            if len(self.ui.picks) > 3:
                self.ui.picks.pop(0)

    def choose_target(self, seat: int) -> None:
        if seat != self.viewer and 0 <= seat < self.n:
            self.ui.target = seat
            self.message = None

    def step_target(self, d: int) -> None:
        if self.viewer is None:
            return
        others = [(self.viewer + i) % self.n for i in range(1, self.n)]
        i = others.index(self.ui.target) + d if self.ui.target in others else (0 if d > 0 else -1)
        self.ui.target = others[i % len(others)]

    def primary(self) -> None:
        """Enter: the phase's main action."""
        v = self.view
        if not self.acting:
            return
        ph = v["phase"]
        if ph == "clue":
            self.give_clue()
        elif ph == "turn":
            self.do_reveal() if self.ui.reveal_mode else self.ask()
        elif ph == "guess":
            self.guess()
        elif ph == "hands":
            self.name_hands()

    def give_clue(self) -> None:
        if self.acting and self.submit({"type": "clue", "seat": self.viewer, "word": self.ui.word}):
            self.ui.word = ""

    def ask(self) -> None:
        if not self.acting:
            return
        if self.ui.target is None:
            self.message = (t("hooky.ui.choose_target"), "error")
            return
        if self.submit({"type": "ask", "seat": self.viewer, "target": self.ui.target, "word": self.ui.word}):
            self.ui.word = ""

    def propose(self) -> None:
        if self.acting:
            self.submit({"type": "propose", "seat": self.viewer, "word": self.ui.word})

    def vote(self, accept: bool) -> None:
        if self.acting and self.view["phase"] == "vote":
            self.submit({"type": "vote", "seat": self.viewer, "accept": accept})

    def start_reveal(self) -> None:
        if self.acting and self.view.get("can_reveal"):
            self.ui.reveal_mode = not self.ui.reveal_mode
            self.ui.reveal_letter = None
            self.message = None

    def do_reveal(self) -> None:
        if not self.acting:
            return
        if self.ui.reveal_letter is None or self.ui.target is None:
            self.message = (t("hooky.ui.reveal_pick"), "error")
            return
        if self.submit({"type": "reveal", "seat": self.viewer, "letter": self.ui.reveal_letter, "target": self.ui.target}):
            self.ui.reveal_mode = False
            self.ui.reveal_letter = None

    def guess(self) -> None:
        if self.acting and self.submit({"type": "guess", "seat": self.viewer, "letters": list(self.ui.picks)}):
            self.ui.picks = []

    def named_hands(self) -> dict[int, list[str]]:
        """What the worksheet names for each other seat: the cells the player marked "has",
        and the ones the assistant shows as certain unless the player marked them "not"."""
        seat = self.viewer
        assert seat is not None
        marks = self.marks.of(seat)
        filled = self.assist_cells()
        out: dict[int, list[str]] = {}
        for s in range(self.n):
            if s == seat:
                continue
            letters = []
            for c in ALPHABET:
                m = marks.get((s, c))
                if m == "has" or (m is None and filled.get((s, c)) == "has"):
                    letters.append(c)
            out[s] = letters
        return out

    def name_hands(self) -> None:
        if self.acting:
            hands = {s: letters for s, letters in self.named_hands().items()}
            self.submit({"type": "name_hands", "seat": self.viewer, "hands": hands})

    def likeliest(self) -> None:
        """Probabilities level: fill the guess (or the named hands) with the likeliest letters."""
        d = self.fresh_deduction()
        if d is None or not d.consistent or self.viewer is None:
            return
        if self.view["phase"] == "guess":
            order = sorted(ALPHABET, key=lambda c: -d.p(c, "hooky"))
            self.ui.picks = sorted(order[:3])
        elif self.view["phase"] == "hands":
            for s in range(self.n):
                if s == self.viewer:
                    continue
                size = int(self.view["hand_sizes"][s])
                best = set(sorted(ALPHABET, key=lambda c: -d.p(c, s))[:size])
                for c in ALPHABET:
                    self.marks.set(self.viewer, (s, c), "has" if c in best else "not")

    # ---- the worksheet's cursor and marks --------------------------------------------------
    def move_cursor(self, dr: int, dc: int) -> None:
        if self.viewer is None:
            return
        r, c = self.ui.cursor
        rows = len(assist.rows_for(self.view, self.viewer))
        self.ui.cursor = ((r + dr) % rows, (c + dc) % len(ALPHABET))

    def cell_under_cursor(self) -> tuple[Any, str] | None:
        if self.viewer is None:
            return None
        r, c = self.ui.cursor
        return assist.rows_for(self.view, self.viewer)[r], ALPHABET[c]

    def set_mark(self, mark: str | None) -> None:
        cell = self.cell_under_cursor()
        if cell is not None:
            self.marks.set(self.viewer, cell, mark)


    # ---- what is wrong with the typed word: the rules' dry run --------------------------
    def word_problem(self) -> tuple[str, bool] | None:
        """What the rules would say to the typed word (text, may it be proposed instead),
        or None when it would be taken. Asked of the session's dry run, never re-checked here."""
        ui, seat = self.ui, self.viewer
        if len(ui.word) < WORD_LEN:
            return t("hooky.ui.type_word"), False
        if self.view["phase"] == "clue":
            refusal = self.check({"type": "clue", "seat": seat, "word": ui.word})
        elif ui.target is not None:
            refusal = self.check({"type": "ask", "seat": seat, "target": ui.target, "word": ui.word})
        else:   # no one to ask yet: is it a word at all? (a new word could be proposed)
            refusal = self.check({"type": "propose", "seat": seat, "word": ui.word})
            if refusal is None:
                refusal = RuleError("err.hooky.unknown_word", word=ui.word.upper())
            elif refusal.code == "err.hooky.already_a_word":
                return None
        if refusal is None:
            return None
        return refusal.message(lang()), refusal.code == "err.hooky.unknown_word"

    # ---- buttons and hit targets (never made in draw) ---------------------------------------
    def lay_out(self, fr: Frame) -> None:
        self.refresh_log()

    def refresh_log(self) -> None:
        """The log panel's lines, as the seat on screen may read them. With pen and paper
        (the "off" level) a player hears each answer once: the log lists no answers (the
        latest is shown once, on the worksheet side), only what else happened."""
        events = self.events_seen()
        if self.level == "off":
            events = [e for e in events if e.get("type") not in ANSWERS]
        self.log_lines = self.log_view.worded(events, lambda e: log_line(e, self.players, self.viewer, redacted=True),
                                              self.viewer)

    def controls(self) -> None:
        fr, v = self.fr, self.view
        self.card_hits = []
        self.problem = self.word_problem() if self.acting and v["phase"] in ("clue", "turn") else None
        buttons = []
        if self.undo_seat is not None and not v.get("ended"):
            buttons.append(self.undo_button("hooky.ui.undo", rect=fr.r(690, 8, 116, 48)))
        buttons.append(self.menu_button("hooky.ui.menu", rect=fr.r(1132, 8, 136, 48)))
        if self.viewer is not None and not v.get("ended") and self.table_level != "off":
            buttons.append(Button("assistant", self.step_assistant, t(f"hooky.ui.assistant.{self.level}"),
                                  keys=(pygame.K_F2,), rect=fr.r(816, 4, 304, 56), size=20))
        if v.get("ended"):
            buttons.append(Button("results", self.results, t("hooky.ui.see_results"), keys=ENTER,
                                  rect=fr.r(440, 644, 400, 64), primary=True))
        elif self.viewer is not None:
            rows = assist.rows_for(v, self.viewer)
            self.grid.layout(fr.r(12, 70, 852, 2 + 30 + 40 * len(rows)), rows, fr)
            hand = list(v.get("hand") or [])
            self.card_hits = list(zip(hand, cards_row(fr.r(890, 104, 366, 80), len(hand), fr.px(58), fr.px(6), 1.25)))
            if self.acting:
                buttons += self._action_buttons()
        self.bar.set(buttons)

    def _action_buttons(self) -> list[Button]:
        """The buttons of the phase the shown seat acts in."""
        ui, v, problem = self.ui, self.view, self.problem
        ph = v["phase"]
        may_propose = Button("propose", self.propose, t("hooky.ui.propose"), enabled=bool(problem and problem[1]))
        likeliest = ([Button("likeliest", self.likeliest, t("hooky.ui.likeliest"),
                             enabled=self.fresh_deduction() is not None)] if self.level == "prob" else [])
        seats: list[Button] = []
        if ph == "clue":
            row = [Button("clue", self.give_clue, t("hooky.ui.give_clue"), keys=ENTER, primary=True,
                          enabled=problem is None), may_propose]
        elif ph == "turn" and ui.reveal_mode:
            seats = self._seat_buttons(290)
            row = [Button("do_reveal", self.do_reveal, t("hooky.ui.do_reveal"), keys=ENTER, primary=True,
                          enabled=ui.reveal_letter is not None and ui.target is not None),
                   Button("cancel", self.start_reveal, t("hooky.ui.cancel"), keys=(pygame.K_ESCAPE,))]
        elif ph == "turn":
            seats = self._seat_buttons(262)
            row = [Button("ask", self.ask, t("hooky.ui.ask"), keys=ENTER, primary=True,
                          enabled=problem is None and ui.target is not None)]
            if v.get("can_reveal"):
                row.append(Button("reveal", self.start_reveal, t("hooky.ui.reveal")))
            row.append(may_propose)
        elif ph == "vote":
            row = [Button("yes", lambda: self.vote(True), t("hooky.ui.accept"), keys=(pygame.K_y,), primary=True),
                   Button("no", lambda: self.vote(False), t("hooky.ui.refuse"), keys=(pygame.K_n,))]
        elif ph == "guess":
            row = [Button("guess", self.guess, t("hooky.ui.confirm"), keys=ENTER, primary=True,
                          enabled=len(ui.picks) == 3),
                   Button("clear", self._clear, t("hooky.ui.clear"), enabled=bool(ui.picks))] + likeliest
        elif ph == "hands":
            too_many = any(len(letters) > int(v["hand_sizes"][s]) for s, letters in self.named_hands().items())
            row = [Button("name", self.name_hands, t("hooky.ui.confirm"), keys=ENTER, primary=True,
                          enabled=not too_many)] + likeliest
        else:
            row = []
        for b, r in zip(row, row_rects(self.fr.r(890, 456, 366, 54), len(row), self.fr.px(8))):
            b.rect, b.size = r, 21
        return seats + row

    def _seat_buttons(self, y: int) -> list[Button]:
        """A button per other seat, to ask (or peek at) it."""
        seat, ui = self.viewer, self.ui
        assert seat is not None
        others = [(seat + i) % self.n for i in range(1, self.n)]
        rects = row_rects(self.fr.r(890, y, 366, 44), len(others), self.fr.px(6))
        return [Button(f"seat_{s}", lambda s=s: self.choose_target(s), self.name(s), rect=r, size=20,
                       colour=style.seat_colour(s), selected=ui.target == s,
                       enabled=self.view["hidden_counts"][s] > 0 if ui.reveal_mode else True)
                for s, r in zip(others, rects)]

    def status(self) -> tuple[str, tuple[int, int, int]]:
        """The turn banner's words for the seat on screen."""
        return banner_text(self.view["status"], self.viewer, WORDS, self.name, self.is_bot, self.phone_state)

    def _clear(self) -> None:
        self.ui.picks = []
        self.ui.word = ""
        self.message = None

    def results(self) -> None:
        self.show_results()


    # ---- drawing (read-only) -----------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        fr = self.fr
        style.fill_background(surface)
        self._draw_top(surface, fr)
        v = self.view
        if v.get("ended"):
            draw_final(surface, fr.r(20, 72, 1240, 560), fr, v, self.players)
        elif self.viewer is None:
            draw_table(surface, fr.r(16, 72, 848, 636), fr, v, self.players)
            draw_recent(surface, fr.r(880, 72, 384, 636), self.log_lines, fr.fs(19), fr.px(8), fr.px(10), self.log_view)
        else:
            self._draw_worksheet(surface, fr)
            self._draw_side(surface, fr)
        self.bar.draw(surface, fr)
