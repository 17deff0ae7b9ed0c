"""Game set-up, driven by the game package's SETUP (for a shipped game made from its
GameSpec by scenes/common/setupspec.py: the seats, variants and options are the spec's,
the words the scene's): variant, seat count, each seat human or bot (easy / normal /
hard) with a name, seed (blank = random), house rules.

Many options (beyond SPLIT of them) stand in two columns. An option that refines another
(its "needs") is shown only while that one is on; the pairs the game's spec forbids
(scenes/common/optionwords.py words them): an option that cannot be played beside one
switched on is greyed, its reason in words under the seed; Start stays off while the options as set cannot be played together."""
from __future__ import annotations

from typing import Any

import pygame

from engine.registry import spec_for
from scenes import registry
from scenes.common.optionwords import OptionWords
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.text import line_step, wrap
from scenes.ui.gui import GuiScene
from scenes.ui.ondemand import RedrawOnDemand
from scenes.common.howto import HowToScene

KINDS = (("human", None), ("bot", "easy"), ("bot", "normal"), ("bot", "hard"), ("phone", None))
PHONE = len(KINDS) - 1      # a person on their own phone: offered only with "Play with phones"
MAX_SEATS = 8
SPLIT = 6               # more options than this: two columns of them


def choice_id(c: Any) -> Any:
    return c[0] if isinstance(c, (list, tuple)) else c


class SetupScene(RedrawOnDemand, GuiScene):

    def __init__(self, app: Any, game: str) -> None:
        super().__init__(app)
        self.game = game
        self.spec: dict[str, Any] = registry.plugin(game).SETUP
        variants = self.spec.get("variants") or []
        self.variant: str | None = variants[0][0] if variants else None
        self.seats = int(self.spec.get("default_seats", self.seat_range().start))
        self.seats = min(max(self.seats, self.seat_range().start), self.seat_range().stop - 1)
        self.kinds = [0] + [2] * (MAX_SEATS - 1)       # seat 1 human, the rest normal bots
        self.names = [app.settings.names[i] if i < len(app.settings.names) else "" for i in range(MAX_SEATS)]
        self.seed_text = ""
        self.phones = False                            # "Play with phones" (games with a phone page)
        self.about_seat = 1                            # whose bot level the line below describes
        self.pointer: tuple[int, int] | None = None
        self._first_build = True
        self._seed_y = 120
        self._row_h = 52
        self._left, self._cols = (60, 540), 1
        self.options: dict[str, Any] = {o["key"]: o.get("default") for o in self.spec.get("options", [])}
        words = OptionWords(spec_for(game), self.spec)
        self.parent_of, self.conflict = words.parent, words.conflict
        self.recall()

    def recall(self) -> None:
        """The set-up chosen last time for this game (settings.setups): the variant, the
        number of seats, who is a bot and at what level, and the options, where the game
        still has them."""
        last = (getattr(self.app.settings, "setups", None) or {}).get(self.game) or {}
        ids = [v[0] for v in self.spec.get("variants") or []]
        if last.get("variant") in ids:
            self.variant = last["variant"]
        if isinstance(last.get("seats"), int):
            self.seats = last["seats"]
        rng = self.seat_range()
        self.seats = min(max(self.seats, rng.start), rng.stop - 1)
        for s, p in enumerate((last.get("players") or [])[:MAX_SEATS]):
            kind = "human" if p["kind"] == "phone" else p["kind"]   # phones are switched on afresh
            self.kinds[s] = KINDS.index((kind, p["level"] if kind == "bot" else None))
        for o in self.spec.get("options", []):
            if o["key"] not in (last.get("options") or {}):
                continue
            v = last["options"][o["key"]]
            allowed = [choice_id(c) for c in o.get("choices", [])]
            if (o["type"] == "bool" and isinstance(v, bool)) or (allowed and v in allowed):
                others = {k: x for k, x in self.options.items() if k != o["key"]}
                if v in (False, None) or not self.conflict(others, o["key"]):   # never beside one recalled before
                    self.options[o["key"]] = v

    def remember(self) -> None:
        setups = getattr(self.app.settings, "setups", None)
        if setups is not None:
            setups[self.game] = {"variant": self.variant, "options": dict(self.options), "seats": self.seats,
                                 "players": [{"kind": KINDS[k][0], "level": KINDS[k][1] or "normal"}
                                             for k in self.kinds]}

    # ---- the spec ------------------------------------------------------------
    def seat_range(self) -> range:
        """The seats the variant takes, up to the MAX_SEATS this screen has room for (a
        team race takes 16: `play sumoku --variant team --seats 16` sets those)."""
        rng = self.spec.get("seats", range(1, 9))
        for vid, _label, extra in self.spec.get("variants") or []:
            if vid == self.variant:
                rng = extra.get("seats", rng)
                break
        return range(rng.start, min(rng.stop, MAX_SEATS + 1))

    def phones_offered(self) -> bool:
        """Play with phones: for the variants the game's phone page plays (its spec's
        `phone_variants`; a race is never played on phones)."""
        return spec_for(self.game).plays_on_phones(self.variant)

    def active_options(self) -> list[dict[str, Any]]:
        """The options offered now: those of the variant, a refinement only while the
        option it refines is on."""
        out = []
        for o in self.spec.get("options", []):
            parent = self.parent_of(o["key"])
            if (not o.get("variants") or self.variant in o["variants"]) and (not parent or self.options.get(parent)):
                out.append(o)
        return out

    def blocked(self, o: dict[str, Any]) -> str | None:
        """Why an option that is off may not be switched on beside those that are (the
        game's words), or None."""
        if self.options.get(o["key"]) not in (False, None):
            return None
        on = {k: v for k, v in self.options.items() if k != o["key"]}
        return self.conflict(on, o["key"])

    def refusal(self) -> str | None:
        """Why the options as set cannot be played together (Start stays off), or None."""
        return self.conflict(self.setup_dict()["options"])

    def option_text(self, o: dict[str, Any]) -> str:
        t = self.app.t
        v = self.options.get(o["key"])
        if o["type"] == "bool":
            value = t("ui.on" if v else "ui.off")
        else:
            label = next((c[1] for c in o.get("choices", []) if isinstance(c, (list, tuple)) and c[0] == v), None)
            value = t(label) if label else (t("ui.none") if v in (None, 0) and o["type"] == "int" else str(v))
        return t("ui.label_value", label=t(o["label"]), value=value)

    def setup_dict(self) -> dict[str, Any]:
        players = []
        for s in range(self.seats):
            kind, level = KINDS[self.kinds[s]]
            players.append({"name": self.names[s].strip(), "kind": kind,     # "": Player n in any language
                            "level": level or "normal"})
        seed = int(self.seed_text) if self.seed_text.strip().isdigit() else None
        opts = {o["key"]: self.options.get(o["key"]) for o in self.active_options()}
        return {"seats": self.seats, "players": players, "variant": self.variant, "seed": seed, "options": opts}

    # ---- widgets -------------------------------------------------------------
    def build(self) -> None:
        t = self.app.t
        opts = self.active_options()
        cols = 2 if len(opts) > SPLIT else 1
        x, w, h, gap = (60, 540, 52, 12) if cols == 1 else (40, 590, 52, 12)
        y = 120
        variants = self.spec.get("variants") or []
        rows = (len(variants) > 1) + (len(self.seat_range()) > 1) + -(-len(opts) // cols) + 1
        if y + rows * (h + gap) > 640 - 64:      # many options: smaller rows, room for their about lines
            step = max(36, (640 - (110 if cols == 1 else 160) - y) // rows)
            h, gap = step - 8, 8
        self._row_h = h
        self._left, self._cols = (x, w), cols
        if len(variants) > 1:
            label = next(v[1] for v in variants if v[0] == self.variant)
            self.cycler(self.r(x, y, w, h), t("ui.label_value", label=t("ui.setup.variant"), value=t(label)), self.step_variant,
                        oid="variant", size=24)
            y += h + gap
        rng = self.seat_range()
        if len(rng) > 1:
            self.count_row(self.r(x, y, w, h), t("ui.setup.seats", n=self.seats), self.seats, rng, self.set_seats,
                           oid="seats", size=24)
            y += h + gap
        cw = (w - 10 * (cols - 1)) // cols
        for i, o in enumerate(opts):
            c = i % cols
            self.cycler(self.r(x + c * (cw + 10), y, cw, h), self.option_text(o), lambda d, o=o: self.step_option(o, d),
                        oid=f"opt_{o['key']}", size=22, enabled=self.blocked(o) is None)
            if c == cols - 1 or i == len(opts) - 1:
                y += h + gap
        self._seed_y = y
        seed = self.entry(self.r(x + 200, y, w - 200, h), self.seed_text, self.set_seed,
                          placeholder=t("ui.setup.seed_random"), max_len=10, size=22, oid="seed")
        seed.set_allowed_characters("numbers")
        for s, (_stripe, er, kr) in enumerate(self.seat_slots()):
            self.entry(er, self.names[s], lambda text, s=s: self.set_name(s, text),
                       placeholder=self.app.player_name(s), max_len=16, size=22, oid=f"name_{s}")
            kind, level = KINDS[self.kinds[s]]
            label = (t("ui.setup.human_tv" if self.phones else "ui.setup.human") if kind == "human" else
                     t("ui.setup.phone") if kind == "phone" else t("ui.setup.bot", level=t(f"ui.level.{level}")))
            self.cycler(kr, label, lambda d, s=s: self.step_kind(s, d), oid=f"kind_{s}", size=22)
        if self.phones_offered():
            self.cycler(self.r(40, 640, 280, 62), t("ui.label_value", label=t("ui.setup.phones"),
                                                       value=t("ui.on" if self.phones else "ui.off")),
                        lambda d: self.toggle_phones(), oid="phones", size=22)
        self.button(self.r(340, 640, 280, 62), t("ui.back"), self.back, oid="back", size=28)
        self.button(self.r(660, 640, 280, 62), t("ui.setup.start"), self.start, oid="start", size=30,
                    enabled=self.refusal() is None)
        self.button(self.r(960, 640, 280, 62), t("ui.menu.howto"), self.open_howto, oid="howto", size=26)
        if self._first_build:  # Enter on arrival starts the game with the defaults
            self.set_focus(self.widgets["start"])
            self._first_build = False

    def draw_back(self, surface: pygame.Surface) -> None:
        style.fill_background(surface)
        t = self.app.t
        self.draw_title(surface, t("ui.setup.title_game", game=t(f"ui.game.{self.game}")), y=20, h=80)
        x, w = self._left
        text_in(surface, t("ui.setup.seed"), self.r(x, self._seed_y, 190, self._row_h), self.fs(24), style.INK,
                bold=True, align="left")
        for s, (stripe, _er, _kr) in enumerate(self.seat_slots()):
            pygame.draw.rect(surface, style.seat_colour(s), stripe, border_radius=3)
        option_focused = any(self.widgets.get(f"opt_{o['key']}") is self.focused for o in self.active_options())
        level_text = "" if self._cols == 2 and option_focused else self.level_about()   # room for the option's
        level = text_in(surface, level_text, self.about_box(), self.fs(22), style.INK_DIM, align="left",
                        valign="top", wrap_lines=True, min_size=self.fs(18), ellipsis=True)
        top = self._seed_y + self._row_h + 12
        refusal = self.refusal()
        if refusal:   # why Start is off
            box = text_in(surface, refusal, self.r(x, top, w, 630 - top), self.fs(20), style.BAD, bold=True,
                          align="left", valign="top", wrap_lines=True, max_lines=3, min_size=self.fs(16),
                          ellipsis=True)
            top = self.design_y(box.bottom) + 6
        greyed, abouts = self.blocked_lines(), self.options_about()
        box = self.r(x, top, w, 630 - top)
        tries = [(k, False) for k in range(len(greyed) - 1, 0, -1)] + [(1, True), (0, False)]
        while not self.all_fit(greyed, box) and tries:    # as many reasons as fit, the rest named
            told, short = tries.pop(0)
            greyed = self.blocked_lines(full=False, told=told, short=short)
        if self._cols == 2 and abouts:     # two columns of options: their about lines beside, under the seats
            right = self.design_y(level.bottom) + 12 if level.h else self.about_top()
            self.whole_lines(surface, abouts, self.r(660, right, 560, 632 - right), style.INK_DIM)
            abouts = []
        if greyed and top < 620:    # why each greyed option cannot be switched on
            box = self.whole_lines(surface, greyed, self.r(x, top, w, 630 - top), style.ACCENT)
            top = self.design_y(box.bottom) + 8
        if abouts and top < 620:    # what each option means (an option's "about" key), under the seed
            text_in(surface, "\n".join(abouts), self.r(x, top, w, 630 - top), self.fs(20), style.INK_DIM,
                    align="left", valign="top", wrap_lines=True, min_size=self.fs(18), ellipsis=True)

    def kept_lines(self, lines: list[str], box: pygame.Rect) -> tuple[int, list[str]]:
        """(size, the first lines that fit `box` whole at it): the largest of a few sizes
        that shows them all, else the one that shows most."""
        best: tuple[int, list[str]] = (self.fs(16), [])
        for size in (self.fs(20), self.fs(18), self.fs(16)):
            kept: list[str] = []
            for line in lines:
                if len(wrap("\n".join(kept + [line]), size, box.w)) * line_step(size) > box.h:
                    break
                kept.append(line)
            if len(kept) > len(best[1]):
                best = (size, kept)
            if len(kept) == len(lines):
                break
        return best

    def all_fit(self, lines: list[str], box: pygame.Rect) -> bool:
        return len(self.kept_lines(lines, box)[1]) == len(lines)

    def whole_lines(self, surface: pygame.Surface, lines: list[str], box: pygame.Rect,
                    colour: tuple[int, int, int]) -> pygame.Rect:
        """As many of `lines` as fit `box` whole (the first ones; none cut short), at the
        largest of a few sizes that shows them all; the rect their ink covers."""
        size, kept = self.kept_lines(lines, box)
        if not kept:
            return pygame.Rect(box.x, box.y, box.w, 0)
        return text_in(surface, "\n".join(kept), box, size, colour, align="left", valign="top", wrap_lines=True,
                       min_size=size)

    def design_y(self, y: int) -> float:
        """A screen y back in design units (below text just drawn)."""
        return (y - self.r(0, 0, 0, 0).y) / self.k

    def options_about(self) -> list[str]:
        """One line per active option that explains itself (its "about" catalog key);
        beyond three, the focused option's line, then those switched on."""
        t = self.app.t
        active = self.active_options()
        told = [o for o in active if o.get("about")]
        if len(told) > 3:     # too many to list: the focused option's line, then those switched on
            focused = [o for o in told if self.widgets.get(f"opt_{o['key']}") is self.focused]
            told = focused + [o for o in told if self.options.get(o["key"]) and o not in focused]
        return [t("ui.label_value", label=t(o["label"]), value=t(o["about"])) for o in told]

    def blocked_lines(self, full: bool = True, told: int = 1, short: bool = False) -> list[str]:
        """Each greyed option with the reason it cannot be switched on now; not `full`
        (they would not fit): the one under the pointer, else up to `told` of those the
        focused option rules out, with its reason, the others named in one line (`short`:
        without saying how to learn why)."""
        t = self.app.t
        greyed = [(o, why) for o in self.active_options() if (why := self.blocked(o))]
        if full or len(greyed) < 2:
            return [t("ui.label_value", label=t(o["label"]), value=why) for o, why in greyed]
        pointed = [(o, why) for o, why in greyed if self.pointer is not None
                   and self.widgets[f"opt_{o['key']}"].rect.collidepoint(self.pointer)]
        if not pointed:       # by keyboard: those the focused option rules out (greyed ones take no focus)
            on = [o["key"] for o in self.active_options()
                  if self.widgets.get(f"opt_{o['key']}") is self.focused and self.options.get(o["key"])]
            pointed = [(o, why) for o, why in greyed
                       if on and self.conflict({on[0]: self.options[on[0]]}, o["key"])][:told]
        rest = [t(o["label"]) for o, _ in greyed if (o, _) not in pointed]
        return ([t("ui.label_value", label=t(o["label"]), value=why) for o, why in pointed]
                + ([t("ui.setup.greyed_short" if short and pointed else "ui.setup.greyed",
                      options=t("ui.list_sep").join(rest))] if rest else []))

    def handle(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.MOUSEMOTION:      # the greyed option under the pointer says why
            self.pointer = ev.pos
        return super().handle(ev)

    def level_about(self) -> str:
        """What the bot level of the seat in question means (the focused level control's
        seat, else the last one changed, else the first bot), from `<game>.level.<level>.about`;
        "" when no seat is a bot or the game has no such line."""
        focused = [s for s in range(self.seats) if self.widgets.get(f"kind_{s}") is self.focused]
        bots = [s for s in range(self.seats) if KINDS[self.kinds[s]][0] == "bot"]
        seat = next((s for s in focused + [self.about_seat] + bots if s in bots), None)
        if seat is None:
            return ""
        level = KINDS[self.kinds[seat]][1]
        for key in (f"{self.game}.level.{self.variant}.{level}.about", f"{self.game}.level.{level}.about"):
            text = self.app.t(key)          # the variant's own bots (a race's), else the game's
            if text != key:
                return text
        return ""

    def seat_rows(self) -> tuple[int, int]:
        """(rows of seats, a row's height) in design units: one seat a row up to four, then
        two a row, each a name over a level control."""
        return (self.seats, 56) if self.seats <= 4 else ((self.seats + 1) // 2, 92)

    def about_top(self) -> int:
        """Where the line under the seats starts (design units)."""
        rows, rh = self.seat_rows()
        return 120 + rows * (rh + 8) + 4

    def about_box(self) -> pygame.Rect:
        """Under the seats' level controls, down to the Start button."""
        top = self.about_top()
        return self.r(660, top, 560, 632 - top)

    def seat_slots(self) -> list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]]:
        """Per seat: its colour stripe, name entry and kind cycler, in a column on the
        right (two columns beyond four seats)."""
        cols = 1 if self.seats <= 4 else 2
        cw = 560 if cols == 1 else 276
        _rows, rh = self.seat_rows()
        slots = []
        for s in range(self.seats):
            c, row = (0, s) if cols == 1 else (s % 2, s // 2)
            sx, sy = 660 + c * (cw + 8), 120 + row * (rh + 8)
            if cols == 1:
                er, kr = self.r(sx + 16, sy, 260, 52), self.r(sx + 284, sy, 276, 52)
            else:
                er, kr = self.r(sx + 16, sy, cw - 16, 44), self.r(sx + 16, sy + 48, cw - 16, 44)
            slots.append((self.r(sx, sy, 8, rh - 4), er, kr))
        return slots

    # ---- changes ---------------------------------------------------------------
    def step_variant(self, d: int) -> None:
        ids = [v[0] for v in self.spec["variants"]]
        self.variant = ids[(ids.index(self.variant) + d) % len(ids)]
        if self.phones and not self.phones_offered():     # phones back to people at the TV
            self.toggle_phones()
        rng = self.seat_range()
        self.seats = min(max(self.seats, rng.start), rng.stop - 1)
        self.rebuild()

    def set_seats(self, n: int) -> None:
        rng = self.seat_range()
        self.seats = min(max(n, rng.start), rng.stop - 1)
        self.rebuild()

    def open_howto(self) -> None:
        self.stack.push(HowToScene(self.app, self.game))

    def step_option(self, o: dict[str, Any], d: int) -> None:
        if self.blocked(o):
            return
        if o["type"] == "bool":
            self.options[o["key"]] = not self.options.get(o["key"])
        else:
            ids = [choice_id(c) for c in o.get("choices", [])]
            if ids:
                cur = self.options.get(o["key"])
                i = ids.index(cur) if cur in ids else -1
                self.options[o["key"]] = ids[(i + d) % len(ids)]
        self.rebuild()

    def step_kind(self, s: int, d: int) -> None:
        self.kinds[s] = (self.kinds[s] + d) % len(KINDS)
        if self.kinds[s] == PHONE and not self.phones:
            self.kinds[s] = (self.kinds[s] + d) % len(KINDS)
        self.about_seat = s
        self.rebuild()

    def toggle_phones(self) -> None:
        """Play with phones: each person's seat goes to a phone (and back when switched off);
        a seat may then be a person at the TV, on a phone, or a bot."""
        self.phones = not self.phones
        for s, k in enumerate(self.kinds):
            if self.phones and k == 0:
                self.kinds[s] = PHONE
            elif not self.phones and k == PHONE:
                self.kinds[s] = 0
        self.rebuild()

    def set_name(self, s: int, text: str) -> None:
        self.names[s] = text

    def set_seed(self, text: str) -> None:
        self.seed_text = text

    def start(self) -> None:
        if self.refusal() is not None:       # never a combination the rules refuse
            self.app.sound.play("error")
            return
        setup = self.setup_dict()
        st = self.app.settings
        for s in range(self.seats):
            if s < len(st.names) and self.names[s].strip():
                st.names[s] = self.names[s].strip()[:16]
        self.remember()
        self.app.save_settings()
        if any(p["kind"] == "phone" for p in setup["players"]):
            from scenes.common.phonelobby import PhoneLobbyScene
            self.stack.push(PhoneLobbyScene(self.app, self.game, setup))
            return
        self.app.start_game(self.game, setup)
