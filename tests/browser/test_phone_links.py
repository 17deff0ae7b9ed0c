"""Real pages losing and retaking their seats, and pages that misbehave: a reload and a cut
socket come back to the seat with the whole view; a name half typed when another phone
joins keeps its text and the keyboard's focus; a second page with the same token takes
the seat; a wrong room code, a forged seat, an oversized frame and a flood are refused and
change nothing for anyone else. Screenshots of the pages in both languages at 360x640."""
from __future__ import annotations

import json

from support.phones import (Tv, in_sync, last_view, plain, play, rest, seat_phones, tap, until, wooolf_move,
                            wordporters_move)


def cut(tv, seat):
    """The TV side of a phone's socket drops without a close handshake (a phone asleep)."""
    host = tv.host
    links = [link for link in host._links if link.seat == seat]
    assert links
    host._soon(lambda: [link.ws.transport.abort() for link in links])


def test_wooolf_reload_and_a_cut_socket_come_back_with_the_whole_view(phones):
    tv = Tv("wooolf", ["phone", "phone", "bot", "bot"], seed=4)
    try:
        pages = seat_phones(tv, phones, [0, 1])
        tv.start_game()
        play(tv, pages, wooolf_move, most=4)
        a = pages[0]
        until(tv, a.page, lambda: in_sync(tv, a, 0), "seat 0 in sync")
        token = a.page.evaluate("localStorage.getItem('couchtop.token')")
        # a reload: the page resumes with its token and gets the whole view
        before = len(a.frames)
        a.page.reload()
        until(tv, a.page, lambda: any(json.loads(f)["k"] == "view" for f in a.frames[before:]), "the view after the reload")
        assert a.page.evaluate("localStorage.getItem('couchtop.token')") == token
        assert last_view(a) == plain(tv.session.view(0))
        a.page.wait_for_selector("#status")
        assert tv.host.seats()[0]["state"] == "here"
        # a cut socket: the page reconnects at once and resumes
        before = len(a.frames)
        cut(tv, 0)
        until(tv, a.page, lambda: any(json.loads(f)["k"] == "view" for f in a.frames[before:]), "the view after the cut")
        kinds = [json.loads(f)["k"] for f in a.frames[before:]]
        assert kinds[0] == "welcome" and "view" in kinds
        assert last_view(a) == plain(tv.session.view(0))
        # the game goes on from the pages
        play(tv, pages, wooolf_move, most=2)
        for seat, ph in pages.items():
            tv.check_frames(seat, ph.frames)
    finally:
        tv.stop()


def test_a_second_page_with_the_token_takes_the_seat(phones, browser):
    tv = Tv("wordporters", ["phone", "phone", "bot"], seed=2)
    try:
        pages = seat_phones(tv, phones, [0, 1])
        tv.start_game()
        a = pages[0]
        until(tv, a.page, lambda: in_sync(tv, a, 0), "seat 0 in sync")
        # the same phone's second tab shares its localStorage, so its token
        b_page = a.context.new_page()
        b_frames: list[str] = []
        b_page.on("websocket", lambda ws: ws.on("framereceived", lambda p: b_frames.append(p)))
        b_page.goto(tv.url)
        until(tv, b_page, lambda: any(json.loads(f)["k"] == "view" for f in b_frames), "the second page's view")
        until(tv, a.page, lambda: any(json.loads(f) == {"k": "error", "code": "phone.err.replaced"} for f in a.frames),
              "the first page told")
        a.page.wait_for_selector(".note")
        assert "another page or phone" in a.page.inner_text(".note")
        assert tv.host.seats()[0]["state"] == "here"
        assert json.loads(b_frames[-1])["view"] == plain(tv.session.view(0))
        tv.check_frames(0, b_frames)
    finally:
        tv.stop()


def test_a_name_half_typed_keeps_its_text_and_focus_when_another_phone_joins(phones):
    tv = Tv("wooolf", ["phone", "phone", "bot"], seed=4)
    try:
        a = phones(f"{tv.url}#{tv.host.code}")
        a.page.wait_for_selector("button[data-seat='0']")
        a.page.click("#name")
        a.page.keyboard.type("Me")
        a.page.evaluate("window.__kept = [document.getElementById('name'), document.querySelector('ul.seats')]")
        lobbies = sum(1 for f in a.frames if json.loads(f)["k"] == "lobby")
        seat_phones(tv, phones, [1])                       # someone else sits down meanwhile
        until(tv, a.page, lambda: sum(1 for f in a.frames if json.loads(f)["k"] == "lobby") > lobbies,
              "the new lobby on the first page")
        a.page.wait_for_selector("button[data-seat='1']", state="detached")    # redrawn
        assert a.page.input_value("#name") == "Me"
        assert a.page.evaluate("document.activeElement.id") == "name"
        # the redraw brought the page up to date in place: the field and the list are the same
        # elements, not new ones put where they were
        assert a.page.evaluate("window.__kept[0] === document.getElementById('name')"
                               " && window.__kept[1] === document.querySelector('ul.seats')")
        a.page.keyboard.type("i")                          # the keyboard still types into it
        tap(a.page, "button[data-seat='0']")
        until(tv, a.page, lambda: tv.host.seats()[0]["state"] == "here", "the seat")
        assert tv.host.seats()[0]["name"] == "Mei"
    finally:
        tv.stop()


FORGER = """async ([kind, payload]) => {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  const got = [];
  await new Promise((ok) => { ws.onopen = ok; });
  ws.onmessage = (e) => got.push(JSON.parse(e.data));
  const closed = new Promise((ok) => { ws.onclose = (e) => ok(e.code); });
  ws.send(JSON.stringify({k: "hello", code: payload.code}));
  await new Promise((ok) => setTimeout(ok, 100));
  if (kind === "seat") {
    ws.send(JSON.stringify({k: "cmd", cmd: {type: "place", seat: 0, card: 0, side: 0}}));
    ws.send(JSON.stringify({k: "join", seat: 2, name: "Eve"}));
  } else if (kind === "big") {
    ws.send(JSON.stringify({k: "cmd", cmd: {type: "place", pad: "x".repeat(5000)}}));
  } else if (kind === "flood") {
    for (let i = 0; i < 200; i++) ws.send(JSON.stringify({k: "cmd", cmd: {type: "place", card: 0, side: 0}}));
  }
  const code = await Promise.race([closed, new Promise((ok) => setTimeout(() => ok(null), 1500))]);
  ws.close();
  return {got, code};
}"""


def test_wordporters_abuse_is_refused_and_changes_nothing_for_anyone_else(phones):
    tv = Tv("wordporters", ["phone", "phone", "bot"], seed=9, burst=30, rate=10.0)
    try:
        pages = seat_phones(tv, phones, [0, 1])
        tv.start_game()
        play(tv, pages, wordporters_move, most=2)
        for seat, ph in pages.items():
            until(tv, ph.page, lambda: in_sync(tv, ph, seat), "in sync")
        events, seats = len(tv.session.events), tv.host.seats()
        heard = {seat: len(ph.frames) for seat, ph in pages.items()}
        # a wrong room code: the page says so
        wrong = phones(f"{tv.url}#ZZZZ")
        wrong.page.wait_for_selector(".note")
        assert "not this TV's" in wrong.page.inner_text(".note")
        # a forged seat, an oversized frame, a flood: from a page of the TV's own origin
        eve = phones(tv.url)
        forged = eve.page.evaluate(FORGER, ["seat", {"code": tv.host.code}])
        assert [m["k"] for m in forged["got"]] == ["lobby", "refused", "refused"]
        assert [m["code"] for m in forged["got"][1:]] == ["phone.err.not_seated", "phone.err.seat"]
        big = eve.page.evaluate(FORGER, ["big", {"code": tv.host.code}])
        assert big["code"] == 1009
        flood = eve.page.evaluate(FORGER, ["flood", {"code": tv.host.code}])
        assert {"k": "error", "code": "phone.err.rate"} in flood["got"] and flood["code"] == 1008
        for _ in range(20):
            tv.pump()
            rest(eve.page, 10)
        assert len(tv.session.events) == events and tv.host.seats() == seats
        assert {seat: len(ph.frames) for seat, ph in pages.items()} == heard
        # and the game goes on for the others
        play(tv, pages, wordporters_move, most=2)
        assert len(tv.session.events) > events
        for seat, ph in pages.items():
            tv.check_frames(seat, ph.frames)
    finally:
        tv.stop()


def test_phone_pages_in_both_languages_at_360_by_640(phones, tmp_path):
    shots = []
    for game, kinds, act, moves in (("wooolf", ["phone", "phone", "bot", "bot"], wooolf_move, 3),
                                    ("wordporters", ["phone", "phone", "bot"], wordporters_move, 3)):
        tv = Tv(game, kinds, seed=6)
        try:
            pages = seat_phones(tv, phones, [0, 1], langs={1: "zh-TW"})
            tv.start_game()
            play(tv, pages, act, most=moves)
            for seat, ph in pages.items():
                until(tv, ph.page, lambda: in_sync(tv, ph, seat), "in sync")
                assert ph.page.evaluate("document.documentElement.scrollWidth") <= 360   # no sideways scrolling
                assert ph.page.evaluate("window.isSecureContext") is False    # plain http, as on a LAN
                lang = "zh-TW" if seat else "en"
                assert ph.page.get_attribute("html", "lang") == ("zh-Hant-TW" if seat else "en")
                path = tmp_path / f"{game}-{lang}.png"
                ph.page.screenshot(path=str(path), full_page=True)
                shots.append(path)
        finally:
            tv.stop()
    assert all(p.stat().st_size > 5000 for p in shots)
