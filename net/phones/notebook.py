"""Wooolf!!'s notebook on a phone: the suspicion assistant (engine/wooolf/suspicion.py) at
the level the table chose ("certain": the roles that are certain; "prob": every role's
chance for every holder, and of nobody holding it; "notes" and "off": nothing beyond the
view). Each notebook frame is computed from that seat's own view only, off the main loop
on one worker thread; a result for a view that is no longer the seat's latest is dropped.
A view with no numbers gets a frame without them, so that the phone, which keeps the last
numbers on screen until the next come, drops them.
"""
from __future__ import annotations

import threading
from typing import Any, Callable

LEVELS = ("certain", "prob")        # the table levels that put numbers on a phone


def no_numbers(level: str, seq: int) -> dict[str, Any]:
    """The notebook frame for a view with no numbers (nothing dealt yet, or nothing the
    assistant can work out): the phone drops the ones it shows for an earlier view."""
    return {"k": "notebook", "seq": seq, "level": level}


def notebook_frame(view: dict[str, Any], level: str, seq: int) -> dict[str, Any] | None:
    """The notebook frame of the seat whose view this is, at `level`, for the log's first
    `seq` events: its numbers, or none for this view (`no_numbers`); None when the level
    shows no numbers (the table sends no notebook at all)."""
    if level not in LEVELS:
        return None
    if view.get("game") == "hooky":          # the worksheet's assistant (net/phones/hookynotes.py)
        from net.phones.hookynotes import hooky_notebook
        frame = hooky_notebook(view, level, seq)
    else:
        frame = wooolf_notebook(view, level, seq)
    return frame or no_numbers(level, seq)


def wooolf_notebook(view: dict[str, Any], level: str, seq: int) -> dict[str, Any] | None:
    """Wooolf!!'s numbers for this view (None: nothing dealt yet, or no deal fits it)."""
    from engine.wooolf.suspicion import suspect_view
    if view.get("knowledge") is None:
        return None
    su = suspect_view(view)
    if not su.consistent:
        return None
    holders: list[dict[str, int] | None] = []
    for h in range(int(view["holders"])):
        if h == view["seat"]:
            holders.append(None)                    # its own identity is on its cards
        elif level == "prob":
            holders.append({r: round(float(p) * 100) for r, p in su.role_probs(h).items() if p})
        else:
            sure = su.certain(h)
            holders.append({sure: 100} if sure else {})
    absent = ({r: round(float(su.p_absent(r)) * 100) for r in su.absent if su.p_absent(r)}
              if level == "prob" else {})
    return {"k": "notebook", "seq": seq, "level": level, "holders": holders, "absent": absent}


class Notebooks:
    """One worker thread making notebook frames; `send(seat, frame)` is thread-safe."""

    def __init__(self, level: str, send: Callable[[int, dict[str, Any]], None]) -> None:
        self.level, self.send = level, send
        self._cond = threading.Condition()
        self._pending: dict[int, tuple[int, dict[str, Any]]] = {}
        self._latest: dict[int, int] = {}
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="phone-notebooks", daemon=True)
        self._thread.start()

    def want(self, seat: int, seq: int, view: dict[str, Any]) -> None:
        with self._cond:
            self._pending[seat] = (seq, view)
            self._latest[seat] = seq
            self._cond.notify()

    def idle(self) -> bool:
        """Nothing waiting (tests)."""
        with self._cond:
            return not self._pending and not getattr(self, "_busy", False)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                seat = min(self._pending)
                seq, view = self._pending.pop(seat)
                self._busy = True
            try:
                frame = notebook_frame(view, self.level, seq)
            except Exception:           # the assistant must never take the table down
                frame = no_numbers(self.level, seq)
            with self._cond:
                self._busy = False
                if frame is not None and self._latest.get(seat) == seq and not self._closed:
                    self.send(seat, frame)
