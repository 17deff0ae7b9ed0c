"""Driving the per-game phone pages of Hooky, Paperback and Sumoku (tests/browser): each move is the
one the game's normal bot would make from the seat's view, made by tapping and typing on
the real page (the page builds the command; the TV decides it)."""
from __future__ import annotations

from engine.registry import bot_for
from support.phones import tap, until

_bots: dict[tuple[str, int], object] = {}


def bot_command(game: str, seat: int, view: dict) -> dict:
    bot = _bots.setdefault((game, seat), bot_for(game, None, "normal", seat, 0))
    return bot.choose(view, seat)


class HookyDriver:
    """hooky_move for `play`: a bot's choice, through the page. The first ask of the game
    first tries a word the dictionary lacks (the TV refuses it with a readable reason), then
    proposes it to the table's vote."""

    JUNK = "zqxjv"

    def __init__(self, tv) -> None:
        self.tv = tv
        self.proposed = False
        self.refusal = ""
        self.last: dict | None = None

    def __call__(self, page, seat: int, view: dict) -> None:
        cmd = self.last = bot_command("hooky", seat, view)
        kind = cmd["type"]
        if kind == "ask" and not self.proposed:
            self.proposed = True
            tap(page, f"button[data-ask='{cmd['target']}']")
            page.fill("#word", self.JUNK)
            tap(page, "#ask")
            until(self.tv, page, lambda: page.locator(".note").count() > 0, "the refusal")
            self.refusal = page.inner_text(".note")
            page.fill("#word", self.JUNK)
            tap(page, "#propose")
            return
        if kind == "clue":
            page.fill("#word", cmd["word"])
            tap(page, "#give")
        elif kind == "ask":
            tap(page, f"button[data-ask='{cmd['target']}']")
            page.fill("#word", cmd["word"])
            tap(page, "#ask")
        elif kind == "reveal":
            tap(page, "#reveal")
            tap(page, f"button[data-letter='{cmd['letter']}']")
            tap(page, f"button[data-target='{cmd['target']}']")
            tap(page, "#do_reveal")
        elif kind == "vote":
            tap(page, "#accept" if cmd["accept"] else "#refuse")
        elif kind == "guess":
            for letter in cmd["letters"]:
                tap(page, f"button[data-guess='{letter}']")
            tap(page, "#guess")
        elif kind == "name_hands":
            hands = cmd["hands"]
            items = hands.items() if isinstance(hands, dict) else enumerate(hands)
            for other, letters in items:
                for letter in letters:
                    cell = f"button[data-mark='{other}:{letter}']"
                    if page.locator(cell).count():
                        tap(page, cell)        # blank -> has
            tap(page, "#name")
        else:
            raise AssertionError(f"no page path for {cmd}")


class PaperbackDriver:
    """paperback_move for `play`: a bot's choice, through the page. The first word of
    the game is typed (the page lays the cards); before it, a word the list lacks is typed
    and spelled (the TV refuses it with a readable reason), then proposed to the vote."""

    def __init__(self, tv, prefer_attacks: bool = False, asks: bool = False, coop_pass: bool = False) -> None:
        self.tv = tv
        self.prefer_attacks = prefer_attacks      # buy an attack that takes cards when it can
        self.asks = asks                          # ask for help once, claim the theme once (when the TV would take it)
        self.asked: list[str] = []
        self.powers: list[str] = []               # the word powers used on the pages
        self.trashed: list[str] = []              # the cards trashed by abilities chosen on the pages
        self.cubes_placed = ""                    # co-op: the pyramid card a page put a cube on
        self.coop_pass = coop_pass                # co-op: one spelling turn passed instead, its cube placed
        self.pass_cube = ""                       # the pyramid card that pass's cube was put on
        self.pass_default: str | None = None      # where the rules would have put it
        self.spelled: list[dict] = []             # the spell commands laid card by card on the pages
        self.on_laid = None                       # called (page, seat, cmd) with a word laid, before it is sent
        self.proposed = False
        self.typed = 0
        self.refusal = ""
        self.why = ""             # the preview's reason for the junk word, before it was sent
        self.shown: list[int] = []     # the live ¢ each tapped word showed before it was sent
        self.hinted = ""          # the hint's first word, laid by one tap and spelled
        self.last: dict | None = None  # the move being carried out (`play` names it if it never comes)
        from net.phones.gamecontent import paperback_cards
        self.cards = paperback_cards()["cards"]

    def live_cents(self, page, view: dict, cards: list[str], letters: dict[str, str]) -> int:
        """The ¢ the page shows for the word laid (the TV's preview), checked against the
        engine's scorer on the seat's view."""
        from engine.paperback.laying import laid_score
        from net.phones.preview import slots_of
        until(self.tv, page, lambda: page.locator("#cents").count() > 0, "the word's live ¢")
        want = laid_score(view, slots_of(view, cards, letters)).cents
        shown = page.inner_text("#cents")
        assert shown == f"{want}¢", (shown, want)
        return want

    def use_hint(self, page, view: dict) -> bool:
        """Ask the hint; if it has words, lay its first with one tap and spell it."""
        from net.phones.hints import hint_frame
        tap(page, "#hint")
        until(self.tv, page, lambda: page.locator("button[data-hint], #hints:not(:has(button))").count() > 0
              and "…" not in page.inner_text("#hints"), "the hint", timeout_ms=60000)
        words = hint_frame("paperback", view, view["seat"], 0)["words"]
        assert page.locator("button[data-hint]").count() == len(words)
        if not words:
            return False
        tap(page, "button[data-hint='0']")
        first = words[0]
        assert page.inner_text("#built") == "".join(first["texts"]).upper()
        letters = {c: x for c, x in zip(first["cards"], first["texts"]) if c != "common"}
        assert self.live_cents(page, view, first["cards"], letters) == first["cents"]
        assert page.locator("#why").count() == 0
        self.hinted = first["word"]
        tap(page, "#spell")
        return True

    def __call__(self, page, seat: int, view: dict) -> None:
        cmd = bot_command("paperback", seat, view)
        kind = cmd["type"]
        if kind == "buy" and self.prefer_attacks:
            takes = [x["id"] for x in view["for_sale"] if x["cost"] <= view["cents"] and x["id"] in self.cards
                     and self.cards[x["id"]]["ability"][0] in ("atk_discard", "atk_discard_wild", "atk_topdeck")]
            if takes:
                cmd = {"type": "buy", "cards": takes[:1]}
        self.last = cmd
        for extra, selector in (("ask_help", "#ask_help"), ("theme_claim", "#claim_theme")):
            if (self.asks and extra not in self.asked and page.locator(selector).count()
                    and self.tv.session.check({"type": extra, "seat": seat}) is None):
                self.asked.append(extra)
                tap(page, selector)
                return
        if kind == "spell" and not self.proposed:
            self.proposed = True
            self.junk = ""
            for cid in view["hand"]:         # the whole hand in its order, wilds as Q: no word
                tap(page, f"button[data-card='{cid}']")
                if self.cards[cid]["wild"]:
                    tap(page, "button[data-wild='q']")
                self.junk += "q" if self.cards[cid]["wild"] else self.cards[cid]["letters"]
            until(self.tv, page, lambda: page.locator("#why").count() > 0, "the preview's reason")
            self.why = page.inner_text("#why")
            tap(page, "#spell")
            until(self.tv, page, lambda: page.locator(".note").count() > 0, "the refusal")
            self.refusal = page.inner_text(".note")
            for cid in view["hand"]:
                tap(page, f"button[data-card='{cid}']")
                if self.cards[cid]["wild"]:
                    tap(page, "button[data-wild='q']")
            tap(page, "#propose")
            return
        if kind == "spell" and not self.typed and "common" not in cmd["cards"] and not view.get("power"):
            self.typed += 1
            word = "".join(cmd["letters"].get(cid, self.cards[cid]["letters"]) for cid in cmd["cards"])
            page.fill("#type", word)
            assert page.inner_text("#built") == word.upper()
            tap(page, "#spell")
            return
        if kind == "spell" and not self.hinted and self.use_hint(page, view):
            return
        if kind == "spell" and self.coop_pass and not self.pass_cube and (view.get("coop") or {}).get("uncovered"):
            cmd, self.coop_pass = {"type": "pass"}, False
            kind = "pass"
        if kind == "spell":
            self.spelled.append(cmd)
            reverse = []                    # Dyslexia's reversed pair: turned once the whole word is laid
            for cid in cmd["cards"]:
                text = cmd.get("letters", {}).get(cid)
                if cid == "plagiarism":                     # the power's borrowed letter
                    tap(page, "#plagiarism")
                    tap(page, f"button[data-wild='{text}']")
                    self.powers.append(cid)
                    continue
                tap(page, f"button[data-card='{cid}']")
                if cid == "common":
                    continue
                d = self.cards[cid]
                if d.get("power"):                          # the Space Bar, Dyslexia: no letter
                    continue
                text = text or d["letters"]
                if text != d["letters"] and text == d["letters"][::-1] and d["ability"][0] != "flip":
                    reverse.append(cid)
                elif d["wild"]:
                    tap(page, f"button[data-wild='{text}']")
                elif text != d["letters"]:
                    tap(page, f"button[data-card='{cid}']")     # tapped again: its other way, or twice (Stuck Key)
                    if len(text) == 1 and len(d["letters"]) == 1:          # or the Typo's letter
                        tap(page, f"button[data-wild='{text}']")
                        self.powers.append("typo")
                    elif text == d["letters"] * 2:
                        self.powers.append("stuck_key")
            for cid in reverse:
                tap(page, f"button[data-card='{cid}']")         # tapped again: reversed (Dyslexia)
            self.shown.append(self.live_cents(page, view, cmd["cards"], cmd.get("letters", {})))
            if self.on_laid:
                self.on_laid(page, seat, cmd)
            for key, attr in (("trash", "data-trash"), ("trash_offer", "data-trash-offer")):   # the abilities' choices
                chosen = list(cmd.get(key) or [])
                offered = page.locator(f"button[{attr}]")
                if not chosen and not self.trashed and offered.count():     # once a game: trash one, as a hard bot would
                    chosen = [offered.first.get_attribute(attr)]
                for cid in chosen:
                    tap(page, f"button[{attr}='{cid}']")
                    self.trashed.append(cid)
            tap(page, "#spell")
        elif kind == "pass":
            tap(page, "#pass")
            if (view.get("coop") or {}).get("uncovered"):      # co-op: where the cube goes, then Pass
                from scenes.paperback.pyramid import default_cube
                free = view["coop"]["uncovered"]
                target = next((c for c in free if c != default_cube(view)), free[0])
                if not self.pass_cube:
                    tap(page, f"button[data-cube='{target}']")
                    self.pass_cube, self.pass_default = target, default_cube(view)
                tap(page, "#pass_cube")
        elif kind == "ask_help":
            tap(page, "#ask_help")
        elif kind == "theme_claim":
            tap(page, "#claim_theme")
        elif kind == "buy" and view.get("coop") and not self.cubes_placed:
            target = view["coop"]["uncovered"][-1]     # co-op, once: buy nothing, the cube where the page says
            tap(page, f"button[data-cube='{target}']")
            self.cubes_placed = target
            tap(page, "#buy")
        elif kind == "buy":
            for cid in cmd["cards"]:
                tap(page, f"button[data-buy='{cid}']")
            tap(page, "#buy")
        elif kind == "vote":
            tap(page, "#accept" if cmd["accept"] else "#refuse")
        elif kind == "draft":
            tap(page, f"button[data-draft='{cmd['card']}']")
        elif kind == "answer":
            for key in ("discard_wild", "discard", "topdeck"):
                for cid in cmd.get(key, []):
                    tap(page, f"button[data-answer='{key}:{cid}']")
            tap(page, "#answer")
        elif kind == "theme_vote":
            tap(page, "#theme_yes" if cmd["accept"] else "#theme_no")
        elif kind == "suggest":
            if cmd.get("word"):
                page.fill("#suggest_word", cmd["word"])
                tap(page, "#suggest")
            else:
                tap(page, "#no_suggestion")
        elif kind == "power":
            tap(page, f"button[data-power='{cmd['card']}']" if cmd.get("card") else "#power")
        else:
            raise AssertionError(f"no page path for {cmd}")


class SumokuDriver:
    """sumoku_move for `play`: a bot's choice, through the page: each tile tapped in the rack
    (a 6 turned into a 9 there), then its square on the table (the TV gets the play so
    far as the seat's draft), then Confirm. The first play of the game is first tried
    with one tile on a square that touches nothing (the table's top-left corner): the TV
    refuses it with a readable reason, and Take back clears it; the next play is the
    TV's Hint, asked for on the page. `exchange_at` / `stop_after`: the phone's Nth move
    is an exchange (the bot's choice of tiles is replaced by its first tile) / the game
    stopped after N moves (solitaire)."""

    def __init__(self, tv, exchange_at: int | None = None, stop_after: int | None = None) -> None:
        self.tv = tv
        self.exchange_at, self.stop_after = exchange_at, stop_after
        self.moves = 0
        self.refusal = ""
        self.flipped = 0
        self.hinted: dict | None = None      # the TV's Hint, asked for once (the move after the refusal)
        self.last: dict | None = None        # the move being carried out (`play` names it if it never comes)

    def __call__(self, page, seat: int, view: dict) -> None:
        self.moves += 1
        cmd = bot_command("sumoku", seat, view)
        if self.stop_after is not None and self.moves > self.stop_after:
            cmd = {"type": "stop"}
        elif self.moves == self.exchange_at:
            cmd = {"type": "exchange", "tiles": sorted(view["hands"][seat])[:1]}
        self.last = cmd
        kind = cmd["type"]
        if kind == "place" and not self.refusal:
            tap(page, f"button[data-tile='{cmd['tiles'][0][0]}']")
            tap(page, "#board button[data-cell]")
            tap(page, "#place")
            until(self.tv, page, lambda: page.locator(".note").count() > 0, "the refusal")
            self.refusal, self.refused_seat = page.inner_text(".note"), seat
            tap(page, "#take_back")
        if kind == "place" and self.refusal and not self.hinted:
            from engine.sumoku.bot import hint
            self.hinted = hint(view, seat)
            tap(page, "#hint_ask")
            shown = {"type": "place", "tiles": self.hinted["tiles"]}
            until(self.tv, page, lambda: self.tv.table.drafts.get(seat) == shown, "the hint put down, and on the TV")
            assert page.locator("#board button.pending").count() == len(self.hinted["tiles"])
            tap(page, "#place")
            return
        if kind == "place":
            todo, put = list(cmd["tiles"]), []
            while todo:     # outwards from the table, as a person would: each square is on screen
                tile, r, c, v = next(p for p in todo
                                     if page.locator(f"#board button[data-cell='{p[1]},{p[2]}']").count())
                todo.remove([tile, r, c, v])
                tap(page, f"button[data-tile='{tile}']")
                if v == 9:
                    tap(page, "#flip")
                    self.flipped += 1
                tap(page, f"#board button[data-cell='{r},{c}']")
                put.append([tile, r, c, v])
            until(self.tv, page, lambda: self.tv.table.drafts.get(seat) == {"type": "place", "tiles": put},
                  "the play shown on the TV")
            tap(page, "#place")
        elif kind in ("pass", "stop"):
            tap(page, "#pass")
            tap(page, "#pass_yes")
        elif kind == "exchange":
            tap(page, "#exchange")
            for tile in cmd["tiles"]:
                tap(page, f"button[data-tile='{tile}']")
            tap(page, "#do_exchange")
        else:
            raise AssertionError(f"no page path for {cmd}")
