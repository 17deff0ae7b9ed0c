"""Getting into a room without ever blocking a frame: `Connector` opens a `net.session.Lobby`
(its relay link runs on a background thread), says hello, then hosts, joins or resumes;
the scene calls `poll()` once a frame and reads `stage` ("connecting", "entering", "ok",
"failed") and, on failure, `error` (a catalog key with its params, never a traceback).

Also the checks a player's typing gets before anything is sent, and the text of any
relay error or refusal in the current language."""
from __future__ import annotations

import concurrent.futures
import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from net.client import RelayError, parse_address
from net.protocol import CODE_ALPHABET
from net.session import Lobby
from scenes.ui.i18n import t
from scenes.ui.worker import run_async

log = logging.getLogger(__name__)

NAME_MAX = 32


@dataclass(frozen=True)
class Problem:
    """A catalog key and its params: what went wrong, for either language."""
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        return t(self.key, **self.params)


def clean_code(text: str) -> str | None:
    """A room code as typed ("kxqm ", "Kx-QM") upper-cased, or None when it cannot be one."""
    code = "".join(c for c in text.upper() if not c.isspace() and c != "-")
    if 4 <= len(code) <= 6 and all(c in CODE_ALPHABET for c in code):
        return code
    return None


def clean_name(text: str) -> str | None:
    """A player name as the relay takes it (1-32 printable characters, no outer spaces)."""
    name = " ".join(text.split())[:NAME_MAX].strip()
    return name if name and all(c.isprintable() for c in name) else None


def error_problem(code: str, relay: str = "") -> Problem:
    """The Problem for a relay error code (`net.err.<code>`), with a fallback for codes
    this build does not know."""
    key = f"net.err.{code}"
    if t(key) == key:
        return Problem("net.err.unknown", {"code": code})
    return Problem(key, {"relay": relay})


def exception_problem(exc: BaseException, relay: str) -> Problem:
    """What a failed connect/create/join/resume means to the player."""
    if isinstance(exc, RelayError):
        return error_problem(exc.code, relay)
    if isinstance(exc, TimeoutError):          # asyncio and futures timeouts are this too
        return Problem("net.err.timeout", {"relay": relay})
    if isinstance(exc, (OSError, EOFError)):
        return Problem("net.err.unreachable", {"relay": relay})
    log.warning("online: unexpected %s: %s", type(exc).__name__, exc)
    return Problem("net.err.unknown", {"code": type(exc).__name__})


def refusal_text(reason_key: str) -> str:
    """`net.refused.<reason>` in the current language (the key itself names the reason
    when this build has no text for it)."""
    text = t(reason_key)
    return text if text != reason_key else t("net.err.unknown", code=reason_key.rsplit(".", 1)[-1])


Enter = Callable[[Lobby], "concurrent.futures.Future[dict[str, Any]]"]


class Connector:
    """Connect to `relay` ("HOST:PORT") as `name`, then `enter(lobby)` (host, join or
    resume). Raises ValueError at once for a malformed address."""

    def __init__(self, relay: str, name: str, enter: Enter, *, game: str = "sumoku") -> None:
        self.relay = relay.strip()
        host, port = parse_address(self.relay)
        self.lobby = Lobby(host, port, name=name, game=game)
        self._enter = enter
        self._future: concurrent.futures.Future[Any] | None = self.lobby.connect()
        self.stage = "connecting"
        self.error: Problem | None = None
        self.room: dict[str, Any] | None = None

    @classmethod
    def host(cls, relay: str, name: str, variant: str, seats: int, options: Mapping[str, Any],
             allow_bots: bool) -> "Connector":
        return cls(relay, name, lambda lb: lb.host(variant, seats, dict(options), allow_bots))

    @classmethod
    def join(cls, relay: str, name: str, code: str) -> "Connector":
        return cls(relay, name, lambda lb: lb.join(code))

    @classmethod
    def resume(cls, relay: str, name: str, token: str) -> "Connector":
        return cls(relay, name, lambda lb: lb.resume(token))

    @property
    def busy(self) -> bool:
        return self.stage in ("connecting", "entering")

    def poll(self) -> str:
        """Move on when the pending step has finished; returns the stage."""
        fut = self._future
        if fut is None or not fut.done():
            return self.stage
        self._future = None
        try:
            result = fut.result()
        except BaseException as exc:     # every failure becomes a message, never a traceback
            self.fail(exception_problem(exc, self.relay))
            return self.stage
        if self.stage == "connecting":
            self.stage = "entering"
            self._future = self._enter(self.lobby)
        else:
            self.room = result
            self.stage = "ok"
        return self.stage

    def fail(self, problem: Problem) -> None:
        self.stage, self.error = "failed", problem
        self.close()

    def close(self, leave: bool = False) -> None:
        """Drop the link (off the frame loop: closing waits for the link's thread)."""
        self._future = None
        run_async(self.lobby.close, leave)
