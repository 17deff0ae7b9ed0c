"""`python main.py replay FILE --verify | --json`: check or print a log, no window.

Exit codes: 0 valid (a finished game); 4 valid so far but unfinished (the game did not
reach its end: stopped early, or cut at a record boundary); 1 a checkpoint does not
match; 3 the file ends early, is corrupt or malformed (a header, checkpoint or event that
breaks the format or its game's declared shapes, an event the rules cannot fold, a
finished game whose last checkpoint is missing, or not a Couchtop log at all); 2 usage
errors (such as a missing file). Every failure is one line on stderr, never a traceback.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from engine.core.checkpoints import checkpoint_hash
from engine.core.events import upcast
from engine.core.rules import initial_state
from engine.core.logstore import LogError, LoadedLog, read_log
from engine.registry import rules_for, spec_for

EXIT_OK, EXIT_MISMATCH, EXIT_USAGE, EXIT_CORRUPT, EXIT_UNFINISHED = 0, 1, 2, 3, 4


def _one_line(text: str) -> str:
    """`text` with every control character escaped: one line, whatever a log holds."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _why(e: BaseException) -> str:
    text = f"{type(e).__name__}: {e}"
    return text if len(text) <= 120 else text[:117] + "..."


def _stopped(loaded: LoadedLog) -> str:
    """Why reading stopped early: "truncated", "corrupt" or "malformed (what was wrong)"."""
    return f"{loaded.error} ({loaded.reason})" if loaded.reason else str(loaded.error)


def check(loaded: LoadedLog) -> tuple[int, str]:
    """Refold the log and compare every checkpoint; (exit code, one-line message)."""
    h = loaded.header
    try:
        rules = rules_for(str(h.get("game")))
    except Exception as e:   # an unknown game, or one this build cannot load
        return EXIT_CORRUPT, f"unknown game in header: {_why(e)}"
    if h["rules_version"] > rules.rules_version:
        return EXIT_CORRUPT, (f"made with {h['game']} rules version {h['rules_version']}; "
                              f"this build knows {rules.rules_version}")
    if h["seats"] not in rules.seats:
        return EXIT_CORRUPT, f"malformed header: {h['game']} is not played by {h['seats']} seats"
    wanted = {c["seq"]: c["hash"] for c in loaded.checkpoints}
    n, checked = len(loaded.events), 0
    try:
        state = initial_state(rules, h["seats"], h["options"])
    except Exception as e:
        return EXIT_CORRUPT, f"malformed header: its options cannot set up a game ({_why(e)})"
    folded: list = []
    ended_at: int | None = None
    for i, ev in enumerate(loaded.events):
        if ended_at is not None:
            return EXIT_CORRUPT, (f"malformed: event {i} comes after the game ended at event "
                                  f"{ended_at}; {i} events were valid")
        try:
            folded.append(upcast(rules.game, ev))
            state = rules.apply(state, folded[-1])
            want = wanted.get(i)   # hashed in the form of the log's own rules version
            got = checkpoint_hash(rules, state, folded, h["rules_version"]) if want is not None else None
            if rules.outcome(state) is not None:
                ended_at = i
        except Exception as e:   # an event the rules refuse to fold: the log is malformed
            return EXIT_CORRUPT, f"malformed: event {i} cannot be folded ({_why(e)}); {i} events were valid"
        if want is not None:
            if got != want:
                return EXIT_MISMATCH, (f"checkpoint after event {i} does not match: "
                                       f"log says {want}, refold gives {got}")
            checked += 1
    if not loaded.complete:
        return EXIT_CORRUPT, (f"the file is {_stopped(loaded)} at byte {loaded.error_offset}: "
                              f"{n} events were valid, {checked} checkpoints matched")
    if ended_at is None:
        return EXIT_UNFINISHED, (f"unfinished: {n} events, {checked} checkpoints matched; the game "
                                 f"did not reach its end (stopped early, or cut short)")
    if not loaded.checkpoints or loaded.checkpoints[-1]["seq"] != n - 1:
        return EXIT_CORRUPT, (f"truncated: the checkpoint after the last event ({n - 1}) is "
                              f"missing; {n} events were valid, {checked} checkpoints matched")
    return EXIT_OK, f"valid: {n} events, {checked} checkpoints matched"


def _json_default(obj: Any) -> Any:
    if isinstance(obj, bytes):
        return obj.hex()
    return str(obj)


def _print_json(loaded: LoadedLog) -> None:
    """The header and each event as JSON lines; ValueError for a record JSON cannot hold
    (a map key that is not a string, say)."""
    out = sys.stdout
    records = [("header", {"header": loaded.header})] + [(f"event {i}", ev) for i, ev in enumerate(loaded.events)]
    for what, rec in records:
        try:
            line = json.dumps(rec, default=_json_default, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError) as e:
            raise ValueError(f"malformed: {what} cannot be written as JSON ({_why(e)})") from None
        out.write(line + "\n")
    out.flush()


def run(args: Any) -> int:
    path = Path(args.file)
    if not path.is_file():
        print(f"error: no such file: {path}", file=sys.stderr)
        return EXIT_USAGE
    try:
        loaded = read_log(path, spec_for)
    except LogError as e:
        print(_one_line(f"error: {path}: {e}"), file=sys.stderr)
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
        except ValueError as e:
            print(_one_line(f"error: {path}: {e}"), file=sys.stderr)
            return EXIT_CORRUPT
        if not loaded.complete and not args.verify:
            print(_one_line(f"warning: the file is {_stopped(loaded)} at byte {loaded.error_offset}; "
                            f"{len(loaded.events)} events were valid"), file=sys.stderr)
            return EXIT_CORRUPT
    if args.verify:
        code, message = check(loaded)
        print(_one_line(message), file=sys.stdout if code in (EXIT_OK, EXIT_UNFINISHED) else sys.stderr)
        return code
    return EXIT_OK
