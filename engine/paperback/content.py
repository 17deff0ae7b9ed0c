"""Paperback's cards as data (assets/content/paperback/*.json), loaded and checked once.

`market.json` holds the market cards (id, letters, cost, printed ¢, ability code, the
attack flag); `game.json` the starting deck, the market piles, the Fame cards and their
piles per seat count, the commons and the length track. Every value the rules use comes
from here, so the DESIGNED tables can be retuned without touching code.

A bad file raises ContentError naming the file and the card, at load, never later.
The ability grammar (`ABILITIES`) is the one place that says which codes exist and what
parameters each takes; `engine.paperback.scoring` gives them their meaning.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

CONTENT_DIR = Path(__file__).resolve().parents[2] / "assets" / "content" / "paperback"
LETTERS = "abcdefghijklmnopqrstuvwxyz"

# ability code -> the names of its integer parameters, in the order they are written
ABILITIES: dict[str, tuple[str, ...]] = {
    "-": (), "first": ("n",), "last": ("n",), "nowild": ("n",), "long": ("length", "n"),
    "draw": ("n",), "draw_if_last": ("n",), "wild_bonus": ("n",), "double_adj": (),
    "double_word": (), "trash_offer": ("n",), "trash_hand": ("n",), "one_shot": (),
    "flip": (), "qu": (),
    "atk_discard": ("n",), "atk_discard_wild": (), "atk_no_common": (), "atk_no_claim": (),
    "atk_minus": ("n",), "atk_topdeck": (),
}
KINDS = ("market", "start", "wild", "fame", "common")


class ContentError(ValueError):
    """A content file that cannot be used; the message names the file and the card."""


@dataclass(frozen=True)
class Ability:
    code: str                # the code as written, e.g. "long:6:2"
    kind: str                # "long"
    n: int = 0
    length: int = 0

    @property
    def attack(self) -> bool:
        return self.kind.startswith("atk_")


NO_ABILITY = Ability("-", "-")


@dataclass(frozen=True)
class CardDef:
    """One physical card of a game. `id` is unique in the box of that game."""
    id: str
    kind: str                # market | start | wild | fame | common
    letters: str             # lowercase; "" for a wild
    cost: int                # printed cost (what the Offer or a Fame pile asks)
    cents: int               # printed ¢ when used in a word (0 for wilds)
    fame: int = 0
    ability: Ability = NO_ABILITY
    pile: str | None = None  # the market pile (market cards) or Fame pile (Fame cards)
    power: str = ""          # a common with a power instead of a letter: "space" | "dyslexia"
    wild: bool = field(init=False, default=False)   # a wild: any Fame card

    def __post_init__(self) -> None:
        object.__setattr__(self, "wild", self.kind in ("wild", "fame"))

    @property
    def attack(self) -> bool:
        return self.ability.attack

    def texts(self) -> tuple[str, ...]:
        """Every string of letters the card may be laid as (wilds: none; see `wild`)."""
        if self.wild or self.power:
            return ()
        kind = self.ability.kind
        if kind == "flip":
            return (self.letters, self.letters[::-1])
        if kind == "qu":
            return (self.letters, self.letters + "u")
        return (self.letters,)


@dataclass(frozen=True)
class Content:
    hand_size: int
    min_word: int
    market: tuple[CardDef, ...]
    start: tuple[tuple[str, CardDef, int], ...]          # (key, template, copies)
    piles: tuple[tuple[str, tuple[int, ...], bool], ...]  # (pile id, costs, spread)
    fame: tuple[tuple[str, int, int], ...]               # (pile id, cost, fame)
    fame_piles: dict[int, tuple[int, ...]]               # seats -> copies per Fame pile
    commons: tuple[CardDef, ...]
    common_bonus: int
    length_track: tuple[int, ...]
    end_empty_piles: int
    extra_commons: tuple[CardDef, ...] = ()              # Space Bar and Dyslexia (an option)
    coop_pyramid: tuple[int, ...] = ()                   # co-op: Fame cards per pyramid row
    _pile_of_cost: dict[int, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def seat_counts(self) -> range:
        return range(min(self.fame_piles), max(self.fame_piles) + 1)

    def pile_of(self, cost: int) -> str:
        return self._pile_of_cost[cost]

    def box(self, seats: int, attacks: bool = False, extra: bool = False,
            coop: bool = False) -> dict[str, CardDef]:
        """Every card of a game for `seats` players: id -> card. Attack cards only when
        `attacks` (the basic game leaves them out); the Space Bar and Dyslexia commons
        only when `extra` (the `space_dyslexia` option); `coop`: the Fame cards of the
        co-operative pyramid instead of the Fame piles for `seats`."""
        cards: dict[str, CardDef] = {}
        for c in self.market:
            if attacks or not c.attack:
                cards[c.id] = c
        for s in range(seats):
            for key, tmpl, copies in self.start:
                for k in range(copies):
                    cid = f"s{s}.{key}" if copies == 1 else f"s{s}.{key}{k + 1}"
                    cards[cid] = CardDef(cid, tmpl.kind, tmpl.letters, tmpl.cost, tmpl.cents,
                                         tmpl.fame, tmpl.ability)
        for (pid, cost, fame), copies in zip(self.fame, self.coop_pyramid if coop else self.fame_piles[seats]):
            for k in range(copies):
                cid = f"{pid}.{k + 1}"
                cards[cid] = CardDef(cid, "fame", "", cost, 0, fame, NO_ABILITY, pid)
        for c in self.commons + (self.extra_commons if extra else ()):
            cards[c.id] = c
        return cards


def parse_ability(code: Any, where: str) -> Ability:
    if not isinstance(code, str) or not code:
        raise ContentError(f"{where}: the ability code must be a string, not {code!r}")
    kind, *args = code.split(":")
    if kind not in ABILITIES:
        raise ContentError(f"{where}: unknown ability code {code!r}")
    names = ABILITIES[kind]
    if len(args) != len(names):
        raise ContentError(f"{where}: ability {kind!r} takes {len(names)} number(s) "
                           f"({', '.join(names) or 'none'}), not {code!r}")
    values: dict[str, int] = {}
    for name, a in zip(names, args):
        if not a.isdigit() or int(a) < 1:
            raise ContentError(f"{where}: ability {code!r}: {name} must be a whole number >= 1")
        values[name] = int(a)
    return Ability(code, kind, values.get("n", 0), values.get("length", 0))


def _int(d: dict, key: str, where: str, lo: int, hi: int) -> int:
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ContentError(f"{where}: {key} must be a whole number {lo}..{hi}, not {v!r}")
    return v


def _letters(d: dict, where: str, most: int = 2) -> str:
    v = d.get("letters")
    if not isinstance(v, str) or not 1 <= len(v) <= most or any(c not in LETTERS for c in v.lower()):
        raise ContentError(f"{where}: letters must be 1-{most} letters A-Z, not {v!r}")
    return v.lower()


def _read(path: Path, fmt: str) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        raise ContentError(f"{path.name}: cannot be read: {e}") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise ContentError(f"{path.name}: not a {fmt} file")
    if data.get("version") != 1:
        raise ContentError(f"{path.name}: version {data.get('version')!r} is not 1")
    return data


def _market_card(raw: Any, i: int, fname: str, pile_of: dict[int, str]) -> CardDef:
    if not isinstance(raw, dict):
        raise ContentError(f"{fname}: card #{i + 1} is not an object")
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid.isalnum():
        raise ContentError(f"{fname}: card #{i + 1} has no usable id ({cid!r})")
    where = f"{fname}: card {cid}"
    letters = _letters(raw, where)
    cost = _int(raw, "cost", where, 1, 99)
    if cost not in pile_of:
        raise ContentError(f"{where}: no market pile takes cost {cost}")
    cents = _int(raw, "cents", where, 0, 20)
    ability = parse_ability(raw.get("ability"), where)
    attack = raw.get("attack", False)
    if not isinstance(attack, bool) or attack != ability.attack:
        raise ContentError(f"{where}: the attack flag ({attack!r}) disagrees with its ability "
                           f"{ability.code!r}")
    if ability.kind == "flip" and len(letters) != 2:
        raise ContentError(f"{where}: only a two-letter card may flip")
    if ability.kind == "qu" and letters != "q":
        raise ContentError(f"{where}: only a single Q may be played as QU")
    extra = set(raw) - {"id", "letters", "cost", "cents", "ability", "attack"}
    if extra:
        raise ContentError(f"{where}: unknown field(s) {sorted(extra)}")
    return CardDef(cid, "market", letters, cost, cents, 0, ability, pile_of[cost])


POWERS = ("space", "dyslexia")     # the extra commons' powers (rules §7)


def _pyramid(game: dict, gname: str, piles: int) -> tuple[int, ...]:
    """The co-op pyramid's rows, one per Fame pile, cheapest first; each row one shorter."""
    rows = game.get("coop_pyramid", [])
    if rows and (not isinstance(rows, list) or len(rows) != piles
                 or rows != list(range(rows[0], rows[0] - piles, -1)) or rows[-1] < 1):
        raise ContentError(f"{gname}: coop_pyramid must give {piles} rows, each one card shorter")
    return tuple(rows)


def _common(c: Any, i: int, gname: str) -> CardDef:
    """A common: a letter, or (the extra commons) a power and no letter."""
    where = f"{gname}: common {c.get('id') if isinstance(c, dict) else '#' + str(i + 1)}"
    if not isinstance(c, dict) or not isinstance(c.get("id"), str) or not c["id"].isalnum():
        raise ContentError(f"{where}: needs an id")
    power = c.get("power", "")
    if power:
        if power not in POWERS or "letters" in c:
            raise ContentError(f"{where}: power must be one of {', '.join(POWERS)} (and no letters)")
        letters = ""
    else:
        letters = _letters(c, where, 1)
    return CardDef("c" + c["id"], "common", letters, 0, _int(c, "cents", where, 0, 20),
                   _int(c, "fame", where, 0, 99), power=power)


def load(directory: Path = CONTENT_DIR) -> Content:
    """Read and check both files of `directory`; ContentError on the first problem."""
    game = _read(directory / "game.json", "couchtop-paperback-game")
    gname = "game.json"
    hand_size = _int(game, "hand_size", gname, 1, 20)
    min_word = _int(game, "min_word", gname, 1, 10)

    piles_raw = game.get("market_piles")
    if not isinstance(piles_raw, list) or not piles_raw:
        raise ContentError(f"{gname}: market_piles must be a list of piles")
    piles, pile_of = [], {}
    for p in piles_raw:
        pid, costs = (p.get("id"), p.get("costs")) if isinstance(p, dict) else (None, None)
        if not isinstance(pid, str) or not isinstance(costs, list) or not costs or not all(
                isinstance(c, int) and not isinstance(c, bool) and c > 0 for c in costs):
            raise ContentError(f"{gname}: market pile {p!r} needs an id and a list of costs")
        for c in costs:
            if c in pile_of:
                raise ContentError(f"{gname}: cost {c} is in two market piles")
            pile_of[c] = pid
        piles.append((pid, tuple(costs), bool(p.get("spread", False))))

    start = []
    for i, s in enumerate(game.get("starting_deck") or []):
        where = f"{gname}: starting card {s.get('key') if isinstance(s, dict) else '#' + str(i + 1)}"
        if not isinstance(s, dict) or not isinstance(s.get("key"), str) or not s["key"].isalnum():
            raise ContentError(f"{where}: needs a key (letters and digits)")
        copies = _int(s, "count", where, 1, 20)
        cost = _int(s, "cost", where, 0, 99)
        if s.get("wild"):
            if _int(s, "cents", where, 0, 0) != 0 or "letters" in s:
                raise ContentError(f"{where}: a wild has no letters and 0¢")
            tmpl = CardDef("", "wild", "", cost, 0, _int(s, "fame", where, 0, 99))
        else:
            tmpl = CardDef("", "start", _letters(s, where), cost, _int(s, "cents", where, 0, 20),
                           s.get("fame", 0) if isinstance(s.get("fame", 0), int) else 0)
        start.append((s["key"], tmpl, copies))
    if not start:
        raise ContentError(f"{gname}: starting_deck is empty")
    if len({k for k, _, _ in start}) != len(start):
        raise ContentError(f"{gname}: a starting card key repeats")

    fame = []
    for f in game.get("fame") or []:
        where = f"{gname}: Fame pile {f.get('id') if isinstance(f, dict) else f!r}"
        if not isinstance(f, dict) or not isinstance(f.get("id"), str):
            raise ContentError(f"{where}: needs an id")
        fame.append((f["id"], _int(f, "cost", where, 1, 99), _int(f, "fame", where, 0, 99)))
    if not fame:
        raise ContentError(f"{gname}: no Fame piles")
    fame_piles: dict[int, tuple[int, ...]] = {}
    raw_fp = game.get("fame_piles")
    if not isinstance(raw_fp, dict) or not raw_fp:
        raise ContentError(f"{gname}: fame_piles must map a seat count to pile sizes")
    for k, sizes in raw_fp.items():
        if not k.isdigit() or not isinstance(sizes, list) or len(sizes) != len(fame) or not all(
                isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in sizes):
            raise ContentError(f"{gname}: fame_piles[{k!r}] must give {len(fame)} pile sizes")
        fame_piles[int(k)] = tuple(sizes)

    commons = [_common(c, i, gname) for i, c in enumerate(game.get("commons") or [])]
    if any(c.power for c in commons):
        raise ContentError(f"{gname}: a common with a power belongs in extra_commons")
    extra = [_common(c, i, gname) for i, c in enumerate(game.get("extra_commons") or [])]
    if sorted(c.power for c in extra) not in ([], sorted(POWERS)):
        raise ContentError(f"{gname}: extra_commons must be one Space Bar and one Dyslexia")
    track = game.get("length_track")
    if not isinstance(track, list) or not all(isinstance(x, int) and not isinstance(x, bool)
                                              and x > 0 for x in track):
        raise ContentError(f"{gname}: length_track must be a list of letter counts")
    if len(track) != len(commons):
        raise ContentError(f"{gname}: the length track has {len(track)} sections for "
                           f"{len(commons)} commons")

    market_data = _read(directory / "market.json", "couchtop-paperback-market")
    raw_cards = market_data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise ContentError("market.json: cards must be a non-empty list")
    market = [_market_card(raw, i, "market.json", pile_of) for i, raw in enumerate(raw_cards)]
    ids = [c.id for c in market] + [c.id for c in commons] + [c.id for c in extra]
    seen: set[str] = set()
    for cid in ids:
        if cid in seen:
            raise ContentError(f"market.json: card {cid} appears twice")
        seen.add(cid)
    return Content(hand_size, min_word, tuple(market), tuple(start), tuple(piles), tuple(fame),
                   fame_piles, tuple(commons), _int(game, "common_bonus", gname, 0, 20),
                   tuple(track), _int(game, "game_end_empty_fame_piles", gname, 1, len(fame)),
                   tuple(extra), _pyramid(game, gname, len(fame)), pile_of)


@lru_cache(maxsize=1)
def content() -> Content:
    """The shipped content, loaded once."""
    return load()
