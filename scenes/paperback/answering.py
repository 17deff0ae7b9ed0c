"""Answering an attack (option `attacks`, phase "respond"): the victim on screen picks in
the hand what the attack asks of them (the wilds to discard, the cards to discard, the
cards to put on top of the deck), card by card, and sends it. The table's panel for the
option (optionpanel.py);
it changes only the seat on screen's own `Building` (`b.answer`). How many cards each
task takes is the engine's count (what is owed, at most what the hand still holds); the
session's dry run judges the answer before it is sent."""
from __future__ import annotations

from typing import Any

import pygame

from scenes.common.names import names_list, player_name
from scenes.paperback.cards import cards_of
from scenes.paperback.optionpanel import Line, OptionPanel, Rows
from scenes.ui import style
from scenes.ui.buttons import Button
from scenes.ui.i18n import t

TASKS = ("discard_wild", "discard", "topdeck")      # the order the engine takes them in


def answer_tasks(view: dict, picked: dict[str, list[str]] | None = None) -> list[tuple[str, int]]:
    """(task, cards it takes) for every task the attack asks of the seat on screen."""
    eff = view.get("effects") or {}
    cards = cards_of(view)
    hand = list(view.get("hand") or [])
    left = len(hand)
    out = []
    for key in TASKS:
        pool = sum(1 for h in hand if cards[h].wild) if key == "discard_wild" else left
        need = min(int(eff.get(key) or 0), pool)
        if need:
            out.append((key, need))
        left -= need
    return out


ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class Answers(OptionPanel):
    def answering(self) -> bool:
        return self.table.acting and self.table.phase == "respond" and bool(self.view.get("owed"))

    def answer_of(self, cid: str) -> str | None:
        """The task a hand card is picked for (None: not picked)."""
        return next((k for k, ids in self.b.answer.items() if cid in ids), None)

    def toggle_answer(self, cid: str) -> None:
        """Pick a hand card for the first task it fits that still has room; again: unpick."""
        if not self.answering() or cid not in (self.view.get("hand") or []):
            return
        b = self.b
        held = self.answer_of(cid)
        if held is not None:
            b.answer[held].remove(cid)
        else:
            card = cards_of(self.view)[cid]
            for key, need in answer_tasks(self.view):
                if len(b.answer.get(key, [])) < need and (card.wild or key != "discard_wild"):
                    b.answer.setdefault(key, []).append(cid)
                    break
        self.table.sound("click")
        self.table.request_redraw()

    def answer_command(self) -> dict[str, Any]:
        cmd: dict[str, Any] = {"type": "answer", "seat": self.viewer}
        for key in TASKS:
            cmd[key] = list(self.b.answer.get(key, []))
        return cmd

    def send_answer(self) -> None:
        if self.answering() and self.table.submit(self.answer_command()):
            self.b.answer = {}

    def answer_ready(self) -> bool:
        return self.answering() and self.table.check(self.answer_command()) is None

    def answer_help(self) -> str:
        """What the attack asks of the seat on screen, and who played it."""
        by = (self.view.get("responding") or {}).get("by")
        what = names_list([t("paperback.ui.answer.task", n=need, what=f"@paperback.answer.{key}")
                           for key, need in answer_tasks(self.view)])
        return t("paperback.ui.answer.help", player=player_name(self.table.players, by) if isinstance(by, int)
                 else t("paperback.ev.someone"), what=what)

    # ---- the table's hooks ------------------------------------------------------------------------
    def refresh(self) -> None:
        """The picks keep only cards still in the hand, and only while the attack is answered."""
        b = self.b
        if not self.answering():
            b.answer = {}
        else:
            hand = set(self.view.get("hand") or [])
            b.answer = {k: [c for c in ids if c in hand] for k, ids in b.answer.items()}

    def hits(self) -> list[tuple[str, str, pygame.Rect]]:
        if self.viewer is None or not self.answering():
            return []
        return [("hand", cid, r) for cid, r in self.table.places.hand]

    def hand_toggles(self) -> list[Button]:
        """Each hand card's task, picked in place (a click on the card or on its button)."""
        if self.viewer is None or not self.answering():
            return []
        fr, out = self.table.fr, []
        for cid, r in self.table.places.hand:
            task = self.answer_of(cid)
            out.append(Button(f"answer_{cid}", lambda c=cid: self.toggle_answer(c),
                              t(f"paperback.ui.answer.{task or 'pick'}"),
                              rect=pygame.Rect(r.x, r.y - fr.px(34), r.w, fr.px(30)), size=18,
                              selected=task is not None))
        return out

    def click(self, kind: str, key: str) -> bool:
        if kind != "hand" or not self.answering():
            return False
        self.toggle_answer(key)
        return True

    def rows(self) -> Rows | None:
        if not (self.table.phase == "respond" and self.answering()):
            return None
        return ([Button("answer", self.send_answer, t("paperback.ui.answer"), keys=ENTER, primary=True,
                        enabled=self.answer_ready())],
                [Button("clear", lambda: self.b.answer.clear(), t("paperback.ui.clear"),
                        keys=(pygame.K_DELETE,), enabled=any(self.b.answer.values()))])

    def info(self) -> Line | None:
        return (self.answer_help(), style.ACCENT) if self.viewer is not None and self.answering() else None
