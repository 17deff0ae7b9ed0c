"""Paperback bots: they see only their seat's view and answer with a command.

- easy, a casual player: spells the everyday word (SCOWL level 35 or lower) of at most
  five letters worth the most ¢ (with none, the most familiar word it makes), never looks
  for a longer one, never trashes; buys the dearest Fame card once it has 8¢, else the
  dearest letter card.
- normal: spells the word a person would know that earns the most ¢: each step a word
  is rarer (SCOWL levels ≤35, ≤50, ≤60, ≤70, then words only the Scrabble list has) counts
  1¢ against it (`familiar`), so TSORES must earn 4¢ more than an everyday word to be
  chosen; buys by a simple value rule: the Offer card with the best printed ¢ plus
  ability (the cheaper of equals), Fame once it can pay 8¢.
Measured against a scripted new player (engine/paperback/arena.py, docs/bots.md): the
new player beats easy most of the time and loses to normal and hard.
- hard: the exact best word, however obscure; reasons about its deck. A card's worth is the ¢ it is expected to bring each
  time it is drawn (how often its letters fit a word, times its printed ¢ and ability);
  it buys what raises its deck's average worth the most (a weak card only dilutes the
  deck), thins its deck with trash abilities (the weakest cards out), and switches to
  Fame as the end nears (Fame piles emptying, commons claimed) or when its ¢ buys a big
  Fame card. It plans the common: a word long enough to claim it is worth the claim's
  5 Fame, weighed against the ¢ it gives up.
"random" is the core RandomBot over `legal.legal_commands` (for tests). Blocked words never.
Simultaneous play (engine/paperback/simultaneous.py): each level spells as above; the time
it announces after (`ms`) is `spelling_ms`: drawn from the bot's seed and view, uniform
between half and one and a half times its level's time (MS_LEVEL: hard 20 s, normal 40 s,
easy 70 s), so hard tends to announce (and buy) first. The draft picks by each level's
buy rule: easy the dearest card, normal the best ¢ plus ability, hard the best worth.

A bot's choice depends only on its seed and the view.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core.bots import LevelledBot
from engine.core.hashing import state_hash
from engine.core.rng import Rng
from engine.paperback.bounty import suggestion as bounty_suggestion
from engine.paperback.content import CardDef, content
from engine.paperback.finder import COMMON, Found, Index, general_words
from engine.paperback.hand import (ABILITY_WORTH, answer_command, card_worth, cards_of, spell_command,
                                   word_choices)
from engine.paperback.powers import PLAGIARISM
from engine.paperback.themes import bot_accepts as theme_accepts, themes
from engine.words import commonness
from engine.words.tablevote import bot_accepts

# read from here by the scenes, the arena and the tests (they live in hand.py)
__all__ = ["LEVELS", "PaperbackBot", "answer_command", "card_worth", "cards_of", "everyday_word",
           "familiar", "hint_choices", "spell_command", "spelling_ms", "strangeness", "votes_yes",
           "word_choices"]

LEVELS = ("easy", "normal", "hard", "random")
EASY_LEVEL, EASY_LETTERS = 35, 5   # the easy bot's words: everyday ones, at most five letters
STRANGE = (35, 50, 60, 70)         # SCOWL levels: a word past the k-th of these is k+1 steps rarer
NORMAL_WEIGHT = 1.0                # ¢ a step of rarity costs a word for normal (and the hint's first)
CHOICES = 40                       # words the finder lists for a familiar choice
FAME_AT = 8              # ¢ from which easy and normal buy Fame (the dearest they can pay)
MS_LEVEL = {"hard": 20_000, "normal": 40_000, "easy": 70_000, "random": 40_000}
CLAIM_WORTH = 5          # ¢ a hard bot would give up for a claim (5 Fame and a vowel)


def strangeness(word: str, known: Any = ()) -> int:
    """How rare a word (or a Space Bar laying's words) reads to a person: 0 for an everyday
    word (SCOWL level 35 or lower) or one the table accepted (`known`), one more step past
    each level of STRANGE; 4 for a word only the Scrabble list has."""
    steps = 0
    for w in word.split(" "):
        if w not in known:
            level = commonness(w)
            steps = max(steps, sum(1 for lvl in STRANGE if level > lvl))
    return steps


def familiar(found: list[Found], weight: float, known: Any = ()) -> Found | None:
    """Of `found`, the word worth the most ¢ once each step of its strangeness costs
    `weight` ¢; of equals the more familiar, then the finder's order."""
    ranked = [(f.cents - weight * strangeness(f.word, known), -strangeness(f.word, known), -i, f)
              for i, f in enumerate(found)]
    return max(ranked, key=lambda r: r[:3])[3] if ranked else None


@lru_cache(maxsize=4)
def everyday_index(max_letters: int) -> Index:
    """The everyday words (SCOWL level EASY_LEVEL or lower) of two to `max_letters` letters:
    about 6,000 of the general list's 176,000 at five, indexed in about 20 ms."""
    return Index(sorted(w for w in general_words() if len(w) <= max_letters and commonness(w) <= EASY_LEVEL))


def everyday_word(view: dict, max_letters: int) -> Found | None:
    """The word worth the most ¢ among the everyday ones (SCOWL level EASY_LEVEL or lower)
    of at most `max_letters` the hand makes, the first in the alphabet of equals (the most
    familiar word of any list if it makes no everyday one). The search runs over the
    everyday words alone, a few times faster than over the general list."""
    found = word_choices(view, limit=CHOICES, max_letters=max_letters, index=everyday_index(max_letters))
    everyday = [f for f in found if all(commonness(w) <= EASY_LEVEL for w in f.word.split(" "))]
    if not everyday:
        return familiar(word_choices(view, limit=CHOICES, max_letters=max_letters), 100.0,
                        view["accepted_words"])
    return min(everyday, key=lambda f: (-f.cents, f.word))


def hint_choices(view: dict, limit: int) -> list[Found]:
    """The hint's words: first the one a steady player would spell (as normal does: the
    most ¢ with rarity weighed), then the finder's exact best, then the rest of the best
    familiar words first (the more ¢ first among equally familiar ones), so that a rare
    word from the Scrabble list comes after the everyday ones a person would trust."""
    found = word_choices(view, limit=CHOICES)
    known = view["accepted_words"]
    first = familiar(found, NORMAL_WEIGHT, known)
    if first is None:
        return []
    rest = [f for f in found if f is not first]
    others = sorted(rest[1:], key=lambda f: (strangeness(f.word, known), -f.cents))   # stable: the finder's order
    return ([first] + rest[:1] + others)[:limit]


_THEME_INDEX: dict[tuple, Index] = {}


def _theme_index(theme: str, fit: tuple[str, ...]) -> Index:
    """The index of a theme's words (its list and the words the table agreed fit)."""
    key = (theme, fit)
    if key not in _THEME_INDEX:
        _THEME_INDEX[key] = Index(sorted(themes().words[theme] | set(fit)))
    return _THEME_INDEX[key]


def _cost(ids: list[str], cost: dict[str, int], view: dict) -> int:
    """What buying `ids` costs (a Fame pile id as often as it is named)."""
    fame = {f["id"]: f["cost"] for f in view["fame_piles"]}
    return sum(fame[i] if i in fame else cost[i] for i in ids)


def spelling_ms(level: str, rng: Rng) -> int:
    """A bot's spelling time in simultaneous play (ms; see the module docstring)."""
    base = MS_LEVEL[level]
    return base // 2 + rng.below(base + 1)


def votes_yes(word: str) -> bool:
    """How a bot votes on a proposed word: the table-vote rule, any length
    (engine/words/tablevote.py)."""
    return bot_accepts(word)


class PaperbackBot(LevelledBot):
    LEVELS = LEVELS
    LEGAL = "engine.paperback.legal:legal_commands"

    def _rng(self, view: dict) -> Rng:
        key = [view["seat"], view["phase"], view["turns"], view["hand"], view["cents"], view["words"][-3:]]
        return Rng(int(state_hash(key)[:15], 16) ^ (self.seed * 0x9E3779B1))

    def choose(self, view: dict, seat: int) -> dict:
        phase = view["phase"]
        rng = self._rng(view)
        if phase == "vote":
            return {"type": "vote", "seat": seat, "accept": votes_yes(view["pending"]["word"])}
        if phase == "theme_vote":
            v = view["theme"]
            return {"type": "theme_vote", "seat": seat, "accept": theme_accepts(v["id"], v["vote"]["word"])}
        if phase == "bounty":                  # a word for the hand shown: hard the best, others a known one
            finder = word_choices if self.level == "hard" else hint_choices
            return {"type": "suggest", "seat": seat, "word": bounty_suggestion(view, finder)}
        if view["owed"]:
            return answer_command(view, seat)
        if phase == "draft":
            return {"type": "draft", "seat": seat, "card": self._draft(view, rng)}
        if phase in ("spell", "replace"):
            cmd = self._spell(view, seat, rng)
            if phase == "spell" and view.get("simultaneous"):
                cmd["ms"] = spelling_ms(self.level, rng)
            return cmd
        if phase == "buy":
            held = (view.get("cubes") or [0] * view["seats"])[seat]
            if not held:
                return {"type": "buy", "seat": seat, "cards": self._buy(view, rng)}
            rich = {**view, "cents": view["cents"] + held}          # a cube is 1¢
            got = self._buy(rich, rng)
            cost = {s["id"]: s["cost"] for s in view["for_sale"]}
            spent = _cost(got, cost, view)
            return {"type": "buy", "seat": seat, "cards": got, "cubes": max(0, spent - view["cents"])}
        raise ValueError(f"nothing to do in phase {phase}")

    # ---- spelling -------------------------------------------------------------------
    def _turn_power(self, view: dict, seat: int) -> dict | None:
        """Writer's Block whenever it applies (a free card); Ghost Writer (normal and
        hard) on the weakest card the best word leaves out."""
        power = view.get("power")
        if not power or not power["turn"] or not power["legal"]:
            return None
        if power["id"] == "writers_block":
            return {"type": "power", "seat": seat}
        if self.level == "easy":
            return None
        cards = cards_of(view)
        found = word_choices(view, limit=1)
        left = [c for c in view["hand"] if not found or c not in found[0].cards]
        left = [c for c in left if not cards[c].wild]
        if not left:
            return None
        return {"type": "power", "seat": seat, "card": min(left, key=lambda c: (card_worth(cards[c]), c))}

    def _spell(self, view: dict, seat: int, rng: Rng) -> dict:
        power = self._turn_power(view, seat)
        if power is not None:
            return power
        if self.level == "easy":
            pick = everyday_word(view, EASY_LETTERS)
            return {"type": "pass", "seat": seat} if pick is None else spell_command(seat, pick)
        if self.level == "normal":             # the most ¢ among the words a person knows
            pick = familiar(word_choices(view, limit=CHOICES), NORMAL_WEIGHT, view["accepted_words"])
        else:                                  # hard: the exact best
            pick = next(iter(word_choices(view, limit=1)), None)
        cube = (view.get("cubes") is not None and not view.get("bounty")
                and pick is not None and pick.cents == 0 and (view["need"] is None or pick.score.letters < view["need"]))
        if pick is None or cube:               # a 0¢ word buys nothing: the hand for a cube instead
            return {"type": "pass", "seat": seat}
        pick = self._theme(view, pick)
        blocked = (view["effects"] or {}).get("no_claim")
        if (self.level == "hard" and view["need"] is not None and not blocked
                and pick.score.letters < view["need"]):
            claims = word_choices(view, limit=1, min_letters=view["need"], max_letters=view["need"] + 1)
            if claims and claims[0].cents + CLAIM_WORTH >= pick.cents:
                pick = claims[0]
        return spell_command(seat, pick, **self._trash(view, pick))

    def _theme(self, view: dict, pick: Found) -> Found:
        """A word of the theme's list instead, when the theme card is another's and the
        word costs at most 2¢ (hard) or 1¢ (normal) of the best word."""
        theme = view.get("theme")
        if not theme or theme["holder"] == view["seat"]:
            return pick
        index = _theme_index(theme["id"], tuple(theme["fit"]))
        fits = themes().words[theme["id"]] | set(theme["fit"])
        got = [f for f in word_choices(view, limit=5, index=index)
               if any(w in fits for w in f.word.split(" "))]
        slack = 2 if self.level == "hard" else 1
        if got and got[0].cents + slack >= pick.cents:
            return got[0]
        return pick

    def _trash(self, view: dict, found: Found) -> dict:
        """Choices for the word's trash abilities: the hand's weakest cards not in the
        word (only a hard bot thins; others never trash), the Offer's best card for the
        others (hard) or nothing."""
        cards = cards_of(view)
        used = [cards[c] for c in found.cards if c not in (COMMON, PLAGIARISM)]
        may_hand = sum(c.ability.n for c in used if c.ability.kind == "trash_hand" and not c.wild)
        out: dict[str, Any] = {}
        if self.level == "hard" and may_hand:
            rest = [c for c in view["hand"] if c not in found.cards]
            weak = sorted((c for c in rest if card_worth(cards[c]) < 0.6 and cards[c].fame == 0),
                          key=lambda c: (card_worth(cards[c]), c))
            if weak:
                out["trash"] = weak[:may_hand]
        return out

    # ---- buying ---------------------------------------------------------------------
    def _draft(self, view: dict, rng: Rng) -> str:
        """A draft pick (simultaneous play): what the level's buy rule takes first with
        ¢ enough for any Offer card; hard, when nothing raises its deck, the best worth."""
        cards = cards_of(view)
        offer = view["simultaneous"]["offer"]
        sale = [{"id": c, "cost": cards[c].cost} for c in offer]
        got = self._buy_market({**view, "cents": max(s["cost"] for s in sale), "for_sale": sale}, rng)
        return got[0] if got else max(offer, key=lambda c: (card_worth(cards[c]), c))

    def _buy(self, view: dict, rng: Rng) -> list[str]:
        if view.get("coop"):                   # together: the pyramid first, dearest first
            free = set(view["coop"]["uncovered"])
            left, got = view["cents"], []
            for s in sorted((s for s in view["for_sale"] if s["id"] in free),
                            key=lambda s: (-s["cost"], s["id"])):
                if s["cost"] <= left:
                    got.append(s["id"])
                    left -= s["cost"]
            if got:
                return got
            market = {**view, "for_sale": [s for s in view["for_sale"] if s["id"] not in free]}
            got = self._buy_market(market, rng)
            cards = cards_of(view)
            cheap = [s for s in market["for_sale"] if s["cost"] <= view["cents"]]
            if not got and cheap:              # any purchase keeps a cube off the pyramid
                got = [max(cheap, key=lambda s: (card_worth(cards[s["id"]]), -s["cost"], s["id"]))["id"]]
            return got
        return self._buy_market(view, rng)

    def _buy_market(self, view: dict, rng: Rng) -> list[str]:
        cents = view["cents"]
        cards = cards_of(view)
        sale = [s for s in view["for_sale"] if s["cost"] <= cents]
        if not sale:
            return []
        fame_ids = {f["id"]: f for f in view["fame_piles"]}
        if self.level in ("easy", "normal"):
            fames = [s for s in sale if s["id"] in fame_ids and s["cost"] >= FAME_AT]
            if fames:
                return [max(fames, key=lambda s: (s["cost"], s["id"]))["id"]]
            market = [s for s in sale if s["id"] not in fame_ids]
            if self.level == "easy":
                if not market:
                    return []
                top = max(s["cost"] for s in market)
                dear = sorted(s["id"] for s in market if s["cost"] == top)
                return [dear[rng.below(len(dear))]]
            if not market:
                return []
            best = max(market, key=lambda s: (cards[s["id"]].cents + ABILITY_WORTH.get(
                cards[s["id"]].ability.kind, 0), -s["cost"], s["id"]))
            return [best["id"]]
        return self._buy_hard(view, cents, cards, fame_ids)

    def _buy_hard(self, view: dict, cents: int, cards: dict[str, CardDef],
                  fame_ids: dict[str, dict]) -> list[str]:
        seat = view["seat"]
        mine = (view["hand"] or []) + (view["deck_cards"] or []) + view["discards"][seat] + view["play"]
        worths = [card_worth(cards[c]) for c in mine]
        size = len(worths)
        avg = sum(worths) / size if size else 0.0
        # how near the end: Fame piles emptying, commons claimed
        piles = view["fame_piles"]
        start_counts = content().fame_piles[view["seats"]]
        taken = [1 - p["count"] / n if n else 1 for p, n in zip(piles, start_counts)]
        progress = max(view["claimed"] / max(1, len(view["track"])),
                       sorted(taken, reverse=True)[0] * 0.5 + sorted(taken, reverse=True)[1] * 0.5)
        chosen: list[str] = []
        left = cents
        sale = list(view["for_sale"])
        while True:
            options = []
            for s in sale:
                if s["cost"] > left or s["id"] in chosen and s["id"] not in fame_ids:
                    continue
                if s["id"] in fame_ids:
                    f = fame_ids[s["id"]]
                    if chosen.count(s["id"]) >= f["count"]:
                        continue
                    # Fame is worth more the nearer the end; early it only dilutes the deck
                    value = f["fame"] * (0.25 + 1.2 * progress) - (avg - 0.3) * (1 - progress) * 3
                    if cents >= 11:
                        value += f["fame"] * 0.3
                else:
                    w = card_worth(cards[s["id"]])
                    value = (w - avg) * 3 * (1 - progress)
                    if (view.get("award") or {}).get("id") == "editor" and len(cards[s["id"]].letters) == 2:
                        value += 0.5                # the Editor award counts two-letter cards
                options.append((value, s["cost"], s["id"]))
            if not options:
                break
            value, cost, cid = max(options)
            if value <= 0:
                break
            chosen.append(cid)
            left -= cost
            if cid not in fame_ids:
                avg = (avg * size + card_worth(cards[cid])) / (size + 1)
                size += 1
        return chosen
