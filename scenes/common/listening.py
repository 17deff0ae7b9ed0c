"""A table scene hears its session's events only while it is on the stack."""
from __future__ import annotations

from typing import Any


class SessionListening:
    """Mixin for a scene with `session` and `_on_events(session, events)`: `listen()` (on
    enter) adds `_on_events` to the session's listeners once, `stop_listening()` (on
    leave) takes it off again."""

    session: Any
    _listening: bool = False

    def _on_events(self, session: Any, events: list[dict]) -> None:
        raise NotImplementedError

    def listen(self) -> None:
        if not self._listening:
            self.session.listeners.append(self._on_events)
            self._listening = True

    def stop_listening(self) -> None:
        if self._listening:
            try:
                self.session.listeners.remove(self._on_events)
            except ValueError:
                pass
            self._listening = False
