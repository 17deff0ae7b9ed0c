"""The Hooky table: the worksheet of the seat whose turn it is on this device, its cards,
the action panel (starting clue, ask, reveal and peek, propose a word, vote, hooky
guesses, naming the hands) and the log. It renders only from `session.view(seat)` of the
seat it shows (or the table's view), never from the state; between two people's turns
it raises the handoff curtain, and nothing is drawn beneath it."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pygame

from engine.core.errors import RuleError
from engine.hooky.clue_words import is_clue_word, same_letters
from engine.hooky.deduction import Deduction
from engine.hooky.knowledge import ALPHABET, count_answer
from engine.hooky.views import redact_event
from scenes.common.listening import SessionListening
from scenes.hooky import assist
from scenes.hooky.marks import Marks, load_marks, marks_path, save_marks
from scenes.hooky.narrate import log_line
from scenes.hooky.tableview import draw_final, draw_table, round_text
from scenes.hooky.widgets import PANEL, Button, Frame, cards_row, draw_card, seat_name
from scenes.hooky.worksheet import WorksheetGrid, draw_questions, place_label
from scenes.stack import Scene
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.i18n import lang, t
from scenes.ui.text import band, line_step, paragraph
from scenes.ui.worker import BotTurns

log = logging.getLogger(__name__)

BOT_PAUSE = 0.9             # seconds a bot's move waits, so people can follow
WORD_LEN = 5
LETTER_KEYS = {getattr(pygame, f"K_{c}"): c for c in ALPHABET}
MARK_KEYS = {pygame.K_h: "has", pygame.K_n: "not", pygame.K_m: "maybe",
             pygame.K_1: "has", pygame.K_2: "not", pygame.K_3: "maybe",
             pygame.K_KP1: "has", pygame.K_KP2: "not", pygame.K_KP3: "maybe"}
UNDO_KEYS = (pygame.K_u, pygame.K_z)    # U (when letters are not being typed), Ctrl+U, Ctrl+Z
CLEAR_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_0, pygame.K_KP0)
ARROWS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class HookyScene(Scene, SessionListening):
    def __init__(self, app: Any, session: Any) -> None:
        super().__init__(app)
        self.session = session
        self.players: list[dict] = list(getattr(session, "players", None) or [])
        self.n = int(session.seats)
        self.humans = [s for s in range(self.n) if not self._is_bot(s)]
        self.viewer: int | None = None          # whose view is on screen (None: the table's)
        self.view: dict = session.view(None)
        self.curtain_for: int | None = None
        self.marks_file = marks_path(self._log_path())
        self.marks: Marks = load_marks(self.marks_file, self.n)    # a resumed game's marks are back
        self.cursors: dict[int, tuple[int, int]] = {}
        self.assistant = assist.Assistant()
        self.bots = BotTurns(session, self._make_bot, delay=BOT_PAUSE)
        self.grid = WorksheetGrid()
        self.focus = "entry"                     # "entry" (typing) or "grid" (marks)
        self.word = ""
        self.target: int | None = None
        self.reveal_mode = False
        self.reveal_letter: str | None = None
        self.picks: list[str] = []               # hooky guess letters being chosen
        self.message: tuple[str, str] | None = None   # (text, "error" | "info" | "good")
        self.buttons: list[Button] = []
        self.card_hits: list[tuple[str, pygame.Rect]] = []
        self.hover: tuple[int, int] | None = None
        self.draws = 0                           # frames this scene drew (tests: none under the curtain)
        self.ended_shown = False
        self._listening = False

    # ---- seats -----------------------------------------------------------------------
    def _is_bot(self, seat: int) -> bool:
        try:
            return bool(self.session.is_bot(seat))
        except (AttributeError, IndexError):
            return False

    def _log_path(self) -> Path | None:
        path = getattr(self.session, "log_path", None)
        return Path(path) if isinstance(path, (str, Path)) else None

    def _make_bot(self, seat: int, level: str) -> Any:
        from engine.hooky.bot import HookyBot
        return HookyBot(level, (int(getattr(self.session, "seed", 0)) * 31 + seat) & 0xFFFFFFFF)

    def name(self, seat: int) -> str:
        return seat_name(self.players, seat)

    @property
    def level(self) -> str:
        return assist.level_of(self.view)

    @property
    def acting(self) -> bool:
        """The shown seat may act now."""
        return self.viewer is not None and self.viewer in (self.view.get("to_act") or [])

    def desired_viewer(self) -> int | None:
        if self.session.outcome() is not None or not self.humans:
            return None
        if len(self.humans) == 1:
            return self.humans[0]
        acting = [s for s in sorted(self.session.to_act()) if s in self.humans]
        if self.viewer in acting:
            return self.viewer
        if acting:
            return acting[0]
        return self.viewer

    def sync_viewer(self) -> None:
        """Show the right seat: behind the curtain when another person takes over."""
        want = self.desired_viewer()
        if want == self.viewer or (want is not None and want == self.curtain_for):
            return
        if want is not None and len(self.humans) > 1:
            self.viewer = None                   # nothing of the last person stays up
            self.view = self.session.view(None)
            self._reset_inputs()
            self.curtain_for = want
            handoff = getattr(self.app, "handoff", None)
            if handoff is not None:
                handoff(want, lambda w=want: self.show_seat(w), self.name(want))
            else:
                self.show_seat(want)
            return
        self.show_seat(want)

    def show_seat(self, seat: int | None) -> None:
        self.curtain_for = None
        if seat != self.viewer:
            self._reset_inputs()
        self.viewer = seat
        self.refresh()

    def _reset_inputs(self) -> None:
        self.word = ""
        self.target = None
        self.reveal_mode = False
        self.reveal_letter = None
        self.picks = []
        self.message = None
        self.focus = "entry"

    # ---- the session -----------------------------------------------------------------
    def enter(self) -> None:
        self.listen()
        if len(self.humans) == 1 and self.curtain_for is None:
            self.viewer = self.desired_viewer()      # one person: their view from the first frame
        self.refresh()

    def leave(self) -> None:
        self.flush_marks()
        self.stop_listening()

    def refresh(self) -> None:
        self.view = self.session.view(self.viewer)
        v = self.view
        if self.viewer is not None:
            if self.target is not None and (self.target == self.viewer or not 0 <= self.target < self.n):
                self.target = None
            if v["phase"] != "guess":
                self.picks = []
            if not v.get("can_reveal"):
                self.reveal_mode = False
            if self.viewer not in self.cursors:
                self.cursors[self.viewer] = (0, 0)

    def _on_events(self, session: Any, events: list[dict]) -> None:
        me = self.viewer
        for raw in events:
            ev = redact_event(raw, me)
            if ev is None:
                continue
            kind = ev.get("type")
            if kind == "asked":
                self._sound("place")
            elif kind == "card_peeked" and me is not None and ev.get("seat") == me and "letter" in ev:
                self.message = (t("hooky.log.card_peeked_mine", letter=str(ev["letter"]).upper(),
                                  target=self.name(int(ev["target"]))), "good")
                self._sound("score")
            elif kind == "round_ended":
                self._sound("extra" if ev.get("flip") else "place")
            elif kind in ("word_accepted", "word_refused"):
                self.message = (log_line(ev, self.players, me, redacted=True), "info")
            elif kind == "game_ended":
                self._sound("end")
        self.refresh()

    def _sound(self, name: str) -> None:
        player = getattr(self.app, "sound", None)
        if player is not None:
            player.play(name)

    def submit(self, cmd: dict) -> bool:
        try:
            self.session.submit(cmd)
        except RuleError as e:
            self.message = (e.message(lang()), "error")
            self._sound("error")
            return False
        return True

    # ---- per frame -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.sync_viewer()
        if self.curtain_for is not None:
            return
        self.assistant.poll()
        if self.viewer is not None and self.level in ("certain", "prob"):
            self.assistant.want(self.viewer, self.view)
        self._drive_bots(dt)
        self.sync_viewer()
        if self.session.outcome() is not None and not self.ended_shown:
            self.ended_shown = True
            self.refresh()
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

    # ---- taking back a play against bots --------------------------------------------------
    @property
    def undo_seat(self) -> int | None:
        """The seat on this device that may take back its plays: the one person at a table
        of bots (None at a table of several people or of bots only)."""
        if len(self.humans) != 1 or not hasattr(self.session, "can_undo"):
            return None
        return self.humans[0]

    def can_undo(self) -> bool:
        """Exactly the session's answer for the seat on this device (the rules refuse a
        take-back that would unlearn anything: an answer heard, a card peeked or flipped)."""
        seat = self.undo_seat
        if seat is None or self.curtain_for is not None:
            return False
        try:
            return bool(self.session.can_undo(seat))
        except Exception:            # a session that cannot tell: no undo
            return False

    def undo(self) -> bool:
        """Take back the last play of the seat on this device (and the bots' since)."""
        if not self.can_undo():
            return False
        seat = self.undo_seat
        assert seat is not None
        self.bots.cancel()               # a bot's move thought out on the later state is dropped
        if not self.session.undo(seat):
            return False
        self.assistant.forget(seat)      # its deduction may rest on what was taken back
        self._reset_inputs()
        self.ended_shown = False
        self.refresh()
        self._sound("click")
        return True

    def _drive_bots(self, dt: float) -> None:
        settings = getattr(self.app, "settings", None)
        factor = getattr(settings, "anim_factor", 1.0)
        self.bots.delay = BOT_PAUSE * (factor if isinstance(factor, (int, float)) else 1.0)
        try:
            self.bots.update(dt)
        except Exception as e:       # a bot's failed move must not stop the game
            log.warning("hooky bot move failed: %r", e)
            for seat in sorted(self.session.to_act()):
                if self._is_bot(seat):
                    cmd = next(iter(self.session.rules.legal_commands(self.session.view(seat), seat)), None)
                    if cmd is not None:
                        try:
                            self.session.submit(cmd)
                        except RuleError:
                            pass
                    break

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
        elif self.reveal_mode:
            if c in (v.get("hand") or []) and c not in v["revealed"][self.viewer]:
                self.reveal_letter = c
        elif v["phase"] in ("clue", "turn") and len(self.word) < WORD_LEN:
            self.word += c
            self.message = None

    def backspace(self) -> None:
        if self.view["phase"] == "guess" and self.picks:
            self.picks.pop()
        else:
            self.word = self.word[:-1]
        self.message = None

    def toggle_pick(self, c: str) -> None:
        if c in self.picks:
            self.picks.remove(c)
        else:
            self.picks.append(c)
            if len(self.picks) > 3:
                self.picks.pop(0)

    def choose_target(self, seat: int) -> None:
        if seat != self.viewer and 0 <= seat < self.n:
            self.target = seat
            self.message = None

    def step_target(self, d: int) -> None:
        if self.viewer is None:
            return
        others = [(self.viewer + i) % self.n for i in range(1, self.n)]
        i = others.index(self.target) + d if self.target in others else (0 if d > 0 else -1)
        self.target = others[i % len(others)]

    def primary(self) -> None:
        """Enter: the phase's main action."""
        v = self.view
        if not self.acting:
            return
        ph = v["phase"]
        if ph == "clue":
            self.give_clue()
        elif ph == "turn":
            self.do_reveal() if self.reveal_mode else self.ask()
        elif ph == "guess":
            self.guess()
        elif ph == "hands":
            self.name_hands()

    def give_clue(self) -> None:
        if self.acting and self.submit({"type": "clue", "seat": self.viewer, "word": self.word}):
            self.word = ""

    def ask(self) -> None:
        if not self.acting:
            return
        if self.target is None:
            self.message = (t("hooky.ui.choose_target"), "error")
            return
        if self.submit({"type": "ask", "seat": self.viewer, "target": self.target, "word": self.word}):
            self.word = ""

    def propose(self) -> None:
        if self.acting:
            self.submit({"type": "propose", "seat": self.viewer, "word": self.word})

    def vote(self, accept: bool) -> None:
        if self.acting and self.view["phase"] == "vote":
            self.submit({"type": "vote", "seat": self.viewer, "accept": accept})

    def start_reveal(self) -> None:
        if self.acting and self.view.get("can_reveal"):
            self.reveal_mode = not self.reveal_mode
            self.reveal_letter = None
            self.message = None

    def do_reveal(self) -> None:
        if not self.acting:
            return
        if self.reveal_letter is None or self.target is None:
            self.message = (t("hooky.ui.reveal_pick"), "error")
            return
        if self.submit({"type": "reveal", "seat": self.viewer, "letter": self.reveal_letter, "target": self.target}):
            self.reveal_mode = False
            self.reveal_letter = None

    def guess(self) -> None:
        if self.acting and self.submit({"type": "guess", "seat": self.viewer, "letters": list(self.picks)}):
            self.picks = []

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
            self.picks = sorted(order[:3])
        elif self.view["phase"] == "hands":
            for s in range(self.n):
                if s == self.viewer:
                    continue
                size = int(self.view["hand_sizes"][s])
                best = set(sorted(ALPHABET, key=lambda c: -d.p(c, s))[:size])
                for c in ALPHABET:
                    self.marks.set(self.viewer, (s, c), "has" if c in best else "not")

    # ---- the worksheet's cursor and marks --------------------------------------------------
    @property
    def cursor(self) -> tuple[int, int] | None:
        return self.cursors.get(self.viewer) if self.viewer is not None else None

    def move_cursor(self, dr: int, dc: int) -> None:
        if self.viewer is None:
            return
        r, c = self.cursors.get(self.viewer, (0, 0))
        rows = len(assist.rows_for(self.view, self.viewer))
        self.cursors[self.viewer] = ((r + dr) % rows, (c + dc) % len(ALPHABET))

    def cell_under_cursor(self) -> tuple[Any, str] | None:
        if self.viewer is None or self.cursor is None:
            return None
        r, c = self.cursor
        return assist.rows_for(self.view, self.viewer)[r], ALPHABET[c]

    def set_mark(self, mark: str | None) -> None:
        cell = self.cell_under_cursor()
        if cell is not None:
            self.marks.set(self.viewer, cell, mark)

    # ---- input -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.curtain_for is not None:
            return True
        used = False
        if event.type == pygame.KEYDOWN:
            used = self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            used = self._mouse(event)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        self.flush_marks()                # a mark is on disk as soon as it is made
        return used

    def _typing_letters(self) -> bool:
        """Letter keys spell the word (or pick the hooky letters) just now."""
        return (self.focus == "entry" and self.acting
                and (self.view.get("phase") in ("clue", "turn", "guess") or self.reveal_mode))

    def _key(self, ev: pygame.event.Event) -> bool:
        k = ev.key
        if k == pygame.K_ESCAPE:
            if self.reveal_mode:
                self.reveal_mode = False
                return True
            pause = getattr(self.app, "pause", None)
            if pause is not None:
                pause()
            return True
        if self.view.get("ended"):
            if k in ENTER or k == pygame.K_SPACE:
                self.results()
            return True
        ctrl = bool(ev.mod & pygame.KMOD_CTRL)
        if k in UNDO_KEYS and (ctrl or (k == pygame.K_u and not self._typing_letters())):
            if self.undo_seat is not None:
                self.undo()
                return True
        if k == pygame.K_TAB:
            self.focus = "grid" if self.focus == "entry" else "entry"
            return True
        if self.focus == "grid" and self.viewer is not None:
            if k in ARROWS:
                self.move_cursor(*ARROWS[k])
                return True
            if k in MARK_KEYS:
                self.set_mark(MARK_KEYS[k])
                return True
            if k in CLEAR_KEYS:
                self.set_mark(None)
                return True
            if k in ENTER:
                self.primary()
                return True
            if k == pygame.K_SPACE:
                cell = self.cell_under_cursor()
                if cell is not None:
                    self.marks.cycle(self.viewer, cell)
                return True
            return False
        # typing
        if self.view["phase"] == "vote" and k in (pygame.K_y, pygame.K_n):
            self.vote(k == pygame.K_y)
            return True
        if k in LETTER_KEYS:
            self.type_letter(LETTER_KEYS[k])
            return True
        if k == pygame.K_BACKSPACE:
            self.backspace()
            return True
        if k in ENTER:
            self.primary()
            return True
        if k in (pygame.K_UP, pygame.K_DOWN):
            self.step_target(1 if k == pygame.K_DOWN else -1)
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus = "grid"
            self.move_cursor(0, 1 if k == pygame.K_RIGHT else -1)
            return True
        return False

    def _mouse(self, ev: pygame.event.Event) -> bool:
        pos = ev.pos
        if ev.button == 1:
            for b in self.buttons:
                if b.hit(pos):
                    self._sound("click")
                    self.press(b.name)
                    return True
            for letter, r in self.card_hits:
                if r.collidepoint(pos):
                    if self.reveal_mode:
                        self.type_letter(letter)
                    return True
        if self.viewer is None:
            return False
        cell = self.grid.cell_at(pos)
        if cell is not None:
            self.focus = "grid"
            self.cursors[self.viewer] = cell
            loc = self.grid.rows[cell[0]]
            if ev.button == 1:
                self.marks.cycle(self.viewer, (loc, ALPHABET[cell[1]]))
            elif ev.button == 3:
                self.marks.set(self.viewer, (loc, ALPHABET[cell[1]]), None)
            return True
        letter = self.grid.header_at(pos)
        if letter is not None and ev.button == 1:
            if self.view["phase"] == "guess" and self.acting:
                self.toggle_pick(letter)
            return True
        loc = self.grid.label_at(pos)
        if isinstance(loc, int) and ev.button == 1:
            self.choose_target(loc)
            return True
        return False

    def press(self, name: str) -> None:
        if name.startswith("seat_"):
            self.choose_target(int(name[5:]))
            return
        actions = {
            "menu": lambda: getattr(self.app, "pause", lambda: None)(),
            "clue": self.give_clue, "ask": self.ask, "propose": self.propose, "reveal": self.start_reveal,
            "do_reveal": self.do_reveal, "cancel": self.start_reveal, "yes": lambda: self.vote(True),
            "no": lambda: self.vote(False), "guess": self.guess, "clear": self._clear, "likeliest": self.likeliest,
            "name": self.name_hands, "results": self.results, "undo": self.undo,
        }
        fn = actions.get(name)
        if fn is not None:
            fn()

    def _clear(self) -> None:
        self.picks = []
        self.word = ""
        self.message = None

    def results(self) -> None:
        show = getattr(self.app, "show_results", None)
        if show is not None and self.session.outcome() is not None:
            show(self.session)

    # ---- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        fr = Frame(surface.get_size())
        style.fill_background(surface)
        self.buttons = []
        self.card_hits = []
        self._draw_top(surface, fr)
        v = self.view
        if v.get("ended"):
            draw_final(surface, fr.r(20, 72, 1240, 560), fr, v, self.players)
            self._button(surface, fr, "results", t("hooky.ui.see_results"), fr.r(440, 644, 400, 64), primary=True)
        elif self.viewer is None:
            draw_table(surface, fr.r(16, 72, 848, 636), fr, v, self.players)
            self._draw_log(surface, fr, fr.r(880, 72, 384, 636))
        else:
            self._draw_worksheet(surface, fr)
            self._draw_side(surface, fr)

    def _button(self, surface: pygame.Surface, fr: Frame, name: str, label: str, rect: pygame.Rect, *,
                enabled: bool = True, primary: bool = False, colour: tuple[int, int, int] | None = None,
                selected: bool = False, size: int = 22) -> Button:
        b = Button(name, label, rect, enabled=enabled, primary=primary, colour=colour, selected=selected)
        b.hot = enabled and self.hover is not None and rect.collidepoint(self.hover)
        b.draw(surface, fr, size)
        self.buttons.append(b)
        return b

    def _draw_top(self, surface: pygame.Surface, fr: Frame) -> None:
        v = self.view
        bar = fr.r(0, 0, 1280, 64)
        pygame.draw.rect(surface, PANEL, (0, bar.y, surface.get_width(), bar.h))
        rbox = fr.r(12, 6, 150, 52)
        pygame.draw.rect(surface, style.BG_3, rbox, border_radius=fr.px(10))
        text_in(surface, round_text(v), rbox.inflate(-fr.px(12), -fr.px(6)), fr.fs(36), style.ACCENT, bold=True,
                min_size=fr.min_fs)
        text, colour = self.status()
        undo_here = self.undo_seat is not None and not v.get("ended")
        text_in(surface, text, fr.r(176, 4, 594 if undo_here else 720, 56), fr.fs(30), colour, bold=True,
                align="left", min_size=fr.min_fs, ellipsis=True)
        if undo_here:
            self._button(surface, fr, "undo", t("hooky.ui.undo"), fr.r(780, 8, 116, 48), enabled=self.can_undo())
        badge = fr.r(906, 6, 214, 52)
        pygame.draw.rect(surface, style.BG_3, badge, border_radius=fr.px(10))
        lvl = self.level
        top_h = badge.h // 2 if self._thinking() else badge.h
        text_in(surface, t(f"hooky.ui.assistant.{lvl}"), pygame.Rect(badge.x, badge.y, badge.w, top_h).inflate(-fr.px(12), -2),
                fr.fs(20), style.INK_DIM, min_size=fr.min_fs, ellipsis=True)
        if self._thinking():
            text_in(surface, t("hooky.ui.assistant_busy"), pygame.Rect(badge.x, badge.y + top_h, badge.w, badge.h - top_h).inflate(-fr.px(12), -2),
                    fr.fs(18), style.ACCENT, min_size=fr.min_fs, ellipsis=True)
        self._button(surface, fr, "menu", t("hooky.ui.menu"), fr.r(1132, 8, 136, 48))

    def _thinking(self) -> bool:
        return (self.viewer is not None and self.level in ("certain", "prob")
                and self.assistant.thinking(self.viewer, self.view))

    def status(self) -> tuple[str, tuple[int, int, int]]:
        v = self.view
        if v.get("ended"):
            return t("hooky.ui.game_over"), style.ACCENT
        ph = v["phase"]
        to_act = list(v.get("to_act") or [])
        if self.acting:
            return t(f"hooky.ui.you.{ph}", name=self.name(self.viewer)), style.seat_colour(self.viewer)
        if ph in ("clue", "turn", "vote") and to_act:
            who = v["turn"] if ph != "vote" else to_act[0]
            key = "hooky.ui.bot_thinking" if self._is_bot(who) else "hooky.ui.waiting_for"
            return t(key, name=self.name(who)), style.seat_colour(who)
        if to_act:
            return t("hooky.ui.waiting_others", phase=t(f"hooky.phase.{ph}")), style.INK_DIM
        return "", style.INK

    # ---- the worksheet side -----------------------------------------------------------------
    def _draw_worksheet(self, surface: pygame.Surface, fr: Frame) -> None:
        seat = self.viewer
        assert seat is not None
        v = self.view
        rows = assist.rows_for(v, seat)
        area = fr.r(12, 70, 852, 2 + 30 + 40 * len(rows))
        self.grid.layout(area, rows, fr)
        d = self.deduction()
        self.grid.draw(surface, fr, view=v, seat=seat, players=self.players, marks=self.marks.of(seat),
                       assist=self.assist_cells(), heat=d if self.level == "prob" else None,
                       cursor=self.cursor, focused=self.focus == "grid",
                       picked=set(self.picks) if v["phase"] == "guess" else set())
        y = area.y + self.grid.height + fr.px(6)
        info = pygame.Rect(area.x, y, area.w, fr.px(30))
        self._draw_cell_info(surface, fr, info)
        top = info.bottom + fr.px(6)
        qrect = pygame.Rect(area.x, top, area.w, fr.r(0, 708, 0, 0).y - top)
        if self.level == "off":
            self._draw_paper(surface, fr, qrect)
        else:
            cur = self.cell_under_cursor()
            draw_questions(surface, qrect, fr, view=v, seat=seat, players=self.players,
                           letter=cur[1] if cur and self.focus == "grid" else None)

    def _draw_cell_info(self, surface: pygame.Surface, fr: Frame, box: pygame.Rect) -> None:
        cell = self.cell_under_cursor()
        left = pygame.Rect(box.x, box.y, box.w * 45 // 100, box.h)
        right = pygame.Rect(left.right + fr.px(8), box.y, box.right - left.right - fr.px(8), box.h)
        if cell is not None:
            loc, letter = cell
            parts = [t("hooky.ws.cell", letter=letter.upper(), place=place_label(loc, self.players))]
            a = self.assist_cells().get(cell)
            d = self.deduction()
            if a is not None:
                parts.append(t(f"hooky.ws.fact.{a}"))
            elif d is not None and self.level == "prob" and d.consistent:
                parts.append(t("hooky.ws.percent", p=round(100 * d.p(letter, loc))))
            text_in(surface, " · ".join(parts), left, fr.fs(20), style.INK, align="left", min_size=fr.min_fs,
                    ellipsis=True)
        text_in(surface, t("hooky.ws.keys"), right, fr.fs(19), style.INK_DIM, align="right", min_size=fr.min_fs,
                ellipsis=True)

    def _draw_paper(self, surface: pygame.Surface, fr: Frame, rect: pygame.Rect) -> None:
        """Pen and paper: no list; the last answer heard, once."""
        pygame.draw.rect(surface, PANEL, rect, border_radius=fr.px(10))
        pad = fr.px(14)
        text_in(surface, t("hooky.ws.paper"), pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, fr.px(64)),
                fr.fs(22), style.INK_DIM, align="left", valign="top", wrap_lines=True, min_size=fr.min_fs,
                max_lines=2, ellipsis=True)
        asks = self.view.get("asks") or []
        clues = self.view.get("clues") or []
        last = None
        if asks:
            a = asks[-1]
            last = t("hooky.log.asked", player=self.name(a["asker"]), target=self.name(a["seat"]),
                     word=a["word"].upper(), answer=a["answer"])
        elif clues:
            c = clues[-1]
            last = t("hooky.log.clue_given", player=self.name(c["seat"]), word=c["word"].upper(), answer=c["answer"])
        if last:
            text_in(surface, last, pygame.Rect(rect.x + pad, rect.y + fr.px(90), rect.w - 2 * pad, rect.h - fr.px(110)),
                    fr.fs(34), style.INK, bold=True, wrap_lines=True, min_size=fr.min_fs, max_lines=3, ellipsis=True)

    # ---- the side panel: cards, the action, the log ---------------------------------------------
    def _draw_side(self, surface: pygame.Surface, fr: Frame) -> None:
        v = self.view
        seat = self.viewer
        assert seat is not None
        colour = style.seat_colour(seat)
        hand_box = fr.r(878, 70, 390, 118)
        pygame.draw.rect(surface, PANEL, hand_box, border_radius=fr.px(10))
        pygame.draw.rect(surface, colour, hand_box, max(2, fr.px(3)), border_radius=fr.px(10))
        text_in(surface, t("hooky.ui.your_cards", name=self.name(seat)), fr.r(890, 72, 366, 30), fr.fs(20), colour,
                bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        hand = list(v.get("hand") or [])
        revealed = set(v["revealed"][seat])
        for letter, r in zip(hand, cards_row(fr.r(890, 104, 366, 80), len(hand), fr.px(58), fr.px(6), 1.25)):
            pick = self.reveal_mode and letter == self.reveal_letter
            draw_card(surface, r, letter, fr, revealed=letter in revealed, selected=pick,
                      dim=self.reveal_mode and letter in revealed)
            self.card_hits.append((letter, r))
        peeks = v.get("peeks") or []
        if peeks:
            text = t("hooky.ui.peeks", list=t("ui.list_sep").join(
                f"{p['letter'].upper()} ({self.name(p['target'])})" for p in peeks))
            text_in(surface, text, fr.r(880, 190, 386, 26), fr.fs(19), style.INK_DIM, align="left",
                    min_size=fr.min_fs, ellipsis=True)
        box = fr.r(878, 220, 390, 300)
        pygame.draw.rect(surface, PANEL, box, border_radius=fr.px(10))
        self._draw_action(surface, fr)
        self._draw_log(surface, fr, fr.r(878, 528, 390, 180))

    def _prompt(self, surface: pygame.Surface, fr: Frame, text: str, y: int = 226, h: int = 56) -> None:
        text_in(surface, text, fr.r(890, y, 366, h), fr.fs(22), style.INK, bold=True, align="left", valign="top",
                wrap_lines=True, max_lines=2, min_size=fr.min_fs, ellipsis=True)

    def _hint(self, surface: pygame.Surface, fr: Frame, text: str, colour: tuple[int, int, int],
              y: int = 400, h: int = 52) -> None:
        if text:
            text_in(surface, text, fr.r(890, y, 366, h), fr.fs(20), colour, align="left", valign="top",
                    wrap_lines=True, max_lines=2, min_size=fr.min_fs, ellipsis=True)

    def _message_or(self, text: str, colour: tuple[int, int, int]) -> tuple[str, tuple[int, int, int]]:
        if self.message is not None:
            kind = self.message[1]
            return self.message[0], (style.BAD if kind == "error" else style.GOOD if kind == "good" else style.INK_DIM)
        return text, colour

    def _seat_buttons(self, surface: pygame.Surface, fr: Frame, y: int) -> None:
        seat = self.viewer
        assert seat is not None
        others = [(seat + i) % self.n for i in range(1, self.n)]
        gap = 6
        w = (366 - gap * (len(others) - 1)) / len(others)
        for i, s in enumerate(others):
            enabled = self.view["hidden_counts"][s] > 0 if self.reveal_mode else True
            self._button(surface, fr, f"seat_{s}", self.name(s), fr.r(890 + i * (w + gap), y, w, 44),
                         colour=style.seat_colour(s), selected=self.target == s, enabled=enabled, size=20)

    def _word_field(self, surface: pygame.Surface, fr: Frame, y: int) -> None:
        slots = cards_row(fr.r(890, y, 366, 60), WORD_LEN, fr.px(54), fr.px(8), 1.1)
        for i, r in enumerate(slots):
            if i < len(self.word):
                draw_card(surface, r, self.word[i], fr)
            else:
                pygame.draw.rect(surface, style.BG, r, border_radius=max(3, r.w // 7))
                edge = style.ACCENT if (i == len(self.word) and self.focus == "entry") else style.BG_3
                pygame.draw.rect(surface, edge, r, max(2, fr.px(3)), border_radius=max(3, r.w // 7))

    def _buttons_row(self, surface: pygame.Surface, fr: Frame, items: list[tuple[str, str, bool, bool]],
                     y: int = 456) -> None:
        gap = 8
        w = (366 - gap * (len(items) - 1)) / max(1, len(items))
        for i, (name, label, enabled, primary) in enumerate(items):
            self._button(surface, fr, name, label, fr.r(890 + i * (w + gap), y, w, 54), enabled=enabled,
                         primary=primary, size=21)

    def word_problem(self) -> tuple[str, bool] | None:
        """What is wrong with the typed word before it is sent (text, may propose), or None."""
        v = self.view
        w = self.word
        if len(w) < WORD_LEN:
            return t("hooky.ui.type_word"), False
        if w in (v.get("refused_words") or []):
            return RuleError("err.hooky.word_refused", word=w.upper()).message(lang()), False
        if not is_clue_word(w, v.get("accepted_words") or []):
            return RuleError("err.hooky.unknown_word", word=w.upper()).message(lang()), True
        if v["phase"] == "turn" and self.target is not None:
            for before in v["asked_of"][self.target]:
                if before == w:
                    return RuleError("err.hooky.repeat", word=w.upper(), target=self.target + 1).message(lang()), False
                if same_letters(before, w):
                    return RuleError("err.hooky.anagram", word=w.upper(), before=before.upper(),
                                     target=self.target + 1).message(lang()), False
        return None

    def _draw_action(self, surface: pygame.Surface, fr: Frame) -> None:
        v = self.view
        ph = v["phase"]
        seat = self.viewer
        assert seat is not None
        if not self.acting:
            text, colour = self.status()
            self._prompt(surface, fr, text or t("hooky.ui.waiting"), h=60)
            msg = self.message
            if msg:
                self._hint(surface, fr, msg[0], style.GOOD if msg[1] == "good" else style.INK_DIM, y=300, h=60)
            if self.level != "off":          # pen and paper shows it on the worksheet side
                self._draw_last_answer(surface, fr)
            return
        if ph == "clue":
            self._prompt(surface, fr, t("hooky.ui.prompt.clue"))
            self._word_field(surface, fr, 300)
            problem = self.word_problem()
            if problem is None:
                n = count_answer(self.word, v.get("hand") or [])
                hint = (t("hooky.ui.clue_count", word=self.word.upper(), n=n), style.GOOD if n else style.BAD)
                if n == 0:
                    hint = (RuleError("err.hooky.clue_no_own_letter", word=self.word.upper()).message(lang()), style.BAD)
            else:
                hint = (problem[0], style.BAD if len(self.word) == WORD_LEN else style.INK_DIM)
            self._hint(surface, fr, *self._message_or(*hint), y=382)
            self._buttons_row(surface, fr, [("clue", t("hooky.ui.give_clue"), problem is None, True),
                                            ("propose", t("hooky.ui.propose"), bool(problem and problem[1]), False)])
        elif ph == "turn" and self.reveal_mode:
            self._prompt(surface, fr, t("hooky.ui.prompt.reveal"))
            self._seat_buttons(surface, fr, 290)
            pick = self.reveal_letter.upper() if self.reveal_letter else "?"
            who = self.name(self.target) if self.target is not None else "?"
            self._hint(surface, fr, *self._message_or(t("hooky.ui.reveal_plan", letter=pick, name=who), style.INK),
                       y=350, h=90)
            self._buttons_row(surface, fr, [
                ("do_reveal", t("hooky.ui.do_reveal"), self.reveal_letter is not None and self.target is not None, True),
                ("cancel", t("hooky.ui.cancel"), True, False)])
        elif ph == "turn":
            self._prompt(surface, fr, t("hooky.ui.prompt.ask"), h=30)
            self._seat_buttons(surface, fr, 262)
            self._word_field(surface, fr, 314)
            problem = self.word_problem()
            if problem is None and self.target is None:
                hint = (t("hooky.ui.choose_target"), style.INK_DIM)
            elif problem is None:
                hint = (t("hooky.ui.ready_ask", name=self.name(self.target), word=self.word.upper()), style.GOOD)
            else:
                hint = (problem[0], style.BAD if len(self.word) == WORD_LEN else style.INK_DIM)
            self._hint(surface, fr, *self._message_or(*hint), y=382, h=68)
            items = [("ask", t("hooky.ui.ask"), problem is None and self.target is not None, True)]
            if v.get("can_reveal"):
                items.append(("reveal", t("hooky.ui.reveal"), True, False))
            items.append(("propose", t("hooky.ui.propose"), bool(problem and problem[1]), False))
            self._buttons_row(surface, fr, items)
        elif ph == "vote":
            p = v.get("pending") or {}
            self._prompt(surface, fr, t("hooky.ui.prompt.vote", name=self.name(int(p.get("seat", 0))),
                                        word=str(p.get("word", "")).upper()), h=90)
            self._hint(surface, fr, *self._message_or(t("hooky.ui.vote_hint"), style.INK_DIM), y=330, h=90)
            self._buttons_row(surface, fr, [("yes", t("hooky.ui.accept"), True, True),
                                            ("no", t("hooky.ui.refuse"), True, False)])
        elif ph == "guess":
            self._prompt(surface, fr, t("hooky.ui.prompt.guess", round=v["round"]))
            slots = cards_row(fr.r(890, 296, 366, 70), 3, fr.px(60), fr.px(14), 1.15)
            for i, r in enumerate(slots):
                if i < len(self.picks):
                    draw_card(surface, r, self.picks[i], fr, border=style.ACCENT)
                else:
                    pygame.draw.rect(surface, style.BG, r, border_radius=r.w // 7)
                    pygame.draw.rect(surface, style.BG_3, r, max(2, fr.px(3)), border_radius=r.w // 7)
            self._hint(surface, fr, *self._message_or(t("hooky.ui.guess_hint"), style.INK_DIM), y=382, h=68)
            items = [("guess", t("hooky.ui.confirm"), len(self.picks) == 3, True),
                     ("clear", t("hooky.ui.clear"), bool(self.picks), False)]
            if self.level == "prob":
                items.append(("likeliest", t("hooky.ui.likeliest"), self.fresh_deduction() is not None, False))
            self._buttons_row(surface, fr, items)
        elif ph == "hands":
            self._prompt(surface, fr, t("hooky.ui.prompt.hands"))
            named = self.named_hands()
            rows = [s for s in named]
            row_h = min(34, 150 // max(1, len(rows)))
            too_many = False
            for i, s in enumerate(rows):
                letters = named[s]
                size = int(v["hand_sizes"][s])
                too_many |= len(letters) > size
                y = 290 + i * row_h
                text_in(surface, self.name(s), fr.r(890, y, 130, row_h), fr.fs(20), style.seat_colour(s), bold=True,
                        align="left", min_size=fr.min_fs, ellipsis=True)
                shown = " ".join(c.upper() for c in letters) or "—"
                text_in(surface, f"{len(letters)}/{size}  {shown}", fr.r(1026, y, 230, row_h), fr.fs(20),
                        style.BAD if len(letters) > size else style.INK, bold=True, align="left",
                        min_size=fr.min_fs, ellipsis=True)
            hint = t("hooky.ui.hands_too_many") if too_many else t("hooky.ui.hands_hint")
            self._hint(surface, fr, *self._message_or(hint, style.BAD if too_many else style.INK_DIM), y=444 - 44,
                       h=50)
            items = [("name", t("hooky.ui.confirm"), not too_many, True)]
            if self.level == "prob":
                items.append(("likeliest", t("hooky.ui.likeliest"), self.fresh_deduction() is not None, False))
            self._buttons_row(surface, fr, items)

    def _draw_last_answer(self, surface: pygame.Surface, fr: Frame) -> None:
        asks = self.view.get("asks") or []
        if not asks:
            return
        a = asks[-1]
        text = t("hooky.log.asked", player=self.name(a["asker"]), target=self.name(a["seat"]),
                 word=a["word"].upper(), answer=a["answer"])
        text_in(surface, text, fr.r(890, 380, 366, 130), fr.fs(28), style.INK, bold=True, wrap_lines=True,
                max_lines=3, min_size=fr.min_fs, ellipsis=True)

    def _draw_log(self, surface: pygame.Surface, fr: Frame, box: pygame.Rect) -> None:
        """The latest events, newest at the bottom, as the shown seat (or the table) may read them."""
        pygame.draw.rect(surface, PANEL, box, border_radius=fr.px(10))
        pad = fr.px(8)
        inner = box.inflate(-2 * pad, -2 * pad)
        size = fr.fs(19)
        lines = [log_line(e, self.players, self.viewer, redacted=True) for e in (self.view.get("log") or [])[-12:]]
        lines = [ln for ln in lines if ln]
        y = inner.bottom
        for i, text in enumerate(reversed(lines)):
            s, wrapped = paragraph(text, size, inner.w, 1 << 16, False, size, 2, True)
            h = (len(wrapped) - 1) * line_step(size) + band(size)[1] + pad // 2
            if y - h < inner.y:
                break
            y -= h
            colour = style.INK if i == 0 else style.INK_DIM
            text_in(surface, text, pygame.Rect(inner.x, y, inner.w, h), size, colour, align="left", valign="top",
                    wrap_lines=True, max_lines=2, min_size=size, ellipsis=True)
