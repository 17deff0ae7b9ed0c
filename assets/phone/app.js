// The phone page: one WebSocket to the TV (docs/phone-protocol.md), the screens, and the
// game's own module drawing the seat's view. The TV decides everything; the page only
// shows what it was sent and sends what the player chose.
import { t, el, button, morph, chooseLang, loadStrings, lang } from "./ui.js";
import { codeScreen, lobbyScreen } from "./lobby.js";
import * as wooolf from "./wooolf.js";
import * as wordporters from "./wordporters.js";
import * as hooky from "./hooky.js";
import * as paperback from "./paperback.js";
import * as sumoku from "./sumoku.js";

const GAMES = { wooolf, wordporters, hooky, paperback, sumoku };
const TOKEN = "couchtop.token";
const RETRY_MS = [0, 250, 500, 1000, 2000, 4000];
// errors after which the page stops until the player acts; any other close reconnects
const STOP = new Set(["phone.err.code", "phone.err.replaced", "phone.err.rate", "phone.err.slow_down",
  "phone.err.too_many", "phone.err.bad_message", "phone.err.too_big", "phone.err.timeout",
  "phone.err.ended"]);
// errors after which the seat is no longer this phone's
const FORGET = new Set(["phone.err.token", "phone.err.seat_changed", "phone.err.to_tv"]);
const ENDED = "phone.err.ended";    // the TV closed the room: the last view stays, a new code may follow
const SAVED = "phone.err.saved";    // the TV saved the game and left it: the view stays, held, until it goes on

const s = {
  code: null, token: localStorage.getItem(TOKEN), seat: null, name: "", game: null,
  lobby: null, view: null, log: [], note: null, stopped: null, linked: false,
  seq: null, notebook: null,
  paused: false, pausedAt: 0, heldMs: 0,      // the TV's pause, and how long the game stood still here
  saved: false,                               // the TV saved and left: held until the game goes on
  ui: {}, content: {},
};
let sock = null;
let tries = 0;
let timer = null;

function send(msg) {
  if (sock && sock.readyState === WebSocket.OPEN) sock.send(JSON.stringify(msg));
}

function connect() {
  clearTimeout(timer);
  if (s.stopped || (!s.token && !s.code)) return render();
  if (sock && sock.readyState <= WebSocket.OPEN) return;
  const ws = new WebSocket(`ws://${location.host}/ws`);
  sock = ws;
  ws.onopen = () => {
    s.linked = true;
    if (s.token) send({ k: "resume", token: s.token });
    else send({ k: "hello", code: s.code });
    render();
  };
  ws.onmessage = (e) => { tries = 0; receive(JSON.parse(e.data)); };
  ws.onclose = () => {
    if (sock !== ws) return;
    sock = null;
    s.linked = false;
    render();
    if (!s.stopped) timer = setTimeout(connect, RETRY_MS[Math.min(tries++, RETRY_MS.length - 1)]);
  };
}

// The TV paused the game (or goes on): the view stays, the page shows the pause over it.
// The time it stood still is not the game's: `now()` (a spelling clock) leaves it out.
function pause(on) {
  if (on === s.paused) return;
  if (on) s.pausedAt = Date.now();
  else {
    s.heldMs += Date.now() - s.pausedAt;
    if (s.note === t("phone.err.paused")) s.note = null;
  }
  s.paused = on;
}

function now() {
  return (s.paused ? s.pausedAt : Date.now()) - s.heldMs;
}

function forgetToken() {
  s.token = null; s.seat = null; s.view = null;
  localStorage.removeItem(TOKEN);
}

function receive(m) {
  switch (m.k) {
    case "lobby": s.lobby = m; s.game = m.game; break;
    case "welcome":
      s.token = m.token; s.seat = m.seat; s.name = m.name; s.game = m.game; s.note = null;
      pause(false);       // (re)joined: the TV says again if it is still paused
      s.saved = false;
      localStorage.setItem(TOKEN, m.token);
      break;
    case "view": s.view = m.view; s.seq = null; s.notebook = null; break;
    case "notebook":    // for the seat's latest view only (one made from an earlier view is dropped)
      if (s.seq === null || m.seq === s.seq) { s.notebook = m; s.seq = m.seq; }
      break;
    case "events":
      s.view = m.view;
      s.seq = m.events[m.events.length - 1].seq + 1;
      // the assistant's numbers are made from the new view off the TV's loop and come a moment
      // later (a notebook frame, with no numbers if the view has none): until then the last
      // ones stay, so the worksheet or the odds do not blink empty at every move. A whole view
      // (a join, a new game) drops them at once
      for (const ev of m.events) {
        const line = GAMES[s.game]?.narrate(ev, ctx());
        if (line) s.log.push(line);
      }
      s.log = s.log.slice(-8);
      break;
    case "paused": pause(m.on); break;
    case "hint": s.hint = m; break;      // the TV's Hint, for the game's page to take up
    case "preview": GAMES[s.game]?.receive?.(m, ctx()); break;   // a game's own ask answered
    case "refused": s.note = t(m.code, m.params); s.noteShown = false; break;
    case "error":
      if (m.code === SAVED) {     // said where the pause was, not as a passing note
        pause(false); s.saved = true;
        break;
      }
      s.note = t(m.code); s.noteShown = false;
      if (m.code === "phone.err.code") s.code = null;
      if (FORGET.has(m.code)) forgetToken();
      if (m.code === ENDED) { s.token = null; s.code = null; localStorage.removeItem(TOKEN); }
      if (STOP.has(m.code)) s.stopped = m.code;
      break;
  }
  render();
}

function names(seat) {
  const n = s.lobby?.seats?.[seat]?.name;
  return n || t("phone.player_n", { n: seat + 1 });   // no name given: "Player n" in the page's language
}

function ctx() {
  return {
    seat: s.seat, view: s.view, ui: s.ui, lang, content: s.content[s.game] || {}, notebook: s.notebook,
    name: names, send: (cmd) => { s.note = null; send({ k: "cmd", cmd }); },
    draft: (cmd) => send({ k: "draft", cmd }),      // a play being built, for the TV to show
    askHint: () => { s.note = null; send({ k: "hint" }); },
    hint: s.hint, takeHint: () => { s.hint = null; },
    ask: (msg) => send(msg),
    redraw: render, now,
  };
}

function header() {
  const bar = document.getElementById("bar");
  const other = lang === "en" ? "zh-TW" : "en";
  morph(bar, [
    el("span", { class: "who" }, s.seat !== null ? names(s.seat) : t("phone.title")),
    el("span", { class: s.linked ? "link up" : "link down" },
      t(s.linked ? "phone.link.up" : s.stopped ? "phone.link.off" : "phone.link.down")),
    button(t(`phone.lang.${other}`), async () => {
      localStorage.setItem("couchtop.lang", other);
      await loadStrings(other);
      render();
    }, { class: "lang" }),
  ]);
}

function render() {
  header();
  const app = document.getElementById("app");
  const kids = [];
  if (s.note) kids.push(el("p", { class: "note", role: "alert" }, s.note));
  if (s.stopped === ENDED) {
    if (s.view && s.seat !== null) kids.push(...GAMES[s.game].render(ctx()));
    kids.push(...codeScreen(join));
  } else if (s.stopped) {
    kids.push(button(t("phone.retry"), () => { s.stopped = null; s.note = null; tries = 0; connect(); }, { class: "big" }));
    if (!s.code && !s.token) kids.push(...codeScreen(join));
  } else if (!s.token && !s.code) {
    kids.push(...codeScreen(join));
  } else if (s.seat === null) {
    kids.push(...lobbyScreen(s.lobby, (seat, name) => send({ k: "join", seat, name })));
  } else if (!s.view) {
    kids.push(el("p", { class: "wait" }, t("phone.wait_start")));
  } else {
    const game = [...GAMES[s.game].render(ctx())];
    if (s.log.length) game.push(el("section", { class: "log" }, el("h2", {}, t("phone.log")),
      el("ul", {}, s.log.map((line) => el("li", {}, line)))));
    if (s.paused || s.saved) {     // the seat's view stays in sight, out of reach until the TV goes on
      const [id, title, about] = s.saved ? ["saved", "phone.saved", SAVED] : ["paused", "phone.paused", "phone.paused.about"];
      kids.push(el("section", { class: "paused", id, role: "status" }, el("h1", {}, t(title)), el("p", {}, t(about))));
      kids.push(el("div", { class: "held", inert: true }, game));
    } else kids.push(...game);
  }
  // a frame may come while someone types: the field keeps its focus and caret through the
  // redraw (on a phone a lost focus closes the keyboard); its text is the screen's to keep.
  // `morph` keeps the field itself where it can; one it had to replace gets them back here
  const typing = document.activeElement?.matches?.("#app input[id], #app textarea[id]") ? document.activeElement : null;
  morph(app, kids.filter((k) => k));
  const again = typing && document.getElementById(typing.id);
  if (again && again !== typing && !again.disabled) {
    again.focus();
    again.setSelectionRange?.(typing.selectionStart, typing.selectionEnd);
  }
  for (const c of app.querySelectorAll(".held :is(button, input, select, textarea)")) c.disabled = true;
  if (s.note && !s.noteShown) {     // a refusal is read where it shows, whatever was scrolled to
    s.noteShown = true;
    app.querySelector(".note")?.scrollIntoView({ block: "nearest" });
  }
}

function join(code) {
  s.code = code.trim().toUpperCase();
  if (s.stopped === ENDED) { s.seat = null; s.view = null; s.log = []; }
  s.stopped = null; s.note = null; tries = 0;
  connect();
}

function codeFromHash() {
  const code = location.hash.replace("#", "").trim().toUpperCase();
  return /^[A-Z]{4}$/.test(code) ? code : null;
}

async function start() {
  await loadStrings(chooseLang());
  const withContent = ["wooolf", "wordporters", "paperback"];
  const got = await Promise.all(withContent.map((g) => fetch(`/content/${g}.json`).then((r) => r.json())));
  s.content = Object.fromEntries(withContent.map((g, i) => [g, got[i]]));
  s.code = codeFromHash() ?? s.code;
  // the next game's QR code opens this page again with its code: a room of its own
  window.addEventListener("hashchange", () => { const c = codeFromHash(); if (c && c !== s.code && !s.token) join(c); });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { tries = 0; connect(); } });
  window.addEventListener("online", () => { tries = 0; connect(); });
  connect();
  render();
}

start();
