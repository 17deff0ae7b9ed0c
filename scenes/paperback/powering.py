"""Player Powers at the table (option `powers`): the power's button only when the view
says it applies (`view["power"]["legal"]`). Writer's Block draws at once; Ghost Writer
asks for the hand card to put under the deck; the word powers live in the word builder
as the engine defines them: Plagiarism lays the previous word's letter (card id
"plagiarism", its letter typed), a Typo turns one laid single-letter card into another
letter (typed), the Stuck Key lays one single-letter card twice ("ll"). A mixin of the
table scene; the session's dry run judges the word as usual."""
from __future__ import annotations

from engine.paperback.powers import PLAGIARISM, letter_card
from scenes.paperback.word import card_of

WORD_SLOT_POWERS = ("typo", "stuck_key")


class Powers:
    """Needs the table's `b`, `view`, `viewer`, `spelling()`, `submit`, `sound`, `request_redraw`."""

    def power_id(self) -> str | None:
        p = self.view.get("power")
        return p["id"] if p else None

    def power_button_shown(self) -> bool:
        """The power's own button: a turn power, or Plagiarism, when the view says it applies."""
        p = self.view.get("power")
        return bool(self.spelling() and p and p.get("legal") and p["id"] not in WORD_SLOT_POWERS
                    and not (p["id"] == "plagiarism" and PLAGIARISM in self.b.used()))

    def use_power(self) -> None:
        if not self.power_button_shown():
            return
        pid, b = self.power_id(), self.b
        if pid == "writers_block":
            self.submit({"type": "power", "seat": self.viewer})
        elif pid == "ghost_writer":
            b.ghosting = not b.ghosting
        elif pid == "plagiarism":
            b.slots.append((PLAGIARISM, None))      # its letter is typed next
            b.asking = len(b.slots) - 1
        self.sound("click")
        self.request_redraw()

    def ghost(self, cid: str) -> None:
        """Ghost Writer: this hand card goes under the deck, one is drawn."""
        b = self.b
        if self.spelling() and b.ghosting and self.submit({"type": "power", "seat": self.viewer, "card": cid}):
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
        if not (self.spelling() and p and p.get("legal") and p["id"] in WORD_SLOT_POWERS):
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
        self.sound("click")
        self.request_redraw()
