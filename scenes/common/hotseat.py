"""The hot-seat policy: which seat the screen shows, and when the hand-off curtain rises.

- One person at the table: the screen is always theirs.
- Several people: the person who must act. Whoever has the screen keeps it while they
  still act; otherwise the first person (in seat order) who must act takes it, so secret
  simultaneous choices (votes, guesses) are taken one person at a time. When nobody at
  the screen has to act (bots are playing), it stays with whoever has it.
- The game over: the table's view (None) when `table_at_end`.
- A pinned person keeps the screen, or is called to it, whoever must act: someone who
  must read a secret result before the curtain (a Wooolf!! peek) or who asked for the
  screen to do something off turn. The table unpins when they press Done.

When the person at the screen must change (mid-turn too) and the game hides information,
nothing of the last person stays up: the shown seat becomes None (the table's view), the
curtain rises (`app.handoff`), the session clock stops, and the next person is shown only
once they lift it. Each seat keeps its own private UI state (`mine`, made by
`make_private`), so nothing one person typed or picked is ever shown to another.

Mid-game a seat may move between the screen and a phone (`reseat`): whoever left the
screen loses it, their pin and their private state, and the next person shown comes
behind the curtain even when they are now alone at the screen."""
from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

P = TypeVar("P")


class HotSeat(Generic[P]):
    def __init__(self, session: Any, humans: list[int], *, hidden: bool,
                 make_private: Callable[[], P], table_at_end: bool = True) -> None:
        self.session = session
        self.humans = list(humans)
        self.hidden = hidden
        self.make_private = make_private
        self.table_at_end = table_at_end
        self.viewer: int | None = None          # whose view is on screen (None: the table's)
        self.curtain_for: int | None = None     # the person the curtain is up for
        self.pinned: int | None = None          # the person who keeps the screen until done
        self._private: dict[int, P] = {}
        self._nobody = make_private()
        self.reseated = False                   # the next person shown comes behind the curtain

    # ---- private UI state ---------------------------------------------------------------
    def private(self, seat: int) -> P:
        if seat not in self._private:
            self._private[seat] = self.make_private()
        return self._private[seat]

    @property
    def mine(self) -> P:
        """The shown seat's private UI state (a blank one, thrown away, for the table)."""
        if self.viewer is None:
            self._nobody = self.make_private()
            return self._nobody
        return self.private(self.viewer)

    def forget(self, seat: int) -> None:
        """Start `seat`'s private UI state afresh (its play was taken back)."""
        self._private.pop(seat, None)

    # ---- who is at the screen ------------------------------------------------------------
    def reseat(self, humans: list[int]) -> bool:
        """The people at the screen are now `humans` (a seat moved to or from a phone).
        True when the curtain was up for a seat that left the screen (it is down now)."""
        gone = [s for s in self.humans if s not in humans]
        self.humans = list(humans)
        for s in gone:
            self.forget(s)
        if self.pinned in gone:
            self.pinned = None
        if self.viewer in gone:
            self.viewer = None
        self.reseated = True
        stale = self.curtain_for in gone
        if stale:
            self.curtain_for = None
        return stale

    def pin(self, seat: int) -> None:
        """`seat` keeps the screen (or is called to it) until `unpin`."""
        self.pinned = seat

    def unpin(self) -> None:
        self.pinned = None

    @property
    def curtain_up(self) -> bool:
        return self.curtain_for is not None

    def wanted(self) -> int | None:
        """The seat the screen should show now."""
        if not self.humans:
            return None
        if self.session.outcome() is not None:
            return None if self.table_at_end else (self.viewer if self.viewer is not None else self.humans[0])
        if self.pinned is not None:
            return self.pinned
        if len(self.humans) == 1:
            return self.humans[0]
        acting = [s for s in sorted(self.session.to_act()) if s in self.humans]
        if self.viewer in acting:
            return self.viewer
        if acting:
            return acting[0]
        return self.viewer

    def sync(self, show: Callable[[int | None], None], handoff: Callable[[int, Callable[[], None]], bool],
             may_curtain: bool = True) -> None:
        """Bring the screen to the wanted seat: `show(seat)` at once, or, when the person
        changes at a table that hides things, `show(None)` and `handoff(seat, lift)`
        (which raises the curtain and calls `lift` once the person is there; False when
        there is no curtain to raise, and the seat is shown at once). With `may_curtain`
        False a change that needs the curtain waits for a later call."""
        want = self.wanted()
        if want == self.viewer or (want is not None and want == self.curtain_for):
            return
        if want is not None and self.hidden and (len(self.humans) > 1 or self.reseated):
            if not may_curtain:
                return
            self.reseated = False
            self.viewer = None
            show(None)
            self.curtain_for = want
            self.session.pause_clock()          # the game clock waits for the next person
            if handoff(want, lambda w=want: self._lifted(w, show)):
                return
            self._lifted(want, show)
            return
        self.reseated = False
        self.viewer = want
        show(want)

    def _lifted(self, seat: int, show: Callable[[int | None], None]) -> None:
        if self.curtain_for != seat:
            return                               # a curtain for a seat no longer wanted
        self.curtain_for = None
        self.session.resume_clock()
        self.viewer = seat
        show(seat)
