"""Wooolf!! in words: holders' names (the neutral seat included), cards, announcements,
every event as one sentence (the table's log, the replay list), the reveal's sentences
that explain each point and X, and the score over the rounds (the results chart).

An event is worded as the seat reading it may know it: lines come from
`session.events_for(seat)` (already through the rules' event_view) with `seat` the
reader; a secret field (a peeked card, a shuffle's result, a dial) is worded only for
its own seat. `describe_event` words as the table sees (never a secret)."""
from __future__ import annotations

from typing import Any, Sequence

from engine.wooolf.content import content
from engine.wooolf.scoring import arrow_right
from scenes.common.names import names_list, player_name, winners_text
from scenes.ui.i18n import sentences, t


def holder_name(players: Sequence[Any] | None, holder: int, seats: int) -> str:
    """A player's name, or "the neutral seat" for the holder after the players."""
    return player_name(players, holder) if holder < seats else t("wooolf.neutral")


def role_name(role: str) -> str:
    return t(f"wooolf.role.{role}")


def card_words(card: str) -> str:
    """"Hunter (shows ?)": the card's role and the public identity a peeker announces."""
    c = content().cards[card]
    return t("wooolf.card", role=role_name(c.role), public=t(f"wooolf.short.{c.public}"))


def arrow_target(players: Sequence[Any] | None, arrow: int, seats: int) -> str:
    return t("wooolf.nobody") if arrow < 0 else holder_name(players, arrow, seats)


def log_line(ev: dict[str, Any], players: Sequence[Any] | None, seats: int, reader: int | None = None) -> str:
    """One event as `reader` may know it (None: the table), in the current language."""
    kind = ev.get("type")
    who = ev.get("seat")
    mine = reader is not None and who == reader
    name = player_name(players, who) if isinstance(who, int) else ""
    target = holder_name(players, int(ev["target"]), seats) if isinstance(ev.get("target"), int) else ""
    if kind == "round_dealt":
        return t("wooolf.log.round_dealt", round=ev.get("round"), player=player_name(players, int(ev.get("start", 0))))
    if kind == "peeked":
        pos = t(f"wooolf.card_pos.{int(ev.get('pos', 0))}")
        if mine and "card" in ev:
            return t("wooolf.log.peeked_mine", pos=pos, target=target, card=card_words(str(ev["card"])))
        return t("wooolf.log.peeked", player=name, pos=pos, target=target,
                 said=t(f"wooolf.public.{ev.get('announced')}"))
    if kind == "neutral_shuffled":
        return t("wooolf.log.neutral_shuffled")
    if kind == "asked":
        return t("wooolf.log.asked", player=name, target=target, question=t(f"wooolf.question.{ev.get('question')}"),
                 answer=t("wooolf.answer.yes" if ev.get("answer") else "wooolf.answer.no"))
    if kind == "shuffled":
        if mine and "swapped" in ev:
            return t("wooolf.log.shuffled_swapped" if ev["swapped"] else "wooolf.log.shuffled_kept")
        return t("wooolf.log.shuffled", player=name)
    if kind == "declared":
        if mine and "arrows" in ev:
            if ev["arrows"] is None:
                return t("wooolf.log.declined_mine")
            return t("wooolf.log.declared_mine", arrows=t("ui.list_sep").join(
                arrow_target(players, int(a), seats) for a in ev["arrows"]))
        return t("wooolf.log.declared_early" if ev.get("early") else "wooolf.log.declared_final", player=name)
    if kind == "round_revealed":
        return t("wooolf.log.round_revealed", round=ev.get("round"))
    if kind == "game_ended":
        return t("wooolf.log.game_ended", result=winners_text(players, ev.get("winners") or []))
    return ""


def short_line(ev: dict[str, Any], players: Sequence[Any] | None, seats: int) -> str | None:
    """A shorter sentence for a narrow place (the centre of a full table), when the event
    has one: a question as on its answered card ("Bo asks Eve: Hd? NO.")."""
    if ev.get("type") != "asked" or not isinstance(ev.get("seat"), int) or not isinstance(ev.get("target"), int):
        return None
    return t("wooolf.log.asked_short", player=player_name(players, int(ev["seat"])),
             target=holder_name(players, int(ev["target"]), seats), question=t(f"wooolf.qshort.{ev.get('question')}"),
             answer=t("wooolf.ui.yes_short" if ev.get("answer") else "wooolf.ui.no_short"))


def missed(ev: dict[str, Any], seat: int, identity: str, players: Sequence[Any] | None) -> str:
    """Why a declaration was wrong: who really held each target its arrow missed ("In fact,
    the Hound: nobody; the Hunter: Ada and Bo."), "" when the reveal does not say."""
    dial = (ev.get("dials") or [None] * (seat + 1))[seat] or {}
    held, arrows = ev.get("holders") or {}, dial.get("arrows") or []
    seats = len(ev.get("scores") or []) or len(ev.get("lines") or [])
    parts = []
    for role, arrow in zip(content().roles[identity].targets, arrows):
        if role in held and not arrow_right(role, int(arrow), held):
            who = names_list([holder_name(players, h, seats) for h in held[role]]) or t("wooolf.line.nobody")
            parts.append(t("wooolf.line.held", role=role_name(role), who=who))
    return t("wooolf.line.why", held=t("wooolf.line.held_sep").join(parts)) if parts else ""


def reveal_lines(ev: dict[str, Any], players: Sequence[Any] | None) -> list[tuple[int, str]]:
    """The reveal explained: per player (seat, sentence) for its points or X, then a
    sentence per shepherd boy's bonus, then (seat -1) once what a red X means, when one
    was given."""
    out: list[tuple[int, str]] = []
    for ln in ev.get("lines") or []:
        s = int(ln["seat"])
        who = t("wooolf.who_as", player=player_name(players, s), role=role_name(str(ln["identity"])))
        if ln["kind"] == "none":
            key = "wooolf.line.none"
        else:
            key = f"wooolf.line.{ln['kind']}_{'right' if ln['right'] else 'wrong'}"
        said = t(key, player=who, points=ln.get("points", 0))
        if ln["kind"] != "none" and not ln["right"]:
            said = sentences([said, missed(ev, s, str(ln["identity"]), players)])
        out.append((s, said))
    for ln in ev.get("lines") or []:
        if ln.get("bonus"):
            s = int(ln["seat"])
            fooled = t("ui.list_sep").join(player_name(players, int(f)) for f in ln.get("fooled") or [])
            out.append((s, t("wooolf.line.bonus", player=player_name(players, s), fooled=fooled,
                             points=ln["bonus"])))
    if any(ln["kind"] == "early" and not ln["right"] for ln in ev.get("lines") or []):
        out.append((-1, t("wooolf.line.red_x")))
    return out


def log_lines(ev: dict[str, Any], players: Sequence[Any] | None, seats: int, viewer: int | None) -> list[str]:
    """The log's sentences for one event: its line, and after a reveal why each player
    scored or took an X (the reveal's panel goes when the next round starts; the log keeps it)."""
    out = [log_line(ev, players, seats, viewer)]
    if ev.get("type") == "round_revealed":
        out += [words for _, words in reveal_lines(ev, players)]
    return out


def describe_event(ev: dict[str, Any], players: Sequence[dict] | None = None, variant: str | None = None) -> str:
    """One line for the replay list, as the table sees it (never a secret); a reveal explained."""
    seats = len(ev["scores"]) if isinstance(ev.get("scores"), list) else _seats_of(ev, players)
    return sentences(log_lines(ev, players, seats, None))


def _seats_of(ev: dict[str, Any], players: Sequence[Any] | None) -> int:
    """The player count, for telling a player from the neutral seat: the log header's
    players when known, else the deal's question hands."""
    if isinstance(ev.get("questions"), list):
        return len(ev["questions"])
    if players:
        return len(players)
    return 1 << 16


def score_series(events: Sequence[dict[str, Any]], seats: int) -> list[list[int]]:
    """Each player's score at the start and after every round's reveal."""
    series = [[0] for _ in range(seats)]
    for ev in events:
        if ev.get("type") == "round_revealed":
            for s in range(seats):
                series[s].append(int(ev["scores"][s]))
    return series
