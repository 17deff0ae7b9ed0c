"""Player Powers at the table (option `powers`): the power's button only when the view
says it applies (`view["power"]["legal"]`). Writer's Block draws at once; Ghost Writer
asks for the hand card to put under the deck; the word powers live in the word builder
as the engine defines them: Plagiarism lays the previous word's letter (card id
"plagiarism", its letter typed), a Typo turns one laid single-letter card into another
letter (typed), the Stuck Key lays one single-letter card twice ("ll"). The table's panel
for the option (optionpanel.py); the session's dry run judges the word as usual."""
from __future__ import annotations

import pygame

from engine.paperback.powers import PLAGIARISM, letter_card
from scenes.paperback.optionpanel import OptionPanel
from scenes.paperback.word import card_of
from scenes.ui.buttons import Button
from scenes.ui.i18n import t

WORD_SLOT_POWERS = ("typo", "stuck_key")


class Powers(OptionPanel):

    def power_id(self) -> str | None:
        p = self.view.get("power")
        return p["id"] if p else None

    def power_button_shown(self) -> bool:
        """The power's own button: a turn power, or Plagiarism, when the view says it applies."""
        p = self.view.get("power")
        return bool(self.table.spelling() and p and p.get("legal") and p["id"] not in WORD_SLOT_POWERS
                    and not (p["id"] == "plagiarism" and PLAGIARISM in self.b.used()))

    def use_power(self) -> None:
        if not self.power_button_shown():
            return
        pid, b = self.power_id(), self.b
        if pid == "writers_block":
            self.table.submit({"type": "power", "seat": self.viewer})
        elif pid == "ghost_writer":
            b.ghosting = not b.ghosting
        elif pid == "plagiarism":
            b.slots.append((PLAGIARISM, None))      # its letter is typed next
            b.asking = len(b.slots) - 1
        self.table.sound("click")
        self.table.request_redraw()

    def ghost(self, cid: str) -> None:
        """Ghost Writer: this hand card goes under the deck, one is drawn."""
        b = self.b
        if (self.table.spelling() and b.ghosting
                and self.table.submit({"type": "power", "seat": self.viewer, "card": cid})):
            b.ghosting = False

    def slot_power_of(self, i: int) -> bool:
        """Whether slot i uses the Typo or the Stuck Key."""
        cid, text = self.b.slots[i]
        card = card_of(self.view, cid)
        if card is None or cid in ("common", PLAGIARISM) or not letter_card(card):
            return False
        if self.power_id() == "typo":
            return text is None or text != card.letters
        return text == card.letters * 2

    def slot_power_targets(self) -> list[int]:
        """The laid slots a Typo / the Stuck Key may be used on now (one use in a word)."""
        p = self.view.get("power")
        if not (self.table.spelling() and p and p.get("legal") and p["id"] in WORD_SLOT_POWERS):
            return []
        used = [i for i in range(len(self.b.slots)) if self.slot_power_of(i)]
        if used:
            return used
        return [i for i, (cid, _) in enumerate(self.b.slots)
                if cid not in ("common", PLAGIARISM) and (c := card_of(self.view, cid)) is not None
                and letter_card(c)]

    def slot_power(self, i: int) -> None:
        """Use (or take back) the Typo / the Stuck Key on slot i."""
        if i not in self.slot_power_targets():
            return
        b = self.b
        cid, text = b.slots[i]
        card = card_of(self.view, cid)
        if self.slot_power_of(i):
            b.slots[i] = (cid, card.letters)
            if b.asking == i:
                b.asking = None
        elif self.power_id() == "typo":
            b.slots[i] = (cid, None)                 # the letter it stands for is typed next
            b.asking = i
        else:
            b.slots[i] = (cid, card.letters * 2)
        self.table.sound("click")
        self.table.request_redraw()

    # ---- the table's hooks ------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.b.ghosting and not self.power_button_shown():
            self.b.ghosting = False

    def keeps(self, cid: str) -> bool:
        """Plagiarism's letter stays laid while the word is spelled."""
        return cid == PLAGIARISM and self.power_id() == "plagiarism" and self.table.spelling()

    def hand_toggles(self) -> list[Button]:
        """Ghost Writer: which card goes under the deck."""
        if not (self.table.spelling() and self.b.ghosting):
            return []
        fr = self.table.fr
        return [Button(f"ghost_{cid}", lambda c=cid: self.ghost(c), t("paperback.ui.ghost_card"),
                       rect=pygame.Rect(r.x, r.y - fr.px(34), r.w, fr.px(30)), size=18)
                for cid, r in self.table.places.hand]

    def slot_toggle(self, i: int, r: pygame.Rect) -> Button | None:
        """The Typo / the Stuck Key on laid slot i."""
        if i not in self.slot_power_targets():
            return None
        fr = self.table.fr
        return Button(f"power_{i}", lambda: self.slot_power(i), t(f"paperback.ui.power_button.{self.power_id()}"),
                      rect=pygame.Rect(r.x, self.table.places.word.y + fr.px(4), r.w, fr.px(30)), size=18,
                      selected=self.slot_power_of(i))

    def spell_buttons(self) -> list[Button]:
        """The power's own button, only when the view says it applies."""
        if not self.power_button_shown():
            return []
        return [Button("power", self.use_power, t(f"paperback.ui.power_button.{self.power_id()}"),
                       selected=self.b.ghosting)]

    def click(self, kind: str, key: str) -> bool:
        if kind != "hand" or not self.b.ghosting:
            return False
        self.ghost(key)
        return True
