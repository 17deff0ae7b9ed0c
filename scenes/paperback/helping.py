"""The help bounty at the table (option `bounty`): the player to spell may ask for help
(F3): the hand is shown to everyone and each other player, one at a time under the
hand-off curtain, types a word for it (checked by the session's dry run: a refusal says
why and keeps the text) or says "No suggestion"; bots suggest by themselves. Back with the
asker, the suggestions (who suggested what) sit in the info strip: a click (or its digit
key) lays the word from the hand with the finder's best arrangement. The cube a used
suggestion earns shows in the cubes line under the players (panels.module_lines).

The table's panel for the option (optionpanel.py). What a seat has typed is kept per seat
(`typed`), so nothing one person typed is shown to another."""
from __future__ import annotations

from typing import Any

import pygame

from engine.paperback.finder import Found
from scenes.paperback.cards import cards_of, draw_card
from scenes.paperback.cents import draw_cents
from scenes.paperback.layout import HAND_CARD, place_row
from scenes.paperback.optionpanel import Line, OptionPanel, Rows, Table
from scenes.paperback.word import lay_found, trim_choices
from scenes.ui import style
from scenes.ui.buttons import Button, key_name
from scenes.ui.draw import panel, text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import lang, t
from scenes.ui.text import width

ASK_KEY = pygame.K_F3
NONE_KEY = pygame.K_F4
PICK_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)     # the suggestions, in seat order
MAX_TYPED = 20


def shown_view(view: dict) -> dict:
    """The view as the hand shown for help sees it (the asker's hand; the box stays the game's)."""
    return {**view, "hand": list(view["bounty"]["hand"]), "effects": None, "power": None}


def hand_shown(view: dict) -> bool:
    """The turn's hand shown for help is still the one to suggest or spell from."""
    return bool(view.get("bounty")) and view.get("phase") in ("bounty", "spell")


def draw_shown_hand(surface: pygame.Surface, fr: Frame, area: pygame.Rect, view: dict, label: str,
                    colour: tuple[int, int, int]) -> None:
    """The hand shown for help (public) in the hand's place, under a line saying whose."""
    text_in(surface, label, pygame.Rect(area.x + fr.px(8), area.y, area.w - fr.px(16), fr.px(22)), fr.fs(18), colour,
            align="left", min_size=fr.min_fs, ellipsis=True)
    cards = cards_of(view)
    hand = view["bounty"]["hand"]
    for cid, r in zip(hand, place_row(fr, area, len(hand), HAND_CARD, arc=1.0)):
        draw_card(surface, r, cards[cid], fr)


class Helps(OptionPanel):
    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.typed: dict[int, str] = {}           # each seat's suggestion as typed
        self.preview: Found | None = None         # the typed suggestion laid from the hand shown (controls, not draw)

    # ---- state -------------------------------------------------------------------------------
    def bounty_on(self) -> bool:
        return "bounty" in self.view

    def may_ask(self) -> bool:
        """The player to spell may ask (once a turn: the view's bounty is the turn's)."""
        return self.table.spelling() and self.bounty_on() and self.view["bounty"] is None

    def suggesting(self) -> bool:
        return self.table.acting and self.table.phase == "bounty" and bool(self.view.get("bounty"))

    def asker(self) -> int | None:
        b = self.view.get("bounty")
        return int(b["seat"]) if b else None

    @property
    def my_text(self) -> str:
        return self.typed.get(self.viewer, "") if self.viewer is not None else ""

    def suggestions(self) -> list[tuple[int, str | None]]:
        """(seat, word or None) of everyone who answered, in seat order after the asker."""
        b = self.view.get("bounty")
        if not b:
            return []
        n = int(self.view["seats"])
        out = []
        for k in range(1, n):
            seat = (b["seat"] + k) % n
            if str(seat) in b["suggestions"]:
                out.append((seat, b["suggestions"][str(seat)]))
        return out

    def showing_suggestions(self) -> bool:
        return (self.table.spelling() and self.asker() == self.viewer and bool(self.suggestions())
                and not self.b.hints)

    # ---- actions -----------------------------------------------------------------------------
    def ask_help(self) -> None:
        if self.may_ask():
            self.table.submit({"type": "ask_help", "seat": self.viewer})

    def suggest_key(self, ev: pygame.event.Event) -> bool:
        """Typing the suggestion: letters, Backspace, Delete (Enter is the Suggest button)."""
        if getattr(ev, "mod", 0) & pygame.KMOD_CTRL:
            return False
        ch = (getattr(ev, "unicode", "") or "").lower()
        if not ch and pygame.K_a <= ev.key <= pygame.K_z:
            ch = chr(ev.key)
        text = self.my_text
        if len(ch) == 1 and "a" <= ch <= "z":
            text = (text + ch)[:MAX_TYPED]
        elif ev.key == pygame.K_BACKSPACE:
            text = text[:-1]
        elif ev.key == pygame.K_DELETE:
            text = ""
        else:
            return False
        self.typed[self.viewer] = text
        self.table.message = None
        self.table.request_redraw()
        return True

    def suggestion_command(self, word: str | None) -> dict[str, Any]:
        return {"type": "suggest", "seat": self.viewer, "word": word}

    def send_suggestion(self, word: str | None) -> None:
        """Suggest the typed word (None: no suggestion); a refusal keeps the text."""
        if self.suggesting() and self.table.submit(self.suggestion_command(word)):
            self.typed.pop(self.viewer, None)

    def suggestion_refusal(self) -> str | None:
        """The rules' reason the typed word would be refused (None: it would be taken)."""
        text = self.my_text
        if not text:
            return None
        refusal = self.table.check(self.suggestion_command(text))
        return refusal.message(lang()) if refusal is not None else None

    def lay_suggestion(self, word: str) -> None:
        """Lay a suggested word from the hand (the finder's best arrangement)."""
        table = self.table
        if not table.spelling():
            return
        found = table.laid_as(self.view, word)
        if found is None:
            table.message = (t("paperback.ui.suggestion_cannot", word=word.upper()), "error")
            table.sound("error")
            return
        b = self.b
        b.clear()
        b.slots = lay_found(found)
        trim_choices(self.view, b)
        table.message = None
        table.sound("click")
        table.request_redraw()

    # ---- controls ----------------------------------------------------------------------------
    def word_toggles(self) -> list[Button]:
        """Ask for help (once a turn), before a card is laid."""
        if self.b.slots or not self.may_ask():
            return []
        return [self.ask_button(self.table.fr, self.table.places.score)]

    def ask_button(self, fr: Frame, score: pygame.Rect) -> Button:
        """Ask for help, at the foot of the empty ¢ panel (its explanation above it)."""
        r = pygame.Rect(score.x + fr.px(12), score.bottom - fr.px(50), score.w - fr.px(24), fr.px(40))
        return Button("ask_help", self.ask_help, t("paperback.ui.ask_help"), keys=(ASK_KEY,), rect=r, size=21)

    def rows(self) -> Rows | None:
        """The bounty phase's rows for a suggester: Suggest / No suggestion, and Clear."""
        if not (self.table.phase == "bounty" and self.suggesting()):
            return None
        text = self.my_text
        top = [Button("suggest", lambda: self.send_suggestion(self.my_text), t("paperback.ui.suggest"),
                      keys=(pygame.K_RETURN, pygame.K_KP_ENTER), primary=True, enabled=bool(text)),
               Button("no_suggestion", lambda: self.send_suggestion(None), t("paperback.ui.no_suggestion"),
                      keys=(NONE_KEY,))]
        bottom = [Button("clear_suggestion", lambda: self.typed.pop(self.viewer, None), t("paperback.ui.clear"),
                         keys=(pygame.K_DELETE,), enabled=bool(text))]
        return top, bottom

    def info_toggles(self, info: pygame.Rect) -> tuple[list[Button], pygame.Rect]:
        """The asker's suggestions as buttons at the right of the info strip, and the rect
        left for the info line."""
        if not self.showing_suggestions():
            return [], info
        fr, name = self.table.fr, self.table.name
        got = self.suggestions()
        labels = [t("paperback.ui.suggestion", player=name(seat), word=word.upper()) if word
                  else t("paperback.ui.suggestion_none", player=name(seat)) for seat, word in got]
        # each button as wide as its label and its key before it, read at the readable size
        # (padding and gaps: 32 design px), the row at most 60% of the strip
        hints = [key_name(PICK_KEYS[i]) if word and i < len(PICK_KEYS) else "" for i, (_, word) in enumerate(got)]
        wants = [width(label, fr.min_fs, True) + width(hint, fr.min_fs) + fr.px(32) for label, hint in zip(labels, hints)]
        gap = fr.px(6)
        w = min(sum(wants) + gap * len(wants), info.w * 60 // 100)
        x = info.right - w
        spare = (w - sum(wants) - gap * len(wants)) / max(1, len(wants))
        out = []
        for i, ((seat, word), label, want) in enumerate(zip(got, labels, wants)):
            r = pygame.Rect(x, info.y + fr.px(3), max(fr.px(40), round(want + spare)), info.h - fr.px(6))
            x = r.right + gap
            out.append(Button(f"suggestion_{seat}", lambda w=word: self.lay_suggestion(w), label,
                              keys=(PICK_KEYS[i],) if word and i < len(PICK_KEYS) else (), rect=r, size=18,
                              enabled=bool(word), colour=style.seat_colour(seat)))
        return out, pygame.Rect(info.x, info.y, info.w - w - fr.px(4), info.h)

    def prepare(self) -> None:
        """Per frame, outside drawing: the suggester's typed word laid from the hand shown."""
        text = self.my_text
        self.preview = (self.table.laid_as(shown_view(self.view), text)
                        if self.suggesting() and len(text) >= 2 else None)

    def info(self) -> Line | None:
        if not self.suggesting():
            return None
        refusal = self.suggestion_refusal()
        if refusal is not None:
            return refusal, style.BAD
        return t("paperback.ui.suggest_help", player=self.table.name(self.asker() or 0)), style.ACCENT

    def quiet_info(self) -> Line | None:
        if self.viewer is not None and self.showing_suggestions():
            return t("paperback.ui.suggestions_help"), style.INK_DIM
        return None

    def key(self, ev: pygame.event.Event) -> bool | None:
        """The bounty: letters type the suggestion."""
        return self.suggest_key(ev) if self.suggesting() else None

    # ---- drawing (read-only) -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """What asking for help does, between the empty ¢ panel's title and its button."""
        bar, fr = self.table.bar, self.table.fr
        if "ask_help" not in bar:
            return
        score, btn = self.table.places.score, bar["ask_help"].rect
        box = pygame.Rect(score.x + fr.px(12), score.y + fr.px(42), score.w - fr.px(24),
                          btn.y - score.y - fr.px(46))
        text_in(surface, t("paperback.ui.ask_help_about"), box, fr.fs(18), style.INK_DIM, wrap_lines=True,
                align="left", valign="top", min_size=fr.min_fs, ellipsis=True)

    def draw_word_area(self, surface: pygame.Surface) -> bool:
        """The suggester's word row (the typed word, its ¢ for the hand shown) and the hand shown."""
        if not self.suggesting():
            return False
        fr, p, view, name = self.table.fr, self.table.places, self.view, self.table.name
        asker = self.asker() or 0
        panel(surface, p.word, style.BG_2, radius=fr.px(10))
        label = pygame.Rect(p.word.x + fr.px(12), p.word.y + fr.px(4), p.word.w - fr.px(24), fr.px(30))
        text_in(surface, t("paperback.ui.suggest_for", player=name(asker)), label, fr.fs(20),
                style.seat_colour(asker), bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        box = pygame.Rect(p.word.x + fr.px(24), p.word.y + fr.px(48), p.word.w - fr.px(48), fr.px(64))
        pygame.draw.rect(surface, style.BG, box, border_radius=fr.px(8))
        pygame.draw.rect(surface, style.ACCENT, box, max(2, fr.px(3)), border_radius=fr.px(8))
        text = self.my_text
        inner = box.inflate(-fr.px(24), -fr.px(8))
        if text:
            text_in(surface, text.upper() + "|", inner, fr.fs(40), style.INK, bold=True, align="left",
                    min_size=fr.fs(18), ellipsis=True)
        else:
            text_in(surface, t("paperback.ui.type_suggestion"), inner, fr.fs(24), style.INK_DIM, align="left",
                    min_size=fr.min_fs, ellipsis=True)
        shown = shown_view(view)
        found = self.preview
        if found is not None:
            draw_cents(surface, fr, p.score, shown, text.upper(), style.GOOD, found.score.items, found.cents,
                              t("paperback.ui.letters", n=found.score.letters, need=0))
        else:
            panel(surface, p.score, style.BG_2, radius=fr.px(10))
            if len(text) >= 2:
                text_in(surface, t("paperback.ui.suggest_cannot", word=text.upper()), p.score.inflate(-fr.px(20),
                        -fr.px(20)), fr.fs(20), style.INK_DIM, wrap_lines=True, min_size=fr.min_fs, ellipsis=True)
        draw_shown_hand(surface, fr, p.hand_area, view, t("paperback.ui.shown_hand", player=name(asker)),
                        style.seat_colour(asker))
        return True
