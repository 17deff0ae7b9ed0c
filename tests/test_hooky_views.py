"""Hooky's views hold only what a seat may know, checked after every event of many
seeded games: a view must not change when every secret the seat cannot see is changed.
Bots receive only views, and a bot's choice is a function of its view alone."""
from __future__ import annotations

import copy
import gc

import msgpack
import pytest

from engine.core.bots import play_out
from engine.core.reading import seat_event
from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.hooky.bot import HookyBot
from engine.hooky.deduction import deduce
from engine.hooky.knowledge import ALPHABET, Knowledge
from engine.hooky.rules import HookyRules
from engine.hooky.state import HookyState
from engine.hooky.scramble import scramble
from engine.hooky.views import redact_event

RULES = HookyRules()


def check_views(st: HookyState, rng: Rng) -> int:
    """Every seat's view and the table's are blind to what they may not know."""
    if st.ended:
        return 0
    checked = 0
    for seat in list(range(st.seats)) + [None]:
        v = RULES.view(st, seat)
        other = scramble(st, seat, rng)
        assert RULES.view(other, seat) == v, f"seat {seat}'s view depends on a secret"
        flat = msgpack.unpackb(msgpack.packb(v), strict_map_key=False)
        assert flat == v                                        # plain data only
        assert "hooky" not in v and (v["result"] is None)
        if seat is None:
            assert v["hand"] is None and v["knowledge"] is None
        checked += 1
    return checked


class Random:
    """Random-move bots (fast) for many seeded games."""
    def __init__(self, seed: int) -> None:
        self.bot = HookyBot("random", seed)

    def choose(self, view: dict, seat: int) -> dict:
        return self.bot.choose(view, seat)


@pytest.mark.parametrize("seats", [3, 4, 5])
def event_by_event(session: LocalSession, rng: Rng, checks: list[int]) -> None:
    """Fold a mirror of the session one event at a time and check the views after each."""
    mirror = [None]

    def listener(sess: LocalSession, events: list[dict]) -> None:
        if mirror[0] is None:
            mirror[0] = RULES.initial(sess.seats, sess.options)
            for ev in sess.events[:len(sess.events) - len(events)]:
                RULES.apply(mirror[0], ev)
                checks.append(check_views(mirror[0], rng))
        for ev in events:
            RULES.apply(mirror[0], ev)
            checks.append(check_views(mirror[0], rng))
    session.listeners.append(listener)


GAMES = 3


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_no_view_ever_holds_a_secret_random_games(seats):
    """Three seeded random games per table size, every view checked after every event
    (each game goes through every phase; six games per size doubled the time and reached
    no other phase or event type)."""
    total = 0
    for game in range(GAMES):
        rng = Rng(game * 7 + seats)
        checks: list[int] = []
        s = LocalSession(RULES, seats, {}, 1000 + game, log=False)
        event_by_event(s, rng, checks)
        bots = [Random(game * 10 + i) for i in range(seats)]
        while s.outcome() is None:
            seat = min(s.to_act())
            s.submit(bots[seat].choose(s.view(seat), seat))
        assert len(checks) == len(s.events) >= 40
        assert RULES.to_data(s.state) is not None
        total += sum(checks)
        # once over, every view shows everything
        end = s.view(None)["result"]
        assert end["hands"] == s.state.hands and end["hooky"] == s.state.hooky
    assert total > GAMES * 40 * seats


def test_no_view_ever_holds_a_secret_real_bots():
    checks: list[int] = []
    s = LocalSession(RULES, 4, {}, 77, log=False)
    event_by_event(s, Rng(5), checks)
    bots = [HookyBot(lv, i) for i, lv in enumerate(["easy", "normal", "hard", "easy"])]
    while s.outcome() is None:
        seat = min(s.to_act())
        s.submit(bots[seat].choose(s.view(seat), seat))
    assert any(e["type"] == "card_peeked" for e in s.events)
    assert len(checks) == len(s.events) and sum(checks) > 5 * 60


def test_scramble_catches_a_leaky_view(monkeypatch):
    """The check above is not vacuous: a view that shows one other seat's card fails it."""
    from engine.hooky import views
    s = LocalSession(RULES, 3, {}, 3, log=False)
    real = views.view

    def leaky(state, seat, to_act=()):
        v = real(state, seat, to_act)
        v["stats"] = {"x": state.hands[((seat or 0) + 1) % state.seats][0]}
        return v

    monkeypatch.setattr("engine.hooky.rules.view", leaky)
    with pytest.raises(AssertionError):
        for i in range(20):                          # some permutation moves that card
            check_views(s.state, Rng(i))


def test_the_seat_view_knowledge_is_consistent_with_the_truth():
    s = play_out(RULES, 5, [HookyBot("random", i) for i in range(5)], seed=11)
    st = s.state
    for seat in range(5):
        # the knowledge each seat ended with: the true deal must be among its consistent deals
        k = Knowledge.from_view(RULES.view(st, seat)["knowledge"])
        d = deduce(k)
        assert d.consistent
        for t in range(5):
            for c in st.hands[t]:
                assert d.p(c, t) > 0
        for c in st.hooky:
            assert d.p(c, "hooky") > 0


def test_redact_event():
    dealt = {"type": "dealt", "seat": None, "hands": [["a"], ["b"], ["c"]], "playground": ["d"],
             "hooky": ["e"], "start": 1}
    assert redact_event(dealt, 1) == {"type": "dealt", "seat": None, "start": 1, "hand": ["b"]}
    assert redact_event(dealt, None) == {"type": "dealt", "seat": None, "start": 1}
    peek = {"type": "card_peeked", "seat": 0, "target": 2, "letter": "q"}
    assert redact_event(peek, 0) == peek and "letter" not in redact_event(peek, 1)
    assert redact_event({"type": "game_ended", "seat": None, "hooky": ["x"]}, 1)["hooky"] == ["x"]
    guess = {"type": "hooky_guessed", "seat": 2, "round": 4, "letters": ["a", "b", "c"]}
    # a guess is the spec's private command: the core drops its letters (seat_event)
    assert "letters" not in seat_event(RULES, guess, None) and "letters" not in seat_event(RULES, guess, 1)
    assert seat_event(RULES, guess, 2) == guess


# ---------------------------------------------------------------------------------------
# bots see views only
# ---------------------------------------------------------------------------------------
def record_game(bots: list, seats: int, seed: int) -> list[tuple[int, bytes, dict]]:
    """Play with every bot given a msgpack copy of its view; record what it was given."""
    calls = []
    s = LocalSession(RULES, seats, {}, seed, log=False)
    while s.outcome() is None:
        seat = min(s.to_act())
        raw = msgpack.packb(s.view(seat))
        cmd = bots[seat].choose(msgpack.unpackb(raw, strict_map_key=False), seat)
        calls.append((seat, raw, cmd))
        s.submit(cmd)
    return calls


def replay_without_state(calls, make_bot, seats: int) -> int:
    """Ask fresh bots again with only the recorded views, while the only game state
    alive is a decoy with another deal; count the choices that changed."""
    gc.collect()
    decoy = LocalSession(RULES, seats, {}, 999_999, log=False)   # noqa: F841 (kept alive)
    changed = 0
    for seat, raw, cmd in calls:
        again = make_bot(seat).choose(msgpack.unpackb(raw, strict_map_key=False), seat)
        changed += again != cmd
    return changed


class Cheat:
    """A bot that reads the game state it can find in memory (what the test must catch).
    States that other tests left alive (module fixtures) are not this game's: `ignore`
    holds their ids, taken before the game starts."""
    def __init__(self, seed: int, ignore: frozenset[int] = frozenset()) -> None:
        self.honest = HookyBot("easy", seed)
        self.ignore = ignore

    def choose(self, view: dict, seat: int) -> dict:
        if view["phase"] == "guess":
            states = [o for o in gc.get_objects()
                      if isinstance(o, HookyState) and o.hooky and id(o) not in self.ignore]
            if states:
                return {"type": "guess", "seat": seat, "letters": list(states[-1].hooky)}
        return self.honest.choose(view, seat)


def test_bots_choose_from_their_view_alone():
    make = lambda seat: HookyBot(["easy", "normal", "hard"][seat], 40 + seat)  # noqa: E731
    calls = record_game([make(s) for s in range(3)], 3, 21)
    assert replay_without_state(calls, make, 3) == 0


def test_a_bot_that_reads_the_state_is_caught():
    gc.collect()
    before = frozenset(id(o) for o in gc.get_objects() if isinstance(o, HookyState))
    make = lambda seat: Cheat(seat, before)  # noqa: E731
    calls = record_game([make(s) for s in range(3)], 3, 22)
    assert replay_without_state(calls, make, 3) > 0


def test_the_view_doc_lists_every_key():
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[1] / "docs" / "hooky-view.md").read_text(encoding="utf-8")
    section = doc.split("## The view", 1)[1].split("\n## ", 1)[0]
    documented = set()
    for row in section.splitlines():
        if row.startswith("| `"):
            documented |= set(re.findall(r"`([a-z_]+)`", row.split("|")[1]))
    s = LocalSession(RULES, 3, {}, 1, log=False)
    assert documented == set(s.view(0)) == set(s.view(None))
