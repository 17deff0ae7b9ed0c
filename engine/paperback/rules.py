"""PaperbackRules: the Rules implementation of Paperback for the event-sourced engine.

Commands (each with "type" and "seat"):
  spell {cards, letters, trash, trash_offer}
        `cards`: card ids from your hand in word order, "common" for the top common;
        `letters`: {card id: what it is laid as} for each wild (one letter), a Q laid as
        "qu", a flip card laid reversed; `trash`: hand cards to remove from the game
        (trash_hand abilities); `trash_offer`: face-up Offer cards to trash (trash_offer)
  pass                        spell nothing: 0¢, discard and draw
  buy {cards}                 Offer card ids and Fame pile ids ("f5": its top card), within
                              the ¢ of your word; [] buys nothing. Ends the turn.
  propose {word} / vote {accept}
                              a word the list lacks, put to the table (every other seat votes)
  answer {discard, discard_wild, topdeck}
                              what an attack makes you give up from your hand (attacks
                              option): right after the attacker's word, every victim that
                              owes something answers (the "others respond" preset, each
                              once), then the attacker buys
The class is the base game; each option is a plug-in in its own module (engine/core/
plugins.py; the extension points it calls: engine/paperback/option.py; the list:
engine/paperback/plugins.py). Options (declared in engine/paperback/spec.py) add:
  power {card?}               Writer's Block / Ghost Writer (powers.py); the word powers
                              ride in spell (a typo or "ll" in `letters`, the "plagiarism" id)
  ask_help / suggest {word}   the help bounty (bounty.py)
  theme_claim / theme_vote {accept}
                              a word off the theme's list put to the table (themes.py)
  buy {cards, cubes, cube_on} cubes spent as 1¢ (flexible.py); co-op: pyramid cards by id
                              and where a turn without a purchase puts its cube (coop.py);
                              pass takes cube_on too
  draft {card}; spell / pass / propose with {ms}
                              simultaneous play (simultaneous.py): the snake draft, then
                              timed announcements, kept secret until everyone's is in
Events: set_up, spelled, offer_trashed, passed, bought, turn_ended, word_proposed,
word_voted, word_accepted, word_refused, answered, game_ended; with options also
power_used, help_asked, suggested, theme_proposed, theme_voted, theme_decided,
vowels_restocked, cube_placed; drafted, decks_dealt, offer_replaced, announced,
words_revealed (simultaneous play).
"""
from __future__ import annotations

import copy
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.phased import PhasedRules
from engine.core.rng import Rng
from engine.core.rules import Outcome
from engine.core.spec import GameSpec
from engine.core.turns import each_once, first_seat, in_turn, next_seat, responders
from engine.paperback.content import LETTERS, content, parse_ability
from engine.paperback.finder import COMMON
from engine.paperback import flexible, simultaneous as sim
from engine.paperback.plugins import PLUGINS
from engine.paperback.powers import PLAGIARISM
from engine.paperback.scoring import score
from engine.paperback.spelling import MAX_WORD, card_ids as _ids, lay, words as laid_words
from engine.paperback.attacks import add_attack, cap_owed
from engine.paperback.ending import fame_parts, final_result
from engine.paperback.legal import legal_commands
from engine.paperback.state import PaperbackState, face_up, new_state
from engine.paperback.views import redact_event, view
from engine.words import is_word
from engine.words.tablevote import TableVote
from engine.paperback.spec import SPEC

PHASE_OF: dict[str, tuple[str, ...]] = {
    "spell": ("spell", "replace"), "pass": ("spell", "replace"),     # replace: simultaneous.py
    "propose": ("spell",), "answer": ("respond",),
    "vote": ("vote",), "buy": ("buy",),
}


class PaperbackRules(TableVote, PhasedRules[PaperbackState]):
    spec: ClassVar[GameSpec] = SPEC
    game: ClassVar[str] = "paperback"
    rules_version: ClassVar[int] = 1
    seats: ClassVar[range] = SPEC.seats
    variants: ClassVar[tuple[str, ...]] = ("classic",)
    PHASE_OF = PHASE_OF
    PLUGINS = PLUGINS             # the options (engine/paperback/plugins.py)
    TURN_FIRST = True             # another seat's command is refused as out of turn first

    # ---- the contract ---------------------------------------------------------------
    def initial(self, seats: int, options: Mapping[str, object]) -> PaperbackState:
        return new_state(seats, options)

    def setup(self, state: PaperbackState, rng: Rng) -> list[Event]:
        c = content()
        cards = state.cards
        piles: dict[str, list[str]] = {}
        for pid, _, _ in c.piles:
            pile = [cid for cid, card in cards.items() if card.kind == "market" and card.pile == pid]
            rng.shuffle(pile)
            piles[pid] = pile
        fame = {pid: [cid for cid, card in cards.items() if card.pile == pid]
                for pid, _, _ in c.fame}
        commons = [cd.id for cd in c.commons]
        boxed: list[str] = []
        if state.extra:                # shuffle all six, deal four; two go back to the box
            commons += [cd.id for cd in c.extra_commons]
            rng.shuffle(commons)
            commons, boxed = commons[:len(c.commons)], commons[len(c.commons):]
        else:
            rng.shuffle(commons)
        decks = []
        for s in range(state.seats):
            deck = [cid for cid in cards if cid.startswith(f"s{s}.")]
            rng.shuffle(deck)
            decks.append(deck)
        start = first_seat(state.options, state.seats, rng)
        more: dict[str, Any] = {"boxed": boxed} if state.extra else {}
        fields = dict(piles=piles, fame=fame, commons=commons, decks=decks, start=start,
                      hand_size=c.hand_size, **more)
        for p in self.plugins_on(state):
            p.set_up(state, rng, fields)
        return [event("set_up", None, **fields)]

    def to_act(self, state: PaperbackState) -> frozenset[int]:
        for p in self.plugins_on(state):
            if (acting := p.to_act(state)) is not None:
                return acting
        if state.phase in ("spell", "buy"):
            return in_turn(state.turn)
        if state.phase == "vote" and state.pending is not None:
            return responders(state.seats, state.pending["seat"], state.pending["votes"])
        if state.phase == "respond" and state.responding is not None:
            return each_once(state.responding["named"], state.responding["answered"])
        return frozenset()

    def progress(self, state: PaperbackState) -> tuple[str, int | None]:
        """(phase, round): the round is how many times the table has gone round, plus one."""
        if state.phase == "deal":
            return state.phase, None
        return state.phase, min(state.turns) + 1

    def next_deadline(self, state: PaperbackState) -> int | None:
        return None

    def view(self, state: PaperbackState, seat: int | None) -> dict:
        return view(state, seat, self.to_act(state))

    def event_view(self, event: Event, seat: int | None) -> Event:
        return redact_event(event, seat)

    def outcome(self, state: PaperbackState) -> Outcome | None:
        if not state.ended or state.result is None:
            return None
        r = state.result
        detail = {"commons": list(r["commons"]), "turns": list(r["turns"]),
                  "best_words": list(r["best_words"]), "reason": r.get("reason"),
                  "fame": [fame_parts(state, s) for s in range(state.seats)]}
        for k in ("award", "theme", "coop"):
            if k in r:
                detail[k] = copy.deepcopy(r[k])
        return Outcome(list(r["scores"]), list(r["winners"]), r["tiebreak"], detail)

    def to_data(self, state: PaperbackState) -> Any:
        return state.to_data()

    def legacy_data(self, state: PaperbackState, events: Sequence[Event], rules_version: int) -> Any:
        raise ValueError(f"paperback has no rules version {rules_version}")

    def legal_commands(self, view: dict, seat: int) -> Iterable[Command]:
        return legal_commands(view, seat)

    # ---- decide ---------------------------------------------------------------------
    def _not_acting(self, state: PaperbackState, kind: str, seat: int) -> RuleError:
        if state.phase == "vote" and kind == "vote":
            return RuleError("err.paperback.not_voting")
        if state.phase == "respond" and kind == "answer":
            return RuleError("err.paperback.nothing_owed")
        for p in self.plugins_on(state):
            if (refusal := p.not_acting(state, kind, seat)) is not None:
                return refusal
        return RuleError("err.not_your_turn")

    def _precheck(self, state: PaperbackState, kind: str, seat: int) -> None:
        if kind in ("spell", "pass", "propose") and state.effects[seat].owed():
            raise RuleError("err.paperback.answer_first")

    def _decide_spell(self, state: PaperbackState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        ids = _ids(cmd.get("cards"), "err.paperback.spell_shape")
        letters = cmd.get("letters") or {}
        if not isinstance(letters, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                    for k, v in letters.items()):
            raise RuleError("err.paperback.spell_shape")
        if len(set(ids)) != len(ids):
            raise RuleError("err.paperback.card_twice")
        eff = state.effects[seat]
        hand = set(state.hands[seat])
        pieces, texts, laid_powers = lay(state, seat, ids, letters)
        word = " ".join(laid_words(state, texts, laid_powers))
        c = content()
        s = score(pieces, minus=eff.minus, common_bonus=c.common_bonus, itemise=True)
        in_word = [cid for cid in ids if cid not in (COMMON, PLAGIARISM)]
        abilities = [card.ability for card, _, ref in pieces if not ref and not card.wild]  # a typo: none

        trash = _ids(cmd.get("trash"), "err.paperback.spell_shape")
        may_trash = sum(a.n for a in abilities if a.kind == "trash_hand")
        if len(set(trash)) != len(trash) or any(t not in hand or t in in_word for t in trash):
            raise RuleError("err.paperback.trash_hand")
        if len(trash) > may_trash:
            raise RuleError("err.paperback.trash_too_many", most=may_trash)
        trash_offer = _ids(cmd.get("trash_offer"), "err.paperback.spell_shape")
        may_offer = sum(a.n for a in abilities if a.kind == "trash_offer")
        if len(trash_offer) > may_offer:
            raise RuleError("err.paperback.trash_too_many", most=may_offer)
        if len(set(trash_offer)) != len(trash_offer) or any(t not in state.offer() for t in trash_offer):
            raise RuleError("err.paperback.trash_offer")

        claimed = None
        need = state.need
        if need is not None and s.letters >= need and not eff.no_claim:
            claimed = state.top_common
        attacks = [a.code for a in abilities if a.attack]
        extra = self.spelled_fields(state, seat, word)
        out = [event("spelled", seat, cards=ids, texts=texts, word=word, cents=s.cents,
                     draws=s.draws, letters=s.letters, claimed=claimed, trash=trash,
                     attacks=attacks, items=[list(i) for i in s.items], **extra)]
        if trash_offer:
            out.append(event("offer_trashed", seat, cards=trash_offer))
        return self._laid(state, seat, cmd, out, rng)

    def _laid(self, state: PaperbackState, seat: int, cmd: Command, made: list[Event] | None,
              rng: Rng) -> list[Event] | None:
        """A laying's events (`made`; None for a pass), or an option's in their place
        (simultaneous play's announcement); None: a pass as the base plays it."""
        for p in self.plugins_on(state):
            if (took := p.laid(self, state, seat, cmd, made, rng)) is not None:
                return took
        return made

    def spelled_fields(self, state: PaperbackState, seat: int, word: str) -> dict[str, Any]:
        """What the options add to the `spelled` event of `word` (its bounty, its theme)."""
        out: dict[str, Any] = {}
        for p in self.plugins_on(state):
            out.update(p.spelled(self, state, seat, word))
        return out

    def _decide_pass(self, state: PaperbackState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        took = self._laid(state, seat, cmd, None, rng)
        if took is not None:
            return took
        return self._end_turn(state, [self._passed(state, seat)], rng, cmd.get("cube_on"))

    def _passed(self, state: PaperbackState, seat: int) -> Event:
        more: dict[str, Any] = {}
        for p in self.plugins_on(state):
            more.update(p.passed(state))
        return event("passed", seat, **more)

    def follow_up(self, state: PaperbackState, rng: Rng) -> list[Event]:
        """What follows by itself (engine/core/followup.py): in simultaneous play the
        deal after the draft, the reveal, the votes and the round's resolution
        (simultaneous.py: follow_up); in turns, at a turn's start (a turn just ended: nothing laid,
        spent or asked yet) the used 2¢ vowels back when the spread ran out, then the
        game's end when it is over."""
        on = self.plugins_on(state)
        for p in on:
            if (follows := p.follow_up(self, state, rng)) is not None:
                return follows
        if (state.phase != "spell" or state.play or state.laid or state.cents or state.power_used
                or state.bounty is not None):
            return []
        for p in on:
            if starts := p.turn_start(state):
                return starts
        return self._ending(state)

    def _decide_propose(self, state: PaperbackState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        return self._laid(state, seat, cmd, super()._decide_propose(state, seat, cmd, rng), rng)

    def _decide_buy(self, state: PaperbackState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        wanted = _ids(cmd.get("cards"), "err.paperback.buy_shape")
        cards = state.cards
        piles = {k: list(v) for k, v in state.piles.items()}
        front = dict(state.front)
        fame = {k: list(v) for k, v in state.fame.items()}
        got, spent = [], 0
        on = self.plugins_on(state)
        for cid in wanted:
            # an option's card first (the co-op pyramid's, by id), else a pile's or the Offer's
            card = next((c for p in on if (c := p.buy_card(state, fame, cid)) is not None), None)
            if card is None and cid in fame:
                if not fame[cid]:
                    raise RuleError("err.paperback.pile_empty")
                card = cards[fame[cid].pop(0)]
            elif card is None and cid in _offer(piles, front):
                card = cards[cid]
                _take(piles, front, cid)
                spent += flexible.price(state, cid) - card.cost     # its discount
            elif card is None:
                raise RuleError("err.paperback.not_for_sale", card=cid)
            got.append(card.id)
            spent += card.cost
        cubes = cmd.get("cubes", 0)
        if isinstance(cubes, bool) or not isinstance(cubes, int) or not 0 <= cubes <= state.cubes[seat]:
            raise RuleError("err.paperback.cubes", held=state.cubes[seat])
        if spent > state.cents + cubes:
            raise RuleError("err.paperback.too_dear", cost=spent, cents=state.cents + cubes)
        more = {"cubes": cubes} if cubes else {}
        return self._end_turn(state, [event("bought", seat, cards=got, spent=spent, **more)], rng,
                              cmd.get("cube_on"))

    # the table vote (engine/words/tablevote.py) on a word the list lacks
    def _proposal(self, state: PaperbackState, raw: Any) -> str:
        word = raw.strip().lower() if isinstance(raw, str) else ""
        if not 2 <= len(word) <= MAX_WORD or any(ch not in LETTERS for ch in word):
            raise RuleError("err.paperback.word_shape")
        return word

    def _listed(self, state: PaperbackState, word: str) -> bool:
        return is_word(word) or word in state.accepted

    def _decide_answer(self, state: PaperbackState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        eff = state.effects[seat]
        if not eff.owed():
            raise RuleError("err.paperback.nothing_owed")
        cards = state.cards
        hand = list(state.hands[seat])
        given: dict[str, list[str]] = {}
        for key in ("discard_wild", "discard", "topdeck"):
            chosen = _ids(cmd.get(key), "err.paperback.answer_shape")
            pool = [h for h in hand if cards[h].wild] if key == "discard_wild" else hand
            owed = min(getattr(eff, key), len(pool))
            if len(chosen) != owed or len(set(chosen)) != owed or any(h not in pool for h in chosen):
                raise RuleError("err.paperback.answer_owed", n=owed, what=f"@paperback.answer.{key}")
            for h in chosen:
                hand.remove(h)
            given[key] = chosen
        return [event("answered", seat, **given)]

    def _end_turn(self, state: PaperbackState, head: list[Event], rng: Rng,
                  cube_on: Any = None) -> list[Event]:
        """The events that finish the seat's turn after `head` (its pass or its buy):
        discard everything, draw 5 plus the extra draws (reshuffling the discard pile
        into a new deck when the deck runs out), and end the game when it is over."""
        seat = state.turn
        bought = head[0].get("cards", [])
        ended = self._refill(state, seat, bought, rng)
        out = list(head)
        on = self.plugins_on(state)
        taken = [evs for p in on if (evs := p.turn_end(self, state, seat, head, cube_on)) is not None]
        if not taken and cube_on is not None:      # no option takes a cube_on
            raise RuleError("err.paperback.cube_on")
        out += [ev for evs in taken for ev in evs]
        out.append(ended)
        return out          # the restock and the end follow up (simultaneous play: the round)

    def _refill(self, state: PaperbackState, seat: int, bought: Sequence[str], rng: Rng) -> Event:
        """`seat`'s turn_ended: the word and the hand discarded (one-shot cards out of the
        game), a new hand drawn (5, or 6 in simultaneous play, plus the extra draws), the
        discard pile (the cards just bought included) shuffled into a new deck when the
        deck runs out."""
        cards = state.cards
        one_shot = [cid for cid in state.play if cards[cid].ability.kind == "one_shot"]
        discard = (state.discards[seat] + list(bought)
                   + [cid for cid in state.play if cid not in one_shot] + state.hands[seat])
        sizes = [n for p in self.plugins_on(state) if (n := p.hand_size(state)) is not None]
        need = (sizes[0] if sizes else content().hand_size) + state.draws
        deck = state.decks[seat]
        drawn = deck[:need]
        new_deck = None
        if len(drawn) < need and discard:
            new_deck = list(discard)
            rng.shuffle(new_deck)
            drawn = drawn + new_deck[:need - len(drawn)]
        return event("turn_ended", seat, drawn=drawn, new_deck=new_deck, one_shot=one_shot)

    def _ending(self, after: PaperbackState) -> list[Event]:
        """The game's end, when `after` (the state at a turn's end, or a round's in
        simultaneous play) is over: [game_ended], else []."""
        for p in self.plugins_on(after):
            if p.OWN_END:                      # (the co-op pyramid's win or loss)
                end = p.end_reason(after)
                return [] if end is None else [event("game_ended", None, **final_result(after), reason=end)]
        empty = sum(1 for pile in after.fame.values() if not pile)
        if empty >= content().end_empty_piles or not after.commons:
            return [event("game_ended", None, **final_result(after),
                          reason="fame" if after.commons else "commons")]
        return []

    # ---- apply, one per event -------------------------------------------------------
    @staticmethod
    def _on_set_up(state: PaperbackState, ev: Event) -> None:
        state.piles = {}
        state.front = {}
        for pid, _, spread in content().piles:
            pile = list(ev["piles"][pid])
            state.front[pid] = None if spread or not pile else pile.pop(0)
            state.piles[pid] = pile
        state.fame = {k: list(v) for k, v in ev["fame"].items()}
        state.commons = list(ev["commons"])
        state.boxed = list(ev.get("boxed", []))
        size = int(ev["hand_size"])
        for s, deck in enumerate(ev["decks"]):
            state.hands[s] = list(deck[:size])
            state.decks[s] = list(deck[size:])
        state.turn = int(ev["start"])
        state.phase = "spell"

    @staticmethod
    def _on_spelled(state: PaperbackState, ev: Event) -> None:
        seat = ev["seat"]
        state.turn = seat                       # (simultaneous play: the word resolving now)
        used = [cid for cid in ev["cards"] if cid not in (COMMON, PLAGIARISM)]
        state.hands[seat] = [h for h in state.hands[seat] if h not in used and h not in ev["trash"]]
        state.last_word = ev["word"]
        state.play = used
        top = state.commons[0] if state.commons else None
        state.laid = [[top if cid == COMMON and top is not None else cid, text]
                      for cid, text in zip(ev["cards"], ev["texts"])]
        state.trash.extend(ev["trash"])
        state.trashed[seat] += len(ev["trash"])
        state.cents = int(ev["cents"])
        state.draws = int(ev["draws"])
        if ev["claimed"] is not None:
            state.commons.pop(0)
            state.claimed += 1
            state.discards[seat].append(ev["claimed"])
        for code in ev["attacks"]:
            ab = parse_ability(code, "event")
            for other in range(state.seats):
                if other != seat:
                    add_attack(state.effects[other], ab.kind, ab.n)
        named = []
        for other in range(state.seats):        # what each victim can give from its hand now
            if other != seat and cap_owed(state, other):
                named.append(other)
        state.words.append({"seat": seat, "word": ev["word"], "cents": int(ev["cents"]),
                            "turn": state.turns[seat] + 1})
        state.phase = "buy"
        if named:                               # the victims answer in turn, then the buy
            state.phase = "respond"
            state.responding = {"by": seat, "named": named, "answered": []}

    @staticmethod
    def _on_offer_trashed(state: PaperbackState, ev: Event) -> None:
        for cid in ev["cards"]:
            _take(state.piles, state.front, cid)
            state.trash.append(cid)
            state.discount.pop(cid, None)

    @staticmethod
    def _on_passed(state: PaperbackState, ev: Event) -> None:
        state.last_word = None
        if ev.get("cube"):
            state.cubes[ev["seat"]] += 1
        state.cents = 0
        state.draws = 0
        state.play = []
        state.laid = []

    def _on_bought(self, state: PaperbackState, ev: Event) -> None:
        for cid in ev["cards"]:
            pile = state.cards[cid].pile
            if pile in state.fame:
                state.fame[pile].remove(cid)
            else:
                front = flexible.discounted_front(state.piles, state.front, cid)
                _take(state.piles, state.front, cid)
                state.discount.pop(cid, None)            # its cubes leave with it
                if front is not None:                    # a pile top bought (Offer discount)
                    for p in self.plugins_on(state):
                        p.pile_top_bought(state, front)
            state.discards[ev["seat"]].append(cid)       # gained cards go to the discard pile
        state.cubes[ev["seat"]] -= ev.get("cubes", 0)

    def _on_turn_ended(self, state: PaperbackState, ev: Event) -> None:
        seat = ev["seat"]
        one_shot = set(ev["one_shot"])
        discard = state.discards[seat]
        discard.extend(cid for cid in state.play if cid not in one_shot)
        discard.extend(state.hands[seat])
        state.trash.extend(cid for cid in state.play if cid in one_shot)
        state.trashed[seat] += sum(1 for cid in state.play if cid in one_shot)
        drawn = list(ev["drawn"])
        deck = state.decks[seat]
        if ev["new_deck"] is None:
            state.decks[seat] = deck[len(drawn):]
        else:                      # the old deck is drawn out, then the reshuffled discard
            state.decks[seat] = list(ev["new_deck"])[len(drawn) - len(deck):]
            state.discards[seat] = []
        state.hands[seat] = drawn
        state.play = []
        state.laid = []
        state.cents = 0
        state.draws = 0
        eff = state.effects[seat]
        eff.minus, eff.no_common, eff.no_claim = 0, False, False
        state.turns[seat] += 1
        if not any([p.pass_turn(state, seat) for p in self.plugins_on(state)]):
            state.turn = next_seat(seat, state.seats)
            state.phase = "spell"

    @staticmethod
    def _on_answered(state: PaperbackState, ev: Event) -> None:
        seat = ev["seat"]
        hand = state.hands[seat]
        eff = state.effects[seat]
        for cid in ev["discard_wild"] + ev["discard"]:
            hand.remove(cid)
            state.discards[seat].append(cid)
        for cid in reversed(ev["topdeck"]):
            hand.remove(cid)
            state.decks[seat].insert(0, cid)
        eff.discard = eff.discard_wild = eff.topdeck = 0
        r = state.responding
        if r is not None:
            r["answered"].append(seat)
            if set(r["answered"]) >= set(r["named"]):
                state.responding = None
                state.phase = "buy"

    @staticmethod
    def _on_game_ended(state: PaperbackState, ev: Event) -> None:
        state.result = {k: copy.deepcopy(ev[k]) for k in
                        ("scores", "winners", "tiebreak", "commons", "turns", "best_words", "reason",
                         "award", "theme", "coop") if k in ev}
        state.phase = "over"


# ---- helpers ----------------------------------------------------------------------------
_offer = face_up              # the face-up market cards of piles and front cards


def _take(piles: dict[str, list[str]], front: dict[str, str | None], cid: str) -> None:
    """Take a face-up card off the market and refill (§4.2): the front card is replaced
    by the pile's top; a pile top by the next card of the pile; a spread (and the Offer of
    simultaneous play) just shrinks."""
    if cid in piles.get(sim.OFFER, ()):
        piles[sim.OFFER].remove(cid)
        return
    for pid, _, spread in content().piles:
        pile = piles[pid]
        if spread:
            if cid in pile:
                pile.remove(cid)
                return
        elif front.get(pid) == cid:
            front[pid] = pile.pop(0) if pile else None
            return
        elif pile and pile[0] == cid:
            pile.pop(0)
            return
    raise KeyError(cid)
