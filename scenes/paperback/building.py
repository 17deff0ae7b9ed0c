"""The word and basket a Paperback player builds on the table (a mixin of the table
scene): laying cards (a wild asks for its letter, a pair goes in as a unit, the Q as Q or
QU, the top common by reference), taking them back and moving them, the ability choices
(cards to trash), the finder's hint off the frame loop, the rules' dry run of the word as
built, and the basket while buying; a word's best laying from a hand (typing and the help
bounty's suggestions alike), remembered. It changes only the seat on screen's own `Building`."""
from __future__ import annotations

from typing import Any

from engine.paperback.bot import hint_choices
from engine.paperback.finder import COMMON, Found, Index
from engine.paperback.hand import word_choices
from scenes.paperback import panels
from scenes.paperback.word import (basket_cost, card_of, command, complete, default_text, lay_found, lay_options,
                                   live_score, may_trash, pick_for_letter, spendable, trim_choices, word_text)
from scenes.ui.i18n import lang, t

HINTS = 5
KEEP_LAYINGS = 64           # the words' layings remembered (a game's typing, at most)


def laying(view: dict, word: str) -> Found | None:
    """The finder's best arrangement of `word` from the view's hand (None: it cannot be laid)."""
    found = word_choices(view, limit=3, index=Index([word]))
    return next((f for f in found if f.word == word), None)


class Builds:
    """Needs the table's `b`, `view`, `viewer`, `phase`, `spelling()`, `check`, `hinter`,
    `judged`, `layings`, `message`, `sound`, `request_redraw`."""
    layings: dict[tuple, Found | None]

    def laid_as(self, view: dict, word: str) -> Found | None:
        """`word`'s best laying from the view's hand, remembered."""
        key = (word, tuple(view.get("hand") or []), view.get("common"), tuple(view.get("accepted_words") or []))
        if key not in self.layings:
            if len(self.layings) >= KEEP_LAYINGS:
                self.layings.clear()
            self.layings[key] = laying(view, word)
        return self.layings[key]
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
        text = text if text is not None else (card.letters if cid == COMMON and not card.power
                                              else default_text(card))
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
            options = lay_options(self.view, b, card)
            if len(options) > 1:
                b.slots[i] = (cid, options[(options.index(text) + 1) % len(options)] if text in options
                              else options[0])

    def lay_space(self) -> None:
        """The Space Bar typed: lay the Space Bar card (the hand's, else the top common)."""
        b, v = self.b, self.view
        for cid in list(v.get("hand") or []) + [COMMON]:
            card = card_of(v, cid)
            if card is not None and card.power == "space" and cid not in b.used():
                self.add(cid)
                return
        self.message = (t("paperback.ui.no_space_bar"), "error")

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
        if b.pair_next and self.lay_typed(word_text(b)[:-len(b.pair_next)] + ch):
            return True                                # (a pair taken for its first letter only)
        slot = pick_for_letter(self.view, b, ch)
        if slot is None and self.lay_typed(word_text(b) + ch):
            return True
        if slot is None:
            self.message = (t("paperback.ui.no_card_for", letter=ch.upper()), "error")
            self.sound("error")
            return True
        self.add(slot[0], slot[1])
        b.pair_next = slot[1][1:] if slot[1] and len(slot[1]) > 1 else None
        return True

    def lay_typed(self, word: str) -> bool:
        """A typed letter with no card left for it, or not the one a two-letter card just
        laid goes on with: the letters typed so far laid again as the finder would lay them
        (THRONE from T, a wild, R, ON, a wild: typing took the common for O and a wild for
        N, and E had no card; BESETS with ES and no other E: the ES taken for the first E,
        then T). False when they cannot be."""
        if "?" in word or " " in word:
            return False
        found = self.laid_as(self.view, word)
        if found is None:
            return False
        b = self.b
        b.slots = lay_found(found)
        b.trash = [c for c in b.trash if c not in found.cards]
        b.pair_next = None
        trim_choices(self.view, b)
        self.message = None
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
        self.hinter.ask(self.hint_stamp(), hint_choices, dict(self.view), HINTS)

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
    def pick(self, key: str) -> None:
        """A click on the market while buying: add the card (or a Fame pile's top, a 2¢
        vowel) to the basket, or take it out again."""
        b, v = self.b, self.view
        if key.startswith("spread:"):
            ids = panels.spread_cards(v).get(key.split(":", 1)[1], [])
            free = [c for c in ids if c not in b.basket]
            if free and basket_cost(v, b.basket + free[:1]) <= spendable(v):
                b.basket.append(free[0])
            elif any(c in b.basket for c in ids):
                b.basket.remove(next(c for c in reversed(b.basket) if c in ids))
            else:
                self._too_dear()
            return
        fame = {f["id"]: f for f in v["fame_piles"]}
        if key in fame:
            have = b.basket.count(key)
            if have < fame[key]["count"] and basket_cost(v, b.basket + [key]) <= spendable(v):
                b.basket.append(key)
            elif have:
                b.basket.remove(key)
            else:
                self._too_dear()
            return
        if key in b.basket:
            b.basket.remove(key)
        elif basket_cost(v, b.basket + [key]) <= spendable(v):
            b.basket.append(key)
        else:
            self._too_dear()

    def _too_dear(self) -> None:
        v = self.view
        self.message = (t("paperback.ui.too_dear", left=spendable(v) - basket_cost(v, self.b.basket)), "error")
        self.sound("error")
