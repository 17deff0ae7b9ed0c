"""RevealTable: the turn table of the games whose rounds end in a reveal the whole table
reads (Wooolf!!, Word Porters). While a reveal is on screen (`self.reveal`, set by the
table) nobody acts and the bots wait; a bot's sentence stays up long enough to read; the
game's last reveal comes before the results (its button opens them)."""
from __future__ import annotations

from typing import Any

from scenes.common.turntable import TurnTable


READ_S = 6.0     # with nobody at the TV (bots, phones), a finished reveal goes on after this long


class RevealTable(TurnTable):
    bot_pause = 1.6              # a bot's sentence stays this long before the next move
    results_at_end = False       # the last reveal first; its button opens the results
    reveal: Any = None           # the reveal on screen (each table's own kind), None between

    @property
    def acting(self) -> bool:
        """The seat on screen is to act (never while a reveal is up)."""
        return self.viewer is not None and self.viewer in self.view["status"]["acting"] and self.reveal is None

    def bots_wait(self) -> bool:
        return self.reveal is not None or super().bots_wait()    # the reveal is read first
