"""Drawing the Paperback table (a mixin of the table scene; read-only: every rect and
button comes from `lay_out` and `controls`): the banner, the players, the length track,
the log, the market with the basket's and the trash's marks, the info strip, the word row
with its ¢ panel (the seat's own word, or the word on the table), the hand, and a card
being dragged. Under the curtain it is not drawn at all; at the table's view no hand is."""
from __future__ import annotations

import pygame

from engine.paperback.finder import COMMON
from scenes.common.logpanel import draw_recent
from scenes.common.names import winners_text
from scenes.paperback import panels
from scenes.paperback.cents import draw_cents, foot_plus
from scenes.paperback.cards import cards_of, draw_card, draw_slot
from scenes.paperback.layout import HAND_CARD, word_slots
from scenes.paperback.helping import draw_shown_hand, hand_shown
from scenes.paperback.roundboard import draw_board, sim_of
from scenes.paperback.theming import takes_theme, with_theme
from scenes.paperback.word import Building, card_of, word_text
from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t


class Drawing:
    """Needs the table's view, building, places, bar, judgement and option panels (each may
    draw the word row and hand instead, or draw over the table before its buttons)."""
    # ---- drawing (read-only) ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        fr, v, p = self.fr, self.view, self.places
        style.fill_background(surface)
        text, colour = self.status()
        text_in(surface, text, p.top if self.viewer is not None else fr.r(12, 6, 970, 52), fr.fs(28), colour,
                bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        if v.get("ended"):
            panels.draw_final(surface, fr, fr.r(12, 64, 1256, 572), v, self.players)
            result = v.get("result") or {}
            said = (t(result["tiebreak"]) if v.get("coop") and result.get("tiebreak")      # co-op: the table's end
                    else winners_text(self.players, result.get("winners") or []))
            if result.get("reason") in ("fame", "commons"):                           # and why it ended
                said = t("paperback.ev.join", a=t(f"paperback.end.{result['reason']}"), b=said)
            text_in(surface, said, fr.r(20, 646, 800, 62), fr.fs(30), style.ACCENT, bold=True, align="left",
                    wrap_lines=True, max_lines=2, min_size=fr.min_fs, ellipsis=True)
            self.bar.draw(surface, fr)
            return
        panels.draw_players(surface, fr, p, v, self.players)
        b = self.b if self.viewer is not None else None
        spelling = self.spelling()
        panels.draw_track(surface, fr, p, v, usable=spelling and b is not None and COMMON not in b.used(),
                          in_word=b is not None and COMMON in b.used())
        draw_recent(surface, p.log, self.log_lines, fr.fs(18), fr.px(8), fr.px(8), self.log_view)
        marks, dim = self.market_marks
        panels.draw_market(surface, fr, p, v, marks, self.hot_market, dim, **self.market_shown())
        panels.draw_ends(surface, fr, p, v)
        info, info_colour = self.info_line
        if not (b is not None and b.hints and spelling):
            panel(surface, p.info, style.BG_2, radius=fr.px(8))
            text_in(surface, info, self.info_box.inflate(-fr.px(16), -fr.px(6)), fr.fs(20), info_colour,
                    wrap_lines=True, max_lines=2, align="left", min_size=fr.min_fs, ellipsis=True)
        if not any(part.draw_word_area(surface) for part in self.option_panels):   # (the bounty: a suggestion typed)
            self._draw_word(surface, fr, v, b)
            self._draw_hand(surface, fr, v, b)
        for part in self.option_panels:
            part.draw(surface)
        self.bar.draw(surface, fr)
        self._draw_drag(surface, fr, v)

    def _draw_word(self, surface: pygame.Surface, fr: Frame, v: dict, b: Building | None) -> None:
        p = self.places
        panel(surface, p.word, style.BG_2, radius=fr.px(10))
        label = pygame.Rect(p.word.x + fr.px(12), p.word.y + fr.px(4), p.word.w - fr.px(24), fr.px(30))
        if b is not None and self.spelling():
            laid = list(b.slots)
            if not any(btn.name.startswith("lay_") for btn in self.toggles):
                text_in(surface, t("paperback.ui.your_word"), label, fr.fs(20), style.INK_DIM, align="left",
                        min_size=fr.min_fs, ellipsis=True)
            panels.draw_laid(surface, fr, p.slots, v, laid, b.asking)
            if len(p.slots) > len(laid):
                draw_slot(surface, p.slots[len(laid)], fr, t("paperback.ui.next_card"))
            score_now, refusal = self.judgement()
            word = word_text(b).upper()
            if not laid:
                title, colour = t("paperback.ui.no_word"), style.INK_DIM
            elif refusal is None and score_now is not None:
                title, colour = t("paperback.ui.word_ok", word=word), style.GOOD
            elif refusal is not None:
                title, colour = t("paperback.ui.word_no", word=word), style.BAD
            else:
                title, colour = t("paperback.ui.word_waits", word=word), style.ACCENT
            foot = ""
            if score_now is not None:
                need = v.get("need")
                foot = t("paperback.ui.letters_claim" if need is not None and score_now.letters >= need
                         else "paperback.ui.letters", n=score_now.letters, need=need or 0)
                if score_now.draws:
                    foot = t("paperback.ui.with_draws", text=foot, n=score_now.draws)
                if refusal is None and takes_theme(v, word_text(b)):
                    foot = with_theme(foot)
            draw_cents(surface, fr, p.score, v, title, colour, score_now.items if score_now else [],
                              score_now.cents if score_now else None, foot)
            return
        # someone's word on the table: the one being bought with, or the last one spelled
        shown = self.on_table or self.shown
        ballot = self.ballot()
        if self.together is not None and sim_of(v) is not None:     # simultaneous play: the round's board beside it
            self._draw_sim_word(surface, fr, v, shown, ballot, self.together.waiting_text())
            return
        if ballot is not None:
            text_in(surface, ballot.question, p.word.inflate(-fr.px(24), -fr.px(24)), fr.fs(30), style.ACCENT,
                    bold=True, wrap_lines=True, min_size=fr.min_fs, ellipsis=True)
            panel(surface, p.score, style.BG_2, radius=fr.px(10))
            return
        if shown is None or not shown.get("word"):
            text = (t("paperback.ui.passed", player=self.name(int(shown["seat"]))) if shown and shown.get("passed")
                    else t("paperback.ui.no_word_yet"))
            text_in(surface, text, p.word.inflate(-fr.px(24), -fr.px(24)), fr.fs(22), style.INK_DIM, wrap_lines=True,
                    min_size=fr.min_fs, ellipsis=True)
            panel(surface, p.score, style.BG_2, radius=fr.px(10))
            return
        seat = int(shown["seat"])
        text_in(surface, t("paperback.ui.spelled_by", player=self.name(seat)), label, fr.fs(20),
                style.seat_colour(seat), bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        cards = list(zip(shown["cards"], shown["texts"]))
        rects = word_slots(fr, p, len(cards))[:len(cards)]
        panels.draw_laid(surface, fr, rects, v, cards)
        foot = (t("paperback.ui.claimed", letter=cards_of(v)[shown["claimed"]].letters.upper())
                if shown.get("claimed") else "")
        if shown.get("theme") or takes_theme(v, str(shown["word"])):    # listed, or agreed since
            foot = with_theme(foot)
        if isinstance(shown.get("bounty"), int):        # a suggested word: its giver's cube
            foot = foot_plus(foot, "paperback.ui.bounty_cube", player=self.name(shown["bounty"]))
        draw_cents(surface, fr, p.score, v, str(shown["word"]).upper(), style.seat_colour(seat),
                          shown["items"], int(shown["cents"]), foot)

    def _draw_sim_word(self, surface: pygame.Surface, fr: Frame, v: dict, shown: dict | None, ballot,
                       waiting: str | None) -> None:
        """Simultaneous play, nothing to build: the vote, the word being bought with (after
        the reveal), or what this seat waits for; the round's board in the ¢ panel's place."""
        p = self.places
        if ballot is not None:
            text_in(surface, ballot.question, p.word.inflate(-fr.px(24), -fr.px(24)), fr.fs(30), style.ACCENT,
                    bold=True, wrap_lines=True, min_size=fr.min_fs, ellipsis=True)
        elif waiting is not None or shown is None or not shown.get("word"):
            text = waiting or (t("paperback.ui.passed", player=self.name(int(shown["seat"])))
                               if shown and shown.get("passed") else t("paperback.ui.no_word_yet"))
            text_in(surface, text, p.word.inflate(-fr.px(24), -fr.px(24)), fr.fs(22), style.INK_DIM,
                    wrap_lines=True, min_size=fr.min_fs, ellipsis=True)
        else:
            seat = int(shown["seat"])
            label = pygame.Rect(p.word.x + fr.px(12), p.word.y + fr.px(4), p.word.w - fr.px(24), fr.px(30))
            text_in(surface, t("paperback.ui.sim.spelled_by", player=self.name(seat), word=str(shown["word"]).upper(),
                               cents=shown["cents"]), label, fr.fs(20), style.seat_colour(seat), bold=True,
                    align="left", min_size=fr.min_fs, ellipsis=True)
            cards = list(zip(shown["cards"], shown["texts"]))
            panels.draw_laid(surface, fr, word_slots(fr, p, len(cards))[:len(cards)], v, cards)
        draw_board(surface, fr, p.score, v, self.players)

    def _draw_hand(self, surface: pygame.Surface, fr: Frame, v: dict, b: Building | None) -> None:
        p = self.places
        if sim_of(v) is not None and v.get("phase") == "draft":     # hands are dealt after the draft
            panels.draw_hand_backs(surface, fr, p.hand_area, t("paperback.ui.sim.no_hands_yet",
                                                               n=v["simultaneous"]["hand_size"]))
            return
        if self.viewer is None and hand_shown(v):    # the hand shown for help is everyone's
            asker = int(v["bounty"]["seat"])
            draw_shown_hand(surface, fr, p.hand_area, v, t("paperback.ui.shown_hand", player=self.name(asker)),
                            style.seat_colour(asker))
            return
        if self.viewer is None:
            panels.draw_hand_backs(surface, fr, p.hand_area, t("paperback.ui.hands_hidden"))
            return
        cards = cards_of(v)
        dragging = self.drag["key"] if self.drag and self.drag["moved"] and self.drag["kind"] == "hand" else None
        for cid, r in p.hand:
            if cid == dragging:
                continue
            card = cards[cid]
            mark = "trash" if b is not None and cid in b.trash else None
            hot = self.pointer is not None and r.collidepoint(self.pointer) and self.spelling()
            draw_card(surface, r.move(0, -fr.px(8)) if hot else r, card, fr, mark=mark,
                      dim=not (self.spelling() or self.buying()))
        counts = t("paperback.ui.my_counts", deck=v["deck_counts"][self.viewer], discard=len(v["discards"][self.viewer]),
                   trash=v["trashed"][self.viewer])
        text_in(surface, counts, fr.r(660, 16, 330, 32), fr.fs(18), style.INK_DIM, align="right", min_size=fr.min_fs,
                ellipsis=True)

    def _draw_drag(self, surface: pygame.Surface, fr: Frame, v: dict) -> None:
        d = self.drag
        if d is None or not d["moved"]:
            return
        if d["kind"] == "slot":
            i = int(d["key"])
            if i >= len(self.b.slots):
                return
            cid, text = self.b.slots[i]
        else:
            cid, text = (COMMON if d["kind"] == "common" else d["key"]), None
        card = card_of(v, cid)
        if card is None:
            return
        w, h = fr.px(HAND_CARD[0]), fr.px(HAND_CARD[1])
        r = pygame.Rect(0, 0, w, h)
        r.center = d["pos"]
        draw_card(surface, r, card, fr, laid_as=text, lifted=True)
