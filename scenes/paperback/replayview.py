"""The replay viewer's picture of a Paperback view: the table as everyone sees it (the
players' Fame and counts, the length track, the market, the word on the table), and
every hand once the game is over (the view carries them then); in simultaneous play the
Offer's row and the round's board (the draft, who announced, the buy order)."""
from __future__ import annotations

import pygame

from scenes.common.renderer import Renderer
from scenes.paperback import panels
from scenes.paperback.layout import place_offer, place_spread, place_static
from scenes.paperback.roundboard import draw_board, sim_of
from scenes.ui.geometry import Frame


class ReplayRenderer(Renderer):
    """`draw(surface, rect, view)`. Set `players` (the log header's) to show names."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, view: dict) -> None:
        rect = pygame.Rect(rect)
        k = min(rect.w / 1280, rect.h / 720)
        fr = Frame.of_scale(k)
        fr.ox = rect.x + (rect.w - 1280 * k) / 2
        fr.oy = rect.y + (rect.h - 720 * k) / 2
        players = self.players or [{} for _ in range(int(view["seats"]))]
        if view.get("ended") and view.get("result"):
            panels.draw_final(surface, fr, fr.r(12, 12, 1256, 696), view, players)
            return
        p = place_static(fr, int(view["seats"]))
        panels.place_players(fr, p, view, players)
        place_spread(fr, p, panels.spread_letters(view))
        place_offer(fr, p, list((view.get("simultaneous") or {}).get("offer") or []))
        panels.draw_players(surface, fr, p, view, players)
        panels.draw_track(surface, fr, p, view)
        panels.draw_market(surface, fr, p, view)
        panels.draw_table_word(surface, fr, p, view, players)
        if sim_of(view) is not None:          # simultaneous play: the draft, who announced, the buy order
            draw_board(surface, fr, p.score, view, players)
