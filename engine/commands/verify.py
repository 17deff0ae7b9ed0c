"""`python main.py replay FILE --verify | --json`: check or print a log, no window.

Exit codes: 0 valid; 1 a checkpoint does not match; 3 the file ends early or is
corrupt (or is not a Couchtop log); 2 usage errors (such as a missing file).
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from engine.core.checkpoints import checkpoint_hash
from engine.core.events import upcast
from engine.core.logstore import LogError, LoadedLog, read_log

EXIT_OK, EXIT_MISMATCH, EXIT_USAGE, EXIT_CORRUPT = 0, 1, 2, 3


def check(loaded: LoadedLog) -> tuple[int, str]:
    """Refold the log and compare every checkpoint; (exit code, message)."""
    from engine.registry import rules_for
    h = loaded.header
    try:
        rules = rules_for(str(h.get("game")))
    except KeyError as e:
        return EXIT_CORRUPT, f"unknown game in header: {e}"
    if int(h.get("rules_version", 0)) > rules.rules_version:
        return EXIT_CORRUPT, (f"made with {h['game']} rules version {h['rules_version']}; "
                              f"this build knows {rules.rules_version}")
    wanted = {int(c["seq"]): str(c["hash"]) for c in loaded.checkpoints if "seq" in c and "hash" in c}
    n = len(loaded.events)
    try:
        state = rules.initial(int(h["seats"]), h.get("options") or {})
        checked = 0
        folded: list = []
        for i, ev in enumerate(loaded.events):
            folded.append(upcast(rules.game, ev))
            state = rules.apply(state, folded[-1])
            want = wanted.get(int(ev.get("seq", i)))
            if want is not None:   # hashed in the form of the log's own rules version
                got = checkpoint_hash(rules, state, folded, int(h.get("rules_version", rules.rules_version)))
                if got != want:
                    return EXIT_MISMATCH, (f"checkpoint after event {ev.get('seq', i)} does not match: "
                                           f"log says {want}, refold gives {got}")
                checked += 1
    except Exception as e:  # an event this build cannot fold: the log is damaged
        return EXIT_CORRUPT, f"event {i} cannot be folded ({type(e).__name__}: {e}); {i} events were valid"
    if not loaded.complete:
        return EXIT_CORRUPT, (f"the file is {loaded.error} at byte {loaded.error_offset}: "
                              f"{n} events were valid, {checked} checkpoints matched")
    return EXIT_OK, f"valid: {n} events, {checked} checkpoints matched"


def _json_default(obj: Any) -> Any:
    if isinstance(obj, bytes):
        return obj.hex()
    return str(obj)


def _print_json(loaded: LoadedLog) -> None:
    out = sys.stdout
    out.write(json.dumps({"header": loaded.header}, default=_json_default, ensure_ascii=False) + "\n")
    for ev in loaded.events:
        out.write(json.dumps(ev, default=_json_default, ensure_ascii=False) + "\n")
    out.flush()


def run(args: Any) -> int:
    path = Path(args.file)
    if not path.is_file():
        print(f"error: no such file: {path}", file=sys.stderr)
        return EXIT_USAGE
    try:
        loaded = read_log(path)
    except LogError as e:
        print(f"error: {path}: {e}", file=sys.stderr)
        return EXIT_CORRUPT
    except OSError as e:
        print(f"error: cannot read {path}: {e}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        try:
            _print_json(loaded)
        except BrokenPipeError:  # the reader went away (`| head`): not an error of ours
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return EXIT_OK
        if not loaded.complete and not args.verify:
            print(f"warning: the file is {loaded.error} at byte {loaded.error_offset}; "
                  f"{len(loaded.events)} events were valid", file=sys.stderr)
            return EXIT_CORRUPT
    if args.verify:
        code, message = check(loaded)
        print(message, file=sys.stdout if code == EXIT_OK else sys.stderr)
        return code
    return EXIT_OK
