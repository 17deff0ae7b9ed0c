"""The replay viewer's picture of a Wooolf!! view: the table as that view may see it
(every card face down but the viewer's own; every card and dial at a round's reveal and
once the game is over),
with the round and the early declarations at its centre."""
from __future__ import annotations

import pygame

from engine.wooolf.content import content
from scenes.common.names import winners_text
from scenes.common.renderer import Renderer
from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.wooolf.layout import table_layout
from scenes.wooolf.tableview import draw_table, revealed


class ReplayRenderer(Renderer):
    """`draw(surface, rect, view)`. Set `players` (the log header's) to show names."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, view: dict) -> None:
        rect = pygame.Rect(rect)
        fr = Frame(surface.get_size())
        if not view.get("holders"):
            return
        lay = table_layout(rect.inflate(-fr.px(8), -fr.px(8)), int(view["holders"]), fr.px(8))
        draw_table(surface, lay, fr, view, self.players, revealed(view))
        box = lay.centre
        panel(surface, box, style.BG, radius=fr.px(12), border=style.BG_3)
        inner = box.inflate(-fr.px(16), -fr.px(16))
        if view.get("ended"):
            words = winners_text(self.players, (view.get("result") or {}).get("winners") or [])
        elif not view.get("round"):                 # the replay's first frame: no 'Round 0/3'
            words = t("wooolf.ui.before_deal")
        elif view.get("phase") == "revealed":
            words = t("wooolf.log.round_revealed", round=view.get("round", 0))
        else:
            words = t("wooolf.ui.round_info", round=view.get("round", 0), of=content().rounds,
                      early=len(view.get("early") or []), need=view.get("threshold", 0))
        text_in(surface, words, inner, fr.fs(22), style.INK, bold=True, wrap_lines=True, max_lines=3,
                min_size=fr.min_fs, ellipsis=True)
