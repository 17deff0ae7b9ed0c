"""Whole Hooky games between bots: they finish, refold to the same state hash, and their
logs round-trip through the file; bots never choose a blocked word; the CLI simulates."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engine.commands.verify import EXIT_OK, check
from engine.core import LocalSession, play_out, state_hash
from engine.core.logstore import read_log
from engine.hooky.bot import HookyBot, approx_entropies, public_knowledge, vocab
from engine.hooky.clue_words import bot_accepts
from engine.hooky.deduction import answer_distribution_approx, deduce, entropy
from engine.hooky.knowledge import Knowledge
from engine.hooky.rules import HookyRules
from engine.registry import bot_for, rules_for
from engine.words import is_blocked, is_hooky_word

ROOT = Path(__file__).resolve().parents[1]
RULES = HookyRules()


def strip_time(events):
    return [{k: v for k, v in e.items() if k != "t"} for e in events]


@pytest.mark.parametrize("seats,levels,seed", [(3, ["hard", "normal", "easy"], 1),
                                               (4, ["easy", "hard", "normal", "easy"], 2),
                                               (5, ["normal", "easy", "hard", "easy", "normal"], 3)])
def test_full_bot_games_refold_and_round_trip_through_the_log(tmp_path, seats, levels, seed):
    players = [{"name": f"B{i}", "kind": "bot", "level": lv} for i, lv in enumerate(levels)]
    s = LocalSession(RULES, seats, {}, seed, players, log_dir=tmp_path)
    bots = [HookyBot(lv, seed * 10 + i) for i, lv in enumerate(levels)]
    while s.outcome() is None:
        seat = min(s.to_act())
        s.submit(bots[seat].choose(s.view(seat), seat))
    s.close()
    out = s.outcome()
    assert out is not None and len(out.scores) == seats and out.winners
    st = s.state
    assert all(len(st.guesses[x]) == 3 for x in range(seats)) and all(n is not None for n in st.named)
    assert len(st.asks) == 6 * seats and len(st.clues) == seats
    for ev in s.events:
        if ev["type"] in ("asked", "clue_given"):
            assert not is_blocked(ev["word"]) and is_hooky_word(ev["word"])
    live = s.hash()
    assert state_hash(RULES.to_data(s.refold())) == live
    loaded = read_log(s.log_path)
    assert loaded.complete and loaded.events == s.events
    assert loaded.checkpoints[-1]["hash"] == live
    assert check(loaded)[0] == EXIT_OK
    assert LocalSession.resume(s.log_path, write=False).hash() == live
    again = play_out(RULES, seats, [HookyBot(lv, seed * 10 + i) for i, lv in enumerate(levels)], seed=seed)
    assert again.hash() == live and strip_time(again.events) == strip_time(s.events)


def test_registry_and_vote_rule():
    assert isinstance(rules_for("hooky"), HookyRules)
    bot = bot_for("hooky", "hard", 3)
    assert isinstance(bot, HookyBot) and bot.level == "hard"
    with pytest.raises(ValueError):
        HookyBot("superb")
    assert bot_accepts("memed") and not bot_accepts("zorbl") and not bot_accepts("abcde")
    assert not bot_accepts("ab1de")


def test_bot_vote_in_a_game():
    s = LocalSession(RULES, 3, {"deal": "abcdefghijklmnopqrstuvwxyz", "start": 0}, 1,
                     [{"name": "H", "kind": "human"}] + [{"name": "B", "kind": "bot"}] * 2, log=False)
    s.submit({"type": "propose", "seat": 0, "word": "memed"})
    for seat in (1, 2):
        s.submit(HookyBot("normal", seat).choose(s.view(seat), seat))
    assert "memed" in s.state.accepted and s.state.phase == "clue"


def test_vectorised_entropies_match_the_engine_approximation():
    k = Knowledge.new(4, 0, "bdhry", clues=[(1, "award", 2), (2, "mirth", 1), (3, "quack", 0)])
    d = deduce(k)
    voc = vocab(20)
    sample = list(range(0, len(voc.words), 97))
    for t in (1, 2, 3):
        fast = approx_entropies(voc, d.prob[:, t])
        for i in sample:
            slow = entropy(answer_distribution_approx(d, t, voc.words[i]))
            assert abs(fast[i] - slow) < 1e-9, voc.words[i]


def test_public_knowledge_forgets_the_private_part():
    k = Knowledge.new(3, 1, "abcdefg", clues=[(0, "mirth", 0)], peeks=((2, "z"),))
    pub = deduce(public_knowledge(k))
    assert pub.consistent and not pub.must("a", 1) and not pub.must("z", 2)
    assert all(pub.cannot(c, 0) for c in "mirth")


def test_hard_bot_guesses_the_most_likely_hooky_letters():
    s = play_out(RULES, 3, [HookyBot("random", i) for i in range(3)], seed=4)
    st = s.state
    # seat 0's view as it was: rebuild the knowledge, then ask the hard bot's guess rule
    k = Knowledge.from_view(RULES.view(st, 0)["knowledge"])
    d = deduce(k)
    p = d.prob[:, d.col("hooky")]
    letters = HookyBot("hard", 0)._guess(d, None)
    assert sorted(p[[ord(c) - 97 for c in letters]]) == sorted(np.sort(p)[-3:])


def test_simulate_cli_prints_the_summary(tmp_path):
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "simulate", "hooky", "--seats", "3",
                        "--games", "1", "--level", "easy", "--out", str(tmp_path)],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["game"] == "hooky" and out["games"] == 1 and len(out["results"]) == 1
    res = out["results"][0]
    assert set(res) >= {"seed", "events", "hash", "scores", "winners", "tiebreak"}
    assert Path(out["logs"][0]).is_file()
