"""Paperback's events in words (the table's log panel and the replay list) and the Fame
over the game (the results chart). A line words only what the event shows the seat
reading it: the table's log reads `session.events_for(seat)` (already through the rules'
event_view); the replay list words events as the table sees them."""
from __future__ import annotations

from typing import Any, Sequence

from engine.paperback.finder import COMMON
from engine.paperback.state import box_of
from scenes.common.names import names_list, player_name, winners_text
from scenes.paperback.cards import shown_letters
from scenes.ui.i18n import t

START_FAME = 5          # the five starting wilds, 1 Fame each


def _box(seats: int) -> dict:
    return box_of(seats, True, True)    # every card id of any game of that size (co-op's are among them)


def card_name(cid: str, seats: int = 5) -> str:
    """A card as the log names it: its letters, or "Fame 7" for a Fame card."""
    card = _box(seats).get(cid)
    if card is None:
        return cid
    if card.kind == "fame":
        return t("paperback.card.fame", fame=card.fame)
    if card.wild:
        return t("paperback.card.wild")
    if card.power:
        return t(f"paperback.card.{card.power}")
    return shown_letters(card.letters)


def _cards(ids: Sequence[str], seats: int) -> str:
    return names_list([card_name(c, seats) for c in ids])


def _join(a: str, b: str) -> str:
    return t("paperback.ev.join", a=a, b=b)


def log_line(ev: dict[str, Any], players: Sequence[dict] | None, seats: int = 5) -> str:
    """One event in the current language (as already redacted for the reader)."""
    players = list(players or [])
    kind = ev.get("type")
    who = ev.get("seat")
    name = player_name(players, who) if isinstance(who, int) else ""
    word = str(ev.get("word", "")).upper()
    if kind == "set_up":
        return _with_dear(t("paperback.ev.set_up", player=player_name(players, int(ev.get("start", 0)))),
                          ev, seats)
    if kind == "spelled":
        box = _box(seats)
        claimed = ev.get("claimed")
        if claimed is not None:
            line = t("paperback.ev.spelled_claim", player=name, word=word, cents=ev.get("cents", 0),
                     letter=(box[claimed].letters.upper() or card_name(claimed, seats)) if claimed in box else "")
        else:
            line = t("paperback.ev.spelled", player=name, word=word, cents=ev.get("cents", 0))
        if COMMON in (ev.get("cards") or []):
            line = _join(line, t("paperback.ev.used_common"))
        if ev.get("trash"):
            line = _join(line, t("paperback.ev.trashed_hand", cards=_cards(ev["trash"], seats)))
        for code in ev.get("attacks") or []:
            kind, _, n = str(code).partition(":")
            line = _join(line, t(f"paperback.ev.attack.{kind}", n=n or 1))
        if isinstance(ev.get("bounty"), int):
            line = _join(line, t("paperback.ev.bounty_paid", helper=player_name(players, ev["bounty"])))
        if ev.get("theme"):
            line = _join(line, t("paperback.ev.theme_taken", player=name))
        return line
    if kind == "offer_trashed":
        return t("paperback.ev.offer_trashed", player=name, cards=_cards(ev.get("cards") or [], seats))
    if kind == "passed":
        return t("paperback.ev.passed_cube" if ev.get("cube") else "paperback.ev.passed", player=name)
    if kind == "bought":
        got = ev.get("cards") or []
        if not got:
            return t("paperback.ev.bought_nothing", player=name)
        line = t("paperback.ev.bought", player=name, cards=_cards(got, seats), spent=ev.get("spent", 0))
        if ev.get("cubes"):
            line = _join(line, t("paperback.ev.with_cubes", cubes=ev["cubes"]))
        return line
    if kind == "turn_ended":
        n = ev.get("drawn_count", len(ev.get("drawn") or []))
        line = t("paperback.ev.turn_ended", player=name, n=n)
        if ev.get("reshuffled") or ev.get("new_deck"):
            line = _join(line, t("paperback.ev.reshuffled"))
        return line
    if kind == "word_proposed":
        return t("paperback.ev.word_proposed", player=name, word=word)
    if kind == "word_voted":
        return t("paperback.ev.word_voted_yes" if ev.get("accept") else "paperback.ev.word_voted_no",
                 player=name, word=word)
    if kind == "word_accepted":
        return t("paperback.ev.word_accepted", word=word)
    if kind == "word_refused":
        by = ev.get("by")
        return t("paperback.ev.word_refused", word=word,
                 player=player_name(players, by) if isinstance(by, int) else t("paperback.ev.someone"))
    if kind == "answered":
        gone = list(ev.get("discard_wild") or []) + list(ev.get("discard") or [])
        back = int(ev.get("topdeck_count", len(ev.get("topdeck") or [])))
        if gone and back:
            return t("paperback.ev.answered_both", player=name, cards=_cards(gone, seats), n=back)
        if gone:
            return t("paperback.ev.answered_discard", player=name, cards=_cards(gone, seats))
        if back:
            return t("paperback.ev.answered_topdeck", player=name, n=back)
        return t("paperback.ev.answered_none", player=name)
    if kind == "power_used":
        line = t("paperback.ev.power_used", player=name, power=t(f"paperback.power.{ev.get('power')}"))
        if ev.get("card") is not None:
            return _join(line, t("paperback.ev.power_ghost"))
        n = ev.get("drawn_count", len(ev.get("drawn") or []))
        return _join(line, t("paperback.ev.power_draw", n=n)) if n else line
    if kind == "help_asked":
        return t("paperback.ev.help_asked", player=name, cards=_cards(ev.get("hand") or [], seats))
    if kind == "suggested":
        if not ev.get("word"):
            return t("paperback.ev.suggested_none", player=name)
        return t("paperback.ev.suggested", player=name, word=word)
    if kind == "theme_proposed":
        return t("paperback.ev.theme_proposed", player=name, word=word)
    if kind == "theme_voted":
        return t("paperback.ev.theme_voted_yes" if ev.get("accept") else "paperback.ev.theme_voted_no",
                 player=name)
    if kind == "theme_decided":
        return t("paperback.ev.theme_accepted" if ev.get("accepted") else "paperback.ev.theme_refused",
                 player=name, word=word)
    if kind == "cube_placed":
        card = _box(seats).get(str(ev.get("card")))
        return t("paperback.ev.cube_placed", player=name,
                 card=t("paperback.ui.pyramid.named", cost=card.cost) if card else str(ev.get("card")))
    if kind in _SIMULTANEOUS:
        return _SIMULTANEOUS[kind](ev, players, name, seats)
    if kind == "vowels_restocked":
        return t("paperback.ev.vowels_restocked", cards=_cards(ev.get("cards") or [], seats))
    if kind == "game_ended":
        if ev.get("reason") in ("won", "lost"):        # co-op: the table wins or loses together
            return t("paperback.ev.game_ended", reason=t(f"paperback.coop.{ev['reason']}"), result="").strip()
        reason = t("paperback.end.commons" if ev.get("reason") == "commons" else "paperback.end.fame")
        return t("paperback.ev.game_ended", reason=reason, result=winners_text(players, ev.get("winners") or []))
    return ""


# ---- simultaneous play (engine/paperback/simultaneous.py) --------------------------------
def _secs(ev: dict[str, Any]) -> str:
    return f"{int(ev.get('ms', 0)) / 1000:.1f}"


def _announced(ev: dict[str, Any], players: Sequence[dict], name: str, seats: int) -> str:
    kind = ev.get("kind")                    # absent: another seat's, before the reveal
    word = str((ev.get("entry") or {}).get("word", "")).upper()
    if ev.get("open"):
        return t("paperback.ev.relaid_word" if kind == "spell" else "paperback.ev.relaid_pass",
                 player=name, word=word)
    key = {"spell": "paperback.ev.announced_word", "pass": "paperback.ev.announced_pass",
           "propose": "paperback.ev.announced_proposal"}.get(str(kind), "paperback.ev.announced")
    return t(key, player=name, word=word, secs=_secs(ev))


def _revealed(ev: dict[str, Any], players: Sequence[dict], name: str, seats: int) -> str:
    parts = []
    for w in ev.get("words") or []:
        who = player_name(players, w.get("seat"))
        key = {"spell": "paperback.ev.revealed_word", "propose": "paperback.ev.revealed_proposal"}.get(
            str(w.get("kind")), "paperback.ev.revealed_pass")
        parts.append(t(key, player=who, word=str(w.get("word") or "").upper(), cents=w.get("cents", 0)))
    return t("paperback.ev.words_revealed", words=names_list(parts))


def _offer_replaced(ev: dict[str, Any], players: Sequence[dict], name: str, seats: int) -> str:
    if not ev.get("offer"):
        return t("paperback.ev.offer_replaced_empty")
    return _with_dear(t("paperback.ev.offer_replaced", cards=_cards(ev["offer"], seats),
                        player=player_name(players, int(ev["first"]))), ev, seats)   # the first seat wins ties


def _with_dear(line: str, ev: dict[str, Any], seats: int) -> str:
    """A simultaneous Offer's line and the cards priced 8¢ or more that left the game as it was dealt."""
    if not ev.get("dear"):
        return line
    return _join(line, t("paperback.ev.dear_gone", cards=_cards(ev["dear"], seats)))


_SIMULTANEOUS = {
    "drafted": lambda ev, players, name, seats: t("paperback.ev.drafted", player=name,
                                                  card=card_name(str(ev.get("card")), seats)),
    "decks_dealt": lambda ev, players, name, seats: t("paperback.ev.decks_dealt", n=ev.get("hand_size", 6)),
    "offer_replaced": _offer_replaced,
    "announced": _announced,
    "words_revealed": _revealed,
}


FAME_PARTS = ("wilds", "fame", "commons", "award", "theme")     # where Fame comes from, in the order said


def fame_line(parts: dict[str, int]) -> str:
    """Where a player's Fame came from ("5 wilds + 14 Fame + 10 commons"; the parts worth
    nothing left out; the award and the theme as one bonus when both, so the line fits
    the results' row)."""
    mine = {k: int(parts.get(k) or 0) for k in FAME_PARTS}
    if mine["award"] and mine["theme"]:
        bonus = mine.pop("award") + mine.pop("theme")
        mine["bonus"] = bonus
    said = [t(f"paperback.results.part.{k}", n=n) for k, n in mine.items() if n]
    return t("paperback.results.plus").join(said) or t("paperback.results.no_fame")


def describe_event(ev: dict[str, Any], players: Sequence[dict] | None = None,
                   variant: str | None = None) -> str:
    """One line for the replay list, as the table sees the event: the line words only
    public fields (how many cards were drawn, never which), so a raw event and its
    table view read the same."""
    seats = len(players) if players else 5
    return log_line(ev, players, max(2, min(5, seats)))


def score_series(events: Sequence[dict[str, Any]], seats: int) -> list[list[int]]:
    """Each seat's Fame after every turn, from the log: the five starting wilds, plus the
    Fame cards bought and the commons claimed, minus any wild trashed from a hand."""
    box = _box(max(2, min(5, seats)))
    fame = [START_FAME] * seats
    series = [[START_FAME] for _ in range(seats)]
    for ev in events:
        kind = ev.get("type")
        s = ev.get("seat")
        if kind == "spelled" and isinstance(s, int):
            if ev.get("claimed") in box:
                fame[s] += box[ev["claimed"]].fame
            fame[s] -= sum(box[c].fame for c in ev.get("trash") or [] if c in box)
        elif kind == "bought" and isinstance(s, int):
            fame[s] += sum(box[c].fame for c in ev.get("cards") or [] if c in box)
        elif kind == "turn_ended":
            for i in range(seats):
                series[i].append(fame[i])
        elif kind == "game_ended":
            final = list(ev.get("scores") or fame)
            if final != fame:
                for i in range(seats):
                    series[i].append(int(final[i]))
    return series
