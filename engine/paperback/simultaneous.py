"""Simultaneous play (option `simultaneous`; rules §11 and the seed summary; the decisions
are docs/rules-decisions.md "Simultaneous play").

- The deal: the market without its attack cards (never in this variant) and without the
  cards whose ability trashes the Offer (`trash_offer`: set aside in `boxed`) is shuffled
  into one market deck, face down (`piles["market"]`, top first); 10 cards are dealt face
  up as the Offer (`piles["offer"]`, every card buyable; no cost piles, no front cards).
  Every deal of the Offer (this one and each round's) turns cards up from the market deck
  until ten priced under 8¢ lie there: a card priced 8¢ or more leaves the game as it is
  turned up (`dear`, in the event; rules §11, the corrected seed).
- The draft: snake order from the first seat (0,1,2,2,1,0 at 3 seats), one Offer card a
  pick (`draft {card}`), two picks each, into the picker's starting deck (12 cards); then
  every deck is shuffled and 6-card hands are dealt (`decks_dealt`), the draft's leftovers
  go out of the game and 10 new cards are dealt (`offer_replaced`, which starts a round).
- A round: phase "spell", every seat announces once (each_once): `spell`, `pass` or
  `propose` (a word the list lacks), each with `ms` (its spelling time as the client
  measured it, 0..3,600,000; at one screen the time that person's curtain was down, a
  bot's time from its level). An announcement is `announced`; another seat learns only
  who announced and when, until the last one: then `words_revealed` shows every word.
  Proposed words go to the table vote one after another, in announcement order; then
  every proposer lays a word again in phase "replace": an accepted proposer spells that
  word (or passes) and keeps its place, a refused one spells a listed word (or passes)
  and buys last, in the order the refusals came.
- Resolution, in announcement order (lower ms first; ties by seat order from the round's
  first seat; refused words last): each word in turn is laid (`spelled`: its claim of the
  top common when long enough, so the next word needs the next length; the theme card;
  then its `buy`); a pass is laid (`passed`) and its turn ends. Each seat discards and
  draws 6 when its purchase is done (`turn_ended`); the Offer is not refilled in a round.
- Round end: the game end is checked (two Fame piles empty, the last common claimed), so
  every seat has had as many turns; otherwise the Offer's leftovers go out of the game,
  10 new cards are dealt (what is left when the market deck runs short) and the first
  seat moves on by one (`offer_replaced`).

The round lives in `state.sim` (plain data): the draft order and picks, the round's first
seat, the announcements (`entries`, in the order they came), whether they are revealed,
the proposals still to vote, who must lay a word again, and who has finished the round.
"""
from __future__ import annotations

import copy
from typing import Any

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.rng import Rng
from engine.core.turns import each_once, in_turn, next_seat
from engine.paperback.content import content
from engine.paperback.option import PaperbackOption

HAND = 6                 # cards in a hand
OFFER_SIZE = 10          # cards dealt face up as the Offer
PICKS = 2                # draft picks a seat
OFFER = "offer"          # state.piles key: the Offer, face up
MARKET = "market"        # state.piles key: the market deck, face down, top first
DEAR = 8                 # a card priced this or more leaves the game when turned up for the Offer
MS_MAX = 3_600_000       # the longest spelling time a command may give (an hour)
PHASES = ("draft", "spell", "replace")     # the phases whose turns this module gives


def snake(first: int, seats: int) -> list[int]:
    """The draft's order: round the table from `first` and back, PICKS passes."""
    ahead = [next_seat(first, seats, i) for i in range(seats)]
    out: list[int] = []
    for k in range(PICKS):
        out += ahead if k % 2 == 0 else ahead[::-1]
    return out


# ---- set-up --------------------------------------------------------------------------
def turn_up(cards: Any, deck: list[str]) -> tuple[list[str], list[str]]:
    """The Offer dealt from the top of `deck`: (the cards that lie there, at most
    OFFER_SIZE, and the cards priced DEAR or more that left the game on the way)."""
    offer: list[str] = []
    dear: list[str] = []
    for cid in deck:
        if len(offer) == OFFER_SIZE:
            break
        (dear if cards[cid].cost >= DEAR else offer).append(cid)
    return offer, dear


def market(state: Any, rng: Rng) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The set-up's piles (every cost pile empty, the Offer and the market deck) and what
    the event says besides: the cards set aside (trash_offer) and the dear cards turned up
    for the first Offer (out of the game)."""
    cards = state.cards
    ids = sorted(cid for cid, c in cards.items() if c.kind == "market" and not c.attack)
    aside = [cid for cid in ids if cards[cid].ability.kind == "trash_offer"]
    deck = [cid for cid in ids if cid not in aside]
    rng.shuffle(deck)
    offer, dear = turn_up(cards, deck)
    piles: dict[str, list[str]] = {pid: [] for pid, _, _ in content().piles}
    piles[OFFER] = offer
    piles[MARKET] = deck[len(offer) + len(dear):]
    return piles, {"set_aside": aside, "dear": dear}


def on_set_up(state: Any, ev: Event) -> None:
    state.piles[OFFER] = list(ev["piles"][OFFER])
    state.piles[MARKET] = list(ev["piles"][MARKET])
    state.boxed.extend(ev["set_aside"])
    state.trash.extend(ev.get("dear", []))
    start = int(ev["start"])
    state.sim = {"order": snake(start, state.seats), "picks": [], "first": start, "round": 0,
                 "entries": [], "revealed": False, "votes": [], "replace": [], "replaced": [],
                 "done": []}
    state.phase = "draft"


# ---- whose turn ------------------------------------------------------------------------
def to_act(state: Any) -> frozenset[int]:
    sim = state.sim
    if state.phase == "draft":
        order, picks = sim["order"], sim["picks"]
        return in_turn(order[len(picks)] if len(picks) < len(order) else None)
    if state.phase == "spell":
        return each_once(range(state.seats), [e["seat"] for e in sim["entries"]])
    if state.phase == "replace":
        return each_once(sim["replace"], sim["replaced"])
    return frozenset()


def alone(state: Any, seat: int) -> Any:
    """The state as if no other seat had announced yet this round (a copy; the state itself
    outside the secret announcements): a dry run of `seat`'s own word on it judges that word
    only, never reading another seat's secret announcement (a phone's preview)."""
    if state.sim is None or state.phase != "spell" or state.sim["revealed"]:
        return state
    out = copy.copy(state)
    out.sim = {**state.sim, "entries": [e for e in state.sim["entries"] if e["seat"] == seat]}
    return out


def entry(state: Any, seat: int) -> dict[str, Any] | None:
    return next((e for e in state.sim["entries"] if e["seat"] == seat), None)


def buy_order(state: Any) -> list[int]:
    """The seats in the order their words resolve: lower ms first, ties by seat order from
    the round's first seat; refused words last, in the order they were refused."""
    sim = state.sim
    n = state.seats
    ranked = sorted(sim["entries"], key=lambda e: (e["ms"], (e["seat"] - sim["first"]) % n))
    refused = [e["seat"] for e in ranked if e.get("proposed") in state.refused]
    return [e["seat"] for e in ranked if e["seat"] not in refused] + refused


# ---- announcing ------------------------------------------------------------------------
def _ms(cmd: Command) -> int:
    ms = cmd.get("ms")
    if isinstance(ms, bool) or not isinstance(ms, int) or not 0 <= ms <= MS_MAX:
        raise RuleError("err.paperback.ms_shape", most=MS_MAX)
    return ms


def announce(state: Any, seat: int, cmd: Command, made: list[Event] | None) -> list[Event]:
    """A seat's announcement from the events the base rules made of its command (`made`:
    a `spelled` or a `word_proposed`; None for a pass): kept secret until the last seat
    announces (then the reveal follows), or, in phase replace, a word laid again in the
    open."""
    kind = "pass" if made is None else "propose" if made[0]["type"] == "word_proposed" else "spell"
    body: dict[str, Any] = {}
    if made is not None:
        body = {k: v for k, v in made[0].items() if k not in ("type", "seat", "claimed", "attacks",
                                                               "theme", "bounty")}
    if state.phase == "replace":
        was = entry(state, seat)
        if was["proposed"] in state.accepted and kind == "spell" and body["word"] != was["proposed"]:
            raise RuleError("err.paperback.spell_accepted", word=was["proposed"].upper())
        return [event("announced", seat, kind=kind, entry=body, open=True)]
    return [event("announced", seat, kind=kind, ms=_ms(cmd), entry=body)]


def reveal(state: Any) -> Event:
    """Every announcement of the round shown, in buy order (once all are in)."""
    return event("words_revealed", None,
                 words=[{"seat": s, **_public(entry(state, s))} for s in buy_order(state)])


def _public(e: dict[str, Any]) -> dict[str, Any]:
    """What the reveal shows of an announcement: the word as laid and its ¢."""
    body = e["entry"]
    return {"kind": e["kind"], "ms": e["ms"], "word": body.get("word"), "cents": body.get("cents", 0),
            "letters": body.get("letters", 0), "cards": list(body.get("cards", [])),
            "texts": list(body.get("texts", []))}


def next_vote(state: Any) -> Event | None:
    """The next proposal to put to the table (announcement order), or None."""
    votes = state.sim["votes"]
    if not votes:
        return None
    seat, word = votes[0]
    return event("word_proposed", seat, word=word)


# ---- resolution ------------------------------------------------------------------------
def resolve(rules: Any, state: Any, rng: Rng) -> list[Event]:
    """The next step of the round's resolution (phase resolve): the next seat in buy order
    that passed, laid and its turn ended; else the next word laid (its claim, its theme)
    for its buy; when every seat is done, the round's end (the game's end, or a new Offer
    and round)."""
    left = [s for s in buy_order(state) if s not in state.sim["done"]]
    if not left:
        return rules._ending(state) or [replace_offer(state, next_seat(state.sim["first"], state.seats))]
    seat = left[0]
    e = entry(state, seat)
    if e["kind"] != "spell":
        # (in phase resolve nothing is laid and no draw is owed, so the pass changes
        # nothing the turn's end reads: both from the state before them)
        return [rules._passed(state, seat), rules._refill(state, seat, [], rng)]
    body = e["entry"]
    need = state.need
    claimed = state.top_common if need is not None and body["letters"] >= need else None
    more = rules.spelled_fields(state, seat, body["word"])
    return [event("spelled", seat, **body, claimed=claimed, attacks=[], **more)]


def replace_offer(state: Any, first: int) -> Event:
    """The Offer's leftovers out of the game, the next cards of the market deck face up
    (the dear ones out of the game too); a new round from `first`."""
    offer, dear = turn_up(state.cards, state.piles[MARKET])
    return event("offer_replaced", None, gone=list(state.piles[OFFER]), offer=offer, dear=dear,
                 first=first)


# ---- the draft -------------------------------------------------------------------------
def decide_draft(state: Any, seat: int, cmd: Command) -> list[Event]:
    card = cmd.get("card")
    if not isinstance(card, str) or card not in state.piles.get(OFFER, []):
        raise RuleError("err.paperback.not_for_sale", card=str(card))
    return [event("drafted", seat, card=card)]


def follow_up(rules: Any, state: Any, rng: Rng) -> list[Event]:
    """What follows by itself (engine/core/followup.py): after the last announcement the
    reveal; after the reveal, and after each vote, the next proposal's vote; in phase
    resolve the next step of the resolution (`resolve`); after the draft's last pick,
    every deck shuffled and the hands dealt, then the first round's Offer."""
    sim = state.sim
    if state.phase == "spell" and not sim["revealed"] and len(sim["entries"]) == state.seats:
        return [reveal(state)]
    if state.phase == "replace" and state.pending is None and (first := next_vote(state)) is not None:
        return [first]
    if state.phase == "resolve":
        return resolve(rules, state, rng)
    if state.phase != "draft" or len(sim["picks"]) < len(sim["order"]):
        return []
    if any(state.hands):                       # dealt: the Offer
        return [replace_offer(state, sim["first"])]
    decks = []
    for deck in state.decks:
        deck = list(deck)
        rng.shuffle(deck)
        decks.append(deck)
    return [event("decks_dealt", None, decks=decks, hand_size=HAND)]


# ---- apply -----------------------------------------------------------------------------
def on_drafted(state: Any, ev: Event) -> None:
    state.piles[OFFER].remove(ev["card"])
    state.decks[ev["seat"]].append(ev["card"])
    state.sim["picks"].append([ev["seat"], ev["card"]])


def on_decks_dealt(state: Any, ev: Event) -> None:
    size = int(ev["hand_size"])
    for s, deck in enumerate(ev["decks"]):
        state.hands[s] = list(deck[:size])
        state.decks[s] = list(deck[size:])


def on_offer_replaced(state: Any, ev: Event) -> None:
    dear = list(ev.get("dear", []))            # (logs before the dear-card rule have none)
    state.trash.extend(ev["gone"] + dear)
    offer = list(ev["offer"])
    state.piles[OFFER] = offer
    state.piles[MARKET] = state.piles[MARKET][len(offer) + len(dear):]
    sim = state.sim
    sim.update(first=int(ev["first"]), round=sim["round"] + 1, entries=[], revealed=False,
               votes=[], replace=[], replaced=[], done=[])
    state.turn = sim["first"]
    state.phase = "spell"


def on_announced(state: Any, ev: Event) -> None:
    sim = state.sim
    seat = ev["seat"]
    if ev.get("open"):                         # a word laid again after the votes
        e = entry(state, seat)
        e["kind"], e["entry"] = ev["kind"], dict(ev["entry"])
        sim["replaced"].append(seat)
        if set(sim["replaced"]) >= set(sim["replace"]):
            state.phase = "resolve"
        return
    e = {"seat": seat, "ms": int(ev["ms"]), "kind": ev["kind"], "entry": copy.deepcopy(ev["entry"])}
    if ev["kind"] == "propose":
        e["proposed"] = ev["entry"]["word"]
    sim["entries"].append(e)


def on_words_revealed(state: Any, ev: Event) -> None:
    sim = state.sim
    sim["revealed"] = True
    order = [w["seat"] for w in ev["words"]]
    proposals = [(s, entry(state, s)["proposed"]) for s in order if entry(state, s)["kind"] == "propose"]
    votes: list[list] = []
    for s, word in proposals:                  # a word proposed twice is voted on once
        if all(word != w for _, w in votes):
            votes.append([s, word])
    sim["votes"] = votes
    sim["replace"] = [s for s, _ in proposals]
    state.phase = "replace" if proposals else "resolve"


def on_word_proposed(state: Any) -> None:
    """A vote of the round starts: it leaves the queue (the table vote holds it)."""
    if state.sim["votes"]:
        state.sim["votes"].pop(0)


def turn_done(state: Any, seat: int) -> None:
    state.sim["done"].append(seat)
    state.phase = "resolve"


# ---- what a seat sees ------------------------------------------------------------------
def view(state: Any, me: int | None, to_act_now: frozenset[int]) -> dict[str, Any]:
    """The variant's part of a view: the draft (order, picks, who picks), the Offer, who
    has announced and when (never what, until the reveal), the seat's own announcement,
    after the reveal every word with its ¢ in buy order, whose buy it is, the proposals
    refused and who must still lay a word again."""
    sim = state.sim
    if sim is None:
        return {"hand_size": HAND, "picks_each": PICKS}
    picks = sim["picks"]
    revealed = sim["revealed"]
    mine = entry(state, me) if me is not None else None
    words = None
    if revealed:
        words = [{"seat": s, **_public(entry(state, s)),
                  "refused": entry(state, s).get("proposed") in state.refused,
                  "done": s in sim["done"]} for s in buy_order(state)]
    return {
        "hand_size": HAND, "picks_each": PICKS,
        "draft_order": list(sim["order"]), "picks": [list(p) for p in picks],
        "picker": (sim["order"][len(picks)] if state.phase == "draft" and len(picks) < len(sim["order"])
                   else None),
        "offer": list(state.piles.get(OFFER, [])), "market_count": len(state.piles.get(MARKET, [])),
        "round": sim["round"], "first": sim["first"],
        "announced": [{"seat": e["seat"], "ms": e["ms"]} for e in sim["entries"]],
        "mine": None if mine is None else {"kind": mine["kind"], "word": mine["entry"].get("word"),
                                           "cents": mine["entry"].get("cents", 0)},
        "revealed": revealed, "words": words,
        "buy_order": buy_order(state) if revealed else None,
        "buyer": state.turn if state.phase in ("buy", "theme_vote") else None,
        "done": list(sim["done"]),
        "refused": [e["seat"] for e in sim["entries"] if e.get("proposed") in state.refused],
        "to_replace": sorted(to_act_now) if state.phase == "replace" else [],
    }


# ---- secrets (the conformance suite's scramble) ----------------------------------------
def scramble(state: Any, seat: int | None, rng: Rng) -> None:
    """Change in place what `seat` may not know: the market deck's order and, before the
    reveal, every other seat's announcement."""
    if state.sim is None:
        return
    state.piles[MARKET] = rng.shuffled(state.piles[MARKET])
    if not state.sim["revealed"]:
        for e in state.sim["entries"]:
            if e["seat"] != seat:
                _garble(e, rng)


def _garble(e: dict[str, Any], rng: Rng) -> None:
    e["kind"] = ("spell", "pass", "propose")[rng.below(3)]
    body = e["entry"]
    body["word"] = "x" + str(body.get("word") or "")[::-1]
    body["cents"] = int(body.get("cents", 0)) + 1 + rng.below(5)
    body["cards"] = list(reversed(body.get("cards", []))) + ["x"]


def scramble_event(ev: Event, out: Event, seat: int | None, rng: Rng) -> None:
    """Change in place the secrets of this variant's events (`out`, a copy of `ev`)."""
    etype = ev.get("type")
    if etype == "set_up" and MARKET in ev["piles"]:
        out["piles"][OFFER] = list(ev["piles"][OFFER])
        out["piles"][MARKET] = rng.shuffled(ev["piles"][MARKET])
    elif etype == "decks_dealt":
        size = int(ev["hand_size"])
        out["decks"] = [d[:size] + rng.shuffled(d[size:]) if s == seat else rng.shuffled(d)[::-1]
                        for s, d in enumerate(ev["decks"])]
    elif etype == "announced" and not ev.get("open") and ev.get("seat") != seat:
        _garble(out, rng)


def redact_event(ev: Event, seat: int | None) -> Event | None:
    """This variant's events as `seat` may learn them (None: not one of them)."""
    etype = ev.get("type")
    if etype == "decks_dealt":
        size = int(ev["hand_size"])
        out = {k: v for k, v in ev.items() if k != "decks"}
        out["deck_counts"] = [len(d) for d in ev["decks"]]
        out["hand"] = list(ev["decks"][seat][:size]) if seat is not None else None
        return out
    if etype == "announced":
        if ev.get("open") or seat == ev.get("seat"):
            return dict(ev)
        return {k: v for k, v in ev.items() if k not in ("kind", "entry")}
    return None


def set_up_shown(ev: Event) -> dict[str, Any]:
    """What the set-up shows of the variant's market: the Offer, the market deck's size."""
    return {"offer_cards": list(ev["piles"][OFFER]), "market_count": len(ev["piles"][MARKET])}


class SimultaneousOption(PaperbackOption):
    """The option as a plug-in (engine/paperback/option.py): the set-up's market and its
    draft, the announcements in place of the spells, passes and proposals (then the
    votes and the resolution in buy order), the round's turns and hands."""
    key = "simultaneous"
    PHASE_OF = {"draft": ("draft",)}

    def set_up(self, state: Any, rng: Rng, fields: dict[str, Any]) -> None:
        piles, dealt = market(state, rng)        # one market deck and a 10-card Offer
        fields["piles"] = piles
        fields.update(dealt)
        fields["hand_size"] = 0                  # hands after the draft

    def to_act(self, state: Any) -> frozenset[int] | None:
        return to_act(state) if state.phase in PHASES and state.sim is not None else None

    def laid(self, rules: Any, state: Any, seat: int, cmd: Command, made: list[Event] | None,
             rng: Rng) -> list[Event] | None:
        return announce(state, seat, cmd, made)

    def pass_turn(self, state: Any, seat: int) -> bool:
        turn_done(state, seat)                   # the round goes on in announcement order
        return True

    def hand_size(self, state: Any) -> int | None:
        return HAND

    def follow_up(self, rules: Any, state: Any, rng: Rng) -> list[Event] | None:
        return follow_up(rules, state, rng)

    def _decide_draft(self, rules: Any, state: Any, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        return decide_draft(state, seat, cmd)

    def view(self, state: Any, seat: int | None, to_act: frozenset[int], v: dict[str, Any]) -> None:
        v["simultaneous"] = view(state, seat, to_act)

    def event_view(self, ev: Event, seat: int | None, out: Event) -> Event | None:
        if ev.get("type") == "set_up" and MARKET in ev["piles"]:
            return {**out, **set_up_shown(ev)}
        return redact_event(ev, seat)

    def scramble(self, state: Any, seat: int | None, rng: Rng) -> None:
        scramble(state, seat, rng)

    def scramble_event(self, ev: Event, out: Event, seat: int | None, rng: Rng) -> None:
        scramble_event(ev, out, seat, rng)

    _after_set_up = staticmethod(on_set_up)
    _on_drafted = staticmethod(on_drafted)
    _on_decks_dealt = staticmethod(on_decks_dealt)
    _on_offer_replaced = staticmethod(on_offer_replaced)
    _on_announced = staticmethod(on_announced)
    _on_words_revealed = staticmethod(on_words_revealed)

    @staticmethod
    def _after_word_proposed(state: Any, ev: Event) -> None:
        on_word_proposed(state)


PLUGIN = SimultaneousOption()
