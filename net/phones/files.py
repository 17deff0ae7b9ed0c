"""The phone client's files, served from an allow-list held in memory: nothing else on
disk is reachable, whatever path a request names.

Besides the files in assets/phone/, some are made at start: `/strings/<lang>.json`
(the catalog keys a phone shows, in that language, from assets/i18n), `/theme.css`
(the TV's theme colours, from assets/themes/couchtop.json, as CSS variables) and
`/content/<game>.json` (the public card texts a view names by id)."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine.core.i18n import LANGS, catalog
from engine.registry import phone_games
from net.phones.gamecontent import paperback_cards

ROOT = Path(__file__).resolve().parents[2]
PHONE_DIR = ROOT / "assets" / "phone"
THEME_FILE = ROOT / "assets" / "themes" / "couchtop.json"
# url path -> file in assets/phone (the whole allow-list of files on disk): the page's
# kit, and one module per game that declares phone variants (GameSpec.phone_variants)
FILES = {
    "/": "index.html",
    "/app.js": "app.js",
    "/lobby.js": "lobby.js",
    "/ui.js": "ui.js",
    **{f"/{game}.js": f"{game}.js" for game in phone_games()},
    "/games.css": "games.css",
    "/style.css": "style.css",
}
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".json": "application/json; charset=utf-8"}
# the catalog keys a phone may show: these prefixes
STRING_PREFIXES = ("phone.", *(f"{game}." for game in phone_games()), "err.", "game.", "setup.seat", "ui.list_")
# the theme's colours a phone uses, as CSS variables
THEME_VARS = {"--bg": "dark_bg", "--panel": "normal_bg", "--ink": "normal_text",
              "--accent": "selected_bg", "--on-accent": "selected_text",
              "--dim": "disabled_text", "--edge": "normal_border"}
HEADERS = (
    ("Content-Security-Policy", "default-src 'self'"),
    ("Cache-Control", "no-cache"),     # kept, and asked about each time (ETag): never stale
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)


@dataclass(frozen=True)
class Served:
    body: bytes
    content_type: str
    etag: str               # the body's own tag: a phone asking with it again gets a 304

    @classmethod
    def of(cls, body: bytes, content_type: str) -> "Served":
        return cls(body, content_type, '"' + hashlib.sha256(body).hexdigest()[:20] + '"')

    def matches(self, if_none_match: str) -> bool:
        """The phone's cached copy (If-None-Match) is this very body."""
        tags = [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
        return "*" in tags or self.etag in tags


def phone_strings(lang: str) -> dict[str, str]:
    """The catalog entries a phone shows, in `lang` (English fills any gap)."""
    out = {k: v for k, v in catalog("en").items() if k.startswith(STRING_PREFIXES)}
    if lang != "en":
        out.update({k: v for k, v in catalog(lang).items() if k.startswith(STRING_PREFIXES)})
    return out


def game_content() -> dict[str, dict]:
    """What a phone needs of the games' content to show a view: Wooolf!!'s cards (role and
    the identity a peeker announces) and Word Porters' words and hint words in both
    languages. All of it is printed on the cards of the physical games: nothing secret."""
    from engine.wooolf.content import content as wooolf
    from engine.wordporters.content import content as wordporters
    w, p = wooolf(), wordporters()
    return {
        "wooolf": {"cards": {c.id: {"role": c.role, "public": c.public} for c in w.cards.values()},
                   "roles": {r.id: {"value": r.value, "targets": list(r.targets)} for r in w.roles.values()}},
        "wordporters": {"words": {x.id: {"en": x.en, "zh": x.zh} for x in p.words},
                        "hints": {x.id: {"en": x.en, "zh": x.zh} for x in p.hint_words}},
        "paperback": paperback_cards(),
    }


def theme_css() -> str:
    colours = json.loads(THEME_FILE.read_text(encoding="utf-8"))["defaults"]["colours"]
    lines = [f"  {var}: {colours[key]};" for var, key in THEME_VARS.items()]
    return ":root {\n" + "\n".join(lines) + "\n}\n"


@lru_cache(maxsize=1)
def served() -> dict[str, Served]:
    """Every path a phone may fetch, and its body (read once)."""
    out = {url: Served.of((PHONE_DIR / name).read_bytes(), TYPES[Path(name).suffix])
           for url, name in FILES.items()}
    for lang in LANGS:
        body = json.dumps(phone_strings(lang), ensure_ascii=False, sort_keys=True)
        out[f"/strings/{lang}.json"] = Served.of(body.encode("utf-8"), TYPES[".json"])
    out["/theme.css"] = Served.of(theme_css().encode("utf-8"), TYPES[".css"])
    for game, data in game_content().items():
        body = json.dumps(data, ensure_ascii=False, sort_keys=True)
        out[f"/content/{game}.json"] = Served.of(body.encode("utf-8"), TYPES[".json"])
    return out
