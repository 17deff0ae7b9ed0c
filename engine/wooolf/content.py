"""Wooolf!!'s content as data (assets/content/wooolf/*.json): roles, role cards and the
deck per seat count, question cards, the round and scoring numbers. Loaded and checked
once; a bad file raises ContentError naming the file and the entry.

Names a player reads are catalog keys: `wooolf.role.<id>`, `wooolf.public.<id>` (the
announcement), `wooolf.question.<id>`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

CONTENT_DIR = Path(__file__).resolve().parents[2] / "assets" / "content" / "wooolf"
FILES = ("roles", "cards", "questions", "table")
UNKNOWN = "unknown"                  # the "?" public identity


class ContentError(ValueError):
    """A content file is unusable; the message names the file and the entry."""


@dataclass(frozen=True)
class Role:
    id: str
    value: int
    targets: tuple[str, ...]          # first arrow, then second (one target: a wolf)


@dataclass(frozen=True)
class Card:
    id: str
    role: str
    public: str                       # the identity a peeker announces ("unknown" = "?")

    @property
    def kind(self) -> tuple[str, str]:
        """Cards of one kind are interchangeable for every rule and every observation."""
        return (self.role, self.public)


@dataclass(frozen=True)
class Question:
    id: str
    count: int
    asks: str                         # "identity" or "card"
    roles: tuple[str, ...]

    def answer(self, identity: str, card_roles: tuple[str, ...]) -> bool:
        """The truthful answer of a seat with `identity` holding cards of `card_roles`."""
        if self.asks == "identity":
            return identity in self.roles
        return any(r in self.roles for r in card_roles)


@dataclass(frozen=True)
class Content:
    roles: dict[str, Role]
    publics: tuple[str, ...]
    cards: dict[str, Card]            # basic and advanced, by id
    basic: tuple[str, ...]            # basic card ids in deck order
    deck_size: dict[int, int]
    neutral_seats: frozenset[int]     # seat counts that add the neutral seat
    replaces: dict[str, tuple[tuple[int, str], ...]]   # advanced id -> ((from seats, basic id), ...)
    questions: tuple[Question, ...]
    threshold: dict[int, int]
    markers: int
    question_cards: int
    early_from_turn: int
    rounds: int
    x_to_end: int
    points: dict[str, int]
    bonus_for: frozenset[str]

    @property
    def seat_counts(self) -> range:
        return range(min(self.deck_size), max(self.deck_size) + 1)

    def deck(self, seats: int, advanced: bool = False) -> list[str]:
        """The role card ids for `seats` players (the neutral seat's two included)."""
        ids = list(self.basic[:self.deck_size[seats]])
        if advanced:
            for adv, rules in self.replaces.items():
                old = [b for lo, b in rules if lo <= seats][-1:]
                if old:
                    ids[ids.index(old[0])] = adv
        return ids

    def identity(self, cards: tuple[str, ...] | list[str]) -> str:
        """A seat's identity: the role of its higher-valued card."""
        return max((self.cards[c].role for c in cards), key=lambda r: self.roles[r].value)

    def question(self, qid: str) -> Question:
        for q in self.questions:
            if q.id == qid:
                return q
        raise KeyError(qid)

    def question_deck(self) -> list[str]:
        return [q.id for q in self.questions for _ in range(q.count)]

    def shepherd_cards(self, seats: int, advanced: bool = False) -> int:
        return sum(1 for c in self.deck(seats, advanced) if self.cards[c].role == "shepherd")


def _fail(file: str, entry: str, why: str) -> ContentError:
    return ContentError(f"wooolf content {file}.json, {entry}: {why}")


def _int(file: str, entry: str, x: Any, lo: int = 0) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or x < lo:
        raise _fail(file, entry, f"needs a whole number of at least {lo}, not {x!r}")
    return x


def _seat_map(file: str, entry: str, raw: Any) -> dict[int, int]:
    if not isinstance(raw, Mapping) or not raw:
        raise _fail(file, entry, "needs an object keyed by seat count")
    out: dict[int, int] = {}
    for k, v in raw.items():
        try:
            seats = int(k)
        except (TypeError, ValueError):
            raise _fail(file, f"{entry}[{k!r}]", "a key must be a seat count") from None
        out[seats] = _int(file, f"{entry}[{k}]", v, 1)
    return out


def parse(data: Mapping[str, Any]) -> Content:
    """Check and build the content from the four files' JSON objects (keys: FILES)."""
    for f in FILES:
        if not isinstance(data.get(f), Mapping):
            raise _fail(f, "the file", "must be one JSON object")
    # roles
    roles: dict[str, Role] = {}
    for i, r in enumerate(data["roles"].get("roles") or []):
        entry = f"roles[{i}]"
        if not isinstance(r, Mapping) or not isinstance(r.get("id"), str):
            raise _fail("roles", entry, "needs an id")
        rid = r["id"]
        if rid in roles:
            raise _fail("roles", f"role {rid!r}", "is defined twice")
        targets = r.get("targets")
        if not isinstance(targets, list) or not 1 <= len(targets) <= 2:
            raise _fail("roles", f"role {rid!r}", "needs one or two targets")
        roles[rid] = Role(rid, _int("roles", f"role {rid!r} value", r.get("value"), 1), tuple(targets))
    if not roles:
        raise _fail("roles", "roles", "lists no role")
    values = [r.value for r in roles.values()]
    if len(set(values)) != len(values):
        raise _fail("roles", "values", "two roles share a value (identity would be ambiguous)")
    for r in roles.values():
        for t in r.targets:
            if t not in roles or t == r.id:
                raise _fail("roles", f"role {r.id!r} target {t!r}", "is not another role")
    publics = data["roles"].get("publics")
    if not isinstance(publics, list) or UNKNOWN not in publics:
        raise _fail("roles", "publics", f"must list the public identities, {UNKNOWN!r} among them")
    for p in publics:
        if p != UNKNOWN and p not in roles:
            raise _fail("roles", f"public {p!r}", "is not a role")

    # cards
    cf = data["cards"]
    cards: dict[str, Card] = {}

    def card(entry: str, c: Any) -> Card:
        if not isinstance(c, Mapping) or not isinstance(c.get("id"), str):
            raise _fail("cards", entry, "needs an id")
        cid = c["id"]
        if cid in cards:
            raise _fail("cards", f"card {cid}", "is defined twice")
        if c.get("role") not in roles:
            raise _fail("cards", f"card {cid}", f"role {c.get('role')!r} is not a role")
        if c.get("public") not in publics:
            raise _fail("cards", f"card {cid}", f"public {c.get('public')!r} is not a public identity")
        return Card(cid, c["role"], c["public"])

    basic: list[str] = []
    for i, c in enumerate(cf.get("basic") or []):
        k = card(f"basic[{i}]", c)
        cards[k.id] = k
        basic.append(k.id)
    deck_size = _seat_map("cards", "deck_size", cf.get("deck_size"))
    for seats, size in deck_size.items():
        if size > len(basic) or size % 2:
            raise _fail("cards", f"deck_size[{seats}]", f"{size} cards cannot be dealt two a seat from {len(basic)}")
    neutral = cf.get("neutral_seat") or []
    if not isinstance(neutral, list) or any(s not in deck_size for s in neutral):
        raise _fail("cards", "neutral_seat", "must list seat counts that have a deck")
    for seats, size in deck_size.items():
        holders = seats + (1 if seats in neutral else 0)
        if size != 2 * holders:
            raise _fail("cards", f"deck_size[{seats}]", f"{size} cards for {holders} seats of two")
    replaces: dict[str, tuple[tuple[int, str], ...]] = {}
    for i, c in enumerate(cf.get("advanced") or []):
        k = card(f"advanced[{i}]", c)
        cards[k.id] = k
        rep = c.get("replaces")
        if not isinstance(rep, Mapping) or not rep:
            raise _fail("cards", f"card {k.id} replaces", "needs {seat count: basic card id}")
        rules: list[tuple[int, str]] = []
        for lo, old in rep.items():
            if old not in basic:
                raise _fail("cards", f"card {k.id} replaces", f"{old!r} is not a basic card")
            try:
                rules.append((int(lo), old))
            except (TypeError, ValueError):
                raise _fail("cards", f"card {k.id} replaces", f"{lo!r} is not a seat count") from None
        replaces[k.id] = tuple(sorted(rules))

    # questions
    questions: list[Question] = []
    seen: set[str] = set()
    for i, q in enumerate(data["questions"].get("questions") or []):
        if not isinstance(q, Mapping) or not isinstance(q.get("id"), str):
            raise _fail("questions", f"questions[{i}]", "needs an id")
        qid = q["id"]
        if qid in seen:
            raise _fail("questions", f"question {qid!r}", "is defined twice")
        seen.add(qid)
        if q.get("asks") not in ("identity", "card"):
            raise _fail("questions", f"question {qid!r}", "asks must be 'identity' or 'card'")
        qroles = q.get("roles")
        if not isinstance(qroles, list) or not qroles or any(r not in roles for r in qroles):
            raise _fail("questions", f"question {qid!r}", f"roles {qroles!r} are not all roles")
        questions.append(Question(qid, _int("questions", f"question {qid!r} count", q.get("count"), 1),
                                  q["asks"], tuple(qroles)))

    # the table
    t = data["table"]
    threshold = _seat_map("table", "threshold", t.get("threshold"))
    for seats in deck_size:
        if seats not in threshold:
            raise _fail("table", f"threshold[{seats}]", "is missing")
        if threshold[seats] > seats:
            raise _fail("table", f"threshold[{seats}]", "is more than the players")
    points = t.get("points")
    if not isinstance(points, Mapping) or set(points) != {"early_right", "final_right", "shepherd_bonus"}:
        raise _fail("table", "points", "needs early_right, final_right and shepherd_bonus")
    qcards = _int("table", "question_cards", t.get("question_cards"), 0)
    total_q = sum(q.count for q in questions)
    for seats in deck_size:
        if seats * qcards > total_q:
            raise _fail("table", "question_cards", f"{seats} players need {seats * qcards} question cards, there are {total_q}")
    bonus_for = t.get("shepherd_bonus_for") or []
    if any(r not in roles for r in bonus_for):
        raise _fail("table", "shepherd_bonus_for", "lists a role that does not exist")
    return Content(
        roles=roles, publics=tuple(publics), cards=cards, basic=tuple(basic), deck_size=deck_size,
        neutral_seats=frozenset(neutral), replaces=replaces, questions=tuple(questions),
        threshold=threshold, markers=_int("table", "markers", t.get("markers"), 1),
        question_cards=qcards, early_from_turn=_int("table", "early_from_turn", t.get("early_from_turn"), 1),
        rounds=_int("table", "rounds", t.get("rounds"), 1), x_to_end=_int("table", "x_to_end", t.get("x_to_end"), 1),
        points={k: _int("table", f"points.{k}", v) for k, v in points.items()},
        bonus_for=frozenset(bonus_for))


def load(directory: Path | str = CONTENT_DIR) -> Content:
    """Read and check the four files of `directory`."""
    data: dict[str, Any] = {}
    for f in FILES:
        path = Path(directory) / f"{f}.json"
        try:
            with open(path, encoding="utf-8") as fh:
                data[f] = json.load(fh)
        except OSError as e:
            raise _fail(f, "the file", f"cannot be read ({e.strerror})") from None
        except json.JSONDecodeError as e:
            raise _fail(f, f"line {e.lineno}", f"is not JSON ({e.msg})") from None
    return parse(data)


@lru_cache(maxsize=1)
def content() -> Content:
    """The shipped content, loaded once."""
    return load()
