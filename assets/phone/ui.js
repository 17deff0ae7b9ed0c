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
export function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return e;
}

export function button(label, onclick, props = {}) {
  return el("button", { type: "button", onclick, ...props }, label);
}

export function section(title, ...kids) {
  return el("section", {}, title ? el("h2", {}, title) : null, ...kids);
}
