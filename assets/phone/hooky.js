// Hooky on a phone: your letters (and which you turned up), the starting clue, asking a
// seat a word, revealing and peeking, proposing a word and the table's vote, the answers
// everyone heard, your worksheet (marks by touch, kept on this phone), the hooky guesses
// and naming the other hands in secret, the scores. Only the seat's view; every refusal
// comes back from the TV's rules as a catalog key.
import { t, el, button, section } from "./ui.js";

const LETTERS = "abcdefghijklmnopqrstuvwxyz".split("");
const MARKS = ["", "has", "not", "maybe"];
const MARK_SIGN = { "": "·", has: "✓", not: "×", maybe: "?" };
const up = (s) => String(s).toUpperCase();

export function narrate(ev, c) {
  const p = (seat) => c.name(seat);
  switch (ev.type) {
    case "dealt": return t("hooky.log.dealt", { player: p(ev.start) });
    case "clue_given": return t("hooky.log.clue_given", { player: p(ev.seat), word: up(ev.word), answer: ev.answer });
    case "word_proposed": return t("hooky.log.word_proposed", { player: p(ev.seat), word: up(ev.word) });
    case "word_voted": return t(ev.accept ? "hooky.log.word_voted_yes" : "hooky.log.word_voted_no", { player: p(ev.seat), word: up(ev.word) });
    case "word_accepted": return t("hooky.log.word_accepted", { word: up(ev.word) });
    case "word_refused": return t("hooky.log.word_refused", { word: up(ev.word) });
    case "card_revealed": return t("hooky.log.card_revealed", { player: p(ev.seat), letter: up(ev.letter), target: p(ev.target) });
    case "card_peeked":
      if (ev.seat === c.seat && ev.letter) return t("hooky.log.card_peeked_mine", { letter: up(ev.letter), target: p(ev.target) });
      return t("hooky.log.card_peeked", { player: p(ev.seat), target: p(ev.target) });
    case "asked": return t("hooky.log.asked", { player: p(ev.seat), target: p(ev.target), word: up(ev.word), answer: ev.answer });
    case "round_ended": return ev.flip ? t("hooky.log.round_ended_flip", { round: ev.round, letter: up(ev.flip) })
      : t("hooky.log.round_ended", { round: ev.round });
    case "hooky_guessed":
      if (ev.seat === c.seat && ev.letters) return t("hooky.log.hooky_guessed_mine", { letters: ev.letters.map(up).join(" ") });
      return t("hooky.log.hooky_guessed", { player: p(ev.seat) });
    case "hands_named":
      return ev.seat === c.seat && ev.hands ? t("hooky.log.hands_named_mine") : t("hooky.log.hands_named", { player: p(ev.seat) });
    case "game_ended": return t("hooky.log.game_ended", { letters: ev.hooky.map(up).join(" ") });
    default: return null;
  }
}

function mine(c) {
  return c.view.status.acting.includes(c.seat);
}

function status(c) {
  const v = c.view;
  if (v.status.ended) return t("hooky.ui.game_over");
  if (mine(c)) return t(`hooky.ui.you.${v.phase}`, { name: c.name(c.seat) });
  const acting = v.status.acting;
  if (acting.length === 1) return t("phone.waiting_for", { name: c.name(acting[0]) });
  return t("hooky.ui.waiting_others", { phase: `@hooky.phase.${v.phase}` });
}

// ---- the worksheet: a mark per letter and place, kept on this phone -------------------------
function places(c) {
  const v = c.view;
  const out = [];
  for (let s = 0; s < v.seats; s++) if (s !== c.seat) out.push({ key: String(s), label: c.name(s), seat: s });
  out.push({ key: "playground", label: t("hooky.ui.place.playground") });
  out.push({ key: "hooky", label: t("hooky.ui.place.hooky") });
  return out;
}

function sheet(c) {
  const ui = c.ui;
  if (!ui.sheet) {
    try { ui.sheet = JSON.parse(localStorage.getItem(sheetKey(c)) || "{}"); } catch { ui.sheet = {}; }
  }
  return ui.sheet;
}

function sheetKey(c) {
  // one worksheet per game: the seat's letters and the first clue name the deal
  const v = c.view;
  return `couchtop.hooky.sheet.${c.seat}.${(v.hand || []).join("")}`;
}

function mark(c, place, letter, value) {
  const ws = sheet(c);
  ws[`${place}:${letter}`] = value;
  localStorage.setItem(sheetKey(c), JSON.stringify(ws));
}

function worksheet(c) {
  const v = c.view;
  const ws = sheet(c);
  const cols = places(c);
  const known = new Set(v.hand || []);
  const nb = c.notebook && c.notebook.cells ? c.notebook : null;
  const head = el("tr", {}, el("th", {}, ""), cols.map((p) => el("th", { class: "place" }, p.label)));
  const rows = LETTERS.map((l) => el("tr", { class: known.has(l) ? "own" : "" }, el("th", {}, up(l)),
    cols.map((p) => {
      const key = `${p.key}:${l}`;
      const m = ws[key] || "";
      // a blank cell shows the assistant's mark (the table's level): forced, or a chance
      const auto = !m && nb ? (nb.cells[key] ? MARK_SIGN[nb.cells[key]] : (key in nb.p ? `${nb.p[key]}` : null)) : null;
      return el("td", {}, known.has(l) ? el("span", { class: "dim" }, "—") : button(auto ?? MARK_SIGN[m], () => {
        mark(c, p.key, l, MARKS[(MARKS.indexOf(m) + 1) % MARKS.length]);
        c.redraw();
      }, { class: m ? `mark ${m}` : (auto ? `mark auto ${nb.cells[key] ? `auto-${nb.cells[key]}` : "p"}` : "mark"), "data-mark": key, "aria-label": `${up(l)} · ${p.label}` }));
    })));
  return section(t("phone.hooky.worksheet"), el("p", { class: "dim" }, t("phone.hooky.marks")),
    nb ? el("p", { class: "dim", id: "assistant" }, t(`phone.hooky.assistant.${nb.level}`)) : null,
    el("div", { class: "sheetwrap" }, el("table", { class: "sheet" }, el("thead", {}, head), el("tbody", {}, rows))));
}

// ---- what is on the table --------------------------------------------------------------------
function hand(c) {
  const v = c.view;
  if (!v.hand) return null;
  const shown = new Set(v.revealed[c.seat]);
  const peeks = (v.peeks || []).map((p) => t("hooky.ui.peek_item", { letter: up(p.letter), name: c.name(p.target) }));
  return section(t("hooky.ui.your_cards", { name: c.name(c.seat) }),
    el("div", { class: "letters" }, v.hand.map((l) => el("span", { class: shown.has(l) ? "tile up" : "tile" }, up(l)))),
    peeks.length ? el("p", { class: "dim" }, t("hooky.ui.peeks", { list: peeks.join(", ") })) : null);
}

function table(c) {
  const v = c.view;
  const rows = [];
  for (let s = 0; s < v.seats; s++) {
    const face = v.revealed[s].map(up).join(" ");
    rows.push(el("li", {}, el("strong", {}, c.name(s)), `: ${face ? face + " · " : ""}${t("phone.hooky.hidden", { n: v.hidden_counts[s] })}`,
      v.result ? ` · ${t("phone.hooky.points", { n: v.result.scores[s] })}` : ""));
  }
  const flipped = v.flipped.length ? v.flipped.map(up).join(" ") : "—";
  return section(t("hooky.ui.round_of", { n: Math.max(v.round, 1), total: 6 }), el("ul", { id: "seats" }, rows),
    el("p", {}, `${t("hooky.ui.place.playground")}: ${flipped}`));
}

function answers(c) {
  const v = c.view;
  const lines = v.clues.map((q) => el("li", {}, `${c.name(q.seat)}: ${up(q.word)} → ${q.answer}`));
  for (const a of v.asks) lines.push(el("li", {}, `${a.round}. ${c.name(a.asker)} → ${c.name(a.seat)}: ${up(a.word)} → ${a.answer}`));
  if (!lines.length) return null;
  lines.reverse();
  return section(t("hooky.ws.questions"), el("ul", { class: "answers" }, lines));
}

function result(c) {
  const v = c.view;
  if (!v.result) return null;
  const r = v.result;
  const won = r.winners || [];
  return section(t("hooky.log.game_ended", { letters: r.hooky.map(up).join(" ") }), el("ul", {}, r.scores.map((sc, s) =>
    el("li", { class: won.includes(s) ? "won" : "" }, `${c.name(s)}: ${t("phone.hooky.points", { n: sc })}`))),
    r.tiebreak ? el("p", { class: "dim" }, t(r.tiebreak)) : null);
}

// ---- what the seat may do now -----------------------------------------------------------------
function wordInput(c) {
  const ui = c.ui;
  const input = el("input", { id: "word", maxlength: 5, autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", "aria-label": t("hooky.ui.type_word"), placeholder: "ABCDE",
    oninput: (e) => { ui.word = e.currentTarget.value.trim().toLowerCase(); } });
  input.value = ui.word || "";
  return input;
}

function clear(c) {
  for (const k of ["word", "target", "letter", "picked", "mode"]) delete c.ui[k];
}

function send(c, cmd) {
  c.send(cmd);
  clear(c);
}

function seatButtons(c, pick, chosen, attr) {
  const v = c.view;
  const seats = [];
  for (let s = 0; s < v.seats; s++) if (s !== c.seat) seats.push(s);
  return el("div", { class: "grid" }, seats.map((s) => button(c.name(s), () => pick(s),
    { class: s === chosen ? "pick on" : "pick", [attr]: s })));
}

function propose(c) {
  return button(t("hooky.ui.propose"), () => { if (c.ui.word) send(c, { type: "propose", word: c.ui.word }); },
    { class: "big", id: "propose" });
}

function clue(c) {
  return section(t("hooky.ui.give_clue"), el("p", { class: "hint" }, t("hooky.ui.prompt.clue")), wordInput(c),
    button(t("hooky.ui.give_clue"), () => { if (c.ui.word) send(c, { type: "clue", word: c.ui.word }); }, { class: "big go", id: "give" }),
    propose(c), el("p", { class: "dim" }, t("hooky.ui.propose_about")));
}

function reveal(c) {
  const v = c.view;
  const ui = c.ui;
  const hidden = v.hand.filter((l) => !v.revealed[c.seat].includes(l));
  const ready = ui.letter !== undefined && ui.target !== undefined;
  return section(t("hooky.ui.reveal"), el("p", { class: "hint" }, ready
    ? t("hooky.ui.reveal_plan", { letter: up(ui.letter), name: c.name(ui.target) }) : t("hooky.ui.prompt.reveal")),
    el("div", { class: "letters" }, hidden.map((l) => button(up(l), () => { ui.letter = l; c.redraw(); },
      { class: ui.letter === l ? "tile pick on" : "tile pick", "data-letter": l }))),
    seatButtons(c, (s) => { ui.target = s; c.redraw(); }, ui.target, "data-target"),
    button(t("hooky.ui.do_reveal"), () => send(c, { type: "reveal", letter: ui.letter, target: ui.target }),
      { class: "big go", id: "do_reveal", disabled: !ready }),
    button(t("hooky.ui.cancel"), () => { clear(c); c.redraw(); }, { class: "back" }));
}

function ask(c) {
  const v = c.view;
  const ui = c.ui;
  if (ui.mode === "reveal") return reveal(c);
  const ready = ui.target !== undefined;
  return section(t("hooky.ui.ask"), el("p", { class: "hint" }, t("hooky.ui.prompt.ask")),
    seatButtons(c, (s) => { ui.target = s; c.redraw(); }, ui.target, "data-ask"),
    wordInput(c),
    button(t("hooky.ui.ask"), () => { if (ready && ui.word) send(c, { type: "ask", target: ui.target, word: ui.word }); },
      { class: "big go", id: "ask", disabled: !ready }),
    propose(c),
    v.can_reveal ? button(t("hooky.ui.reveal"), () => { ui.mode = "reveal"; c.redraw(); }, { class: "big", id: "reveal" }) : null);
}

function vote(c) {
  const p = c.view.pending;
  return section(t("hooky.action.vote"), el("p", { class: "hint" }, t("hooky.ui.prompt.vote", { name: c.name(p.seat), word: up(p.word) })),
    el("div", { class: "grid" },
      button(t("hooky.ui.accept"), () => send(c, { type: "vote", accept: true }), { class: "big go", id: "accept" }),
      button(t("hooky.ui.refuse"), () => send(c, { type: "vote", accept: false }), { class: "big", id: "refuse" })));
}

function guess(c) {
  const v = c.view;
  const ui = c.ui;
  if (!ui.picked) ui.picked = [];
  const own = new Set(v.hand || []);
  const grid = el("div", { class: "abc" }, LETTERS.map((l) => button(up(l), () => {
    const i = ui.picked.indexOf(l);
    if (i >= 0) ui.picked.splice(i, 1);
    else if (ui.picked.length < 3) ui.picked.push(l);
    c.redraw();
  }, { class: ui.picked.includes(l) ? "tile pick on" : "tile pick", "data-guess": l, disabled: own.has(l) && !ui.picked.includes(l) })));
  return section(t("hooky.ui.prompt.guess", { round: v.round }), grid,
    button(t("hooky.ui.confirm"), () => send(c, { type: "guess", letters: ui.picked.slice() }),
      { class: "big go", id: "guess", disabled: ui.picked.length !== 3 }));
}

function nameHands(c) {
  const v = c.view;
  const ws = sheet(c);
  const hands = {};
  const lines = [];
  for (let s = 0; s < v.seats; s++) {
    if (s === c.seat) continue;
    hands[s] = LETTERS.filter((l) => ws[`${s}:${l}`] === "has");
    lines.push(el("li", {}, `${c.name(s)}: ${hands[s].map(up).join(" ") || "—"}`));
  }
  return section(t("hooky.action.name_hands"), el("p", { class: "hint" }, t("hooky.ui.prompt.hands")),
    el("ul", { id: "named" }, lines),
    button(t("hooky.ui.confirm"), () => send(c, { type: "name_hands", hands }), { class: "big go", id: "name" }));
}

function actions(c) {
  const v = c.view;
  if (!mine(c)) return null;
  switch (v.phase) {
    case "clue": return clue(c);
    case "turn": return ask(c);
    case "vote": return vote(c);
    case "guess": return guess(c);
    case "hands": return nameHands(c);
    default: return null;
  }
}

export function render(c) {
  const v = c.view;
  return [el("p", { class: "status", id: "status" }, status(c)), result(c), actions(c), hand(c), table(c),
    v.pending && !mine(c) ? el("p", { class: "dim" }, t("hooky.log.word_proposed", { player: c.name(v.pending.seat), word: up(v.pending.word) })) : null,
    answers(c), worksheet(c)];
}
