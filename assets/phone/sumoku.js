// Sumoku (classic and solitaire) on a phone: your rack in your hand, the table to scroll
// and zoom, a play built by tapping a tile and then a square (a 6 turned into a 9 first),
// confirmed, taken back, a pass (or a skipped extra play, or solitaire's end) asked
// twice, an exchange. The TV's rules judge the play: a refusal comes back as a catalog
// key and shows in the phone's language. Only the seat's view is used; the play being built
// goes to the TV as a `draft`, which shows it large on the table.
import { t, el, button, section } from "./ui.js";

const ZOOM = [32, 44, 56];          // px a square, smallest to largest
const SYMBOLS = ["○", "□", "△", "◇", "☆", "+"];    // each colour's symbol, as on the TV's tiles
const colourOf = (tile) => Math.floor(tile / 16);
const numberOf = (tile) => Math.floor((tile % 16) / 2) + 1;

export function narrate(ev, c) {
  const p = (seat) => c.name(seat);
  const solitaire = c.view && c.view.variant === "solitaire";
  switch (ev.type) {
    case "key_rolled": return t("sumoku.ev.key_rolled", { name: p(ev.seat), value: ev.key });
    case "started": return ev.stage ? t("sumoku.ev.stage_began", { stage: ev.stage }) : t("sumoku.ev.started", { name: p(ev.turn) });
    case "placed": {
      const values = ev.tiles.slice().sort((a, b) => a[1] - b[1] || a[2] - b[2]).map((x) => x[3]).join("-");
      const text = solitaire ? t("sumoku.ev.placed_solitaire", { name: p(ev.seat), values })
        : t("sumoku.ev.placed", { name: p(ev.seat), values, score: ev.score });
      return ev.extra ? `${text} · ${t("sumoku.ev.extra")}` : text;
    }
    case "drew": return t("sumoku.ev.drew", { name: p(ev.seat), count: ev.tiles.length });
    case "passed": return t(ev.declined ? "sumoku.ev.declined" : "sumoku.ev.passed", { name: p(ev.seat) });
    case "exchanged": return t("sumoku.ev.exchanged", { name: p(ev.seat), count: ev.returned.length, drawn: ev.drawn.length });
    case "stage_began": return t("sumoku.ev.stage_began", { stage: ev.stage });
    case "ended": return t("sumoku.ev.ended", { reason: `@sumoku.end.${ev.reason}` });
    default: return null;
  }
}

function mine(c) {
  return c.view.status.acting.includes(c.seat);
}

function hand(c) {
  return c.view.hands[c.seat] || [];
}

// ---- the play being built: kept on this phone until sent --------------------------------
function tidy(c) {
  // forget what no longer fits the table: tiles that left the hand, squares since filled
  const ui = c.ui;
  const held = new Set(hand(c));
  const filled = new Set(c.view.board.map(([r, col]) => `${r},${col}`));
  if (!mine(c)) { ui.pending = []; ui.mode = null; ui.asked = false; ui.noHint = false; }
  ui.pending = (ui.pending || []).filter(([tile, r, col]) => held.has(tile) && !filled.has(`${r},${col}`));
  ui.flip = Object.fromEntries(Object.entries(ui.flip || {}).filter(([tile]) => held.has(Number(tile))));
  if (!held.has(ui.sel) || ui.pending.some((p) => p[0] === ui.sel)) ui.sel = null;
  ui.pick = (ui.pick || []).filter((tile) => held.has(tile));
  if (ui.zoom === undefined) ui.zoom = 1;
}

function valueOf(c, tile) {
  return c.ui.flip[tile] || numberOf(tile);
}

function canExchange(v, seat) {
  if (v.variant === "solitaire") return v.exchanges_left > 0 && v.bag_count > 0;
  return Boolean(v.options.exchange) && !v.extra_play && v.bag_count >= 1 && v.hands[seat].length > 0;
}

function tileFace(tile, value, props = {}, tag = "span") {
  const face = [el("span", { class: "num" }, String(value)), el("span", { class: "sym", "aria-hidden": "true" }, SYMBOLS[colourOf(tile)])];
  const cls = `stile c${colourOf(tile)} ${props.class || ""}`.trim();
  return tag === "button" ? button(face, props.onclick, { ...props, class: cls }) : el("span", { ...props, class: cls }, face);
}

// ---- the table: every square around the tiles, scrolled and zoomed on this phone --------
function board(c) {
  const v = c.view;
  const ui = c.ui;
  const size = ZOOM[ui.zoom];
  const cells = new Map(v.board.map(([r, col, tile, value]) => [`${r},${col}`, { tile, value }]));
  for (const [tile, r, col, value] of ui.pending) cells.set(`${r},${col}`, { tile, value, pending: true });
  const last = new Set((v.last_play ? v.last_play.tiles : []).map(([, r, col]) => `${r},${col}`));
  const rows = [...cells.keys()].map((k) => Number(k.split(",")[0]));
  const cols = [...cells.keys()].map((k) => Number(k.split(",")[1]));
  const reach = cells.size ? 1 : 2;
  const r0 = Math.min(0, ...rows) - reach, r1 = Math.max(0, ...rows) + reach;
  const c0 = Math.min(0, ...cols) - reach, c1 = Math.max(0, ...cols) + reach;
  const placing = mine(c) && ui.mode !== "exchange" && !v.status.ended;
  const grid = el("div", { class: "sgrid", id: "board" });
  grid.style.gridTemplateColumns = `repeat(${c1 - c0 + 1}, ${size}px)`;
  grid.style.gridAutoRows = `${size}px`;
  grid.style.fontSize = `${Math.round(size * 0.5)}px`;
  for (let r = r0; r <= r1; r++) {
    for (let col = c0; col <= c1; col++) {
      const key = `${r},${col}`;
      const x = cells.get(key);
      const where = t("phone.sumoku.square", { row: r, col });
      if (x && x.pending) {
        grid.append(tileFace(x.tile, x.value, { class: "pending", "data-cell": key, "aria-label": where,
          onclick: () => { ui.pending = ui.pending.filter((p) => p[0] !== x.tile); share(c); } }, "button"));
      } else if (x) {
        grid.append(tileFace(x.tile, x.value, { class: last.has(key) ? "last" : "" }));
      } else if (placing) {
        grid.append(button("", () => put(c, r, col), { class: r === 0 && col === 0 ? "scell centre" : "scell",
          "data-cell": key, "aria-label": where }));
      } else {
        grid.append(el("span", { class: r === 0 && col === 0 ? "scell centre" : "scell" }));
      }
    }
  }
  // the square at the middle of the view, in table squares: kept across redraws and zooms
  const wrap = el("div", { class: "sboard", id: "sboard", onscroll: (e) => {
    const box = e.currentTarget;
    ui.mid = [r0 + (box.scrollTop + box.clientHeight / 2) / size, c0 + (box.scrollLeft + box.clientWidth / 2) / size];
  } }, grid);
  const mid = ui.mid || middle(v);
  queueMicrotask(() => {      // (the box on the page once the redraw is done: this one, or the one it updated)
    const box = document.getElementById("sboard");
    if (!box) return;
    box.scrollTop = (mid[0] - r0) * size - box.clientHeight / 2;
    box.scrollLeft = (mid[1] - c0) * size - box.clientWidth / 2;
  });
  const zoom = (d) => { ui.zoom = Math.max(0, Math.min(ZOOM.length - 1, ui.zoom + d)); c.redraw(); };
  return section(null, el("div", { class: "stats" }, stats(c),
    button("−", () => zoom(-1), { class: "zoom", id: "zoom_out", "aria-label": t("phone.sumoku.zoom_out"), disabled: ui.zoom === 0 }),
    button("+", () => zoom(1), { class: "zoom", id: "zoom_in", "aria-label": t("phone.sumoku.zoom_in"), disabled: ui.zoom === ZOOM.length - 1 })),
  wrap);
}

function middle(v) {
  // the middle of the tiles on the table (the centre square before the first play)
  if (!v.board.length) return [0.5, 0.5];
  const rows = v.board.map((x) => x[0]);
  const cols = v.board.map((x) => x[1]);
  return [(Math.min(...rows) + Math.max(...rows) + 1) / 2, (Math.min(...cols) + Math.max(...cols) + 1) / 2];
}

function stats(c) {
  const v = c.view;
  const items = [[t("sumoku.ui.key"), v.key ?? "?"], [t("sumoku.ui.bag"), v.bag_count]];
  if (v.variant === "solitaire") {
    items.push([t("sumoku.ui.stage"), v.stage], [t("sumoku.ui.placed"), `${v.board.length}/96`],
      [t("sumoku.ui.exchanges"), v.exchanges_left]);
  }
  return items.map(([label, value]) => el("span", { class: "stat" }, `${label} `, el("strong", {}, String(value))));
}

function put(c, r, col) {
  const ui = c.ui;
  if (ui.sel === null || ui.sel === undefined) {
    ui.tip = true;        // a square before a tile: say how
  } else {
    ui.pending.push([ui.sel, r, col, valueOf(c, ui.sel)]);
    ui.sel = null;
    ui.tip = false;
    return share(c);
  }
  c.redraw();
}

function share(c) {
  // the TV shows the play as it is built (nothing in Sumoku is secret), and judges it there
  c.ui.noHint = false;
  c.draft({ type: "place", tiles: c.ui.pending.map((p) => p.slice()) });
  c.redraw();
}

// ---- your rack ---------------------------------------------------------------------------
function rack(c) {
  const v = c.view;
  const ui = c.ui;
  const away = new Set(ui.pending.map((p) => p[0]));
  const exchanging = ui.mode === "exchange";
  const act = mine(c) && !v.status.ended;
  const tiles = hand(c).filter((tile) => !away.has(tile)).map((tile) => {
    const on = exchanging ? ui.pick.includes(tile) : ui.sel === tile;
    return tileFace(tile, valueOf(c, tile), {
      class: on ? "rack on" : "rack", "data-tile": tile, disabled: !act,
      onclick: () => {
        if (exchanging) {
          ui.pick = on ? ui.pick.filter((x) => x !== tile) : [...ui.pick, tile];
        } else {
          ui.sel = on ? null : tile;
        }
        c.redraw();
      },
    }, "button");
  });
  const six = !exchanging && act && ui.sel !== null && ui.sel !== undefined && numberOf(ui.sel) === 6;
  return section(t("phone.sumoku.rack"), el("div", { class: "srack" }, tiles),
    six ? button(t("phone.sumoku.flip", { value: valueOf(c, ui.sel) === 6 ? 9 : 6 }), () => {
      ui.flip[ui.sel] = valueOf(c, ui.sel) === 6 ? 9 : 6;
      c.redraw();
    }, { class: "big", id: "flip" }) : null);
}

// ---- what the seat may do now --------------------------------------------------------------
function hint(c) {
  const v = c.view;
  const ui = c.ui;
  const solitaire = v.variant === "solitaire";
  if (ui.mode === "exchange") return t(solitaire ? "sumoku.ui.preview.exchange_one" : "sumoku.ui.preview.exchange");
  if (ui.asked) return t("sumoku.ui.hint_busy");
  if (ui.noHint) return t("sumoku.ui.hint_none");
  if (ui.sel !== null && ui.sel !== undefined) return t("phone.sumoku.now_square");
  if (ui.pending.length) return t("phone.sumoku.placed_some", { count: ui.pending.length });
  if (v.extra_play) return t("sumoku.ui.preview.idle_extra");
  return t(ui.tip ? "phone.sumoku.tile_first" : "phone.sumoku.how");
}

function quitWord(v) {
  return v.variant === "solitaire" ? "stop" : v.extra_play ? "skip" : "pass";
}

function actions(c) {
  const v = c.view;
  const ui = c.ui;
  if (!mine(c) || v.status.ended) return null;
  const solitaire = v.variant === "solitaire";
  const done = () => { ui.pending = []; ui.sel = null; ui.mode = null; ui.pick = []; ui.tip = false; };
  if (ui.mode === "ask") {
    const word = quitWord(v);
    return section(null, el("p", { class: "hint", id: "question" }, t(`sumoku.ui.${word}_question`)),
      el("div", { class: "sbar" },
        button(t(`sumoku.ui.${word}_yes`), () => { done(); c.send({ type: solitaire ? "stop" : "pass" }); },
          { class: "big go", id: "pass_yes" }),
        button(t("sumoku.ui.keep_playing"), () => { ui.mode = null; c.redraw(); }, { class: "big", id: "keep" })));
  }
  if (ui.mode === "exchange") {
    const ready = solitaire ? ui.pick.length === 1 : ui.pick.length > 0;
    return section(null, el("p", { class: "hint" }, hint(c)), el("div", { class: "sbar" },
      button(t("sumoku.ui.confirm"), () => { const tiles = ui.pick.slice().sort((a, b) => a - b); done(); c.send({ type: "exchange", tiles }); },
        { class: "big go", id: "do_exchange", disabled: !ready }),
      button(t("sumoku.ui.cancel"), () => { ui.mode = null; ui.pick = []; c.redraw(); }, { class: "big", id: "cancel" })));
  }
  const has = ui.pending.length > 0;
  return section(null, el("p", { class: "hint", id: "hint" }, hint(c)), el("div", { class: "sbar" },
    button(t("sumoku.ui.confirm"), () => {
      const tiles = ui.pending.map((p) => p.slice());
      c.send({ type: "place", tiles });      // kept here until the TV's answer: a refusal leaves it to fix
    }, { class: "big go", id: "place", disabled: !has }),
    button(t("sumoku.ui.take_back"), () => { ui.pending = []; ui.sel = null; share(c); },
      { class: "big", id: "take_back", disabled: !has }),
    button(t(solitaire ? "sumoku.ui.stop" : v.extra_play ? "sumoku.ui.decline" : "sumoku.ui.pass"), () => { ui.mode = "ask"; c.redraw(); },
      { class: "big", id: "pass" }),
    button(t("sumoku.ui.hint"), () => { ui.asked = true; ui.noHint = false; c.askHint(); c.redraw(); },
      { class: "big", id: "hint_ask", disabled: Boolean(ui.asked) }),
    (solitaire || v.options.exchange) ? button(t("sumoku.ui.exchange"), () => {
      ui.mode = "exchange"; ui.pending = []; ui.sel = null; ui.pick = []; share(c);
    }, { class: "big", id: "exchange", disabled: !canExchange(v, c.seat) }) : null));
}

// ---- everyone's scores, the end -------------------------------------------------------------
function status(c) {
  const v = c.view;
  if (v.status.ended) return t("sumoku.ui.game_over");
  if (mine(c)) return v.extra_play ? t("sumoku.ui.extra_play") : t("phone.sumoku.your_turn");
  return t("phone.waiting_for", { name: c.name(v.turn) });
}

function scores(c) {
  const v = c.view;
  if (v.variant === "solitaire" || v.result) return null;
  return section(t("phone.sumoku.scores"), el("ul", { class: "sscores", id: "scores" }, v.scores.map((sc, s) =>
    el("li", { class: s === v.turn ? "turn" : "" }, el("strong", {}, c.name(s)), ` ${sc} · ${t("sumoku.ui.tiles_left", { count: v.hands[s].length })}`))));
}

function result(c) {
  const v = c.view;
  const r = v.result;
  if (!r) return null;
  const won = new Set(r.winners);
  const lines = v.variant === "solitaire"
    ? [el("li", {}, t("sumoku.results.placed", { n: r.final[0] }))]
    : r.final.map((f, s) => el("li", { class: won.has(s) ? "won" : "" }, el("strong", {}, `${c.name(s)}: ${f}`),
      r.penalties[s] ? el("span", { class: "dim" }, ` · ${t("sumoku.results.penalty", { played: v.scores[s], left: r.penalties[s] })}`) : null));
  return section(t(`sumoku.end.${r.reason}`), el("ul", { class: "sscores", id: "result" }, lines));
}

function takeHint(c) {
  // the TV's Hint (net/phones/hints.py): its play put down here, as the TV's Hint button does
  const ui = c.ui;
  const h = c.hint;
  c.takeHint();
  ui.asked = false;
  if (!mine(c) || c.view.status.ended) return;
  const tiles = h.cmd && h.cmd.type === "place" ? h.cmd.tiles : null;
  ui.noHint = !tiles;
  if (!tiles) return;
  Object.assign(ui, { pending: tiles.map((p) => p.slice()), sel: null, mode: null, pick: [], tip: false });
  c.draft({ type: "place", tiles: ui.pending.map((p) => p.slice()) });
}

export function render(c) {
  if (c.hint) takeHint(c);
  tidy(c);
  return [el("p", { class: "status", id: "status" }, status(c)), result(c), board(c), rack(c), actions(c), scores(c)];
}
