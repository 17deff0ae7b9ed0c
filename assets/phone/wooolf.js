// Wooolf!! on a phone: your cards and identity, peek, ask, shuffle, the dial, your
// notebook, the table's public markers and answers, the reveal. Only the seat's view.
import { t, el, button, section } from "./ui.js";

const NOBODY = -1;

function who(c, seat) {
  const v = c.view;
  if (v.neutral !== null && seat === v.neutral) return t("wooolf.ui.neutral_title");
  return c.name(seat);
}

function cardText(c, id) {
  const card = c.content.cards[id];
  return t("wooolf.card", { role: `@wooolf.role.${card.role}`, public: `@wooolf.public.${card.public}` });
}

export function narrate(ev, c) {
  const me = c.seat;
  const p = (seat) => who(c, seat);
  switch (ev.type) {
    case "round_dealt": return t("wooolf.log.round_dealt", { round: ev.round, player: p(ev.start) });
    case "peeked":
      if (ev.seat === me && ev.card) {
        return t("wooolf.log.peeked_mine", { pos: `@wooolf.card_pos.${ev.pos}`, target: p(ev.target), card: cardText(c, ev.card) });
      }
      return t("wooolf.log.peeked", { player: p(ev.seat), pos: `@wooolf.card_pos.${ev.pos}`, target: p(ev.target),
        said: `@wooolf.public.${ev.announced}` });
    case "neutral_shuffled": return t("wooolf.log.neutral_shuffled");
    case "asked": return t("wooolf.log.asked", { player: p(ev.seat), target: p(ev.target),
      question: `@wooolf.question.${ev.question}`, answer: ev.answer ? "@wooolf.answer.yes" : "@wooolf.answer.no" });
    case "shuffled":
      if (ev.seat === me && "swapped" in ev) return t(ev.swapped ? "wooolf.log.shuffled_swapped" : "wooolf.log.shuffled_kept");
      return t("wooolf.log.shuffled", { player: p(ev.seat) });
    case "declared":
      if (ev.early) return t("wooolf.log.declared_early", { player: p(ev.seat) });
      if (ev.seat === me) return ev.arrows ? t("wooolf.log.declared_mine", { arrows: ev.arrows.map((a) => (a === NOBODY ? "0" : p(a))).join(", ") }) : t("wooolf.log.declined_mine");
      return t("wooolf.log.declared_final", { player: p(ev.seat) });
    case "round_revealed": return t("wooolf.log.round_revealed", { round: ev.round });
    case "game_ended": return t("phone.game_over");
    default: return null;
  }
}

function status(c) {
  const v = c.view;
  const acting = v.status.acting;
  if (v.status.ended) return t("wooolf.ui.banner.over");
  if (acting.includes(c.seat)) return t(v.phase === "final" ? "wooolf.ui.banner.mine.final" : "wooolf.ui.banner.mine.turns", { name: c.name(c.seat) });
  if (acting.length === 1) return t("phone.waiting_for", { name: who(c, acting[0]) });
  return t("wooolf.ui.banner.others", { phase: `@wooolf.phase.${v.phase}` });
}

function myCards(c) {
  const v = c.view;
  if (!v.my_cards) return null;
  const value = (id) => c.content.roles[c.content.cards[id].role].value;
  const top = Math.max(...v.my_cards.map(value));
  const cards = el("div", { class: "cards" }, v.my_cards.map((id, i) => el("div",
    { class: value(id) === top ? "card true" : "card" },
    el("div", { class: "pos" }, t(`wooolf.ui.card_${i + 1}`)),
    el("div", { class: "role" }, t(`wooolf.role.${c.content.cards[id].role}`)),
    el("div", { class: "public" }, t(`wooolf.public.${c.content.cards[id].public}`)),
    value(id) === top ? el("div", { class: "tag" }, t("phone.wooolf.true_card")) : null)));
  const targets = v.targets.map((r, i) => el("li", {}, t("wooolf.ui.target_line", { arrow: i ? ">>" : ">", role: `@wooolf.role.${r}` })));
  return section(null,
    el("p", { class: "identity" }, t("wooolf.ui.you_are"), " ", el("strong", {}, t(`wooolf.role.${v.identity}`))),
    cards, el("h3", {}, t("wooolf.ui.targets")), el("ul", { class: "targets" }, targets),
    el("p", { class: "dim" }, t("wooolf.ui.left", { markers: v.markers_left[c.seat], questions: v.my_questions.length })));
}

function seatButtons(c, seats, pick, chosen) {
  return el("div", { class: "grid" }, seats.map((s) => button(s === NOBODY ? t("wooolf.ui.nobody") : who(c, s), () => pick(s),
    { class: s === chosen ? "pick on" : "pick", "data-seat": s })));
}

function others(c, { neutral = true } = {}) {
  const v = c.view;
  const out = [];
  for (let s = 0; s < v.holders; s++) if (s !== c.seat && (neutral || s !== v.neutral)) out.push(s);
  return out;
}

function dial(c, final) {
  const v = c.view;
  const ui = c.ui;
  if (!ui.arrows || ui.arrows.length !== v.targets.length) ui.arrows = v.targets.map(() => null);
  const rows = v.targets.map((role, i) => el("div", { class: "arrow" },
    el("h3", {}, t("wooolf.ui.target_line", { arrow: i ? ">>" : ">", role: `@wooolf.role.${role}` })),
    seatButtons(c, [NOBODY, ...others(c)], (s) => { ui.arrows[i] = s; c.redraw(); }, ui.arrows[i])));
  const ready = ui.arrows.every((a) => a !== null);
  return [el("p", { class: "hint" }, t(final ? "wooolf.ui.hint.final" : (v.must_declare ? "wooolf.ui.hint.must_declare" : "wooolf.ui.hint.declare"))),
    ...rows,
    button(t("wooolf.ui.do_declare"), () => { c.send({ type: "declare", arrows: ui.arrows.slice() }); reset(c); },
      { class: "big go", disabled: !ready, id: "declare" }),
    final ? button(t("wooolf.ui.decline"), () => { c.send({ type: "decline" }); reset(c); }, { class: "big", id: "decline" }) : null];
}

function reset(c) {
  for (const k of Object.keys(c.ui)) delete c.ui[k];
}

function actions(c) {
  const v = c.view;
  const ui = c.ui;
  if (!v.status.acting.includes(c.seat)) { reset(c); return null; }
  if (v.phase === "final") return section(t("wooolf.ui.banner.mine.final", { name: c.name(c.seat) }), ...dial(c, true));
  const back = button(t("wooolf.ui.cancel"), () => { reset(c); c.redraw(); }, { class: "back" });
  if (ui.mode === "peek") {
    if (ui.target === undefined) {
      return section(t("wooolf.ui.peek"), el("p", { class: "hint" }, t("wooolf.ui.hint.peek")),
        seatButtons(c, others(c), (s) => { ui.target = s; c.redraw(); }), back);
    }
    return section(t("wooolf.ui.peek"), el("p", { class: "hint" }, t("wooolf.ui.hint.peek_card", { name: who(c, ui.target) })),
      el("div", { class: "grid" }, [0, 1].map((pos) => button(t(`wooolf.ui.card_${pos + 1}`), () => {
        c.send({ type: "peek", target: ui.target, pos }); reset(c);
      }, { class: "pick", "data-pos": pos }))), back);
  }
  if (ui.mode === "ask") {
    if (ui.question === undefined) {
      return section(t("wooolf.ui.ask"), el("div", { class: "list" }, [...new Set(v.my_questions)].map((q) =>
        button(t(`wooolf.question.${q}`), () => { ui.question = q; c.redraw(); }, { class: "pick wide", "data-question": q }))), back);
    }
    return section(t(`wooolf.question.${ui.question}`),
      seatButtons(c, others(c, { neutral: false }), (s) => { c.send({ type: "ask", target: s, question: ui.question }); reset(c); }), back);
  }
  if (ui.mode === "declare") return section(t("wooolf.ui.declare_early"), ...dial(c, false), back);
  const markers = v.markers_left[c.seat] > 0;
  return section(t("phone.your_move"),
    el("p", { class: "hint" }, t(v.red[c.seat] ? "wooolf.ui.hint.choose_red" : "wooolf.ui.hint.choose")),
    el("div", { class: "grid" },
      v.can_shuffle ? button(t("wooolf.ui.shuffle"), () => c.send({ type: "shuffle" }), { class: "act", id: "shuffle" }) : null,
      markers ? button(t("wooolf.ui.peek"), () => { ui.mode = "peek"; c.redraw(); }, { class: "act", id: "peek" }) : null,
      v.my_questions.length ? button(t("wooolf.ui.ask"), () => { ui.mode = "ask"; c.redraw(); }, { class: "act", id: "ask" }) : null,
      (v.can_declare_early || v.must_declare) ? button(t("wooolf.ui.declare_early"), () => { ui.mode = "declare"; c.redraw(); }, { class: "act", id: "declare_early" }) : null));
}

function notebook(c) {
  const v = c.view;
  const lines = v.my_peeks.map((p) => el("li", {}, `${who(c, p.target)} · ${t(`wooolf.card_pos.${p.pos}`)}: ${cardText(c, p.card)}`
    + (p.epoch !== v.epochs[p.target] ? ` (${t("wooolf.howto.shuffle.old")})` : "")));
  if (v.my_dial) lines.push(el("li", {}, t("phone.wooolf.my_dial", { arrows: v.my_dial.arrows ? v.my_dial.arrows.map((a) => (a === NOBODY ? "0" : who(c, a))).join(", ") : "X" })));
  if (!lines.length) lines.push(el("li", { class: "dim" }, t("wooolf.ui.nothing_yet")));
  return section(t("wooolf.ui.notebook.off"), el("ul", {}, lines));
}

// the suspicion assistant's numbers, for this seat alone (the TV sends them at the
// table's level: "certain" or "prob")
function odds(c) {
  const nb = c.notebook;
  if (!nb || !nb.holders) return null;      // (a notebook frame with no numbers for this view)
  const rows = [];
  const line = (label, chances) => {
    const parts = Object.entries(chances).sort((a, b) => b[1] - a[1]);
    if (!parts.length) return;
    const text = nb.level === "certain"
      ? t("wooolf.ui.certainly", { role: `@wooolf.role.${parts[0][0]}` })
      : parts.map(([r, p]) => `${t(`wooolf.short.${r}`)} ${p}%`).join(" · ");
    rows.push(el("li", { class: "odds" }, el("strong", {}, label), ": ", text));
  };
  nb.holders.forEach((chances, h) => { if (chances) line(who(c, h), chances); });
  if (nb.level === "prob") line(t("wooolf.ui.nobody_row"), nb.absent);
  if (!rows.length) rows.push(el("li", { class: "dim" }, t("wooolf.ui.nothing_yet")));
  return section(t(`wooolf.ui.notebook.${nb.level}`), el("ul", { id: "odds" }, rows));
}

function table(c) {
  const v = c.view;
  const rows = [];
  for (let s = 0; s < v.holders; s++) {
    const marks = v.markers.filter((m) => m.target === s && m.epoch === v.epochs[s]).map((m) =>
      `${who(c, m.by)} ${t(`wooolf.card_pos.${m.pos}`)}: ${t(`wooolf.public.${m.announced}`)}`);
    const asked = v.asks.filter((a) => a.target === s).map((a) =>
      `${t(`wooolf.qshort.${a.question}`)} ${t(a.answer ? "wooolf.ui.yes_short" : "wooolf.ui.no_short")}`);
    const facts = [];
    if (s < v.seats) {
      facts.push(t("wooolf.ui.points", { n: v.scores[s] }));
      if (v.x_tokens[s].length) facts.push(`X×${v.x_tokens[s].length}`);
      if (v.early.includes(s)) facts.push(t("phone.wooolf.early"));
    }
    rows.push(el("li", { class: "seatrow" }, el("strong", {}, who(c, s)), facts.length ? ` · ${facts.join(" · ")}` : "",
      marks.length ? el("div", { class: "dim" }, marks.join("; ")) : null,
      asked.length ? el("div", { class: "dim" }, asked.join("; ")) : null));
  }
  return section(t("wooolf.ui.round_info", { round: v.round, of: 3, early: v.early.length, need: v.threshold }), el("ul", { class: "table" }, rows));
}

function reveal(c) {
  const v = c.view;
  const last = v.rounds[v.rounds.length - 1];
  if (!last) return null;
  const rows = last.lines.map((line) => el("li", {},
    el("strong", {}, who(c, line.seat)), ` (${t(`wooolf.role.${line.identity}`)}): `,
    last.cards[line.seat].map((id) => t(`wooolf.role.${c.content.cards[id].role}`)).join(" + "),
    ` · ${t("wooolf.ui.points", { n: line.points })}`));
  return section(t("wooolf.ui.reveal_title", { round: last.round }), el("ul", { class: "reveal" }, rows));
}

function result(c) {
  const v = c.view;
  if (!v.result) return null;
  const won = v.result.winners || [];
  return section(t("wooolf.ui.banner.over"), el("ul", {}, v.scores.map((sc, s) =>
    el("li", { class: won.includes(s) ? "won" : "" }, `${who(c, s)}: ${t("wooolf.ui.points", { n: sc })}`))));
}

export function render(c) {
  return [el("p", { class: "status", id: "status" }, status(c)), result(c), actions(c), myCards(c), notebook(c), odds(c), reveal(c), table(c)];
}
