"""Word Porters in words: every event as one sentence (the table's log, the bots'
announcements, the replay list) and the score over the rounds (the results chart).

Lines come from events as the reader may see them (`session.events_for(seat)`, through
the rules' event_view): the deal carries `number` only for the reader's own seat, and
another seat's vote carries no numbers, so a secret is worded only for its own seat.
Words and hint words are worded in the table's word language (`mode`)."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from engine.wordporters.content import content
from scenes.common.names import names_list, player_name, winners_text
from scenes.ui.i18n import sentences, t
from scenes.ui.text import width
from scenes.wordporters.words import hint_inline, narrow, resolve, word_inline


def guesses_text(guesses: Sequence[int | None], players: Sequence[Any] | None) -> str:
    """"Ada 3, Bo 7": a vote, the number given to each other player."""
    return t("ui.list_sep").join(t("wordporters.ui.guess", player=player_name(players, s), number=g)
                                 for s, g in enumerate(guesses) if g is not None)


def log_line(ev: dict[str, Any], players: Sequence[Any] | None, reader: int | None = None,
             mode: str = "ui") -> str:
    """One event as `reader` may know it, in the current language."""
    kind = ev.get("type")
    who = ev.get("seat")
    name = player_name(players, who) if isinstance(who, int) else ""
    if kind == "round_dealt":
        key = "wordporters.ev.round_dealt_reshuffled" if ev.get("reshuffled") else "wordporters.ev.round_dealt"
        line = t(key, round=ev.get("round"), player=player_name(players, int(ev.get("start", 0))),
                 hints=len(ev.get("hints") or []))
        return line
    if kind == "placed":
        markers = list(ev.get("markers") or [])
        hint = hint_inline(str(ev["hint"]), mode) if ev.get("hint") else t("wordporters.ui.card_n", card=int(ev.get("card", 0)) + 1)
        key = "wordporters.ev.stacked" if len(markers) > 1 else "wordporters.ev.placed"
        return t(key, player=name, marker=markers[-1] if markers else "", hint=hint)
    if kind in ("passed", "declined", "hints_ended"):
        return t(f"wordporters.ev.{kind}", player=name)
    if kind == "voted":
        if reader is not None and who == reader and "guesses" in ev:
            return t("wordporters.ev.voted_own", player=name, guesses=guesses_text(ev["guesses"], players))
        return t("wordporters.ev.voted", player=name)
    if kind == "revealed":
        right = list(ev.get("right") or [])
        key = "wordporters.ev.revealed" if right else "wordporters.ev.revealed_none"
        return t(key, player=name, number=ev.get("number"), word=word_inline(str(ev.get("word")), mode),
                 count=len(right), names=names_list([player_name(players, int(s)) for s in right]))
    if kind == "round_ended":
        return t("wordporters.ev.round_ended", round=ev.get("round"),
                 player=player_name(players, int(ev.get("next_start", 0))))
    if kind == "game_ended":
        return sentences([t("wordporters.ev.game_ended"), winners_text(players, ev.get("winners") or [])])
    return ""


def announce_line(events: Sequence[dict[str, Any]], players: Sequence[Any] | None, reader: int | None = None,
                  mode: str = "ui") -> str:
    """What just happened at the table in one sentence: a move, or the automatic passes of
    one move's turn together (and the vote that follows them), else the last event's."""
    return announce_lines(events, players, reader, mode)[0]


def fitting(options: Sequence[str], room: int, size: int) -> str:
    """The first (longest) wording that fits `room` px on one bold line at `size`, else the last."""
    return next((x for x in options if width(x, size, True) <= room), options[-1])


def reveal_said(ev: dict[str, Any], players: Sequence[Any] | None, mode: str) -> list[str]:
    """A reveal at the table, longest first: the number and word (the line under it says
    who guessed it and who scored; the log says it all), then with the word in the menus'
    language only."""
    return [t("wordporters.ui.reveals", player=player_name(players, int(ev["seat"])), number=ev.get("number"),
              word=word_inline(str(ev.get("word")), m)) for m in (mode, narrow(mode))]


def announce_lines(events: Sequence[dict[str, Any]], players: Sequence[Any] | None, reader: int | None = None,
                   mode: str = "ui") -> list[str]:
    """`announce_line`'s sentence, then shorter ones saying the same for a narrow place
    (a word in the menus' language only, not both; the passes: without the vote that
    follows, then as a count)."""
    passes = [int(e["seat"]) for e in events if e.get("type") == "passed"]
    if not passes:
        if not events:
            return [""]
        return list(dict.fromkeys(log_line(events[-1], players, reader, m) for m in (mode, narrow(mode))))
    names = names_list([player_name(players, s) for s in passes])
    kind = "one" if len(passes) == 1 else "many"
    out = [t(f"wordporters.ui.passes_{kind}", names=names)]
    if any(e.get("type") == "hints_ended" for e in events):
        out.insert(0, t(f"wordporters.ui.passes_{kind}_vote", names=names))
    if len(passes) > 1:
        out.append(t("wordporters.ui.passes_count", n=len(passes)))
    return out


def log_lines(ev: dict[str, Any], players: Sequence[Any] | None, reader: int | None = None,
              mode: str = "ui") -> list[str]:
    """The log panel's lines for one event: its sentence; after a deal the reader's own
    number and word (only in an event the reader may see it in); after a reveal the
    revealer's vote, so that every vote is told once the round is revealed."""
    out = [log_line(ev, players, reader, mode)]
    if ev.get("type") == "revealed" and ev.get("guesses"):
        out.append(t("wordporters.ev.revealer_vote", player=player_name(players, int(ev["seat"])),
                     guesses=guesses_text(ev["guesses"], players)))
    number = ev.get("number")
    words = ev.get("words") or []
    if ev.get("type") == "round_dealt" and reader is not None and isinstance(number, int) and 0 < number <= len(words):
        wid = content().word_id(int(words[number - 1]))
        out.append(t("wordporters.ev.your_number", number=number, word=word_inline(wid, mode)))
    return [ln for ln in out if ln]


def describe_event(ev: dict[str, Any], players: Sequence[dict] | None = None, variant: str | None = None,
                   mode: str | None = None) -> str:
    """One line for the replay list, as the table sees it (never a secret), the words in
    the word language `mode` (None: the menus'); a reveal with the revealer's vote."""
    return sentences(log_lines(ev, players, None, resolve(mode)))


def event_describer(header: dict[str, Any]) -> Callable[..., str]:
    """`describe_event` for one log: its words in the word language the game was played in
    (the header's option "words"), as the replay viewer's board shows them."""
    mode = (header.get("options") or {}).get("words")
    return lambda ev, players=None, variant=None: describe_event(ev, players, variant, mode)


def score_series(events: Sequence[dict[str, Any]], seats: int) -> list[list[int]]:
    """Each player's score at the start and after every round."""
    series = [[0] for _ in range(seats)]
    for ev in events:
        if ev.get("type") in ("round_ended", "game_ended"):
            for s in range(seats):
                series[s].append(int(ev["scores"][s]))
    return series
