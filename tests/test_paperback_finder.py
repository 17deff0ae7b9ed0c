"""The word finder is exact: it agrees with the brute force on a seeded sample of hands
(0-5 wilds, with and without two-letter cards, the Q, the common, a pending minus)."""
from __future__ import annotations

import pytest

from engine.paperback.bruteforce import agrees, brute_force, random_cases
from engine.paperback.content import content
from engine.paperback.finder import COMMON, Index, cut, find_words, tighter
from engine.paperback.scoring import score

BOX = content().box(5, attacks=True)
SINGLES = [c for c in BOX.values() if c.kind in ("market", "start") and len(c.letters) == 1
           and c.ability.kind != "qu"]
DOUBLES = [c for c in BOX.values() if c.kind == "market" and len(c.letters) == 2]
QS = [c for c in BOX.values() if c.letters in ("q", "qu")]
WILDS = [c for c in BOX.values() if c.wild]


def keys(found):
    return [(f.word, f.score.cents, f.score.draws, f.score.letters) for f in found]


def check_arrangement(f, hand, common, minus):
    """The arrangement spells the word from the hand and earns what it claims."""
    by_id = {c.id: c for c in hand}
    assert len(set(f.cards)) == len(f.cards)
    pieces = []
    for cid, text in zip(f.cards, f.texts):
        if cid == COMMON:
            assert common is not None and text == common.letters
            pieces.append((common, text, True))
        else:
            card = by_id[cid]
            assert (len(text) == 1) if card.wild else (text in card.texts())
            pieces.append((card, text, False))
    assert "".join(f.texts) == f.word
    assert score(pieces, minus=minus) == f.score


def test_finder_matches_brute_force():
    """Whole lists for up to 3 wilds, the best 10 for every hand (each compared with the
    brute force over every word of the list; see `agrees` for ties at the cut). A seeded
    sample of 18 hands: every count of wilds (0-5) with every kind of hand (plain,
    two-letter cards, the Q) once; the seed is one whose sample also has a pending minus,
    a top common and six-card hands (asserted). The brute force takes most of the time.
    The full sample (hundreds of hands) is the benchmark's: `python bench/paperback_words.py
    --hands 500 --check-every 1`."""
    checked = 0
    cases = list(random_cases(18, 1001))
    assert any(m for _, _, m in cases) and any(c for _, c, _ in cases) and any(len(h) == 6 for h, _, _ in cases)
    for hand, common, minus in cases:
        oracle = brute_force(hand, common, minus=minus)
        top = find_words(hand, common, minus=minus, limit=10)
        assert agrees(top, oracle, 10), [c.id for c in hand]
        for f in top:
            check_arrangement(f, hand, common, minus)
        if sum(c.wild for c in hand) <= 3:
            full = find_words(hand, common, minus=minus)
            assert agrees(full, oracle, None)
        checked += 1
    assert checked == 18


def test_a_floor_gives_exactly_the_part_of_the_answer_not_worse_than_it():
    """A search merged into others (a word power's variants, Dyslexia's) takes the merged
    best `limit` so far as its floor: its answer is the plain answer's part whose (¢, draws,
    letters) reach the floor's, ties at the floor included, so the merge is the same."""
    seen_ties = checked = 0
    for hand, common, minus in random_cases(10, 77):
        plain = find_words(hand, common, minus=minus, limit=12)
        if not plain:
            continue
        checked += 1
        for at in sorted({0, len(plain) // 2, len(plain) - 1}):
            floor = plain[at].key()
            got = find_words(hand, common, minus=minus, limit=12, floor=floor)
            assert got == [f for f in plain if f.key()[:3] <= floor[:3]]
            seen_ties += sum(f.key()[:3] == floor[:3] for f in got) > 1
    assert checked >= 8 and seen_ties                         # a floor tied with other words
    hand = [c for c in SINGLES if c.letters in "aetr"][:4]
    assert find_words(hand, limit=None, floor=(-99, 0, 0, "")) == find_words(hand)   # no limit: no floor


def test_cut_is_the_limit_th_key_and_tighter_the_smaller_floor():
    hand, common, minus = next(iter(random_cases(1, 5)))
    found = find_words(hand, common, minus=minus, limit=8)
    assert cut(found, 8) == found[7].key() and cut(found, 9) is None and cut(found, None) is None
    assert cut(reversed(found), 3) == found[2].key()
    a, b = found[1].key(), found[4].key()
    assert tighter(a, b) == a == tighter(b, a) and tighter(None, b) == b and tighter(a, None) == a


def test_agrees_catches_a_wrong_answer():
    hand = [c for c in SINGLES if c.letters in "aet"][:3] + WILDS[:1]
    oracle = brute_force(hand)
    top = find_words(hand, limit=5)
    assert agrees(top, oracle, 5)
    assert not agrees(top[1:], oracle, 5)                     # one missing
    assert not agrees(list(reversed(top)), oracle, 5)         # out of order
    worse = [f for f in oracle if f.key()[:3] > top[-1].key()[:3]][:1]
    assert worse and not agrees(top[:-1] + worse, oracle, 5)  # a worse word in its place


def test_limit_and_extra_words_share_one_ranking():
    """The table's words and the list's are ranked together, even when a word is in both."""
    hand = [c for c in SINGLES if c.letters in "zqx"][:3] + WILDS[:2]
    full = find_words(hand, extra_words=["zqx", "ax"])
    top = find_words(hand, extra_words=["zqx", "ax"], limit=3)
    assert agrees(top, full, 3)
    assert [f.word for f in full].count("ax") == 1


def test_extra_words_and_exclusions():
    hand = [c for c in SINGLES if c.letters in "zqx"][:3] + WILDS[:2]
    plain = {f.word for f in find_words(hand)}
    found = find_words(hand, extra_words=["zqx"])
    assert "zqx" not in plain and "zqx" in {f.word for f in found}
    some = sorted(plain)[0]
    assert some not in {f.word for f in find_words(hand, exclude=frozenset({some}))}


def test_index_is_a_dawg_of_the_words():
    words = ["cat", "cats", "bat", "bats", "at", "ats"]
    ix = Index(words)
    # shared suffixes: far fewer nodes than a trie
    assert len(ix) < sum(map(len, words))
    found = []

    def walk(n, prefix):
        if ix.term[n]:
            found.append(prefix)
        for ch, c in ix.kids[n].items():
            walk(c, prefix + ch)
    walk(0, "")
    assert sorted(found) == sorted(words)
    assert ix.height[0] == 4


def test_two_letter_cards_keep_their_order_unless_they_flip():
    er = next(c for c in DOUBLES if c.letters == "er")
    en = next(c for c in DOUBLES if c.letters == "en" and c.ability.kind == "flip")
    t = next(c for c in SINGLES if c.letters == "t" and c.kind == "start")
    words = {f.word for f in find_words([er, t])}
    assert "ret" not in words                         # R-E would need ER reversed
    assert words == {f.word for f in brute_force([er, t])}
    flipped = {f.word for f in find_words([en, t])}
    assert "net" in flipped and "ten" in flipped      # N-E reversed, and E-N as printed


def test_q_may_be_qu():
    q = next(c for c in QS if c.ability.kind == "qu")
    a, i, t = (next(c for c in SINGLES if c.letters == x) for x in "ait")
    found = {f.word: f for f in find_words([q, a, i, t])}
    assert "quit" in found and found["quit"].texts[0] == "qu"
    assert "qat" in found and found["qat"].texts[0] == "q"
    assert "quai" in found and found["quai"].score.letters == 4


def test_a_search_asked_again_is_answered_alike_and_each_answer_is_the_callers_own():
    """find_words keeps its answers (the same hand is searched by the bot, the hint, the
    turn power): the same arguments answer alike, in a list the caller may change, and a
    card that compares equal in its fields but lays otherwise (the stuck key's doubled
    card, another class) is searched for itself."""
    from engine.paperback.powers import _Doubled
    hand = list({c.letters: c for c in SINGLES if c.letters in "aest"}.values()) + WILDS[:1]
    first = find_words(hand, limit=5)
    first.clear()
    assert keys(find_words(hand, limit=5)) == keys(find_words(list(hand), limit=5)) != []
    s = next(c for c in hand if c.letters == "s")
    doubled = [_Doubled(s.id, s.kind, s.letters, s.cost, s.cents, s.fame, s.ability, s.pile) if c is s else c
               for c in hand]
    plain = {f.word for f in find_words(hand)}
    twice = {f.word for f in find_words(doubled)}
    assert twice - plain                   # words with "ss" laid by one card
