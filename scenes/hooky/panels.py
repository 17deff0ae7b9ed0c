"""The Hooky table's drawing (a mixin of HookyScene): the top bar, the worksheet side
and the side panel (cards, the action's prompt and hints, the log). Read-only: the
buttons, the card hit targets and the grid's layout are made by HookyScene.controls."""
from __future__ import annotations

import pygame

from engine.core.errors import RuleError
from engine.hooky.knowledge import count_answer
from scenes.common.logpanel import draw_recent
from scenes.hooky.tableview import round_text
from scenes.hooky.widgets import PANEL, cards_row, draw_card
from scenes.hooky.worksheet import draw_questions, place_label
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import lang, t

WORD_LEN = 5


class Panels:
    """What HookyScene draws; it reads the scene's state, never changes it."""

    view: dict
    log_lines: list[str]

    def _draw_top(self, surface: pygame.Surface, fr: Frame) -> None:
        v = self.view
        bar = fr.r(0, 0, 1280, 64)
        pygame.draw.rect(surface, PANEL, (0, bar.y, surface.get_width(), bar.h))
        rbox = fr.r(12, 6, 150, 52)
        pygame.draw.rect(surface, style.BG_3, rbox, border_radius=fr.px(10))
        text_in(surface, round_text(v), rbox.inflate(-fr.px(12), -fr.px(6)), fr.fs(36), style.ACCENT, bold=True,
                min_size=fr.min_fs)
        text, colour = self.status()
        text_in(surface, text, fr.r(176, 4, (680 if "undo" in self.bar else 806) - 176, 56), fr.fs(30), colour, bold=True,
                align="left", min_size=fr.min_fs, ellipsis=True)
        if "assistant" not in self.bar:   # nothing to choose (pen and paper, the table's view): a label
            text_in(surface, t(f"hooky.ui.assistant.{self.level}"), fr.r(816, 8, 304, 48), fr.fs(20),
                    style.INK_DIM, min_size=fr.min_fs, ellipsis=True)


    def _thinking(self) -> bool:
        return (self.viewer is not None and self.level in ("certain", "prob")
                and self.assistant.thinking(self.viewer, self.view))


    # ---- the worksheet side -----------------------------------------------------------------
    def _draw_worksheet(self, surface: pygame.Surface, fr: Frame) -> None:
        seat = self.viewer
        assert seat is not None
        v = self.view
        area = self.grid.rect                  # laid out by HookyScene.controls
        d = self.deduction()
        self.grid.draw(surface, fr, view=v, seat=seat, players=self.players, marks=self.marks.of(seat),
                       assist=self.assist_cells(), heat=d if self.level == "prob" else None,
                       cursor=self.ui.cursor, focused=self.ui.focus == "grid",
                       picked=set(self.ui.picks) if v["phase"] == "guess" else set())
        y = area.y + self.grid.height + fr.px(6)
        info = pygame.Rect(area.x, y, area.w, fr.px(30))
        self._draw_cell_info(surface, fr, info)
        top = info.bottom + fr.px(6)
        qrect = pygame.Rect(area.x, top, area.w, fr.r(0, 708, 0, 0).y - top)
        if self.level == "off":
            self._draw_paper(surface, fr, qrect)
        else:
            cur = self.cell_under_cursor()
            draw_questions(surface, qrect, fr, view=v, seat=seat, players=self.players,
                           letter=cur[1] if cur and self.ui.focus == "grid" else None)

    def _draw_cell_info(self, surface: pygame.Surface, fr: Frame, box: pygame.Rect) -> None:
        cell = self.cell_under_cursor()
        left = pygame.Rect(box.x, box.y, box.w * 45 // 100, box.h)
        right = pygame.Rect(left.right + fr.px(8), box.y, box.right - left.right - fr.px(8), box.h)
        if cell is not None:
            loc, letter = cell
            parts = [t("hooky.ws.cell", letter=letter.upper(), place=place_label(loc, self.players))]
            a = self.assist_cells().get(cell)
            d = self.deduction()
            if a is not None:
                parts.append(t(f"hooky.ws.fact.{a}"))
            elif d is not None and self.level == "prob" and d.consistent:
                parts.append(t("hooky.ws.percent", p=round(100 * d.p(letter, loc))))
            text_in(surface, " · ".join(parts), left, fr.fs(20), style.INK, align="left", min_size=fr.min_fs,
                    ellipsis=True)
        busy = self._thinking()
        text_in(surface, t("hooky.ui.assistant_busy") if busy else t("hooky.ws.keys"), right, fr.fs(19),
                style.ACCENT if busy else style.INK_DIM, align="right", min_size=fr.min_fs, ellipsis=True)

    def _draw_paper(self, surface: pygame.Surface, fr: Frame, rect: pygame.Rect) -> None:
        """Pen and paper: no list; the last answer heard, once."""
        pygame.draw.rect(surface, PANEL, rect, border_radius=fr.px(10))
        pad = fr.px(14)
        text_in(surface, t("hooky.ws.paper"), pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, fr.px(64)),
                fr.fs(22), style.INK_DIM, align="left", valign="top", wrap_lines=True, min_size=fr.min_fs,
                max_lines=2, ellipsis=True)
        asks = self.view.get("asks") or []
        clues = self.view.get("clues") or []
        last = None
        if asks:
            a = asks[-1]
            last = t("hooky.log.asked", player=self.name(a["asker"]), target=self.name(a["seat"]),
                     word=a["word"].upper(), answer=a["answer"])
        elif clues:
            c = clues[-1]
            last = t("hooky.log.clue_given", player=self.name(c["seat"]), word=c["word"].upper(), answer=c["answer"])
        if last:
            text_in(surface, last, pygame.Rect(rect.x + pad, rect.y + fr.px(90), rect.w - 2 * pad, rect.h - fr.px(110)),
                    fr.fs(34), style.INK, bold=True, wrap_lines=True, min_size=fr.min_fs, max_lines=3, ellipsis=True)


    # ---- the side panel: cards, the action, the log ---------------------------------------------
    def _draw_side(self, surface: pygame.Surface, fr: Frame) -> None:
        v = self.view
        seat = self.viewer
        assert seat is not None
        colour = style.seat_colour(seat)
        hand_box = fr.r(878, 70, 390, 118)
        pygame.draw.rect(surface, PANEL, hand_box, border_radius=fr.px(10))
        pygame.draw.rect(surface, colour, hand_box, max(2, fr.px(3)), border_radius=fr.px(10))
        text_in(surface, t("hooky.ui.your_cards", name=self.name(seat)), fr.r(890, 72, 366, 30), fr.fs(20), colour,
                bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        revealed = set(v["revealed"][seat])
        for letter, r in self.card_hits:
            pick = self.ui.reveal_mode and letter == self.ui.reveal_letter
            draw_card(surface, r, letter, fr, revealed=letter in revealed, selected=pick,
                      dim=self.ui.reveal_mode and letter in revealed)
        peeks = v.get("peeks") or []
        if peeks:
            text = t("hooky.ui.peeks", list=t("ui.list_sep").join(
                t("hooky.ui.peek_item", letter=p["letter"].upper(), name=self.name(p["target"])) for p in peeks))
            text_in(surface, text, fr.r(880, 190, 386, 26), fr.fs(19), style.INK_DIM, align="left",
                    min_size=fr.min_fs, ellipsis=True)
        box = fr.r(878, 220, 390, 340)
        pygame.draw.rect(surface, PANEL, box, border_radius=fr.px(10))
        self._draw_action(surface, fr)
        self._draw_propose_why(surface, fr)
        draw_recent(surface, fr.r(878, 566, 390, 142), self.log_lines, fr.fs(19), fr.px(8), fr.px(10), self.log_view)

    def _draw_propose_why(self, surface: pygame.Surface, fr: Frame) -> None:
        """Under the buttons, what Propose is for (while it is greyed) or what it will do."""
        if "propose" not in self.bar:
            return
        b = self.bar["propose"]
        text = (t("hooky.ui.propose_ready", word=self.ui.word.upper()) if b.enabled else t("hooky.ui.propose_about"))
        text_in(surface, text, fr.r(890, 511, 366, 48), fr.fs(18), style.INK if b.enabled else style.INK_DIM,
                align="left", wrap_lines=True, max_lines=2, min_size=fr.min_fs, ellipsis=True)

    def _prompt(self, surface: pygame.Surface, fr: Frame, text: str, y: int = 226, h: int = 56) -> None:
        text_in(surface, text, fr.r(890, y, 366, h), fr.fs(22), style.INK, bold=True, align="left", valign="top",
                wrap_lines=True, max_lines=2, min_size=fr.min_fs, ellipsis=True)

    def _hint(self, surface: pygame.Surface, fr: Frame, text: str, colour: tuple[int, int, int],
              y: int = 400, h: int = 52) -> None:
        if text:
            text_in(surface, text, fr.r(890, y, 366, h), fr.fs(20), colour, align="left", valign="top",
                    wrap_lines=True, max_lines=2, min_size=fr.min_fs, ellipsis=True)

    def _message_or(self, text: str, colour: tuple[int, int, int]) -> tuple[str, tuple[int, int, int]]:
        if self.message is not None:
            kind = self.message[1]
            return self.message[0], (style.BAD if kind == "error" else style.GOOD if kind == "good" else style.INK_DIM)
        return text, colour


    def _word_field(self, surface: pygame.Surface, fr: Frame, y: int) -> None:
        slots = cards_row(fr.r(890, y, 366, 60), WORD_LEN, fr.px(54), fr.px(8), 1.1)
        for i, r in enumerate(slots):
            if i < len(self.ui.word):
                draw_card(surface, r, self.ui.word[i], fr)
            else:
                pygame.draw.rect(surface, style.BG, r, border_radius=max(3, r.w // 7))
                edge = style.ACCENT if (i == len(self.ui.word) and self.ui.focus == "entry") else style.BG_3
                pygame.draw.rect(surface, edge, r, max(2, fr.px(3)), border_radius=max(3, r.w // 7))


    def _draw_action(self, surface: pygame.Surface, fr: Frame) -> None:
        v = self.view
        ph = v["phase"]
        seat = self.viewer
        assert seat is not None
        if not self.acting:
            text, colour = self.status()
            self._prompt(surface, fr, text or t("hooky.ui.waiting"), h=60)
            msg = self.message
            if msg:
                self._hint(surface, fr, msg[0], style.GOOD if msg[1] == "good" else style.INK_DIM, y=300, h=60)
            if self.level != "off":          # pen and paper shows it on the worksheet side
                self._draw_last_answer(surface, fr)
            return
        if ph == "clue":
            self._prompt(surface, fr, t("hooky.ui.prompt.clue"))
            self._word_field(surface, fr, 300)
            problem = self.problem
            if problem is None:
                n = count_answer(self.ui.word, v.get("hand") or [])
                hint = (t("hooky.ui.clue_count", word=self.ui.word.upper(), n=n), style.GOOD if n else style.BAD)
                if n == 0:
                    hint = (RuleError("err.hooky.clue_no_own_letter", word=self.ui.word.upper()).message(lang()), style.BAD)
            else:
                hint = (problem[0], style.BAD if len(self.ui.word) == WORD_LEN else style.INK_DIM)
            self._hint(surface, fr, *self._message_or(*hint), y=382)
        elif ph == "turn" and self.ui.reveal_mode:
            self._prompt(surface, fr, t("hooky.ui.prompt.reveal"))
            pick = self.ui.reveal_letter.upper() if self.ui.reveal_letter else "?"
            who = self.name(self.ui.target) if self.ui.target is not None else "?"
            self._hint(surface, fr, *self._message_or(t("hooky.ui.reveal_plan", letter=pick, name=who), style.INK),
                       y=350, h=90)
        elif ph == "turn":
            self._prompt(surface, fr, t("hooky.ui.prompt.ask"), h=30)
            self._word_field(surface, fr, 314)
            problem = self.problem
            if problem is None and self.ui.target is None:
                hint = (t("hooky.ui.choose_target"), style.INK_DIM)
            elif problem is None:
                hint = (t("hooky.ui.ready_ask", name=self.name(self.ui.target), word=self.ui.word.upper()), style.GOOD)
            else:
                hint = (problem[0], style.BAD if len(self.ui.word) == WORD_LEN else style.INK_DIM)
            self._hint(surface, fr, *self._message_or(*hint), y=382, h=68)
        elif ph == "vote":
            p = v.get("pending") or {}
            self._prompt(surface, fr, t("hooky.ui.prompt.vote", name=self.name(int(p.get("seat", 0))),
                                        word=str(p.get("word", "")).upper()), h=90)
            self._hint(surface, fr, *self._message_or(t("hooky.ui.vote_hint"), style.INK_DIM), y=330, h=90)
        elif ph == "guess":
            self._prompt(surface, fr, t("hooky.ui.prompt.guess", round=v["round"]))
            slots = cards_row(fr.r(890, 296, 366, 70), 3, fr.px(60), fr.px(14), 1.15)
            for i, r in enumerate(slots):
                if i < len(self.ui.picks):
                    draw_card(surface, r, self.ui.picks[i], fr, border=style.ACCENT)
                else:
                    pygame.draw.rect(surface, style.BG, r, border_radius=r.w // 7)
                    pygame.draw.rect(surface, style.BG_3, r, max(2, fr.px(3)), border_radius=r.w // 7)
            self._hint(surface, fr, *self._message_or(t("hooky.ui.guess_hint"), style.INK_DIM), y=382, h=68)
        elif ph == "hands":
            self._prompt(surface, fr, t("hooky.ui.prompt.hands"))
            named = self.named_hands()
            rows = [s for s in named]
            row_h = min(34, 150 // max(1, len(rows)))
            too_many = False
            for i, s in enumerate(rows):
                letters = named[s]
                size = int(v["hand_sizes"][s])
                too_many |= len(letters) > size
                y = 290 + i * row_h
                text_in(surface, self.name(s), fr.r(890, y, 130, row_h), fr.fs(20), style.seat_colour(s), bold=True,
                        align="left", min_size=fr.min_fs, ellipsis=True)
                shown = " ".join(c.upper() for c in letters) or "—"
                text_in(surface, f"{len(letters)}/{size}  {shown}", fr.r(1026, y, 230, row_h), fr.fs(20),
                        style.BAD if len(letters) > size else style.INK, bold=True, align="left",
                        min_size=fr.min_fs, ellipsis=True)
            hint = t("hooky.ui.hands_too_many") if too_many else t("hooky.ui.hands_hint")
            self._hint(surface, fr, *self._message_or(hint, style.BAD if too_many else style.INK_DIM), y=444 - 44,
                       h=50)


    def _draw_last_answer(self, surface: pygame.Surface, fr: Frame) -> None:
        asks = self.view.get("asks") or []
        if not asks:
            return
        a = asks[-1]
        text = t("hooky.log.asked", player=self.name(a["asker"]), target=self.name(a["seat"]),
                 word=a["word"].upper(), answer=a["answer"])
        text_in(surface, text, fr.r(890, 380, 366, 130), fr.fs(28), style.INK, bold=True, wrap_lines=True,
                max_lines=3, min_size=fr.min_fs, ellipsis=True)

