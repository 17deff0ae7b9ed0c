"""The Paperback table: your hand fanned at the bottom, the word row you build from it
(click or drag cards in order, or type letters; a wild asks for its letter; a two-letter
card goes in as a unit; the Q as Q or QU; the top common by reference), its ¢ itemised
live by the engine's scorer and judged by the session's dry run, the ability choices in
place (hand cards or Offer cards to trash), then the market to buy from within the ¢,
the players' Fame and counts, the length track and what ends the game, a hint from the
exact word finder (off the frame loop), proposing a word the list lacks and the table's
vote on it.

It renders only from `session.view(seat)` of the seat it shows and the events that seat
may see. The turn-table kit (scenes/common/turntable.py) does the rest: the hand-off
curtain between two people (nothing of a hand is drawn beneath it), the bots off the
frame loop, undo, pause. Layout is in layout.py; the word being built in word.py and
building.py; input in tableinput.py; drawing in tabledraw.py, panels.py and cards.py (those
three mixins are the base game's table). What an option adds is a panel the scene owns
(optionpanel.py's hooks), made only when the session plays that option (PANELS) and asked
in a loop: together.py (simultaneous play), answering.py (attacks), powering.py (Player
Powers), helping.py (the help bounty), theming.py (themes), pyramid.py (co-op); the vote
on a proposed word, or on a word put to the theme, is ballot.py's."""
from __future__ import annotations

from typing import Any, Callable, TypeVar

import pygame

from engine.core.options import is_on
from engine.paperback import finder
from engine.paperback.finder import COMMON, general_index
from scenes.common.banner import BannerWords, banner_text
from scenes.common.confirm import Confirm
from scenes.common.turntable import TurnTable
from scenes.paperback import panels
from scenes.paperback.answering import Answers
from scenes.paperback.ballot import Ballot, vote_buttons, word_vote
from scenes.paperback.building import Builds
from scenes.paperback.cards import cards_of, describe, shown_letters
from scenes.paperback.helping import Helps
from scenes.paperback.layout import HAND_CARD, Places, place_offer, place_row, place_spread, place_static, word_slots
from scenes.paperback.narrate import log_line
from scenes.paperback.optionpanel import OptionPanel
from scenes.paperback.powering import Powers
from scenes.paperback.pyramid import Pyramid, hover_line, pyramid_at, uncovered_places
from scenes.paperback.tabledraw import Drawing
from scenes.paperback.tableinput import Input
from scenes.paperback.theming import Themes
from scenes.paperback.together import Together
from scenes.paperback.word import (Building, basket_cost, buy_command, card_of, command, complete, may_trash, my_cubes,
                                   spendable,
                                   lay_options, trim_choices, word_text)
from scenes.ui import style
from scenes.ui.buttons import Button, row_rects
from scenes.ui.geometry import Frame
from scenes.ui.i18n import lang, t
from scenes.ui.worker import Latest

WORDS = BannerWords(over="paperback.ui.banner.over", mine="paperback.ui.banner.mine.{phase}",
                    bot="paperback.ui.banner.bot", person="paperback.ui.banner.person",
                    others="paperback.ui.banner.others", phase="paperback.phase.{phase}")
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
READ_S = 2.0            # a word another player spelled stays up this long before their next move
ABOUT = {"claim_theme": "paperback.ui.claim_theme_about"}
# the option panels, each made only when the session plays its option, asked in this order
PANELS: tuple[tuple[str, type[OptionPanel]], ...] = (
    ("simultaneous", Together), ("attacks", Answers), ("powers", Powers), ("bounty", Helps), ("themes", Themes),
    ("coop", Pyramid))
P = TypeVar("P", bound=OptionPanel)


def spelled_shown(ev: dict) -> dict:
    """What the table shows of a word spelled (all of it public)."""
    claimed = ev.get("claimed")            # the common it claimed is off the track now: shown by its id
    cards = [claimed if c == COMMON and claimed else c for c in ev["cards"]]
    return {"seat": ev["seat"], "word": ev["word"], "cents": ev["cents"], "cards": cards,
            "texts": list(ev["texts"]), "claimed": ev.get("claimed"), "items": list(ev.get("items") or []),
            "theme": bool(ev.get("theme")), "bounty": ev.get("bounty")}


class PaperbackScene(Builds, Input, Drawing, TurnTable):
    bot_pause = 0.7
    results_at_end = False       # the final table first (Fame, best words, hands), then the results

    def removed(self) -> None:
        super().removed()
        finder.forget()              # the finder's kept answers are this table's hands

    def __init__(self, app: Any, session: Any) -> None:
        self.view: dict = session.view(None)
        self.places = Places()
        self.hits: list[tuple[str, str, pygame.Rect]] = []
        self.toggles: list[Button] = []
        self.drag: dict | None = None            # {"kind", "key", "start", "pos", "moved"}
        self.pointer: tuple[int, int] | None = None
        self.shown: dict | None = None           # the last word someone else spelled (public)
        self.hold = 0.0                          # seconds it stays before the next move
        self.on_table: dict | None = None        # the word of the turn being played (public)
        self.log_lines: list[str] = []
        self.hinter: Latest = Latest()
        self.warmer: Latest = Latest()
        self.judged: tuple[Any, Any] = (None, None)   # (stamp, (score, refusal)) of the word as built
        self.market_marks: tuple[dict[str, str], set[str]] = ({}, set())
        self.hot_market: str | None = None        # the market card under the pointer
        self.info_line: tuple[str, tuple[int, int, int]] = ("", style.INK)
        self.info_box = pygame.Rect(0, 0, 0, 0)      # the info line's rect (the strip, less the suggestions)
        self.layings: dict = {}                      # a word's laying, by hand (typing, the bounty's suggestions)
        self.draws = 0                           # frames drawn (tests: none under the curtain)
        self.option_panels: list[OptionPanel] = [make(self) for key, make in PANELS if is_on(session.options, key)]
        self.together = self._panel(Together)          # each panel by name (None: its option is off)
        self.answers = self._panel(Answers)
        self.powers = self._panel(Powers)
        self.helps = self._panel(Helps)
        self.themes = self._panel(Themes)
        self.pyramid = self._panel(Pyramid)
        super().__init__(app, session, make_private=Building)
        self.warmer.ask("index", general_index)  # the finder's index, built once, off the frame loop

    def _panel(self, kind: type[P]) -> P | None:
        return next((part for part in self.option_panels if isinstance(part, kind)), None)

    # ---- seats ------------------------------------------------------------------------------
    @property
    def b(self) -> Building:
        """The half-made play of the seat on screen."""
        return self.hot.mine

    @property
    def acting(self) -> bool:
        return self.viewer is not None and self.viewer in self.view["status"]["acting"]

    @property
    def phase(self) -> str:
        return str(self.view.get("phase"))

    def spelling(self) -> bool:
        return self.acting and self.phase in ("spell", "replace") and not self.view.get("owed")

    def buying(self) -> bool:
        return self.acting and self.phase == "buy"

    # ---- the session -----------------------------------------------------------------------
    def refresh(self) -> None:
        view = self.session.view(self.viewer)
        for part in self.option_panels:            # (simultaneous play: what the person spelling saw)
            view = part.seen_view(view)
        self.view = view
        events = self.events_seen()
        for part in self.option_panels:
            events = part.seen_events(events)
        self.on_table = None
        for ev in events:
            if ev.get("type") == "spelled":
                self.on_table = spelled_shown(ev)
            elif ev.get("type") in ("turn_ended", "passed"):
                self.on_table = None
        self.log_lines = self.log_view.worded(events, lambda e: log_line(e, self.players, self.n), self.viewer)
        if self.viewer is None:
            return
        b = self.b
        hand = set(self.view.get("hand") or [])
        b.slots = [(c, x) for c, x in b.slots if c in hand or (c == COMMON and self.view.get("common"))
                   or any(part.keeps(c) for part in self.option_panels)]
        if b.asking is not None and b.asking >= len(b.slots):
            b.asking = None
        trim_choices(self.view, b)
        if self.phase != "buy":
            b.basket = []
        if b.hints is not None and b.hint_for != self.hint_stamp():
            b.hints = None
        for part in self.option_panels:
            part.refresh()

    def on_events(self, events: list[dict]) -> None:
        for ev in events:
            kind = ev.get("type")
            seat = ev.get("seat")
            if kind == "spelled":
                self.sound("score")
                if seat != self.viewer:
                    self.shown = spelled_shown(ev)
                    self.hold = READ_S * self.anim_factor
            elif kind == "passed" and seat != self.viewer:
                self.shown = {"seat": seat, "word": "", "passed": True}
                self.hold = READ_S * self.anim_factor / 2
            elif kind == "bought":
                self.sound("place")
            elif kind in ("word_accepted", "word_refused", "word_proposed", "theme_proposed", "theme_decided"):
                self.message = (log_line(ev, self.players, self.n), "info")
            elif kind == "answered" and seat != self.viewer:
                self.message = (log_line(ev, self.players, self.n), "info")

    def submit(self, cmd: dict) -> bool:
        return super().submit(self.outgoing(cmd))

    def check(self, cmd: dict) -> Any:
        return super().check(self.outgoing(cmd))

    def outgoing(self, cmd: dict) -> dict:
        """A command as the options send it (simultaneous play: with its spelling time)."""
        for part in self.option_panels:
            cmd = part.outgoing(cmd)
        return cmd

    def _handoff(self, seat: int, lift: Callable[[], None]) -> bool:
        if any(part.no_curtain() for part in self.option_panels):     # (simultaneous play's public draft)
            return False
        return super()._handoff(seat, lift)

    def on_undone(self) -> None:
        self.shown = None
        self.hold = 0.0

    # ---- per frame ----------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        for part in self.option_panels:
            part.step(dt)
        if self.hold > 0:
            self.hold = max(0.0, self.hold - dt)
        if self.hinter.ready and self.viewer is not None:
            stamp = self.hinter.stamp
            found = self.hinter.take(self.hint_stamp())
            if found is not None:
                self.b.hints, self.b.hint_for = list(found), stamp
            self.request_redraw()
        if self.warmer.ready:
            self.warmer.take("index")

    def still(self) -> bool:
        return self.hold <= 0

    def timer_in(self) -> float | None:
        due = [s for s in (part.timer_in() for part in self.option_panels) if s is not None]
        return min(due) if due else None

    def wait_hint(self, timeout: float = 30.0) -> None:
        """Tests: let the running hint finish (it is collected on the next frame)."""
        self.hinter.wait(timeout)

    def spell(self) -> None:
        if self.spelling() and complete(self.b) and self.submit(command(self.viewer, self.b)):
            self.b.clear()
            self.b.hints = None

    def pass_turn(self) -> None:
        """Pass asks first (a stray click must not end a turn); co-op asks where the
        pass's cube goes instead, a step with its own way back."""
        if not self.spelling():
            return
        if any(part.takes_over("pass") for part in self.option_panels):
            return
        self.stack.push(Confirm(self.app, "paperback.ui.pass_question", "paperback.ui.pass_yes", self.pass_now,
                                no="paperback.ui.pass_no"))

    def pass_now(self) -> None:
        if self.spelling() and self.submit({"type": "pass", "seat": self.viewer}):
            self.b.clear()

    def propose(self) -> None:
        if self.spelling() and complete(self.b):
            self.submit({"type": "propose", "seat": self.viewer, "word": word_text(self.b)})

    def buy(self) -> None:
        if self.buying() and any(part.takes_over("buy") for part in self.option_panels):
            return                                 # co-op: nothing bought, so where its cube goes
        if self.buying() and self.submit(buy_command(self.viewer, self.b, self.view)):
            self.b.basket = []

    def results(self) -> None:
        self.show_results()

    # ---- layout and hit targets (never in draw) ---------------------------------------------------
    def lay_out(self, fr: Frame) -> None:
        self.places = place_static(fr, self.n)
        for part in self.option_panels:
            part.lay_out(self.places)

    def controls(self) -> None:
        fr, v, p = self.fr, self.view, self.places
        panels.place_players(fr, p, v, self.players)
        place_spread(fr, p, panels.spread_letters(v))
        place_offer(fr, p, list((v.get("simultaneous") or {}).get("offer") or []))
        self.hits = []
        self.toggles = []
        buttons: list[Button] = []
        if self.undo_seat is not None and not v.get("ended"):
            buttons.append(self.undo_button("paperback.ui.undo", rect=fr.r(996, 8, 124, 48), size=20))
        buttons.append(self.menu_button("paperback.ui.menu", rect=fr.r(1132, 8, 136, 48), size=20))
        if v.get("ended"):
            buttons.append(Button("results", self.results, t("paperback.ui.see_results"), keys=ENTER,
                                  rect=fr.r(840, 646, 420, 62), primary=True))
            self.bar.set(buttons)
            self.market_marks = ({}, set())
            return
        b = self.b if self.viewer is not None else None
        # market targets: trash from the Offer while spelling, the basket while buying
        held = any(part.holds() for part in self.option_panels)     # (co-op: the cube's place is chosen)
        if not held and (self.buying() or (self.spelling() and b is not None and may_trash(v, b, "trash_offer"))):
            for ch, r in p.spread:
                if self.buying():
                    self.hits.append(("market", f"spread:{ch}", r))
            for pid, r in p.fame:
                if self.buying():
                    self.hits.append(("market", pid, r))
            if self.buying():                        # co-op: the uncovered pyramid cards, by id
                self.hits += [("market", cid, r) for cid, r in uncovered_places(v, p)]
            offer = {o["pile"]: o for o in v["offer"]}
            for pid, _, front, top, _ in p.piles:
                o = offer.get(pid)
                for cid, r in ((o and o["front"], front), (o and o["top"], top)):
                    if cid:
                        self.hits.append(("market", cid, r))
        # the hand and the word
        hand = [c for c in (v.get("hand") or []) if b is None or c not in b.used()]
        hand_rects = place_row(fr, p.hand_area, len(hand), HAND_CARD, arc=1.0)
        p.hand = list(zip(hand, hand_rects))
        self.hits[:0] = [hit for part in self.option_panels for hit in part.hits()]   # (first: an option's step)
        over_hand = [] if held else [btn for part in self.option_panels for btn in part.hand_toggles()]
        self.toggles += over_hand                  # an attack's answer, Ghost Writer's card: in the hand
        laid = list(b.slots) if b is not None and self.spelling() else []
        p.slots = word_slots(fr, p, len(laid))
        common = v.get("common")
        claimed = int(v.get("claimed", 0))
        p.common = p.track_cards[claimed] if common is not None and claimed < len(p.track_cards) else pygame.Rect(0, 0, 0, 0)
        if self.spelling() and b is not None and not held:
            for cid, r in p.hand:
                self.hits.append(("hand", cid, r))
            for i, r in enumerate(p.slots[:len(laid)]):
                self.hits.append(("slot", str(i), r))
            if common is not None and COMMON not in b.used():
                self.hits.append(("common", COMMON, p.common))
            if not over_hand and may_trash(v, b, "trash_hand"):
                for cid, r in p.hand:
                    on = cid in b.trash
                    self.toggles.append(Button(f"trash_{cid}", lambda c=cid: self.toggle_trash(c),
                                               t("paperback.ui.untrash" if on else "paperback.ui.trash"),
                                               rect=pygame.Rect(r.x, r.y - fr.px(34), r.w, fr.px(30)), size=18,
                                               selected=on))
            for i, ((cid, text), r) in enumerate(zip(laid, p.slots)):
                mine = next((btn for btn in (part.slot_toggle(i, r) for part in self.option_panels) if btn is not None),
                            None)
                if mine is not None:                   # the Typo / the Stuck Key on this card
                    self.toggles.append(mine)
                    continue
                card = card_of(v, cid)
                options = lay_options(v, b, card) if card is not None and cid != COMMON else ()
                if len(options) > 1:
                    other = options[(options.index(text) + 1) % len(options)] if text in options else options[0]
                    self.toggles.append(Button(f"lay_{i}", lambda i=i: self.cycle(i),
                                               t("paperback.ui.lay_as", text=shown_letters(other)),
                                               rect=pygame.Rect(r.x, p.word.y + fr.px(4), r.w, fr.px(30)), size=18))
            self.toggles += [btn for part in self.option_panels for btn in part.word_toggles()]   # (asking for help)
            if b.hints:
                rects = row_rects(pygame.Rect(p.info.x, p.info.y + fr.px(4), p.info.w, p.info.h - fr.px(8)),
                                  len(b.hints), fr.px(8))
                for i, (found, r) in enumerate(zip(b.hints, rects)):
                    self.toggles.append(Button(f"hint_{i}", lambda i=i: self.take_hint(i),
                                               t("paperback.ui.hint_word", word=found.word.upper(),
                                                 cents=found.cents), rect=r, size=20))
        self.info_box = p.info
        for part in self.option_panels:            # (the help bounty's suggestions)
            more, self.info_box = part.info_toggles(self.info_box)
            self.toggles += more
            part.prepare()
        if self.acting:
            buttons += self._phase_buttons()
        self.bar.set(buttons + self.toggles)
        self.market_marks = self.marks_now()
        hot = self.hit_at(self.pointer) if self.pointer else None
        self.hot_market = (hot[1] if hot and hot[0] in ("market", "draft")
                           else next((c for c in (part.hot() for part in self.option_panels) if c), None))
        self.info_line = self.info()

    def marks_now(self) -> tuple[dict[str, str], set[str]]:
        """The market's rings (cards to trash, cards picked) and what is too dear now."""
        v, marks, dim = self.view, {}, set()
        if self.viewer is None:
            return marks, dim
        b = self.b
        for c in b.trash_offer:
            marks[c] = "trash"
        if not self.buying():
            return marks, dim
        groups = panels.spread_cards(v)
        for c in b.basket:
            marks[c] = "pick"
        for ch, ids in groups.items():
            if any(c in b.basket for c in ids):
                marks[f"spread:{ch}"] = "pick"
        left = spendable(v) - basket_cost(v, b.basket)
        cards = cards_of(v)
        fame = {f["id"]: f["cost"] for f in v["fame_piles"]}
        for _, key, _ in self.hits:
            if key in marks:
                continue
            if key in fame:
                cost = fame[key]
            else:
                cid = groups.get(key.split(":", 1)[1], [""])[0] if key.startswith("spread:") else key
                cost = basket_cost(v, [cid]) if cid in cards else 0      # the price it sells at
            if cost > left:
                dim.add(key)
        return marks, dim

    def _phase_buttons(self) -> list[Button]:
        v, fr, p = self.view, self.fr, self.places
        rows = [pygame.Rect(p.buttons.x, p.buttons.y + i * fr.px(64), p.buttons.w, fr.px(58)) for i in range(2)]
        gap = fr.px(8)
        ph = self.phase
        step = next((r for r in (part.rows() for part in self.option_panels) if r is not None), None)
        if step is not None:                       # an option's step or phase: its own buttons
            top, bottom = step
        elif ph in ("spell", "replace") and self.spelling():
            b = self.b
            score_now, refusal = self.judgement()
            proposable = refusal is not None and refusal.code == "err.paperback.unknown_word"
            top = [Button("spell", self.spell, t("paperback.ui.spell"), keys=ENTER, primary=True,
                          enabled=complete(b) and refusal is None),
                   Button("pass", self.pass_turn, t("paperback.ui.pass"))]
            top += [btn for part in self.option_panels for btn in part.spell_buttons()]    # (a Player Power)
            bottom = [Button("hint", self.show_hint, t("paperback.ui.hint_hide" if b.hints else "paperback.ui.hint"),
                             keys=(pygame.K_F2,), enabled=not self.hinter.busy),
                      Button("clear", self.clear, t("paperback.ui.clear"), keys=(pygame.K_DELETE,),
                             enabled=bool(b.slots or b.trash or b.trash_offer)),
                      Button("propose", self.propose, t("paperback.ui.propose"), enabled=proposable and ph == "spell")]
        elif ph == "buy":
            cost = basket_cost(v, self.b.basket)
            left = spendable(v) - cost
            label = (t("paperback.ui.buy", cost=cost, left=left) if self.b.basket
                     else t("paperback.ui.buy_nothing", left=v["cents"]))
            top = [Button("buy", self.buy, label, keys=ENTER, primary=True)]
            bottom = [Button("clear", lambda: self.b.basket.clear(), t("paperback.ui.clear_basket"),
                             keys=(pygame.K_DELETE,), enabled=bool(self.b.basket))]
            bottom += [btn for part in self.option_panels for btn in part.buy_buttons()]   # (claiming the theme)
        elif (q := self.ballot()) is not None:
            top, bottom = vote_buttons(q, self.vote), []
        else:
            return []
        out = []
        for row, area in ((top, rows[0]), (bottom, rows[1])):
            for btn, r in zip(row, row_rects(area, len(row), gap)):
                btn.rect, btn.size = r, 21
                out.append(btn)
        return out

    def status(self) -> tuple[str, tuple[int, int, int]]:
        mine = next((line for line in (part.banner() for part in self.option_panels) if line), None)
        return mine or banner_text(self.view["status"], self.viewer, WORDS, self.name, self.is_bot,
                                                self.phone_state)

    def info(self) -> tuple[str, tuple[int, int, int]]:
        """The info strip's line: a message, what the pointer is over, or what to do now."""
        v, b = self.view, (self.b if self.viewer is not None else None)
        for part in self.option_panels:
            line = part.info() if not (self.message and self.message[1] == "error") else None
            if line is not None:
                return line
        about = self.button_about()
        if about:
            return about, style.ACCENT
        if self.message:
            text, kind = self.message
            return text, {"error": style.BAD, "good": style.GOOD}.get(kind, style.INK)
        if b is not None and self.spelling():
            if b.ghosting:
                return t("paperback.ui.ghost_help"), style.ACCENT
            if b.asking is not None:
                card = card_of(v, b.slots[b.asking][0])
                return t("paperback.ui.ask_wild" if card is not None and card.wild
                         else "paperback.ui.ask_letter"), style.ACCENT
            if self.hinter.busy:
                return t("paperback.ui.hint_thinking"), style.INK_DIM
            refusal = self.judgement()[1]
            if refusal is not None:
                return refusal.message(lang()), style.BAD
            offer_n = may_trash(v, b, "trash_offer")
            hand_n = may_trash(v, b, "trash_hand")
            if offer_n:
                return t("paperback.ui.trash_offer_help", n=offer_n, chosen=len(b.trash_offer)), style.ACCENT
            if hand_n:
                return t("paperback.ui.trash_hand_help", n=hand_n, chosen=len(b.trash)), style.ACCENT
        under = pyramid_at(self.places, v, self.pointer) if self.pointer else None
        if under is not None:
            return hover_line(v, under), style.INK
        hovered = self.hovered_card()
        if hovered is not None:
            return describe(hovered), style.INK
        if b is not None and self.buying():
            left = spendable(v) - basket_cost(v, b.basket)
            what = t("paperback.ui.buy_what_coop" if v.get("coop") else "paperback.ui.buy_what")
            if my_cubes(v):
                return t("paperback.ui.cents_cubes_left", left=left, cents=v["cents"], cubes=my_cubes(v),
                         what=what), style.ACCENT
            return t("paperback.ui.cents_left", left=left, cents=v["cents"], what=what), style.ACCENT
        quiet = next((line for line in (part.quiet_info() for part in self.option_panels) if line), None)
        if quiet is not None:                      # (the help bounty: the suggestions to pick from)
            return quiet
        if b is not None and self.spelling():
            return t("paperback.ui.how_to_spell"), style.INK_DIM
        q = self.ballot()
        if q is not None:
            return q.rule, style.INK_DIM
        return "", style.INK

    def market_shown(self) -> dict[str, Any]:
        """What the market's drawing shows of the options (panels.draw_market's keywords)."""
        out: dict[str, Any] = {}
        for part in self.option_panels:
            out.update(part.market())
        return out

    def ballot(self) -> Ballot | None:
        """The vote the table is taking now (None: none): a proposed word's, or an option's."""
        return word_vote(self.view, self.name) or next(
            (q for q in (part.ballot() for part in self.option_panels) if q is not None), None)

    def vote(self, accept: bool) -> None:
        q = self.ballot()
        if self.acting and q is not None:
            self.submit({"type": q.command, "seat": self.viewer, "accept": accept})

    def button_about(self) -> str:
        """What the option button under the pointer does (asking for help, claiming the theme)."""
        pos = self.pointer
        for btn in self.bar:
            if pos is not None and btn.name in ABOUT and btn.visible and btn.rect.collidepoint(pos):
                return t(ABOUT[btn.name])
        return ""

    def hovered_card(self) -> Any:
        pos = self.pointer
        if pos is None:
            return None
        v, p = self.view, self.places
        cards = cards_of(v)
        for cid, r in p.hand:
            if r.collidepoint(pos):
                return cards.get(cid)
        offer = {o["pile"]: o for o in v["offer"]}
        for pid, _, front, top, _ in p.piles:
            o = offer.get(pid) or {}
            for cid, r in ((o.get("front"), front), (o.get("top"), top)):
                if cid and r.collidepoint(pos):
                    return cards.get(cid)
        for cid, r in p.offer:                      # simultaneous play's Offer
            if r.collidepoint(pos):
                return cards.get(cid)
        groups = panels.spread_cards(v)
        for ch, r in p.spread:
            if r.collidepoint(pos) and groups.get(ch):
                return cards.get(groups[ch][0])
        for f, (pid, r) in zip(v["fame_piles"], p.fame):
            if r.collidepoint(pos) and f["count"]:
                return panels.fame_card(v, pid)
        if p.common.collidepoint(pos) and v.get("common"):
            return cards.get(v["common"])
        return None
