"""A hint a phone may ask the TV for: the move the TV's own Hint button would suggest
(Sumoku: the normal bot's play, engine/sumoku/bot.py `hint`; Paperback: the first of the
words it lists, and all of them, net/phones/preview.py `paperback_hint`), made from that seat's own
view only, as everything a phone is sent. Games without a hint have none here."""
from __future__ import annotations

from importlib import import_module
from typing import Any, Callable

# game -> "module:function(view, seat)" giving a command (or None: nothing to suggest)
# (Paperback's gives (command, the frame's other fields): every word of its hint as `words`)
HINTS = {"sumoku": "engine.sumoku.bot:hint", "paperback": "net.phones.preview:paperback_hint"}


def hint_for(game: str) -> Callable[[dict[str, Any], int], Any] | None:
    where = HINTS.get(game)
    if where is None:
        return None
    module, _, name = where.partition(":")
    return getattr(import_module(module), name)


def hint_frame(game: str, view: dict[str, Any], seat: int, seq: int) -> dict[str, Any]:
    """The hint frame for the seat whose view this is, for the log's first `seq` events:
    `cmd` is the suggested command without its seat, or None when there is none."""
    fn = hint_for(game)
    cmd = fn(view, seat) if fn is not None else None
    more: dict[str, Any] = {}
    if isinstance(cmd, tuple):
        cmd, more = cmd
    if isinstance(cmd, dict):
        cmd = {k: v for k, v in cmd.items() if k != "seat"}
    return {"k": "hint", "seq": seq, "cmd": cmd if isinstance(cmd, dict) else None, **more}
