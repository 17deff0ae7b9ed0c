"""The couch lobby, before the first countdown: who plays with which device, who is
ready, and pads that join (a hot-plugged pad, or a pad or keyboard layout not yet in
use, takes the next bot seat, or a new seat while the variant allows more).

Nothing has been played yet, so a change of players starts the session afresh (same
seed and options, the new players in the log header; the empty log is removed)."""
from __future__ import annotations

from typing import Any

from engine.core.session import LocalSession
from scenes.sumoku.race.controls import LocalPlayer

MAX_LOCAL = 4


def untouched(session: Any) -> bool:
    """Only the set-up events are in the log (no command yet)."""
    return all(ev.get("cmd", 0) == 0 for ev in session.events)


def team_list(options: dict, seats: int) -> list[int] | None:
    teams = options.get("teams")
    if not isinstance(teams, list):
        return None
    count = max(teams) + 1 if teams else 2
    out = list(teams[:seats])
    while len(out) < seats:
        out.append(len(out) % count)
    if set(out) != set(range(max(out) + 1)):
        return None
    return out


def restart(session: Any, players: list[dict], seats: int) -> Any:
    """A new LocalSession like `session` with these players (nothing had been played)."""
    options = dict(session.options)
    if "teams" in options:
        teams = team_list(options, seats)
        if teams is None:
            options.pop("teams")
        else:
            options["teams"] = teams
    old_path = session.log_path
    kw: dict[str, Any] = {"log": session.writer is not None}
    if old_path is not None:
        kw["log_dir"] = old_path.parent
    clock = getattr(session, "_clock", None)
    if clock is not None:
        kw["clock"] = clock
    fresh = LocalSession(session.rules, seats, options, session.seed, players, **kw)
    session.close()
    if old_path is not None and old_path != fresh.log_path:
        try:
            old_path.unlink()
        except OSError:
            pass
    return fresh


def free_seat(session: Any, taken: set[int]) -> int | None:
    """The first bot seat that no local player holds."""
    for s, p in enumerate(session.players):
        if s not in taken and p.get("kind") == "bot":
            return s
    return None


def can_grow(session: Any) -> bool:
    variant = str(session.options.get("variant"))
    seats_for = getattr(session.rules, "seats_for", None)
    ok = seats_for(variant) if seats_for else session.rules.seats
    return session.seats + 1 in ok


def join(session: Any, locals_: list[LocalPlayer], device: str, name: str) -> tuple[Any, LocalPlayer] | None:
    """Seat a new local player with `device`: a bot seat becomes theirs, or the table
    grows by one. Returns (session, player) (the session may be a new one), or None."""
    if len(locals_) >= MAX_LOCAL or not untouched(session):
        return None
    taken = {p.seat for p in locals_}
    seat = free_seat(session, taken)
    players = [dict(p) for p in session.players]
    seats = session.seats
    if seat is None:
        if not can_grow(session):
            return None
        seat = seats
        seats += 1
        players.append({})
    players[seat] = {"name": name, "kind": "human", "level": players[seat].get("level", "normal")}
    fresh = restart(session, players, seats)
    return fresh, LocalPlayer(seat, [device])


def leave(session: Any, locals_: list[LocalPlayer], player: LocalPlayer, level: str = "normal") -> Any:
    """A local player leaves the lobby (their pad was unplugged): a bot takes the seat."""
    if not untouched(session):
        return session
    players = [dict(p) for p in session.players]
    players[player.seat] = dict(players[player.seat], kind="bot", level=level)
    locals_.remove(player)
    return restart(session, players, session.seats)
