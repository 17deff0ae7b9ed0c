"""The phone protocol's JSON text frames (docs/phone-protocol.md).

Inbound (phone -> host) frames are checked here and nowhere else: `parse(text, limits)`
returns the message as plain data or raises WireError with the catalog key a phone shows.
Outbound frames are built by the functions below; game frames only by `view_frame` and
`events_frame`, from what `view(state, seat)` and `event_view(event, seat)` give.
"""
from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from net.phones.limits import PhoneLimits
from net.protocol import CODE_ALPHABET

# draft: a command not sent yet (the TV shows it); hint: the TV's Hint asked for; preview: a
# word laid, for its ¢ and the dry run (Paperback)
KINDS = frozenset({"hello", "join", "resume", "cmd", "draft", "hint", "preview"})
_CODE_RE = re.compile(rf"[{CODE_ALPHABET}]{{4}}")
_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")
_TYPE_RE = re.compile(r"[a-z_]{1,32}")
_ID_RE = re.compile(r"[A-Za-z0-9_.]{1,24}")     # a card id in a preview
_LAID_RE = re.compile(r"[a-z]{1,4}")            # what a card is laid as
# fields of a command the host sets itself: whatever a phone puts there is dropped
STAMPED = ("seat", "t")


class WireError(ValueError):
    """An unusable inbound frame: `code` is the catalog key the phone shows."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


def _no_constant(name: str) -> Any:
    raise WireError("phone.err.bad_message", f"{name} is not plain data")


def _plain(x: Any, depth: int, limits: PhoneLimits) -> Any:
    if depth > limits.max_depth:
        raise WireError("phone.err.bad_message", "nested too deeply")
    if x is None or isinstance(x, (bool, int, str)):
        return x
    if isinstance(x, float):
        raise WireError("phone.err.bad_message", "numbers are whole numbers")
    if isinstance(x, list):
        return [_plain(y, depth + 1, limits) for y in x]
    if isinstance(x, dict):
        return {str(k): _plain(v, depth + 1, limits) for k, v in x.items()}
    raise WireError("phone.err.bad_message", type(x).__name__)


def clean_name(raw: Any, limits: PhoneLimits) -> str:
    """A player's name: trimmed, control characters dropped, at most `max_name` characters."""
    if not isinstance(raw, str):
        raise WireError("phone.err.name")
    name = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C").strip()
    if not name or len(name) > limits.max_name:
        raise WireError("phone.err.name")
    return name


def parse(text: Any, limits: PhoneLimits) -> dict[str, Any]:
    """The validated message in one inbound frame (see the module docstring)."""
    if not isinstance(text, str):
        raise WireError("phone.err.bad_message", "binary frame")
    if len(text.encode("utf-8")) > limits.max_frame:
        raise WireError("phone.err.too_big")
    try:
        raw = json.loads(text, parse_constant=_no_constant)
    except ValueError as e:
        if isinstance(e, WireError):
            raise
        raise WireError("phone.err.bad_message", "not JSON") from None
    if not isinstance(raw, dict) or raw.get("k") not in KINDS:
        raise WireError("phone.err.bad_message", "no known k")
    k = raw["k"]
    if k == "hello":
        code = raw.get("code")
        if not isinstance(code, str) or not _CODE_RE.fullmatch(code.upper()):
            raise WireError("phone.err.code")
        return {"k": k, "code": code.upper()}
    if k == "join":
        seat = raw.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 64:
            raise WireError("phone.err.seat")
        return {"k": k, "seat": seat, "name": clean_name(raw.get("name"), limits)}
    if k == "resume":
        token = raw.get("token")
        if not isinstance(token, str) or not _TOKEN_RE.fullmatch(token):
            raise WireError("phone.err.token")
        return {"k": k, "token": token}
    if k == "hint":
        return {"k": k}
    if k == "preview":
        return _preview(raw, limits)
    cmd = raw.get("cmd")
    if not isinstance(cmd, dict) or not isinstance(cmd.get("type"), str) or not _TYPE_RE.fullmatch(cmd["type"]):
        raise WireError("phone.err.bad_message", "cmd needs a type")
    clean = _plain(cmd, 1, limits)
    for key in STAMPED:
        clean.pop(key, None)
    return {"k": k, "cmd": clean}


def _preview(raw: dict[str, Any], limits: PhoneLimits) -> dict[str, Any]:
    """A word laid on the phone: card ids in order (at most `max_preview_cards`) and
    {card id: the letters it is laid as} for the cards of the word."""
    cards, letters = raw.get("cards"), raw.get("letters", {})
    if (not isinstance(cards, list) or len(cards) > limits.max_preview_cards
            or not all(isinstance(c, str) and _ID_RE.fullmatch(c) for c in cards)):
        raise WireError("phone.err.bad_message", "preview needs cards")
    if (not isinstance(letters, dict) or len(letters) > limits.max_preview_cards
            or not all(k in cards and isinstance(v, str) and _LAID_RE.fullmatch(v) for k, v in letters.items())):
        raise WireError("phone.err.bad_message", "preview letters")
    return {"k": "preview", "cards": list(cards), "letters": dict(letters)}


def dumps(msg: dict[str, Any]) -> str:
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


# ---- outbound ----------------------------------------------------------------------------
def view_frame(view: dict[str, Any]) -> dict[str, Any]:
    """The whole current view of the phone's seat (on every join, resume and redraw)."""
    return {"k": "view", "view": view}


def events_frame(events: list[dict[str, Any]], view: dict[str, Any]) -> dict[str, Any]:
    """One command's events as the seat may see them, and the view after them."""
    return {"k": "events", "events": events, "view": view}


def paused(on: bool) -> dict[str, Any]:
    """A status notice, not a game event: the TV's game is stopped (its pause menu is up)
    or goes on again. The phone keeps its view and shows the pause over it."""
    return {"k": "paused", "on": bool(on)}


def refused(code: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """A command or request turned down; the connection stays open."""
    return {"k": "refused", "code": code, "params": dict(params or {})}


def error(code: str) -> dict[str, Any]:
    """The last frame before the host closes the connection."""
    return {"k": "error", "code": code}
