"""Sumoku events in words (the replay viewer's event list) and the score over the turns."""
from __future__ import annotations

from typing import Any, Sequence

from scenes.sumoku.appglue import player_name
from scenes.ui.i18n import t

TURN_EVENTS = ("placed", "passed", "exchanged")


def _values(tiles: Sequence[Sequence[int]]) -> str:
    ordered = sorted(tiles, key=lambda p: (p[1], p[2]))
    return "-".join(str(p[3]) for p in ordered)


def describe_event(ev: dict[str, Any], players: Sequence[dict] | None = None,
                   variant: str | None = None) -> str:
    """One event as a line of text in the current language (names from the log header's
    `players` when given, else "Player n"; `variant` "solitaire" words plays as placements)."""
    kind = ev.get("type")
    seat = ev.get("seat")
    name = player_name(players or [], seat) if isinstance(seat, int) else ""
    if kind == "dealt":
        return t("sumoku.ev.dealt", name=name, count=len(ev.get("tiles", [])))
    if kind == "key_rolled":
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
        return t("sumoku.ev.exchanged", name=name, count=len(ev.get("returned", [])),
                 drawn=len(ev.get("drawn", [])))
    if kind == "stage_began":
        return t("sumoku.ev.stage_began", stage=ev.get("stage"))
    if kind == "ended":
        return t("sumoku.ev.ended", reason=t(f"sumoku.end.{ev.get('reason')}"))
    return t("sumoku.ev.other", type=str(kind))


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
