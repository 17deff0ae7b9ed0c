"""Rules of the source read with ast (nothing is imported).

A function made inside an `except E as err:` block must not name `err` as a free variable:
Python deletes `err` when the block ends, so a closure kept for later (a message said
again after a language switch) fails with NameError when it runs. Bind it as a default
(`lambda e=err: ...`) instead."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "net", "scenes", "bench", "tools")
CATCHES = re.compile(r"except\b.*\bas\s+\w+\s*:")     # only files that name a caught error are parsed


def late_names_of_caught_errors(source: str) -> list[int]:
    """Lines where a function made in an except block reads the caught error freely."""
    lines: list[int] = []
    if not CATCHES.search(source):
        return lines
    for handler in ast.walk(ast.parse(source)):
        if not (isinstance(handler, ast.ExceptHandler) and handler.name):
            continue
        for fn in ast.walk(handler):
            if isinstance(fn, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)):
                body = fn.body if isinstance(fn.body, list) else [fn.body]
                lines += [n.lineno for part in body for n in ast.walk(part)
                          if isinstance(n, ast.Name) and n.id == handler.name]
    return lines


def test_no_closure_reads_a_caught_error_after_its_except_block():
    paths = [ROOT / "main.py"] + [p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))]
    found = [f"{path.relative_to(ROOT)}:{line}" for path in paths
             for line in late_names_of_caught_errors(path.read_text(encoding="utf-8"))]
    assert not found, found


def test_the_checker_tells_a_late_name_from_a_bound_default():
    late = "try:\n    pass\nexcept ValueError as err:\n    keep = lambda: str(err)\n"
    bound = "try:\n    pass\nexcept ValueError as err:\n    keep = lambda e=err: str(e)\n"
    assert late_names_of_caught_errors(late) == [4]
    assert late_names_of_caught_errors(bound) == []
