"""A seat's name, as every screen shows it, and the words for who won."""
from __future__ import annotations

from typing import Any, Sequence

from scenes.ui.i18n import t


def player_name(players: Sequence[Any] | None, seat: int) -> str:
    """The seat's name from the session's players (dicts with "name"), else "Player n" in
    the language on screen (a seat without a name given stores "", never a default)."""
    name = None
    if players and 0 <= seat < len(players):
        p = players[seat]
        name = p.get("name") if isinstance(p, dict) else p
    return str(name) if name else t("ui.player_n", n=seat + 1)


def names_list(names: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C" (zh-TW: A、B和C)."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return t("ui.list_and", list=t("ui.list_sep").join(names[:-1]), last=names[-1])


def winners_text(players: Sequence[Any] | None, winners: Sequence[int]) -> str:
    """The one wording of a result everywhere (results, final table, replay): "Mei wins!"
    or "Mei, Tom and Ann share the win!"; "" without winners."""
    winners = [int(w) for w in winners]
    if not winners:
        return ""
    if len(winners) == 1:
        return t("ui.results.wins", name=player_name(players, winners[0]))
    return t("ui.results.tie", names=names_list([player_name(players, w) for w in winners]))
