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
frame loop, undo, pause. Layout is in layout.py, drawing in panels.py and cards.py, the
word being built in word.py."""
from __future__ import annotations

from typing import Any

import pygame

from engine.paperback.bot import word_choices
from engine.paperback.finder import COMMON, general_index
from scenes.common.banner import BannerWords, banner_text
from scenes.common.logpanel import draw_recent
from scenes.common.turntable import TurnTable
from scenes.paperback import panels
from scenes.paperback.cards import cards_of, describe, draw_card, shown_letters
from scenes.paperback.layout import HAND_CARD, Places, insert_index, place_row, place_spread, place_static, word_slots
from scenes.paperback.narrate import log_line
from scenes.paperback.word import (Building, basket_cost, buy_command, card_of, command, complete, default_text,
                                   lay_found, live_score, may_trash, next_text, pick_for_letter, trim_choices,
                                   word_text)
from scenes.ui import style
from scenes.ui.buttons import Button, row_rects
from scenes.ui.draw import panel, text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import lang, t
from scenes.ui.worker import Latest

WORDS = BannerWords(over="paperback.ui.banner.over", mine="paperback.ui.banner.mine.{phase}",
                    bot="paperback.ui.banner.bot", person="paperback.ui.banner.person",
                    others="paperback.ui.banner.others", phase="paperback.phase.{phase}")
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
READ_S = 2.0            # a word another player spelled stays up this long before their next move
DRAG_PX = 10            # a press that moves further than this is a drag, not a click
HINTS = 5


def spelled_shown(ev: dict) -> dict:
    """What the table shows of a word spelled (all of it public)."""
    return {"seat": ev["seat"], "word": ev["word"], "cents": ev["cents"], "cards": list(ev["cards"]),
            "texts": list(ev["texts"]), "claimed": ev.get("claimed"), "items": list(ev.get("items") or [])}


class PaperbackScene(TurnTable):
    bot_pause = 0.7
    results_at_end = False       # the final table first (Fame, best words, hands), then the results

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
        self.draws = 0                           # frames drawn (tests: none under the curtain)
        super().__init__(app, session, make_private=Building)
        self.warmer.ask("index", general_index)  # the finder's index, built once, off the frame loop

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
        return self.acting and self.phase == "spell" and not self.view.get("owed")

    def buying(self) -> bool:
        return self.acting and self.phase == "buy"

    # ---- the session -----------------------------------------------------------------------
    def refresh(self) -> None:
        self.view = self.session.view(self.viewer)
        events = self.events_seen()
        self.on_table = None
        for ev in events:
            if ev.get("type") == "spelled":
                self.on_table = spelled_shown(ev)
            elif ev.get("type") in ("turn_ended", "passed"):
                self.on_table = None
        self.log_lines = [line for line in (log_line(e, self.players, self.n) for e in events[-14:]) if line]
        if self.viewer is None:
            return
        b = self.b
        hand = set(self.view.get("hand") or [])
        b.slots = [(c, x) for c, x in b.slots if c in hand or (c == COMMON and self.view.get("common"))]
        if b.asking is not None and b.asking >= len(b.slots):
            b.asking = None
        trim_choices(self.view, b)
        if self.phase != "buy":
            b.basket = []
        if b.hints is not None and b.hint_for != self.hint_stamp():
            b.hints = None

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
            elif kind in ("word_accepted", "word_refused", "word_proposed"):
                self.message = (log_line(ev, self.players, self.n), "info")

    def on_undone(self) -> None:
        self.shown = None
        self.hold = 0.0

    # ---- per frame ----------------------------------------------------------------------------
    def step(self, dt: float) -> None:
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

    def wait_hint(self, timeout: float = 30.0) -> None:
        """Tests: let the running hint finish (it is collected on the next frame)."""
        self.hinter.wait(timeout)

    # ---- the word being built ----------------------------------------------------------------
    def add(self, cid: str, text: str | None = None, at: int | None = None) -> None:
        """Lay a card (or the top common) in the word."""
        b, v = self.b, self.view
        if not self.spelling() or cid in b.used():
            return
        card = card_of(v, cid)
        if card is None:
            return
        if cid == COMMON and (v.get("effects") or {}).get("no_common"):
            self.message = (t("err.paperback.common_blocked"), "error")
            return
        if cid in b.trash:
            b.trash.remove(cid)
        text = text if text is not None else (card.letters if cid == COMMON else default_text(card))
        at = len(b.slots) if at is None else max(0, min(at, len(b.slots)))
        b.slots.insert(at, (cid, text))
        if card.wild and text is None:
            b.asking = at
        elif b.asking is not None and at <= b.asking:
            b.asking += 1
        self.message = None
        self.sound("click")
        self.request_redraw()

    def take_back(self, i: int) -> None:
        b = self.b
        if not (0 <= i < len(b.slots)):
            return
        b.slots.pop(i)
        if b.asking == i:
            b.asking = None
        elif b.asking is not None and b.asking > i:
            b.asking -= 1
        b.pair_next = None
        trim_choices(self.view, b)
        self.message = None

    def move_slot(self, i: int, to: int) -> None:
        b = self.b
        if not (0 <= i < len(b.slots)):
            return
        slot = b.slots.pop(i)
        to = max(0, min(to if to <= i else to - 1, len(b.slots)))
        b.slots.insert(to, slot)
        b.asking = None if b.asking is None else (to if b.asking == i else b.asking)

    def cycle(self, i: int) -> None:
        """Lay a card its other way (Q / QU, a flip card reversed); a wild asks again."""
        b = self.b
        if not (0 <= i < len(b.slots)):
            return
        cid, text = b.slots[i]
        card = card_of(self.view, cid)
        if card is None:
            return
        if card.wild:
            b.asking = i
        else:
            b.slots[i] = (cid, next_text(card, text))

    def type_letter(self, ch: str) -> bool:
        b = self.b
        if b.asking is not None:
            cid, _ = b.slots[b.asking]
            b.slots[b.asking] = (cid, ch)
            b.asking = None
            self.message = None
            return True
        if b.pair_next and ch == b.pair_next[0]:
            b.pair_next = b.pair_next[1:] or None
            return True
        slot = pick_for_letter(self.view, b, ch)
        if slot is None:
            self.message = (t("paperback.ui.no_card_for", letter=ch.upper()), "error")
            self.sound("error")
            return True
        self.add(slot[0], slot[1])
        b.pair_next = slot[1][1:] if slot[1] and len(slot[1]) > 1 else None
        return True

    def toggle_trash(self, cid: str) -> None:
        b = self.b
        if cid in b.trash:
            b.trash.remove(cid)
        elif len(b.trash) < may_trash(self.view, b, "trash_hand"):
            b.trash.append(cid)

    def toggle_trash_offer(self, cid: str) -> None:
        b = self.b
        if cid in b.trash_offer:
            b.trash_offer.remove(cid)
        elif len(b.trash_offer) < may_trash(self.view, b, "trash_offer"):
            b.trash_offer.append(cid)

    def clear(self) -> None:
        self.b.clear()
        self.message = None

    def show_hint(self) -> None:
        b = self.b
        if not self.spelling():
            return
        if b.hints is not None:
            b.hints = None
            return
        self.hinter.ask(self.hint_stamp(), word_choices, dict(self.view), HINTS)

    def hint_stamp(self) -> tuple:
        v = self.view
        return (self.viewer, tuple(v.get("hand") or []), v.get("common"), len(v.get("accepted_words") or []))

    def take_hint(self, i: int) -> None:
        b = self.b
        if b.hints and 0 <= i < len(b.hints):
            found = b.hints[i]
            b.clear()
            b.slots = lay_found(found)
            trim_choices(self.view, b)
            b.hints = None

    # ---- what the rules would say (the session's dry run) ------------------------------------
    def judgement(self) -> tuple[Any, Any]:
        """(the word's itemised score or None, the rules' refusal or None) for the word as
        built, asked once per change."""
        b, seat = self.b, self.viewer
        stamp = (seat, tuple(b.slots), tuple(b.trash), tuple(b.trash_offer), self.view.get("turn"),
                 self.phase, tuple(self.view.get("accepted_words") or []), tuple(self.view.get("refused_words") or []),
                 lang())
        if self.judged[0] == stamp:
            return self.judged[1]
        if seat is None or not b.slots or not complete(b):
            out = (None, None)
        else:
            out = (live_score(self.view, b), self.check(command(seat, b)))
        self.judged = (stamp, out)
        return out

    # ---- actions ------------------------------------------------------------------------------
    def spell(self) -> None:
        if self.spelling() and complete(self.b) and self.submit(command(self.viewer, self.b)):
            self.b.clear()
            self.b.hints = None

    def pass_turn(self) -> None:
        if self.spelling() and self.submit({"type": "pass", "seat": self.viewer}):
            self.b.clear()

    def propose(self) -> None:
        if self.spelling() and complete(self.b):
            self.submit({"type": "propose", "seat": self.viewer, "word": word_text(self.b)})

    def vote(self, accept: bool) -> None:
        if self.acting and self.phase == "vote":
            self.submit({"type": "vote", "seat": self.viewer, "accept": accept})

    def buy(self) -> None:
        if self.buying() and self.submit(buy_command(self.viewer, self.b)):
            self.b.basket = []

    def pick(self, key: str) -> None:
        """A click on the market while buying: add the card (or a Fame pile's top, a 2¢
        vowel) to the basket, or take it out again."""
        b, v = self.b, self.view
        if key.startswith("spread:"):
            ids = panels.spread_cards(v).get(key.split(":", 1)[1], [])
            free = [c for c in ids if c not in b.basket]
            if free and basket_cost(v, b.basket + free[:1]) <= v["cents"]:
                b.basket.append(free[0])
            elif any(c in b.basket for c in ids):
                b.basket.remove(next(c for c in reversed(b.basket) if c in ids))
            else:
                self._too_dear()
            return
        fame = {f["id"]: f for f in v["fame_piles"]}
        if key in fame:
            have = b.basket.count(key)
            if have < fame[key]["count"] and basket_cost(v, b.basket + [key]) <= v["cents"]:
                b.basket.append(key)
            elif have:
                b.basket.remove(key)
            else:
                self._too_dear()
            return
        if key in b.basket:
            b.basket.remove(key)
        elif basket_cost(v, b.basket + [key]) <= v["cents"]:
            b.basket.append(key)
        else:
            self._too_dear()

    def _too_dear(self) -> None:
        v = self.view
        self.message = (t("paperback.ui.too_dear", left=v["cents"] - basket_cost(v, self.b.basket)), "error")
        self.sound("error")

    def results(self) -> None:
        self.show_results()

    # ---- layout and hit targets (never in draw) ---------------------------------------------------
    def lay_out(self, fr: Frame) -> None:
        self.places = place_static(fr, self.n)

    def controls(self) -> None:
        fr, v, p = self.fr, self.view, self.places
        place_spread(fr, p, panels.spread_letters(v))
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
            return
        b = self.b if self.viewer is not None else None
        # market targets: trash from the Offer while spelling, the basket while buying
        if self.buying() or (self.spelling() and b is not None and may_trash(v, b, "trash_offer")):
            for ch, r in p.spread:
                if self.buying():
                    self.hits.append(("market", f"spread:{ch}", r))
            for pid, r in p.fame:
                if self.buying():
                    self.hits.append(("market", pid, r))
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
        laid = list(b.slots) if b is not None and self.spelling() else []
        p.slots = word_slots(fr, p, len(laid))
        common = v.get("common")
        claimed = int(v.get("claimed", 0))
        p.common = p.track_cards[claimed] if common is not None and claimed < len(p.track_cards) else pygame.Rect(0, 0, 0, 0)
        if self.spelling() and b is not None:
            for cid, r in p.hand:
                self.hits.append(("hand", cid, r))
            for i, r in enumerate(p.slots[:len(laid)]):
                self.hits.append(("slot", str(i), r))
            if common is not None and COMMON not in b.used():
                self.hits.append(("common", COMMON, p.common))
            if may_trash(v, b, "trash_hand"):
                for cid, r in p.hand:
                    on = cid in b.trash
                    self.toggles.append(Button(f"trash_{cid}", lambda c=cid: self.toggle_trash(c),
                                               t("paperback.ui.untrash" if on else "paperback.ui.trash"),
                                               rect=pygame.Rect(r.x, r.y - fr.px(34), r.w, fr.px(30)), size=18,
                                               selected=on))
            for i, ((cid, text), r) in enumerate(zip(laid, p.slots)):
                card = card_of(v, cid)
                if card is not None and cid != COMMON and len(card.texts()) > 1:
                    other = next_text(card, text) or ""
                    self.toggles.append(Button(f"lay_{i}", lambda i=i: self.cycle(i),
                                               t("paperback.ui.lay_as", text=shown_letters(other)),
                                               rect=pygame.Rect(r.x, p.word.y + fr.px(4), r.w, fr.px(30)), size=18))
            if b.hints:
                rects = row_rects(pygame.Rect(p.info.x, p.info.y + fr.px(4), p.info.w, p.info.h - fr.px(8)),
                                  len(b.hints), fr.px(8))
                for i, (found, r) in enumerate(zip(b.hints, rects)):
                    self.toggles.append(Button(f"hint_{i}", lambda i=i: self.take_hint(i),
                                               t("paperback.ui.hint_word", word=found.word.upper(),
                                                 cents=found.cents), rect=r, size=20))
        if self.acting:
            buttons += self._phase_buttons()
        self.bar.set(buttons + self.toggles)

    def _phase_buttons(self) -> list[Button]:
        v, fr, p = self.view, self.fr, self.places
        rows = [pygame.Rect(p.buttons.x, p.buttons.y + i * fr.px(64), p.buttons.w, fr.px(58)) for i in range(2)]
        gap = fr.px(8)
        ph = self.phase
        if ph == "spell" and self.spelling():
            b = self.b
            score_now, refusal = self.judgement()
            proposable = refusal is not None and refusal.code == "err.paperback.unknown_word"
            top = [Button("spell", self.spell, t("paperback.ui.spell"), keys=ENTER, primary=True,
                          enabled=complete(b) and refusal is None),
                   Button("pass", self.pass_turn, t("paperback.ui.pass"))]
            bottom = [Button("hint", self.show_hint, t("paperback.ui.hint_hide" if b.hints else "paperback.ui.hint"),
                             keys=(pygame.K_F2,), enabled=not self.hinter.busy),
                      Button("clear", self.clear, t("paperback.ui.clear"), keys=(pygame.K_DELETE,),
                             enabled=bool(b.slots or b.trash or b.trash_offer)),
                      Button("propose", self.propose, t("paperback.ui.propose"), enabled=proposable)]
        elif ph == "buy":
            cost = basket_cost(v, self.b.basket)
            left = v["cents"] - cost
            label = (t("paperback.ui.buy", cost=cost, left=left) if self.b.basket
                     else t("paperback.ui.buy_nothing", left=left))
            top = [Button("buy", self.buy, label, keys=ENTER, primary=True)]
            bottom = [Button("clear", lambda: self.b.basket.clear(), t("paperback.ui.clear_basket"),
                             keys=(pygame.K_DELETE,), enabled=bool(self.b.basket))]
        elif ph == "vote":
            top = [Button("yes", lambda: self.vote(True), t("paperback.ui.accept"), keys=(pygame.K_y,), primary=True),
                   Button("no", lambda: self.vote(False), t("paperback.ui.refuse"), keys=(pygame.K_n,))]
            bottom = []
        else:
            return []
        out = []
        for row, area in ((top, rows[0]), (bottom, rows[1])):
            for btn, r in zip(row, row_rects(area, len(row), gap)):
                btn.rect, btn.size = r, 21
                out.append(btn)
        return out

    def status(self) -> tuple[str, tuple[int, int, int]]:
        return banner_text(self.view["status"], self.viewer, WORDS, self.name, self.is_bot)

    def info(self) -> tuple[str, tuple[int, int, int]]:
        """The info strip's line: a message, what the pointer is over, or what to do now."""
        v, b = self.view, (self.b if self.viewer is not None else None)
        if self.message:
            text, kind = self.message
            return text, {"error": style.BAD, "good": style.GOOD}.get(kind, style.INK)
        if b is not None and self.spelling():
            if b.asking is not None:
                return t("paperback.ui.ask_wild"), style.ACCENT
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
        hovered = self.hovered_card()
        if hovered is not None:
            return describe(hovered), style.INK
        if b is not None and self.buying():
            left = v["cents"] - basket_cost(v, b.basket)
            return t("paperback.ui.cents_left", left=left, cents=v["cents"]), style.ACCENT
        if b is not None and self.spelling():
            return t("paperback.ui.how_to_spell"), style.INK_DIM
        if self.phase == "vote" and v.get("pending"):
            return t("paperback.ui.vote_rule"), style.INK_DIM
        return "", style.INK

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

    # ---- input ----------------------------------------------------------------------------------
    def hit_at(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        for kind, key, r in reversed(self.hits):
            if r.collidepoint(pos):
                return kind, key
        return None

    def on_key(self, ev: pygame.event.Event) -> bool:
        ch = (getattr(ev, "unicode", "") or "").lower()
        if not ch and pygame.K_a <= ev.key <= pygame.K_z and not (getattr(ev, "mod", 0) & pygame.KMOD_CTRL):
            ch = chr(ev.key)
        if self.spelling():
            if getattr(ev, "mod", 0) & pygame.KMOD_CTRL:
                return False
            if len(ch) == 1 and "a" <= ch <= "z":
                return self.type_letter(ch)
            if ev.key == pygame.K_BACKSPACE:
                b = self.b
                if b.asking is not None:
                    self.take_back(b.asking)
                elif b.slots:
                    self.take_back(len(b.slots) - 1)
                return True
            if ev.key == pygame.K_TAB:
                last = next((i for i in range(len(self.b.slots) - 1, -1, -1)
                             if (c := card_of(self.view, self.b.slots[i][0])) is not None and len(c.texts()) > 1), None)
                if last is not None:
                    self.cycle(last)
                return True
        elif self.buying() and ev.key == pygame.K_BACKSPACE:
            if self.b.basket:
                self.b.basket.pop()
            return True
        return False

    def cancel(self) -> bool:
        if self.viewer is None or self.view.get("ended"):
            return False
        b = self.b
        if self.drag is not None:
            self.drag = None
            return True
        if b.asking is not None:
            self.take_back(b.asking)
            return True
        if b.hints is not None:
            b.hints = None
            return True
        if self.spelling() and (b.slots or b.trash or b.trash_offer):
            self.clear()
            return True
        if self.buying() and b.basket:
            b.basket = []
            return True
        return False

    def on_input(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.pointer = ev.pos
            d = self.drag
            if d is not None:
                d["pos"] = ev.pos
                if abs(ev.pos[0] - d["start"][0]) + abs(ev.pos[1] - d["start"][1]) > self.fr.px(DRAG_PX):
                    d["moved"] = True
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            hit = self.hit_at(ev.pos)
            if hit and hit[0] == "slot":
                self.cycle(int(hit[1]))
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.pointer = ev.pos
            hit = self.hit_at(ev.pos)
            if hit is None:
                return False
            kind, key = hit
            if kind in ("hand", "slot", "common"):
                self.drag = {"kind": kind, "key": key, "start": ev.pos, "pos": ev.pos, "moved": False}
                return True
            self.click(kind, key)
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.drag is not None:
            d, self.drag = self.drag, None
            if not d["moved"]:
                self.click(d["kind"], d["key"])
            else:
                self.drop(d["kind"], d["key"], ev.pos)
            return True
        return False

    def click(self, kind: str, key: str) -> None:
        if kind == "hand":
            self.add(key)
        elif kind == "common":
            self.add(COMMON)
        elif kind == "slot":
            self.take_back(int(key))
        elif kind == "market":
            if self.buying():
                self.pick(key)
            elif self.spelling():
                self.toggle_trash_offer(key)

    def drop(self, kind: str, key: str, pos: tuple[int, int]) -> None:
        p = self.places
        over_word = p.word.collidepoint(pos)
        n = len(self.b.slots)
        if kind in ("hand", "common") and over_word:
            self.add(COMMON if kind == "common" else key, at=insert_index(p.slots, pos[0], n))
        elif kind == "slot":
            i = int(key)
            if over_word:
                self.move_slot(i, insert_index(p.slots, pos[0], n))
            else:
                self.take_back(i)

    # ---- drawing (read-only) ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        fr, v, p = self.fr, self.view, self.places
        style.fill_background(surface)
        text, colour = self.status()
        text_in(surface, text, p.top if self.viewer is not None else fr.r(12, 6, 970, 52), fr.fs(28), colour, bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        if v.get("ended"):
            panels.draw_final(surface, fr, fr.r(12, 64, 1256, 572), v, self.players)
            result = v.get("result") or {}
            from scenes.common.names import winners_text
            text_in(surface, winners_text(self.players, result.get("winners") or []), fr.r(20, 646, 800, 62),
                    fr.fs(30), style.ACCENT, bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
            self.bar.draw(surface, fr)
            return
        panels.draw_players(surface, fr, p, v, self.players)
        b = self.b if self.viewer is not None else None
        spelling = self.spelling()
        panels.draw_track(surface, fr, p, v, usable=spelling and b is not None and COMMON not in b.used(),
                          in_word=b is not None and COMMON in b.used())
        draw_recent(surface, p.log, self.log_lines, fr.fs(18), fr.px(8), fr.px(8))
        marks: dict[str, str] = {}
        dim: set[str] = set()
        if b is not None:
            for c in b.trash_offer:
                marks[c] = "trash"
            if self.buying():
                for c in b.basket:
                    marks[c] = "pick"
                groups = panels.spread_cards(v)
                for ch, ids in groups.items():
                    if any(c in b.basket for c in ids):
                        marks[f"spread:{ch}"] = "pick"
                left = v["cents"] - basket_cost(v, b.basket)
                cards = cards_of(v)
                for kind, key, _ in self.hits:
                    if key in marks:
                        continue
                    cost = next((f["cost"] for f in v["fame_piles"] if f["id"] == key), None)
                    if cost is None:
                        cid = groups.get(key.split(":", 1)[1], [None])[0] if key.startswith("spread:") else key
                        cost = cards[cid].cost if cid in cards else 0
                    if cost > left:
                        dim.add(key)
        hot = self.hit_at(self.pointer) if self.pointer else None
        panels.draw_market(surface, fr, p, v, marks, hot[1] if hot and hot[0] == "market" else None, dim)
        info, info_colour = self.info()
        if not (b is not None and b.hints and spelling):
            panel(surface, p.info, style.BG_2, radius=fr.px(8))
            text_in(surface, info, p.info.inflate(-fr.px(16), -fr.px(6)), fr.fs(20), info_colour, wrap_lines=True,
                    max_lines=2, align="left", min_size=fr.min_fs, ellipsis=True)
        self._draw_word(surface, fr, v, b)
        self._draw_hand(surface, fr, v, b)
        self.bar.draw(surface, fr)
        self._draw_drag(surface, fr, v)

    def _draw_word(self, surface: pygame.Surface, fr: Frame, v: dict, b: Building | None) -> None:
        p = self.places
        panel(surface, p.word, style.BG_2, radius=fr.px(10))
        label = pygame.Rect(p.word.x + fr.px(12), p.word.y + fr.px(4), p.word.w - fr.px(24), fr.px(30))
        if b is not None and self.spelling():
            laid = list(b.slots)
            if not any(btn.name.startswith("lay_") for btn in self.toggles):
                text_in(surface, t("paperback.ui.your_word"), label, fr.fs(20), style.INK_DIM, align="left",
                        min_size=fr.fs(14), ellipsis=True)
            panels.draw_laid(surface, fr, p.slots, v, laid, b.asking)
            if len(p.slots) > len(laid):
                from scenes.paperback.cards import draw_slot
                draw_slot(surface, p.slots[len(laid)], fr, t("paperback.ui.next_card"))
            score_now, refusal = self.judgement()
            word = word_text(b).upper()
            if not laid:
                title, colour = t("paperback.ui.no_word"), style.INK_DIM
            elif refusal is None and score_now is not None:
                title, colour = t("paperback.ui.word_ok", word=word), style.GOOD
            elif refusal is not None:
                title, colour = t("paperback.ui.word_no", word=word), style.BAD
            else:
                title, colour = t("paperback.ui.word_waits", word=word), style.ACCENT
            foot = ""
            if score_now is not None:
                need = v.get("need")
                foot = t("paperback.ui.letters_claim" if need is not None and score_now.letters >= need
                         else "paperback.ui.letters", n=score_now.letters, need=need or 0)
                if score_now.draws:
                    foot = t("paperback.ui.with_draws", text=foot, n=score_now.draws)
            panels.draw_cents(surface, fr, p.score, v, title, colour, score_now.items if score_now else [],
                              score_now.cents if score_now else None, foot)
            return
        # someone's word on the table: the one being bought with, or the last one spelled
        shown = self.on_table or self.shown
        if self.phase == "vote" and v.get("pending"):
            pend = v["pending"]
            text_in(surface, t("paperback.ui.vote_on", player=self.name(int(pend["seat"])), word=pend["word"].upper()),
                    p.word.inflate(-fr.px(24), -fr.px(24)), fr.fs(30), style.ACCENT, bold=True, wrap_lines=True,
                    min_size=fr.min_fs, ellipsis=True)
            panel(surface, p.score, style.BG_2, radius=fr.px(10))
            return
        if shown is None or not shown.get("word"):
            text = (t("paperback.ui.passed", player=self.name(int(shown["seat"]))) if shown and shown.get("passed")
                    else t("paperback.ui.no_word_yet"))
            text_in(surface, text, p.word.inflate(-fr.px(24), -fr.px(24)), fr.fs(22), style.INK_DIM, wrap_lines=True,
                    min_size=fr.min_fs, ellipsis=True)
            panel(surface, p.score, style.BG_2, radius=fr.px(10))
            return
        seat = int(shown["seat"])
        text_in(surface, t("paperback.ui.spelled_by", player=self.name(seat)), label, fr.fs(20),
                style.seat_colour(seat), bold=True, align="left", min_size=fr.fs(14), ellipsis=True)
        cards = list(zip(shown["cards"], shown["texts"]))
        rects = word_slots(fr, p, len(cards))[:len(cards)]
        panels.draw_laid(surface, fr, rects, v, cards)
        foot = (t("paperback.ui.claimed", letter=cards_of(v)[shown["claimed"]].letters.upper())
                if shown.get("claimed") else "")
        panels.draw_cents(surface, fr, p.score, v, str(shown["word"]).upper(), style.seat_colour(seat),
                          shown["items"], int(shown["cents"]), foot)

    def _draw_hand(self, surface: pygame.Surface, fr: Frame, v: dict, b: Building | None) -> None:
        p = self.places
        if self.viewer is None:
            panels.draw_hand_backs(surface, fr, p.hand_area, t("paperback.ui.hands_hidden"))
            return
        cards = cards_of(v)
        dragging = self.drag["key"] if self.drag and self.drag["moved"] and self.drag["kind"] == "hand" else None
        for cid, r in p.hand:
            if cid == dragging:
                continue
            card = cards[cid]
            mark = "trash" if b is not None and cid in b.trash else None
            hot = self.pointer is not None and r.collidepoint(self.pointer) and self.spelling()
            draw_card(surface, r.move(0, -fr.px(8)) if hot else r, card, fr, mark=mark,
                      dim=not (self.spelling() or self.buying()))
        counts = t("paperback.ui.my_counts", deck=v["deck_counts"][self.viewer], discard=len(v["discards"][self.viewer]),
                   trash=v["trash_count"])
        text_in(surface, counts, fr.r(660, 16, 326, 32), fr.fs(18), style.INK_DIM, align="right", min_size=fr.fs(12),
                ellipsis=True)

    def _draw_drag(self, surface: pygame.Surface, fr: Frame, v: dict) -> None:
        d = self.drag
        if d is None or not d["moved"]:
            return
        if d["kind"] == "slot":
            i = int(d["key"])
            if i >= len(self.b.slots):
                return
            cid, text = self.b.slots[i]
        else:
            cid, text = (COMMON if d["kind"] == "common" else d["key"]), None
        card = card_of(v, cid)
        if card is None:
            return
        w, h = fr.px(HAND_CARD[0]), fr.px(HAND_CARD[1])
        r = pygame.Rect(0, 0, w, h)
        r.center = d["pos"]
        draw_card(surface, r, card, fr, laid_as=text, lifted=True)
