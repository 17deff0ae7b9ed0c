"""Hooky bots: they see only their seat's view and answer with a command.

- Questions: the expected information of the answer (its entropy over the consistent
  deals). Every (word, seat) pair of the bot's word list is scored at once from the
  marginals (`answer_distribution_approx`, vectorised); the best few are then scored
  exactly (`InfoModel`), with a small preference for common words. Blocked words never.
- Reveal: only a card the table already knows to be in the bot's hand (from public
  information alone: the deduction engine run for a seat-less observer), and only when
  a peek is worth it (the entropy of what the peek would show). Revealing costs the
  fewest-reveals tie-break, which decides many games between good players.
- Hooky guesses: the three letters with the highest marginal, plus noise by level;
  hands named the same way from each seat's marginals.
Levels: easy asks from the most common words, scored from the marginals only, picks at
random among the best few, reveals any card (a beginner's habit, which tells the table
the card) and guesses and names with a lot of noise. Normal scores a short list exactly,
reveals known cards whenever a peek tells 1.5 bits, and guesses with a little noise.
Hard scores a longer list exactly over a larger vocabulary, re-scores the best few by
the hooky letters it expects to pin down after each possible answer, reveals only before
the first guess and while the hooky letters are much in doubt, and guesses the most
likely letters. "random" plays random legal moves (for tests).

A bot's choice depends only on its seed and the view (its randomness is derived from
them), so the same view always gives the same command.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from engine.core.hashing import state_hash
from engine.core.rng import Rng
from engine.hooky.clue_words import bot_accepts
from engine.hooky.deduction import HOOKY, Deduction, InfoModel, deduce
from engine.hooky.knowledge import ALPHABET, HOOKY_SIZE, Knowledge, count_answer
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


STYLES: dict[str, Style] = {
    "easy": Style(20, 0, 8, 0.05, True, reveal_min_bits=1.0, reveal_any=True,
                  guess_noise=0.5, name_noise=0.4),
    "normal": Style(35, 6, 1, 0.04, True, reveal_min_bits=1.5, guess_noise=0.05, name_noise=0.05),
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


def _hooky_sure(d: Deduction) -> float:
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


class HookyBot:
    """A Hooky player for one seat. `level` is "easy", "normal", "hard" (or "random")."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.level = level
        self.seed = seed
        self.style = STYLES.get(level, STYLES["easy"])

    # ---- entry ----------------------------------------------------------------------
    def choose(self, view: dict, seat: int) -> dict:
        phase = view.get("phase")
        rng = self._rng(view, seat)
        if seat not in view.get("to_act", ()):
            return {"type": "vote", "seat": seat, "accept": True}   # nothing is legal; never raise
        if phase == "vote":
            return {"type": "vote", "seat": seat, "accept": bot_accepts(view["pending"]["word"])}
        k = Knowledge.from_view(view["knowledge"])
        if phase == "clue":
            return self._clue(k, seat, rng)
        if self.level == "random":
            return self._random(view, k, seat, rng)
        d = deduce(k)
        if phase == "turn":
            if view["can_reveal"] and self.style.reveal:
                cmd = self._reveal(view, k, d, seat)
                if cmd is not None:
                    return cmd
            return self._ask(view, k, d, seat, rng)
        if phase == "guess":
            return {"type": "guess", "seat": seat, "letters": self._guess(d, rng)}
        return {"type": "name_hands", "seat": seat, "hands": self._name(view, d, seat, rng)}

    def _rng(self, view: dict, seat: int) -> Rng:
        key = state_hash([view.get("knowledge"), view.get("phase"), view.get("round"),
                          len(view.get("log", ())), seat])
        return Rng.derive(self.seed, int(key[:15], 16))

    # ---- starting clue -----------------------------------------------------------------
    def _clue(self, k: Knowledge, seat: int, rng: Rng) -> dict:
        """A common word with as few of our letters as possible (at least one)."""
        voc = vocab(self.style.max_level if self.level != "random" else 20)
        counts = [(count_answer(w, k.hand), w) for w in voc.words]
        least = min(c for c, _ in counts if c > 0)
        pool = [w for c, w in counts if c == least]
        return {"type": "clue", "seat": seat, "word": rng.choice(pool)}

    # ---- the turn ----------------------------------------------------------------------
    def _pairs(self, view: dict, d: Deduction, seat: int) -> list[tuple[float, str, int, float]]:
        """(approximate score, word, seat asked, approximate bits) for every legal pair."""
        st = self.style
        voc = vocab(st.max_level)
        out: list[tuple[float, str, int, float]] = []
        for t in range(view["seats"]):
            if t == seat or d.known(t):
                continue
            bits = approx_entropies(voc, d.prob[:, t])
            score = bits - st.common_bits * voc.rarity / 10.0
            asked = {"".join(sorted(w)) for w in view["asked_of"][t]}
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

    def _ask(self, view: dict, k: Knowledge, d: Deduction, seat: int, rng: Rng) -> dict:
        st = self.style
        pairs = self._pairs(view, d, seat)
        if not pairs:                       # every hand is known: any legal question
            return self._any_question(view, seat, rng)
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

    def _any_question(self, view: dict, seat: int, rng: Rng) -> dict:
        voc = vocab(self.style.max_level)
        n = view["seats"]
        first = rng.below(len(voc.words))
        shift = rng.below(n - 1)
        for i in range(len(voc.words)):
            w = voc.words[(first + i) % len(voc.words)]
            for dt in range(n - 1):
                t = (seat + 1 + (dt + shift) % (n - 1)) % n
                if all(sorted(w) != sorted(x) for x in view["asked_of"][t]):
                    return {"type": "ask", "seat": seat, "target": t, "word": w}
        raise RuntimeError("no legal question left")

    def _reveal(self, view: dict, k: Knowledge, d: Deduction, seat: int) -> dict | None:
        """Reveal a card the table already knows we hold, to peek where it tells most."""
        if view["round"] > self.style.reveal_last_round:
            return None
        if _hooky_sure(d) >= min(self.style.reveal_doubt, HOOKY_SIZE - 1e-9):
            return None                 # a reveal now mostly costs the fewest-reveals tie-break
        n = view["seats"]
        value, target = 0.0, None
        for t in range(n):
            hidden = view["hidden_counts"][t]
            if t == seat or hidden == 0:
                continue
            rev = set(view["revealed"][t])
            probs = [d.p(l, t) / hidden for l in ALPHABET if l not in rev and d.p(l, t) > 0]
            bits = -sum(q * math.log2(q) for q in probs if q > 0)
            if bits > value + 1e-9:
                value, target = bits, t
        if target is None or value < self.style.reveal_min_bits:
            return None
        try:
            pub = None if self.style.reveal_any else deduce(public_knowledge(k))
        except OverflowError:           # too little is public yet to know anything
            return None
        mine = [l for l in k.hand if l not in view["revealed"][seat]
                and (pub is None or pub.must(l, seat))]
        if not mine:
            return None
        return {"type": "reveal", "seat": seat, "letter": mine[0], "target": target}

    # ---- guesses -----------------------------------------------------------------------
    def _noisy_top(self, p: np.ndarray, size: int, noise: float, rng: Rng) -> list[int]:
        score = [float(p[i]) + (noise * rng.random() if noise else 0.0) for i in range(len(p))]
        order = sorted(range(len(p)), key=lambda i: (-score[i], i))
        return sorted(order[:size])

    def _guess(self, d: Deduction, rng: Rng) -> list[str]:
        p = d.prob[:, d.col(HOOKY)]
        return [ALPHABET[i] for i in self._noisy_top(p, 3, self.style.guess_noise, rng)]

    def _name(self, view: dict, d: Deduction, seat: int, rng: Rng) -> list[list[str]]:
        hands: list[list[str]] = []
        for t in range(view["seats"]):
            if t == seat:
                hands.append([])
                continue
            p = d.prob[:, t]
            picked = self._noisy_top(p, view["hand_size"], self.style.name_noise, rng)
            hands.append([ALPHABET[i] for i in picked if p[i] > 0])
        return hands

    # ---- random play (tests) -----------------------------------------------------------
    def _random(self, view: dict, k: Knowledge, seat: int, rng: Rng) -> dict:
        phase = view["phase"]
        n = view["seats"]
        if phase == "turn":
            if view["can_reveal"] and rng.random() < 0.35:
                mine = [l for l in k.hand if l not in view["revealed"][seat]]
                targets = [t for t in range(n) if t != seat and view["hidden_counts"][t] > 0]
                return {"type": "reveal", "seat": seat, "letter": rng.choice(mine),
                        "target": rng.choice(targets)}
            return self._any_question(view, seat, rng)
        if phase == "guess":
            letters = list(ALPHABET)
            rng.shuffle(letters)
            return {"type": "guess", "seat": seat, "letters": letters[:3]}
        hands: list[list[str]] = []
        for t in range(n):
            letters = list(ALPHABET)
            rng.shuffle(letters)
            hands.append([] if t == seat else letters[:view["hand_size"]])
        return {"type": "name_hands", "seat": seat, "hands": hands}


def bot_command(view: dict, seat: int, level: str = "normal", seed: int = 0) -> dict[str, Any]:
    """One command from a fresh bot (the same as a long-lived one: bots keep no memory)."""
    return HookyBot(level, seed).choose(view, seat)
