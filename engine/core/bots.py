"""The bot protocol, `LevelledBot` (the turn bots' shared constructor) and `play_out`,
the harness for bot-versus-bot games."""
from __future__ import annotations

from typing import Any, Mapping, Protocol

from engine.core.events import Command
from engine.core.session import LocalSession
from engine.core.rules import Rules


class Bot(Protocol):
    """A bot sees only its seat's view and answers with a command."""
    def choose(self, view: dict, seat: int) -> Command: ...


class LevelledBot:
    """The base of the turn games' bots: `Bot(level, seed)` with the level checked
    against the class's LEVELS. A game that names STYLES (level -> its habits) gets the
    level's as `self.style`; a level without one ("random") gets the easy style, and a
    game without styles gets None."""
    LEVELS: tuple[str, ...] = ()
    STYLES: Mapping[str, Any] = {}

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in self.LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(self.LEVELS)}")
        self.level = level
        self.seed = int(seed)
        self.style = self.STYLES.get(level, self.STYLES.get("easy"))


def play_out(rules: Rules, seats: int, bots: Mapping[int, Bot] | list[Bot], *,
             options: Mapping[str, Any] | None = None, seed: int = 0,
             max_commands: int = 100_000, **session_kw: Any) -> LocalSession:
    """Play a whole game with bots in every seat and return the finished session.
    Among several seats that may act, the lowest acts first (deterministic)."""
    if isinstance(bots, list):
        bots = dict(enumerate(bots))
    players = [{"name": f"Bot {s + 1}", "kind": "bot", "level": getattr(bots[s], "level", "normal")}
               for s in range(seats)]
    session_kw.setdefault("log", False)
    return play_on(LocalSession(rules, seats, options, seed, players, **session_kw), bots,
                   max_commands=max_commands)


def play_on(session: LocalSession, bots: Mapping[int, Bot], *,
            max_commands: int = 100_000) -> LocalSession:
    """Go on playing `session` (new or resumed) with `bots` until its outcome."""
    for _ in range(max_commands):
        if session.outcome() is not None:
            return session
        actors = sorted(session.to_act())
        if not actors:
            raise RuntimeError("no seat may act but the game is not over")
        seat = actors[0]
        session.submit(bots[seat].choose(session.view(seat), seat))
    raise RuntimeError(f"game did not end within {max_commands} commands")
