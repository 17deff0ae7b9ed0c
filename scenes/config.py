"""The player's settings: a small JSON file in the platform's user config folder
(COUCHTOP_CONFIG overrides the folder, as the tests do). Unknown or broken values fall
back to the defaults, so an old or hand-edited file never stops the game from starting."""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

FILE_NAME = "settings.json"
LANGS = ("en", "zh-TW")
ANIM_SPEEDS = ("off", "normal", "fast")
MAX_NAMES = 8


def config_dir() -> Path:
    env = os.environ.get("COUCHTOP_CONFIG")
    if env:
        return Path(env)
    import platformdirs
    return Path(platformdirs.user_config_dir("Couchtop", "Couchtop"))


@dataclass
class Settings:
    lang: str = "en"
    # One name per seat; "" means "use the default name" (Player 1 / 玩家 1).
    names: list[str] = field(default_factory=lambda: [""] * MAX_NAMES)
    sound_volume: float = 0.8
    music_volume: float = 0.5
    fullscreen: bool = False
    anim_speed: str = "normal"
    # Per game, the set-up choices made last time: {"hooky": {"variant": ..., "options": {...},
    # "seats": 4, "players": [{"kind": "human"|"bot"|"phone", "level": "easy"|"normal"|"hard"}, ...]}}.
    setups: dict = field(default_factory=dict)
    # Playing with phones: the port the phone page is served on, and the address chosen last.
    phone_port: int = 8765
    phone_address: str = ""

    @classmethod
    def from_data(cls, data: Any) -> "Settings":
        s = cls()
        if not isinstance(data, dict):
            return s
        if data.get("lang") in LANGS:
            s.lang = data["lang"]
        names = data.get("names")
        if isinstance(names, list):
            clean = [str(n)[:24] if isinstance(n, str) else "" for n in names[:MAX_NAMES]]
            s.names = clean + [""] * (MAX_NAMES - len(clean))
        for key in ("sound_volume", "music_volume"):
            v = data.get(key)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                setattr(s, key, min(1.0, max(0.0, float(v))))
        if isinstance(data.get("fullscreen"), bool):
            s.fullscreen = data["fullscreen"]
        if data.get("anim_speed") in ANIM_SPEEDS:
            s.anim_speed = data["anim_speed"]
        port = data.get("phone_port")
        if isinstance(port, int) and not isinstance(port, bool) and 1024 <= port <= 65535:
            s.phone_port = port
        if isinstance(data.get("phone_address"), str):
            s.phone_address = data["phone_address"][:64]
        setups = data.get("setups")
        if isinstance(setups, dict):
            s.setups = {str(g): _clean_setup(c) for g, c in setups.items() if isinstance(c, dict)}
        return s

    def to_data(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def anim_factor(self) -> float:
        """Multiplier for animation durations: 0 = instant."""
        return {"off": 0.0, "normal": 1.0, "fast": 0.4}[self.anim_speed]


SEAT_KINDS = ("human", "bot", "phone")
BOT_LEVELS = ("easy", "normal", "hard")


def _clean_setup(c: dict) -> dict[str, Any]:
    """One game's remembered set-up as read from the file: the variant, the options (plain
    values), the number of seats and each seat's kind and bot level; what is broken is left
    out (the set-up screen then keeps its own default)."""
    scalar = (str, int, float, bool, type(None))
    out: dict[str, Any] = {
        "variant": c.get("variant") if isinstance(c.get("variant"), str) else None,
        "options": {str(k): v for k, v in c["options"].items() if isinstance(v, scalar)}
        if isinstance(c.get("options"), dict) else {}}
    seats = c.get("seats")
    if isinstance(seats, int) and not isinstance(seats, bool) and 1 <= seats <= MAX_NAMES:
        out["seats"] = seats
    players = c.get("players")
    if isinstance(players, list) and all(isinstance(p, dict) and p.get("kind") in SEAT_KINDS
                                         for p in players[:MAX_NAMES]):   # seat by seat, or not at all
        out["players"] = [{"kind": p["kind"], "level": p.get("level") if p.get("level") in BOT_LEVELS else "normal"}
                          for p in players[:MAX_NAMES]]
    return out


def settings_path(directory: Path | None = None) -> Path:
    return (directory or config_dir()) / FILE_NAME


def load(directory: Path | None = None) -> Settings:
    path = settings_path(directory)
    try:
        with open(path, encoding="utf-8") as f:
            return Settings.from_data(json.load(f))
    except (OSError, ValueError):
        return Settings()


def save(settings: Settings, directory: Path | None = None) -> Path:
    path = settings_path(directory)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(settings.to_data(), ensure_ascii=False, indent=2), encoding="utf-8")
    os.replace(tmp, path)
    return path


__all__ = ["Settings", "load", "save", "config_dir", "settings_path", "LANGS", "ANIM_SPEEDS",
           "MAX_NAMES"]
