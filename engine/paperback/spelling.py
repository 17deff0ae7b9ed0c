"""A spell command's cards read as the rules read them (engine/paperback/rules.py's
`spell`): each laid card and what it is laid as, the word powers used on the way (option
`powers`: Plagiarism's borrowed letter, a Typo, the Stuck Key), Dyslexia's reversed card
and the Space Bar's two words (option `space_dyslexia`), each refusal a RuleError.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleError
from engine.paperback.content import LETTERS, CardDef, content
from engine.paperback.finder import COMMON
from engine.paperback.powers import PLAGIARISM, letter_card, plagiarism_card, typo_card
from engine.paperback.state import PaperbackState
from engine.words import is_word

MAX_WORD = 40
Piece = tuple[CardDef, str, bool]       # (the card as scored, its text, the top common by reference)


def card_ids(raw: Any, code: str) -> list[str]:
    """A command's list of card ids ([] when absent), else RuleError(code)."""
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise RuleError(code)
    return list(raw)


def lay(state: PaperbackState, seat: int, ids: list[str],
        letters: dict[str, str]) -> tuple[list[Piece], list[str], list[str]]:
    """The pieces of the laying, each card's text and each card's power ("" for none)."""
    cards = state.cards
    eff = state.effects[seat]
    hand = set(state.hands[seat])
    pieces: list[Piece] = []
    texts = []
    powers = [cards[state.top_common].power if cid == COMMON and state.top_common else
              cards[cid].power if cid in hand else "" for cid in ids]
    reversing = "dyslexia" in powers        # one two-letter card may be laid reversed
    power = state.powers[seat] if state.powers else None
    typo = stuck = power                    # a word power, one use in the word
    for cid in ids:
        if cid == PLAGIARISM:
            text = letters.get(cid, "").lower()
            if power != "plagiarism" or not state.last_word:
                raise RuleError("err.paperback.no_plagiarism")
            if len(text) != 1 or text not in LETTERS or text not in state.last_word:
                raise RuleError("err.paperback.plagiarism_letter", word=state.last_word.upper())
            pieces.append((plagiarism_card(text), text, False))
        elif cid == COMMON:
            top = state.top_common
            if top is None:
                raise RuleError("err.paperback.no_common")
            if eff.no_common:
                raise RuleError("err.paperback.common_blocked")
            text = cards[top].letters
            pieces.append((cards[top], text, True))
        elif cards[cid].power if cid in hand else False:
            text = ""
            pieces.append((cards[cid], text, False))
        else:
            if cid not in hand:
                raise RuleError("err.paperback.not_in_hand", card=cid)
            card = cards[cid]
            text = letters.get(cid, "").lower() if card.wild else letters.get(cid, card.letters).lower()
            if card.wild:
                if len(text) != 1 or text not in LETTERS:
                    raise RuleError("err.paperback.wild_letter")
            elif text not in card.texts():
                if reversing and len(card.letters) == 2 and text == card.letters[::-1]:
                    reversing = False           # Dyslexia used
                elif typo == "typo" and letter_card(card) and len(text) == 1 and text in LETTERS:
                    typo = None                 # the typo: another letter, 0¢, no ability
                    card = typo_card(card)
                elif stuck == "stuck_key" and letter_card(card) and text == card.letters * 2:
                    stuck = None                # the stuck key: the letter twice
                else:
                    raise RuleError("err.paperback.laid_as", card=card.letters.upper(), text=text.upper())
            pieces.append((card, text, False))
        texts.append(text)
    if sum(1 for card, _, ref in pieces if ref or card.kind == "common") > 1:
        raise RuleError("err.paperback.one_common")
    if set(letters) - set(ids):
        raise RuleError("err.paperback.spell_shape")
    if reversing:
        raise RuleError("err.paperback.dyslexia_unused")
    return pieces, texts, powers


def words(state: PaperbackState, texts: list[str], powers: list[str]) -> list[str]:
    """The laying's word (two with the Space Bar), each long enough and playable."""
    out = ["".join(t for t, p in zip(texts, powers) if p != "space")] if "space" not in powers \
        else "".join(t if p != "space" else " " for t, p in zip(texts, powers)).split(" ")
    least = content().min_word
    for word in out:
        if len(word) < least:
            raise RuleError("err.paperback.too_short", least=least)
        if len(word) > MAX_WORD:
            raise RuleError("err.paperback.spell_shape")
        if not (is_word(word) or word in state.accepted):
            if word in state.refused:
                raise RuleError("err.paperback.word_refused", word=word.upper())
            raise RuleError("err.paperback.unknown_word", word=word.upper())
    return out
