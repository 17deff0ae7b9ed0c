"""Paperback played whole from real browser pages (2 phones and a bot): words tapped card by
card (wilds asked for their letter, the common, two-way cards), one typed, a word the
list lacks refused with a readable reason and proposed to the table's vote, buying from
the Offer and the Fame piles. Every frame every page received is the seat's view or event
views (and the scramble changes none of them); the log verifies."""
from __future__ import annotations

from support.phonegames import PaperbackDriver
from support.phones import Tv, play, seat_phones
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
        mine = [ev for ev in tv.session.events if ev["type"] == "spelled" and ev["seat"] in pages]
        assert any("common" in ev["cards"] for ev in mine)
        assert any(any(c.split(".")[-1].startswith("W") for c in ev["cards"]) for ev in mine)   # wilds
        bought = [c for ev in tv.session.events if ev["type"] == "bought" and ev["seat"] in pages for c in ev["cards"]]
        assert any(c.startswith("f") for c in bought), bought    # a Fame card
        en = pages[0].page
        assert en.locator("#status").inner_text() == "The game is over"
    finally:
        tv.stop()


def test_paperback_three_phones_with_attacks(phones, tmp_path):
    """Attacks: each victim answers on its own phone (the cards it gives up tapped there)."""
    tv = Tv("paperback", ["phone", "phone", "phone"], seed=8, log_dir=tmp_path, options={"attacks": True})
    try:
        pages = seat_phones(tv, phones, [0, 1, 2], langs={1: "zh-TW"})
        tv.start_game()
        moves = play(tv, pages, PaperbackDriver(tv, prefer_attacks=True))
        assert moves > 20
        finish(tv, pages)
        answered = [ev for ev in tv.session.events if ev["type"] == "answered"]
        assert any(ev.get("discard") or ev.get("topdeck") or ev.get("discard_wild") for ev in answered), answered
    finally:
        tv.stop()


def test_paperback_simultaneous_two_phones_and_a_bot(phones, tmp_path):
    """Simultaneous play: the snake draft picked on the phones, every round's word announced
    from each phone at once with the time that phone measured."""
    tv = Tv("paperback", ["phone", "phone", "bot"], seed=5, log_dir=tmp_path, options={"simultaneous": True})
    try:
        pages = seat_phones(tv, phones, [0, 1], langs={1: "zh-TW"})
        tv.start_game()
        moves = play(tv, pages, PaperbackDriver(tv))
        assert moves > 20
        finish(tv, pages)
        events = tv.session.events
        assert [ev["seat"] for ev in events if ev["type"] == "drafted" and ev["seat"] in pages]
        mine = [ev for ev in events if ev["type"] == "announced" and ev["seat"] in pages]
        timed = [ev for ev in mine if not ev.get("open")]      # a relaid word after a vote is open
        assert len(timed) > 6 and all(0 <= ev["ms"] <= 3_600_000 for ev in timed)
    finally:
        tv.stop()
