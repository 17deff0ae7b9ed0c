"""Sumoku bots: they see only a view and answer with a command.

Classic levels:
- easy: a casual player: a random short play (at most three tiles, one-tile plays
  likeliest) among the lower-scoring 70 % of them, never hunting for points (seeded:
  the same seed and view give the same play); a scripted beginner beats it in most
  games (docs/bots.md);
- normal: the best-scoring play (`hint` gives its move);
- hard: among the best-scoring plays, weighs the score, the tiles it keeps and the
  reply it leaves to the next seat (hands are public, so that reply is exact for the
  next seat's hand as it stands), plus an extra play when it makes a line of 6.
With no play: exchange when the options allow, the bag holds enough and some tile of
the bag could be played at all; else pass.

Solitaire: place every tile. Small plays first, chosen for the tiles they get rid of
(colour clumps, awkward values) and for how open the grid stays for the tiles left
(how many of them still have a place); the stage's exchange when stuck; "stop" when
nothing can be done.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Any

from engine.core.bots import LevelledBot
from engine.core.hashing import state_hash
from engine.core.rng import Rng
from engine.sumoku.movegen import Board, Play, best_play, best_plays, can_play, legal_plays
from engine.sumoku.tiles import TILE_COUNT, colour, number, values

LEVELS = ("easy", "normal", "hard")
EASY_TILES = 3                          # the easy bot looks at plays of at most this many tiles
EASY_WEIGHTS = {1: 8, 2: 4, 3: 2}       # ... weighed by tiles placed
EASY_SHARE = 0.7                        # ... among this share of them, the lowest-scoring
HARD_CANDIDATES = 16                    # best-scoring plays the hard bot looks at closely
HARD_REPLY_WEIGHT = 0.6
SOLO_SHORTLIST = 10
SOLO_ENDGAME = 5                        # hand size from which the solitaire bot searches to the end
SOLO_ENDGAME_NODES = 400


def _board(view: dict) -> Board:
    return {(r, c): (t, v) for r, c, t, v in view["board"]}


def _scoring(view: dict) -> str:
    return str(view.get("options", {}).get("scoring", "cross"))


def _bag_tiles(view: dict, board: Board) -> list[int]:
    """The tiles in the bag: hands are public, so the bag is what no one can see."""
    seen = {t for t, _ in board.values()}
    for hand in view["hands"]:
        seen.update(hand)
    return [t for t in range(TILE_COUNT) if t not in seen]


def _place(play: Play, seat: int) -> dict:
    return play.to_command(seat)


class SumokuBot(LevelledBot):
    """A Sumoku player for one seat. `level` is "easy", "normal" or "hard"."""
    LEVELS = LEVELS

    # ---- entry ----------------------------------------------------------------------
    def choose(self, view: dict, seat: int) -> dict:
        if view.get("ended") or view.get("turn") != seat:
            return {"type": "pass", "seat": seat}  # nothing is legal; never raise
        if view.get("variant") == "solitaire":
            return self._solitaire(view, seat)
        board = _board(view)
        hand = list(view["hands"][seat])
        key = view["key"]
        first = bool(view["first_play"])
        scoring = _scoring(view)
        if self.level == "easy":
            play = self._easy(view, board, hand, key, first, scoring)
        elif self.level == "hard":
            play = self._hard(view, seat, board, hand, key, first, scoring)
        else:
            play = best_play(board, hand, key, first_play=first, scoring=scoring)
        if play is not None:
            return _place(play, seat)
        return self._no_play(view, seat, board, hand, key, first)

    # ---- classic --------------------------------------------------------------------
    def _rng(self, view: dict) -> Rng:
        return Rng.derive(self.seed, int(state_hash(view), 16) & ((1 << 63) - 1))

    def _easy(self, view: dict, board: Board, hand: list[int], key: int, first: bool,
              scoring: str) -> Play | None:
        """A casual player: a short play it happens to see, not looking for points (a
        random one of at most EASY_TILES tiles among the lower-scoring EASY_SHARE of
        them, by EASY_WEIGHTS), longer only when no short one fits."""
        plays = list(legal_plays(board, hand, key, first_play=first, scoring=scoring,
                                 max_tiles=EASY_TILES))
        if not plays:
            plays = list(legal_plays(board, hand, key, first_play=first, scoring=scoring))
        if not plays:
            return None
        plays.sort(key=lambda p: (p.score, p.placements))
        plays = plays[:max(1, math.ceil(len(plays) * EASY_SHARE))]
        weights = [EASY_WEIGHTS.get(len(p.placements), 1) for p in plays]
        pick = self._rng(view).below(sum(weights))
        for play, w in zip(plays, weights):
            pick -= w
            if pick < 0:
                return play
        return plays[-1]

    def _hard(self, view: dict, seat: int, board: Board, hand: list[int], key: int,
              first: bool, scoring: str) -> Play | None:
        if first:  # the opening has tens of thousands of plays and no reply to weigh yet
            return best_play(board, hand, key, first_play=True, scoring=scoring)
        plays = best_plays(board, hand, key, HARD_CANDIDATES, first_play=first, scoring=scoring)
        if not plays:
            return None
        seats = int(view.get("seats", len(view["hands"])))
        nxt = (seat + 1) % seats
        bag_empty = view.get("bag_count", 0) == 0
        best, best_value = plays[0], float("-inf")
        for play in plays:
            after = dict(board)
            for t, r, c, v in play.placements:
                after[(r, c)] = (t, v)
            used = set(play.tiles)
            left = [t for t in hand if t not in used]
            value = play.score + _leave_value(left, key, bag_empty)
            if play.makes_six and left:
                extra = best_play(after, left, key, first_play=False, scoring=scoring)
                if extra is not None:
                    value += extra.score
            elif not left and bag_empty:
                value += 50  # going out ends the game before the others can score
            if nxt != seat and value > best_value:   # a reply only lowers the value
                reply = best_play(after, list(view["hands"][nxt]), key, first_play=False,
                                  scoring=scoring)
                if reply is not None:
                    value -= HARD_REPLY_WEIGHT * (reply.score + (reply.score if reply.makes_six else 0))
            if value > best_value:
                best, best_value = play, value
        return best

    def _no_play(self, view: dict, seat: int, board: Board, hand: list[int], key: int,
                 first: bool) -> dict:
        opts = view.get("options", {})
        bag = int(view.get("bag_count", 0))
        if (opts.get("exchange") and not view.get("extra_play") and hand and bag >= len(hand)
                and can_play(board, _bag_tiles(view, board), key, first_play=first)):
            return {"type": "exchange", "seat": seat, "tiles": sorted(hand)}
        return {"type": "pass", "seat": seat}

    # ---- solitaire ------------------------------------------------------------------
    def _solitaire(self, view: dict, seat: int) -> dict:
        board = _board(view)
        hand = list(view["hands"][seat])
        key = view["key"]
        first = bool(view["first_play"])
        play = _solo_play(board, hand, key, first)
        if play is not None:
            return _place(play, seat)
        if view.get("exchanges_left", 0) > 0 and view.get("bag_count", 0) > 0 and hand:
            return {"type": "exchange", "seat": seat, "tiles": [_awkward_tile(board, hand, key)]}
        return {"type": "stop", "seat": seat}


def _leave_value(tiles: list[int], key: int, bag_empty: bool) -> float:
    """How good the tiles kept are: many residues, 6s (two values), few colour repeats.
    With the bag empty every tile kept is a penalty in waiting."""
    if bag_empty:
        return -float(sum(number(t) for t in tiles))
    residues = {v % key for t in tiles for v in values(t)}
    sixes = sum(1 for t in tiles if number(t) == 6)
    repeats = sum(n - 1 for n in Counter(colour(t) for t in tiles).values())
    return 2.0 * len(residues) + 1.5 * sixes - 2.0 * repeats


# ---- solitaire policy ---------------------------------------------------------------
def _openness(after: Board, cells: list[tuple[int, int]]) -> float:
    """How open the empty cells around `cells` stay: a cell touching tiles in one
    direction only takes many tiles (1), in both directions few (0.3), dead none."""
    seen: set[tuple[int, int]] = set()
    total = 0.0
    for r, c in cells:
        for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if cell in after or cell in seen:
                continue
            seen.add(cell)
            dirs = 0
            dead = False
            for dr, dc in ((0, 1), (1, 0)):
                length = 0
                cols: set[int] = set()
                for step in (-1, 1):
                    x, y = cell[0] + step * dr, cell[1] + step * dc
                    side: set[int] = set()
                    while (x, y) in after:
                        side.add(colour(after[(x, y)][0]))
                        length += 1
                        x, y = x + step * dr, y + step * dc
                    if side & cols:
                        dead = True
                    cols |= side
                if length:
                    dirs += 1
                    dead = dead or length >= 6
            if not dead:
                total += 1.0 if dirs == 1 else 0.3
    return total


def _solo_play(board: Board, hand: list[int], key: int, first: bool) -> Play | None:
    """The solitaire move: a small play holding one of the tiles with the fewest places
    (most constrained first), the one leaving the grid most open, that still leaves the
    rest of the hand a play."""
    plays: list[Play] = []
    for size in (2, 3, 6):
        plays = list(legal_plays(board, hand, key, first_play=first, max_tiles=size))
        if plays:
            break
    if not plays:
        return None
    places = Counter(t for p in plays for t in p.tiles)

    def rank(p: Play) -> tuple:
        after = dict(board)
        for t, r, c, v in p.placements:
            after[(r, c)] = (t, v)
        hardest = min(places[t] for t in p.tiles)
        return (hardest, -_openness(after, [(r, c) for _, r, c, _ in p.placements]), p.placements)

    pool = sorted(plays, key=lambda p: min(places[t] for t in p.tiles))
    cutoff = min(places[t] for t in pool[0].tiles)
    hard = [p for p in pool if min(places[t] for t in p.tiles) <= 2 * cutoff][:60]
    ranked = sorted(hard, key=rank)
    if len(hand) <= SOLO_ENDGAME:  # few tiles left: look for a way to place them all
        budget = [SOLO_ENDGAME_NODES]
        for p in ranked + sorted(plays, key=rank):
            if _clears(_after(board, p), _left(hand, p), key, budget):
                return p
            if budget[0] <= 0:
                break
    for p in ranked[:SOLO_SHORTLIST]:
        used = set(p.tiles)
        left = [t for t in hand if t not in used]
        if not left:
            return p
        after = dict(board)
        for t, r, c, v in p.placements:
            after[(r, c)] = (t, v)
        if can_play(after, left, key, first_play=False):
            return p
    return ranked[0]


def _after(board: Board, play: Play) -> Board:
    after = dict(board)
    for t, r, c, v in play.placements:
        after[(r, c)] = (t, v)
    return after


def _left(hand: list[int], play: Play) -> list[int]:
    used = set(play.tiles)
    return [t for t in hand if t not in used]


def _clears(board: Board, hand: list[int], key: int, budget: list[int]) -> bool:
    """Whether some sequence of plays places every tile of `hand` (depth-first, at most
    `budget[0]` positions looked at, shared with the caller)."""
    if not hand:
        return True
    if budget[0] <= 0:
        return False
    budget[0] -= 1
    for p in sorted(legal_plays(board, hand, key, first_play=False), key=lambda p: -len(p.placements)):
        if _clears(_after(board, p), _left(hand, p), key, budget):
            return True
        if budget[0] <= 0:
            return False
    return False


def _awkward_tile(board: Board, hand: list[int], key: int) -> int:
    """The tile to give back: one with no place now, of the most crowded colour."""
    placeable = {p.placements[0][0] >> 1 for p in legal_plays(board, hand, key, first_play=False,
                                                              max_tiles=1)} if board else set()
    counts = Counter(colour(t) for t in hand)
    return max(sorted(hand), key=lambda t: (t >> 1 not in placeable, counts[colour(t)], number(t)))


def hint(view: dict, seat: int) -> dict | None:
    """The normal bot's move for `seat`, or None when it is not that seat's move."""
    if view.get("ended") or view.get("turn") != seat:
        return None
    return SumokuBot("normal").choose(view, seat)
