"""The event-sourced core, tested through a tiny toy game (tests/support/toy.py)."""
from __future__ import annotations

import msgpack
import pytest
from hypothesis import given, settings, strategies as st

from engine.core import LocalSession, ReplayCursor, RuleError, play_out, state_hash
from engine.core.events import upcast, upcaster
from engine.core.hashing import canonical_bytes
from engine.core.i18n import catalog, tr
from engine.core.logstore import parse_log, read_log
from engine.core.rng import Rng
from engine.registry import rules_for, spec_for
from support.toy import ToyBot, ToyRules


def humans_vs_bot(tmp_path, **kw):
    players = [{"name": "Mei", "kind": "human"}, {"name": "Bot", "kind": "bot", "level": "normal"}]
    return LocalSession(ToyRules(), 2, {}, 7, players, log_dir=tmp_path, **kw)


# ---- rng ---------------------------------------------------------------------------
def test_rng_is_deterministic_and_derivation_depends_on_every_part():
    a = [Rng(42).next64() for _ in range(3)]
    assert a == [Rng(42).next64() for _ in range(3)]
    draws = {tuple(Rng.derive(1, seq, salt).below(1000) for _ in range(4)) for seq in range(3) for salt in range(3)}
    assert len(draws) == 9


def test_rng_below_is_in_range_and_roughly_uniform():
    r = Rng(5)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)
    with pytest.raises(ValueError):
        r.below(0)


def test_rng_shuffle_is_a_permutation():
    items = list(range(50))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))


# ---- hashing -----------------------------------------------------------------------
def test_hash_is_canonical_over_key_order_and_sets():
    assert state_hash({"b": 1, "a": [1, 2], "s": {3, 1}}) == state_hash({"s": {1, 3}, "a": (1, 2), "b": 1})
    assert state_hash({"a": 1}) != state_hash({"a": 2})
    with pytest.raises(TypeError):
        canonical_bytes({"x": 1.5})


# ---- i18n and errors ---------------------------------------------------------------
def test_rule_error_speaks_both_languages():
    e = RuleError("err.seat", seat=9)
    assert "9" in e.message("en") and "9" in e.message("zh-TW")
    assert e.message("en") != e.message("zh-TW")
    assert RuleError.from_data(e.to_data()).message("en") == e.message("en")


def test_catalogs_have_the_same_keys_and_placeholders():
    import string
    en, zh = catalog("en"), catalog("zh-TW")
    assert set(en) == set(zh)
    # a count's English form ({n:card|cards}) is not a placeholder: Chinese needs none
    fields = lambda s: {f for _, f, spec, _ in string.Formatter().parse(s) if f and "|" not in (spec or "")}
    for key in en:
        assert fields(en[key]) == fields(zh[key]), key


def test_translated_parameters():
    assert tr("missing.key") == "missing.key"


# ---- session -----------------------------------------------------------------------
def test_submit_notifies_listeners_and_refuses_bad_commands(tmp_path):
    s = humans_vs_bot(tmp_path)
    seen = []
    s.listeners.append(lambda sess, evs: seen.extend(evs))
    with pytest.raises(RuleError) as ei:
        s.submit({"type": "add", "seat": 1, "n": 1})
    assert ei.value.code == "err.not_your_turn"
    n = len(s.events)
    evs = s.submit({"type": "add", "seat": 0, "n": 2})
    assert seen == evs and len(s.events) == n + 1
    assert evs[0]["seq"] == n and evs[0]["v"] == 1 and "t" in evs[0]


def test_same_seed_same_game_and_refold_matches():
    a = play_out(ToyRules(), 3, [ToyBot(1), ToyBot(2), ToyBot(3)], seed=11)
    b = play_out(ToyRules(), 3, [ToyBot(1), ToyBot(2), ToyBot(3)], seed=11)
    c = play_out(ToyRules(), 3, [ToyBot(1), ToyBot(2), ToyBot(3)], seed=12)
    assert a.outcome() is not None
    assert a.hash() == b.hash() and [e["bonus"] for e in a.events[1:]] == [e["bonus"] for e in b.events[1:]]
    assert a.hash() != c.hash()
    assert state_hash(ToyRules().to_data(a.refold())) == a.hash()


def test_undo_against_bots_takes_back_the_human_play_and_the_bot_replies(tmp_path):
    s = humans_vs_bot(tmp_path)
    before = s.hash()
    s.submit({"type": "add", "seat": 0, "n": 3})
    s.submit({"type": "add", "seat": 1, "n": 1})
    assert s.can_undo(0) and not s.can_undo(1)
    assert s.undo(0)
    assert s.hash() == before and len(s.events) == 1
    assert len(read_log(s.log_path, spec_for).events) == 1  # the file was cut back too


def test_undo_refused_with_two_humans_or_after_a_secret(tmp_path):
    two = LocalSession(ToyRules(), 2, {}, 1, [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}], log=False)
    two.submit({"type": "add", "seat": 0, "n": 1})
    assert not two.can_undo(0) and not two.undo(0)
    s = humans_vs_bot(tmp_path)
    s.submit({"type": "peek", "seat": 0})
    assert not s.can_undo(0)


def test_resume_continues_the_same_game(tmp_path):
    s = humans_vs_bot(tmp_path)
    s.submit({"type": "add", "seat": 0, "n": 2})
    s.submit({"type": "add", "seat": 1, "n": 2})
    path, h, n = s.log_path, s.hash(), len(s.events)
    s.close()
    from engine import registry
    registry.GAMES["toy"] = "support.toy"
    try:
        r = LocalSession.resume(path, rules_for, spec_for)
        assert r.hash() == h and len(r.events) == n
        r.submit({"type": "add", "seat": 0, "n": 1})
        r.close()
        assert len(read_log(path, spec_for).events) == n + 1
    finally:
        del registry.GAMES["toy"]
        registry.package.cache_clear()


# ---- log store ---------------------------------------------------------------------
def finished_log(tmp_path):
    s = play_out(ToyRules(), 2, [ToyBot(1), ToyBot(1)], seed=3, log=True, log_dir=tmp_path)
    s.close()
    return s, s.log_path.read_bytes()


def test_log_round_trips_with_header_and_final_checkpoint(tmp_path):
    s, data = finished_log(tmp_path)
    loaded = parse_log(data, spec_for)
    assert loaded.complete and loaded.header["game"] == "toy" and loaded.header["seed"] == 3
    assert loaded.events == s.events
    assert loaded.checkpoints[-1] == {"seq": s.events[-1]["seq"], "hash": s.hash()}


@settings(max_examples=40, deadline=None)
@given(cut=st.floats(min_value=0.05, max_value=0.999))
def test_truncated_log_loads_to_last_valid_event(tmp_path_factory, cut):
    s, data = finished_log(tmp_path_factory.mktemp("log"))
    full = parse_log(data, spec_for)
    at = int(len(data) * cut)
    if at <= full.event_offsets[0]:
        at = full.event_offsets[0] + 1
    loaded = parse_log(data[:at], spec_for)
    if loaded.complete:  # cut exactly between two records: a valid, shorter log
        assert loaded.end_offset == at
    else:
        assert loaded.error == "truncated"
    assert loaded.events == s.events[: len(loaded.events)]
    assert loaded.end_offset <= at


@settings(max_examples=60, deadline=None)
@given(where=st.floats(min_value=0.0, max_value=0.999), bit=st.integers(0, 7))
def test_flipped_byte_loads_to_last_valid_event(tmp_path_factory, where, bit):
    s, data = finished_log(tmp_path_factory.mktemp("log"))
    full = parse_log(data, spec_for)
    first = full.event_offsets[0]
    pos = first + int((len(data) - first) * where)
    bad = bytearray(data)
    bad[pos] ^= 1 << bit
    loaded = parse_log(bytes(bad), spec_for)
    assert not loaded.complete
    assert loaded.events == s.events[: len(loaded.events)]
    # every record that starts before the flipped byte and ends before it is kept
    assert len(loaded.events) >= sum(1 for o in full.event_offsets if o < pos) - 1


# ---- replay ------------------------------------------------------------------------
def test_replay_cursor_steps_seeks_and_matches_checkpoints(tmp_path):
    s, data = finished_log(tmp_path)
    loaded = parse_log(data, spec_for)
    cur = ReplayCursor(ToyRules(), loaded.header, loaded.events)
    hashes = []
    while not cur.at_end:
        cur.step()
        hashes.append(cur.hash())
    assert hashes[-1] == loaded.checkpoints[-1]["hash"]
    for target in (3, 0, len(cur), 1):
        cur.seek(target)
        assert cur.position == target
        if target:
            assert cur.hash() == hashes[target - 1]
    cur.seek(5)
    cur.back()
    assert cur.hash() == hashes[3]


# ---- upcasters ---------------------------------------------------------------------
def test_upcaster_upgrades_old_events_on_load():
    @upcaster("toy-up", "added", 1)
    def _v1_to_v2(ev):
        ev["bonus"] = ev.pop("extra", 0)
        return ev
    old = {"type": "added", "seat": 0, "n": 1, "extra": 2, "v": 1}
    assert upcast("toy-up", old) == {"type": "added", "seat": 0, "n": 1, "bonus": 2, "v": 2}
    assert upcast("toy-up", {"type": "other", "v": 1}) == {"type": "other", "v": 1}


def test_events_survive_msgpack_unchanged():
    s = play_out(ToyRules(), 2, [ToyBot(2), ToyBot(3)], seed=9)
    for ev in s.events:
        assert msgpack.unpackb(msgpack.packb(ev)) == ev


def test_paused_time_does_not_count():
    now = [100.0]
    s = LocalSession(ToyRules(), 2, {}, 1, log=False, clock=lambda: now[0])
    now[0] += 2.0
    assert s.now_ms() == 2000
    s.pause_clock()
    now[0] += 30.0
    assert s.now_ms() == 2000
    s.resume_clock()
    now[0] += 1.0
    assert s.now_ms() == 3000
    evs = s.submit({"type": "add", "seat": 0, "n": 1})
    assert evs[0]["t"] == 3000


# ---- the contract's core services: dry run, seat listeners, header, turn presets -------
class SecretToy(ToyRules):
    """The toy with a secret for event_view: a seat learns the set-up's value only mod 10."""

    def event_view(self, ev: dict, seat: int | None) -> dict:
        if ev["type"] == "secret_set":
            return {k: (v % 10 if k == "value" else v) for k, v in ev.items()}
        return ev


def test_check_is_a_dry_run_that_changes_nothing(tmp_path):
    s = humans_vs_bot(tmp_path)
    size, before = s.log_path.stat().st_size, (s.hash(), len(s.events))
    assert s.check({"type": "add", "seat": 0, "n": 2}) is None
    err = s.check({"type": "add", "seat": 1, "n": 2})
    assert isinstance(err, RuleError) and err.code == "err.not_your_turn"
    assert s.check({"type": "add", "seat": 0, "n": 9}).code == "err.bad_command"
    assert (s.hash(), len(s.events)) == before and s.log_path.stat().st_size == size
    s.submit({"type": "add", "seat": 0, "n": 2})           # what check accepted, submit accepts
    assert len(s.events) == before[1] + 1


def test_seat_listeners_hear_events_through_event_view_and_raw_listeners_do_not():
    s = LocalSession(SecretToy(), 2, {}, 7, log=False)
    raw, mine, table = [], [], []
    s.listeners.append(lambda sess, evs: raw.extend(evs))
    s.add_listener(lambda sess, evs: mine.extend(evs), seat=0)
    s.add_listener(table_fn := (lambda sess, evs: table.extend(evs)))
    secret = s.events[0]["value"]
    assert s.events_for(0)[0]["value"] == secret % 10 == s.events_for(None)[0]["value"]
    assert s.events[0]["value"] == secret                  # the log itself keeps the truth
    s.submit({"type": "add", "seat": 0, "n": 1})
    assert len(raw) == len(mine) == len(table) == 1
    mine[0]["n"] = 99                                      # a listener's copy is its own
    assert s.events[-1]["n"] == 1
    s.remove_listener(table_fn)
    s.submit({"type": "add", "seat": 1, "n": 1})
    assert len(table) == 1 and len(mine) == 2
    cursor = ReplayCursor(SecretToy(), s.header, s.events)
    cursor.seek(2)
    assert [e["seq"] for e in cursor.events_for(1)] == [0, 1] and cursor.events_for(1)[0]["value"] == secret % 10



def test_a_private_command_s_fields_reach_only_its_own_seat():
    """CommandSpec.private is applied by the core: the minimal game's guess says `high`
    only to the guesser (its own event_view passes it through), in listeners, events_for
    and a replay; the log keeps it, and the show reveals the cards in an event of its own."""
    from support.minigame.rules import MiniRules
    s = LocalSession(MiniRules(), 3, {}, 2, log=False)
    heard = {seat: [] for seat in (None, 0, 1, 2)}
    for seat in heard:
        s.add_listener(lambda sess, evs, seat=seat: heard[seat].extend(evs), seat=seat)
    s.submit({"type": "guess", "seat": 0, "high": True})
    assert s.events[-1]["high"] is True and MiniRules().event_view(s.events[-1], 1)["high"] is True
    assert heard[0][-1]["high"] is True
    assert all("high" not in heard[seat][-1] for seat in (None, 1, 2))
    assert all("high" not in s.events_for(seat)[-1] for seat in (None, 1, 2)) and s.events_for(0)[-1]["high"]
    cursor = ReplayCursor(MiniRules(), s.header, s.events)
    cursor.seek(len(s.events))
    assert "high" not in cursor.events_for(2)[-1]


def test_the_spec_refuses_hidden_information_with_a_lockstep_network_variant():
    from engine.core.spec import CommandSpec, GameSpec, VariantSpec
    online = (VariantSpec("classic", range(2, 4), 2, network=True),)
    GameSpec("open", online, hidden_information=False, commands=())          # all may see everything: fine
    with pytest.raises(ValueError, match="hidden information cannot declare a lockstep network variant"):
        GameSpec("secret", online, hidden_information=True, commands=())
    with pytest.raises(ValueError, match="private command 'vote' names no events"):
        GameSpec("v", online[:0] + (VariantSpec("classic", range(2, 4), 2),), hidden_information=True,
                 commands=(CommandSpec("vote", (), private=("accept",)),))


def test_the_spec_names_its_phone_variants_among_its_variants():
    from engine.core.spec import GameSpec, VariantSpec
    two = (VariantSpec("classic", range(2, 4), 2), VariantSpec("race", range(2, 4), 2, realtime=True))
    spec = GameSpec("p", two, hidden_information=False, commands=(), phone_variants=("classic",))
    assert spec.plays_on_phones(None) and spec.plays_on_phones("classic") and not spec.plays_on_phones("race")
    with pytest.raises(ValueError, match=r"phone variants \['solo'\] are not variants"):
        GameSpec("p", two, hidden_information=False, commands=(), phone_variants=("solo",))


def test_every_view_carries_the_status_header_consistent_with_the_rules():
    s = LocalSession(ToyRules(), 2, {}, 7, log=False)
    assert s.view(0)["status"] == {"phase": "play", "acting": [0], "round": None, "deadline": None,
                                   "ended": False}
    while s.outcome() is None:
        s.submit({"type": "add", "seat": min(s.to_act()), "n": 3})
    assert s.view(None)["status"] == {"phase": "over", "acting": [], "round": None, "deadline": None,
                                      "ended": True}


def test_turn_presets():
    from engine.core.turns import closes, each_once, in_turn, next_seat, responders
    assert in_turn(2) == {2} and in_turn(None) == frozenset() and next_seat(2, 3) == 0
    assert each_once(range(4), [1, 3]) == {0, 2}
    assert closes(range(4), [0, 1, 3], 2) and not closes(range(4), [1, 3], 2)
    assert responders(4, 1, {0: True}) == {2, 3} and responders(3, 0, [1, 2]) == frozenset()


def test_undo_is_read_from_the_spec():
    spec = ToyRules.spec
    assert spec.undoable([{"type": "added"}, {"type": "added"}])
    assert not spec.undoable([{"type": "added"}, {"type": "peeked"}])    # a secret was seen since
    assert not spec.undoable([{"type": "secret_set"}])                   # no command makes it


def test_lockstep_reads_like_a_session():
    from engine.core.lockstep import Lockstep
    ls = Lockstep(SecretToy(), 2, {}, 7)
    rec = {"seq": 1, "seat": 0, "by": 0, "t": 250, "salt": 3, "cid": 1, "cmd": {"type": "add", "n": 2}}
    assert ls.check({"type": "add", "seat": 0, "n": 2}) is None and ls.seq == 0
    ls.fold(rec)
    assert ls.view(1)["status"]["acting"] == [1] and ls.now_ms() == 250
    assert ls.check({"type": "add", "seat": 0, "n": 2}).code == "err.not_your_turn"
    assert [e["type"] for e in ls.events_for(1)] == ["secret_set", "added"]
    assert ls.events_for(1)[0]["value"] == ls.events[0]["value"] % 10
