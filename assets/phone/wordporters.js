// Word Porters on a phone: your secret number and word, placing your hint markers (the
// TV's rules say where: the view's `legal`), your secret vote, the reveal and scores.
import { t, el, button, section, namesList } from "./ui.js";

function word(c, id) {
  const w = c.content.words[id];
  return w ? (c.lang === "zh-TW" ? w.zh : w.en) : id;
}

function hint(c, id) {
  const h = c.content.hints[id];
  return h ? (c.lang === "zh-TW" ? h.zh : h.en) : id;
}

export function narrate(ev, c) {
  const p = (seat) => c.name(seat);
  switch (ev.type) {
    case "round_dealt":
      if (ev.number) return t("wordporters.ev.your_number", { number: ev.number, word: word(c, c.view.target) });
      return t("wordporters.ev.round_dealt", { round: ev.round, player: p(ev.start), hints: ev.hints.length });
    case "placed": return t(ev.markers.length > 1 ? "wordporters.ev.stacked" : "wordporters.ev.placed",
      { player: p(ev.seat), marker: ev.markers[ev.markers.length - 1], hint: hint(c, ev.hint) });
    case "passed": return t("wordporters.ev.passed", { player: p(ev.seat) });
    case "declined": return t("wordporters.ev.declined", { player: p(ev.seat) });
    case "hints_ended": return t("wordporters.ev.hints_ended");
    case "voted": return t("wordporters.ev.voted", { player: p(ev.seat) });
    case "revealed": return t(ev.right.length ? "wordporters.ev.revealed" : "wordporters.ev.revealed_none",
      { player: p(ev.seat), number: ev.number, word: word(c, ev.word), count: ev.right.length,
        names: namesList(ev.right.map(p)) });
    case "round_ended": return t("wordporters.ev.round_ended", { round: ev.round, player: p(ev.next_start) });
    case "game_ended": return t("wordporters.ev.game_ended");
    default: return null;
  }
}

function status(c) {
  const v = c.view;
  const acting = v.status.acting;
  if (v.status.ended) return t("wordporters.ui.banner.over");
  if (acting.includes(c.seat)) return t(`wordporters.ui.banner.mine.${v.phase === "vote" ? "vote" : "hints"}`, { name: c.name(c.seat) });
  if (acting.length === 1) return t("phone.waiting_for", { name: c.name(acting[0]) });
  return t("wordporters.ui.banner.others", { phase: `@wordporters.phase.${v.phase}` });
}

function secret(c) {
  const v = c.view;
  if (!v.number) return null;
  return section(t("wordporters.ui.your_word", { round: v.round, of: v.rounds }),
    el("p", { class: "secret" }, el("span", { class: "num" }, String(v.number)), " ", el("strong", {}, word(c, v.target))),
    el("p", { class: "dim" }, t("wordporters.markers_left", { markers: v.left[c.seat].join(" ") || "—" })));
}

function words(c) {
  const v = c.view;
  return section(null, el("ol", { class: "words" }, v.words.map((id, i) =>
    el("li", { class: i + 1 === v.number ? "mine" : "" }, el("span", { class: "num" }, String(i + 1)), " ", word(c, id)))));
}

function hints(c) {
  const v = c.view;
  const mine = v.phase === "hints" && v.status.acting.includes(c.seat);
  const legal = new Set(v.legal.map(([card, side]) => `${card}:${side}`));
  const cards = v.hints.map((h, i) => {
    const sides = [0, 1].map((side) => {
      const here = h.markers.filter((m) => m.side === side).map((m) => `${c.name(m.seat)} ${m.markers.join("/")}`);
      const label = hint(c, h.words[side]);
      const ok = mine && legal.has(`${i}:${side}`);
      return el("div", { class: "side" },
        ok ? button(label, () => c.send({ type: "place", card: i, side }), { class: "pick wide", "data-card": i, "data-side": side })
          : el("span", { class: "hintword" }, label),
        here.length ? el("div", { class: "dim" }, here.join(" · ")) : null);
    });
    return el("li", { class: "hint" }, el("span", { class: "dim" }, t("wordporters.ui.card_n", { card: i + 1 })), ...sides);
  });
  const out = [el("ul", { class: "hints" }, cards)];
  if (mine && v.can_decline) out.unshift(button(t("wordporters.ui.decline"), () => c.send({ type: "decline" }), { class: "big", id: "decline" }));
  if (mine) out.unshift(el("p", { class: "hint" }, t("phone.wordporters.place", { marker: v.left[c.seat][0] })));
  return section(null, ...out);
}

function vote(c) {
  const v = c.view;
  if (v.phase !== "vote") return null;
  if (v.my_vote) {
    return section(t("wordporters.ui.your_vote"), el("ul", {}, v.my_vote.map((x, s) => (x === null ? null :
      el("li", {}, t("wordporters.ui.guess", { player: c.name(s), number: x }))))));
  }
  if (!v.status.acting.includes(c.seat)) return null;
  const ui = c.ui;
  if (!ui.guesses || ui.guesses.length !== v.seats) ui.guesses = Array(v.seats).fill(null);
  const rows = [];
  for (let s = 0; s < v.seats; s++) {
    if (s === c.seat) continue;
    rows.push(el("div", { class: "voterow" }, el("h3", {}, t("wordporters.ui.prompt.vote", { player: c.name(s) })),
      el("div", { class: "nums" }, Array.from({ length: 10 }, (_, k) => k + 1).map((n) => {
        const usedBy = ui.guesses.indexOf(n);
        return button(String(n), () => {
          if (usedBy >= 0) ui.guesses[usedBy] = null;
          ui.guesses[s] = n;
          c.redraw();
        }, { class: ui.guesses[s] === n ? "num on" : (usedBy >= 0 ? "num used" : "num"), "data-vote": `${s}:${n}` });
      }))));
  }
  const ready = ui.guesses.every((x, s) => s === c.seat || x !== null);
  return section(t("wordporters.ui.your_vote"), ...rows,
    button(t("wordporters.ui.vote"), () => { c.send({ type: "vote", guesses: ui.guesses.slice() }); ui.guesses = null; },
      { class: "big go", disabled: !ready, id: "vote" }));
}

function reveals(c) {
  const v = c.view;
  const list = v.reveals.length ? v.reveals : (v.history.length ? v.history[v.history.length - 1].reveals : []);
  if (!list.length) return null;
  return section(t("wordporters.ui.reveal_title", { round: v.reveals.length ? v.round : v.history[v.history.length - 1].round }),
    el("ul", {}, list.map((r) => el("li", {}, t(r.right.length ? "wordporters.ev.revealed" : "wordporters.ev.revealed_none",
      { player: c.name(r.seat), number: r.number, word: word(c, r.word), count: r.right.length,
        names: namesList(r.right.map(c.name)) })))));
}

function scores(c) {
  const v = c.view;
  const won = v.result?.winners || [];
  return section(t("wordporters.ui.players"), el("ul", {}, v.scores.map((sc, s) => el("li", { class: won.includes(s) ? "won" : "" },
    `${c.name(s)}: ${sc}`, v.phase === "vote" && v.voted[s] ? ` · ${t("wordporters.ui.voted")}` : "",
    v.phase === "hints" && v.done[s] ? ` · ${t("wordporters.ui.done")}` : ""))));
}

export function render(c) {
  return [el("p", { class: "status", id: "status" }, status(c)), vote(c), secret(c),
    c.view.phase === "hints" ? hints(c) : null, words(c), reveals(c), scores(c)];
}
