"""Word lists: cold load time of each list and membership tests per second.

    python bench/words.py [--runs 7]

Prints one JSON object. Each cold time is measured inside a fresh interpreter (so the
interpreter's start-up is not counted), several runs, median (and min/max):
- load_ms: engine.words loading the list (read, gunzip, parse) as its first use does;
- baseline_gunzip_ms: reading and gunzipping the same file, nothing built (the floor);
- alt_frozenset_ms: reading, gunzipping and building a frozenset of every line (the
  obvious alternative design, for comparison).
lookups_per_s: is_word / is_hooky_word / commonness over a mix of words and near-misses
(half each), beside `in` on a plain set of the same list (baseline).
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import words  # noqa: E402
from engine.words import listfile, lists  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('runs', 'file_bytes', 'entries', 'lookups_per_s', 'bot_words_first_call_ms')   # the keys of each JSON object printed

LISTS = {
    "words": ("words.txt.gz", "lists.GENERAL.table"),
    "hooky": ("hooky.txt.gz", "lists.HOOKY.table"),
    "blocklist": ("blocklist.txt.gz", "lists.blocklist()"),
}

SNIPPETS = {
    "load_ms": "from engine.words import lists\nt = time.perf_counter()\n{load}\n",
    "baseline_gunzip_ms": ("from engine.words import listfile, lists\nt = time.perf_counter()\n"
                           "listfile.read_text((lists.WORDS_DIR / {name!r}).read_bytes())\n"),
    "alt_frozenset_ms": ("from engine.words import listfile, lists\nt = time.perf_counter()\n"
                         "frozenset(listfile.read_text((lists.WORDS_DIR / {name!r}).read_bytes()).split())\n"),
}


def cold_ms(body: str) -> float:
    code = "import time\n" + body + "print((time.perf_counter() - t) * 1000)\n"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return float(out.stdout)


def summary(samples: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(samples), 2), "min": round(min(samples), 2),
            "max": round(max(samples), 2)}


def rate(fn, queries: list[str], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for q in queries:
            fn(q)
        best = min(best, time.perf_counter() - t)
    return round(len(queries) / best)


def near_miss(w: str, rng: random.Random) -> str:
    i = rng.randrange(len(w))
    return w[:i] + rng.choice("abcdefghijklmnopqrstuvwxyz") + w[i + 1:]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--queries", type=int, default=100_000)
    args = parse(ap, runs=1, queries=200)

    result: dict[str, object] = {"runs": args.runs}
    for metric, template in SNIPPETS.items():
        per_list = {}
        for key, (name, load) in LISTS.items():
            body = template.format(name=name, load=load)
            per_list[key] = summary([cold_ms(body) for _ in range(args.runs)])
        result[metric] = per_list
    result["file_bytes"] = {k: (lists.WORDS_DIR / name).stat().st_size for k, (name, _) in LISTS.items()}
    result["entries"] = {"words": len(lists.GENERAL.table), "hooky": len(lists.HOOKY.table),
                         "blocklist": len(lists.blocklist())}

    rng = random.Random(1)
    general = lists.GENERAL.table.words()
    hooky = lists.HOOKY.table.words()
    qs = [rng.choice(general) for _ in range(args.queries // 2)]
    qs += [near_miss(w, rng) for w in qs]
    rng.shuffle(qs)
    hq = [rng.choice(hooky) for _ in range(args.queries // 2)]
    hq += [near_miss(w, rng) for w in hq]
    general_set, hooky_set = frozenset(general), frozenset(hooky)
    result["lookups_per_s"] = {
        "is_word": rate(words.is_word, qs),
        "commonness": rate(words.commonness, qs),
        "is_hooky_word": rate(words.is_hooky_word, hq),
        "baseline_set_in_words": rate(general_set.__contains__, qs),
        "baseline_set_in_hooky": rate(hooky_set.__contains__, hq),
    }
    t = time.perf_counter()
    words.bot_words(5)
    t1 = time.perf_counter()
    words.bot_words()
    t2 = time.perf_counter()
    result["bot_words_first_call_ms"] = {"length_5": round((t1 - t) * 1000, 2),
                                         "all": round((t2 - t1) * 1000, 2)}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
