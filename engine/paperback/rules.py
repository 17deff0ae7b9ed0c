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
Options (declared in engine/paperback/spec.py; each in its own module) add:
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
from engine.paperback.awards import awards as award_deck
from engine.paperback.finder import COMMON
from engine.paperback import bounty, coop, flexible, simultaneous as sim, themes
from engine.paperback.powers import PLAGIARISM, letter_card, plagiarism_card, typo_card
from engine.paperback.powers import applies as power_applies, powers as power_deck
from engine.paperback.scoring import score
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
    "vote": ("vote",), "buy": ("buy",), "power": ("spell",),
    "draft": ("draft",),
}
MAX_WORD = 40


def _ids(raw: Any, code: str) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise RuleError(code)
    return list(raw)


class PaperbackRules(TableVote, PhasedRules[PaperbackState]):
    spec: ClassVar[GameSpec] = SPEC
    game: ClassVar[str] = "paperback"
    rules_version: ClassVar[int] = 1
    seats: ClassVar[range] = SPEC.seats
    variants: ClassVar[tuple[str, ...]] = ("classic",)
    PHASE_OF = PHASE_OF
    PLUGINS = (bounty.PLUGIN, themes.PLUGIN)
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
        hand_size = c.hand_size
        if sim.on(state):                        # one market deck and a 10-card Offer; hands after the draft
            piles, dealt = sim.market(state, rng)
            more.update(dealt)
            hand_size = 0
        if state.options.get("powers"):          # one power to each player, at random
            deck = list(power_deck())
            rng.shuffle(deck)
            more["powers"] = deck[:state.seats]
        if state.options.get("awards"):          # one award, revealed
            more["award"] = rng.choice(sorted(award_deck()))
        fields = dict(piles=piles, fame=fame, commons=commons, decks=decks, start=start,
                      hand_size=hand_size, **more)
        for p in self.plugins_on(state):
            p.set_up(state, rng, fields)
        return [event("set_up", None, **fields)]

    def to_act(self, state: PaperbackState) -> frozenset[int]:
        if state.phase in sim.PHASES and state.sim is not None:
            return sim.to_act(state)
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
        cards = state.cards
        ids = _ids(cmd.get("cards"), "err.paperback.spell_shape")
        letters = cmd.get("letters") or {}
        if not isinstance(letters, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                    for k, v in letters.items()):
            raise RuleError("err.paperback.spell_shape")
        if len(set(ids)) != len(ids):
            raise RuleError("err.paperback.card_twice")
        eff = state.effects[seat]
        hand = set(state.hands[seat])
        pieces = []
        texts = []
        powers = [cards[state.top_common].power if cid == COMMON and state.top_common else
                  cards[cid].power if cid in hand else "" for cid in ids]
        reversing = "dyslexia" in powers        # one two-letter card may be laid reversed
        power = state.powers[seat] if state.powers else None
        typo = stuck = power                    # a word power, one use in the word
        for cid in ids:
            if cid == PLAGIARISM:
                text = letters.get(cid, "").lower()
                if power != "plagiarism" or not state.last_word:
                    raise RuleError("err.paperback.no_plagiarism")
                if len(text) != 1 or text not in LETTERS or text not in state.last_word:
                    raise RuleError("err.paperback.plagiarism_letter", word=state.last_word.upper())
                pieces.append((plagiarism_card(text), text, False))
            elif cid == COMMON:
                top = state.top_common
                if top is None:
                    raise RuleError("err.paperback.no_common")
                if eff.no_common:
                    raise RuleError("err.paperback.common_blocked")
                text = cards[top].letters
                pieces.append((cards[top], text, True))
            elif cards[cid].power if cid in hand else False:
                text = ""
                pieces.append((cards[cid], text, False))
            else:
                if cid not in hand:
                    raise RuleError("err.paperback.not_in_hand", card=cid)
                card = cards[cid]
                text = letters.get(cid, "").lower() if card.wild else letters.get(cid, card.letters).lower()
                if card.wild:
                    if len(text) != 1 or text not in LETTERS:
                        raise RuleError("err.paperback.wild_letter")
                elif text not in card.texts():
                    if reversing and len(card.letters) == 2 and text == card.letters[::-1]:
                        reversing = False           # Dyslexia used
                    elif typo == "typo" and letter_card(card) and len(text) == 1 and text in LETTERS:
                        typo = None                 # the typo: another letter, 0¢, no ability
                        card = typo_card(card)
                    elif stuck == "stuck_key" and letter_card(card) and text == card.letters * 2:
                        stuck = None                # the stuck key: the letter twice
                    else:
                        raise RuleError("err.paperback.laid_as", card=card.letters.upper(), text=text.upper())
                pieces.append((card, text, False))
            texts.append(text)
        if sum(1 for card, _, ref in pieces if ref or card.kind == "common") > 1:
            raise RuleError("err.paperback.one_common")
        stray = set(letters) - set(ids)
        if stray:
            raise RuleError("err.paperback.spell_shape")
        if reversing:
            raise RuleError("err.paperback.dyslexia_unused")
        words = ["".join(t for t, p in zip(texts, powers) if p != "space")] if "space" not in powers \
            else "".join(t if p != "space" else " " for t, p in zip(texts, powers)).split(" ")
        c = content()
        for word in words:
            if len(word) < c.min_word:
                raise RuleError("err.paperback.too_short", least=c.min_word)
            if len(word) > MAX_WORD:
                raise RuleError("err.paperback.spell_shape")
            if not (is_word(word) or word in state.accepted):
                if word in state.refused:
                    raise RuleError("err.paperback.word_refused", word=word.upper())
                raise RuleError("err.paperback.unknown_word", word=word.upper())
        word = " ".join(words)
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
        return sim.announce(self, state, seat, cmd, out, rng) if sim.on(state) else out

    def spelled_fields(self, state: PaperbackState, seat: int, word: str) -> dict[str, Any]:
        """What the options add to the `spelled` event of `word` (its bounty, its theme)."""
        out: dict[str, Any] = {}
        for p in self.plugins_on(state):
            out.update(p.spelled(self, state, seat, word))
        return out

    def _decide_pass(self, state: PaperbackState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        if sim.on(state):
            return sim.announce(self, state, seat, cmd, None, rng)
        return self._end_turn(state, [self._passed(state, seat)], rng, cmd.get("cube_on"))

    @staticmethod
    def _passed(state: PaperbackState, seat: int) -> Event:
        more = {"cube": True} if flexible.on(state, "discard_cube") else {}   # the hand for a cube
        return event("passed", seat, **more)

    def _decide_draft(self, state: PaperbackState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        return sim.decide_draft(state, seat, cmd)

    def follow_up(self, state: PaperbackState, rng: Rng) -> list[Event]:
        """What follows by itself (engine/core/followup.py): simultaneous play's deal
        after the draft; in turns, at a turn's start (a turn just ended: nothing laid,
        spent or asked yet) the used 2¢ vowels back when the spread ran out, then the
        game's end when it is over."""
        if sim.on(state):
            return sim.follow_up(state, rng)
        if (state.phase != "spell" or state.play or state.laid or state.cents or state.power_used
                or state.bounty is not None):
            return []
        if flexible.on(state, "vowel_reshuffle") and (cards := flexible.vowels_to_restock(state)):
            return [event("vowels_restocked", None, cards=cards)]
        return self._ending(state)

    def _decide_propose(self, state: PaperbackState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        out = super()._decide_propose(state, seat, cmd, rng)
        return sim.announce(self, state, seat, cmd, out, rng) if sim.on(state) else out

    def _decide_vote(self, state: PaperbackState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        out = super()._decide_vote(state, seat, cmd, rng)
        return out + sim.after_vote(self, state, out) if sim.on(state) else out

    @staticmethod
    def _on_word_proposed(state: PaperbackState, ev: Event) -> None:
        TableVote._on_word_proposed(state, ev)
        if state.sim is not None:
            sim.on_word_proposed(state)

    # simultaneous play's events (engine/paperback/simultaneous.py)
    _on_drafted = staticmethod(sim.on_drafted)
    _on_decks_dealt = staticmethod(sim.on_decks_dealt)
    _on_offer_replaced = staticmethod(sim.on_offer_replaced)
    _on_announced = staticmethod(sim.on_announced)
    _on_words_revealed = staticmethod(sim.on_words_revealed)

    def _decide_buy(self, state: PaperbackState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        wanted = _ids(cmd.get("cards"), "err.paperback.buy_shape")
        cards = state.cards
        piles = {k: list(v) for k, v in state.piles.items()}
        front = dict(state.front)
        fame = {k: list(v) for k, v in state.fame.items()}
        got, spent = [], 0
        pyramid = flexible.on(state, "coop")
        for cid in wanted:
            if pyramid and cid in cards and cid in coop.uncovered(fame):   # a pyramid card, by id
                card = cards[cid]
                fame[card.pile].remove(cid)
            elif pyramid and (cid in fame or cid in cards and cards[cid].kind == "fame"):
                raise RuleError("err.paperback.covered")
            elif cid in fame:
                if not fame[cid]:
                    raise RuleError("err.paperback.pile_empty")
                card = cards[fame[cid].pop(0)]
            elif cid in _offer(piles, front):
                card = cards[cid]
                _take(piles, front, cid)
                spent += flexible.price(state, cid) - card.cost     # its discount
            else:
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

    def _decide_power(self, state: PaperbackState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        power = state.powers[seat] if state.powers else None
        if power not in ("writers_block", "ghost_writer"):
            raise RuleError("err.paperback.no_turn_power")
        if state.power_used:
            raise RuleError("err.paperback.power_used")
        cards = state.cards
        hand = state.hands[seat]
        deck = list(state.decks[seat])
        card = None
        if power == "ghost_writer":
            card = cmd.get("card")
            if card not in hand:
                raise RuleError("err.paperback.ghost_card")
            deck.append(card)                    # to the bottom, then a card from the top
        can_draw = bool(deck or state.discards[seat])
        if not power_applies(power, [cards[h] for h in hand], state.last_word, can_draw):
            raise RuleError("err.paperback.power_not_now", power=f"@paperback.power.{power}")
        new_deck = None
        if not deck:
            new_deck = list(state.discards[seat])
            rng.shuffle(new_deck)
            deck = new_deck
        return [event("power_used", seat, power=power, card=card, drawn=deck[:1], new_deck=new_deck)]

    @staticmethod
    def _on_power_used(state: PaperbackState, ev: Event) -> None:
        seat = ev["seat"]
        deck = state.decks[seat]
        if ev["card"] is not None:
            state.hands[seat].remove(ev["card"])
            deck.append(ev["card"])
        if ev["new_deck"] is not None:
            deck = list(ev["new_deck"])
            state.discards[seat] = []
        state.decks[seat] = deck[len(ev["drawn"]):]
        state.hands[seat].extend(ev["drawn"])
        state.power_used = True

    def _end_turn(self, state: PaperbackState, head: list[Event], rng: Rng,
                  cube_on: Any = None) -> list[Event]:
        """The events that finish the seat's turn after `head` (its pass or its buy):
        discard everything, draw 5 plus the extra draws (reshuffling the discard pile
        into a new deck when the deck runs out), and end the game when it is over."""
        seat = state.turn
        bought = head[0].get("cards", [])
        ended = self._refill(state, seat, bought, rng)
        out = list(head)
        if flexible.on(state, "coop") and not bought:
            mid = copy.deepcopy(state)             # nothing bought: a cube on the pyramid
            for ev in head:
                self.apply(mid, ev)
            free = coop.uncovered(mid.fame)
            if cube_on is not None and cube_on not in free:
                raise RuleError("err.paperback.cube_on")
            target = cube_on if cube_on is not None else coop.cube_target(mid)
            if target is not None:
                out.append(event("cube_placed", seat, card=target))
        elif cube_on is not None:
            raise RuleError("err.paperback.cube_on")
        out.append(ended)
        if sim.on(state):                          # the next word of the round resolves
            return out + sim.advance(self, state, out, rng)
        return out                                 # the restock and the end follow up

    @staticmethod
    def _refill(state: PaperbackState, seat: int, bought: Sequence[str], rng: Rng) -> Event:
        """`seat`'s turn_ended: the word and the hand discarded (one-shot cards out of the
        game), a new hand drawn (5, or 6 in simultaneous play, plus the extra draws), the
        discard pile (the cards just bought included) shuffled into a new deck when the
        deck runs out."""
        cards = state.cards
        one_shot = [cid for cid in state.play if cards[cid].ability.kind == "one_shot"]
        discard = (state.discards[seat] + list(bought)
                   + [cid for cid in state.play if cid not in one_shot] + state.hands[seat])
        need = (sim.HAND if sim.on(state) else content().hand_size) + state.draws
        deck = state.decks[seat]
        drawn = deck[:need]
        new_deck = None
        if len(drawn) < need and discard:
            new_deck = list(discard)
            rng.shuffle(new_deck)
            drawn = drawn + new_deck[:need - len(drawn)]
        return event("turn_ended", seat, drawn=drawn, new_deck=new_deck, one_shot=one_shot)

    @staticmethod
    def _ending(after: PaperbackState) -> list[Event]:
        """The game's end, when `after` (the state at a turn's end, or a round's in
        simultaneous play) is over: [game_ended], else []."""
        if flexible.on(after, "coop"):
            end = coop.over(after)
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
        state.powers = list(ev.get("powers", []))
        state.award = ev.get("award")
        size = int(ev["hand_size"])
        for s, deck in enumerate(ev["decks"]):
            state.hands[s] = list(deck[:size])
            state.decks[s] = list(deck[size:])
        state.turn = int(ev["start"])
        state.phase = "spell"
        if sim.on(state):
            sim.on_set_up(state, ev)

    @staticmethod
    def _on_spelled(state: PaperbackState, ev: Event) -> None:
        seat = ev["seat"]
        state.turn = seat                       # (simultaneous play: the word resolving now)
        used = [cid for cid in ev["cards"] if cid not in (COMMON, PLAGIARISM)]
        state.hands[seat] = [h for h in state.hands[seat] if h not in used and h not in ev["trash"]]
        state.last_word = ev["word"]
        if state.award is not None and not any(state.cards[c].wild for c in used):
            state.clean_words[seat] += 1
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
    def _on_cube_placed(state: PaperbackState, ev: Event) -> None:
        state.coop_cubes[ev["card"]] = state.coop_cubes.get(ev["card"], 0) + 1

    @staticmethod
    def _on_vowels_restocked(state: PaperbackState, ev: Event) -> None:
        for cid in ev["cards"]:
            state.trash.remove(cid)
            state.piles[flexible.spread_pile()].append(cid)

    @staticmethod
    def _on_passed(state: PaperbackState, ev: Event) -> None:
        state.last_word = None
        if ev.get("cube"):
            state.cubes[ev["seat"]] += 1
        state.cents = 0
        state.draws = 0
        state.play = []
        state.laid = []

    @staticmethod
    def _on_bought(state: PaperbackState, ev: Event) -> None:
        for cid in ev["cards"]:
            pile = state.cards[cid].pile
            if pile in state.fame:
                state.fame[pile].remove(cid)
            else:
                cubed = flexible.discounted_front(state.piles, state.front, cid)
                _take(state.piles, state.front, cid)
                state.discount.pop(cid, None)            # its cubes leave with it
                if cubed is not None and flexible.on(state, "offer_discount"):   # a pile top bought:
                    state.discount[cubed] = state.discount.get(cubed, 0) + 1     # a cube on its front
            state.discards[ev["seat"]].append(cid)       # gained cards go to the discard pile
        state.cubes[ev["seat"]] -= ev.get("cubes", 0)

    @staticmethod
    def _on_turn_ended(state: PaperbackState, ev: Event) -> None:
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
        state.power_used = False
        if state.sim is not None:                     # the round goes on in announcement order
            sim.turn_done(state, seat)
        else:
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
