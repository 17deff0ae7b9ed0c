"""Hooky events in words (the replay list and the table's log panel) and the score
over the game (the results chart). Nothing secret is ever worded: each event passes
through the rules' event_view (`engine.hooky.views.redact_event`) for the seat that
reads it (None = the table), unless it comes from `session.events_for(seat)` already
(`redacted=True`)."""
from __future__ import annotations

from typing import Any, Sequence

from engine.hooky.views import redact_event
from scenes.common.names import winners_text
from scenes.hooky.widgets import seat_name
from scenes.ui.i18n import t


def _letters(letters: Sequence[str]) -> str:
    return " ".join(c.upper() for c in letters)


def log_line(ev: dict[str, Any], players: Sequence[dict] | None, seat: int | None,
             redacted: bool = False) -> str:
    """One event as `seat` may read it (None: the table), in the current language; ""
    for an event that seat may not see."""
    e = ev if redacted else redact_event(ev, seat)
    kind = e.get("type")
    who = e.get("seat")
    name = seat_name(players, who) if isinstance(who, int) else ""
    target = seat_name(players, e["target"]) if isinstance(e.get("target"), int) else ""
    word = str(e.get("word", "")).upper()
    if kind == "dealt":
        return t("hooky.log.dealt", player=seat_name(players, int(e.get("start", 0))))
    if kind == "clue_given":
        return t("hooky.log.clue_given", player=name, word=word, answer=e.get("answer"))
    if kind == "word_proposed":
        return t("hooky.log.word_proposed", player=name, word=word)
    if kind == "word_voted":
        return t("hooky.log.word_voted_yes" if e.get("accept") else "hooky.log.word_voted_no", player=name, word=word)
    if kind == "word_accepted":
        return t("hooky.log.word_accepted", word=word)
    if kind == "word_refused":
        return t("hooky.log.word_refused", word=word)
    if kind == "card_revealed":
        return t("hooky.log.card_revealed", player=name, letter=str(e.get("letter", "")).upper(), target=target)
    if kind == "card_peeked":
        if "letter" in e and seat is not None and who == seat:
            return t("hooky.log.card_peeked_mine", letter=str(e["letter"]).upper(), target=target)
        return t("hooky.log.card_peeked", player=name, target=target)
    if kind == "asked":
        return t("hooky.log.asked", player=name, target=target, word=word, answer=e.get("answer"))
    if kind == "round_ended":
        if e.get("flip"):
            return t("hooky.log.round_ended_flip", round=e.get("round"), letter=str(e["flip"]).upper())
        return t("hooky.log.round_ended", round=e.get("round"))
    if kind == "hooky_guessed":
        if "letters" in e and seat is not None and who == seat:
            return t("hooky.log.hooky_guessed_mine", letters=_letters(e["letters"]))
        return t("hooky.log.hooky_guessed", player=name)
    if kind == "hands_named":
        if "hands" in e and seat is not None and who == seat:
            return t("hooky.log.hands_named_mine")
        return t("hooky.log.hands_named", player=name)
    if kind == "game_ended":
        return t("hooky.ev.game_ended", result=winners_text(players, e.get("winners") or []))
    return ""


def describe_event(ev: dict[str, Any], players: Sequence[dict] | None = None,
                   variant: str | None = None) -> str:
    """One line for the replay list, as the table sees it (never a secret)."""
    return log_line(ev, players, None)


def score_series(events: Sequence[dict[str, Any]], seats: int) -> list[list[int]]:
    """Each seat's score: 0 at the start, then after the hooky guesses of rounds 4, 5 and
    6, then the final total with the named hands. Scores are known only once the game
    ends (the hooky letters are secret until then), so an unfinished game stays at 0."""
    end = next((ev for ev in events if ev.get("type") == "game_ended"), None)
    if end is None:
        return [[0] for _ in range(seats)]
    series: list[list[int]] = []
    for s in range(seats):
        b = (end.get("breakdown") or [{}] * seats)[s]
        hooky = b.get("hooky") or {}
        total, points = 0, [0]
        for r in (4, 5, 6):
            total += int(hooky.get(str(r), hooky.get(r, 0)) or 0)
            points.append(total)
        points.append(int((end.get("scores") or [0] * seats)[s]))
        series.append(points)
    return series


def score_axis(events: Sequence[dict[str, Any]], seats: int) -> list[str]:
    """The label of each point of `score_series` under the results chart: the start,
    the guesses of rounds 4, 5 and 6, then the named hands (an unfinished game: the start)."""
    if not any(ev.get("type") == "game_ended" for ev in events):
        return [t("hooky.results.start")]
    return [t("hooky.results.start"), *(t("hooky.results.round", n=r) for r in (4, 5, 6)), t("hooky.results.hands")]
