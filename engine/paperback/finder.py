"""The exact word finder: every word a hand can spell, each with its best arrangement.

The general list is indexed once as a DAWG (a trie whose equal subtrees are shared:
~176k words in tens of thousands of nodes), with, per node, the longest word below it.
A hand is walked through it as a multiset of card *types* (cards that score alike are
interchangeable, so each distinct arrangement is tried once): a letter card is an edge,
a two-letter card two edges in printed order (or reversed, `flip`), the Q one or two
(`qu`), a wild any of the node's edges, the top common its letter (once per word). At a
word's end the arrangement is scored by `engine.paperback.scoring.score`, the one rule
the table uses too.

With `limit` the walk keeps only the best `limit` words and prunes every node whose
optimistic key cannot beat the worst of them. Keys are (¢, extra draws, letters): the ¢
bound is the ¢ of the cards laid so far plus the best cards still in hand that fit in
the letters the node still allows and whose letter (or letter pair, for a two-letter
card: `Index.pairs`) occurs below it; the first and last bonuses go to one card each, the
nowild and long bonuses only while they can still be earned, each wild at most the wild
bonuses in reach; the length bound is the node's height. A wild's children differ only in
their node, so their bounds are shared by the siblings that look alike and the hopeless
ones are never entered. A word merely tied with the worst word kept does not replace
it: the ¢ of the words returned are exact (the best `limit` keys), and which of several
words tied at the cut are returned depends on the walk (deterministic). Without `limit`
the list is complete, ties in alphabetical order.
"""
from __future__ import annotations

import hashlib
import zlib
from bisect import insort
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

import msgpack

from engine.core import diskcache
from engine.paperback.content import CardDef
from engine.paperback.scoring import Piece, Score, score
from engine.words.lists import GENERAL

COMMON = "common"      # the card id a found word uses for the top common




class Index:
    """A DAWG over lowercase words: `kids[node]` maps a letter to a node, `term[node]`
    ends a word, `height[node]` is the longest word below (0 at a leaf), `mask[node]`
    has bit i set when letter i occurs in some word below, `pairs[node]` bit 26·i + j
    when letters i, j follow each other in some word below (a two-letter card's test)."""

    __slots__ = ("kids", "term", "height", "mask", "pairs", "words")

    def __init__(self, words: Iterable[str]) -> None:
        kids: list[dict[str, int]] = [{}]
        term: list[bool] = [False]
        register: dict[tuple, int] = {}
        empty: dict[str, int] = {}
        unchecked: list[tuple[int, str, int]] = []
        prev = ""
        count = 0

        def minimize(down_to: int) -> None:
            while len(unchecked) > down_to:
                parent, letter, child = unchecked.pop()
                key = (term[child], tuple(kids[child].items()))
                found = register.get(key)
                if found is None:
                    register[key] = child
                else:
                    kids[parent][letter] = found
                    kids[child] = empty            # a duplicate: free it now

        for w in sorted(set(words)):
            count += 1
            cp = 0
            limit = min(len(w), len(prev))
            while cp < limit and w[cp] == prev[cp]:
                cp += 1
            minimize(cp)
            node = unchecked[-1][2] if unchecked else 0
            for letter in w[cp:]:
                new = len(kids)
                kids.append({})
                term.append(False)
                kids[node][letter] = new
                unchecked.append((node, letter, new))
                node = new
            term[node] = True
            prev = w
        minimize(0)
        register.clear()           # (its keys copy every node's edges: freed before the copy below)
        # keep only the reachable nodes, renumbered in discovery order
        order: dict[int, int] = {0: 0}
        stack = [0]
        while stack:
            n = stack.pop()
            for c in kids[n].values():
                if c not in order:
                    order[c] = len(order)
                    stack.append(c)
        self.kids: list[dict[str, int]] = [{}] * len(order)
        self.term: list[bool] = [False] * len(order)
        for old, new in order.items():
            self.kids[new] = {ch: order[c] for ch, c in kids[old].items()}
            self.term[new] = term[old]
        size = len(order)
        del kids, term, order       # the nodes as built, before they are counted below
        height = [-1] * size
        mask = [0] * size
        pairs = [0] * size
        kids_new = self.kids

        def h(n: int) -> int:
            if height[n] < 0:
                top, bits, two = 0, 0, 0
                for ch, c in kids_new[n].items():
                    top = max(top, h(c) + 1)
                    bits |= mask[c] | (1 << (ord(ch) - 97))
                    two |= pairs[c]
                    row = 26 * (ord(ch) - 97)
                    for ch2 in kids_new[c]:
                        two |= 1 << (row + ord(ch2) - 97)
                height[n], mask[n], pairs[n] = top, bits, two
            return height[n]

        for n in range(size - 1, -1, -1):
            h(n)
        self.height = height
        self.mask = mask
        self.pairs = pairs
        self.words = count

    def __len__(self) -> int:
        return len(self.kids)


@lru_cache(maxsize=1)
def general_index() -> Index:
    """The index of the general list: built on first use (about a second of CPU), then kept
    on disk (engine/core/diskcache.py), where the next start reads it in about a tenth of
    that."""
    name = _index_file()
    kept = index_from_bytes(diskcache.read(name) or b"")
    if kept is not None:
        return kept
    built = Index(general_words())
    diskcache.write(name, index_bytes(built))
    return built


def general_words() -> list[str]:
    """The words of the general list the finder can spell (two letters or more)."""
    return [w for w in GENERAL.table.words() if len(w) >= 2]


_PAIR_BYTES = (26 * 26 + 7) // 8
_MOST_BYTES = 64 << 20          # what a kept index may unpack to (the list's is ~6 MB)


def _index_file() -> str:
    """Named by what the index is made from: the list's bytes and this module's code."""
    h = hashlib.sha1(GENERAL.path.read_bytes())
    h.update(Path(__file__).read_bytes())
    return f"paperback-index-{h.hexdigest()[:16]}.msgpack"


def index_bytes(ix: Index) -> bytes:
    """`ix` as msgpack: each node's edge letters and children laid end to end."""
    letters, children, starts = [], [], [0]
    for k in ix.kids:
        letters.extend(k)
        children.extend(k.values())
        starts.append(len(children))
    body = msgpack.packb({
        "letters": "".join(letters), "children": children, "starts": starts,
        "term": bytes(ix.term), "height": ix.height, "mask": ix.mask,
        "pairs": b"".join(p.to_bytes(_PAIR_BYTES, "little") for p in ix.pairs), "words": ix.words})
    packed = zlib.compress(body, 1)       # 5.8 MB as 1.5 MB; 20 ms to read back
    return hashlib.sha256(packed).digest() + packed


def index_from_bytes(data: bytes) -> Index | None:
    """The index `index_bytes` wrote, or None for anything else (short, changed, or not
    one: every field's shape is checked, and every child is a node)."""
    digest, packed = data[:32], data[32:]
    if len(digest) < 32 or hashlib.sha256(packed).digest() != digest:
        return None
    try:
        unzip = zlib.decompressobj()
        body = unzip.decompress(packed, _MOST_BYTES)
        if unzip.unconsumed_tail or not unzip.eof:
            return None
        d = msgpack.unpackb(body)
        letters, children, starts = d["letters"], d["children"], d["starts"]
        term, height, mask, pairs, words = d["term"], d["height"], d["mask"], d["pairs"], d["words"]
        n = len(height)
        if not (isinstance(letters, str) and isinstance(term, bytes) and isinstance(pairs, bytes)
                and all(isinstance(x, list) for x in (children, starts, height, mask))
                and isinstance(words, int) and n > 0 and len(term) == len(mask) == n
                and len(pairs) == n * _PAIR_BYTES and len(starts) == n + 1
                and len(letters) == len(children) == starts[-1] and starts[0] == 0
                and all(a <= b for a, b in zip(starts, starts[1:]))
                and (not children or (min(children) >= 0 and max(children) < n))
                and set(letters) <= set("abcdefghijklmnopqrstuvwxyz")):
            return None
    except (ValueError, TypeError, KeyError, zlib.error, msgpack.UnpackException):
        return None
    ix = Index.__new__(Index)
    ix.kids = [dict(zip(letters[a:b], children[a:b])) for a, b in zip(starts, starts[1:])]
    ix.term = [bool(t) for t in term]
    ix.height, ix.mask, ix.words = height, mask, words
    ix.pairs = [int.from_bytes(pairs[i:i + _PAIR_BYTES], "little") for i in range(0, len(pairs), _PAIR_BYTES)]
    return ix


@dataclass(frozen=True)
class Found:
    word: str
    score: Score
    cards: tuple[str, ...]          # card ids in word order ("common" for the top common)
    texts: tuple[str, ...]          # what each card is laid as

    @property
    def cents(self) -> int:
        return self.score.cents

    def key(self) -> tuple[int, int, int, str]:
        return sort_key(self.word, self.score)

    def letters_map(self) -> dict[str, str]:
        """The `letters` a spell command gives: a wild's letter, a Q laid as QU, a flipped card."""
        return {cid: t for cid, t in zip(self.cards, self.texts) if cid != COMMON}


def sort_key(word: str, s: Score) -> tuple[int, int, int, str]:
    """Best first: more ¢, more extra draws, more letters, then alphabetical."""
    return (-s.cents, -s.draws, -s.letters, word)


def card_type(card: CardDef, must: str | None = None) -> tuple:
    """Cards of the same type score alike wherever they stand (a claimed common also
    counts against the one common a word may use; the card every word `must` use is a
    type of its own)."""
    if card.wild:
        return ("*",)
    return (card.letters, card.cents, card.ability.code, card.kind == "common", card.id == must,
            card.texts())


def group(hand: Sequence[CardDef], must: str | None = None) -> list[list[CardDef]]:
    """The hand's cards by type, each group in hand order, groups in order of first card."""
    groups: dict[tuple, list[CardDef]] = {}
    for c in hand:
        groups.setdefault(card_type(c, must), []).append(c)
    return list(groups.values())


def optimistic(card: CardDef, hand: Sequence[CardDef]) -> int:
    """The most ¢ `card` can bring to any word of this hand wherever it stands (a bound for
    pruning). The first and last bonuses are bounded apart (one card each), and so are the
    nowild and long bonuses (they depend on the word: no wild laid yet, room enough) and
    the wild bonus (it counts the wilds laid)."""
    if card.wild:
        return 0
    a = card.ability
    if a.kind == "double_adj":
        return card.cents + max((c.cents for c in hand if c is not card and not c.wild), default=0)
    return card.cents


def assign_ids(groups: list[list[CardDef]], path: Sequence[tuple[int, str]]) -> tuple[str, ...]:
    """Card ids for a path of (group index or -1 for the common, text): each group's
    cards are used in hand order."""
    used = [0] * len(groups)
    out = []
    for g, _ in path:
        if g < 0:
            out.append(COMMON)
        else:
            out.append(groups[g][used[g]].id)
            used[g] += 1
    return tuple(out)


def find_words(hand: Sequence[CardDef], common: CardDef | None = None, *, minus: int = 0,
               common_bonus: int = 1, limit: int | None = None, min_letters: int = 2,
               max_letters: int | None = None, exclude: frozenset[str] | set[str] = frozenset(),
               extra_words: Iterable[str] = (), index: Index | None = None,
               blanks: Sequence[Piece] = (), must: str | None = None,
               floor: tuple | None = None) -> list[Found]:
    """Every word of the general list (and `extra_words`, the table's accepted words) that
    `hand` can spell with or without the top `common`, each with the arrangement that
    earns the most ¢ (then the most extra draws), best first by `sort_key`; only the best
    `limit` when given (words tied with the last one kept: see the module docstring).
    `minus` is a pending attack against the speller; words in `exclude` are skipped;
    `min_letters` / `max_letters` bound the words' length. `blanks` are pieces that lay no
    letter (a power common) scored with every arrangement (they are not in `cards`);
    `must` is a card id every word has to use (Dyslexia's reversed card).

    `floor` (a `sort_key`, with a limit) leaves out the words whose (¢, draws, letters) are
    worse than its own: the answer is then exactly the part of the answer without it that
    is not worse, found sooner (a search merged into others whose best `limit` already reach
    that key: see `cut`)."""
    return list(_found(tuple(hand), common, minus, common_bonus, limit, min_letters, max_letters,
                       exclude if isinstance(exclude, frozenset) else frozenset(exclude),
                       tuple(sorted({w for w in extra_words if w})), index, tuple(blanks), must,
                       None if floor is None or limit is None else tuple(floor[:3])))


def cut(found: Iterable[Found], limit: int | None) -> tuple | None:
    """The key of the `limit`-th best of `found` (one per word), or None with fewer: a word
    worse than it cannot be among the best `limit` of `found` merged with anything else, so
    a search merged into `found` may take it as its `floor`."""
    if limit is None:
        return None
    keys = sorted(f.key() for f in found)
    return keys[limit - 1] if len(keys) >= limit else None


def tighter(a: tuple | None, b: tuple | None) -> tuple | None:
    """The stricter of two floors (None: none)."""
    return b if a is None else a if b is None else min(a, b)


# The same hand is looked at again and again: by a bot and the hint, by a hard bot's turn
# power and then its word, by the Space Bar's splits and a word power's variants (about a
# third of a bot game's searches repeat one already made). The search is a pure function
# of its arguments (cards compare by value and class: a stuck key's doubled card is not
# its plain twin), so its answers are kept: a few hundred, a few MB at most.
@lru_cache(maxsize=256)
def _found(hand: tuple[CardDef, ...], common: CardDef | None, minus: int, common_bonus: int,
           limit: int | None, min_letters: int, max_letters: int | None, exclude: frozenset[str],
           extra: tuple[str, ...], index: Index | None, blanks: tuple[Piece, ...],
           must: str | None, floor: tuple | None = None) -> tuple[Found, ...]:
    best: dict[str, tuple[tuple, Score, tuple]] = {}
    top: list[tuple] = []              # the keys of the words kept (with a limit), ascending
    if extra:
        _walk(Index(extra), hand, common, minus, common_bonus, limit, min_letters, max_letters,
              exclude, best, top, blanks, must, floor)
    _walk(index or general_index(), hand, common, minus, common_bonus, limit, min_letters,
          max_letters, exclude, best, top, blanks, must, floor)
    ranked = sorted(best.items(), key=lambda kv: kv[1][0])
    if limit is not None:
        ranked = ranked[:limit]
    groups = group(hand, must)
    return tuple(Found(w, s, assign_ids(groups, path), tuple(t for _, t in path))
                 for w, (_, s, path) in ranked)


def forget() -> None:
    """Let the kept answers go (a game is over: its hands will not be searched again)."""
    _found.cache_clear()


def _walk(index: Index, hand: Sequence[CardDef], common: CardDef | None, minus: int,
          common_bonus: int, limit: int | None, min_letters: int, max_letters: int | None,
          exclude: frozenset[str] | set[str], best: dict, top: list[tuple],
          blanks: Sequence[Piece] = (), must: str | None = None, floor: tuple | None = None) -> None:
    kids, term, height, mask = index.kids, index.term, index.height, index.mask
    groups = group(hand, must)
    blank_cents = sum(common_bonus if ref else card.cents for card, _, ref in blanks)
    mg = next((g for g, cs in enumerate(groups) if cs[0].id == must), -2) if must else -1
    reps = [g[0] for g in groups]
    counts = [len(g) for g in groups]
    ng = len(groups)
    wg = next((g for g in range(ng) if reps[g].wild), -1)     # the wilds' group (one type)
    is_common = [r.kind == "common" for r in reps]
    texts = [r.texts() for r in reps]
    ov = [optimistic(r, hand) for r in reps]
    first_n = [r.ability.n if r.ability.kind == "first" else 0 for r in reps]
    last_n = [r.ability.n if r.ability.kind == "last" else 0 for r in reps]
    nowild_n = [r.ability.n if r.ability.kind == "nowild" else 0 for r in reps]
    wb_n = [r.ability.n if r.ability.kind == "wild_bonus" else 0 for r in reps]
    wb_groups = [g for g in range(ng) if wb_n[g]]
    long_len = [r.ability.length if r.ability.kind == "long" else 1 << 30 for r in reps]
    long_n = [r.ability.n if r.ability.kind == "long" else 0 for r in reps]
    lasts = sorted((g for g in range(ng) if last_n[g]), key=lambda g: -last_n[g])
    firsts = sorted((g for g in range(ng) if first_n[g]), key=lambda g: -first_n[g])
    draw_n = [r.ability.n if r.ability.kind in ("draw", "draw_if_last") else 0 for r in reps]
    dw = [1 if r.ability.kind == "double_word" else 0 for r in reps]
    bit = [0] * ng                     # the letters a card may be laid as (one-letter texts)
    pbit = [0] * ng                    # the letter pairs it may be laid as (two-letter texts)
    for g, ts in enumerate(texts):
        for t in ts:
            if len(t) == 1:
                bit[g] |= 1 << (ord(t) - 97)
            else:
                pbit[g] |= 1 << (26 * (ord(t[0]) - 97) + ord(t[1]) - 97)
    # the cards that earn most are tried first, then the common, wilds last: good words come early
    order = sorted((g for g in range(ng) if g != wg), key=lambda g: -ov[g])
    earners = [g for g in order if ov[g] + nowild_n[g] + long_n[g] > 0]
    # with no card whose bonus depends on the word (no wild in it, its length), a card earns
    # its optimistic ¢ wherever it stands: the earners are then in the order the bound takes them
    steady = not any(nowild_n[g] or long_n[g] for g in earners)
    common_earners = [g for g in earners if is_common[g]]
    letter_earners_then_none = [g for g in earners if not is_common[g]] + [-1]
    # the cards whose laying changes more than the count and the ¢ laid (and the wilds laid):
    # draws, doubling, bonuses that depend on the word
    special = [bool(draw_n[g] or dw[g] or nowild_n[g] or wb_n[g] or long_n[g]) for g in range(ng)]
    # letters the cards can lay at most (one common card per word: a claimed one or the top one)
    fixed = sum(counts[g] * max(len(t) for t in texts[g]) for g in order if not is_common[g])
    fixed += 1 if common is not None or any(counts[g] for g in order if is_common[g]) else 0
    most = max_letters if max_letters is not None else 1 << 30
    common_letter = common.letters if common is not None else ""
    common_bit = 1 << (ord(common_letter) - 97) if common is not None else 0
    relevant = common_bit
    prelevant = 0
    for b, pb in zip(bit, pbit):
        relevant |= b
        prelevant |= pb
    pairs = index.pairs
    common_piece: Piece | None = (common, common_letter, True) if common is not None else None
    wild_total = counts[wg] if wg >= 0 else 0

    path: list[tuple[int, str]] = []
    chars: list[str] = []
    kth: tuple | None = top[-1][:3] if limit is not None and len(top) >= limit else None    # (-¢, -draws, -letters)
    used_ov = used_draw = dw_used = wilds_used = used_nowild = used_wb = 0
    used_long: list[tuple[int, int]] = []
    draw_rem = sum(d * c for d, c in zip(draw_n, counts))
    dw_rem = sum(d * c for d, c in zip(dw, counts))
    common_used = False                # a common card is in the word (one at most)
    ref_used = False                   # ... and it is the top common, by reference
    cap = 0

    def record(word: str) -> None:
        nonlocal kth
        if mg != -1 and not any(g == mg for g, _ in path):
            return                             # the card every word must use is not in it
        pieces = [common_piece if g < 0 else (reps[g], t, False) for g, t in path]
        pieces += blanks
        s = score(pieces, minus=minus, common_bonus=common_bonus)  # type: ignore[arg-type]
        k = sort_key(word, s)
        if floor is not None and k[:3] > floor:
            return                             # worse than the floor
        old = best.get(word)
        if old is not None and old[0] <= k:
            return
        if limit is not None:
            if old is not None:
                top.remove(old[0])
            elif kth is not None and k[:3] >= kth:
                return                         # no better than the worst word kept
            insort(top, k)
            if len(top) > limit:
                best.pop(top.pop()[3], None)
            if len(top) >= limit:
                kth = top[-1][:3]
        best[word] = (k, s, tuple(path))

    def bound(node: int, depth: int) -> tuple[int, int, int]:
        """The optimistic (−¢, −draws, −letters) of any word below `node` on this path."""
        room = cap - depth
        if height[node] < room:
            room = height[node]
        below = mask[node]
        below2 = pairs[node]
        longest = depth + room
        clean = not wilds_used
        cents = used_ov + (used_nowild if clean else 0)
        for length, n in used_long:
            if longest >= length:
                cents += n
        per_wild = used_wb                     # what each wild earns at most
        for g in wb_groups:
            if counts[g] and room > 0 and (bit[g] & below or pbit[g] & below2):
                per_wild += wb_n[g] * counts[g]
        cents += wilds_used * per_wild
        if room > 0 and steady:                # the best cards left whose letter occurs below
            common_item = common_bonus if not common_used and common_bit & below else 0
            if not common_used:
                for g in common_earners:
                    if counts[g] and ov[g] > common_item and (bit[g] & below or pbit[g] & below2):
                        common_item = ov[g]
            # the wilds' and the common's values merged into the earners' (best first)
            extra = [(per_wild, counts[wg])] if per_wild and wg >= 0 and counts[wg] else []
            if common_item:
                extra.append((common_item, 1))
                if len(extra) == 2 and common_item > per_wild:
                    extra.reverse()
            left = room
            i = 0
            for g in letter_earners_then_none:
                if g < 0:                      # (past the earners: the rest of `extra`)
                    c = v = 0
                else:
                    c = counts[g]
                    if not c or not (bit[g] & below or pbit[g] & below2):
                        continue
                    v = ov[g]
                while i < len(extra) and extra[i][0] >= v and left > 0:
                    ev, ec = extra[i]
                    take = ec if ec < left else left
                    cents += take * ev
                    left -= take
                    i += 1
                take = c if c < left else left
                cents += take * v
                left -= take
                if left <= 0:
                    break
        elif room > 0:
            vals = [(per_wild, counts[wg])] if per_wild and wg >= 0 and counts[wg] else []
            # one common at most: the top one or a claimed one, whichever earns more
            common_item = common_bonus if not common_used and common_bit & below else 0
            for g in earners:
                c = counts[g]
                if c and (bit[g] & below or pbit[g] & below2):
                    if is_common[g]:
                        if not common_used and ov[g] > common_item:
                            common_item = ov[g]
                        continue
                    v = ov[g] + (nowild_n[g] if clean else 0) + (long_n[g] if longest >= long_len[g] else 0)
                    if v > 0:
                        vals.append((v, c))
            if common_item:
                vals.append((common_item, 1))
            vals.sort(reverse=True)
            left = room
            for v, c in vals:
                take = c if c < left else left
                cents += take * v
                left -= take
                if left <= 0:
                    break
        if path:                               # one card gets the first bonus, one the last
            cents += first_n[path[0][0]] if path[0][0] >= 0 else 0
            tail = last_n[path[-1][0]] if path[-1][0] >= 0 else 0
        else:
            tail = 0
            for g in firsts:
                if counts[g] and (bit[g] & below or pbit[g] & below2):
                    cents += first_n[g]
                    break
        if room > 0:
            for g in lasts:
                if counts[g] and (bit[g] & below or pbit[g] & below2):
                    if last_n[g] > tail:
                        tail = last_n[g]
                    break
        cents += tail
        if ref_used:
            cents += common_bonus              # the top common, laid
        cents += blank_cents
        if minus:
            cents = cents - minus if cents > minus else 0
        if dw_used or dw_rem:
            cents *= 2
        return (-cents, -(used_draw + draw_rem), -(depth + room))

    def prunes(node: int, depth: int) -> bool:
        assert kth is not None
        return bound(node, depth) >= kth

    def lay(node: int, depth: int, g: int, text: str, known: tuple | None = None) -> None:
        # lay `text` from group g (-1: the common) at the end of the word, then go on
        nonlocal used_ov, common_used, ref_used, wilds_used
        n = node
        for ch in text:
            n = kids[n].get(ch, -1)
            if n < 0:
                return
        was, was_ref = common_used, ref_used
        if g < 0:                              # the top common, by reference
            common_used = ref_used = True
        else:
            if is_common[g]:
                common_used = True             # one common per word, the top one or a claimed one
            counts[g] -= 1
            used_ov += ov[g]
            if g == wg:
                wilds_used += 1
            if special[g]:
                shift(g, 1)
        path.append((g, text))
        chars.extend(text)
        visit(n, depth + len(text), known)
        del chars[depth:]
        path.pop()
        if g >= 0:
            counts[g] += 1
            used_ov -= ov[g]
            if g == wg:
                wilds_used -= 1
            if special[g]:
                shift(g, -1)
        common_used, ref_used = was, was_ref

    def shift(g: int, way: int) -> None:
        # what laying (way 1) or taking back (way -1) a card of group g changes beyond its ¢
        nonlocal used_draw, dw_used, draw_rem, dw_rem, used_nowild, used_wb
        used_draw += way * draw_n[g]
        draw_rem -= way * draw_n[g]
        dw_used += way * dw[g]
        dw_rem -= way * dw[g]
        used_nowild += way * nowild_n[g]
        used_wb += way * wb_n[g]
        if long_n[g]:
            if way > 0:
                used_long.append((long_len[g], long_n[g]))
            else:
                used_long.pop()

    def visit(node: int, depth: int, known: tuple | None = None) -> None:
        # `known`: the node's bound, when the caller has just worked it out
        h = height[node]
        if (depth + h if h < cap - depth else cap) < min_letters:
            return                             # no word below is long enough
        if kth is not None:                    # (the words kept are not worse than a floor)
            if known >= kth if known is not None else prunes(node, depth):
                return
        elif floor is not None and (known if known is not None else bound(node, depth)) > floor:
            return                             # nothing below reaches the floor
        if term[node] and depth >= min_letters:
            word = "".join(chars)
            if word not in exclude:
                record(word)
        if depth >= cap or height[node] == 0:
            return
        here = kids[node]
        for g in order:
            if counts[g] and not (common_used and is_common[g]):
                for t in texts[g]:
                    if t[0] in here and depth + len(t) <= cap:
                        lay(node, depth, g, t)
        if common is not None and not common_used and common_letter in here:
            lay(node, depth, -1, common_letter)
        if wg >= 0 and counts[wg]:
            if kth is None:
                for ch in list(here):
                    lay(node, depth, wg, ch)
                return
            # a wild's children differ only in their node: their bounds depend on it only
            # through the letters of the cards left below it and its height, so siblings
            # share bounds, and a child that cannot beat the worst word kept is not entered
            for ch, b in _wild_children(node, depth):
                lay(node, depth, wg, ch, b)

    def _wild_children(node: int, depth: int) -> list[tuple[str, tuple]]:
        nonlocal wilds_used
        counts[wg] -= 1
        wilds_used += 1
        path.append((wg, "?"))
        cache: dict[tuple[int, int, int], tuple[int, int, int]] = {}
        assert kth is not None
        worst = kth
        out = []
        d = depth + 1
        for ch, c in kids[node].items():
            room = cap - d
            if height[c] < room:
                room = height[c]
            key = (mask[c] & relevant, pairs[c] & prelevant, room)
            b = cache.get(key)
            if b is None:
                b = cache[key] = bound(c, d)
            if b < worst:
                out.append((ch, b))
        path.pop()
        wilds_used -= 1
        counts[wg] += 1
        return out

    cap = min(most, fixed + wild_total)
    visit(0, 0)
