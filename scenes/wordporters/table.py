"""The Word Porters table: the ten words, the hint cards with every colour's markers,
the seat on screen's own number and target word, every player's markers left and score,
the score track, the log; placing (a hint word clicked or reached with the arrow keys,
then placed: the rules pick the marker, and the prompt says which), the children's
decline, the vote (a number for every other player, each different: click a word or
type its number, one player at a time, whose markers stand out while you choose), and the
reveal (numbers turned one player at a time, who guessed right, the scores moving on the
track). What bots and other people place is announced in a sentence that stays until
the next move.

It renders only from `session.view(seat)` of the seat it shows and the events that seat
may see; the turn-table kit (scenes/common/turntable.py) does the rest: the hand-off
curtain between people (the vote one person at a time), the bots, undo, pause. The
reveal is public: while it is on screen the table shows nothing of the next round's
secrets, and the curtain for the next person waits until it is over. Drawing is in
scenes/wordporters/panels.py."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from engine.wordporters.board import markers_for
from engine.wordporters.content import SHOWN
from scenes.common.banner import BannerWords, banner_text
from scenes.common.clicks import among, left_click, route
from scenes.common.revealtable import READ_S, RevealTable
from scenes.ui.buttons import Button, row_rects
from scenes.ui.geometry import Frame
from scenes.ui import style
from scenes.ui.i18n import lang, t
from scenes.wordporters import panels, regions as geo
from scenes.wordporters.layout import BoardLayout, board_layout, proportions
from scenes.wordporters.narrate import announce_lines, fitting, log_lines
from scenes.wordporters.tableview import Shown
from scenes.wordporters.votes import points_so_far, tags, vote_table, voters_by_word
from scenes.wordporters.words import hint_inline, narrow, next_mode, resolve

WORDS = BannerWords(over="wordporters.ui.banner.over", mine="wordporters.ui.banner.mine.{phase}",
                    bot="wordporters.ui.banner.bot", person="wordporters.ui.banner.person",
                    others="wordporters.ui.banner.others", phase="wordporters.phase.{phase}")
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
TURN_S = 0.3            # a number card turning over, at normal speed
STEP_S = 1.1            # from one player's reveal to the next
NUMBER_KEYS = {pygame.K_1 + i: i + 1 for i in range(9)} | {pygame.K_0: 10} | \
    {pygame.K_KP1 + i: i + 1 for i in range(9)} | {pygame.K_KP0: 10}


@dataclass
class Choice:
    """One seat's half-made choice on screen: never shown to another seat."""
    round: int = 0
    pick: tuple[int, int] | None = None              # placing: (table card, side)
    guesses: dict[int, int] = field(default_factory=dict)   # the vote: seat -> number
    sel: int | None = None                           # the vote: the player being given a number


@dataclass
class Reveal:
    """A round's reveal on screen: the round's public board (no one's number), the reveal
    events in order, the scores before them, and how far it has run."""
    board: dict
    reveals: list[dict]
    before: list[int]
    clock: float = 0.0
    ended: bool = False

    def length(self) -> float:
        return STEP_S * max(0, len(self.reveals) - 1) + TURN_S

    def turn(self, i: int) -> float:
        """0..1: how far player i's number card has turned."""
        return max(0.0, min(1.0, (self.clock - STEP_S * i) / TURN_S))

    def shown(self) -> int:
        """How many numbers are face up."""
        return sum(1 for i in range(len(self.reveals)) if self.turn(i) >= 0.5)

    def gained(self) -> list[int]:
        """Each player's points from the numbers shown so far (the revealer's and the
        guessers' alike)."""
        return points_so_far(len(self.before), self.reveals[:self.shown()])

    def scores(self) -> list[int]:
        """The scores with the shown reveals counted."""
        return [b + g for b, g in zip(self.before, self.gained())]

    def votes(self) -> list:
        """Every player's vote this round (each reveal event carries its revealer's)."""
        return vote_table(self.reveals, len(self.before))


def public_board(view: dict) -> dict:
    """What of a view every player may see (for the reveal, shown to the whole table)."""
    keep = ("words", "hints", "seats", "round", "rounds", "scores", "left", "done", "start", "children")
    return {k: view.get(k) for k in keep}


class WordPortersScene(RevealTable):

    def __init__(self, app: Any, session: Any) -> None:
        self.view: dict = session.view(None)
        self.mode = resolve((session.options or {}).get("words"))
        self.reveal: Reveal | None = None
        self.announce: tuple[list[dict], int | None] | None = None    # events said in a sentence, by whom
        self.fresh: tuple[int, int] | None = None        # (card, seat) placed last
        self.log_lines: list[str] = []
        self.lay: BoardLayout | None = None
        self.vote_hits: list[tuple[int, pygame.Rect]] = []
        self.hover: tuple[int, int] | None = None        # the hint word under the mouse while placing
        self.draws = 0
        super().__init__(app, session, make_private=Choice)

    # ---- what is on screen ---------------------------------------------------------------
    @property
    def ui(self) -> Choice:
        return self.hot.mine

    def phase(self) -> str | None:
        """"hints" or "vote" when the seat on screen must act, else None."""
        return str(self.view["phase"]) if self.acting else None

    def others(self) -> list[int]:
        return [s for s in range(self.n) if s != self.viewer]

    def legal(self) -> set[tuple[int, int]]:
        return {(int(c), int(s)) for c, s in self.view.get("legal") or []}

    # ---- the session ---------------------------------------------------------------------
    def refresh(self) -> None:
        self.view = self.session.view(self.viewer)
        v = self.view
        if self.reveal is None and v.get("ended") and v.get("reveals"):
            before = [int(x) for x in v["scores"]]
            for r in v["reveals"]:
                before[int(r["seat"])] -= len(r["right"])
                for s in r["right"]:
                    before[int(s)] -= 1
            self.reveal = Reveal(public_board(v), list(v["reveals"]), before, clock=1e9, ended=True)
        self.refresh_log()
        if self.viewer is not None:
            ui = self.ui
            if ui.round != v["round"]:
                self.hot.forget(self.viewer)
                ui = self.ui
                ui.round = int(v["round"])
            if ui.pick is not None and not (0 <= ui.pick[0] < len(v["hints"])):
                ui.pick = None
            if v["phase"] == "vote" and (ui.sel is None or ui.sel == self.viewer):
                ui.sel = next((s for s in self.others() if s not in ui.guesses), self.others()[0])

    def refresh_log(self) -> None:
        """The log's lines worded again (after events, and when the language changes)."""
        self.log_lines = self.log_view.worded(self.logged(), lambda e: log_lines(e, self.players, self.viewer, self.mode),
                                             self.viewer)

    def logged(self) -> list[dict]:
        """The events the log shows: while a reveal is up, nothing of the next round, and
        the numbers only as far as they are turned (the round's end after the last)."""
        events = self.events_seen()
        r = self.reveal
        if r is None:
            return events
        rnd = int(r.board.get("round") or 0)
        cut = next((i for i, e in enumerate(events) if e.get("type") == "round_dealt"
                    and int(e.get("round", 0)) > rnd), len(events))
        events = events[:cut]
        if self.revealing():
            first = next((i for i in range(len(events) - 1, -1, -1) if events[i].get("type") == "revealed"
                          and (i == 0 or events[i - 1].get("type") != "revealed")), len(events))
            events = events[:first + r.shown()]
        return events

    def on_events(self, events: list[dict]) -> None:
        passes: list[dict] = []              # this batch's automatic passes, said together
        for ev in events:
            kind = ev.get("type")
            if kind == "revealed":
                if self.reveal is None:
                    self.reveal = Reveal(public_board(self.view), [], [int(x) for x in self.view["scores"]])
                    self.announce = None
                    self.sound("score")
                self.reveal.reveals.append(ev)
            elif kind == "game_ended" and self.reveal is not None:
                self.reveal.ended = True
            elif kind in ("placed", "declined"):
                seat = ev.get("seat")
                if kind == "placed":
                    self.fresh = (int(ev["card"]), int(seat))
                    self.sound("place")
                # kept also when the seat on screen made it: the next person to sit down
                # reads it (it is not drawn for its own seat, who knows it)
                self.announce = ([ev], seat)
            elif kind == "passed":
                # the rules passed a seat that could not place: said to everyone, the
                # passed seat too (it did nothing to know it by)
                passes.append(ev)
                self.announce = (list(passes), None)
            elif kind == "hints_ended":
                self.announce = (passes + [ev], None)
            elif kind == "round_dealt":
                self.fresh = None
                if self.reveal is None:
                    self.announce = None

    def announced(self, room: int | None = None, size: int = 0) -> tuple[str, int | None] | None:
        """The sentence of what just happened (worded now, in the language now), and by
        whom; with `room`, the longest wording that fits that width at `size`."""
        if self.announce is None:
            return None
        events, who = self.announce
        options = announce_lines(events, self.players, self.viewer, self.mode)
        return (options[0] if room is None else fitting(options, room, size)), who

    def on_undone(self) -> None:
        self.announce = None
        self.fresh = None
        if self.undo_seat is not None:
            self.hot.forget(self.undo_seat)

    # ---- per frame -----------------------------------------------------------------------
    def sync_seat(self, may_curtain: bool = True) -> None:
        if self.reveal is None:                  # the reveal is the whole table's: no hand-off during it
            super().sync_seat(may_curtain)

    def step(self, dt: float) -> None:
        r = self.reveal
        if r is not None and (self.revealing() or self.reads_alone()):
            f = self.anim_factor
            was, turning = r.shown(), self.revealing()
            r.clock = r.clock + dt / f if f > 0 else 1e9
            if r.shown() != was:
                self.sound("score")
            if turning and (r.shown() != was or not self.revealing()):
                self.refresh()                   # the log says the number just turned (the round's end after the last)
            if self.reads_alone() and r.clock >= r.length() + READ_S:
                self.go_on()                     # nobody at the TV to press on: the next round by itself

    def reads_alone(self) -> bool:
        """Nobody at the TV (bots and phones only) and a round's reveal up that is not the
        game's last: it goes on by itself once read."""
        r = self.reveal
        return not self.humans and r is not None and not (r.ended or self.view.get("ended"))

    def revealing(self) -> bool:
        return self.reveal is not None and self.reveal.clock < self.reveal.length()

    def still(self) -> bool:
        return not self.revealing()

    def wake_after(self) -> float | None:
        """While the reveal is up nothing moves on its own (its turning is animation), so
        a bot waiting to start the next round does not wake the loop."""
        if self.reads_alone():
            assert self.reveal is not None
            return max(0.0, (self.reveal.length() + READ_S - self.reveal.clock) * self.anim_factor)
        return None if self.reveal is not None else super().wake_after()

    def go_on(self) -> None:
        """Past the reveal: the whole of it at once, then the next round (or the results)."""
        r = self.reveal
        if r is None:
            return
        if self.revealing():
            r.clock = 1e9
            self.refresh()
            return
        if r.ended or self.view.get("ended"):
            self.show_results()
            return
        self.reveal = None
        self.announce = None
        self.refresh()
        self.sync_seat()

    def switch_words(self) -> None:
        """English -> Chinese -> both -> English, for this table (the set-up keeps its own;
        the saved game keeps the table's, for Continue)."""
        self.mode = next_mode(self.mode)
        self._laid = None                       # both languages take another layout
        self.save_table_settings()
        self.refresh()

    def table_settings(self) -> dict[str, Any]:
        return {"words": self.mode}

    def restore_table_settings(self, data: dict[str, Any]) -> None:
        if data.get("words") in SHOWN:
            self.mode = str(data["words"])

    # ---- placing -------------------------------------------------------------------------
    def place_cmd(self, pick: tuple[int, int]) -> dict:
        return {"type": "place", "seat": self.viewer, "card": pick[0], "side": pick[1]}

    def pick_hint(self, card: int, side: int) -> None:
        """A click on a hint word: chosen; a second click on it places."""
        if self.phase() != "hints":
            return
        if self.ui.pick == (card, side):
            self.place()
            return
        self.ui.pick = (card, side)
        self.message = None

    def place(self) -> None:
        pick = self.ui.pick
        if pick is None or self.phase() != "hints":
            return
        if self.submit(self.place_cmd(pick)):
            self.ui.pick = None

    def decline(self) -> None:
        if self.phase() == "hints" and self.view.get("can_decline"):
            if self.submit({"type": "decline", "seat": self.viewer}):
                self.ui.pick = None

    def move_pick(self, key: int) -> None:
        """The arrow keys walk the hint words: left/right along a row, up/down between a
        card's two words and on to the row above or below."""
        n = len(self.view["hints"])
        if not n:
            return
        per_row = (n + 1) // 2
        card, side = self.ui.pick or (0, -1)
        if side < 0:
            first = sorted(self.legal()) or [(0, 0)]
            self.ui.pick = first[0]
            return
        if key == pygame.K_LEFT:
            card = (card - 1) % n
        elif key == pygame.K_RIGHT:
            card = (card + 1) % n
        elif key == pygame.K_UP:
            if side == 1:
                side = 0
            elif card >= per_row:
                card, side = card - per_row, 1
        elif key == pygame.K_DOWN:
            if side == 0:
                side = 1
            elif card + per_row < n:
                card, side = card + per_row, 0
        self.ui.pick = (card, side)
        self.message = None

    def prompt(self, room: int | None = None, size: int = 0) -> tuple[str, str]:
        """What the seat on screen may do now, in a sentence, and its tone; with `room`, a
        shorter wording of where the marker goes when the whole one does not fit that width
        at `size`."""
        v, ui = self.view, self.ui
        if self.phase() == "hints":
            left = list(v["left"][self.viewer])
            if ui.pick is None:
                key = "wordporters.ui.prompt.choose_decline" if v.get("can_decline") else "wordporters.ui.prompt.choose"
                return t(key, marker=min(left)), "info"
            card, side = ui.pick
            refused = self.check(self.place_cmd(ui.pick))
            hint = hint_inline(v["hints"][card]["words"][side], narrow(self.mode))   # the card shows both
            if refused is not None:
                return refused.message(lang()), "error"
            markers = markers_for(v["hints"][card]["markers"], left, int(self.viewer)) or []
            key = "wordporters.ui.prompt.stack" if len(markers) > 1 else "wordporters.ui.prompt.place"
            said = [t(k, marker=markers[-1] if markers else "", hint=hint) for k in (key, key + "_short")]
            return (said[0] if room is None else fitting(said, room, size)), "good"
        if self.phase() == "vote":
            missing = [s for s in self.others() if s not in ui.guesses]
            if missing:
                sel = ui.sel if ui.sel is not None else missing[0]
                return t("wordporters.ui.prompt.vote", player=self.name(sel)), "info"
            return t("wordporters.ui.prompt.vote_ready"), "good"
        return "", "info"

    # ---- the vote ------------------------------------------------------------------------
    def select_voter(self, seat: int) -> None:
        if self.phase() == "vote" and seat in self.others():
            self.ui.sel = seat
            self.message = None

    def assign(self, number: int) -> None:
        """Give `number` to the player being chosen for (taken from whoever had it), then
        go on to the next player still without one."""
        ui = self.ui
        if self.phase() != "vote" or ui.sel is None or not 1 <= number <= 10:
            return
        for s, x in list(ui.guesses.items()):
            if x == number and s != ui.sel:
                del ui.guesses[s]
        ui.guesses[ui.sel] = number
        others = self.others()
        i = others.index(ui.sel)
        nxt = [s for s in others[i + 1:] + others[:i] if s not in ui.guesses]
        if nxt:
            ui.sel = nxt[0]
        self.message = None

    def clear_guess(self) -> None:
        if self.phase() == "vote" and self.ui.sel is not None:
            self.ui.guesses.pop(self.ui.sel, None)

    def step_voter(self, d: int) -> None:
        others = self.others()
        if self.phase() != "vote" or not others:
            return
        i = others.index(self.ui.sel) if self.ui.sel in others else 0
        self.ui.sel = others[(i + d) % len(others)]

    def vote(self) -> None:
        ui = self.ui
        if self.phase() != "vote" or any(s not in ui.guesses for s in self.others()):
            return
        guesses = [None if s == self.viewer else ui.guesses[s] for s in range(self.n)]
        if self.submit({"type": "vote", "seat": self.viewer, "guesses": guesses}):
            ui.guesses, ui.sel = {}, None

    # ---- layout and controls (never in draw) ---------------------------------------------------
    def lay_out(self, fr: Frame) -> None:
        self.refresh_log()                     # the window's size or the language changed
        self.lay = board_layout(geo.board(fr), len(self.view["hints"]) or 2 * self.n + 2, fr.px(8),
                                tag_w=fr.px(24), **proportions(self.mode))

    def board_view(self) -> dict:
        return self.reveal.board if self.reveal is not None else self.view

    def tag(self, seat: int) -> str:
        """A player in one character on a word card's vote tag (scenes/wordporters/votes.py)."""
        return tags([self.name(s) for s in range(self.n)])[seat]

    def shown(self) -> Shown:
        """What the board marks for the seat on screen."""
        v, me, ui = self.view, self.viewer, self.ui
        s = Shown(fresh=self.fresh)
        r = self.reveal
        if r is not None:
            s.fresh = None
            k = r.shown()
            if k:
                cur = r.reveals[k - 1]
                s.rings[int(cur["number"])] = style.seat_colour(int(cur["seat"]))
                s.focus = int(cur["seat"])
                s.across = True
                for pos, voters in voters_by_word(r.votes(), int(cur["seat"])).items():
                    s.marks[pos] = [(self.tag(v), style.seat_colour(v)) for v in voters]
            return s
        if me is None:
            return s
        if v.get("number"):
            s.rings[int(v["number"])] = style.ACCENT
        phase = self.phase()
        if phase == "hints":
            s.pick = ui.pick
            s.hover = self.hover if self.hover != ui.pick else None
            legal = self.legal()
            s.closed = {c for c in range(len(v["hints"])) if (c, 0) not in legal}
        elif phase == "vote":
            s.focus = ui.sel
            for seat, x in ui.guesses.items():
                s.marks.setdefault(int(x), []).append((self.tag(seat), style.seat_colour(seat)))
        return s

    def controls(self) -> None:
        fr, v = self.fr, self.view
        top = [Button("words", self.switch_words, t(f"wordporters.ui.words.{self.mode}"), keys=(pygame.K_w,),
                      rect=geo.words_button(fr), size=20)]
        if self.undo_seat is not None and not v.get("ended"):
            top.append(self.undo_button("wordporters.ui.undo", rect=geo.undo_button(fr), size=20))
        top.append(self.menu_button("wordporters.ui.menu", rect=geo.menu_button(fr), size=20))
        row: list[Button] = []
        phase = self.phase()
        if self.reveal is not None:
            if self.revealing():
                key = "wordporters.ui.show_all"
            else:
                key = "wordporters.ui.see_results" if (self.reveal.ended or v.get("ended")) else "wordporters.ui.next_round"
            row = [Button("go_on", self.go_on, t(key), keys=ENTER + (pygame.K_SPACE,), primary=True)]
        elif phase == "hints":
            row = [Button("place", self.place, t("wordporters.ui.place"), keys=ENTER, primary=True,
                          enabled=self.ui.pick is not None and self.ui.pick in self.legal())]
            if v.get("can_decline"):
                row.append(Button("decline", self.decline, t("wordporters.ui.decline"), keys=(pygame.K_d,)))
        elif phase == "vote":
            ready = all(s in self.ui.guesses for s in self.others())
            row = [Button("vote", self.vote, t("wordporters.ui.vote"), keys=ENTER, primary=True, enabled=ready),
                   Button("clear", self.clear_guess, t("wordporters.ui.clear"), keys=(pygame.K_BACKSPACE,),
                          enabled=self.ui.sel in self.ui.guesses)]
        for b, r in zip(row, row_rects(geo.button_row(fr, len(row)), len(row), fr.px(8))):
            b.rect = r
            b.size = 21
        self.bar.set(top + row)
        self.vote_hits = []
        if phase == "vote":
            self.vote_hits = list(zip(self.others(), geo.vote_rows(fr, len(self.others()))))

    def status(self) -> tuple[str, tuple[int, int, int]]:
        if self.reveal is not None:
            if self.reveal.ended:
                return t("wordporters.ui.banner.reveal_last"), style.ACCENT
            return t("wordporters.ui.banner.reveal", round=self.reveal.board.get("round")), style.ACCENT
        return banner_text(self.view["status"], self.viewer, WORDS, self.name, self.is_bot, self.phone_state)

    # ---- input ---------------------------------------------------------------------------
    def on_key(self, ev: pygame.event.Event) -> bool:
        phase = self.phase()
        if phase == "hints" and ev.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.move_pick(ev.key)
            return True
        if phase == "vote":
            if ev.key in NUMBER_KEYS:
                self.assign(NUMBER_KEYS[ev.key])
                return True
            if ev.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                back = ev.key == pygame.K_UP or (ev.key == pygame.K_TAB and getattr(ev, "mod", 0) & pygame.KMOD_SHIFT)
                self.step_voter(-1 if back else 1)
                return True
        return False

    def cancel(self) -> bool:
        if self.phase() == "hints" and self.ui.pick is not None:
            self.ui.pick = None
            return True
        return False

    def on_input(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.MOUSEMOTION and self.lay is not None:
            self.hover = self.lay.hint_at(ev.pos) if self.phase() == "hints" else None
            return False
        pos = left_click(ev)
        if pos is None or self.lay is None:
            return False
        phase = self.phase()
        if phase == "hints":
            return route(pos, [(self.lay.hint_at, lambda hit: self.pick_hint(*hit))])
        if phase == "vote":
            return route(pos, [(among(self.vote_hits), self.select_voter), (self.lay.word_at, self.assign)])
        return False

    # ---- drawing (read-only) -------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        panels.draw_scene(surface, self)
