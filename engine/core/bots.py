"""The bot protocol, `RandomBot` (the "random" level of every turn game), `LevelledBot`
(the turn bots' shared constructor) and `play_out`, the harness for bot-versus-bot games."""
from __future__ import annotations

import hashlib
from typing import Any, Callable, Iterable, Mapping, Protocol

import msgpack

from engine.core.events import Command
from engine.core.lazy import resolve
from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.core.rules import Rules

RANDOM = "random"       # the level every turn game offers: RandomBot over its legal commands
Legal = Callable[[dict, int], Iterable[Command]]


class Bot(Protocol):
    """A bot sees only its seat's view and answers with a command."""
    def choose(self, view: dict, seat: int) -> Command: ...


def _plain(x: Any) -> Any:
    """A view in one canonical shape for hashing (floats kept, unlike state hashes)."""
    if isinstance(x, dict):
        return [[str(k), _plain(x[k])] for k in sorted(x, key=str)]
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted((_plain(v) for v in x), key=repr)
    if x is None or isinstance(x, (bool, int, float, str, bytes)):
        return x
    return repr(x)


def view_rng(seed: int, view: Mapping[str, Any], seat: int) -> Rng:
    """A bot's generator for one decision, derived from its seed, its seat and all it
    sees: the same seed and view give the same choice, and the bot keeps no memory."""
    digest = hashlib.blake2b(msgpack.packb([seat, _plain(view)], use_bin_type=True), digest_size=8).digest()
    return Rng.derive(int(seed), int.from_bytes(digest, "big") >> 1)


class RandomBot:
    """The "random" level of every turn game: one of the seat's legal commands (the
    rules' `legal_commands(view, seat)`), drawn uniformly by `view_rng`. The arenas'
    baselines and the conformance suite play it."""
    level = RANDOM

    def __init__(self, legal: Legal, seed: int = 0) -> None:
        self.legal = legal
        self.seed = int(seed)

    def choose(self, view: dict, seat: int) -> Command:
        options = list(self.legal(view, seat))
        if not options:
            raise ValueError(f"seat {seat} has no legal command (is it to act?)")
        return view_rng(self.seed, view, seat).choice(options)


class LevelledBot:
    """The base of the turn games' bots: `Bot(level, seed)` with the level checked
    against the class's LEVELS. A game that names STYLES (level -> its habits) gets the
    level's as `self.style`; a level without one ("random") gets the easy style, and a
    game without styles gets None. A game whose LEVELS has "random" names its legal
    commands in LEGAL ("module:function", imported when first used): that level's
    `choose` is the core RandomBot's over them."""
    LEVELS: tuple[str, ...] = ()
    STYLES: Mapping[str, Any] = {}
    LEGAL: str = ""             # "module:function(view, seat)": the rules' legal commands

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in self.LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(self.LEVELS)}")
        self.level = level
        self.seed = int(seed)
        self.style = self.STYLES.get(level, self.STYLES.get("easy"))
        if level == RANDOM:     # the instance's choose stands for the class's
            self.choose = RandomBot(resolve(self.LEGAL), self.seed).choose


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
