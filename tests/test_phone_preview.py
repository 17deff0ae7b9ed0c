"""Paperback's word preview and hint for a phone (net/phones/preview.py): answered for the
seat the connection's token holds whatever the message says, from that seat's view and
the session's dry run; a card the seat does not hold is refused without a score; the
size and rate limits of every inbound frame hold. Real sockets on the loopback; the
host's buckets read a fake clock."""
from __future__ import annotations

import json
import time

import pytest
from websockets.exceptions import ConnectionClosed

from engine.core.session import LocalSession
from engine.paperback.bot import hint_choices
from engine.registry import rules_for
from net.phones.host import PhoneHost
from net.phones.limits import PhoneLimits
from net.phones.hints import hint_frame
from net.phones.preview import preview_frame, seat_check
from net.phones.table import PhoneTable
from support.relays import FakeClock
from test_phone_host import join, recv, recv_until, send, wait_poll


def plain(x):
    return json.loads(json.dumps(x))


@pytest.fixture
def table():
    """Paperback, seats 0 and 1 on phones and seat 2 a bot; the phone at seat 0 joined."""
    clock = FakeClock()
    host = PhoneHost("paperback", ["phone", "phone", "bot"], ["", "", "Bot"], clock=clock,
                     limits=PhoneLimits().with_(burst=8, rate=1.0), code="QRST")
    host.start()
    session = LocalSession(rules_for("paperback"), 3, {"start": 0}, seed=4, log=False)
    tab = PhoneTable(host, session)
    c, _ = join(host, 0)
    tab.pump()
    tab.clock = clock
    try:
        yield tab, c, clock
    finally:
        tab.close()
        host.stop()


def answer(tab, c, k, timeout=10.0):
    """Pump the table until the phone gets a frame of kind `k` (other frames skipped)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        tab.pump()
        try:
            m = recv(c, 0.02)
        except TimeoutError:
            continue
        if m["k"] == k:
            return m
    raise AssertionError(f"no {k} frame")


def best_word(session, seat):
    return hint_choices(session.view(seat), 1)[0]


def test_a_preview_is_the_engines_score_and_dry_run_for_the_connections_seat(table):
    tab, c, _ = table
    s = tab.session
    found = best_word(s, 0)
    # the phone names seat 1 and forges a time: both are the host's to set, not the phone's
    send(c, {"k": "preview", "seat": 1, "cards": list(found.cards), "letters": found.letters_map()})
    got = answer(tab, c, "preview")
    assert got == plain(preview_frame(s.view(0), s.check, 0, list(found.cards), found.letters_map(), len(s.events)))
    assert got == plain(preview_frame(s.view(0), seat_check(s.rules, s.state, s.events, 0), 0, list(found.cards),
                                      found.letters_map(), len(s.events)))
    assert got["refusal"] is None and got["seq"] == len(s.events)
    assert got["score"]["cents"] == found.cents and got["score"]["items"]
    # spelled for real, the rules give exactly the ¢ and items the preview showed
    n = len(s.events)
    send(c, {"k": "cmd", "cmd": {"type": "spell", "cards": list(found.cards), "letters": found.letters_map()}})
    while len(s.events) == n:
        tab.pump()
        time.sleep(0.005)
    spelled = next(ev for ev in s.events[n:] if ev["type"] == "spelled")
    assert spelled["seat"] == 0
    assert (spelled["cents"], spelled["items"]) == (got["score"]["cents"], got["score"]["items"])


def test_a_refused_word_comes_back_with_the_dry_runs_reason(table):
    tab, c, _ = table
    hand, cards = tab.session.view(0)["hand"], tab.session.state.cards
    wild = next(cid for cid in hand if cards[cid].wild)
    plain_cards = [cid for cid in hand if not cards[cid].wild][:3]
    assert "".join(cards[cid].letters for cid in plain_cards) + "q" not in ("", "q")
    send(c, {"k": "preview", "cards": plain_cards + [wild], "letters": {wild: "q"}})
    got = answer(tab, c, "preview")
    assert got["refusal"]["code"] == "err.paperback.unknown_word"
    assert got["score"]["cents"] >= 0                    # the ¢ are shown even so, as on the TV
    send(c, {"k": "preview", "cards": [wild, plain_cards[0]], "letters": {}})
    got = answer(tab, c, "preview")
    assert got["score"] is None and got["refusal"]["code"] == "err.paperback.wild_letter"


def test_a_card_the_seat_does_not_hold_is_refused_without_a_score(table):
    tab, c, _ = table
    s = tab.session
    mine = s.view(0)["hand"][:2]
    for forged in (s.state.hands[1][0], s.state.decks[0][0], s.state.piles["p2"][-1], "f5.1", "plagiarism"):
        send(c, {"k": "preview", "cards": mine + [forged], "letters": {}})
        got = answer(tab, c, "preview")
        assert got == {"k": "preview", "seq": len(s.events), "cards": mine + [forged], "letters": {},
                       "score": None, "refusal": {"code": "err.paperback.not_in_hand", "params": {}}}


def test_a_hint_is_the_tvs_hint_for_the_connections_seat(table):
    tab, c, _ = table
    s = tab.session
    send(c, {"k": "hint", "seat": 1})
    got = answer(tab, c, "hint", timeout=30)
    assert got == plain(hint_frame("paperback", s.view(0), 0, len(s.events)))
    first = best_word(s, 0)
    assert got["words"][0]["word"] == first.word
    assert got["cmd"] == {"type": "spell", "cards": list(first.cards), "letters": first.letters_map()}


def test_a_stray_letter_or_too_many_cards_is_a_bad_message():
    from net.phones import wire
    lim = PhoneLimits()
    ok = wire.parse(json.dumps({"k": "preview", "cards": ["L1", "common"], "letters": {"L1": "qu"}, "seat": 2}), lim)
    assert ok == {"k": "preview", "cards": ["L1", "common"], "letters": {"L1": "qu"}}       # no seat
    assert wire.parse('{"k": "hint", "seat": 3}', lim) == {"k": "hint"}
    for bad in ({"cards": ["L1"] * (lim.max_preview_cards + 1)}, {"cards": "L1"}, {"cards": [1]},
                {"cards": ["../x"]}, {"cards": ["L1"], "letters": {"L2": "a"}},
                {"cards": ["L1"], "letters": {"L1": "A1"}}, {"cards": ["L1"], "letters": {"L1": "abcde"}}):
        with pytest.raises(wire.WireError) as e:
            wire.parse(json.dumps({"k": "preview", **bad}), lim)
        assert e.value.code == "phone.err.bad_message", bad


def test_a_flood_of_previews_is_cut_off_by_the_connections_rate(table):
    tab, c, _ = table
    hand = tab.session.view(0)["hand"][:2]
    for _ in range(8):            # hello and join spent 2 of the burst of 8: the 7th preview is over
        try:
            send(c, {"k": "preview", "cards": hand, "letters": {}})
        except ConnectionClosed:
            break
    assert recv_until(c, "error")["code"] == "phone.err.rate"
    got = wait_poll(tab.host, 7)
    assert [(m["k"], m["seat"]) for m in got] == [("preview", 0)] * 6 + [("away", 0)]


def test_a_game_without_previews_refuses_them():
    host = PhoneHost("wooolf", ["phone"] * 5, clock=FakeClock(), code="QRST")
    host.start()
    try:
        session = LocalSession(rules_for("wooolf"), 5, {"start": 0}, seed=7, log=False)
        tab = PhoneTable(host, session)
        c, _ = join(host, 0)
        send(c, {"k": "preview", "cards": [], "letters": {}})
        assert answer(tab, c, "refused")["code"] == "phone.err.no_preview"
        tab.close()
    finally:
        host.stop()


def test_the_protocol_doc_says_the_preview_limits():
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[1] / "docs" / "phone-protocol.md").read_text(encoding="utf-8")
    assert f"a preview of more than {PhoneLimits().max_preview_cards} cards" in doc
    for said in ("`preview`", "phone.err.no_preview", "err.paperback.not_in_hand"):
        assert said in doc, said


def test_in_simultaneous_play_a_preview_reads_no_other_seats_secret_announcement():
    """The last seat to announce: its preview judges its own word only (the others'
    announcements, secret until the reveal, are changed at random and nothing changes)."""
    import copy
    from engine.core.rng import Rng
    from engine.paperback.scramble import scramble
    from engine.registry import bot_for
    rules = rules_for("paperback")
    s = LocalSession(rules, 3, {"simultaneous": True}, seed=5, log=False)
    bots = {seat: bot_for("paperback", None, "normal", seat, 0) for seat in range(3)}
    while not (s.state.phase == "spell" and s.to_act() == {0}):
        seat = min(s.to_act() - {0}) if s.to_act() - {0} else 0
        s.submit(bots[seat].choose(s.view(seat), seat))
    found = best_word(s, 0)
    ask = (0, list(found.cards), found.letters_map(), len(s.events))
    want = preview_frame(s.view(0), seat_check(rules, s.state, s.events, 0), *ask)
    assert want["refusal"] is None and want["score"]["cents"] == found.cents
    rng = Rng(3)
    for _ in range(5):
        other = scramble(copy.deepcopy(s.state), 0, rng)
        assert rules.to_data(other) != rules.to_data(s.state)
        assert preview_frame(s.view(0), seat_check(rules, other, s.events, 0), *ask) == want
    assert s.to_act() == {0} and not s.state.sim["revealed"]        # the dry runs changed nothing


def _power_words(seed=6):
    """A bot game with the Space Bar and Dyslexia (option space_dyslexia; seed 6 lays both
    early): yields (session, seat, spell command, the powers in it) before each such word,
    which the caller submits."""
    from engine.registry import bot_for
    s = LocalSession(rules_for("paperback"), 3, {"space_dyslexia": True, "start": 0}, seed=seed, log=False)
    bots = [bot_for("paperback", None, "normal", seat, 0) for seat in range(3)]
    cards = s.state.cards
    while s.outcome() is None:
        seat = min(s.to_act())
        cmd = {**bots[seat].choose(s.view(seat), seat), "seat": seat}
        if cmd["type"] == "spell":
            view = s.view(seat)
            powers = {cards[view["common"] if c == "common" else c].power for c in cmd["cards"]} - {""}
            if powers:
                yield s, seat, cmd, powers
                continue
        s.submit(cmd)


def test_the_space_bar_and_dyslexia_preview_as_the_tv_scores_them_and_the_rules_take_them():
    """A word laid with the Space Bar (two words) and one with Dyslexia (a pair reversed),
    as a phone sends them (no letter for a power card): the preview's ¢ and items are the
    TV's word panel's (scenes/paperback/word.py, the Space Bar laid as the gap) and the ¢
    the rules then give; Dyslexia in a word with no pair reversed is refused with why."""
    from scenes.paperback.word import SPACE, Building, live_score
    seen: set[str] = set()
    for s, seat, cmd, powers in _power_words():
        view, cards = s.view(seat), s.state.cards
        sent = {c: x for c, x in cmd["letters"].items() if not cards[c].power}     # as paperback.js sends it
        got = preview_frame(view, seat_check(s.rules, s.state, s.events, seat), seat, cmd["cards"], sent, len(s.events))
        assert got["refusal"] is None, got
        tv = [(c, SPACE if (d := cards[view["common"] if c == "common" else c]).power == "space"
               else "" if d.power else d.letters if c == "common" else cmd["letters"].get(c, d.letters))
              for c in cmd["cards"]]
        panel = live_score(view, Building(slots=tv))
        assert got["score"] == plain({"cents": panel.cents, "draws": panel.draws, "letters": panel.letters,
                                      "items": [list(i) for i in panel.items]})
        if "dyslexia" in powers:
            plain_pairs = {c: cards[c].letters for c in cmd["cards"]
                           if c != "common" and len(cards[c].letters) == 2 and not cards[c].power}
            unturned = {c: x for c, x in sent.items() if c not in plain_pairs}
            bad = preview_frame(view, seat_check(s.rules, s.state, s.events, seat), seat, cmd["cards"], unturned,
                                len(s.events))
            assert bad["refusal"] is not None
        n = len(s.events)
        s.submit({**cmd, "letters": sent})
        spelled = [ev for ev in s.events[n:] if ev["type"] == "spelled"]
        assert spelled and spelled[0]["cents"] == got["score"]["cents"]
        assert (" " in spelled[0]["word"]) == ("space" in powers)
        seen |= powers
        if seen == {"space", "dyslexia"}:
            return
    raise AssertionError(f"only {seen} laid")
