"""Redraw on demand for pygame_gui screens (scenes/stack.py explains the loop).

`RedrawOnDemand` goes first in the bases of a GuiScene that changes only on input (menu,
settings, set-up, results, how-to, the replay list): the stack then draws it after each
event and when it asks, not sixty times a second. While a text entry has the focus it
wakes for the cursor's blink."""
from __future__ import annotations

# pygame_gui blinks a text cursor every 0.4 s (UITextEntryLine.blink_cursor_time)
BLINK_S = 0.4


class RedrawOnDemand:
    def animating(self) -> bool:
        return False

    def wake_after(self) -> float | None:
        return BLINK_S if self._typing() else None  # type: ignore[attr-defined]

    def rebuild(self) -> None:
        super().rebuild()  # type: ignore[misc]
        self.request_redraw()  # type: ignore[attr-defined]   # new widgets, new labels: show them
