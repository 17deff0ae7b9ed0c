"""Word Porters bots: they see only their seat's view and answer with a command.

Both halves of the game read hints through one model of a listener: a player's
placements (hint word h with emphasis e, the top marker's number) make the score of a
board word w the sum of EMPHASIS[e] * fit[w, h], and the listener's odds of the ten
words are a softmax of `beta` times those scores (its own number excluded).

- Giving: the bot tries every legal placement and keeps the one after which that model
  (read sharply, as the best guessers will) gives its own word the highest probability
  among the ten: the hint that singles its word out from the other nine, not the one
  that fits it best in general. A stack costs two markers, so it must be worth
  STACK_COST more. Under the children's rules it declines when nothing helps.
- Guessing: for every other player, the odds of each word from that player's markers;
  players' numbers are distinct and differ from the bot's own, so the exact joint odds
  are summed over every assignment of distinct numbers, and the vote is the
  assignment of distinct numbers with the highest expected score (every one enumerated).

Levels differ in how sharply they read and give (measured against scripted stand-ins for
a person in engine/wordporters/arena.py, and by bench/wordporters_bots.py): easy reads a
much noisier private copy of the fit table (its own, loose sense of the words: eight
entries in ten a step off), reads softly and picks loosely among the fitting placements,
so its hints are often vague; normal less so; hard reads the
table as written, always gives the best placement, and reads pragmatically: each of a
player's placements is weighed against every placement that player could have made at
that moment (a giver with word t picks by the odds it gives t), so a forced, poor
placement says little, and "yellow" chosen while "sour" was free says "not the lemon".
"random" is the core RandomBot over the rules' legal commands.
A bot's choice depends only on its seed and the view.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Any, Sequence

import numpy as np

from engine.core.bots import LevelledBot
from engine.core.rng import Rng
from engine.wordporters.board import emphasis, legal_placements
from engine.wordporters.content import FIT_MAX, content
from engine.wordporters.state import POSITIONS

LEVELS = ("easy", "normal", "hard", "random")
EMPHASIS = {1: 1.0, 2: 0.8, 3: 0.65}     # the first marker is the first thought
GIVE_BETA = 1.6                          # how sharply the giver expects to be read
STACK_COST = 0.04                        # a stack must raise the odds this much more
PRAGMATIC = 8.0                          # the hard reader's model of a giver's sharpness


@dataclass(frozen=True)
class Style:
    noise: float          # share of fit entries its private table moves by one step (clipped to 0..3)
    beta: float           # how sharply it reads others' markers
    temperature: float    # 0: the best placement; else a softmax over the odds it gives
    pragmatic: float = 0.0   # > 0: reads each placement against the others the player could
                             # have made then (how sharply it expects a giver to pick the best)


STYLES: dict[str, Style] = {
    "easy": Style(noise=0.8, beta=0.5, temperature=0.3),
    "normal": Style(noise=0.15, beta=1.2, temperature=0.03),
    "hard": Style(noise=0.0, beta=1.6, temperature=0.0, pragmatic=PRAGMATIC),
}


def private_fit(seed: int, noise: float) -> np.ndarray:
    """The fit table as a bot of this seed senses it: each entry moved one step up or
    down with probability `noise` (clipped to 0..FIT_MAX), as a bot's own float copy."""
    return (_noisy_fit(seed, noise) if noise > 0 else content().fit).astype(np.float64)


@lru_cache(maxsize=16)
def _noisy_fit(seed: int, noise: float) -> np.ndarray:
    """The noisy table as int8 (31 KB; the draws take about 7 ms). The same seeds come
    back (a game's seats are seeded from the game's seed: a game continued or played
    again makes them anew), so the last sixteen are kept: half a megabyte at most.
    Read-only: every bot of the seed shares it."""
    fit = content().fit
    rng = Rng(seed * 7919 + 17)
    lanes = -(-fit.size // 4)                     # four 16-bit draws from each 64-bit one
    bits = np.array([rng.next64() for _ in range(lanes)], dtype=np.uint64).view(np.uint16)[:fit.size]
    move = (bits >> 1) < int(noise * (1 << 15))
    step = np.where(bits & 1, 1, -1).astype(np.int8)
    out = np.clip(fit + (move * step).reshape(fit.shape), 0, FIT_MAX).astype(np.int8)
    out.flags.writeable = False
    return out


@lru_cache(maxsize=16)
def _perms(n_values: int, k: int) -> np.ndarray:
    """Every ordered choice of k distinct values from range(n_values), as rows."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.int64)
    return np.array(list(permutations(range(n_values), k)), dtype=np.int64)


def word_scores(fit: np.ndarray, board: Sequence[int], hints: Sequence[tuple[int, int]]) -> np.ndarray:
    """The listener's score of each board word for (hint word, emphasis) placements."""
    s = np.zeros(len(board))
    for h, e in hints:
        s += EMPHASIS[e] * fit[board, h]
    return s


def odds(scores: np.ndarray, beta: float, excluded: Sequence[int] = ()) -> np.ndarray:
    z = beta * scores
    z = z - z.max()
    p = np.exp(z)
    for x in excluded:
        p[x] = 0.0
    return p / p.sum()


def option_values(fit: np.ndarray, board: Sequence[int], mine: Sequence[tuple[int, int]],
                  options: Sequence[tuple[int, int, int]]) -> np.ndarray:
    """A giver's value of each option (hint word, emphasis, markers it costs) for each
    possible target: the odds a listener gives each board word after it (rows: options,
    columns: board words), less STACK_COST for a stack."""
    base = word_scores(fit, board, mine)
    cols = np.array([h for h, _, _ in options])
    emph = np.array([EMPHASIS[e] for _, e, _ in options])
    z = GIVE_BETA * (base[None, :] + emph[:, None] * fit[np.ix_(board, cols)].T)
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    return p - STACK_COST * (np.array([k for _, _, k in options]) > 1)[:, None]


def pragmatic_likelihood(fit: np.ndarray, board: Sequence[int], view: dict, seat: int,
                         sharpness: float) -> np.ndarray:
    """How likely `seat`'s placements are for each board word as its target, when a
    giver picks among the placements legal at that moment, each in proportion to the odds
    it gives the target raised to `sharpness` (a soft best choice, as a listener expects of
    a speaker): a forced, poor placement says little; a deliberate one says much."""
    ids = content().hint_ids
    hint_of = [[ids[w] for w in h["words"]] for h in view["hints"]]
    boards: list[list[dict[str, Any]]] = [[] for _ in view["hints"]]
    left = [[1, 2, 3] for _ in range(view["seats"])]
    mine: list[tuple[int, int]] = []
    like = np.ones(len(board))
    for pl in view["placements"]:
        who = pl["seat"]
        if who == seat:
            legal = legal_placements(boards, left[who], who)
            options = [(hint_of[c][sd], emphasis(st), len(st)) for c, sd, st in legal]
            z = sharpness * np.log(np.clip(option_values(fit, board, mine, options), 1e-9, None))
            z -= z.max(axis=0, keepdims=True)
            q = np.exp(z)
            q /= q.sum(axis=0, keepdims=True)
            chosen = next(i for i, (c, sd, _) in enumerate(legal) if (c, sd) == (pl["card"], pl["side"]))
            like *= q[chosen]
            mine.append((hint_of[pl["card"]][pl["side"]], emphasis(pl["markers"])))
        boards[pl["card"]].append({"seat": who, "side": pl["side"], "markers": pl["markers"]})
        for m in pl["markers"]:
            left[who].remove(m)
    return like / like.sum()


def joint_marginals(like: np.ndarray, allowed: Sequence[int]) -> np.ndarray:
    """Exact marginals of k players' distinct positions (rows of `like`: each player's
    unnormalised odds), over every assignment of distinct positions from `allowed`."""
    k = like.shape[0]
    allowed = np.asarray(allowed)
    if k == 0:
        return like
    perms = allowed[_perms(len(allowed), k)]              # (m, k) positions
    w = np.prod(like[np.arange(k), perms], axis=1)        # (m,)
    total = w.sum()
    out = np.zeros_like(like)
    if total <= 0:
        out[:, allowed] = 1.0 / len(allowed)
        return out
    for p in range(k):
        np.add.at(out[p], perms[:, p], w)
    return out / total


def best_assignment(marg: np.ndarray) -> list[int]:
    """The distinct positions (one per row) with the highest summed probability."""
    k = marg.shape[0]
    if k == 0:
        return []
    perms = _perms(marg.shape[1], k)
    total = marg[np.arange(k), perms].sum(axis=1)
    return [int(x) for x in perms[int(np.argmax(total))]]


class WordPortersBot(LevelledBot):
    LEVELS = LEVELS
    STYLES = STYLES
    LEGAL = "engine.wordporters.rules:_legal_commands"

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        super().__init__(level, seed)
        # its sense of the words, made once (the noisy copies take a moment)
        self.fit = private_fit(self.seed, self.style.noise) if level in STYLES else content().fit

    def _rng(self, view: dict, seat: int) -> Rng:
        return Rng.derive(self.seed, view["round"] * 1000 + len(view["placements"]), seat)

    def choose(self, view: dict, seat: int) -> dict[str, Any]:
        if view["phase"] == "hints":
            return self.give(view, seat)
        if view["phase"] == "vote":
            return self.vote(view, seat)
        raise ValueError(f"nothing to choose in phase {view['phase']!r}")

    # ---- the table as indices ---------------------------------------------------------
    @staticmethod
    def _board(view: dict) -> list[int]:
        ids = content().word_ids
        return [ids[w] for w in view["words"]]

    @staticmethod
    def _hints_of(view: dict, seat: int) -> list[tuple[int, int]]:
        ids = content().hint_ids
        out = []
        for p in view["placements"]:
            if p["seat"] == seat:
                out.append((ids[view["hints"][p["card"]]["words"][p["side"]]], emphasis(p["markers"])))
        return out

    # ---- giving -------------------------------------------------------------------------
    def give(self, view: dict, seat: int) -> dict[str, Any]:
        board_cards = [h["markers"] for h in view["hints"]]
        legal = legal_placements(board_cards, view["left"][seat], seat)
        rng = self._rng(view, seat)
        style = self.style
        fit = self.fit
        board = self._board(view)
        target = view["number"] - 1
        mine = self._hints_of(view, seat)
        ids = content().hint_ids
        now = odds(word_scores(fit, board, mine), GIVE_BETA)[target]
        options = [(ids[view["hints"][c]["words"][sd]], emphasis(st), len(st)) for c, sd, st in legal]
        values = [float(x) for x in option_values(fit, board, mine, options)[:, target]]
        best = max(range(len(legal)), key=lambda i: values[i])
        if view["can_decline"] and values[best] <= now:
            return {"type": "decline", "seat": seat}
        if style.temperature > 0:
            top = max(values)
            w = [math.exp((v - top) / style.temperature) for v in values]
            r = rng.random() * sum(w)
            for i, x in enumerate(w):
                r -= x
                if r <= 0:
                    best = i
                    break
        card, side, _ = legal[best]
        return {"type": "place", "seat": seat, "card": card, "side": side}

    # ---- guessing -----------------------------------------------------------------------
    def marginals(self, view: dict, seat: int) -> tuple[list[int], np.ndarray]:
        """The other seats and, for each, the exact odds of each position (0-based)."""
        others = [s for s in range(view["seats"]) if s != seat]
        own = view["number"] - 1
        style = self.style
        fit = self.fit
        board = self._board(view)
        if style.pragmatic > 0:
            like = np.stack([pragmatic_likelihood(fit, board, view, s, style.pragmatic) for s in others])
            like[:, own] = 0.0
        else:
            like = np.stack([odds(word_scores(fit, board, self._hints_of(view, s)), style.beta, (own,))
                             for s in others])
        allowed = [x for x in range(POSITIONS) if x != own]
        return others, joint_marginals(like, allowed)

    def vote(self, view: dict, seat: int) -> dict[str, Any]:
        others, marg = self.marginals(view, seat)
        pick = best_assignment(marg)
        guesses: list[int | None] = [None] * view["seats"]
        for s, x in zip(others, pick):
            guesses[s] = x + 1
        return {"type": "vote", "seat": seat, "guesses": guesses}
