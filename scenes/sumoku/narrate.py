"""Sumoku events in words (the replay viewer's event list) and the score over the turns."""
from __future__ import annotations

from typing import Any, Sequence

from engine.sumoku.tiles import number
from scenes.common.names import player_name
from scenes.ui.i18n import t

TURN_EVENTS = ("placed", "passed", "exchanged")


def _values(tiles: Sequence[Sequence[int]]) -> str:
    ordered = sorted(tiles, key=lambda p: (p[1], p[2]))
    return "-".join(str(p[3]) for p in ordered)


def describe_event(ev: dict[str, Any], players: Sequence[dict] | None = None,
                   variant: str | None = None) -> str:
    """One event as a line of text in the current language (names from the log header's
    `players` when given, else "Player n"; `variant` "solitaire" words plays as placements).
    Every event type of every variant has its own sentence (tests/test_every_game.py)."""
    kind = ev.get("type")
    seat = ev.get("seat")
    name = player_name(players or [], seat) if isinstance(seat, int) else ""
    if kind == "dealt":
        return t("sumoku.ev.dealt", name=name, count=len(ev.get("tiles", [])))
    if kind == "key_rolled":
        if not name:                      # the races roll for the table
            return t("sumoku.ev.key_rolled_table", value=ev.get("key"))
        return t("sumoku.ev.key_rolled", name=name, value=ev.get("key"))
    if kind == "started":
        if ev.get("stage"):
            return t("sumoku.ev.stage_began", stage=ev.get("stage"))
        return t("sumoku.ev.started", name=player_name(players or [], int(ev.get("turn") or 0)))
    if kind == "placed":
        values = _values(ev.get("tiles", []))
        if variant == "solitaire":
            text = t("sumoku.ev.placed_solitaire", name=name, values=values)
        else:
            text = t("sumoku.ev.placed", name=name, values=values, score=ev.get("score", 0))
        if ev.get("extra"):
            text += " · " + t("sumoku.ev.extra")
        return text
    if kind == "drew":
        return t("sumoku.ev.drew", name=name, count=len(ev.get("tiles", [])))
    if kind == "passed":
        return t("sumoku.ev.declined" if ev.get("declined") else "sumoku.ev.passed", name=name)
    if kind == "exchanged":
        if "returned" not in ev:          # a race: draw two, one goes back next
            return t("sumoku.ev.exchanged_race", name=name, drawn=len(ev.get("drawn", [])))
        return t("sumoku.ev.exchanged", name=name, count=len(ev.get("returned", [])),
                 drawn=len(ev.get("drawn", [])))
    if kind == "stage_began":
        return t("sumoku.ev.stage_began", stage=ev.get("stage"))
    if kind == "ended":
        return t("sumoku.ev.ended", reason=t(f"sumoku.end.{ev.get('reason')}"))
    return _describe_race(kind, ev, name)


def _tile_value(ev: dict[str, Any]) -> str:
    if "value" in ev:
        return str(ev["value"])
    tile = ev.get("tile")
    return str(number(tile)) if isinstance(tile, int) else "?"


def _describe_race(kind: Any, ev: dict[str, Any], name: str) -> str:
    """The events of the real-time variants (speed, grab, team)."""
    rnd = ev.get("round")
    if kind == "pool_dealt":
        return t("sumoku.ev.pool_dealt", team=int(ev.get("team", 0)) + 1, count=len(ev.get("tiles", [])))
    if kind == "countdown":
        return t("sumoku.ev.countdown", round=rnd)
    if kind == "round_started":
        return t("sumoku.ev.round_started", round=rnd)
    if kind == "put":
        key = "sumoku.ev.put" if ev.get("from") is None else "sumoku.ev.moved"
        return t(key, name=name, value=_tile_value(ev))
    if kind == "lifted":
        return t("sumoku.ev.lifted", name=name, value=_tile_value(ev))
    if kind == "returned":
        return t("sumoku.ev.returned", name=name, value=_tile_value(ev))
    if kind == "collected":
        return t("sumoku.ev.collected")
    if kind == "called":
        return t("sumoku.ev.called_right" if ev.get("right") else "sumoku.ev.called_wrong", name=name)
    if kind == "round_won":
        return t("sumoku.ev.round_won", name=name, round=rnd)
    if kind == "round_void":
        return t("sumoku.ev.round_void", round=rnd)
    if kind == "centre_drawn":
        return t("sumoku.ev.centre_drawn", count=len(ev.get("tiles", [])))
    if kind == "claimed":
        values = "-".join(str(v) for v in ev.get("values") or [])
        return t("sumoku.ev.claimed_right" if ev.get("right") else "sumoku.ev.claimed_wrong",
                 name=name, values=values)
    if kind == "stuck_voted":
        return t("sumoku.ev.stuck_on" if ev.get("stuck") else "sumoku.ev.stuck_off", name=name)
    return t("sumoku.ev.other", type=str(kind))


LOGGED = ("placed", "passed", "exchanged", "ended")


def log_lines(events: Sequence[dict[str, Any]], players: Sequence[dict] | None = None,
              variant: str | None = None) -> list[str]:
    """The table's log: every turn (a play and its score, a pass, an exchange) and the end."""
    return [describe_event(ev, players, variant) for ev in events if ev.get("type") in LOGGED]


def score_series(events: Sequence[dict[str, Any]], seats: int) -> list[list[int]]:
    """Every seat's score after each turn (a play, a pass or an exchange), from 0; the
    last point is the final total (after the hand penalty) once the game has ended."""
    scores = [0] * seats
    series = [[0] for _ in range(seats)]
    for ev in events:
        kind = ev.get("type")
        if kind == "placed":
            scores[ev["seat"]] += int(ev.get("score", 0))
        if kind in TURN_EVENTS:
            for s in range(seats):
                series[s].append(scores[s])
        elif kind == "ended":
            final = ev.get("final") or scores
            for s in range(seats):
                series[s].append(int(final[s]) if s < len(final) else scores[s])
    return series
