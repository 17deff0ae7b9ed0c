"""Word Porters in whole games: seeded bot games at every level and seat count refold to
the live state and their logs verify; no view or event view depends on a secret (the
scramble check of the conformance suite, run here before registration); every legal
command is accepted; the spec declares what the core reads."""
from __future__ import annotations

import msgpack
import pytest

from engine.core.reading import seat_event
from engine.commands.verify import EXIT_OK, check
from engine.core.bots import play_on, play_out
from engine.core.logstore import read_log
from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.core.turns import view_with_status
from engine.wordporters import WordPortersBot, WordPortersRules, scramble as scr
from engine.registry import spec_for

RULES = WordPortersRules()


@pytest.mark.parametrize("seats,level,variant", [(3, "easy", "classic"), (4, "normal", "children"),
                                                 (5, "hard", "classic"), (6, "random", "children")])
def test_seeded_bot_games_refold_to_the_live_state_and_their_logs_verify(seats, level, variant, tmp_path,
                                                                        monkeypatch):
    import engine.registry
    monkeypatch.setitem(engine.registry.GAMES, "wordporters", "engine.wordporters")   # until the lead registers it
    for seed in (1, 2):
        s = play_out(RULES, seats, [WordPortersBot(level, seed=seed * 10 + i) for i in range(seats)],
                     options={"variant": variant}, seed=seed, log=True, log_dir=tmp_path / f"{seed}")
        s.close()
        assert s.outcome() is not None
        assert RULES.to_data(s.refold()) == RULES.to_data(s.state)
        loaded = read_log(s.log_path, spec_for)
        assert loaded.complete and len(loaded.events) == len(s.events)
        code, message = check(loaded)
        assert code == EXIT_OK, message


class Watch:
    """After every event: scrambling what each seat may not know changes neither its
    view nor what it learns of the event."""

    def __init__(self, seats: int, options: dict, seed: int) -> None:
        self.mirror = RULES.initial(seats, options)
        self.seats, self.rng = seats, Rng(seed)
        self.checks = self.changed = 0

    def __call__(self, session, events) -> None:
        for ev in events:
            RULES.apply(self.mirror, ev)
            for seat in [None, *range(self.seats)]:
                other = scr.scramble(self.mirror, seat, self.rng)
                self.changed += RULES.to_data(other) != RULES.to_data(self.mirror)
                assert view_with_status(RULES, other, seat) == view_with_status(RULES, self.mirror, seat), \
                    (seat, ev["type"])
                seen = seat_event(RULES, ev, seat)
                assert seat_event(RULES, scr.scramble_event(ev, seat, self.rng), seat) == seen, (seat, ev["type"])
                self.checks += 1


@pytest.mark.parametrize("seats,variant", [(3, "classic"), (6, "children")])
def test_no_view_or_event_view_holds_another_seats_number_or_vote(seats, variant):
    options = {"variant": variant}
    s = LocalSession(RULES, seats, options, 5, log=False)
    watch = Watch(seats, options, 5)
    watch(s, s.events)
    s.listeners.append(watch)
    play_on(s, {i: WordPortersBot("normal", seed=i) for i in range(seats)})
    assert watch.checks >= len(s.events) * (seats + 1)
    assert watch.changed > 0                              # the scramble is not vacuous


def test_the_deal_shows_each_seat_only_its_own_number():
    s = LocalSession(RULES, 4, {}, 8, log=False)
    deal = s.events[0]
    for seat in range(4):
        seen = seat_event(RULES, deal, seat)
        assert "numbers" not in seen and seen["number"] == deal["numbers"][seat]
        v = s.view(seat)
        assert v["number"] == deal["numbers"][seat] and v["target"] == v["words"][v["number"] - 1]
    assert "number" not in seat_event(RULES, deal, None) and s.view(None)["number"] is None
    # the scramble of the deal changes what the others hold (so the check above bites)
    assert any(scr.scramble_event(deal, 0, Rng(i))["numbers"] != deal["numbers"] for i in range(5))


def test_views_are_plain_data_and_the_end_shows_everything():
    s = play_out(RULES, 4, [WordPortersBot("hard", seed=i) for i in range(4)], seed=3)
    v = s.view(1)
    assert msgpack.unpackb(msgpack.packb(v), strict_map_key=False) == v
    assert v["status"]["ended"] and v["result"]["winners"] == s.outcome().winners
    last = v["history"][-1]
    assert len(last["reveals"]) == 4 and all(len(r["guesses"]) == 4 for r in last["reveals"])


def test_every_legal_command_is_accepted_and_others_refused():
    s = LocalSession(RULES, 4, {"variant": "children"}, 2, log=False)
    bots = {i: WordPortersBot("normal", seed=i) for i in range(4)}
    while s.outcome() is None:
        seat = min(s.to_act())
        view = s.view(seat)
        cmds = list(RULES.legal_commands(view, seat))
        assert cmds
        for cmd in cmds[:12]:
            assert s.check(cmd) is None, cmd
        idle = [x for x in range(4) if x not in s.to_act()]
        if idle:
            assert list(RULES.legal_commands(s.view(idle[0]), idle[0])) == []
        s.submit(bots[seat].choose(view, seat))


def test_the_spec():
    spec = RULES.spec
    assert spec.variant_ids == ("classic", "children")
    assert all(v.seats == range(3, 7) and v.default_seats == 4 for v in spec.variants)
    assert spec.command("vote").private and not spec.command("place").private
    assert spec.command_of([{"type": "declined"}]).type == "decline"
    assert spec.hidden_information and "revealed" in spec.revealing and "round_dealt" in spec.revealing
    assert RULES.seats == range(3, 7)


def test_a_person_may_take_back_a_placement_against_bots_but_not_past_a_reveal():
    players = [{"name": "Mei", "kind": "human"}] + [{"name": f"B{i}", "kind": "bot"} for i in range(3)]
    s = LocalSession(RULES, 4, {"start": 0}, 4, players, log=False)
    first = s.events[-1]["seq"]
    s.submit({"type": "place", "seat": 0, "card": 0, "side": 1})
    assert s.can_undo(0)
    s.undo(0)
    assert s.events[-1]["seq"] == first and s.state.board[0] == []


def test_a_vote_that_led_to_the_reveal_cannot_be_taken_back():
    players = [{"name": "Mei", "kind": "human"}] + [{"name": f"B{i}", "kind": "bot"} for i in range(2)]
    s = LocalSession(RULES, 3, {"start": 0}, 4, players, log=False)
    bots = {i: WordPortersBot("normal", seed=i) for i in range(3)}
    while s.state.phase == "hints":
        seat = min(s.to_act())
        s.submit(bots[seat].choose(s.view(seat), seat))
    s.submit(bots[0].choose(s.view(0), 0))          # Mei votes first: still secret, undoable
    assert s.can_undo(0)
    for seat in (1, 2):                              # the last vote makes the reveals
        s.submit(bots[seat].choose(s.view(seat), seat))
    assert s.state.round == 2 and not s.can_undo(0)
