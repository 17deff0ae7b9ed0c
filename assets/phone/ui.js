// The page's kit: strings in the phone's own language, and elements built as text only
// (player-given text is never set as HTML).
let strings = {};
export let lang = "en";

export function chooseLang() {
  const saved = localStorage.getItem("couchtop.lang");
  if (saved === "en" || saved === "zh-TW") return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const x = String(l).toLowerCase();
    if (x === "zh-tw" || x.startsWith("zh-hant")) return "zh-TW";
    if (x.startsWith("en")) return "en";
  }
  return "en";
}

export async function loadStrings(l) {
  const r = await fetch(`/strings/${l}.json`);
  strings = await r.json();
  lang = l;
  document.documentElement.lang = l === "zh-TW" ? "zh-Hant-TW" : "en";
}

const isKey = (v) => typeof v === "string" && v.startsWith("@");

// As engine/core/i18n.py: "@key" is said with the message's other (plain) parameters.
function param(v, params) {
  if (isKey(v)) return t(v.slice(1), Object.fromEntries(Object.entries(params).filter(([, p]) => !isKey(p))));
  if (Array.isArray(v)) return v.map((x) => param(x, params)).join("-");
  return v;
}

// As engine/core/i18n.py: "{n:card|cards}" picks the form for the count, and in
// Traditional Chinese a space goes between Chinese and the Latin letters or digits a
// parameter puts against it.
const HAN_LATIN = /(?<=[\u3400-\u9fff\uf900-\ufaff])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[\u3400-\u9fff\uf900-\ufaff])/g;

export function t(key, params = {}) {
  const text = strings[key] ?? key;
  const counted = text.replace(/\{(\w+):([^{}|:]*)\|([^{}|:]*)\}/g,
    (m, k, one, many) => (Math.abs(Number(params[k])) === 1 ? one : many));
  const out = counted.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(param(params[k], params)) : m));
  return lang === "zh-TW" && Object.keys(params).length ? out.replace(HAN_LATIN, " ") : out;
}

// As scenes/common/names.names_list: "A", "A and B", "A, B and C" (zh-TW: A、B和C).
export function namesList(names) {
  if (names.length <= 1) return names.join("");
  return t("ui.list_and", { list: names.slice(0, -1).join(t("ui.list_sep")), last: names[names.length - 1] });
}

// el("button", {class: "big", onclick: fn, disabled: true}, "text", child, ...)
// A handler is kept on the element (`on`), so that `morph` can hand a redrawn element's
// handlers to the one already on the page.
export function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) on(e, k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return e;
}

function on(e, type, fn) {
  if (!e.__on) e.__on = {};
  if (!(type in e.__on)) e.addEventListener(type, relay);
  e.__on[type] = fn;
}

function relay(ev) {
  const fn = ev.currentTarget.__on[ev.type];
  if (fn) fn(ev);
}

// The page redrawn: `box` gets `kids` as its children, but every element already there that
// stands where an element of the same kind (tag and id) is drawn is kept and brought up to
// date (attributes, text, handlers, a field's value), so only what changed is laid out and
// painted again, and a field being typed in, a scrolled box and the focus stay as they are.
export function morph(box, kids) {
  let at = box.firstChild;
  for (let i = 0; i < kids.length; i++) at = put(box, at, kids[i], kids[i + 1]);
  while (at) at = drop(at);
}

// `kid` drawn where `at` stands (`next` drawn after it): the node to compare the next with
function put(box, at, kid, next) {
  if (at && !same(at, kid)) {
    if (at.nextSibling && same(at.nextSibling, kid, true)) at = drop(at);    // one gone from here
    else if (!next || !same(at, next, true)) {                               // not one put in: replaced
      const after = at.nextSibling;
      box.replaceChild(kid, at);
      return after;
    }
  }
  if (!at) box.appendChild(kid);
  else if (same(at, kid)) { patch(at, kid); return at.nextSibling; }
  else box.insertBefore(kid, at);
  return at;
}

function drop(node) {
  const after = node.nextSibling;
  node.remove();
  return after;
}

function same(a, b, strict = false) {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== 1) return true;
  return a.tagName === b.tagName && a.id === b.id && (!strict || a.className === b.className);
}

function patch(old, kid) {
  if (old.nodeType !== 1) {
    if (old.data !== kid.data) old.data = kid.data;
    return;
  }
  const want = kid.attributes;
  for (let i = 0; i < want.length; i++) {
    const { name, value } = want[i];
    if (old.getAttribute(name) === value) continue;
    if (name === "style") old.style.cssText = kid.style.cssText;    // (the page's policy refuses a style attribute)
    else old.setAttribute(name, value);
  }
  if (old.attributes.length !== want.length) {
    for (const { name } of [...old.attributes]) if (!kid.hasAttribute(name)) old.removeAttribute(name);
  }
  if (old.__on || kid.__on) {
    for (const type in old.__on) if (!kid.__on || !(type in kid.__on)) delete old.__on[type];
    for (const type in kid.__on) on(old, type, kid.__on[type]);
  }
  if (old.tagName === "INPUT" || old.tagName === "TEXTAREA") {
    if (old.value !== kid.value) {
      const [from, to] = [old.selectionStart, old.selectionEnd];
      old.value = kid.value;
      if (document.activeElement === old) old.setSelectionRange?.(from, to);
    }
    if (old.checked !== kid.checked) old.checked = kid.checked;
    return;
  }
  let at = old.firstChild;
  for (let k = kid.firstChild; k;) {
    const next = k.nextSibling;
    at = put(old, at, k, next);
    k = next;
  }
  while (at) at = drop(at);
}

export function button(label, onclick, props = {}) {
  return el("button", { type: "button", onclick, ...props }, label);
}

export function section(title, ...kids) {
  return el("section", {}, title ? el("h2", {}, title) : null, ...kids);
}
