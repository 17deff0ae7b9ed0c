"""Phone test helpers: a TV (a PhoneHost and a PhoneTable over a LocalSession, with bots in
their seats) that a test drives a frame at a time, and the check that every frame a phone
received is exactly what the seat's view and event views give."""
from __future__ import annotations

import copy
import importlib
import json
import time
from collections import deque
from typing import Any, Iterable

from engine.core.reading import seat_event
from engine.core.rng import Rng
from engine.core.session import LocalSession, fold
from engine.core.turns import view_with_status
from engine.registry import bot_for, rules_for
from net.phones.host import PhoneHost
from net.phones.limits import PhoneLimits
from net.phones.table import PhoneTable

HOSTNAME = "couchtop.test"       # mapped to the loopback by the browser's resolver rules


def plain(x: Any) -> Any:
    """`x` as it comes back from JSON (tuples become lists)."""
    return json.loads(json.dumps(x))


def asked(rules: Any, state: Any, events: list, seat: int, m: dict) -> dict:
    """What the host answers to a phone's preview or hint (net/phones/preview.py, hints.py) from
    `state`, the fold of `events`: the frame `m` must be exactly this."""
    from net.phones.hints import hint_frame
    from net.phones.preview import preview_frame, seat_check
    view = view_with_status(rules, state, seat)
    if m["k"] == "hint":
        return plain(hint_frame(rules.game, view, seat, m["seq"]))
    check = seat_check(rules, state, events, seat)
    return plain(preview_frame(view, check, seat, m["cards"], m["letters"], m["seq"]))


def _key(view: Any) -> str:
    return json.dumps(view, sort_keys=True)


def _first_at(views: dict[int, Any]) -> dict[str, int]:
    """Each view's text -> the first prefix length it is the view after."""
    out: dict[str, int] = {}
    for n, v in views.items():
        out.setdefault(_key(v), n)
    return out


def _states_at(tv: Any, ns: Iterable[int]) -> dict[int, Any]:
    """A copy of the state after each prefix length in `ns`, from one fold of the log (not
    one fold per frame)."""
    want, out = set(ns), {}
    if not want:
        return out
    events = tv.session.events
    state = fold(tv.rules, len(tv.kinds), tv.options, [])
    for n in range(max(want) + 1):
        if n:
            state = tv.rules.apply(state, events[n - 1])
        if n in want:
            out[n] = copy.deepcopy(state)
    return out


class Tv:
    """A game at the TV with phone seats: `kinds` per seat ("phone", "bot" or "tv")."""

    def __init__(self, game: str, kinds: list[str], *, seed: int = 1, options: dict | None = None,
                 clock: Any = None, log_dir: Any = None, **limits: Any) -> None:
        self.game = game
        self.kinds = kinds
        names = [f"Bot {s + 1}" if k == "bot" else "" for s, k in enumerate(kinds)]
        kw = {"clock": clock} if clock is not None else {}
        self.host = PhoneHost(game, kinds, names, hostnames=[HOSTNAME],
                              limits=PhoneLimits().with_(**limits), **kw)
        self.host.start()
        self.rules = rules_for(game)
        self.seed = seed
        self.options = dict(options or {})
        self.log_dir = log_dir
        self.session: LocalSession | None = None
        self.table: PhoneTable | None = None
        self.bots = {s: bot_for(game, None, "normal", s, 0) for s, k in enumerate(kinds) if k == "bot"}

    @property
    def url(self) -> str:
        return f"http://{HOSTNAME}:{self.host.port}/"

    def start_game(self) -> None:
        """Start the game with the names the phones gave (the room locks)."""
        seats = self.host.seats()
        players = [{"name": s["name"] or f"P{i + 1}", "kind": "bot" if s["kind"] == "bot" else "human",
                    "level": "normal"} for i, s in enumerate(seats)]
        self.session = LocalSession(self.rules, len(self.kinds), self.options, self.seed, players,
                                    log=self.log_dir is not None, log_dir=self.log_dir)
        self.table = PhoneTable(self.host, self.session)
        self.host.lock()

    def pump(self) -> None:
        """One frame of the TV's loop: phones' messages, then the bots' moves."""
        if self.table is None:
            self.host.poll()
            return
        self.table.pump()
        s = self.session
        assert s is not None
        while s.outcome() is None:
            bots = [seat for seat in sorted(s.to_act()) if seat in self.bots]
            if not bots:
                break
            seat = bots[0]
            s.submit(self.bots[seat].choose(s.view(seat), seat))

    def stop(self) -> None:
        if self.table is not None:
            self.table.close()
        self.host.stop()

    # ---- what each seat may have been sent ----------------------------------------------
    def views_by_length(self, seat: int) -> dict[int, Any]:
        """The seat's view after each prefix of the log (as JSON gives it back); kept for
        the log as it is (the frame check and the scramble both read it)."""
        assert self.session is not None
        rules, events = self.rules, self.session.events
        # (a borrowed method too: AppTv, tests/browser/test_phone_tv.py, has no __init__ of ours)
        kept = self.__dict__.setdefault("_views", {})
        last = events[-1] if events else None
        if seat in kept:
            session, n, was_last, views = kept[seat]
            if session is self.session and n == len(events) and was_last is last:
                return views
        state = fold(self.rules, len(self.kinds), self.options, [])
        out = {0: plain(view_with_status(rules, state, seat))}
        for n, ev in enumerate(events, 1):
            state = rules.apply(state, ev)
            out[n] = plain(view_with_status(rules, state, seat))
        kept[seat] = (self.session, len(events), last, out)
        return out

    def scramble_frames(self, seat: int, frames: Iterable[str], seed: int = 1) -> tuple[int, int]:
        """The conformance suite's scramble over the frames a phone received: with every
        secret `seat` may not know changed (engine/<game>/scramble.py), each game frame
        (previews and hints included) would have been the same. Returns (frames checked, scrambles that changed the state)."""
        assert self.session is not None
        mod = importlib.import_module(f"engine.{self.game}.scramble")
        rules, events, rng = self.rules, self.session.events, Rng(seed)
        wanted: dict[int, list[tuple[dict, int | None]]] = {}
        views = self.views_by_length(seat)
        view_at = _first_at(views)
        for text in frames:
            m = json.loads(text)
            if m["k"] == "view":
                n = view_at.get(_key(m["view"]))
                if n is None:
                    n = next(n for n, v in views.items() if v == m["view"])
                wanted.setdefault(n, []).append((m, None))
            elif m["k"] == "events":
                first, last = m["events"][0]["seq"], m["events"][-1]["seq"]
                wanted.setdefault(last + 1, []).append((m, first))
            elif m["k"] in ("preview", "hint"):      # the seat's own asks, answered from its view
                wanted.setdefault(m["seq"], []).append((m, None))
        state = fold(rules, len(self.kinds), self.options, [])
        checked = changed = 0
        for n in range(len(events) + 1):
            if n:
                state = rules.apply(state, events[n - 1])
            for m, first in wanted.get(n, ()):
                other = mod.scramble(copy.deepcopy(state), seat, rng)
                changed += rules.to_data(other) != rules.to_data(state)
                if m["k"] in ("preview", "hint"):
                    assert asked(rules, other, events[:n], seat, m) == m
                    checked += 1
                    continue
                assert plain(view_with_status(rules, other, seat)) == m["view"]
                if first is not None:
                    seen = [seat_event(rules, mod.scramble_event(copy.deepcopy(ev), seat, rng), seat)
                            for ev in events[first:n]]
                    assert plain(seen) == m["events"]
                checked += 1
        return checked, changed

    def check_frames(self, seat: int, frames: Iterable[str]) -> int:
        """Every frame a phone at `seat` received is a lobby, welcome, paused, refused or
        error frame (no game data), the seat's whole view at some point of the log, one
        command's events as the seat may see them with the seat's view after them, or
        the answer to the seat's own preview or hint from its view at that point.
        Returns the number of game frames checked."""
        assert self.session is not None
        views = self.views_by_length(seat)
        seen = _first_at(views)
        events = self.session.events
        msgs = [json.loads(text) for text in frames]
        states = _states_at(self, [m["seq"] for m in msgs if m["k"] in ("notebook", "preview", "hint")])
        checked = 0
        for m in msgs:
            k = m["k"]
            if k == "lobby":
                assert set(m) == {"k", "game", "locked", "seats"}
                assert all(set(x) == {"kind", "name", "state"} for x in m["seats"])
            elif k == "welcome":
                assert set(m) == {"k", "seat", "token", "name", "game", "limits"} and m["seat"] == seat
            elif k in ("refused", "error"):
                assert set(m) <= {"k", "code", "params"}
            elif k == "paused":              # a status notice: no game data
                assert set(m) == {"k", "on"} and isinstance(m["on"], bool)
            elif k == "notebook":
                from net.phones.notebook import notebook_frame
                state = states[m["seq"]]
                assert m == plain(notebook_frame(view_with_status(self.rules, state, seat), m["level"], m["seq"]))
                assert m["level"] == self.options.get("assistant")   # (not counted: views and events are)
            elif k in ("preview", "hint"):
                n = m["seq"]
                assert m == asked(self.rules, states[n], events[:n], seat, m)
                checked += 1
            elif k == "view":
                assert set(m) == {"k", "view"}
                assert _key(m["view"]) in seen or m["view"] in views.values()
                checked += 1
            elif k == "events":
                assert set(m) == {"k", "events", "view"}
                first, last = m["events"][0]["seq"], m["events"][-1]["seq"]
                expect = [seat_event(self.rules, dict(ev), seat) for ev in events[first:last + 1]]
                assert m["events"] == plain(expect)
                cmds = {ev.get("cmd") for ev in events[first:last + 1]}     # one command's, all of them
                assert len(cmds) == 1
                assert first == 0 or events[first - 1].get("cmd") not in cmds
                assert last + 1 == len(events) or events[last + 1].get("cmd") not in cmds
                assert m["view"] == views[last + 1]
                checked += 1
            else:
                raise AssertionError(f"unknown frame {k}")
        return checked


class FakeHost:
    """The side of a PhoneHost a PhoneTable uses, with no server: what the table sent is
    kept in `sent` as (seat, frame); what phones asked is put in `inbox`; seats handed
    over (`set_seat`) in `handed`."""

    def __init__(self, names: Iterable[str] = ("Mei", "Ada", "Bo"), kinds: Iterable[str] | None = None) -> None:
        self.names = list(names)
        self.kinds = list(kinds or ["phone"] * len(self.names))
        self.sent: list[tuple[int, dict]] = []
        self.inbox: list[dict] = []
        self.handed: list[tuple[int, str, str]] = []      # set_seat's calls

    def seats(self) -> list[dict]:
        return [{"kind": k, "name": n, "state": "here" if k == "phone" else k} for n, k in zip(self.names, self.kinds)]

    def set_seat(self, seat: int, kind: str, name: str = "") -> None:
        self.kinds[seat] = kind
        self.handed.append((seat, kind, name))

    def send(self, seat: int, frame: dict) -> None:
        self.sent.append((seat, frame))

    def poll(self) -> list[dict]:
        out, self.inbox = self.inbox, []
        return out


CRASHED: list[PhoneHost] = []      # kept whole: a crashed loop's tasks are never finished


def forget_retries(pages: dict) -> None:
    """Drop from each page's console the failures of its reconnect attempts while no TV
    answered (the server gone, or going down or up under it): refused or reset, a 503
    (websockets' answer to a handshake that reaches a server already closing), or closed
    before the handshake's answer (a connection the closing server had just taken)."""
    for ph in pages.values():
        ph.console[:] = [c for c in ph.console if not ("WebSocket connection to" in c and (
            "ERR_CONNECTION_REFUSED" in c or "ERR_CONNECTION_RESET" in c
            or "Unexpected response code: 503" in c
            or "Connection closed before receiving a handshake response" in c))]


def crash(host: PhoneHost) -> None:
    """The host dies as the app would in a crash: its listening socket gone, every phone's
    connection cut with no closing handshake, its loop stopped; nothing is saved or said
    on the way out (nor cleaned up after: CRASHED keeps it from the garbage collector)."""
    CRASHED.append(host)
    loop = host._loop
    assert loop is not None and host._server is not None

    def cut() -> None:
        host._server.server.close()                # the listening socket only
        for link in list(host._links):
            link.ws.transport.abort()
        loop.call_soon(loop.stop)                  # after the sockets' own close callbacks
    loop.call_soon_threadsafe(cut)
    assert host._thread is not None
    host._thread.join(5)
    assert not host._thread.is_alive()


class Pages:
    """A worker's browser tabs, kept for the next phone: opening a browser context costs
    Chromium about 0.35 CPU-s, going to a page in one already open about 0.05. A tab given
    back (`give`) has its storage cleared and is left on about:blank, so the next phone
    starts with no token, name or language, as a new phone would. One whose context holds
    other tabs, or Playwright's clock (installed on the whole context: the next phone's
    timers would never fire), or is closed, is closed, not kept. Contexts are kept per
    locale."""

    def __init__(self, browser) -> None:
        self.browser = browser
        self.free: dict[str, list] = {}

    def take(self, lang: str, viewport: tuple[int, int]):
        size = {"width": viewport[0], "height": viewport[1]}
        if self.free.get(lang):
            page = self.free[lang].pop()
            page.set_viewport_size(size)
            return page
        return self.browser.new_context(locale=lang, viewport=size).new_page()

    def give(self, page, lang: str) -> None:
        from playwright.sync_api import Error
        context = page.context
        try:
            if page.is_closed() or len(context.pages) != 1 or page.evaluate("'__pwClock' in window"):
                context.close()
                return
            page.evaluate("() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) {} }")
            context.clear_cookies()
            page.goto("about:blank")
        except Error:                  # (a page caught mid-navigation, or crashed): not kept
            context.close()
            return
        self.free.setdefault(lang, []).append(page)

    def close(self) -> None:
        for pages in self.free.values():
            for page in pages:
                page.context.close()
        self.free.clear()


class Phone:
    """One page as one phone: every WebSocket frame it receives is kept in `frames`."""

    def __init__(self, pages: Pages, url: str, lang: str = "en", viewport=(360, 640)) -> None:
        self.pages, self.lang = pages, lang
        self.page = pages.take(lang, viewport)
        self.context = self.page.context
        self.frames: list[str] = []
        self.sockets: list = []
        self.console: list[str] = []
        self._on = {"websocket": self._socket, "console": self._console, "pageerror": self._error}
        for name, fn in self._on.items():
            self.page.on(name, fn)
        self.page.goto(url)

    def _socket(self, ws) -> None:
        self.sockets.append(ws)
        ws.on("framereceived", lambda payload: self.frames.append(payload if isinstance(payload, str) else payload.decode()))

    def _console(self, m) -> None:
        if m.type == "error":
            self.console.append(m.text)

    def _error(self, e) -> None:
        self.console.append(str(e))

    def close(self) -> None:
        """Give the tab back: nothing this phone listened for reaches the next one."""
        if not self.page.is_closed():
            for name, fn in self._on.items():
                self.page.remove_listener(name, fn)
        self.pages.give(self.page, self.lang)


# ---- driving real pages (tests/browser) ------------------------------------------------------
NAMES = ["Mei", "阿明", "Bo", "Dee"]


# A tap: the page finds the button (waiting for it, a frame at a time) and says where a
# finger would touch it: on screen (scrolled to if needed), not disabled, and the element at
# that point is the button or inside it; then a real mouse click at that point (trusted
# events through the browser's input). A click-capturing guard checks where the click
# landed: one that hit anything else, or a button a redraw changed in between (a redraw keeps
# the page's elements and brings them up to date: the same button may now say another thing),
# is stopped before any handler sees it and the tap is made again. Cheaper than Page.click,
# whose waits for a stable position (two animation frames) cost ~50 ms a click; the phone
# pages animate nothing.
_TAP_AT = """async ([sel, nth, inner, timeout]) => {
  if (!window.__tap) {
    window.__tap = { want: null, hit: null };
    window.addEventListener("click", (e) => {
      const t = window.__tap;
      if (!t.want) return;
      const ok = t.want.isConnected && t.want.outerHTML === t.drawn && (e.target === t.want || t.want.contains(e.target));
      t.want = null;
      t.hit = ok;
      if (!ok) { e.preventDefault(); e.stopImmediatePropagation(); }
    }, true);
  }
  const end = performance.now() + timeout;
  for (;;) {
    const box = nth === null ? document : document.querySelectorAll(sel)[nth];
    const el = nth === null ? document.querySelector(sel) : box && box.querySelector(inner);
    if (el && !el.disabled) {
      for (let scrolled = 0; scrolled < 2; scrolled++) {     // (out of sight, e.g. in a scrolled box: scrolled to)
        if (scrolled) el.scrollIntoView({ block: "center", inline: "center" });
        const r = el.getBoundingClientRect();
        if (!(r.width > 0 && r.height > 0)) break;
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const at = document.elementFromPoint(x, y);
        if (at && (at === el || el.contains(at))) {
          window.__tap.want = el;
          window.__tap.drawn = el.outerHTML;
          window.__tap.hit = null;
          return [x, y];
        }
      }
    }
    if (performance.now() > end) return null;
    await new Promise((f) => requestAnimationFrame(f));
  }
}"""
_TAP_HIT = """async () => {
  for (let i = 0; window.__tap.hit === null && i < 100; i++) await new Promise((f) => setTimeout(f, 5));
  const hit = window.__tap.hit;
  // no click came (e.g. the page re-drawn between the press and the release): nothing
  // handled one; a late one is stopped (it is on no connected button), and the tap made again
  window.__tap.want = hit === null ? document.createElement("button") : null;
  return hit;
}"""


TAPPED: deque[str] = deque(maxlen=6)     # the last taps, named by `play` when a move never comes


def tap(page, selector: str, nth: int | None = None, inner: str | None = None, timeout_ms: int = 15000) -> None:
    """A real click on the visible, enabled button `selector` (the first), or with `nth`, on
    `inner` within the nth element `selector` matches."""
    TAPPED.append(selector if nth is None else f"{selector}[{nth}] {inner}")
    for _ in range(5):
        at = page.evaluate(_TAP_AT, [selector, nth, inner, timeout_ms])
        if at is None:
            raise AssertionError(f"no button to tap: {selector} {nth} {inner}")
        page.mouse.click(at[0], at[1])
        if page.evaluate(_TAP_HIT):
            return
    raise AssertionError(f"the tap on {selector} {nth} {inner} kept landing elsewhere")


def rest(page, ms: int) -> None:
    """Let `ms` pass, then take in what the page sent meanwhile (its frames, its console):
    a sleep here, then a wait of zero, which reaches only Playwright's driver. A timed
    `wait_for_timeout` sets its timer in the page and wakes the browser each time: about
    2.4 ms of CPU a wait (most of it Chromium's) against 0.4, and the tests wait
    thousands of times."""
    time.sleep(ms / 1000)
    page.wait_for_timeout(0)


# What a page showed, redraw by redraw: after each one (a MutationObserver's callback runs
# once the frame's handler is done), how many elements match `sel`.
_WATCH = """(sel) => {
  window.__seen = [];
  new MutationObserver(() => window.__seen.push(document.querySelectorAll(sel).length))
    .observe(document.getElementById("app"), { childList: true, subtree: true, characterData: true, attributes: true });
}"""


def watch(page, selector: str) -> None:
    """Start counting `selector`'s elements on `page` after each redraw (read by `blinks`)."""
    page.evaluate(_WATCH, selector)


def blinks(page) -> tuple[int, int]:
    """(how many times what `watch` counted went to none and came back, the most it counted)."""
    seen = page.evaluate("window.__seen")
    n, gone = 0, False
    for before, now in zip(seen, seen[1:]):
        if before and not now:
            gone = True
        elif gone and now:
            n, gone = n + 1, False
    return n, max(seen, default=0)


def until(tv, page, pred, what, timeout_ms=15000):
    """Run the TV's loop (and the page's events) until `pred()`."""
    for _ in range(timeout_ms // 10):
        tv.pump()
        if pred():
            return
        rest(page, 10)
    raise AssertionError(f"timed out waiting for {what}")


def last_view(phone):
    for text in reversed(phone.frames):
        m = json.loads(text)
        if m["k"] in ("view", "events"):
            return m["view"]
    return None


def in_sync(tv, phone, seat):
    """The page has the seat's current view."""
    return last_view(phone) == plain(tv.session.view(seat))


def check_page_fits(page, width=360):
    """A phone page as a person needs it: nothing scrolls sideways, it is not a secure
    context (as on a LAN), every visible button is at least 40 px tall (a touch target),
    and no text is cut short with an ellipsis or hidden overflow."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("window.isSecureContext") is False
    small = page.evaluate("""[...document.querySelectorAll('button')]
        .filter((b) => b.offsetParent && b.getBoundingClientRect().height < 40).map((b) => b.textContent)""")
    assert not small, small
    cut = page.evaluate("""[...document.querySelectorAll('#app *')].filter((e) => {
        const st = getComputedStyle(e);
        return st.textOverflow === 'ellipsis' || (st.overflowX === 'hidden' && e.scrollWidth > e.clientWidth);
      }).map((e) => e.textContent)""")
    assert not cut, cut          # no text is cut short


def seat_phones(tv, phones, seats, langs=None):
    out = {}
    for i, seat in enumerate(seats):
        lang = (langs or {}).get(seat, "en")
        ph = phones(f"{tv.url}#{tv.host.code}", lang=lang)
        ph.page.wait_for_selector(f"button[data-seat='{seat}']")
        ph.page.fill("#name", NAMES[i])
        tap(ph.page, f"button[data-seat='{seat}']")
        until(tv, ph.page, lambda: tv.host.seats()[seat]["state"] == "here", "the seat")
        out[seat] = ph
    return out


def play(tv, pages, act, most: int | None = None):
    """Play to the end (or `most` phone moves, bots between them): each time a phone seat
    is to act, its page (once in sync) acts."""
    any_page = next(iter(pages.values())).page
    moves = 0
    while tv.session.outcome() is None:
        tv.pump()
        acting = [s for s in sorted(tv.session.to_act()) if s in pages]
        if not acting:
            rest(any_page, 5)
            continue
        seat = acting[0]
        ph = pages[seat]
        until(tv, ph.page, lambda: in_sync(tv, ph, seat), f"seat {seat}'s page")
        n = len(tv.session.events)
        act(ph.page, seat, tv.session.view(seat))
        try:
            until(tv, ph.page, lambda: len(tv.session.events) > n, f"seat {seat}'s move")
        except AssertionError as e:        # say what the page showed and was last sent
            shown = ph.page.inner_text("body")
            sent = [json.loads(f)["k"] for f in ph.frames[-6:]]
            raise AssertionError(f"{e}: the page showed {shown!r}; its last frames {sent}; the last "
                                 f"taps {list(TAPPED)}; the driver's move {getattr(act, 'last', None)}") from None
        moves += 1
        if most is not None and moves >= most:
            return moves
    for seat, ph in pages.items():
        until(tv, ph.page, lambda: in_sync(tv, ph, seat), "the last frame")
    return moves


def wooolf_move(page, seat, view):
    if view["phase"] == "final":
        for i in range(len(view["targets"])):
            tap(page, ".arrow", nth=i, inner="button[data-seat='-1']")
        tap(page, "#declare")
        return
    if view["can_shuffle"] and view["turns_taken"][seat] == 0:
        tap(page, "#shuffle")
    elif page.locator("#peek").count():
        tap(page, "#peek")
        tap(page, "button[data-seat]")
        tap(page, "button[data-pos='1']")
    elif page.locator("#ask").count():
        tap(page, "#ask")
        tap(page, "button[data-question]")
        tap(page, "button[data-seat]")
    else:
        tap(page, "#declare_early")
        for i in range(len(view["targets"])):
            tap(page, ".arrow", nth=i, inner="button[data-seat='-1']")
        tap(page, "#declare")


def wordporters_move(page, seat, view):
    # the frame may be in before the page has drawn it: wait for this seat's controls
    page.wait_for_selector("button[data-vote], button[data-card], #decline")
    if view["phase"] == "vote":
        others = [s for s in range(view["seats"]) if s != seat]
        for k, s in enumerate(others):
            tap(page, f"button[data-vote='{s}:{(seat + k) % 10 + 1}']")
        tap(page, "#vote")
    elif page.locator("button[data-card]").count():
        tap(page, "button[data-card]")
    else:
        tap(page, "#decline")
