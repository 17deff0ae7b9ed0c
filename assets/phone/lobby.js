// Before a seat: the room code, then a free seat and a name.
import { t, el, button } from "./ui.js";

// what is typed before it is sent: a frame redraws the screen (another phone joins) and
// must not wipe a half-typed name or code
const draft = {};

function field(key, attrs, initial = "") {
  draft[key] ??= initial;
  const input = el("input", { ...attrs, oninput: (e) => { draft[key] = e.currentTarget.value; } });
  input.value = draft[key];
  return input;
}

export function codeScreen(onCode) {
  const go = () => onCode(draft.code);
  const input = field("code", { id: "code", inputmode: "text", autocomplete: "off", autocapitalize: "characters",
    maxlength: 4, placeholder: "ABCD", "aria-label": t("phone.code"), onkeydown: (e) => { if (e.key === "Enter") go(); } });
  return [el("h1", {}, t("phone.title")), el("label", { for: "code" }, t("phone.code")), input,
    button(t("phone.enter"), go, { class: "big", id: "enter" })];
}

export function lobbyScreen(lobby, onJoin) {
  if (!lobby) return [el("p", { class: "wait" }, t("phone.connecting"))];
  const name = field("name", { id: "name", maxlength: 24, autocomplete: "nickname", "aria-label": t("phone.name") },
    localStorage.getItem("couchtop.name") || "");
  const out = [el("h1", {}, t(`${lobby.game}.title`)), el("label", { for: "name" }, t("phone.name")), name,
    el("h2", {}, t("phone.pick_seat"))];
  // a started game's room admits a phone only to a seat the TV handed to a phone
  const open = lobby.seats.some((seat) => seat.kind === "phone" && seat.state === "empty");
  if (lobby.locked && !open) out.push(el("p", { class: "note" }, t("phone.err.locked")));
  const list = el("ul", { class: "seats" });
  lobby.seats.forEach((seat, i) => {
    const label = t("phone.seat", { n: i + 1 });
    const who = seat.name ? `${label} · ${seat.name}` : label;
    const state = t(`phone.state.${seat.state}`);
    const free = seat.kind === "phone" && seat.state === "empty";
    list.append(el("li", {}, free
      ? button(`${label} · ${state}`, () => {
          localStorage.setItem("couchtop.name", draft.name.trim());
          onJoin(i, draft.name);
        }, { class: "big seat", "data-seat": i })
      : el("span", { class: "taken" }, `${who} · ${state}`)));
  });
  out.push(list);
  return out;
}
