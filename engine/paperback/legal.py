"""A sample of the legal commands of a seat, from its view (the contract's
`legal_commands`; the random bot and the tests draw from it)."""
from __future__ import annotations

from typing import Iterator

from engine.core.events import Command
from engine.paperback.hand import answer_command, spell_command, word_choices
from engine.paperback.bounty import suggestion


def legal_commands(v: dict, seat: int) -> Iterator[Command]:
    """A sample of legal commands for `seat` from its view: the best words the hand can
    spell and a pass; each single card it can afford and buying nothing; both votes; an
    answer to an attack."""
    if seat not in v["to_act"]:
        return
    phase = v["phase"]
    if phase == "respond":
        yield answer_command(v, seat)
    elif phase == "draft":
        for cid in v["simultaneous"]["offer"]:
            yield {"type": "draft", "seat": seat, "card": cid}
    elif phase in ("spell", "replace") and v.get("simultaneous"):
        timed = {"ms": 1000 * (seat + 1)} if phase == "spell" else {}
        for found in word_choices(v, limit=20):
            yield spell_command(seat, found, **timed)
        yield {"type": "pass", "seat": seat, **timed}
    elif phase == "spell":
        power = v.get("power")
        if power and power["turn"] and power["legal"]:
            card = {"card": v["hand"][0]} if power["id"] == "ghost_writer" else {}
            yield {"type": "power", "seat": seat, **card}
        for found in word_choices(v, limit=20):
            yield spell_command(seat, found)
        yield {"type": "pass", "seat": seat}
    elif phase == "buy":
        yield {"type": "buy", "seat": seat, "cards": []}
        for item in v["for_sale"]:
            if item["cost"] <= v["cents"]:
                yield {"type": "buy", "seat": seat, "cards": [item["id"]]}
    elif phase == "theme_vote":
        yield {"type": "theme_vote", "seat": seat, "accept": True}
        yield {"type": "theme_vote", "seat": seat, "accept": False}
    elif phase == "bounty":
        yield {"type": "suggest", "seat": seat, "word": suggestion(v, word_choices)}
        yield {"type": "suggest", "seat": seat, "word": None}
    elif phase == "vote":
        yield {"type": "vote", "seat": seat, "accept": True}
        yield {"type": "vote", "seat": seat, "accept": False}
