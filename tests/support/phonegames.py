"""Driving the per-game phone pages of Hooky and Paperback (tests/browser): each move is the
one the game's normal bot would make from the seat's view, made by tapping and typing on
the real page (the page builds the command; the TV decides it)."""
from __future__ import annotations

from engine.registry import bot_for
from support.phones import until

_bots: dict[tuple[str, int], object] = {}


def bot_command(game: str, seat: int, view: dict) -> dict:
    bot = _bots.setdefault((game, seat), bot_for(game, None, "normal", seat))
    return bot.choose(view, seat)


class HookyDriver:
    """hooky_move for `play`: a bot's choice, through the page. The first ask of the game
    first tries a word the dictionary lacks (the TV refuses it with a readable reason), then
    proposes it to the table's vote."""

    JUNK = "zqxjv"

    def __init__(self, tv) -> None:
        self.tv = tv
        self.proposed = False
        self.refusal = ""

    def __call__(self, page, seat: int, view: dict) -> None:
        cmd = bot_command("hooky", seat, view)
        kind = cmd["type"]
        if kind == "ask" and not self.proposed:
            self.proposed = True
            page.click(f"button[data-ask='{cmd['target']}']")
            page.fill("#word", self.JUNK)
            page.click("#ask")
            until(self.tv, page, lambda: page.locator(".note").count() > 0, "the refusal")
            self.refusal = page.inner_text(".note")
            page.fill("#word", self.JUNK)
            page.click("#propose")
            return
        if kind == "clue":
            page.fill("#word", cmd["word"])
            page.click("#give")
        elif kind == "ask":
            page.click(f"button[data-ask='{cmd['target']}']")
            page.fill("#word", cmd["word"])
            page.click("#ask")
        elif kind == "reveal":
            page.click("#reveal")
            page.click(f"button[data-letter='{cmd['letter']}']")
            page.click(f"button[data-target='{cmd['target']}']")
            page.click("#do_reveal")
        elif kind == "vote":
            page.click("#accept" if cmd["accept"] else "#refuse")
        elif kind == "guess":
            for letter in cmd["letters"]:
                page.click(f"button[data-guess='{letter}']")
            page.click("#guess")
        elif kind == "name_hands":
            hands = cmd["hands"]
            items = hands.items() if isinstance(hands, dict) else enumerate(hands)
            for other, letters in items:
                for letter in letters:
                    cell = page.locator(f"button[data-mark='{other}:{letter}']")
                    if cell.count():
                        cell.click()        # blank -> has
            page.click("#name")
        else:
            raise AssertionError(f"no page path for {cmd}")
