"""Themes at the table (option `themes`, `themes_strict`): the theme's title, the Fame it
is worth and who holds it in a line under the players (`theme_line`, drawn by
panels.draw_modules for the table, the replay and the how-to alike); a word that takes
the card says so in its ¢ panel (`takes_theme`) as it is built and once spelled; in the
buy phase "Claim the theme" only when the session's dry run would take the claim (not
strict, the word off the list, not refused, the card not yours); the vote on it is the
table's one ballot (ballot.py): the same question, Yes / No buttons (Y / N) and rule line
as the vote on a proposed word, each other person under the hand-off curtain in turn.

The table's panel for the option (optionpanel.py), and the functions the panels use."""
from __future__ import annotations

from typing import Sequence

import pygame

from engine.paperback.themes import listed, themes
from scenes.common.names import player_name
from scenes.paperback.ballot import Ballot
from scenes.paperback.cents import foot_plus
from scenes.paperback.optionpanel import OptionPanel
from scenes.ui.buttons import Button
from scenes.ui.i18n import t

CLAIM_KEY = pygame.K_F3


def theme_line(view: dict, players: Sequence[dict]) -> str | None:
    """The theme under the players: its title, its Fame, who holds it (None: no theme)."""
    theme = view.get("theme")
    if not theme:
        return None
    holder = theme.get("holder")
    who = (t("paperback.ui.theme_holder", player=player_name(list(players), holder)) if isinstance(holder, int)
           else t("paperback.ui.theme_nobody"))
    return t("paperback.ui.theme_line_strict" if theme.get("strict") else "paperback.ui.theme_line",
             theme=t(f"paperback.theme.{theme['id']}"), fame=themes().fame, holder=who)


def takes_theme(view: dict, word: str) -> bool:
    """Whether `word` fits the theme (its list, or a word the table agreed fits)."""
    theme = view.get("theme")
    if not theme or not word:
        return False
    return listed(theme["id"], word) or any(w in theme.get("fit", []) for w in word.split(" "))


def with_theme(foot: str) -> str:
    """A ¢ panel's foot line, saying the word takes the theme card."""
    return foot_plus(foot, "paperback.ui.takes_theme")


class Themes(OptionPanel):
    def may_claim(self) -> bool:
        return (self.table.buying() and bool(self.view.get("theme")) and not self.view["theme"].get("strict")
                and self.table.check({"type": "theme_claim", "seat": self.viewer}) is None)

    def claim_theme(self) -> None:
        if self.may_claim():
            self.table.submit({"type": "theme_claim", "seat": self.viewer})

    def buy_buttons(self) -> list[Button]:
        """A word off the theme's list, put to the table."""
        if not self.may_claim():
            return []
        return [Button("claim_theme", self.claim_theme, t("paperback.ui.claim_theme"), keys=(CLAIM_KEY,))]

    def ballot(self) -> Ballot | None:
        """The vote on a word put to the theme, while the table takes it (None: none)."""
        v = self.view
        vote = (v.get("theme") or {}).get("vote")
        if self.table.phase == "theme_vote" and vote:
            theme = t(f"paperback.theme.{v['theme']['id']}")
            player = self.table.name(int(vote["seat"]))
            return Ballot("theme_vote", t("paperback.ui.theme_vote_on", player=player, word=vote["word"].upper(),
                                          theme=theme),
                          t("paperback.ui.theme_vote_rule", player=player), t("paperback.ui.fits"))
        return None
