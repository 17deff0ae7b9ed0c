"""Simultaneous play at the table (option `simultaneous`; the flow is engine/paperback/
simultaneous.py's docstring): the table's panel for it (optionpanel.py).

- The draft: the 10-card Offer in one row, a number under each card; the person whose
  pick it is clicks a card or presses its number (←/→ move the choice, Enter picks);
  bots pick by themselves. The draft is public (no hand yet), so no curtain rises between
  two people picking one after the other.
- Everyone spells at once: each person in turn with the usual word row, under the kit's
  curtain when the screen changes hands. Their spelling time runs only while their hand
  is shown and they have not announced: it is the scene's own `step(dt)` accumulated
  (the frame loop's clock; never under the curtain, never while the pause menu is up,
  as the table is not updated then), sent as `ms` with the spell, pass or proposal. The
  banner shows it, redrawn once a second (`timer_in`). Bots announce with their own ms.
- While a person spells, another seat's announcement is shown (on the board, in the
  player's line and in the log) only once their own clock has passed its time: what they
  would have seen at a table where everyone spells together.
- After the reveal the ¢ panel's place is the buy order (roundboard.py); refused
  proposers lay a word again (phase "replace": the usual word row, no ms); each seat
  buys in turn from the Offer and the Fame piles.
"""
from __future__ import annotations

from typing import Any

import pygame

from engine.paperback.simultaneous import MS_MAX
from scenes.paperback.optionpanel import Line, OptionPanel, Rows, Table
from scenes.paperback.roundboard import DRAFT_KEYS, card_letters, clock_text, secs, sim_of
from scenes.paperback.word import word_text
from scenes.ui import style
from scenes.ui.buttons import Button
from scenes.ui.i18n import t

ANNOUNCING = ("spell", "pass", "propose")      # the commands that announce (they carry ms)
DIGITS = {getattr(pygame, f"K_{c}"): i for i, c in enumerate(DRAFT_KEYS)}
DIGITS.update({getattr(pygame, f"K_KP{c}"): i for i, c in enumerate(DRAFT_KEYS)})


class Together(OptionPanel):
    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.spent_by: dict[tuple[int, int], int] = {}    # (round, seat) -> whole ms spelt (no float drift)
        self.others: list[int] = []     # the other seats' announcement times this round (kept by seen_view)
        self.draft_at = 0               # the Offer card the keyboard's choice is on

    # ---- what is going on -----------------------------------------------------------------
    def sim(self) -> dict | None:
        return sim_of(self.view)

    def drafting(self) -> bool:
        return self.table.acting and self.table.phase == "draft" and self.sim() is not None

    def announcing(self) -> bool:
        """The seat on screen is spelling its secret, timed word."""
        return self.sim() is not None and self.table.phase == "spell" and self.table.spelling()

    def replacing(self) -> bool:
        return self.sim() is not None and self.table.phase == "replace" and self.table.spelling()

    # ---- the spelling clock -------------------------------------------------------------------

    def spent_ms(self, seat: int | None = None) -> int:
        """What `seat` (the seat on screen) has spelt with its hand shown this round."""
        seat = self.viewer if seat is None else seat
        sim = self.sim()
        if seat is None or sim is None:
            return 0
        return min(MS_MAX, self.spent_by.get((int(sim["round"]), seat), 0))

    def spent(self, seat: int | None = None) -> float:
        return self.spent_ms(seat) / 1000

    def step(self, dt: float) -> None:
        """The table's frame: the clock of the person spelling runs (the table is not
        updated under the curtain or the pause menu, so neither is counted, nor the
        seconds the word played just before stays up to be read)."""
        sim = self.sim()
        if sim is None or self.viewer is None or not self.announcing() or self.table.hold > 0:
            return
        before = self.spent_ms()
        after = before + round(dt * 1000)
        self.spent_by[(int(sim["round"]), self.viewer)] = after
        if any(before < ms <= after for ms in self.others):      # another's announcement: now you see it
            self.table.refresh()
            self.table.request_redraw()
        elif before // 1000 != after // 1000:       # the clock's next second
            self.table.request_redraw()

    def timer_in(self) -> float | None:
        """Seconds to the spelling clock's next whole second, or to the next announcement
        the person spelling may see (the frame loop sleeps till then)."""
        if not self.announcing():
            return None
        now = self.spent_ms()
        due = [1000 - now % 1000] + [ms - now for ms in self.others if ms > now]
        return max(0.01, min(due) / 1000)

    def outgoing(self, cmd: dict) -> dict:
        """A spell, pass or proposal of the seat on screen carries its spelling time."""
        if (self.sim() is not None and self.table.phase == "spell" and cmd.get("type") in ANNOUNCING
                and cmd.get("seat") == self.viewer and "ms" not in cmd):
            return {**cmd, "ms": self.spent_ms()}
        return cmd

    # ---- what the person spelling may see of the others ---------------------------------------
    def _hidden_ms(self) -> float | None:
        """While the seat on screen spells: the time past which others' announcements are
        not shown yet (its own clock); None: everything is shown."""
        if not self.announcing():
            return None
        return self.spent_ms()

    def seen_view(self, view: dict) -> dict:
        """The view with the announcements the person spelling could not have seen yet left out
        (the times of all the others' announcements kept in `others`, so the frame loop asks
        nothing of the session)."""
        limit = self._hidden_ms()
        sim = view.get("simultaneous")
        self.others = [a["ms"] for a in (sim or {}).get("announced") or [] if a["seat"] != self.viewer]
        if limit is None or not sim or not sim.get("announced"):
            return view
        sim["announced"] = [a for a in sim["announced"] if a["seat"] == self.viewer or a["ms"] <= limit]
        return view

    def seen_events(self, events: list[dict]) -> list[dict]:
        limit = self._hidden_ms()
        if limit is None:
            return events
        return [e for e in events if not (e.get("type") == "announced" and not e.get("open")
                                          and e.get("seat") != self.viewer and int(e.get("ms", 0)) > limit)]

    # ---- the banner, the info strip and the round's messages ------------------------------------
    def banner(self) -> Line | None:
        if self.sim() is None or self.viewer is None:
            return None
        name = self.table.name(self.viewer)
        if self.announcing():
            return t("paperback.ui.sim.banner_spell", name=name, time=clock_text(self.spent())), style.ACCENT
        if self.drafting():
            return t("paperback.ui.banner.mine.draft", name=name), style.seat_colour(self.viewer)
        if self.replacing():
            return t("paperback.ui.banner.mine.replace", name=name), style.seat_colour(self.viewer)
        return None

    def info(self) -> Line | None:
        said = self.what_now()
        return (said, style.ACCENT) if said else None

    def what_now(self) -> str | None:
        """What to do now, in the info strip (None: the table's usual line)."""
        sim = self.sim()
        if sim is None or self.viewer is None:
            return None
        if self.drafting():
            return t("paperback.ui.sim.draft_help", last=DRAFT_KEYS[min(len(sim["offer"]), len(DRAFT_KEYS)) - 1])
        mine = sim.get("mine") or {}
        if self.replacing() and (not self.b.slots or word_text(self.b) == mine.get("word")):
            refused = self.viewer in (sim.get("refused") or [])          # (the proposal still laid: what now)
            return t("paperback.ui.sim.replace_refused" if refused else "paperback.ui.sim.replace_accepted")
        if self.announcing() and not self.b.slots:     # a new round: its Offer, who wins ties
            return t("paperback.ui.sim.spell_help", round=int(sim["round"]), player=self.table.name(int(sim["first"])))
        return None

    # ---- the draft --------------------------------------------------------------------------
    def draft_focus(self) -> str | None:
        """The Offer card the keyboard's choice is on (kept within the Offer)."""
        offer = list((self.sim() or {}).get("offer") or [])
        if not offer:
            return None
        return offer[max(0, min(self.draft_at, len(offer) - 1))]

    def draft(self, cid: str | None = None) -> None:
        cid = cid if cid is not None else self.draft_focus()
        if self.drafting() and cid is not None:
            self.table.submit({"type": "draft", "seat": self.viewer, "card": cid})

    def key(self, ev: pygame.event.Event) -> bool | None:
        """The draft's keys: a number picks, the arrows and Tab move the choice."""
        if not self.drafting():
            return None
        offer = list((self.sim() or {}).get("offer") or [])
        if ev.key in DIGITS:
            i = DIGITS[ev.key]
            if i < len(offer):
                self.draft_at = i
                self.draft(offer[i])
            return True
        if ev.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            step = -1 if ev.key == pygame.K_LEFT or getattr(ev, "mod", 0) & pygame.KMOD_SHIFT else 1
            self.draft_at = (self.draft_at + step) % max(1, len(offer))
            self.table.request_redraw()
            return True
        return False

    def rows(self) -> Rows | None:
        if not (self.table.phase == "draft" and self.drafting()):
            return None
        focus = self.draft_focus()
        label = (t("paperback.ui.sim.pick", card=card_letters(self.view, focus)) if focus
                 else t("paperback.ui.sim.pick_none"))
        return [Button("draft", self.draft, label, keys=(pygame.K_RETURN, pygame.K_KP_ENTER), primary=True,
                       enabled=focus is not None)], []

    def hits(self) -> list[tuple[str, str, pygame.Rect]]:
        """The Offer's cards as click targets: a pick in the draft, the basket while buying."""
        if self.sim() is None:
            return []
        kind = "draft" if self.drafting() else "market" if self.table.buying() else None
        return [(kind, cid, r) for cid, r in self.table.places.offer] if kind else []

    def click(self, kind: str, key: str) -> bool:
        if kind != "draft":
            return False
        self.draft(key)
        return True

    def hot(self) -> str | None:
        """The Offer card lifted: the keyboard's choice in the draft."""
        return self.draft_focus() if self.drafting() else None

    def market(self) -> dict[str, Any]:
        return {"numbered": self.drafting()}            # a number under each Offer card in the draft

    # ---- the draft is public: no curtain between two people picking -------------------------
    def no_curtain(self) -> bool:
        return self.sim() is not None and self.table.session.view(None).get("phase") == "draft"

    # ---- the word panel while this seat has nothing to build ----------------------------------
    def waiting_text(self) -> str | None:
        """The word panel's sentence in simultaneous play when there is no word to show."""
        sim = self.sim()
        if sim is None:
            return None
        if self.table.phase == "draft":
            return t("paperback.ui.sim.draft_about", n=sim["picks_each"], hand=sim["hand_size"])
        if self.table.phase == "spell":
            mine = sim.get("mine")
            me = next((a for a in sim.get("announced") or [] if a["seat"] == self.viewer), None)
            if mine and me:
                if mine["kind"] == "spell":
                    return t("paperback.ui.sim.waiting_word", word=str(mine["word"]).upper(),
                             cents=mine["cents"], secs=secs(me["ms"]))
                waits = "paperback.ui.sim.waiting_pass" if mine["kind"] == "pass" else "paperback.ui.sim.waiting_proposal"
                return t(waits, word=str(mine.get("word") or "").upper(), secs=secs(me["ms"]))
            return t("paperback.ui.sim.waiting")
        if self.table.phase == "replace":
            names = [self.table.name(s) for s in sim.get("to_replace") or []]
            return t("paperback.ui.sim.waiting_replace", players=t("ui.list_sep").join(names))
        return None
