"""The suspicion assistant against brute force over every deal (exact integers and
fractions) at 4 seats with the neutral seat and at 5 seats, on positions of seeded
games and on hand-made ones: the shepherd boy's "Wolf!" that may be a lie, a "Wolf!" at
one's own sheep that unmasks a shepherd boy, "?" cards, shuffles."""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.wooolf.bruteforce import brute_ask, brute_declaration, brute_force, brute_peek, brute_probabilities
from engine.wooolf.content import content
from engine.wooolf.knowledge import Knowledge
from engine.wooolf.rules import WooolfRules
from engine.wooolf.state import NOBODY
from engine.wooolf.suspicion import declaration_odds, suspect

RULES = WooolfRules()
DECK5 = content().deck(5)


def same(k: Knowledge) -> None:
    s = suspect(k)
    z, roles, absent = brute_force(k)
    assert (s.z, s.roles, s.absent) == (z, roles, absent)
    if z:
        probs, pabs = brute_probabilities(k)
        assert [s.role_probs(h) for h in range(k.holders)] == probs
        assert {r: s.p_absent(r) for r in absent} == pabs
        for h in range(k.holders):
            assert sum(s.role_probs(h).values()) == 1


def positions(seats: int, games: int, seed0: int):
    """Knowledge of every player after every command of seeded random games."""
    for g in range(games):
        s = LocalSession(RULES, seats, {"advanced": g % 2 == 1}, seed=seed0 + g, log=False)
        rng = Rng(seed0 + g)
        while s.outcome() is None:
            seat = min(s.to_act())
            cmds = list(RULES.legal_commands(s.view(seat), seat))
            s.submit(rng.choice(cmds))
            if s.state.phase == "turns":
                for obs in range(seats):
                    yield Knowledge.from_view(RULES.view(s.state, obs))


@pytest.mark.parametrize("seats,seed0", [(4, 0), (5, 50)])
def test_matches_brute_force_exactly_on_seeded_games(seats, seed0):
    """Every eighth position of two games (one of them advanced), each observer in turn:
    the brute force over every deal takes the time (the benchmark checks every position:
    `python bench/wooolf_assistant.py`)."""
    n = 0
    for i, k in enumerate(positions(seats, 2, seed0)):
        if i % 8 == 0:
            same(k)
            n += 1
    assert n >= 20


@pytest.mark.parametrize("seats,seed0", [(4, 7), (5, 9)])
def test_peek_and_ask_outcomes_match_brute_force(seats, seed0):
    rng = Rng(seed0)
    n = 0
    for i, k in enumerate(positions(seats, 2, seed0)):
        if i % 12:
            continue
        s = suspect(k, absent=False)
        h = rng.choice([x for x in range(k.holders) if x != k.seat])
        pos = rng.below(2)
        assert {key: v for key, v in s.peek_outcomes(h, pos).items() if v} == brute_peek(k, h, pos)
        p = rng.choice([x for x in range(k.seats) if x != k.seat])
        q = rng.choice([x.id for x in content().questions])
        assert {key: v for key, v in s.ask_outcomes(p, q).items() if v} == brute_ask(k, p, q)
        targets = content().roles[content().identity(k.cards)].targets
        choices = [x for x in range(k.holders) if x != k.seat] + [NOBODY]
        arrows = [rng.choice(choices) for _ in targets]
        assert declaration_odds(k, arrows) == brute_declaration(k, arrows)
        n += 1
    assert n > 6


def k5(cards=("B05", "B06"), **kw) -> Knowledge:
    return Knowledge(seats=5, holders=5, neutral=None, seat=0, deck=tuple(DECK5), cards=cards, **kw)


def test_no_facts_counts_every_deal():
    k = k5()
    s = suspect(k)
    assert s.z == 2520                      # 8 cards into four pairs
    same(k)
    # two wolf... one wolf card B01 among 8 unseen cards: each other seat a wolf 1/4
    assert all(s.p(h, "wolf") == Fraction(1, 4) for h in range(1, 5))
    assert s.p(0, "sheep") == 1


def test_wolf_call_may_be_a_lie():
    # seat 1 says "Wolf!" about seat 2's first card: a wolf-faced card (B08), or seat 1 is the
    # shepherd boy (B02) and the card is anything but "?"
    k = k5(markers=((1, 2, 0, 0, "wolf", None),))
    same(k)
    s = suspect(k)
    assert 0 < s.p(1, "shepherd") < 1
    assert s.p(2, "hound") > suspect(k5()).p(2, "hound")
    # once seat 1 also said "A hunter!" it is no shepherd boy: the Wolf! was the truth
    k2 = k5(markers=((1, 2, 0, 0, "wolf", None), (1, 3, 0, 0, "hunter", None)))
    same(k2)
    s2 = suspect(k2)
    assert s2.p(1, "shepherd") == 0 and s2.p(2, "sheep") == 0
    # the card at seat 2's first position is B08, the hound that shows Wolf
    assert {kd for kd, _ in s2.peek_outcomes(2, 0)} == {("hound", "wolf")}


def test_wolf_call_at_my_sheep_unmasks_the_shepherd_boy():
    k = k5(markers=((3, 0, 1, 0, "wolf", "B06"),))
    same(k)
    s = suspect(k)
    assert s.p(3, "shepherd") == 1 and s.certain(3) == "shepherd"
    assert all(s.p(h, "shepherd") == 0 for h in (1, 2, 4))


def test_question_mark_and_own_peeks_and_shuffles():
    # a "?" at seat 4 (B07 hunter or B11 is not in the 5-seat deck): seat 4 holds B07
    k = k5(markers=((2, 4, 1, 0, "unknown", None),))
    same(k)
    assert suspect(k).p(4, "wolf") + suspect(k).p(4, "shepherd") + suspect(k).p(4, "hunter") == 1
    # I saw B01 (the wolf) at seat 3, position 0; then seat 3 shuffled (epoch 1) and seat 2 saw
    # position 0 say "A sheep!": B01 shows Sheep too, so that card may be the wolf again
    k2 = k5(peeks=((3, 0, 0, "B01"),), markers=((0, 3, 0, 0, "sheep", None), (2, 3, 0, 1, "sheep", None)),
            epochs=(0, 0, 0, 1, 0))
    same(k2)
    s = suspect(k2)
    assert s.p(3, "wolf") == 1 and s.absent["wolf"] == 0
    out = s.peek_outcomes(3, 1)
    assert sum(out.values()) == 2 * s.z
    k3 = k5(asks=((1, "card_hound", True), (2, "wolf_hunter_shepherd", False)))
    same(k3)
    s3 = suspect(k3)
    assert s3.p(2, "wolf") == 0 and s3.p(2, "hunter") == 0 and s3.p(1, "sheep") == 0


def test_neutral_seat_peeks_are_each_their_own_epoch():
    deck = tuple(content().deck(4))
    k = Knowledge(seats=4, holders=5, neutral=4, seat=1, deck=deck, cards=("B03", "B09"),
                  markers=((0, 4, 0, 0, "sheep", None), (2, 4, 0, 1, "hound", None), (3, 4, 0, 2, "sheep", None)),
                  peeks=((4, 1, 3, "B04"),), epochs=(0, 0, 0, 0, 4))
    same(k)
    s = suspect(k)
    assert s.p(4, "hound") + s.p(4, "shepherd") + s.p(4, "wolf") == 1


def test_inconsistent_knowledge_has_no_deal():
    k = k5(markers=((3, 0, 1, 0, "hunter", "B06"),))   # a "hunter" at my sheep card
    s = suspect(k)
    assert s.z == 0 and not s.consistent
    assert brute_force(k)[0] == 0


def synthetic(rng: Rng, deck: list[str], holders: int = 5, steps: int = 14) -> Knowledge:
    """Seat 0's knowledge after random true events on a random deal of `deck` (any ten
    cards, so two shepherd boys and several "Wolf!" callers can meet at five holders)."""
    from engine.wooolf.rules import announcement
    c = content()
    cards = list(deck)
    rng.shuffle(cards)
    hold = [cards[2 * h:2 * h + 2] for h in range(holders)]
    ident = [c.identity(p) for p in hold]
    epochs = [0] * holders
    peeks, markers, asks = [], [], []
    for _ in range(steps):
        kind = rng.below(6)
        boys = [h for h in range(1, holders) if ident[h] == "shepherd"]
        by = rng.choice(boys) if boys and rng.below(3) else rng.below(holders)   # boys peek a lot
        target = rng.choice([h for h in range(holders) if h != by and not (h == 0 and by in boys)])
        if kind <= 3:                                       # a peek
            pos = rng.below(2)
            card = hold[target][pos]
            said = announcement(c.cards[card].public, ident[by])
            markers.append((by, target, pos, epochs[target], said, card if target == 0 else None))
            if by == 0:
                peeks.append((target, pos, epochs[target], card))
        elif kind == 4:                                     # a shuffle (its result unseen by 0)
            if rng.below(2):
                hold[by].reverse()
            epochs[by] += 1
        else:                                               # a question
            q = rng.choice(list(c.questions))
            asks.append((target, q.id, q.answer(ident[target], tuple(c.cards[x].role for x in hold[target]))))
    return Knowledge(seats=holders, holders=holders, neutral=None, seat=0, deck=tuple(deck),
                     cards=tuple(hold[0]), peeks=tuple(peeks), markers=tuple(markers), asks=tuple(asks),
                     epochs=tuple(epochs))


def test_two_shepherd_boys_and_many_wolf_calls_match_brute_force():
    """Decks with both shepherd-boy cards (7-8 seats have two) on five holders: the cases
    with two shepherd boys, and the 'Wolf!' of each, against brute force."""
    from engine.wooolf.suspicion import problem
    c = content()
    rng = Rng(13)
    multi = split = 0
    for i in range(36):
        pool = [x for x in c.deck(8) if x not in ("B02", "B14")] + (["A1", "A2", "A4"] if i % 3 == 0 else [])
        rng.shuffle(pool)
        deck = ["B02", "B14"] + pool[:8]
        k = synthetic(rng, deck, steps=8 + i % 12)
        same(k)
        multi += sum(1 for m in k.markers if m[4] == "wolf") >= 2
        pb = problem(k)
        split += pb is not None and len(pb.cases) >= 3      # two or more callers in doubt
    assert multi > 12 and split > 2
