"""Options as plug-ins of a PhasedRules game (engine/core/plugins.py): merged into the
command and apply tables, their after-handlers and hooks run only while their option is
on, and a name taken twice is refused when the rules are made."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core.errors import RuleError
from engine.core.events import event
from engine.core.phased import PhasedRules
from engine.core.plugins import OptionRules, PluginClash
from engine.core.rng import Rng


@dataclass
class _State:
    options: dict[str, Any]
    seats: int = 2
    phase: str = "play"
    ended: bool = False
    count: int = 0
    bells: int = 0


class _Bell(OptionRules):
    key = "bell"
    PHASE_OF = {"ring": ("play",)}

    def _decide_ring(self, rules: Any, state: _State, seat: int, cmd: Any, rng: Rng) -> list:
        if not self.on(state):
            raise RuleError("err.toy.no_bell")
        return [event("rang", seat)]

    @staticmethod
    def _on_rang(state: _State, ev: Any) -> None:
        state.bells += 1

    @staticmethod
    def _after_counted(state: _State, ev: Any) -> None:
        state.bells += 10


class _Toy(PhasedRules[_State]):
    game = "toy"
    PHASE_OF = {"count": ("play",)}
    PLUGINS = (_Bell(),)

    def to_act(self, state: _State) -> frozenset[int]:
        return frozenset({0, 1})

    def _decide_count(self, state: _State, seat: int, cmd: Any, rng: Rng) -> list:
        return [event("counted", seat)]

    @staticmethod
    def _on_counted(state: _State, ev: Any) -> None:
        state.count += 1


def _play(options: dict[str, Any], kind: str) -> _State:
    rules, state = _Toy(), _State(options)
    for ev in rules.decide(state, {"type": kind, "seat": 0}, Rng(1)):
        rules.apply(state, ev)
    return state


def test_a_plugins_command_and_event_join_the_tables():
    assert _play({"bell": True}, "ring").bells == 1


def test_a_plugins_command_is_refused_in_its_own_words_while_its_option_is_off():
    with pytest.raises(RuleError) as e:
        _play({}, "ring")
    assert e.value.code == "err.toy.no_bell"


def test_an_after_handler_runs_only_while_its_option_is_on():
    on, off = _play({"bell": True}, "count"), _play({}, "count")
    assert (on.count, on.bells) == (1, 10)
    assert (off.count, off.bells) == (1, 0)


def test_plugins_on_lists_the_plugins_whose_option_is_on():
    rules = _Toy()
    assert rules.plugins_on(_State({"bell": 1})) == list(_Toy.PLUGINS)
    assert rules.plugins_on(_State({"bell": False})) == []


def test_a_command_declared_twice_is_refused_when_the_rules_are_made():
    class Twice(_Toy):
        PHASE_OF = {"count": ("play",), "ring": ("play",)}
    with pytest.raises(PluginClash, match="ring"):
        Twice()


def test_an_event_applied_twice_is_refused_when_the_rules_are_made():
    class Clash(_Toy):
        @staticmethod
        def _on_rang(state: _State, ev: Any) -> None:
            state.count += 1
    with pytest.raises(PluginClash, match="rang"):
        Clash()


def test_a_command_without_a_handler_is_refused_when_the_rules_are_made():
    class Unhandled(_Toy):
        PHASE_OF = {"count": ("play",), "shout": ("play",)}
    with pytest.raises(PluginClash, match="shout"):
        Unhandled()


def test_two_plugins_with_one_key_are_refused():
    class Double(_Toy):
        PLUGINS = (_Bell(), _Bell())
    with pytest.raises(PluginClash, match="key"):
        Double()
