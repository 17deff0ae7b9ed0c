"""The table's regions in design units (1280x720, scaled by the kit's Frame): the
banner and the top buttons, the board (words above, hint cards below), the prompt and
the action buttons under it, and the side column (your number and word, the players or
the vote or the reveal, the score track, the log). Shared by the table's hit targets
and its drawing."""
from __future__ import annotations

import pygame

from scenes.ui.geometry import Frame

SIDE_X, SIDE_W = 904, 364
ROW_H = 36


def banner(fr: Frame) -> pygame.Rect:
    return fr.r(16, 8, 800, 50)


def words_button(fr: Frame) -> pygame.Rect:
    return fr.r(832, 8, 140, 52)


def undo_button(fr: Frame) -> pygame.Rect:
    return fr.r(982, 8, 138, 52)


def menu_button(fr: Frame) -> pygame.Rect:
    return fr.r(1130, 8, 138, 52)


def board(fr: Frame) -> pygame.Rect:
    return fr.r(12, 68, 880, 572)


BUTTONS_W = 300


def prompt(fr: Frame) -> pygame.Rect:
    return fr.r(16, 648, 880 - BUTTONS_W - 16, 62)


def button_row(fr: Frame, n: int) -> pygame.Rect:
    return fr.r(892 - BUTTONS_W, 648, BUTTONS_W, 62)


def me(fr: Frame) -> pygame.Rect:
    return fr.r(SIDE_X, 68, SIDE_W, 112)


def seats(fr: Frame) -> pygame.Rect:
    return fr.r(SIDE_X, 188, SIDE_W, 6 * ROW_H + 52)


def seat_rows(fr: Frame, n: int) -> list[pygame.Rect]:
    return [fr.r(SIDE_X + 8, 188 + 44 + i * ROW_H, SIDE_W - 16, ROW_H - 4) for i in range(n)]


REVEAL_ROW_H = 48


def reveal(fr: Frame) -> pygame.Rect:
    """The reveal: the side column's number and players boxes together."""
    return fr.r(SIDE_X, 68, SIDE_W, 188 + 6 * ROW_H + 52 - 68)


def reveal_rows(fr: Frame, n: int) -> list[pygame.Rect]:
    """A row per player (two lines: name over word) under the reveal's title."""
    return [fr.r(SIDE_X + 8, 68 + 40 + i * REVEAL_ROW_H, SIDE_W - 16, REVEAL_ROW_H - 6) for i in range(n)]


def reveal_note(fr: Frame, n: int) -> pygame.Rect:
    """Under the rows of `n` players: what the tags on the words are."""
    top = 68 + 40 + n * REVEAL_ROW_H
    return fr.r(SIDE_X + 12, top, SIDE_W - 24, 188 + 6 * ROW_H + 52 - top - 6)


def vote_rows(fr: Frame, n: int) -> list[pygame.Rect]:
    return seat_rows(fr, n)


def track(fr: Frame) -> pygame.Rect:
    return fr.r(SIDE_X, 464, SIDE_W, 84)


def log(fr: Frame) -> pygame.Rect:
    return fr.r(SIDE_X, 556, SIDE_W, 154)
