// Paperback on a phone: your hand as cards; spelling a word by tapping cards in order (a
// wild asks for its letter, a two-letter card is one tap, the common card) or by typing it
// (the page lays your cards for the letters: two-letter cards first, then one-letter
// cards, the common, and wilds for the rest); proposing a word the list lacks and the
// table's vote; buying from the Offer and the Fame piles with the ¢ left shown. As cards
// are laid the TV previews the word for this seat (docs/phone-protocol.md: its itemised ¢
// from the engine's scorer and the dry run's reason when it would be refused), and the
// hint asks it for the best words of the hand. The TV decides every move.
import { t, el, button, section } from "./ui.js";

const LETTERS = "abcdefghijklmnopqrstuvwxyz".split("");
const up = (s) => String(s).toUpperCase();

function card(c, id) {
  return c.content.cards?.[id] || { letters: "?", cents: 0, cost: 0, fame: 0, wild: false, ability: ["-", 0, 0] };
}

function face(c, id) {
  const d = card(c, id);
  if (d.wild) return t("paperback.ui.sim.wild");
  if (d.power) return t(`paperback.card.${d.power}`);
  return up(d.letters);
}

function label(c, id) {
  const d = card(c, id);
  const bits = [face(c, id)];
  if (d.cents) bits.push(`${d.cents}¢`);
  if (d.fame) bits.push(t("paperback.ui.fame_short", { fame: d.fame }));
  return bits.join(" ");
}

function about(c, id) {
  const d = card(c, id);
  if (d.wild) return t("paperback.ui.about.wild", { fame: d.fame });
  const [kind, n, length] = d.ability;
  return kind === "-" ? "" : t(`paperback.ability.${kind}`, { n, length });
}

// what the cards do, one line for each kind of card (four wilds: one line)
const aboutLines = (c, ids) => [...new Set(ids.filter((id) => about(c, id)).map((id) => `${label(c, id)}: ${about(c, id)}`))]
  .map((line) => el("li", {}, line));

const cardsText = (c, ids) => ids.map((id) => face(c, id)).join(", ");

export function narrate(ev, c) {
  const p = (seat) => c.name(seat);
  switch (ev.type) {
    case "set_up": return t("paperback.ev.set_up", { player: p(ev.start ?? 0) });
    case "spelled": return ev.claimed
      ? t("paperback.ev.spelled_claim", { player: p(ev.seat), word: up(ev.word), cents: ev.cents, letter: face(c, ev.claimed) })
      : t("paperback.ev.spelled", { player: p(ev.seat), word: up(ev.word), cents: ev.cents });
    case "passed": return t("paperback.ev.passed", { player: p(ev.seat) });
    case "bought": return ev.cards.length
      ? t("paperback.ev.bought", { player: p(ev.seat), cards: cardsText(c, ev.cards), spent: ev.spent })
      : t("paperback.ev.bought_nothing", { player: p(ev.seat) });
    case "word_proposed": return t("paperback.ev.word_proposed", { player: p(ev.seat), word: up(ev.word) });
    case "word_voted": return t(ev.accept ? "paperback.ev.word_voted_yes" : "paperback.ev.word_voted_no", { player: p(ev.seat), word: up(ev.word) });
    case "word_accepted": return t("paperback.ev.word_accepted", { word: up(ev.word) });
    case "word_refused": return t("paperback.ev.word_refused", { player: p(ev.by ?? ev.seat ?? 0), word: up(ev.word) });
    case "game_ended": return t("paperback.ui.banner.over");
    default: return null;
  }
}

function mine(c) {
  return c.view.status.acting.includes(c.seat);
}

function status(c) {
  const v = c.view;
  if (v.status.ended) return t("paperback.ui.banner.over");
  if (mine(c)) {
    const key = `paperback.ui.banner.mine.${v.phase}`;
    return t(key, { name: c.name(c.seat) });
  }
  const acting = v.status.acting;
  if (acting.length === 1) return t("phone.waiting_for", { name: c.name(acting[0]) });
  return t("paperback.ui.banner.others", { phase: `@paperback.phase.${v.phase}` });
}

// ---- the word being built: [{id, text}] -----------------------------------------------------
function word(c) {
  if (!c.ui.word) c.ui.word = [];
  return c.ui.word;
}

// what the top common is laid as (a power common: the Space Bar's gap, Dyslexia nothing);
// null: no common to lay
function commonLetter(c) {
  const v = c.view;
  return v.common && !v.effects?.no_common ? layText(card(c, v.common)) : null;
}

// the Space Bar and Dyslexia (option space_dyslexia) lay no letter: the Space Bar shows as
// the gap between the two words
const SPACE = " ";
const layText = (d) => d.power === "space" ? SPACE : d.power ? "" : d.letters;

function texts(d) {
  if (d.power) return [layText(d)];
  if (d.wild) return [];
  const [kind] = d.ability;
  if (kind === "flip") return [d.letters, d.letters.split("").reverse().join("")];
  if (kind === "qu") return [d.letters, d.letters + "u"];
  return [d.letters];
}

// the word powers (option powers): the seat's own, while it spells
const wordPower = (c) => { const p = c.view.power; return p && !p.turn && p.legal ? p.id : null; };
const letterCard = (d) => !d.wild && !d.power && d.kind !== "common" && d.letters.length === 1;

const pairCard = (d) => !d.wild && !d.power && d.letters.length === 2;
// Dyslexia is in the word: one two-letter card may be laid reversed
const reversing = (c) => word(c).some((p) => card(c, p.id === "common" ? c.view.common : p.id).power === "dyslexia");

// every way a hand card may be laid now: the Stuck Key adds a single letter twice,
// Dyslexia a two-letter card reversed
function layings(c, d) {
  const out = texts(d);
  if (wordPower(c) === "stuck_key" && letterCard(d)) return [...out, d.letters + d.letters];
  const back = d.letters.split("").reverse().join("");
  return pairCard(d) && reversing(c) && !out.includes(back) ? [...out, back] : out;
}

// lay the typed word with the hand: longest texts first, then the common, then wilds
export function layTyped(typed, hand, cardOf, common) {
  const free = hand.slice();
  const out = [];
  let i = 0;
  let usedCommon = false;
  while (i < typed.length) {
    let best = null;
    for (const id of free) {
      for (const text of texts(cardOf(id)).filter((x) => x.trim())) {
        if (text && typed.startsWith(text, i) && (!best || text.length > best.text.length)) best = { id, text };
      }
    }
    if (!best && common && !usedCommon && typed.startsWith(common, i)) { best = { id: "common", text: common }; usedCommon = true; }
    if (!best) {
      const wild = free.find((id) => cardOf(id).wild);
      if (!wild) return null;
      best = { id: wild, text: typed[i] };
    }
    if (best.id !== "common") free.splice(free.indexOf(best.id), 1);
    out.push(best);
    i += best.text.length;
  }
  return out;
}

// the cards the word's abilities let the player trash: {kind: how many} (trash_hand, trash_offer)
function mayTrash(c, kind) {
  return word(c).filter((p) => p.id !== "common" && p.id !== "plagiarism").map((p) => card(c, p.id))
    .filter((d) => !d.wild && d.ability[0] === kind).reduce((a, d) => a + d.ability[1], 0);
}

// hand cards (not in the word) and face-up Offer cards to trash, as the word allows
function trashing(c) {
  const v = c.view;
  const ui = c.ui;
  const inWord = new Set(word(c).map((p) => p.id));
  const out = [];
  for (const [kind, key, pool] of [["trash_hand", "trash", v.hand.filter((id) => !inWord.has(id))],
    ["trash_offer", "trashOffer", v.for_sale.map((x) => x.id).filter((id) => c.content.cards?.[id] && card(c, id).kind === "market")]]) {
    const most = mayTrash(c, kind);
    ui[key] = (ui[key] || []).filter((id) => pool.includes(id)).slice(0, most);
    if (!most || !pool.length) continue;
    out.push(el("p", { class: "dim" }, t(`paperback.ability.${kind}`, { n: most })),
      el("div", { class: "pbhand" }, pool.map((id) => {
        const on = ui[key].includes(id);
        return button(`${t(on ? "paperback.ui.untrash" : "paperback.ui.trash")}: ${label(c, id)}`, () => {
          if (on) ui[key].splice(ui[key].indexOf(id), 1);
          else if (ui[key].length < most) ui[key].push(id);
          c.redraw();
        }, { class: on ? "pbcard on" : "pbcard", [`data-${key === "trash" ? "trash" : "trash-offer"}`]: id });
      })));
  }
  return out;
}

function commandOf(c) {
  const w = word(c);
  const letters = {};
  for (const p of w) {
    if (p.id === "common") continue;
    const d = card(c, p.id);
    if (!d.power && (d.wild || p.text !== d.letters)) letters[p.id] = p.text;
  }
  return { type: "spell", cards: w.map((p) => p.id), letters };
}

function clear(c) {
  for (const k of ["word", "asking", "typed", "basket", "hinting", "trash", "trashOffer", "cubeOn", "passing"]) delete c.ui[k];   // (shownAt stays: the round's clock)
}

// ---- the TV's preview of the word being laid, and its hint ------------------------------------
const PREVIEW_MS = 120;     // a preview is asked once laying pauses this long (under the TV's rate)
const wordKey = (cmd) => JSON.stringify([cmd.cards, cmd.letters]);
const handKey = (v) => JSON.stringify([v.hand, v.common, v.phase]);

function askPreview(c) {
  clearTimeout(c.ui.previewTimer);
  c.ui.previewTimer = setTimeout(() => {
    const cmd = commandOf(c);
    const key = wordKey(cmd) + handKey(c.view);
    if (!cmd.cards.length || c.ui.previewAsked === key) return;
    c.ui.previewAsked = key;
    c.ask({ k: "preview", cards: cmd.cards, letters: cmd.letters });
  }, PREVIEW_MS);
}

// the TV's preview: kept in the page's state, shown while it still fits the word and hand
export function receive(m, c) {
  if (m.k === "preview") c.ui.preview = { ...m, hand: handKey(c.view) };
}

function previewNow(c) {
  const p = c.ui.preview;
  return p && p.hand === handKey(c.view) && wordKey(p) === wordKey(commandOf(c)) ? p : null;
}

const signed = (n) => t("paperback.ui.cents_signed", { cents: n > 0 ? `+${n}` : `${n}` });

// the itemised ¢ as lines: the printed ¢ in one, then each bonus as the engine listed it
function itemLines(c, items) {
  const printed = items.filter(([k]) => k === "paperback.score.printed").reduce((a, [, , n]) => a + n, 0);
  const out = printed ? [[t("paperback.score.printed"), printed]] : [];
  for (const [key, cid, n] of items) {
    if (key === "paperback.score.printed") continue;
    const d = c.content.cards?.[cid];
    out.push([d && key !== "paperback.score.common" ? t("paperback.ui.item_of", { what: `@${key}`, card: up(d.letters) }) : t(key), n]);
  }
  return out;
}

function previewPanel(c) {
  const w = word(c);
  const text = w.map((p) => up(p.text)).join("").trim();
  if (!w.length) {
    return el("div", { class: "pbpreview", id: "preview" }, el("p", { class: "pbword", id: "built" }, "—"),
      el("p", { class: "dim" }, t("paperback.ui.no_word")));
  }
  const p = previewNow(c);
  if (!p) return el("div", { class: "pbpreview", id: "preview" }, el("p", { class: "pbword", id: "built" }, text));
  const s = p.score;
  const head = p.refusal ? t("paperback.ui.word_no", { word: text }) : s ? t("paperback.ui.word_ok", { word: text })
    : t("paperback.ui.word_waits", { word: text });
  let foot = "";
  if (s) {
    const need = c.view.need;
    foot = t(need !== null && need !== undefined && s.letters >= need ? "paperback.ui.letters_claim" : "paperback.ui.letters", { n: s.letters, need: need || 0 });
    if (s.draws) foot = t("paperback.ui.with_draws", { text: foot, n: s.draws });
  }
  return el("div", { class: p.refusal ? "pbpreview no" : "pbpreview ok", id: "preview" },
    el("div", { class: "pbhead" }, el("span", { class: "pbword", id: "built" }, text),
      s ? el("span", { class: "pbtotal", id: "cents" }, t("paperback.ui.total", { cents: s.cents })) : null),
    el("p", { class: "pbverdict" }, head),
    s ? el("ul", { class: "pbitems", id: "items" }, itemLines(c, s.items).map(([label, n]) =>
      el("li", {}, el("span", {}, label), el("span", {}, signed(n))))) : null,
    foot ? el("p", { class: "dim" }, foot) : null,
    p.refusal ? el("p", { class: "why", id: "why" }, t(p.refusal.code, p.refusal.params)) : null);
}

// the TV's Hint came (net/phones/hints.py): its words kept for the hand it was asked for
function hintCame(c) {
  if (!c.hint || !c.ui.hinting) return;
  c.ui.hint = { words: c.hint.words || [], hand: c.ui.hinting };
  c.takeHint();
  delete c.ui.hinting;
}

function hintPanel(c) {
  const h = c.ui.hint;
  if (c.ui.hinting) return el("p", { class: "dim", id: "hints" }, t("paperback.ui.hint_thinking"));
  if (!h || h.hand !== handKey(c.view)) return null;
  if (!h.words.length) return el("p", { class: "dim", id: "hints" }, t("phone.paperback.hint_none"));
  return el("div", { class: "grid", id: "hints" }, h.words.map((x, i) => button(t("paperback.ui.hint_word", { word: up(x.word), cents: x.cents }), () => {
    clear(c);
    c.ui.word = x.cards.map((id, k) => ({ id, text: x.texts[k] }));
    delete c.ui.hint;
    askPreview(c);
    c.redraw();
  }, { class: "big", "data-hint": i })));
}

function askHint(c) {
  if (c.ui.hint && c.ui.hint.hand === handKey(c.view)) { delete c.ui.hint; c.redraw(); return; }   // hide it
  c.takeHint();                        // (an answer to an earlier ask is not this one)
  c.ui.hinting = handKey(c.view);
  c.askHint();
  c.redraw();
}

function send(c, cmd) {
  c.send(timed(c, cmd));
  clear(c);
}

// simultaneous play: an announcement carries its spelling time as this phone measured it
// (from when this round's hand was first shown here)
function timed(c, cmd) {
  const v = c.view;
  if (!v.simultaneous || v.phase !== "spell" || !["spell", "pass", "propose"].includes(cmd.type)) return cmd;
  const since = c.ui.shownAt?.round === v.simultaneous.round ? c.ui.shownAt.at : c.now();
  return { ...cmd, ms: Math.max(0, Math.min(3600000, Math.round(c.now() - since))) };   // (the TV's pauses left out)
}

function draft(c) {
  const v = c.view;
  const sim = v.simultaneous;
  return section(t("paperback.ui.banner.mine.draft", { name: c.name(c.seat) }),
    el("p", { class: "dim" }, t("paperback.ui.sim.draft_about", { n: sim.picks_each, hand: sim.hand_size })),
    el("div", { class: "pbhand" }, sim.offer.map((id) => button(label(c, id), () => send(c, { type: "draft", card: id }),
      { class: "pbcard", "data-draft": id }))),
    el("ul", { class: "dim" }, aboutLines(c, sim.offer)));
}

function tap(c, id) {
  const d = id === "common" ? null : card(c, id);
  if (d && d.wild) { c.ui.asking = id; c.redraw(); return; }
  const options = d ? texts(d) : [commonLetter(c)];
  word(c).push({ id, text: options[0] });
  askPreview(c);
  c.redraw();
}

function spell(c) {
  hintCame(c);
  const v = c.view;
  const ui = c.ui;
  if (ui.passing && v.phase === "spell") return passing(c);
  const w = word(c);
  const used = new Set(w.map((p) => p.id));
  if (ui.asking) {        // a wild's letter, the Typo's, or the letter Plagiarism borrows
    const borrow = ui.asking === "plagiarism";
    const offered = borrow ? [...new Set(String(v.last_word || "").replace(/[^a-z]/g, ""))] : LETTERS;
    const title = borrow ? t("paperback.power.plagiarism.about") : ui.retype ? t("paperback.power.typo.about") : t("paperback.ui.ask_wild");
    return section(title, el("div", { class: "abc" }, offered.map((l) => button(up(l), () => {
      const laid = word(c).find((p) => p.id === ui.asking);
      if (ui.retype && laid) laid.text = l;
      else word(c).push({ id: ui.asking, text: l });
      delete ui.asking;
      delete ui.retype;
      askPreview(c);
      c.redraw();
    }, { class: "tile pick", "data-wild": l }))),
    button(t("hooky.ui.cancel"), () => { delete ui.asking; delete ui.retype; c.redraw(); }, { class: "back" }));
  }
  const common = commonLetter(c);
  const hand = el("div", { class: "pbhand" }, v.hand.map((id) => {
    const d = card(c, id);
    const flip = used.has(id) && layings(c, d).length > 1;
    const typo = used.has(id) && !flip && wordPower(c) === "typo" && letterCard(d);
    return button(label(c, id), () => {
      if (flip) {         // a two-way card tapped again: laid its other way (the Stuck Key: twice)
        const p = w.find((x) => x.id === id);
        const opts = layings(c, d);
        p.text = opts[(opts.indexOf(p.text) + 1) % opts.length];
        askPreview(c);
        c.redraw();
      } else if (typo) {  // the Typo: a laid letter card tapped again stands for another letter
        ui.asking = id;
        ui.retype = true;
        c.redraw();
      } else if (!used.has(id)) tap(c, id);
    }, { class: used.has(id) ? "pbcard on" : "pbcard", "data-card": id });
  }),
  common !== null ? button(`${face(c, v.common)} · ${t("phone.paperback.common")}`, () => { if (!used.has("common")) tap(c, "common"); },
    { class: used.has("common") ? "pbcard common on" : "pbcard common", "data-card": "common" }) : null,
  wordPower(c) === "plagiarism" && !used.has("plagiarism")
    ? button(t("paperback.ui.power_button.plagiarism"), () => { ui.asking = "plagiarism"; c.redraw(); },
      { class: "pbcard common", id: "plagiarism" }) : null);
  const powerAbout = wordPower(c) ? el("p", { class: "dim" }, `${t(`paperback.power.${wordPower(c)}`)}: ${t(`paperback.power.${wordPower(c)}.about`)}`) : null;
  // the help bounty (option bounty), once a turn, before any card is laid
  const help = "bounty" in v && v.bounty === null && !w.length
    ? [button(t("paperback.ui.ask_help"), () => send(c, { type: "ask_help" }), { class: "big", id: "ask_help" }),
      el("p", { class: "dim" }, t("paperback.ui.ask_help_about"))] : [];
  const typed = (e) => {
    ui.typed = e.currentTarget.value.toLowerCase().replace(/[^a-z]/g, "");
    const laid = layTyped(ui.typed, v.hand, (id) => card(c, id), common);
    if (laid) ui.word = laid;
    askPreview(c);
    const built = document.getElementById("built");
    if (built) built.textContent = (laid || []).map((p) => up(p.text)).join("").trim() || "—";
    // mark the cards laid without a redraw (a redraw on blur would eat the next tap)
    const laidIds = new Set((laid || []).map((p) => p.id));
    for (const b of document.querySelectorAll(".pbhand button[data-card]")) {
      b.classList.toggle("on", laidIds.has(b.dataset.card));
    }
  };
  const input = el("input", { id: "type", maxlength: 20, autocomplete: "off", autocapitalize: "characters", spellcheck: "false",
    placeholder: t("phone.paperback.type"), "aria-label": t("phone.paperback.type"), oninput: typed });
  input.value = ui.typed || "";
  const abilities = aboutLines(c, v.hand);
  return section(t("paperback.ui.banner.mine.spell", { name: c.name(c.seat) }),
    previewPanel(c),
    hand, ...trashing(c), powerAbout, abilities.length ? el("ul", { class: "dim" }, abilities) : null, input,
    el("div", { class: "grid" },
      button(t("paperback.ui.spell"), () => {
        if (word(c).length) send(c, { ...commandOf(c), trash: (ui.trash || []).slice(), trash_offer: (ui.trashOffer || []).slice() });
      }, { class: "big go", id: "spell" }),
      button(t("paperback.ui.clear"), () => { clear(c); c.redraw(); }, { class: "big", id: "clear" })),
    button(t(c.ui.hint && c.ui.hint.hand === handKey(v) ? "paperback.ui.hint_hide" : "paperback.ui.hint"), () => askHint(c),
      { class: "big", id: "hint", disabled: !!c.ui.hinting }),
    hintPanel(c),
    el("div", { class: "grid" },
      button(t("paperback.ui.propose"), () => { const text = w.map((p) => p.text).join(""); if (text) send(c, { type: "propose", word: text }); },
        { class: "big", id: "propose" }),
      button(t("paperback.ui.pass"), () => {
        if (cubing(c)) { ui.passing = true; c.redraw(); } else send(c, { type: "pass" });
      }, { class: "big", id: "pass" })),
    ...help);
}

// co-op: a turn that buys nothing (a pass, or an empty purchase) puts a cube on an uncovered
// pyramid card: the one tapped here (cube_on), else where the rules put it
const cubing = (c) => !!(c.view.coop && c.view.coop.uncovered.length);

function withCube(c, asked, cmd) {
  const on = c.ui.cubeOn;
  return asked && on && c.view.coop.uncovered.includes(on) ? { ...cmd, cube_on: on } : cmd;
}

function cubeRow(c, about) {
  const co = c.view.coop;
  const ui = c.ui;
  return [el("p", { class: "dim" }, t(about)),
    el("div", { class: "pbhand" }, co.uncovered.map((id) => button(t("paperback.ui.pyramid.card",
      { cost: card(c, id).cost, n: co.cubes[id] || 0, limit: co.limit }), () => { ui.cubeOn = ui.cubeOn === id ? null : id; c.redraw(); },
    { class: ui.cubeOn === id ? "pbcard on" : "pbcard", "data-cube": id })))];
}

// co-op: Pass first asks where the turn's cube goes (as the TV's pyramid does)
function passing(c) {
  const ui = c.ui;
  return section(t("paperback.ui.pass"), ...cubeRow(c, "phone.paperback.cube_on_pass"),
    el("div", { class: "grid" },
      button(t("paperback.ui.pass"), () => send(c, withCube(c, true, { type: "pass" })), { class: "big go", id: "pass_cube" }),
      button(t("hooky.ui.cancel"), () => { delete ui.passing; delete ui.cubeOn; c.redraw(); }, { class: "big back", id: "pass_back" })));
}

function buy(c) {
  const v = c.view;
  const ui = c.ui;
  if (!ui.basket) ui.basket = [];
  const cost = (id) => v.for_sale.find((x) => x.id === id)?.cost ?? 0;
  const spent = ui.basket.reduce((a, id) => a + cost(id), 0);
  const cubes = v.cubes ? v.cubes[c.seat] : 0;          // options discard_cube, bounty: 1¢ each
  const left = v.cents + cubes - spent;
  const fame = new Map((v.fame_piles || []).map((f) => [f.id, f]));
  const items = v.for_sale.map((x) => {
    const inBasket = ui.basket.includes(x.id);
    const f = fame.get(x.id);
    const name = f ? `${t("paperback.ui.fame_short", { fame: f.fame })} (${f.count})` : label(c, x.id);
    return button(`${name} · ${x.cost}¢`, () => {
      if (inBasket) ui.basket.splice(ui.basket.indexOf(x.id), 1);
      else ui.basket.push(x.id);
      c.redraw();
    }, { class: inBasket ? "pbcard on" : "pbcard", "data-buy": x.id, disabled: !inBasket && x.cost > left });
  });
  const cubeAsked = cubing(c) && !ui.basket.length;
  const paying = (cmd) => withCube(c, cubeAsked, spent > v.cents ? { ...cmd, cubes: spent - v.cents } : { ...cmd });
  const cubeChoice = cubeAsked ? cubeRow(c, "phone.paperback.cube_on") : [];
  const last = v.words.length ? v.words[v.words.length - 1] : null;
  const th = v.theme;           // themes: a word off the list put to the table (the TV judges it)
  const claim = th && !th.strict && !th.vote && th.holder !== c.seat && last && last.seat === c.seat && last.word;
  return section(t("paperback.ui.banner.mine.buy", { name: c.name(c.seat) }),
    el("p", { class: "pbword" }, `${v.cents}¢`),
    cubes ? el("p", {}, t("paperback.ui.cubes_line", { cubes })) : null,
    el("div", { class: "pbhand" }, items),
    ui.basket.length
      ? button(t("paperback.ui.buy", { cost: spent, left }), () => send(c, paying({ type: "buy", cards: ui.basket.slice() })), { class: "big go", id: "buy" })
      : button(t("paperback.ui.buy_nothing", { left: v.cents }), () => send(c, paying({ type: "buy", cards: [] })), { class: "big", id: "buy" }),
    ...cubeChoice,
    claim ? button(t("paperback.ui.claim_theme"), () => send(c, { type: "theme_claim" }), { class: "big", id: "claim_theme" }) : null,
    claim ? el("p", { class: "dim" }, t("paperback.ui.claim_theme_about")) : null);
}

function vote(c) {
  const p = c.view.pending;
  return section(t("paperback.ui.banner.mine.vote", { name: c.name(c.seat) }),
    el("p", { class: "pbword" }, up(p.word)),
    el("div", { class: "grid" },
      button(t("paperback.ui.accept"), () => send(c, { type: "vote", accept: true }), { class: "big go", id: "accept" }),
      button(t("paperback.ui.refuse"), () => send(c, { type: "vote", accept: false }), { class: "big", id: "refuse" })));
}

// an attack's victim gives up what it asks: discard a wild, discard cards, put cards on top
const ANSWER_KEYS = ["discard_wild", "discard", "topdeck"];

function respond(c) {
  const v = c.view;
  const ui = c.ui;
  if (!ui.answer) ui.answer = { discard_wild: [], discard: [], topdeck: [] };
  const chosen = new Set(ANSWER_KEYS.flatMap((k) => ui.answer[k]));
  const parts = [];
  let ready = true;
  for (const key of ANSWER_KEYS) {
    const pool = v.hand.filter((id) => key !== "discard_wild" || card(c, id).wild);
    const owed = Math.min(v.effects[key] || 0, pool.length);
    if (!owed) continue;
    ready = ready && ui.answer[key].length === owed;
    parts.push(el("h3", {}, t("paperback.ui.answer.task", { n: owed, what: `@paperback.answer.${key}` })),
      el("div", { class: "pbhand" }, pool.map((id) => {
        const mineHere = ui.answer[key].includes(id);
        return button(label(c, id), () => {
          if (mineHere) ui.answer[key].splice(ui.answer[key].indexOf(id), 1);
          else if (ui.answer[key].length < owed) ui.answer[key].push(id);
          c.redraw();
        }, { class: mineHere ? "pbcard on" : "pbcard", "data-answer": `${key}:${id}`, disabled: !mineHere && chosen.has(id) });
      })));
  }
  return section(t("paperback.phase.respond"), ...parts,
    button(t("paperback.ui.answer"), () => { send(c, { type: "answer", ...ui.answer }); delete ui.answer; },
      { class: "big go", id: "answer", disabled: !ready }));
}

function themeVote(c) {
  const v = c.view;
  const tv = v.theme?.vote;
  return section(t("paperback.phase.theme_vote"),
    tv ? el("p", {}, t("paperback.ui.theme_vote_on", { player: c.name(tv.seat), word: up(tv.word), theme: `@paperback.theme.${v.theme.id}` })) : null,
    el("div", { class: "grid" },
      button(t("paperback.ui.accept"), () => send(c, { type: "theme_vote", accept: true }), { class: "big go", id: "theme_yes" }),
      button(t("paperback.ui.refuse"), () => send(c, { type: "theme_vote", accept: false }), { class: "big", id: "theme_no" })));
}

function bounty(c) {
  const v = c.view;
  const ui = c.ui;
  const b = v.bounty;
  const input = el("input", { id: "suggest_word", maxlength: 20, autocomplete: "off", spellcheck: "false", "aria-label": t("hooky.ui.type_word"),
    oninput: (e) => { ui.suggest = e.currentTarget.value.toLowerCase().replace(/[^a-z]/g, ""); } });
  input.value = ui.suggest || "";
  return section(t("paperback.phase.bounty"),
    b ? el("p", {}, b.hand.map((id) => label(c, id)).join(" · ")) : null,
    input,
    el("div", { class: "grid" },
      button(t("paperback.ui.propose"), () => { if (ui.suggest) send(c, { type: "suggest", word: ui.suggest }); delete ui.suggest; }, { class: "big go", id: "suggest" }),
      button(t("paperback.ui.pass"), () => { send(c, { type: "suggest", word: null }); delete ui.suggest; }, { class: "big", id: "no_suggestion" })));
}

function power(c) {
  const v = c.view;
  const p = v.power;
  if (!p || !p.turn || p.used || !p.legal || !["writers_block", "ghost_writer"].includes(p.id)) return null;
  const name = t(`paperback.power.${p.id}`);
  if (p.id === "writers_block") {
    return section(name, el("p", { class: "dim" }, t(`paperback.power.${p.id}.about`)),
      button(t("paperback.ui.power_button.writers_block"), () => send(c, { type: "power" }), { class: "big", id: "power" }));
  }
  return section(name, el("p", { class: "dim" }, t(`paperback.power.${p.id}.about`)),
    el("div", { class: "pbhand" }, v.hand.map((id) => button(`${t("paperback.ui.power_button.ghost_writer")}: ${label(c, id)}`,
      () => send(c, { type: "power", card: id }), { class: "pbcard", "data-power": id }))));
}

function actions(c) {
  if (!mine(c)) return null;
  switch (c.view.phase) {
    case "spell":
      if (c.view.simultaneous && c.ui.shownAt?.round !== c.view.simultaneous.round) {
        c.ui.shownAt = { round: c.view.simultaneous.round, at: c.now() };
      }
      return [power(c), spell(c)];
    case "replace": return spell(c);
    case "draft": return draft(c);
    case "respond": return respond(c);
    case "theme_vote": return themeVote(c);
    case "bounty": return bounty(c);
    case "buy": return buy(c);
    case "vote": return vote(c);
    default: return el("p", { class: "note" }, t("phone.paperback.not_here", { phase: `@paperback.phase.${c.view.phase}` }));
  }
}

function myHand(c) {
  const v = c.view;
  if (mine(c) && v.phase === "spell") return null;       // the hand is in the speller
  if (!v.hand || !v.hand.length) return null;
  return section(t("phone.paperback.hand"), el("div", { class: "pbhand" }, v.hand.map((id) =>
    el("span", { class: "pbcard" }, label(c, id)))));
}

function table(c) {
  const v = c.view;
  const last = v.words.length ? v.words[v.words.length - 1] : null;
  const rows = [];
  for (let s = 0; s < v.seats; s++) {
    rows.push(el("li", { class: v.result?.winners?.includes(s) ? "won" : "" }, el("strong", {}, c.name(s)),
      `: ${t("paperback.ui.fame_short", { fame: v.fame[s] })} · ${t("paperback.ui.counts", { deck: v.deck_counts[s], discard: v.discards[s].length, hand: v.hand_counts[s] })}`));
  }
  const track = v.common ? t("paperback.ui.track.next", { letter: face(c, v.common), need: v.need }) : t("paperback.ui.track.done");
  return section(null,
    last ? el("p", { class: "pbword" }, t("paperback.ui.word_laid", { player: c.name(last.seat), word: up(last.word), cents: last.cents })) : null,
    el("p", {}, track),
    el("p", { class: "dim" }, t("paperback.ui.end.fame", { empty: v.empty_fame_piles, of: v.end_empty_piles })),
    el("ul", { id: "seats" }, rows));
}

export function render(c) {
  return [el("p", { class: "status", id: "status" }, status(c)), actions(c), myHand(c), table(c)].flat();
}
