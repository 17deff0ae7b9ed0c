"""The program's imports point one way: no cycle among the modules of engine/, net/ and
scenes/, counting every import (at module level and inside functions) and every
"module:attribute" string the lazy loader resolves (engine/core/lazy.py, a bot's LEGAL),
read from the source with ast (nothing is imported).

An import inside a function is there for start-up time or memory (a game's engine loaded
when that game is played), never to hold a cycle apart: each one is listed in LAZY with its
reason, and the test fails on one that is not.
Imports under `if TYPE_CHECKING:` are for annotations only (they never run) and are not
counted, except in scenes/ (ANNOTATED): there a part of a scene (its drawing, its lobby)
names what it reads of the scene by a Protocol of its own, never the scene's class.
"""
from __future__ import annotations

import ast
import functools
import re
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "net", "scenes")
TARGET = re.compile(r"(?:engine|net|scenes)(?:\.\w+)+:\w+")      # a lazy "module:attribute"

# (importing module, imported module): why the import waits inside a function
LAZY: dict[tuple[str, str], str] = {
    ("net.phones.files", "engine.wooolf.content"):
        "start-up: a phone page's cards are read when that game's page is asked for",
    ("net.phones.files", "engine.wordporters.content"):
        "start-up: a phone page's cards are read when that game's page is asked for",
    ("net.phones.gamecontent", "engine.paperback.content"):
        "start-up: Paperback's cards are loaded when a Paperback phone page needs them",
    ("net.phones.notebook", "net.phones.hookynotes"):
        "start-up: Hooky's deduction (numpy) is loaded when a Hooky notebook is drawn",
    ("net.phones.notebook", "engine.wooolf.suspicion"):
        "start-up: Wooolf!!'s assistant (numpy) is loaded when a Wooolf!! notebook is drawn",
    ("net.phones.hookynotes", "engine.hooky.deduction"):
        "start-up: Hooky's deduction (numpy) is loaded when a Hooky notebook is drawn",
    ("net.phones.hookynotes", "engine.hooky.knowledge"):
        "start-up: Hooky's deduction (numpy) is loaded when a Hooky notebook is drawn",
    ("net.phones.preview", "engine.paperback.bot"):
        "start-up: Paperback's bots are loaded when the TV's hint is first asked for a phone seat",
    ("scenes.paperback", "scenes.paperback.table"):
        "start-up: the plug-in's table scene (and Paperback's engine) is loaded when a game starts",
    ("scenes.paperback", "scenes.paperback.replayview"):
        "start-up: the plug-in's replay renderer is loaded when a Paperback replay is opened",
    ("scenes.paperback", "scenes.paperback.narrate"):
        "start-up: the results' Fame line (and Paperback's engine) is loaded when a result is shown",
    ("scenes.paperback.howto", "engine.paperback.bot"):
        "start-up: Paperback's bots (and the word lists) are loaded when the simultaneous page is drawn",
    ("scenes.hooky", "scenes.hooky.table"):
        "start-up: the plug-in's table scene (and Hooky's engine) is loaded when a game starts",
    ("scenes.hooky", "scenes.hooky.replayview"):
        "start-up: the plug-in's replay renderer is loaded when a Hooky replay is opened",
    ("scenes.wooolf", "scenes.wooolf.table"):
        "start-up: the plug-in's table scene (and Wooolf!!'s engine) is loaded when a game starts",
    ("scenes.wooolf", "scenes.wooolf.replayview"):
        "start-up: the plug-in's replay renderer is loaded when a Wooolf!! replay is opened",
    ("scenes.wordporters", "scenes.wordporters.table"):
        "start-up: the plug-in's table scene (and Word Porters's engine) is loaded when a game starts",
    ("scenes.wordporters", "scenes.wordporters.replayview"):
        "start-up: the plug-in's replay renderer is loaded when a Word Porters replay is opened",
    ("scenes.wooolf", "engine.wooolf.content"):
        "start-up: Wooolf!!'s cards are read when a result's reason is worded, not for the picker",
    ("scenes.wordporters", "scenes.wordporters.words"):
        "start-up: the word lists (and numpy) are loaded when a game is set up, not for the picker",
    ("scenes.sumoku", "scenes.sumoku.table"):
        "start-up: the plug-in's table scene (and Sumoku's engine) is loaded when a game starts",
    ("scenes.sumoku", "scenes.sumoku.replayview"):
        "start-up: the plug-in's replay renderer is loaded when a Sumoku replay is opened",
    ("scenes.sumoku", "scenes.sumoku.online"):
        "start-up: the online screens (and the network client) are loaded when Play online is pressed",
    ("scenes.sumoku.online.connect", "scenes.sumoku.race"):
        "start-up: the race's options (and its engine) are loaded when a room is hosted",
    ("scenes.sumoku.online.connect", "scenes.sumoku.online.lobby"):
        "start-up: the lobby screen loads when a room is joined, not with the connect screen",
    ("scenes.sumoku.online.lobby", "scenes.sumoku.online.race"):
        "start-up: the online race (and the race scene) loads when the room starts",
    ("scenes.sumoku.race", "scenes.sumoku.race.scene"):
        "start-up: the set-up reads the race's options here; the race scene loads when a race starts",
    ("scenes.sumoku.bots", "engine.sumoku.bot"):
        "start-up: Sumoku's bots (their move search) are loaded when a bot seat is made",
    ("scenes.sumoku.race.botdriver", "engine.sumoku.racebot"):
        "start-up: the race bots are loaded when a race has a bot seat",
    ("scenes.sumoku.table", "engine.sumoku.bot"):
        "start-up: the bots' move search is loaded when a hint is first asked for",
    ("scenes.app", "net.phones.table"):
        "start-up: the phone server's table (asyncio, websockets) is loaded when a game has phone seats",
    ("scenes.app", "scenes.common.phonelobby"):
        "start-up: the phone lobby (asyncio, websockets, the QR code) is loaded when a game with phones goes on",
    ("scenes.common.setup", "scenes.common.phonelobby"):
        "start-up: the phone lobby (asyncio, websockets, the QR code) is loaded when Play with phones is pressed",
    ("scenes.ui.sound", "scenes.ui.synth"):
        "start-up: the sound synthesiser (numpy) runs once per mixer format; later starts read the cache",
}


# the packages whose imports under TYPE_CHECKING count for cycles too
ANNOTATED = ("scenes",)


def modules() -> dict[str, Path]:
    """Every module of engine/ and net/: dotted name -> file."""
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


@functools.cache
def _nodes(path: Path, text: str) -> list[tuple[ast.AST, bool, bool]]:
    """(node, under `if TYPE_CHECKING:`, inside a function) for each import and each
    string constant of the module, in ast.walk's order: one parse and one walk for every
    test here (keyed by the text, so a test's own files under tmp_path are read as they are)."""
    out = []
    todo: deque[tuple[ast.AST, bool, bool]] = deque([(ast.parse(text, str(path)), False, False)])
    while todo:
        node, checking, inside = todo.popleft()
        if isinstance(node, (ast.Import, ast.ImportFrom, ast.Constant)):
            out.append((node, checking, inside))
        guarded = ({id(stmt) for stmt in node.body}
                   if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test) else set())
        below = inside or isinstance(node, FUNCTIONS)
        todo.extend((child, checking or id(child) in guarded, below) for child in ast.iter_child_nodes(node))
    return out


def named(name: str, path: Path, known: dict[str, Path], *, type_checking: bool = False
          ) -> list[tuple[str, int, bool]]:
    """(dotted name, line, inside a function) for each import of `name` and each lazy
    "module:attribute" string in it (its module); `from pkg import sub` names the submodule
    when there is one. Imports under `if TYPE_CHECKING:` only with `type_checking`."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node, checking, inside in _nodes(path, path.read_text(encoding="utf-8")):
        if checking and not type_checking:
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and TARGET.fullmatch(node.value):
            targets = [node.value.partition(":")[0]]
        else:
            continue
        out.extend((target, node.lineno, inside) for target in targets)
    return out


def imports_of(name: str, path: Path, known: dict[str, Path], *, type_checking: bool = False
               ) -> list[tuple[str, int, bool]]:
    """(imported module of the program, line, inside a function) for each import of
    `name` (see `named`)."""
    def owner(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    out = []
    for target, line, inside in named(name, path, known, type_checking=type_checking):
        mod = owner(target)
        if mod and mod != name:
            out.append((mod, line, inside))
    return out


def graph(lazy: dict[tuple[str, str], str] = LAZY) -> dict[str, dict[str, int]]:
    """importing module -> {imported module: line}, without the `lazy` imports."""
    known = modules()
    edges: dict[str, dict[str, int]] = {name: {} for name in known}
    for name, path in known.items():
        annotated = any(name == p or name.startswith(p + ".") for p in ANNOTATED)
        for target, line, _ in imports_of(name, path, known, type_checking=annotated):
            if (name, target) not in lazy:
                edges[name].setdefault(target, line)
    return edges


def cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def _describe(group: list[str], edges: dict[str, dict[str, int]]) -> str:
    return "\n".join(f"  {a}:{edges[a][b]} -> {b}" for a in group for b in sorted(edges[a]) if b in group)


def test_engine_net_and_scenes_imports_have_no_cycle():
    edges = graph()
    found = cycles(edges)
    assert not found, "import cycles:\n" + "\n\n".join(_describe(g, edges) for g in found)


# what each layer may not name (also under TYPE_CHECKING, and lazily): the core is handed
# what it needs (the registry's lookups, a bot's legal commands), it never reaches up
BELOW = {"engine.core": ("engine.", "net.", "scenes."), "engine": ("net.", "scenes."), "net": ("scenes.",),
         "scenes": ()}


def _layer(name: str) -> str:
    return next(layer for layer in BELOW if name == layer or name.startswith(layer + "."))


def test_the_core_the_engine_and_the_network_never_reach_up():
    known = modules()
    up = []
    for name, path in known.items():
        layer = _layer(name)
        for target, line, _ in named(name, path, known, type_checking=True):
            if target.startswith(BELOW[layer]) and not (layer == "engine.core" and target.startswith("engine.core.")):
                up.append(f"{path.relative_to(ROOT)}:{line}: {target}")
    assert not up, "imports that reach up a layer:\n" + "\n".join(sorted(set(up)))


def test_every_import_inside_a_function_is_a_listed_lazy_one():
    known = modules()
    unlisted = sorted({f"{known[name].relative_to(ROOT)}:{line}: {target}"
                for name in known for target, line, inside in imports_of(name, known[name], known)
                if inside and (name, target) not in LAZY})
    assert not unlisted, ("imports inside functions that are not listed as lazy in LAZY (move them to the "
                          "top, or list them with the start-up reason):\n" + "\n".join(unlisted))


def test_every_listed_lazy_import_exists():
    known = modules()
    present = {(name, target) for name in known for target, _, inside in imports_of(name, known[name], known)
               if inside}
    assert set(LAZY) <= present, f"LAZY lists imports that are gone: {sorted(set(LAZY) - present)}"
    assert all(reason.strip() for reason in LAZY.values())


def test_the_checker_sees_a_cycle_through_a_lazy_target_and_a_function_import(tmp_path, monkeypatch):
    """A cycle held apart by an import inside a function or by a "module:attribute"
    string is still a cycle."""
    pkg = tmp_path / "engine" / "demo"
    pkg.mkdir(parents=True)
    (tmp_path / "net").mkdir()
    (tmp_path / "engine" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "legal.py").write_text("def legal():\n    from engine.demo.bot import pick\n    return pick\n")
    (pkg / "bot.py").write_text('LEGAL = "engine.demo.legal:legal"\ndef pick():\n    return 1\n')
    (pkg / "apart.py").write_text("from engine.demo import bot\n")
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    edges = graph()
    assert cycles(edges) == [["engine.demo.bot", "engine.demo.legal"]]
    assert cycles(graph({("engine.demo.legal", "engine.demo.bot"): "a demo"})) == []


def test_the_checker_counts_annotations_in_scenes_only(tmp_path, monkeypatch):
    """A scene's drawing that names the scene's class under TYPE_CHECKING closes a cycle;
    the same in engine/ does not (there such imports never run and are not counted)."""
    for package in ("engine", "scenes"):
        pkg = tmp_path / package / "demo"
        pkg.mkdir(parents=True)
        (tmp_path / package / "__init__.py").write_text("")
        (pkg / "__init__.py").write_text("")
        (pkg / "table.py").write_text(f"from {package}.demo import panels\n")
        (pkg / "panels.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                       f"    from {package}.demo.table import Table\n")
    (tmp_path / "net").mkdir()
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    assert cycles(graph()) == [["scenes.demo.panels", "scenes.demo.table"]]
