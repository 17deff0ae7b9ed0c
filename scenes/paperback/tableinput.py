"""The Paperback table's input (a mixin of the table scene): typed letters lay cards,
Backspace takes the last back, Tab turns a Q or a flip card, Esc drops a half-made choice;
a click lays a card or takes one back, a drag puts a card where it is dropped (or back in
the hand), a right click turns a laid card; the market's clicks pick for the basket or
for trashing. An option panel's own step (the draft, the bounty's typing, the co-op cube,
an attack's answer, Ghost Writer's card) takes its keys and clicks first."""
from __future__ import annotations

import pygame

from engine.paperback.finder import COMMON
from scenes.paperback.layout import insert_index
from scenes.paperback.word import card_of, lay_options

DRAG_PX = 10            # a press that moves further than this is a drag, not a click


class Input:
    """Needs the table's hit targets (`hits`, `places`), its `option_panels` and the building actions."""
    # ---- input ----------------------------------------------------------------------------------
    def hit_at(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        for kind, key, r in reversed(self.hits):
            if r.collidepoint(pos):
                return kind, key
        return None

    def on_key(self, ev: pygame.event.Event) -> bool:
        for part in self.option_panels:                # an option's own step first (co-op: the cube)
            took = part.key(ev)
            if took is not None:
                return took
        ch = (getattr(ev, "unicode", "") or "").lower()
        if not ch and pygame.K_a <= ev.key <= pygame.K_z and not (getattr(ev, "mod", 0) & pygame.KMOD_CTRL):
            ch = chr(ev.key)
        if self.spelling():
            if getattr(ev, "mod", 0) & pygame.KMOD_CTRL:
                return False
            if len(ch) == 1 and "a" <= ch <= "z":
                return self.type_letter(ch)
            if ev.key == pygame.K_SPACE:               # the Space Bar, from the hand or the track
                self.lay_space()
                return True
            if ev.key == pygame.K_BACKSPACE:
                b = self.b
                if b.asking is not None:
                    self.take_back(b.asking)
                elif b.slots:
                    self.take_back(len(b.slots) - 1)
                return True
            if ev.key == pygame.K_TAB:
                last = next((i for i in range(len(self.b.slots) - 1, -1, -1)
                             if (c := card_of(self.view, self.b.slots[i][0])) is not None
                             and len(lay_options(self.view, self.b, c)) > 1), None)
                if last is not None:
                    self.cycle(last)
                return True
        elif self.buying() and ev.key == pygame.K_BACKSPACE:
            if self.b.basket:
                self.b.basket.pop()
            return True
        return False

    def cancel(self) -> bool:
        if any(part.cancel() for part in self.option_panels):
            return True
        if self.viewer is None or self.view.get("ended"):
            return False
        b = self.b
        if self.drag is not None:
            self.drag = None
            return True
        if b.asking is not None:
            self.take_back(b.asking)
            return True
        if b.hints is not None:
            b.hints = None
            return True
        if self.spelling() and (b.slots or b.trash or b.trash_offer):
            self.clear()
            return True
        if self.buying() and b.basket:
            b.basket = []
            return True
        return False

    def on_input(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.pointer = ev.pos
            d = self.drag
            if d is not None:
                d["pos"] = ev.pos
                if abs(ev.pos[0] - d["start"][0]) + abs(ev.pos[1] - d["start"][1]) > self.fr.px(DRAG_PX):
                    d["moved"] = True
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            hit = self.hit_at(ev.pos)
            if hit and hit[0] == "slot":
                self.cycle(int(hit[1]))
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.pointer = ev.pos
            hit = self.hit_at(ev.pos)
            if hit is None:
                return False
            kind, key = hit
            if kind in ("hand", "slot", "common"):
                self.drag = {"kind": kind, "key": key, "start": ev.pos, "pos": ev.pos, "moved": False}
                return True
            self.click(kind, key)
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.drag is not None:
            d, self.drag = self.drag, None
            if not d["moved"]:
                self.click(d["kind"], d["key"])
            else:
                self.drop(d["kind"], d["key"], ev.pos)
            return True
        return False

    def click(self, kind: str, key: str) -> None:
        if any(part.click(kind, key) for part in self.option_panels):
            return
        if kind == "hand":
            self.add(key)
        elif kind == "common":
            self.add(COMMON)
        elif kind == "slot":
            self.take_back(int(key))
        elif kind == "market":
            if self.buying():
                self.pick(key)
            elif self.spelling():
                self.toggle_trash_offer(key)

    def drop(self, kind: str, key: str, pos: tuple[int, int]) -> None:
        p = self.places
        over_word = p.word.collidepoint(pos)
        n = len(self.b.slots)
        if kind in ("hand", "common") and over_word:
            self.add(COMMON if kind == "common" else key, at=insert_index(p.slots, pos[0], n))
        elif kind == "slot":
            i = int(key)
            if over_word:
                self.move_slot(i, insert_index(p.slots, pos[0], n))
            else:
                self.take_back(i)
