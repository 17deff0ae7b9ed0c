"""The lockstep fold: equal to a LocalSession for the same ordered commands, chance from
(seed, seq, salt), refusals recorded identically, rewinds, and the room-file refold."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from engine.core.errors import RuleError
from engine.core.lockstep import Lockstep
from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.registry import bot_for, rules_for
from net.fold import refold_room_log
from net.rooms import Room
from tests.support.toy import ToyRules


def classic_fixed() -> dict:
    order = list(range(96))
    random.Random(7).shuffle(order)
    return {"variant": "classic", "key": 4, "bag_order": order}   # no chance after the options


def record(seq: int, seat: int, t: int, cmd: dict, salt: int, by: int | None = None) -> dict:
    return {"seq": seq, "seat": seat, "by": seat if by is None else by, "t": t, "salt": salt,
            "cid": seq, "cmd": dict(cmd)}


def test_lockstep_equals_a_local_session_for_the_same_ordered_commands():
    rules = rules_for("sumoku")
    options = classic_fixed()
    now = [0.0]
    local = LocalSession(rules, 3, options, seed=11, log=False, clock=lambda: now[0])
    bots = [bot_for("sumoku", None, "normal", s, 0) for s in range(3)]
    salts = random.Random(3)
    records: list[dict] = []
    refused = 0
    while local.outcome() is None and len(records) < 400:
        now[0] += 0.0371
        seat = min(local.to_act())
        cmd = bots[seat].choose(local.view(seat), seat)
        if len(records) % 5 == 2:               # now and then, a seat out of turn first
            wrong = (seat + 1) % 3
            t = local.now_ms()
            try:
                local.submit({"type": "pass", "seat": wrong})
            except RuleError as e:
                assert e.code == "err.not_your_turn"
                refused += 1
            records.append(record(len(records) + 1, wrong, t, {"type": "pass", "seat": seat},
                                  salts.getrandbits(64)))   # the seat inside cmd is ignored
        t = local.now_ms()
        local.submit(cmd)
        records.append(record(len(records) + 1, seat, t, {k: v for k, v in cmd.items() if k != "seat"},
                              salts.getrandbits(64)))
    assert local.outcome() is not None and refused > 3

    ls = Lockstep(rules, 3, options, seed=11)
    ls.fold_all(records)
    assert ls.events == local.events            # the same events, stamped the same way
    assert ls.hash() == local.hash()
    assert ls.outcome().to_data() == local.outcome().to_data()
    assert [r.code for r in ls.refusals] == ["err.not_your_turn"] * refused
    assert all(ls.records[r.seq - 1]["seat"] == r.seat for r in ls.refusals)


def toy_records(n: int, seed: int, *, bad_every: int = 0) -> list[dict]:
    """Toy commands in turn order (plus wrong-seat ones every `bad_every`)."""
    r = random.Random(seed)
    out: list[dict] = []
    turn = 0
    while len(out) < n:
        if bad_every and len(out) % bad_every == bad_every - 1:
            out.append(record(len(out) + 1, (turn + 1) % 3, 10 * len(out),
                              {"type": "add", "n": 1}, r.getrandbits(64)))
            continue
        out.append(record(len(out) + 1, turn, 10 * len(out), {"type": "add", "n": r.randint(1, 3)},
                          r.getrandbits(64)))
        turn = (turn + 1) % 3
    return out


def test_chance_comes_from_seed_seq_and_salt():
    rules = ToyRules()
    recs = toy_records(6, 1)
    ls = Lockstep(rules, 3, {}, seed=99)
    assert ls.events[0]["value"] == Rng.derive(99, 0, 0).below(100)     # the setup draw
    for rec in recs:
        f = ls.fold(rec)
        if ls.outcome() is not None and not f.events:
            break
        (ev,) = f.events
        assert ev["bonus"] == Rng.derive(99, rec["seq"], rec["salt"]).below(3)
        assert ev["t"] == rec["t"] and ev["cmd"] == rec["seq"]
    salted = [dict(r, salt=r["salt"] ^ 1) for r in recs]
    other = Lockstep(rules, 3, {}, seed=99)
    other.fold_all(salted)
    assert [e.get("bonus") for e in other.events] != [e.get("bonus") for e in ls.events]


def test_refusals_game_over_and_a_malformed_command_never_stop_the_fold():
    rules = ToyRules()
    recs = toy_records(40, 2)
    ls = Lockstep(rules, 3, {}, seed=5)
    ls.fold_all(recs)
    assert ls.outcome() is not None
    ended_at = max(e["cmd"] for e in ls.events)
    assert all(r.code == "err.game_over" for r in ls.refusals)
    assert len(ls.refusals) == 40 - ended_at
    # A command whose payload the rules cannot even read is refused, the same everywhere.
    class Crashy(ToyRules):
        def decide(self, state, cmd, rng):
            if cmd["type"] == "boom":
                return cmd["missing"]          # a rules bug a malformed command can reach
            return super().decide(state, cmd, rng)

    ls2 = Lockstep(Crashy(), 3, {}, seed=5)
    f = ls2.fold(record(1, 0, 0, {"type": "boom"}, 1))
    assert f.refusal is not None and f.refusal.code == "err.bad_command" and not f.events
    assert ls2.seq == 1
    try:
        ls2.fold(record(3, 0, 0, {"type": "add", "n": 1}, 1))
    except ValueError as e:
        assert "gap" in str(e)
    else:
        raise AssertionError("a gap in the seqs must not fold")


def test_the_stamped_seat_and_time_win_over_the_command_and_ticks_are_the_tables():
    seen: list[dict] = []

    class Spy(ToyRules):
        def decide(self, state, cmd, rng):
            seen.append(dict(cmd))
            return super().decide(state, cmd, rng)

    ls = Lockstep(Spy(), 2, {}, seed=1)
    ls.fold(record(1, 0, 1234, {"type": "add", "n": 2, "seat": 1, "t": 99999}, 7))
    ls.fold(record(2, 1, 1300, {"type": "tick"}, 8))
    assert seen[0]["seat"] == 0 and seen[0]["t"] == 1234
    assert seen[1]["seat"] is None and seen[1]["t"] == 1300


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 200), st.data())
def test_rewinding_and_refolding_give_the_same_state(seed, n, data):
    rules = ToyRules()
    recs = toy_records(n, seed, bad_every=2)
    straight = Lockstep(rules, 3, {}, seed)
    straight.fold_all(recs)
    back_to = data.draw(st.integers(0, n))
    ls = Lockstep(rules, 3, {}, seed)
    ls.fold_all(recs)
    ls.rewind(back_to)
    assert ls.seq == back_to and len(ls.records) == back_to
    ls.fold_all(recs[back_to:])
    assert ls.events == straight.events and ls.hash() == straight.hash()
    assert [r.to_data() for r in ls.refusals] == [r.to_data() for r in straight.refusals]
    assert straight.refold().hash() == straight.hash()


def test_refold_room_log_reads_the_relays_room_file(tmp_path):
    rules = ToyRules()
    room = Room.create("ABCDE", "toy", 1, "classic", 3, {"x": 1}, False, tmp_path)
    for seat in room.seats:
        room.claim(seat, f"P{seat.index}", None)
    room.start(424242)
    for i in range(30):
        seat = i % 3
        room.stamp(seat, seat if i % 7 else (seat + 1) % 3, i + 1, {"type": "add", "n": 1 + i % 3})
    room.shut()                      # the file stays (close() deletes an ended room's file)
    ls = refold_room_log(tmp_path / "ABCDE.ctroom", rules)
    assert ls.seed == 424242 and ls.seq == 30 and ls.options == {"x": 1, "variant": "classic"}
    direct = Lockstep(rules, 3, {"x": 1, "variant": "classic"}, 424242)
    import msgpack
    direct.fold_all(msgpack.unpackb(r, raw=False) for r in room.log)
    assert ls.hash() == direct.hash() and ls.events == direct.events
    assert ls.refusals and [r.to_data() for r in ls.refusals] == [r.to_data() for r in direct.refusals]
    assert ls.refusals[0].code == "err.not_your_turn"
