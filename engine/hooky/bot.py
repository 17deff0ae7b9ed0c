"""Hooky bots: they see only their seat's view and answer with a command.

The three levels reason as three kinds of player (docs/bots.md has the measured games):

- easy, a casual player: a pencil worksheet (`engine.hooky.worksheet`) with only the
  plain "count" inferences, and it forgets: each answer it heard is kept with even odds
  (the two latest always). It asks common words picked at random among the better few
  for its rough odds, reveals any card when a peek looks useful (a beginner's habit,
  which tells the table the card), and guesses and names hands with a lot of noise.
- normal, a careful player with a pencil: the whole worksheet (the "count" and "cases"
  rules, every answer kept), so only certainties a person can derive line by line; the
  odds it asks and guesses by are the worksheet's rough ones. It reveals only a card the
  table's own worksheet already shows in its hand, when the peek tells 1.5 bits.
- hard, the exact engine (`engine.hooky.deduction`): questions by the expected
  information of the answer, every (word, seat) pair of its word list scored at once
  from the marginals (`approx_entropies`), the best few scored exactly (`InfoModel`) and
  re-scored by the hooky letters each answer would pin down; it reveals only a card the
  table already knows (the exact engine run for a seat-less observer), before the first
  guess and while the hooky letters are much in doubt, and guesses the likeliest letters.
  Revealing costs the fewest-reveals tie-break, which decides many games between good
  players.
"random" is the core RandomBot (engine/core/bots.py) over the rules' legal commands
(for tests and the arenas' baselines). Blocked words never.

A bot's choice depends only on its seed and the view (its randomness is derived from
them), so the same view always gives the same command. The bots read only the view's
`knowledge` and the table's public counts; what a view does not carry is derived from
the knowledge.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from engine.core.bots import LevelledBot
from engine.core.hashing import state_hash
from engine.core.rng import Rng
from engine.hooky.clue_words import bot_accepts
from engine.hooky.deduction import HOOKY, Deduction, InfoModel, deduce
from engine.hooky.knowledge import ALPHABET, HOOKY_SIZE, Knowledge, count_answer
from engine.hooky.worksheet import RULES, Belief, Sheet
from engine.words import bot_words, commonness

LEVELS = ("easy", "normal", "hard", "random")
_PAD = len(ALPHABET)                     # letter index of an empty slot (probability 0)
LOOKAHEAD_MIN_P = 0.05                   # answers less likely than this are not looked at


@dataclass(frozen=True)
class Style:
    max_level: int               # vocabulary: words at most this rare (SCOWL level)
    exact: int                   # (word, seat) pairs scored exactly with InfoModel
    pick_among: int              # choose at random among the best this many (1 = the best)
    common_bits: float           # bits a word loses per 10 levels of rarity
    reveal: bool                 # reveals at all
    reveal_min_bits: float = 1.0     # a peek must be worth at least this many bits
    reveal_doubt: float = 9.0    # ... and fewer hooky letters than this expected right now
    guess_noise: float = 0.0     # noise on the hooky marginals (0 = the most likely letters)
    name_noise: float = 0.0      # noise on the hand marginals
    lookahead: int = 0           # best pairs re-scored by the hooky letters they pin down
    reveal_any: bool = False     # reveals any card, known to the table or not (a beginner's habit)
    reveal_last_round: int = 6   # no reveal after this round
    sheet: tuple[str, ...] = ()  # worksheet rules it reasons with; () = the exact engine
    memory: float = 1.0          # share of the answers heard that it keeps
    recall_last: int = 2         # ... always keeping this many of the latest


STYLES: dict[str, Style] = {
    "easy": Style(20, 0, 8, 0.05, True, reveal_min_bits=1.0, reveal_any=True,
                  guess_noise=0.5, name_noise=0.4, sheet=("count",), memory=0.5),
    "normal": Style(35, 0, 1, 0.04, True, reveal_min_bits=1.5, reveal_last_round=4,
                    guess_noise=0.05, name_noise=0.05, sheet=RULES),
    "hard": Style(50, 9, 1, 0.02, True, reveal_min_bits=2.0, reveal_doubt=2.0, reveal_last_round=4,
                  lookahead=3),
}


@dataclass(frozen=True)
class _Vocab:
    words: tuple[str, ...]
    letters: np.ndarray       # (W, 5) distinct letters' indices, padded with _PAD
    counts: np.ndarray        # (W, 5) how often each appears in the word
    keys: tuple[str, ...]     # sorted letters (anagram key)
    rarity: np.ndarray        # (W,) commonness level


@lru_cache(maxsize=8)
def vocab(max_level: int) -> _Vocab:
    words = tuple(bot_words(5, max_level))
    letters = np.full((len(words), 5), _PAD, dtype=np.int64)
    counts = np.zeros((len(words), 5), dtype=np.int64)
    for i, w in enumerate(words):
        for j, c in enumerate(dict.fromkeys(w)):
            letters[i, j] = ord(c) - 97
            counts[i, j] = w.count(c)
    rarity = np.array([commonness(w) for w in words], dtype=np.float64)
    return _Vocab(words, letters, counts, tuple("".join(sorted(w)) for w in words), rarity)


def approx_entropies(voc: _Vocab, p: np.ndarray) -> np.ndarray:
    """Entropy (bits) of each word's answer if the letters were independent with
    probabilities `p` (26,): `answer_distribution_approx` for the whole list at once."""
    pp = np.append(p, 0.0)
    w = len(voc.words)
    dist = np.zeros((w, 6))
    dist[:, 0] = 1.0
    idx = np.arange(6)[None, :]
    for k in range(5):
        pk = pp[voc.letters[:, k]][:, None]
        src = idx - voc.counts[:, k][:, None]
        shifted = np.where(src >= 0, np.take_along_axis(dist, np.clip(src, 0, 5), axis=1), 0.0)
        dist = dist * (1 - pk) + shifted * pk
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(dist > 0, -dist * np.log2(np.where(dist > 0, dist, 1.0)), 0.0)
    return terms.sum(axis=1)


Beliefs = Deduction | Belief          # what a bot reasons from: exact counts or a worksheet


def _hooky_sure(d: Beliefs) -> float:
    """Expected hooky letters right when guessing the three most likely ones now."""
    p = np.sort(d.prob[:, d.col(HOOKY)])
    return float(p[-HOOKY_SIZE:].sum())


def entropy(dist: dict[int, float]) -> float:
    return float(-sum(q * math.log2(q) for q in dist.values() if q > 0))


def public_knowledge(k: Knowledge) -> Knowledge:
    """What the whole table knows: public facts only, as seen by a seat-less observer
    (one extra seat holding no card)."""
    return Knowledge(players=k.players + 1, seat=k.players, hand=(),
                     hand_sizes=k.hand_sizes + (0,), playground_size=k.playground_size,
                     flipped=k.flipped, revealed=k.revealed + ((),), peeks=(), clues=k.clues,
                     hooky_size=k.hooky_size, alphabet=k.alphabet)


def view_rng(seed: int, view: dict, seat: int) -> Rng:
    """A bot's randomness for one decision: derived from its seed and what it sees."""
    key = state_hash([view.get("knowledge"), view.get("phase"), view.get("round"),
                      view.get("turn"), seat])
    return Rng.derive(seed, int(key[:15], 16))


def table_facts(view: dict, k: Knowledge) -> dict[str, Any]:
    """The public counts a bot reads, from the view where it has them, else from the
    knowledge: seats, hand size, each seat's face-up and face-down cards, the words
    already asked of each seat, whether a reveal is allowed now."""
    n = int(view.get("seats") or k.players)
    revealed = [list(r) for r in (view.get("revealed") or k.revealed)]
    hand_size = int(view.get("hand_size") or k.hand_sizes[0])
    hidden = view.get("hidden_counts") or [k.hand_sizes[s] - len(revealed[s]) for s in range(n)]
    asked = view.get("asked_of")
    if asked is None:            # the view does not list them: every word heard, per seat
        asked = [[w for s, w, _ in k.clues if s == t] for t in range(n)]
    return {"seats": n, "hand_size": hand_size, "revealed": revealed, "hidden_counts": list(hidden),
            "asked_of": asked, "can_reveal": bool(view.get("can_reveal")),
            "round": int(view.get("round") or 0), "phase": view.get("phase")}


def clue_command(k: Knowledge, seat: int, rng: Rng, max_level: int = 20) -> dict:
    """A starting clue: a common word with as few of our letters as possible (at least one)."""
    voc = vocab(max_level)
    counts = [(count_answer(w, k.hand), w) for w in voc.words]
    least = min(c for c, _ in counts if c > 0)
    pool = [w for c, w in counts if c == least]
    return {"type": "clue", "seat": seat, "word": rng.choice(pool)}


class HookyBot(LevelledBot):
    """A Hooky player for one seat. `level` is "easy", "normal", "hard" (or "random")."""
    LEVELS = LEVELS
    STYLES = STYLES
    LEGAL = "engine.hooky.rules:_legal_commands"

    # ---- entry ----------------------------------------------------------------------
    def choose(self, view: dict, seat: int) -> dict:
        phase = view.get("phase")
        rng = view_rng(self.seed, view, seat)
        if seat not in view.get("to_act", ()):
            return {"type": "vote", "seat": seat, "accept": True}   # nothing is legal; never raise
        if phase == "vote":
            return {"type": "vote", "seat": seat, "accept": bot_accepts(view["pending"]["word"])}
        k = Knowledge.from_view(view["knowledge"])
        if phase == "clue":
            return clue_command(k, seat, rng, self.style.max_level)
        facts = table_facts(view, k)
        d = self.beliefs(k)
        if phase == "turn":
            if facts["can_reveal"] and self.style.reveal:
                cmd = self._reveal(facts, k, d, seat)
                if cmd is not None:
                    return cmd
            return self._ask(facts, k, d, seat, rng)
        if phase == "guess":
            return {"type": "guess", "seat": seat, "letters": self._guess(d, rng)}
        return {"type": "name_hands", "seat": seat, "hands": self._name(facts, d, seat, rng)}

    def beliefs(self, k: Knowledge) -> Beliefs:
        """The exact engine's counts, or this level's worksheet."""
        st = self.style
        if not st.sheet:
            return deduce(k)
        return self.sheet(k).belief()

    def sheet(self, k: Knowledge) -> Sheet:
        """This level's worksheet: its rules, over the answers it remembers."""
        st = self.style
        clues = k.clues
        if st.memory < 1.0:
            last = len(clues) - st.recall_last
            clues = tuple(c for i, c in enumerate(clues)
                          if i >= last or Rng.derive(self.seed, i, k.seat).random() < st.memory)
        return Sheet(k, st.sheet, clues)

    # ---- the turn ----------------------------------------------------------------------
    def _pairs(self, facts: dict, d: Beliefs, seat: int) -> list[tuple[float, str, int, float]]:
        """(approximate score, word, seat asked, approximate bits) for every legal pair."""
        st = self.style
        voc = vocab(st.max_level)
        out: list[tuple[float, str, int, float]] = []
        for t in range(facts["seats"]):
            if t == seat or d.known(t):
                continue
            bits = approx_entropies(voc, d.prob[:, t])
            score = bits - st.common_bits * voc.rarity / 10.0
            asked = {"".join(sorted(w)) for w in facts["asked_of"][t]}
            order = np.argsort(-score, kind="stable")
            taken = 0
            for i in order:
                if voc.keys[i] in asked:
                    continue
                out.append((float(score[i]), voc.words[i], t, float(bits[i])))
                taken += 1
                if taken >= max(st.exact, st.pick_among, 1) * 2:
                    break
        out.sort(key=lambda x: (-x[0], x[1], x[2]))
        return out

    def _ask(self, facts: dict, k: Knowledge, d: Beliefs, seat: int, rng: Rng) -> dict:
        st = self.style
        pairs = self._pairs(facts, d, seat)
        if not pairs:                       # every hand is known: any legal question
            return self._any_question(facts, seat, rng)
        if st.exact > 0:
            model = InfoModel(k)
            scored = []
            for approx, w, t, bits in pairs[:st.exact]:
                exact = entropy(model.distribution(t, w))
                scored.append((exact + approx - bits, w, t))
            scored.sort(key=lambda x: (-x[0], x[1], x[2]))
            if st.lookahead and _hooky_sure(d) < HOOKY_SIZE - 1e-9:
                scored = self._lookahead(k, model, scored[:st.lookahead], _hooky_sure(d))
            best = scored[:st.pick_among]
        else:
            best = [(s, w, t) for s, w, t, _ in pairs[:st.pick_among]]
        _, word, target = best[rng.below(len(best))]
        return {"type": "ask", "seat": seat, "target": target, "word": word}

    @staticmethod
    def _lookahead(k: Knowledge, model: InfoModel, scored: list[tuple[float, str, int]],
                   now: float) -> list[tuple[float, str, int]]:
        """Re-score questions by the hooky letters expected to be right if one guessed
        right after hearing the answer (the sum of the three best hooky marginals)."""
        out = []
        for bits, w, t in scored:
            value = 0.0
            for a, q in model.distribution(t, w).items():
                # an unlikely answer is valued as no news (a little pessimistic; saves time)
                value += q * (_hooky_sure(deduce(k.with_clue(t, w, a))) if q >= LOOKAHEAD_MIN_P else now)
            out.append((value + 0.01 * bits, w, t))
        out.sort(key=lambda x: (-x[0], x[1], x[2]))
        return out

    def _any_question(self, facts: dict, seat: int, rng: Rng) -> dict:
        voc = vocab(self.style.max_level)
        n = facts["seats"]
        first = rng.below(len(voc.words))
        shift = rng.below(n - 1)
        for i in range(len(voc.words)):
            w = voc.words[(first + i) % len(voc.words)]
            for dt in range(n - 1):
                t = (seat + 1 + (dt + shift) % (n - 1)) % n
                if all(sorted(w) != sorted(x) for x in facts["asked_of"][t]):
                    return {"type": "ask", "seat": seat, "target": t, "word": w}
        raise RuntimeError("no legal question left")

    def _reveal(self, facts: dict, k: Knowledge, d: Beliefs, seat: int) -> dict | None:
        """Reveal a card the table already knows we hold, to peek where it tells most."""
        if facts["round"] > self.style.reveal_last_round:
            return None
        if _hooky_sure(d) >= min(self.style.reveal_doubt, HOOKY_SIZE - 1e-9):
            return None                 # a reveal now mostly costs the fewest-reveals tie-break
        n = facts["seats"]
        value, target = 0.0, None
        for t in range(n):
            hidden = facts["hidden_counts"][t]
            if t == seat or hidden == 0:
                continue
            rev = set(facts["revealed"][t])
            probs = [d.p(l, t) / hidden for l in ALPHABET if l not in rev and d.p(l, t) > 0]
            bits = -sum(q * math.log2(q) for q in probs if q > 0)
            if bits > value + 1e-9:
                value, target = bits, t
        if target is None or value < self.style.reveal_min_bits:
            return None
        mine = [l for l in k.hand if l not in facts["revealed"][seat]]
        if not self.style.reveal_any:
            mine = [l for l in mine if l in self._public_cards(k, seat)]
        if not mine:
            return None
        return {"type": "reveal", "seat": seat, "letter": mine[0], "target": target}

    def _public_cards(self, k: Knowledge, seat: int) -> set[str]:
        """The cards of our hand the table can already be sure of, reasoning as we do."""
        pub = public_knowledge(k)
        if self.style.sheet:
            return set(Sheet(pub, self.style.sheet).held(seat))
        try:
            d = deduce(pub)
        except OverflowError:           # too little is public yet to know anything
            return set()
        return {l for l in k.hand if d.must(l, seat)}

    # ---- guesses -----------------------------------------------------------------------
    def _noisy_top(self, p: np.ndarray, size: int, noise: float, rng: Rng) -> list[int]:
        score = [float(p[i]) + (noise * rng.random() if noise else 0.0) for i in range(len(p))]
        order = sorted(range(len(p)), key=lambda i: (-score[i], i))
        return sorted(order[:size])

    def _guess(self, d: Beliefs, rng: Rng) -> list[str]:
        p = d.prob[:, d.col(HOOKY)]
        return [ALPHABET[i] for i in self._noisy_top(p, 3, self.style.guess_noise, rng)]

    def _name(self, facts: dict, d: Beliefs, seat: int, rng: Rng) -> list[list[str]]:
        hands: list[list[str]] = []
        for t in range(facts["seats"]):
            if t == seat:
                hands.append([])
                continue
            p = d.prob[:, t]
            picked = self._noisy_top(p, facts["hand_size"], self.style.name_noise, rng)
            hands.append([ALPHABET[i] for i in picked if p[i] > 0])
        return hands


def bot_command(view: dict, seat: int, level: str = "normal", seed: int = 0) -> dict[str, Any]:
    """One command from a fresh bot (the same as a long-lived one: bots keep no memory)."""
    return HookyBot(level, seed).choose(view, seat)
