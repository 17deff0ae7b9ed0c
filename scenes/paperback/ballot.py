"""The Paperback table's one ballot: a vote on screen, a proposed word's (the base game)
or a word put to the theme (themes.py's panel gives that one). The same question, Yes / No
buttons (Y / N) and rule line for both; each other person votes under the hand-off
curtain in turn."""
from __future__ import annotations

from typing import Callable, NamedTuple

import pygame

from scenes.ui.buttons import Button
from scenes.ui.i18n import t


class Ballot(NamedTuple):
    """A table vote on screen: a proposed word, or a word put to the theme."""
    command: str
    question: str
    rule: str
    yes: str


def word_vote(view: dict, name: Callable[[int], str]) -> Ballot | None:
    """The vote on a proposed word the table is taking now (None: none)."""
    if view.get("phase") == "vote" and view.get("pending"):
        pend = view["pending"]
        return Ballot("vote", t("paperback.ui.vote_on", player=name(int(pend["seat"])), word=pend["word"].upper()),
                      t("paperback.ui.vote_rule"), t("paperback.ui.accept"))
    return None


def vote_buttons(q: Ballot, vote: Callable[[bool], None]) -> list[Button]:
    return [Button("yes", lambda: vote(True), q.yes, keys=(pygame.K_y,), primary=True),
            Button("no", lambda: vote(False), t("paperback.ui.refuse"), keys=(pygame.K_n,))]
