"""The slow, simple oracle for the word finder: every word of the list, every way the
hand's cards (by type: identical cards are one way) can spell it, each way scored by the
rules' own scoring. A letter-count filter over the whole list (a necessary condition:
no word needs more of a letter than every card could give, beyond the wilds) only skips
words no arrangement could spell."""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator, Sequence

import numpy as np

from engine.core.rng import Rng
from engine.paperback.content import LETTERS, CardDef, content
from engine.paperback.finder import COMMON, Found, assign_ids, group, sort_key
from engine.paperback.scoring import Piece, score
from engine.words.lists import GENERAL


@lru_cache(maxsize=1)
def _matrix() -> tuple[list[str], np.ndarray, np.ndarray]:
    words = [w for w in GENERAL.table.words() if len(w) >= 2]
    counts = np.zeros((len(words), 26), dtype=np.uint8)
    for i, w in enumerate(words):
        for ch in w:
            counts[i, ord(ch) - 97] += 1
    return words, counts, np.array([len(w) for w in words])


def _ways(word: str, pos: int, groups: list[list[CardDef]], counts: list[int],
          common: CardDef | None, used_common: bool) -> Iterator[list[tuple[int, str]]]:
    if pos == len(word):
        yield []
        return
    for g, cards in enumerate(groups):
        if not counts[g]:
            continue
        rep = cards[0]
        is_common = rep.kind == "common"
        if is_common and used_common:
            continue                                  # one common card per word
        options = (word[pos],) if rep.wild else rep.texts()
        for t in options:
            if word.startswith(t, pos):
                counts[g] -= 1
                for rest in _ways(word, pos + len(t), groups, counts, common, used_common or is_common):
                    yield [(g, t)] + rest
                counts[g] += 1
    if common is not None and not used_common and word[pos] == common.letters:
        for rest in _ways(word, pos + 1, groups, counts, common, True):
            yield [(-1, common.letters)] + rest


def brute_force(hand: Sequence[CardDef], common: CardDef | None = None, *, minus: int = 0,
                common_bonus: int = 1, limit: int | None = None, min_letters: int = 2,
                words: Sequence[str] | None = None) -> list[Found]:
    """What `find_words` must return, found the slow way."""
    groups = group(hand)
    if words is None:
        all_words, matrix, lengths = _matrix()
        avail = np.zeros(26, dtype=np.int16)
        cap = 0
        for c in hand:
            if c.wild:
                cap += 1
                continue
            for ch in c.letters:
                avail[LETTERS.index(ch)] += 1
            if c.ability.kind == "qu":
                avail[LETTERS.index("u")] += 1
            cap += max(len(t) for t in c.texts())
        if common is not None:
            avail[LETTERS.index(common.letters)] += 1
            cap += 1
        wilds = sum(1 for c in hand if c.wild)
        deficit = np.maximum(matrix.astype(np.int16) - avail, 0).sum(axis=1)
        ok = (deficit <= wilds) & (lengths <= cap) & (lengths >= min_letters)
        candidates = [all_words[i] for i in np.flatnonzero(ok)]
    else:
        candidates = [w for w in words if len(w) >= min_letters]
    found = []
    for w in candidates:
        best = None
        counts = [len(g) for g in groups]
        for way in _ways(w, 0, groups, counts, common, False):
            pieces: list[Piece] = [(common, t, True) if g < 0 else (groups[g][0], t, False)  # type: ignore[misc]
                                   for g, t in way]
            s = score(pieces, minus=minus, common_bonus=common_bonus)
            if best is None or (s.cents, s.draws) > (best[0].cents, best[0].draws):
                best = (s, way)
        if best is not None:
            s, way = best
            found.append(Found(w, s, assign_ids(groups, way), tuple(t for _, t in way)))
    found.sort(key=lambda f: sort_key(f.word, f.score))
    return found if limit is None else found[:limit]


def agrees(found: Sequence[Found], oracle: Sequence[Found], limit: int | None) -> bool:
    """Whether the finder's answer is the oracle's: with no limit the same list; with a
    limit the same keys (¢, extra draws, letters) in order, every word the oracle ranks
    strictly above the last key kept, and each word with the oracle's score for it
    (which of several words tied at the cut is the finder's choice)."""
    if limit is None:
        return [(f.word, f.score) for f in found] == [(f.word, f.score) for f in oracle]
    want = oracle[:limit]
    if [f.key()[:3] for f in found] != [f.key()[:3] for f in want]:
        return False
    scores = {f.word: f.score for f in oracle}
    if any(scores.get(f.word) != f.score for f in found) or len({f.word for f in found}) != len(found):
        return False
    if not want:
        return True
    cut = want[-1].key()[:3]
    return {f.word for f in want if f.key()[:3] < cut} <= {f.word for f in found}


def random_hand(rng: Rng, wilds: int, mode: str = "plain", size: int = 5) -> list[CardDef]:
    """A seeded hand for the finder's tests and benchmark: `wilds` wilds, then market,
    starting and claimed common letters; `mode` "doubles" adds two-letter cards, "q" a Q or the QU card."""
    box = content().box(5, attacks=True)
    singles = [c for c in box.values() if c.kind in ("market", "start", "common")
               and len(c.letters) == 1 and c.ability.kind != "qu"]
    doubles = [c for c in box.values() if c.kind == "market" and len(c.letters) == 2]
    qs = [c for c in box.values() if c.letters in ("q", "qu")]
    hand = [c for c in box.values() if c.wild][:wilds]
    if mode == "q" and len(hand) < size:
        hand.append(rng.choice(qs))
    if mode == "doubles":
        while len(hand) < min(size, wilds + 2):
            c = rng.choice(doubles)
            if c not in hand:
                hand.append(c)
    pool = singles + (doubles if mode == "doubles" else [])
    while len(hand) < size:
        c = rng.choice(pool)
        if c not in hand:
            hand.append(c)
    rng.shuffle(hand)
    return hand


def random_cases(n: int, seed: int) -> Iterator[tuple[list[CardDef], CardDef | None, int]]:
    """`n` seeded (hand, top common or None, minus) cases: wilds cycle through 0-5, the
    modes through plain, two-letter cards and the Q; a hand of 6 now and then."""
    rng = Rng(seed)
    commons = list(content().commons)
    for i in range(n):
        wilds = i % 6
        mode = ("plain", "doubles", "q")[(i // 6) % 3]
        size = 5 + (1 if rng.below(5) == 0 else 0)
        common = rng.choice(commons) if rng.below(3) else None
        minus = 2 if rng.below(8) == 0 else 0
        yield random_hand(rng, wilds, mode, size), common, minus


def _all_ways(word: str, pos: int, groups: list[list[CardDef]], counts: list[int],
              turn: bool) -> Iterator[tuple[list[tuple[int, str]], bool]]:
    """Every way hand cards (no common) spell `word` from `pos`, and whether one
    two-letter card was laid reversed (allowed once when `turn`: Dyslexia)."""
    if pos == len(word):
        yield [], False
        return
    for g, cards in enumerate(groups):
        if not counts[g]:
            continue
        rep = cards[0]
        options = [(t, False) for t in ((word[pos],) if rep.wild else rep.texts())]
        if turn and len(rep.letters) == 2 and rep.letters[::-1] not in rep.texts():
            options.append((rep.letters[::-1], True))
        for t, rev in options:
            if word.startswith(t, pos):
                counts[g] -= 1
                for rest, r2 in _all_ways(word, pos + len(t), groups, counts, turn and not rev):
                    yield [(g, t)] + rest, rev or r2
                counts[g] += 1


def brute_wild_commons(hand: Sequence[CardDef], power: Piece, words: Sequence[str], *,
                       minus: int = 0) -> tuple | None:
    """The oracle for `engine.paperback.wildcommons`: the best key (¢, extra draws,
    letters, word) of a laying with the power common `power` over every word (Dyslexia)
    or every ordered pair of words (Space Bar) of `words`, every way the hand's other
    cards (no common) spell them, scored by the rules' own scoring."""
    rest = [c for c in hand if not c.power and c.kind != "common"]
    groups = group(rest)
    best = None
    if power[0].power == "dyslexia":
        for w in words:
            for way, rev in _all_ways(w, 0, groups, [len(g) for g in groups], True):
                if rev:
                    pieces = [(groups[g][0], t, False) for g, t in way] + [power]
                    k = sort_key(w, score(pieces, minus=minus))
                    best = k if best is None or k < best else best
        return best
    counts = [len(g) for g in groups]
    # a word the whole hand cannot spell is no half of a pair (a shortcut, not a search)
    words = [w for w in words if next(_all_ways(w, 0, groups, list(counts), False), None) is not None]
    for a in words:
        for way_a, _ in list(_all_ways(a, 0, groups, counts, False)):
            for g, _ in way_a:
                counts[g] -= 1
            for b in words:
                for way_b, _ in _all_ways(b, 0, groups, counts, False):
                    pieces = ([(groups[g][0], t, False) for g, t in way_a] + [power]
                              + [(groups[g][0], t, False) for g, t in way_b])
                    k = sort_key(f"{a} {b}", score(pieces, minus=minus))
                    best = k if best is None or k[:3] < best[:3] else best
            for g, _ in way_a:
                counts[g] += 1
    return best


__all__ = ["agrees", "brute_force", "brute_wild_commons", "random_hand", "random_cases", "COMMON"]
