"""Paperback's option plug-in (engine/core/plugins.py) and the extension points its base
game (engine/paperback/rules.py) calls on each option that is on, in `PLUGINS` order.

Besides the core's hooks (set-up fields, to_act, not_acting, view, event_view, scramble),
each with a no-op default; an option module's plug-in overrides the ones it needs:
- `spelled(rules, state, seat, word)`: fields the `spelled` event of `word` carries;
- `passed(state)`: fields the `passed` event carries;
- `laid(rules, state, seat, cmd, made, rng)`: the events of a spell, a proposal (`made`,
  the base's) or a pass (`made` None), when the option takes the laying over (else None);
- `buy_card(state, fame, cid)`: the card a buy takes by `cid` from `fame` (a copy, taken
  from in place), None when `cid` is none of the option's;
- `turn_end(rules, state, seat, head, cube_on)`: events between a turn's pass or buy
  (`head`) and its `turn_ended`; None when the option does not take a `cube_on`;
- `pass_turn(state, seat)`: True when the option moved the turn on after `seat`'s
  `turn_ended` (else the base does: the next seat spells);
- `hand_size(state)`: the hand drawn at a turn's end (None: the box's);
- `end_reason(state)`, for an option with `OWN_END`: the game's end in place of the
  base's rule (None: not over yet);
- `follow_up(rules, state, rng)`: what follows, in place of the base's (None: the base's);
- `turn_start(state)`: events at a turn's start, before the end is checked;
- `pile_top_bought(state, front)`: a pile's top was bought; `front` its front card.
"""
from __future__ import annotations

from typing import Any, ClassVar

from engine.core.events import Command, Event
from engine.core.plugins import OptionRules
from engine.core.rng import Rng
from engine.paperback.content import CardDef


class PaperbackOption(OptionRules):
    OWN_END: ClassVar[bool] = False          # end_reason replaces the base's end

    def spelled(self, rules: Any, state: Any, seat: int, word: str) -> dict[str, Any]:
        return {}

    def passed(self, state: Any) -> dict[str, Any]:
        return {}

    def laid(self, rules: Any, state: Any, seat: int, cmd: Command, made: list[Event] | None,
             rng: Rng) -> list[Event] | None:
        return None

    def buy_card(self, state: Any, fame: dict[str, list[str]], cid: str) -> CardDef | None:
        return None

    def turn_end(self, rules: Any, state: Any, seat: int, head: list[Event],
                 cube_on: Any) -> list[Event] | None:
        return None

    def pass_turn(self, state: Any, seat: int) -> bool:
        return False

    def hand_size(self, state: Any) -> int | None:
        return None

    def end_reason(self, state: Any) -> str | None:
        return None

    def follow_up(self, rules: Any, state: Any, rng: Rng) -> list[Event] | None:
        return None

    def turn_start(self, state: Any) -> list[Event]:
        return []

    def pile_top_bought(self, state: Any, front: str) -> None:
        pass
