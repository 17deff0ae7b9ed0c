"""Declared shapes of plain data, and the one checker every reader of a log uses.

A game declares the shape of each of its event types (the fields beyond the stamped
`type`, `seq`, `seat`, `t`, `v`, `cmd`) in its spec (`GameSpec.events`, usually from the
game's own `engine/<game>/shapes.py`); `read_log` checks every event against it before
any rule folds it, so a log whose event holds a 200 KB string, a 200-deep list, an
integer past 64 bits, a map where a list belongs or a key nobody declared is malformed
at that record, whichever game wrote it.

A shape is a small object with `problem(value, seats) -> str | None` (`seats`: the
game's seat count, which bounds `SEAT`). The pieces:

- `Int(lo, hi)`; `NAT` (0 to 2^31 - 1), `INT` (-2^31 to 2^31 - 1), `SEAT` (0 to seats - 1)
- `Str(longest)` (`TEXT`: 256 characters, `WORD`: 64, `LETTER`: 1 to 4); `BOOL`; `NIL`
- `List(item, longest)` (`PER_SEAT`-long by default: 64), `Rec(fields, optional=...)`
  (a map with exactly those string keys, the optional ones maybe missing),
  `Map(key, value, longest)` (any keys of one shape), `Opt(shape)` (nil or the shape),
  `Either(a, b, ...)`
"""
from __future__ import annotations

from typing import Any, Mapping

PER_SEAT = 64          # the most seats a log may have (logstore's header check)


def _key(k: Any) -> str:
    text = repr(k)
    return text if len(text) <= 24 else text[:21] + "..."


def _brief(v: Any) -> str:
    if type(v) in (str, bytes, list, dict):
        return f"{type(v).__name__} of {len(v)}"
    text = repr(v)
    return text if len(text) <= 24 else text[:21] + "..."


class Shape:
    def problem(self, v: Any, seats: int) -> str | None:   # pragma: no cover - abstract
        raise NotImplementedError


class Int(Shape):
    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi

    def problem(self, v: Any, seats: int) -> str | None:
        if type(v) is not int or not self.lo <= v <= self.hi:
            return f"{_brief(v)} is not an integer from {self.lo} to {self.hi}"
        return None


class _Seat(Shape):
    def problem(self, v: Any, seats: int) -> str | None:
        if type(v) is not int or not 0 <= v < seats:
            return f"{_brief(v)} is not a seat of {seats}"
        return None


class Str(Shape):
    def __init__(self, longest: int, shortest: int = 0) -> None:
        self.longest, self.shortest = longest, shortest

    def problem(self, v: Any, seats: int) -> str | None:
        if type(v) is not str or not self.shortest <= len(v) <= self.longest:
            return f"{_brief(v)} is not a string of {self.shortest} to {self.longest}"
        return None


class _Exact(Shape):
    def __init__(self, kind: type, name: str) -> None:
        self.kind, self.name = kind, name

    def problem(self, v: Any, seats: int) -> str | None:
        return None if type(v) is self.kind else f"{_brief(v)} is not {self.name}"


class List(Shape):
    def __init__(self, item: Shape, longest: int = PER_SEAT) -> None:
        self.item, self.longest = item, longest

    def problem(self, v: Any, seats: int) -> str | None:
        if type(v) is not list or len(v) > self.longest:
            return f"{_brief(v)} is not a list of at most {self.longest}"
        for i, x in enumerate(v):
            p = self.item.problem(x, seats)
            if p is not None:
                return f"[{i}]: {p}"
        return None


class Map(Shape):
    def __init__(self, key: Shape, value: Shape, longest: int = PER_SEAT) -> None:
        self.key, self.value, self.longest = key, value, longest

    def problem(self, v: Any, seats: int) -> str | None:
        if type(v) is not dict or len(v) > self.longest:
            return f"{_brief(v)} is not a map of at most {self.longest}"
        for k, x in v.items():
            p = self.key.problem(k, seats)
            if p is not None:
                return f"key {_key(k)}: {p}"
            p = self.value.problem(x, seats)
            if p is not None:
                return f"[{_key(k)}]: {p}"
        return None


class Rec(Shape):
    """A map with exactly these string keys (those in `optional` may be missing)."""

    def __init__(self, fields: Mapping[str, Shape], optional: tuple[str, ...] = ()) -> None:
        self.fields = dict(fields)
        self.required = frozenset(fields) - frozenset(optional)
        unknown = set(optional) - set(fields)
        if unknown:
            raise ValueError(f"optional fields {sorted(unknown)} are not fields")

    def problem(self, v: Any, seats: int) -> str | None:
        if type(v) is not dict:
            return f"{_brief(v)} is not a map"
        return fields_problem(v, self.fields, self.required, seats)


class Opt(Shape):
    def __init__(self, shape: Shape) -> None:
        self.shape = shape

    def problem(self, v: Any, seats: int) -> str | None:
        return None if v is None else self.shape.problem(v, seats)


class Either(Shape):
    def __init__(self, *shapes: Shape) -> None:
        self.shapes = shapes

    def problem(self, v: Any, seats: int) -> str | None:
        first = None
        for s in self.shapes:
            p = s.problem(v, seats)
            if p is None:
                return None
            first = first or p
        return first


def fields_problem(v: Mapping[Any, Any], fields: Mapping[str, Shape], required: frozenset[str],
                   seats: int, skip: frozenset[str] = frozenset()) -> str | None:
    """What is wrong with map `v` as a record of `fields` (keys in `skip` are someone
    else's to check), or None."""
    for k in required:
        if k not in v:
            return f"no {k!r}"
    for k, x in v.items():
        if k in skip:
            continue
        shape = fields.get(k) if type(k) is str else None
        if shape is None:
            return f"unknown key {_key(k)}"
        p = shape.problem(x, seats)
        if p is not None:
            return f"{k}: {p}"
    return None


NAT = Int(0, (1 << 31) - 1)
INT = Int(-(1 << 31), (1 << 31) - 1)
SEAT: Shape = _Seat()
SEATS = List(SEAT)
BOOL = _Exact(bool, "true or false")
NIL = _Exact(type(None), "nil")
TEXT = Str(256)
WORD = Str(64)
LETTER = Str(4, 1)


class EventShape:
    """An event type's own fields (beyond the stamped ones; `optional` ones may be
    missing), and whose it is: a seat's (`seat` a seat), the table's (`seat` nil) or
    either (`table` None)."""

    def __init__(self, fields: Mapping[str, Shape], optional: tuple[str, ...] = (),
                 table: bool | None = False) -> None:
        self.rec = Rec(fields, optional)
        self.table = table

    def problem(self, ev: Mapping[str, Any], seats: int) -> str | None:
        if self.table is not None and (ev.get("seat") is None) != self.table:
            return "seat is nil but it is a seat's event" if not self.table else \
                "it is the table's event, but it names a seat"
        return fields_problem(ev, self.rec.fields, self.rec.required, seats, STAMPED)


STAMPED = frozenset({"type", "seq", "seat", "t", "v", "cmd"})


def ev(optional: tuple[str, ...] = (), **fields: Shape) -> EventShape:
    """`ev(word=WORD, target=SEAT)`: a seat's event type's declaration."""
    return EventShape(fields, optional)


def table_ev(optional: tuple[str, ...] = (), **fields: Shape) -> EventShape:
    """`table_ev(round=NAT)`: the declaration of an event of the table's (seat nil)."""
    return EventShape(fields, optional, table=True)


def any_ev(optional: tuple[str, ...] = (), **fields: Shape) -> EventShape:
    """An event type that is a seat's in some variants and the table's in others."""
    return EventShape(fields, optional, table=None)


def event_shape_problem(shapes: Mapping[str, EventShape], ev_: Mapping[str, Any],
                        seats: int) -> str | None:
    """What is wrong with an event's own fields by its game's declared shapes, or None."""
    shape = shapes.get(ev_.get("type"))   # type: ignore[arg-type]
    if shape is None:
        return f"{ev_.get('type')!r} is not an event of this game"
    return shape.problem(ev_, seats)


class Plain(Shape):
    """Any plain data within bounds (small scalars, strings, lists and maps of them, at
    most `depth` deep): a message's parameters and the like, whose keys are free."""

    def __init__(self, depth: int = 2, longest: int = PER_SEAT) -> None:
        self.depth, self.longest = depth, longest

    def problem(self, v: Any, seats: int) -> str | None:
        t = type(v)
        if v is None or t is bool:
            return None
        if t is int:
            return INT.problem(v, seats)
        if t is str:
            return TEXT.problem(v, seats)
        if t in (list, dict):
            if self.depth <= 0:
                return f"{_brief(v)} is nested too deep"
            if len(v) > self.longest:
                return f"{_brief(v)} has more than {self.longest} items"
            inner = Plain(self.depth - 1, self.longest)
            for k, x in (v.items() if t is dict else enumerate(v)):
                if t is dict and type(k) is not str:
                    return f"key {_key(k)} is not a string"
                p = inner.problem(x, seats) if t is dict else inner.problem(x, seats)
                if p is not None:
                    return f"[{_key(k)}]: {p}"
            return None
        return f"{_brief(v)} is not plain data"


PLAIN: Shape = Plain()
PARAMS = Map(WORD, Plain(1), 16)            # a RuleError's parameters, as events carry them
TIME = Int(0, 1 << 48)                      # game time in ms
