"""Paperback played whole from real browser pages (2 phones and a bot): words tapped card by
card (wilds asked for their letter, the common, two-way cards), each showing its live ¢
(the TV's preview: the engine's scorer) before it is sent, one typed, a word the list
lacks shown refused with the dry run's reason as it is laid, then refused by the TV and
proposed to the table's vote, the hint's first word laid with one tap, a card trashed by
a word's ability, buying from the Offer and the Fame piles. Every frame every page received is the seat's view or event
views or the answer to its own preview or hint (and the scramble changes none of them);
the log verifies. The spelling page at 360x640 in both languages."""
from __future__ import annotations

import os
from pathlib import Path

from support.phonegames import PaperbackDriver
from support.phones import Tv, check_page_fits, in_sync, play, seat_phones, tap, until
from test_phone_games import finish


def test_paperback_whole_game_two_phones_and_a_bot(phones, tmp_path):
    tv = Tv("paperback", ["phone", "bot", "phone"], seed=4, log_dir=tmp_path)
    try:
        pages = seat_phones(tv, phones, [0, 2], langs={2: "zh-TW"})
        tv.start_game()
        drive = PaperbackDriver(tv)
        moves = play(tv, pages, drive)
        assert moves > 20
        finish(tv, pages)
        types = [ev["type"] for ev in tv.session.events]
        for kind in ("spelled", "word_proposed", "word_voted", "bought", "game_ended"):
            assert kind in types, kind
        assert drive.typed == 1
        assert drive.junk.upper() in drive.refusal.upper(), drive.refusal
        assert drive.why == drive.refusal          # the reason was on the phone before the word was sent
        assert len(drive.shown) > 5
        gone = [c for ev in tv.session.events if ev.get("seat") in pages
                for c in (ev.get("trash") or [] if ev["type"] == "spelled" else ev["cards"] if ev["type"] == "offer_trashed" else [])]
        assert drive.trashed and set(drive.trashed) <= set(gone), (drive.trashed, gone)     # chosen on a page
        assert drive.hinted in [ev["word"] for ev in types_of(tv, "spelled") if ev["seat"] in pages]
        asked = [f for ph in pages.values() for f in ph.frames if f.startswith(('{"k":"preview"', '{"k":"hint"'))]
        assert len(asked) > 5
        mine = [ev for ev in tv.session.events if ev["type"] == "spelled" and ev["seat"] in pages]
        assert any("common" in ev["cards"] for ev in mine)
        assert any(any(c.split(".")[-1].startswith("W") for c in ev["cards"]) for ev in mine)   # wilds
        bought = [c for ev in tv.session.events if ev["type"] == "bought" and ev["seat"] in pages for c in ev["cards"]]
        assert any(c.startswith("f") for c in bought), bought    # a Fame card
        en = pages[0].page
        assert en.locator("#status").inner_text() == "The game is over"
    finally:
        tv.stop()


def types_of(tv, kind):
    return [ev for ev in tv.session.events if ev["type"] == kind]


def play_until(tv, pages, act, done, least=0):
    """Phone moves (bots between them) until `done()` after at least `least` of them, or
    the game's end: what a test checks is in the log by then; the game need not be over
    (test_paperback_whole_game_two_phones_and_a_bot plays one to its end)."""
    moves = 0
    while tv.session.outcome() is None and not (moves >= least and done()):
        moves += play(tv, pages, act, most=1)
    return moves


def test_paperback_spelling_page_in_both_languages_at_360_by_640(phones, tmp_path):
    """A word half laid on each phone: its live ¢ item by item, or the reason it would be
    refused; the page fits, its buttons are touch targets; the screenshots are kept."""
    out = Path(os.environ.get("COUCHTOP_SHOTS", tmp_path))
    tv = Tv("paperback", ["phone", "phone", "bot"], seed=6, log_dir=tmp_path, options={"start": 0})
    try:
        pages = seat_phones(tv, phones, [0, 1], langs={1: "zh-TW"})
        tv.start_game()
        drive = PaperbackDriver(tv)
        drive.proposed = True                 # no junk word here: words laid as the hint lays them
        for seat, ph in pages.items():
            while seat not in tv.session.to_act():
                play(tv, pages, drive, most=1)
            until(tv, ph.page, lambda: in_sync(tv, ph, seat), "in sync")
            page = ph.page
            lang = "zh-TW" if seat else "en"
            for cid in tv.session.view(seat)["hand"]:      # the whole hand, wilds as Q: refused, and why
                tap(page, f"button[data-card='{cid}']")
                if page.locator("button[data-wild='q']").count():
                    tap(page, "button[data-wild='q']")
            until(tv, page, lambda: page.locator("#why").count() > 0, "the reason")
            check_page_fits(page)
            page.screenshot(path=str(out / f"phone-paperback-refused-{lang}.png"), full_page=True)
            tap(page, "#clear")
            tap(page, "#hint")
            until(tv, page, lambda: page.locator("button[data-hint]").count() > 0, "the hint", timeout_ms=60000)
            tap(page, "button[data-hint='0']")
            until(tv, page, lambda: page.locator("#items li").count() > 0, "the word's ¢")
            check_page_fits(page)
            path = out / f"phone-paperback-spelling-{lang}.png"
            page.screenshot(path=str(path), full_page=True)
            assert path.stat().st_size > 5000
            tap(page, "#spell")
            until(tv, page, lambda: seat not in tv.session.to_act() or tv.session.view(seat)["phase"] != "spell",
                  "the word spelled")
        for seat, ph in pages.items():             # every frame, the previews and hints too
            assert any(f.startswith('{"k":"preview"') for f in ph.frames)
            assert tv.scramble_frames(seat, ph.frames)[0] == tv.check_frames(seat, ph.frames)
    finally:
        tv.stop()


def test_paperback_word_powers_page_in_both_languages_at_360_by_640(phones, tmp_path):
    """The word powers' letter pickers: Plagiarism borrows a letter of the word before
    (seat 2, en), the Typo makes a laid letter card another letter (seat 1, zh-TW); the
    page fits and the screenshots are kept."""
    out = Path(os.environ.get("COUCHTOP_SHOTS", tmp_path))
    tv = Tv("paperback", ["phone", "phone", "phone"], seed=4, log_dir=tmp_path, options={"powers": True, "start": 0})
    try:
        pages = seat_phones(tv, phones, [0, 1, 2], langs={1: "zh-TW"})
        tv.start_game()
        assert tv.session.view(0)["powers"][1:] == ["typo", "plagiarism"]
        drive = PaperbackDriver(tv)
        drive.proposed = True
        cards = drive.cards
        for seat, power in ((1, "typo"), (2, "plagiarism")):
            while not (seat in tv.session.to_act() and (tv.session.view(seat)["power"] or {}).get("legal")):
                play(tv, pages, drive, most=1)
            ph = pages[seat]
            until(tv, ph.page, lambda: in_sync(tv, ph, seat), "in sync")
            page = ph.page
            if power == "plagiarism":
                tap(page, "#plagiarism")
                letters = sorted(set(tv.session.view(seat)["last_word"]) - {" "})
                assert sorted(b.get_attribute("data-wild") for b in page.locator("button[data-wild]").all()) == letters
            else:
                cid = next(c for c in tv.session.view(seat)["hand"] if not cards[c]["wild"] and len(cards[c]["letters"]) == 1)
                tap(page, f"button[data-card='{cid}']")
                tap(page, f"button[data-card='{cid}']")       # tapped again: the Typo asks its letter
            check_page_fits(page)
            lang = "zh-TW" if seat == 1 else "en"
            page.screenshot(path=str(out / f"phone-paperback-{power}-{lang}.png"), full_page=True)
            pick = page.locator("button[data-wild]").first.get_attribute("data-wild")
            tap(page, "button[data-wild]")
            assert page.inner_text("#built").endswith(pick.upper())
            until(tv, page, lambda: page.locator("#verdict, .pbverdict").count() > 0, "the preview")
            check_page_fits(page)
            tap(page, "#clear")
        for seat, ph in pages.items():
            assert tv.scramble_frames(seat, ph.frames)[0] == tv.check_frames(seat, ph.frames)
    finally:
        tv.stop()


def test_paperback_three_phones_with_attacks(phones, tmp_path):
    """Attacks: each victim answers on its own phone (the cards it gives up tapped there)."""
    tv = Tv("paperback", ["phone", "phone", "phone"], seed=2, log_dir=tmp_path, options={"attacks": True})
    try:
        pages = seat_phones(tv, phones, [0, 1, 2], langs={1: "zh-TW"})
        tv.start_game()

        def answered():
            return [ev for ev in tv.session.events if ev["type"] == "answered"]

        def gave_up():
            return any(ev.get("discard") or ev.get("topdeck") or ev.get("discard_wild") for ev in answered())
        moves = play_until(tv, pages, PaperbackDriver(tv, prefer_attacks=True), gave_up, least=21)
        assert moves > 20
        finish(tv, pages)
        assert gave_up(), answered()
    finally:
        tv.stop()


def test_paperback_powers_bounty_and_themes_three_phones(phones, tmp_path):
    """Every option that asks a player something, from the phones: the word powers laid on
    the page (Plagiarism's borrowed letter, the Typo's letter, the Stuck Key's twice), the
    turn powers, asking for help and each other phone's suggestion, claiming the theme and
    the table's vote on it, cubes spent as ¢."""
    tv = Tv("paperback", ["phone", "phone", "phone"], seed=5, log_dir=tmp_path,
            options={"powers": True, "bounty": True, "themes": True, "discard_cube": True})
    try:
        pages = seat_phones(tv, phones, [0, 1, 2], langs={1: "zh-TW"})
        tv.start_game()
        drive = PaperbackDriver(tv, asks=True)
        kinds = ("help_asked", "suggested", "theme_proposed", "theme_voted", "power_used")

        def done():
            types = {ev["type"] for ev in tv.session.events}
            return (set(kinds) <= types and drive.asked == ["ask_help", "theme_claim"]
                    and {"plagiarism", "stuck_key"} <= set(drive.powers))
        moves = play_until(tv, pages, drive, done, least=21)
        assert moves > 20
        finish(tv, pages)
        types = [ev["type"] for ev in tv.session.events]
        for kind in kinds:
            assert kind in types, (kind, drive.asked)
        assert drive.asked == ["ask_help", "theme_claim"], drive.asked
        assert {"plagiarism", "stuck_key"} <= set(drive.powers), drive.powers      # (seed 5 deals those two)
    finally:
        tv.stop()


def test_paperback_coop_two_phones_and_a_bot(phones, tmp_path):
    """Co-op: the pyramid bought by card id from the phones, and a turn that buys nothing
    puts its cube on the pyramid card the page chose (not the rules' choice)."""
    tv = Tv("paperback", ["phone", "phone", "bot"], seed=2, log_dir=tmp_path, options={"coop": True})
    try:
        pages = seat_phones(tv, phones, [0, 1], langs={1: "zh-TW"})
        tv.start_game()
        drive = PaperbackDriver(tv)
        drive.proposed = True
        play(tv, pages, drive)
        finish(tv, pages)
        placed = [ev["card"] for ev in tv.session.events if ev["type"] == "cube_placed" and ev.get("seat") in pages]
        assert drive.cubes_placed in placed, (drive.cubes_placed, placed)
        assert tv.session.outcome() is not None
    finally:
        tv.stop()


def test_paperback_space_bar_and_dyslexia_laid_on_the_phones_at_360_by_640(phones, tmp_path):
    """Option space_dyslexia (seed 6 deals them so): a phone lays a word with the Space
    Bar (two words in one turn), each phone one with Dyslexia (its two-letter card tapped
    again: reversed), the live ¢ the engine's scorer gives on the seat's view; the page while
    Dyslexia is laid fits at 360x640 in both languages, screenshots kept; every frame
    checked and scrambled."""
    out = Path(os.environ.get("COUCHTOP_SHOTS", tmp_path))
    tv = Tv("paperback", ["phone", "phone", "bot"], seed=6, log_dir=tmp_path,
            options={"space_dyslexia": True, "start": 0})
    try:
        pages = seat_phones(tv, phones, [0, 1], langs={1: "zh-TW"})
        tv.start_game()
        drive = PaperbackDriver(tv)
        drive.proposed, drive.typed, drive.hinted = True, 1, "-"     # every word laid card by card
        cards = tv.session.state.cards
        laid: dict[tuple[int, str], list] = {}
        shots = []

        def powers_of(seat, cmd):
            view = tv.session.view(seat)
            return {cards[view["common"] if cid == "common" else cid].power for cid in cmd["cards"]} - {""}

        def on_laid(page, seat, cmd):
            powers = powers_of(seat, cmd)
            if "dyslexia" in powers and not any(s == seat for s, _ in shots):
                check_page_fits(page)
                assert "…" not in page.inner_text("#app")
                lang = "zh-TW" if seat else "en"
                path = out / f"phone-paperback-dyslexia-{lang}.png"
                page.screenshot(path=str(path), full_page=True)
                shots.append((seat, path))
            if "space" in powers:
                assert " " in page.inner_text("#built")              # two words, the gap between
            for p in powers:
                laid.setdefault((seat, p), []).append(cmd["cards"])

        drive.on_laid = on_laid
        def done():
            return {(0, "dyslexia"), (1, "dyslexia")} <= set(laid) and any(p == "space" for _, p in laid)

        while not done() and tv.session.outcome() is None:
            play(tv, pages, drive, most=1)
        assert done(), laid
        spelled = [(ev["seat"], ev["cards"]) for ev in tv.session.events if ev["type"] == "spelled"]
        for (seat, _), words in laid.items():       # taken by the TV as laid on the page
            assert all((seat, cids) in spelled for cids in words), (seat, words)
        assert any(" " in ev["word"] for ev in tv.session.events if ev["type"] == "spelled" and ev["seat"] in pages)
        assert sorted(s for s, _ in shots) == [0, 1] and all(p.stat().st_size > 5000 for _, p in shots)
        for seat, ph in pages.items():
            assert tv.scramble_frames(seat, ph.frames)[0] == tv.check_frames(seat, ph.frames)
    finally:
        tv.stop()


def test_paperback_coop_pass_puts_its_cube_on_the_card_tapped(phones, tmp_path):
    """Co-op: a turn that passes asks on the phone where its cube goes; the cube goes on the
    pyramid card tapped there (not the rules' choice)."""
    tv = Tv("paperback", ["phone", "phone", "bot"], seed=2, log_dir=tmp_path, options={"coop": True, "start": 0})
    try:
        pages = seat_phones(tv, phones, [0, 1], langs={1: "zh-TW"})
        tv.start_game()
        drive = PaperbackDriver(tv, coop_pass=True)
        drive.proposed = True
        while not drive.pass_cube and tv.session.outcome() is None:
            play(tv, pages, drive, most=1)
        passed = [i for i, ev in enumerate(tv.session.events) if ev["type"] == "passed" and ev["seat"] in pages]
        assert passed and drive.pass_cube and drive.pass_cube != drive.pass_default     # not the rules' choice
        after = [ev for ev in tv.session.events[passed[0]:] if ev["type"] == "cube_placed"]
        assert after and after[0]["card"] == drive.pass_cube, (after, drive.pass_cube)
        for seat, ph in pages.items():
            assert tv.scramble_frames(seat, ph.frames)[0] == tv.check_frames(seat, ph.frames)
    finally:
        tv.stop()


def test_paperback_simultaneous_two_phones_and_a_bot(phones, tmp_path):
    """Simultaneous play: the snake draft picked on the phones, every round's word announced
    from each phone at once with the time that phone measured."""
    tv = Tv("paperback", ["phone", "phone", "bot"], seed=5, log_dir=tmp_path, options={"simultaneous": True})
    try:
        pages = seat_phones(tv, phones, [0, 1], langs={1: "zh-TW"})
        tv.start_game()

        def timed():
            mine = [ev for ev in tv.session.events if ev["type"] == "announced" and ev["seat"] in pages]
            return [ev for ev in mine if not ev.get("open")]      # a relaid word after a vote is open

        def drafted():
            return [ev["seat"] for ev in tv.session.events if ev["type"] == "drafted" and ev["seat"] in pages]
        moves = play_until(tv, pages, PaperbackDriver(tv), lambda: drafted() and len(timed()) > 6, least=21)
        assert moves > 20
        finish(tv, pages)
        assert drafted()
        timed = timed()
        assert len(timed) > 6 and all(0 <= ev["ms"] <= 3_600_000 for ev in timed)
    finally:
        tv.stop()
