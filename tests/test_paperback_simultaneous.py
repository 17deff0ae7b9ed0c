"""Paperback's simultaneous play (option `simultaneous`, issue 12 item 8): the deal, the
snake draft, the secret announcements and the reveal, the buy order, refused words, the
claims in order, the Offer replaced each round, equal turns; seeded bot games alone and
with the options it allows, through the card-conservation property test, the refold and
the secrets' scramble; the forbidden pairs as usage errors (docs/rules-decisions.md,
"Simultaneous play")."""
from __future__ import annotations

import copy
import functools
import json

import pytest

from engine.core.bots import play_out
from engine.core.errors import RuleError
from engine.core.rng import Rng
from engine.paperback import PaperbackBot
from engine.paperback import simultaneous as sim
from engine.paperback.bot import MS_LEVEL, spelling_ms
from engine.paperback.content import content
from engine.paperback.finder import COMMON
from engine.paperback.spec import FORBIDDEN
from engine.paperback.scramble import scramble, scramble_event
from engine.paperback.themes import themes
from engine.words import is_word
from engine.registry import spec_for
from support.paperback import RULES, keeps_every_card, play, secrets_hold, table as dealt

SIM = {"simultaneous": True}


def table(seats=3, seed=1, start=0, **options):
    """A dealt simultaneous table (support.paperback.table with the option on)."""
    return dealt(seats, seed, start, **SIM, **options)


def drafted(seats=3, seed=1, start=0, **options):
    """A table after the draft (each pick the Offer's first card)."""
    st = table(seats, seed, start, **options)
    while st.phase == "draft":
        (picker,) = RULES.to_act(st)
        play(st, {"type": "draft", "seat": picker, "card": st.piles[sim.OFFER][0]})
    return st


def hand(st, seat, ids):
    """Put exactly `ids` (the seat's own cards) in its hand; the rest to its deck (the
    discard pile too)."""
    pool = st.hands[seat] + st.decks[seat] + st.discards[seat]
    assert all(c in pool for c in ids), ids
    st.hands[seat] = list(ids)
    st.decks[seat] = [c for c in pool if c not in ids]
    st.discards[seat] = []


def rats(seat, ms):
    """RATS from the starting cards: R, a wild as A, T, S (3¢)."""
    return {"type": "spell", "seat": seat, "ms": ms, "cards": [f"s{seat}.R", f"s{seat}.W1", f"s{seat}.T", f"s{seat}.S"],
            "letters": {f"s{seat}.W1": "a"}}


def ready(st):
    """Every hand: the starting R T S L N and a wild."""
    for s in range(st.seats):
        hand(st, s, [f"s{s}.{x}" for x in "RTSLN"] + [f"s{s}.W1"])


def spelled_order(events):
    return [ev["seat"] for ev in events if ev["type"] in ("spelled", "passed")]


# ---- the deal and the draft ----------------------------------------------------------------
def test_the_deal_leaves_out_attack_and_trash_offer_cards_and_shows_a_ten_card_offer():
    for seed in range(5):
        st = table(seed=seed)
        cards = st.cards
        market = st.piles[sim.OFFER] + st.piles[sim.MARKET] + st.trash    # (the dear cards turned up)
        assert len(st.piles[sim.OFFER]) == 10
        assert all(not cards[c].attack and cards[c].ability.kind != "trash_offer" for c in market)
        aside = [c for c, card in cards.items() if card.ability.kind == "trash_offer"]
        assert aside and sorted(st.boxed) == sorted(aside)
        assert all(not st.piles[pid] for pid, _, _ in content().piles)
        assert st.front and all(f is None for f in st.front.values())
        assert sorted(st.offer()) == sorted(st.piles[sim.OFFER])           # the whole Offer is for sale
        # every market card but the set-aside ones is in the one market deck
        assert sorted(market) == sorted(c for c, card in cards.items() if card.kind == "market"
                                        and c not in aside)
        assert st.phase == "draft" and all(h == [] for h in st.hands)
    # the Fame piles and commons as usual
    assert {k: len(v) for k, v in table(seats=2).fame.items()} == {k: len(v) for k, v in
                                                                   _base(2).fame.items()}


def _base(seats):
    st = RULES.initial(seats, {"start": 0})
    for ev in RULES.setup(st, Rng(1)):
        RULES.apply(st, ev)
    return st


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_snake_draft_then_twelve_card_decks_six_card_hands_and_a_new_offer(seats):
    start = seats - 1
    st = table(seats, start=start)
    first_offer = list(st.piles[sim.OFFER])
    market = list(st.piles[sim.MARKET])
    dealt_dear = list(st.trash)                             # the dear cards of the first Offer
    order = []
    picks = {s: [] for s in range(seats)}
    events = []
    while st.phase == "draft":
        (picker,) = RULES.to_act(st)
        order.append(picker)
        v = RULES.view(st, picker)["simultaneous"]
        assert v["picker"] == picker and v["offer"] == st.piles[sim.OFFER]
        card = st.piles[sim.OFFER][-1]
        picks[picker].append(card)
        other = (picker + 1) % seats                        # only the picker may pick
        with pytest.raises(RuleError):
            RULES.decide(st, {"type": "draft", "seat": other, "card": card}, Rng(0))
        events = play(st, {"type": "draft", "seat": picker, "card": card})
    ahead = [(start + i) % seats for i in range(seats)]
    assert order == ahead + ahead[::-1]                    # e.g. 0,1,2,2,1,0
    assert [e["type"] for e in events] == ["drafted", "decks_dealt", "offer_replaced"]
    for s in range(seats):
        owned = st.hands[s] + st.decks[s]
        assert len(owned) == 12 and len(st.hands[s]) == 6
        assert all(c in owned for c in picks[s])
    leftovers = [c for c in first_offer if c not in sum(picks.values(), [])]
    assert len(leftovers) == 10 - 2 * seats
    offer, dear = sim.turn_up(st.cards, market)
    assert sorted(st.trash) == sorted(dealt_dear + leftovers + dear)    # out of the game
    assert st.piles[sim.OFFER] == offer and st.piles[sim.MARKET] == market[10 + len(dear):]
    assert st.phase == "spell" and RULES.to_act(st) == frozenset(range(seats))


def test_cards_priced_eight_cents_or_more_leave_the_game_as_the_offer_is_dealt():
    """Rules §11 (the corrected seed): every card priced 8¢ or more turned up for the Offer
    leaves the game and the next card is turned up, until exactly ten lie there."""
    st = table(seats=2, seed=4)
    cards = st.cards
    assert all(cards[c].cost < sim.DEAR for c in st.piles[sim.OFFER]) and len(st.piles[sim.OFFER]) == 10
    cheap = [c for c in st.piles[sim.MARKET] if cards[c].cost < sim.DEAR]
    dear = [c for c in st.piles[sim.MARKET] if cards[c].cost >= sim.DEAR]
    assert len(dear) >= 3 and len(cheap) >= 12
    # a market deck that turns up a dear card first, two among the cheap ones and one after
    st.piles[sim.MARKET] = [dear[0]] + cheap[:4] + dear[1:3] + cheap[4:12] + [dear[3]]
    ev = sim.replace_offer(st, 1)
    assert ev["offer"] == cheap[:10] and ev["dear"] == [dear[0]] + dear[1:3]
    gone = list(st.piles[sim.OFFER])
    RULES.apply(st, ev)
    assert st.piles[sim.OFFER] == cheap[:10] and st.piles[sim.MARKET] == cheap[10:12] + [dear[3]]
    assert all(c in st.trash for c in gone + [dear[0]] + dear[1:3])
    ev = sim.replace_offer(st, 0)                    # a short deck: what is left, never a dear card
    assert ev["offer"] == cheap[10:12] and ev["dear"] == [dear[3]]
    RULES.apply(st, ev)
    assert st.piles[sim.MARKET] == [] and dear[3] in st.trash
    # a whole bot game (the secrets test's, played once): no Offer ever shows a dear card
    session = _three_levels_game()
    offers = [ev["piles"][sim.OFFER] for ev in session.events if ev["type"] == "set_up"]
    offers += [ev["offer"] for ev in session.events if ev["type"] == "offer_replaced"]
    assert len(offers) > 3 and all(cards[c].cost < sim.DEAR for o in offers for c in o)
    assert any(ev.get("dear") for ev in session.events)


def test_a_draft_pick_must_be_an_offer_card():
    st = table()
    with pytest.raises(RuleError) as e:
        RULES.decide(st, {"type": "draft", "seat": 0, "card": st.piles[sim.MARKET][0]}, Rng(0))
    assert e.value.code == "err.paperback.not_for_sale"
    with pytest.raises(RuleError):
        RULES.decide(_base(2), {"type": "draft", "seat": 0, "card": "L01"}, Rng(0))   # not the base game's


# ---- announcing and the reveal -------------------------------------------------------------
@pytest.mark.parametrize("options", [{}, {"awards": True, "themes": True, "discard_cube": True}])
def test_no_seat_learns_another_seats_word_before_everyone_has_announced(options):
    st = drafted(**options)
    ready(st)
    a, b = copy.deepcopy(st), copy.deepcopy(st)
    ev_a = play(a, rats(0, 4000))
    ev_b = play(b, {"type": "pass", "seat": 0, "ms": 4000})
    for seat in (None, 1, 2):
        assert RULES.view(a, seat) == RULES.view(b, seat)
        assert [RULES.event_view(e, seat) for e in ev_a] == [RULES.event_view(e, seat) for e in ev_b]
        assert RULES.view(a, seat)["simultaneous"]["announced"] == [{"seat": 0, "ms": 4000}]
        assert "RATS" not in repr(RULES.view(a, seat)).upper()
    mine = RULES.view(a, 0)["simultaneous"]["mine"]
    assert mine == {"kind": "spell", "word": "rats", "cents": 3}
    assert RULES.view(a, 0)["hand"] == st.hands[0]        # the cards stay in hand till the word resolves
    play(a, rats(1, 5000))
    assert RULES.view(a, 2)["simultaneous"]["words"] is None
    last = play(a, rats(2, 6000))
    revealed = next(e for e in last if e["type"] == "words_revealed")
    assert RULES.event_view(revealed, 1) == revealed                     # everyone sees every word
    words = RULES.view(a, 1)["simultaneous"]["words"]
    assert [(w["seat"], w["word"], w["cents"]) for w in words] == [(0, "rats", 3), (1, "rats", 3), (2, "rats", 3)]
    assert RULES.view(a, 1)["simultaneous"]["buy_order"] == [0, 1, 2]
    assert RULES.view(a, 1)["simultaneous"]["buyer"] == 0 and a.phase == "buy" and a.cents == 3


def test_each_seat_announces_once_with_its_spelling_time():
    st = drafted()
    ready(st)
    for bad in (None, -1, 3_600_001, True, 2.5, "9"):
        cmd = rats(0, 0)
        cmd["ms"] = bad
        with pytest.raises(RuleError) as e:
            RULES.decide(st, cmd, Rng(0))
        assert e.value.code == "err.paperback.ms_shape"
    play(st, rats(0, 0))
    with pytest.raises(RuleError):
        RULES.decide(st, rats(0, 10), Rng(0))              # once a round
    play(st, rats(1, 3_600_000))
    assert RULES.to_act(st) == frozenset({2})


def test_buy_order_follows_the_times_and_ties_go_by_seat_from_the_rounds_first():
    st = drafted(start=0)
    ready(st)
    play(st, rats(0, 9000))
    play(st, rats(1, 3000))
    events = play(st, rats(2, 3000))
    assert spelled_order(events) == [1]                    # seats 1 and 2 tie: 1 is nearer seat 0
    assert st.sim["first"] == 0 and RULES.to_act(st) == frozenset({1})
    order = []
    while st.phase != "spell":
        (buyer,) = RULES.to_act(st)
        order.append(buyer)
        play(st, {"type": "buy", "seat": buyer, "cards": []})
    assert order == [1, 2, 0]
    assert st.turns == [1, 1, 1] and all(len(h) == 6 for h in st.hands)
    # round 2: the first seat moves on to 1, so a tie of all three is 1, 2, 0
    assert st.sim["first"] == 1
    ready(st)
    for s in (0, 1, 2):
        events = play(st, rats(s, 500))
    assert RULES.view(st, 0)["simultaneous"]["buy_order"] == [1, 2, 0]


def test_a_pass_is_laid_in_its_turn_and_buys_nothing():
    st = drafted(discard_cube=True)
    ready(st)
    play(st, {"type": "pass", "seat": 0, "ms": 100})
    play(st, rats(1, 200))
    events = play(st, {"type": "pass", "seat": 2, "ms": 50})
    assert spelled_order(events) == [2, 0, 1]              # both passes, then seat 1's word
    assert st.cubes == [1, 0, 1] and st.turns == [1, 0, 1]
    assert st.phase == "buy" and RULES.to_act(st) == frozenset({1})


def test_a_refused_word_is_replaced_and_buys_last():
    st = drafted()
    ready(st)
    assert not is_word("blorps")
    play(st, {"type": "propose", "seat": 0, "word": "blorps", "ms": 1000})
    play(st, rats(1, 2000))
    events = play(st, rats(2, 3000))
    assert [e["type"] for e in events][-2:] == ["words_revealed", "word_proposed"]
    assert st.phase == "vote" and RULES.to_act(st) == frozenset({1, 2})
    play(st, {"type": "vote", "seat": 1, "accept": False})
    assert st.phase == "replace" and RULES.to_act(st) == frozenset({0})
    v = RULES.view(st, 2)["simultaneous"]
    assert v["refused"] == [0] and v["to_replace"] == [0] and v["buy_order"] == [1, 2, 0]
    with pytest.raises(RuleError):                          # no second proposal
        RULES.decide(st, {"type": "propose", "seat": 0, "word": "snorps"}, Rng(0))
    events = play(st, rats(0, 0) | {"ms": None})           # the replacement needs no time
    assert events[0]["open"] and RULES.event_view(events[0], 1)["entry"]["word"] == "rats"
    assert spelled_order(events) == [1]
    order = []
    while st.phase != "spell":
        (buyer,) = RULES.to_act(st)
        order.append(buyer)
        play(st, {"type": "buy", "seat": buyer, "cards": []})
    assert order == [1, 2, 0]


def test_an_accepted_word_keeps_its_place_and_must_be_spelled():
    st = drafted()
    ready(st)
    hand(st, 0, ["s0.S"] + [f"s0.W{k}" for k in range(1, 6)])
    play(st, {"type": "propose", "seat": 0, "word": "blorps", "ms": 9000})
    play(st, {"type": "propose", "seat": 1, "word": "snorps", "ms": 1000})
    play(st, rats(2, 5000))
    assert st.pending["word"] == "snorps"                  # the votes go in announcement order
    play(st, {"type": "vote", "seat": 0, "accept": False})
    assert st.pending["word"] == "blorps"
    play(st, {"type": "vote", "seat": 1, "accept": True})
    play(st, {"type": "vote", "seat": 2, "accept": True})
    assert st.phase == "replace" and RULES.to_act(st) == frozenset({0, 1})
    was = {"type": "spell", "seat": 0, "cards": ["s0.W1", "s0.W2", "s0.S"], "letters": {"s0.W1": "w", "s0.W2": "a"}}
    with pytest.raises(RuleError) as e:
        RULES.decide(st, was, Rng(0))
    assert e.value.code == "err.paperback.spell_accepted"
    blorps = {"type": "spell", "seat": 0, "cards": [f"s0.W{k}" for k in range(1, 6)] + ["s0.S"],
              "letters": {f"s0.W{k}": ch for k, ch in zip(range(1, 6), "blorp")}}
    play(st, blorps)
    events = play(st, rats(1, 0))
    assert spelled_order(events) == [2]
    assert RULES.view(st, 0)["simultaneous"]["buy_order"] == [2, 0, 1]   # 1's word was refused


def test_claims_resolve_in_announcement_order():
    st = drafted()
    ready(st)
    st.commons = ["cE"] + [c for c in st.commons if c != "cE"]
    for s in (0, 1):
        hand(st, s, [f"s{s}.S"] + [f"s{s}.W{k}" for k in range(1, 6)])
    def seaweed(seat, ms):                                  # 7 letters with the common E
        ws = [f"s{seat}.W{k}" for k in range(1, 6)]
        return {"type": "spell", "seat": seat, "ms": ms,
                "cards": [f"s{seat}.S", COMMON, *ws],
                "letters": dict(zip(ws, "aweed"))}
    play(st, seaweed(1, 2000))
    play(st, seaweed(0, 1000))
    events = play(st, rats(2, 3000))
    first = [e for e in events if e["type"] == "spelled"]
    assert [(e["seat"], e["claimed"]) for e in first] == [(0, "cE")]      # the quicker word claims
    assert st.need == 8
    events = play(st, {"type": "buy", "seat": 0, "cards": []})
    (later,) = [e for e in events if e["type"] == "spelled"]
    assert later["seat"] == 1 and later["letters"] == 7 and later["claimed"] is None   # 8 needed now
    assert st.phase == "buy" and st.turn == 1 and st.words[-1]["word"] == "seaweed"
    assert "cE" in st.discards[0] and st.claimed == 1


def test_the_theme_card_goes_in_announcement_order():
    st = drafted(themes=True)
    listed = sorted(w for w in themes().words[st.theme] if len(w) <= 5 and is_word(w))[0]
    for s in (0, 1):
        hand(st, s, [f"s{s}.S"] + [f"s{s}.W{k}" for k in range(1, 6)])
    def theme_word(seat, ms):
        ws = [f"s{seat}.W{k}" for k in range(1, len(listed) + 1)]
        return {"type": "spell", "seat": seat, "ms": ms, "cards": ws, "letters": dict(zip(ws, listed))}
    hand(st, 2, [f"s2.{x}" for x in "RTSLN"] + ["s2.W1"])
    play(st, theme_word(0, 900))
    play(st, theme_word(1, 100))
    assert st.theme_holder is None                          # nothing before the reveal
    play(st, rats(2, 5000))
    assert st.theme_holder == 1 and st.turn == 1            # seat 1 announced first: its word first
    while st.phase == "buy" and st.turn != 0:
        play(st, {"type": "buy", "seat": st.turn, "cards": []})
    assert st.turn == 0 and st.theme_holder == 0            # the later fitting word takes it away


def test_the_offer_is_replaced_each_round_and_a_short_market_deals_what_is_left():
    st = drafted(seats=2)
    market = list(st.piles[sim.MARKET])
    offer = list(st.piles[sim.OFFER])
    ready(st)
    play(st, rats(0, 1))
    play(st, rats(1, 2))
    bought = offer[0]
    st.cents = 99
    play(st, {"type": "buy", "seat": 0, "cards": [bought]})
    assert bought not in st.piles[sim.OFFER] and len(st.piles[sim.OFFER]) == 9   # no refill in a round
    events = play(st, {"type": "buy", "seat": 1, "cards": []})
    replaced = events[-1]
    assert replaced["type"] == "offer_replaced" and replaced["gone"] == offer[1:]
    assert st.piles[sim.OFFER] == sim.turn_up(st.cards, market)[0] and all(c in st.trash for c in offer[1:])
    assert RULES.view(st, None)["simultaneous"]["round"] == 2
    st.piles[sim.MARKET] = st.piles[sim.MARKET][:3]          # the market deck runs short
    st.trash.extend(market[13 + len(replaced["dear"]):])
    for _ in range(2):
        ready(st)
        play(st, rats(0, 1))
        play(st, rats(1, 2))
        play(st, {"type": "buy", "seat": 0, "cards": []})
        events = play(st, {"type": "buy", "seat": 1, "cards": []})
    assert events[-1]["type"] == "offer_replaced" and events[-1]["offer"] == []
    assert st.piles[sim.OFFER] == [] and st.phase == "spell"


# ---- whole games -------------------------------------------------------------------------------
LEVELS = ("hard", "normal", "easy", "random", "hard")


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_bot_games_at_every_level_end_with_equal_turns_keep_every_card_and_refold(seats):
    bots = [PaperbackBot(LEVELS[(s + seats) % 5], seed=s) for s in range(seats)]
    session = play_out(RULES, seats, bots, seed=seats * 13, options=SIM)
    out = session.outcome()
    st = keeps_every_card(session)
    assert len(set(st.turns)) == 1 and st.turns[0] > 1      # every seat the same number of turns
    assert (sum(1 for p in st.fame.values() if not p) >= 2) or not st.commons
    types = {e["type"] for e in session.events}
    assert {"drafted", "decks_dealt", "offer_replaced", "announced", "words_revealed"} <= types
    assert out.scores == [sum(st.cards[c].fame for c in st.owned(s)) for s in range(seats)]


ALLOWED = [{"space_dyslexia": True}, {"awards": True}, {"themes": True},
           {"themes": True, "themes_strict": True}, {"discard_cube": True},
           {"space_dyslexia": True, "awards": True, "themes": True, "discard_cube": True}]


@pytest.mark.parametrize("options", ALLOWED, ids=lambda o: "+".join(sorted(o)))
def test_bot_games_with_the_options_it_allows(options):
    levels = ("hard", "normal", "easy")
    session = play_out(RULES, 3, [PaperbackBot(levels[s], seed=s) for s in range(3)], seed=21,
                       options={**SIM, **options})
    st = keeps_every_card(session)
    assert len(set(st.turns)) == 1
    detail = session.outcome().detail
    if options.get("awards"):
        assert "award" in detail
    if options.get("themes"):
        assert "theme" in detail


@functools.cache
def _three_levels_game(extra: tuple = ()):
    """A seeded three-seat game (hard, normal, easy), played once per module and options
    (`extra`: option pairs); the tests that share it only read it."""
    return play_out(RULES, 3, [PaperbackBot(lv, s) for s, lv in enumerate(("hard", "normal", "easy"))],
                    seed=5, options={**SIM, **dict(extra)})


@pytest.mark.parametrize("options", [{}, {"themes": True, "awards": True, "discard_cube": True}])
def test_no_view_or_event_view_depends_on_a_secret(options):
    session = _three_levels_game(tuple(sorted(options.items())))
    hidden = lambda ev: ev["type"] in ("set_up", "decks_dealt", "announced") and not ev.get("open")  # noqa: E731
    secrets_hold(session, Rng(9), every=4, always=hidden)
    assert sum(1 for ev in session.events if hidden(ev) and ev["type"] == "announced") > 3


def test_the_scramble_changes_an_unrevealed_announcement():
    st = drafted()
    ready(st)
    ev = play(st, rats(0, 10))[0]
    assert scramble_event(ev, 1, Rng(1))["entry"] != ev["entry"]
    assert scramble_event(ev, 0, Rng(1)) == ev              # the speller knows its own word
    assert scramble(st, 1, Rng(1)).sim["entries"] != st.sim["entries"]
    assert scramble(st, 0, Rng(1)).sim["entries"] == st.sim["entries"]


def test_every_event_of_the_variant_is_worded_in_both_languages():
    from scenes.paperback.narrate import describe_event
    from scenes.ui import i18n
    from tests.test_every_game import NAMES, check_sentence
    session = play_out(RULES, 3, [PaperbackBot(lv, s) for s, lv in enumerate(("hard", "random", "easy"))],
                       seed=2, options={**SIM, "discard_cube": True})
    st = drafted()
    ready(st)
    extra = play(st, {"type": "propose", "seat": 0, "word": "blorps", "ms": 1000})
    extra += play(st, {"type": "pass", "seat": 1, "ms": 10})
    extra += play(st, rats(2, 3000))
    extra += play(st, {"type": "vote", "seat": 1, "accept": False})
    extra += play(st, {"type": "pass", "seat": 0})
    seen = {}
    for ev in list(session.events) + extra:
        seen.setdefault((ev["type"], ev.get("kind"), bool(ev.get("open")), bool(ev.get("offer"))), ev)
    assert {k[0] for k in seen} >= {"drafted", "decks_dealt", "offer_replaced", "announced", "words_revealed"}
    players = [{"name": n, "kind": "bot"} for n in NAMES[:3]]
    try:
        for lang in ("en", "zh-TW"):
            i18n.set_lang(lang)
            for ev in seen.values():
                for seat in (None, 0, 1, 2):
                    line = describe_event(RULES.event_view(ev, seat), players)
                    check_sentence(line, ev, lang, f"{ev['type']} for {seat} ({lang})")
    finally:
        i18n.set_lang("en")


# ---- bots --------------------------------------------------------------------------------------
def test_bots_spelling_times_follow_their_level_and_seed():
    for level, base in MS_LEVEL.items():
        times = [spelling_ms(level, Rng(k)) for k in range(200)]
        assert all(base // 2 <= t <= base + base // 2 for t in times)
        assert len(set(times)) > 100                        # some spread
        assert times == [spelling_ms(level, Rng(k)) for k in range(200)]   # no clock: the seed decides
    st = drafted()
    for level in ("easy", "normal", "hard"):
        a = PaperbackBot(level, seed=4).choose(RULES.view(st, 0), 0)
        b = PaperbackBot(level, seed=4).choose(RULES.view(st, 0), 0)
        assert a == b and isinstance(a["ms"], int)


def test_bots_draft_by_their_buy_rule():
    st = table()
    v = RULES.view(st, 0)
    cards = st.cards
    offer = st.piles[sim.OFFER]
    easy = PaperbackBot("easy", 1).choose(v, 0)["card"]
    assert cards[easy].cost == max(cards[c].cost for c in offer)
    for level in ("normal", "hard"):
        cmd = PaperbackBot(level, 1).choose(v, 0)
        assert cmd["type"] == "draft" and cmd["card"] in offer


# ---- the options it cannot be played with ------------------------------------------------------
def test_each_forbidden_pair_is_a_usage_error_that_says_why(capsys):
    from main import main
    pairs = [(a, b, why) for a, b, why in FORBIDDEN if "simultaneous" in (a, b)]
    assert {b if a == "simultaneous" else a for a, b, _ in pairs} == {
        "attacks", "coop", "powers", "offer_discount", "vowel_reshuffle", "bounty"}
    for a, b, why in pairs:
        assert main(["simulate", "paperback", "--options", json.dumps({a: True, b: True})]) == 2
        assert why in capsys.readouterr().err


def test_simulate_plays_it_headless_and_the_log_records_the_options(tmp_path, capsys):
    from engine.core.logstore import read_log
    from main import main
    assert main(["simulate", "paperback", "--seats", "3", "--out", str(tmp_path),
                 "--options", '{"simultaneous": true}']) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["options"] == {"simultaneous": True} and summary["results"][0]["winners"]
    log = read_log(summary["logs"][0], spec_for)
    assert log.header["options"]["simultaneous"] is True


def test_hostile_commands_are_refused_cleanly_in_every_phase():
    """Junk commands at positions of every phase of the variant (draft, spell with some
    announced, vote, replace, buy): a RuleError a player can read, or events that apply;
    deciding never changes the state."""
    from hypothesis import given, settings, strategies as hs

    from engine.core.session import LocalSession
    from support.paperback import decides_cleanly
    positions = []
    s = LocalSession(RULES, 3, {**SIM, "discard_cube": True, "themes": True}, seed=4, log=False)
    bots = [PaperbackBot("hard", k) for k in range(3)]
    for i in range(40):
        if not s.to_act():                                  # the game is over
            break
        if i % 3 == 0:
            positions.append(copy.deepcopy(s.state))
        seat = min(s.to_act())
        s.submit(bots[seat].choose(s.view(seat), seat))
    st = drafted()
    ready(st)
    play(st, {"type": "propose", "seat": 0, "word": "blorps", "ms": 1000})
    play(st, rats(1, 2000))
    positions.append(copy.deepcopy(st))
    play(st, rats(2, 3000))
    positions.append(copy.deepcopy(st))                     # the vote
    play(st, {"type": "vote", "seat": 1, "accept": False})
    positions.append(copy.deepcopy(st))                     # the replacement
    assert {p.phase for p in positions} >= {"draft", "spell", "vote", "replace", "buy"}
    ids = sorted(positions[0].cards) + ["common", "f5", "", "zz"]
    atom = hs.one_of(hs.none(), hs.booleans(), hs.integers(-2, 3_600_002), hs.text(max_size=3),
                     hs.sampled_from(ids))
    value = hs.one_of(atom, hs.lists(atom, max_size=4), hs.dictionaries(hs.sampled_from(ids), atom, max_size=3))
    command = hs.fixed_dictionaries(
        {"type": hs.sampled_from(["draft", "spell", "pass", "propose", "vote", "buy", "theme_claim"]),
         "seat": hs.integers(-1, 3)},
        optional={k: value for k in ("card", "cards", "letters", "trash", "word", "accept", "ms", "cubes")})

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(hs.sampled_from(range(len(positions))), command)
    def check(k, cmd):
        decides_cleanly(positions[k], cmd)

    check()
