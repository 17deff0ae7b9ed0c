"""Derive Word Porters' fit table (assets/content/wordporters/fit/<topic>.json) from each
word's tags in words.json, as a help for authoring: the shipped table is the truth.

    python tools/build_wordporters_fit.py            # report where the shipped table differs
    python tools/build_wordporters_fit.py --write    # (re)write the fit files from the tags
    python tools/build_wordporters_fit.py --show cat # one word's shipped profile by level

A word's tags: `@kind` expands to that kind's tags (below); `hint` means level 3 and
`hintN` level N (0-3). Later tags override earlier ones. A hint set explicitly by the
word's own tags (not by a kind) zeroes the other word of its card unless that one is
set explicitly too (a big thing is not also small). Every other hint word is 0.
A hand correction is made in the fit file itself; `--write` would overwrite it, so the
report lists the corrections for review instead.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.wordporters.content import CONTENT_DIR, FIT_MAX, load_hints, load_words, parse_profile  # noqa: E402

KINDS: dict[str, str] = {
    "animal": "alive animal natural moving2 inedible2 wild1",
    "pet": "tame home2 indoor1 family1 wild0",
    "farm": "tame countryside outdoor2 wild0",
    "wild": "wild outdoor",
    "bird": "fly sky2 light2",
    "sea": "swim sea wet water",
    "bug": "small light outdoor2 wild2",
    "fruit": "edible natural fruit plant2 sweet2 lifeless1",
    "veg": "edible natural vegetable plant2 countryside1",
    "dish": "edible artificial1 hot2",
    "snack": "edible sweet2 artificial2 children2 leisure1",
    "drink": "wet edible2",
    "plant": "alive natural plant still outdoor2 inedible1",
    "thing": "lifeless artificial inedible still2",
    "toy": "@thing toy children leisure2 happy1",
    "tool": "@thing tool useful work1 manual2",
    "appliance": "@thing electric indoor home useful modern2",
    "gadget": "@thing electric modern small2 useful2 expensive2",
    "furniture": "@thing indoor home heavy2 still",
    "wearable": "@thing soft1 useful2",
    "vehicle": "@thing moving outdoor big2 heavy2 metal2 fast2 still0",
    "place": "lifeless1 still big",
    "building": "@place indoor2 artificial city2",
    "room": "@place indoor home private2 big1",
    "natureplace": "@place natural outdoor",
    "event": "",
    "holiday": "@event periodic festive together traditional2 family2 happy2",
    "disaster": "@event natural dangerous one_off2 sad2 outdoor2",
    "body": "alive2 natural inedible2 small1",
    "weather": "natural outdoor sky2 lifeless1",
    "nature": "natural outdoor lifeless2",
}
TAG = re.compile(r"^([a-z_]+?)([0-3]?)$")


def expand(tags: str, hint_ids: dict[str, int], out: dict[str, int], explicit: set[str] | None) -> None:
    for tok in tags.split():
        if tok.startswith("@"):
            if tok[1:] not in KINDS:
                raise ValueError(f"unknown kind {tok}")
            expand(KINDS[tok[1:]], hint_ids, out, None)
            continue
        m = TAG.match(tok)
        if not m or m.group(1) not in hint_ids:
            raise ValueError(f"unknown tag {tok!r}")
        out[m.group(1)] = int(m.group(2) or FIT_MAX)
        if explicit is not None:
            explicit.add(m.group(1))


def derive(tags: str, hint_cards, hint_words) -> dict[str, int]:
    """The derived level of every hint word for one word's tags."""
    hint_ids = {h.id: h.index for h in hint_words}
    levels: dict[str, int] = {}
    explicit: set[str] = set()
    expand(tags, hint_ids, levels, explicit)
    for card in hint_cards:
        a, b = (hint_words[i].id for i in card.words)
        for mine, other in ((a, b), (b, a)):
            if mine in explicit and levels.get(mine, 0) > 0 and other not in explicit:
                levels[other] = 0
    return {h.id: levels.get(h.id, 0) for h in hint_words}


def profile_json(levels: dict[str, int], order: list[str]) -> str:
    groups = {str(v): " ".join(h for h in order if levels[h] == v) for v in range(FIT_MAX, -1, -1)}
    return json.dumps(groups, ensure_ascii=False)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="rewrite the fit files from the tags")
    ap.add_argument("--show", metavar="WORD", help="print one word's shipped profile")
    args = ap.parse_args(argv)
    words, _cards = load_words(CONTENT_DIR)
    hint_cards, hint_words = load_hints(CONTENT_DIR)
    raw = json.loads((CONTENT_DIR / "words.json").read_text(encoding="utf-8"))
    tags = {w["id"]: w.get("tags", "") for w in raw["words"]}
    order = [h.id for h in hint_words]
    hint_ids = {h: i for i, h in enumerate(order)}
    derived = {w.id: derive(tags[w.id], hint_cards, hint_words) for w in words}
    fit_dir = CONTENT_DIR / "fit"
    if args.write:
        fit_dir.mkdir(exist_ok=True)
        for topic in sorted({w.topic for w in words}):
            rows = [f'  "{w.id}": {profile_json(derived[w.id], order)}' for w in words if w.topic == topic]
            text = ('{\n "about": "How strongly each hint word fits each word of this topic, 0 (not at all) '
                    'to 3 (strongly); every hint word of hints.json once per word. Derived from the tags by '
                    'tools/build_wordporters_fit.py, then corrected by hand: this file is the truth.",\n'
                    ' "fit": {\n' + ",\n".join(rows) + "\n }\n}\n")
            (fit_dir / f"{topic}.json").write_text(text, encoding="utf-8")
        print(f"wrote {len({w.topic for w in words})} fit files")
        return 0
    shipped: dict[str, dict[str, int]] = {}
    for path in sorted(fit_dir.glob("*.json")):
        for wid, prof in json.loads(path.read_text(encoding="utf-8"))["fit"].items():
            row = parse_profile(path.name, wid, prof, hint_ids)
            shipped[wid] = {h: int(row[i]) for h, i in hint_ids.items()}
    if args.show:
        prof = shipped[args.show]
        for v in range(FIT_MAX, 0, -1):
            print(v, " ".join(h for h in order if prof[h] == v))
        return 0
    corrected = 0
    for w in words:
        diff = {h: (derived[w.id][h], shipped[w.id][h]) for h in order if derived[w.id][h] != shipped[w.id][h]}
        if diff:
            corrected += 1
            print(w.id, " ".join(f"{h}:{a}->{b}" for h, (a, b) in diff.items()))
    print(f"{corrected} words corrected by hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
