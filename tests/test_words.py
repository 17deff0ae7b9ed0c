"""The shared English word lists (engine/words, assets/words, tools/build_words.py)."""
from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from engine import words
from engine.words import listfile, lists

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets" / "words"
MANIFEST = json.loads((ASSETS / "manifest.json").read_text())


def _builder():
    spec = importlib.util.spec_from_file_location("build_words", ROOT / "tools" / "build_words.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_words = _builder()
GENERAL = lists.GENERAL.table
HOOKY = lists.HOOKY.table
GENERAL_LEVELS = dict(GENERAL.items())
HOOKY_LEVELS = dict(HOOKY.items())


# --- the examples of the brief and the rules -----------------------------------------

@pytest.mark.parametrize("w", ["Paris", "April", "Tokyo", "Susan", "PARIS", "tokyo", "email", "mirth",
                               "never", "quick", "award"])
def test_hooky_accepts_words_and_names(w):
    assert words.is_hooky_word(w)


@pytest.mark.parametrize("w", ["abcde", "clxiv", "CLXIV", "cats", "london", "", "parisx", "pari"])
def test_hooky_rejects_non_words_and_other_lengths(w):
    assert not words.is_hooky_word(w)


@pytest.mark.parametrize("w", ["cats", "email", "CATS", "walked", "running", "knickknack",
                               "razzmatazzes", "colour", "a", "i"])
def test_general_words(w):
    assert words.is_word(w)


@pytest.mark.parametrize("w", ["Tokyo", "susan", "abcde", "clxiv", "gonna", "b", "cs", "", "cat's",
                               "café", "e-mail"])
def test_general_rejects_names_junk_and_denied(w):
    # Paperback: real words with inflections, no proper nouns
    assert not words.is_word(w)


def test_deny_list_is_applied_to_both_lists():
    for w in build_words.DENY:
        assert w not in GENERAL and w not in HOOKY


def test_commonness():
    assert words.commonness("the") < words.commonness("aardwolf") <= words.RARE
    assert words.commonness("qwxzv") == words.UNKNOWN
    rare = next(w for w, lvl in GENERAL_LEVELS.items() if lvl == words.RARE)
    assert words.commonness(rare.upper()) == words.RARE
    # a 5-letter name takes its level as a name
    assert words.commonness("Susan") == HOOKY_LEVELS["susan"] < words.RARE
    for w in ["cats", "email", "zebra", "quick"]:
        assert words.commonness(w) == min(GENERAL_LEVELS[w], HOOKY_LEVELS.get(w, 999))


# --- the shipped files ---------------------------------------------------------------

def test_files_match_their_manifest_checksums():
    for name, info in MANIFEST["files"].items():
        data = (ASSETS / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == info["sha256"], name
        assert len(data) == info["bytes"], name
        if name.endswith(".gz"):
            assert hashlib.sha256(listfile.read_text(data).encode()).hexdigest() == info["content_sha256"]


def test_loaded_counts_equal_the_manifest_and_are_sane():
    files = MANIFEST["files"]
    assert len(GENERAL) == files["words.txt.gz"]["entries"]
    assert len(HOOKY) == files["hooky.txt.gz"]["entries"]
    assert len(lists.blocklist()) == files["blocklist.txt.gz"]["entries"]
    enable = MANIFEST["sources"]["enable"]["words"]
    # ENABLE plus a few thousand SCOWL words, minus a small deny list
    assert enable < len(GENERAL) < enable * 1.05
    five = {w for w in GENERAL_LEVELS if len(w) == 5}
    assert five <= HOOKY_LEVELS.keys()                      # every 5-letter word is a clue word
    assert len(five) < len(HOOKY) < 2 * len(five)           # plus names
    assert 100 <= len(lists.blocklist()) < 1000
    assert lists.blocklist() <= GENERAL_LEVELS.keys() | HOOKY_LEVELS.keys()


def test_entries_are_lowercase_ascii_and_sorted():
    allowed_levels = {10, 20, 35, 40, 50, 55, 60, 70, words.RARE}
    for table, levels in [(GENERAL, GENERAL_LEVELS), (HOOKY, HOOKY_LEVELS)]:
        ws = table.words()
        assert ws == sorted(set(ws))
        assert all(re.fullmatch(r"[a-z]+", w) for w in ws)
        assert set(levels.values()) <= allowed_levels
    assert all(len(w) == 5 for w in HOOKY_LEVELS)
    assert words.hooky_words() == HOOKY.words()
    # SCOWL-only words are at most level 60 (level 70 only grades ENABLE words)
    assert max(GENERAL_LEVELS.values()) == words.RARE


def test_lists_equal_a_rebuild_from_the_sources():
    """With the sources here, a rebuild gives the shipped bytes; without them, the
    manifest checksums (test above) and the SCOWL-only check below stand in."""
    enable = build_words.find_enable()
    scowl_ok = (build_words.SCOWL_DIR.is_dir()
                and build_words.scowl_fingerprint(build_words.SCOWL_DIR)
                == MANIFEST["sources"]["scowl"]["fingerprint"])
    if enable is None or not scowl_ok:
        # different or missing sources: the shipped lists still agree with themselves
        assert listfile.decode_levels(listfile.read_text((ASSETS / "words.txt.gz").read_bytes())) \
            == GENERAL_LEVELS
        return
    built = build_words.build(enable)
    assert sorted(built) == sorted(p.name for p in ASSETS.iterdir() if p.name != "README.md")
    for name, data in built.items():
        assert data == (ASSETS / name).read_bytes(), name


def test_scowl_words_and_names_are_in_the_lists():
    scowl_dir = build_words.SCOWL_DIR
    if not scowl_dir.is_dir():
        # no SCOWL here: check the lists against their own manifest's deny list instead
        assert not set(MANIFEST["deny"]) & GENERAL_LEVELS.keys()
        return
    scowl = build_words.scowl_levels(scowl_dir, ("words",), build_words.WORD_MAX_LEVEL, build_words.WORD)
    for w, lvl in scowl.items():
        if w not in build_words.DENY:
            assert GENERAL_LEVELS.get(w) == lvl, w
    for w, lvl in build_words.name_list(scowl_dir).items():
        if len(w) == 5:
            assert HOOKY_LEVELS[w] <= lvl, w


def test_scowl_reader_drops_apostrophes_accents_and_acronyms(tmp_path):
    for spelling in build_words.SPELLINGS:
        (tmp_path / f"{spelling}-upper.50").write_bytes(b"")
    (tmp_path / "english-upper.50").write_bytes("Paris\nParis's\nZ\xfcrich\nNASA\nMcCoy\n".encode("latin-1"))
    (tmp_path / "english-upper.80").write_bytes(b"Never\n")
    (tmp_path / "american-upper.50").write_bytes("Ren\u00e9e\nTokyo\n".encode("utf-8"))
    got = build_words.scowl_levels(tmp_path, ("upper",), 70, build_words.NAME)
    assert got == {"paris": 50, "mccoy": 50, "tokyo": 50}
    with pytest.raises(ValueError):
        build_words.scowl_files(tmp_path, "upper", 80)


# --- bots ----------------------------------------------------------------------------

def test_bot_words_never_blocked_and_common_enough():
    blocked = lists.blocklist()
    for length in [None, 3, 4, 5, 6]:
        for max_level in [35, 60, words.RARE]:
            got = words.bot_words(length, max_level)
            assert got == sorted(got) and got
            assert not blocked & set(got)
            assert all(GENERAL_LEVELS[w] <= max_level for w in got)
            assert all(length is None or len(w) == length for w in got)
            expected = {w for w, lvl in GENERAL_LEVELS.items()
                        if lvl <= max_level and (length is None or len(w) == length)} - blocked
            assert set(got) == expected
    # the blocklist really removes words a bot would otherwise choose
    assert {w for w in blocked if GENERAL_LEVELS.get(w, 999) <= 60}
    assert set(words.bot_words(5)) <= set(words.hooky_words())


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(lists.blocklist())), st.sampled_from([None, 60, 70, 95]))
def test_blocked_words_are_flagged_in_any_case(w, max_level):
    assert words.is_blocked(w) and words.is_blocked(w.upper())
    assert w not in words.bot_words(len(w), words.RARE if max_level is None else max_level)


def test_results_are_copies():
    a = words.bot_words(5)
    a.clear()
    assert words.bot_words(5)
    h = words.hooky_words()
    h.append("zzzzz")
    assert "zzzzz" not in words.hooky_words()


# --- the file format -----------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.text("abcdez", min_size=1, max_size=7), st.sampled_from([10, 35, 60, 95]),
                       max_size=40))
def test_levelled_format_round_trips(levels):
    text = listfile.read_text(listfile.gzip_bytes(listfile.encode_levels(levels)))
    table = listfile.WordTable(text)
    assert dict(table.items()) == levels
    assert len(table) == len(levels)
    for w, lvl in levels.items():
        assert w in table and table.level(w) == lvl
        assert table.level(w + "q") == levels.get(w + "q")
    assert listfile.gzip_bytes(listfile.encode_levels(levels)) == listfile.gzip_bytes(
        listfile.encode_levels(dict(reversed(list(levels.items())))))


def test_format_rejects_other_files():
    with pytest.raises(ValueError):
        listfile.WordTable("hello\nworld\n")
    with pytest.raises(ValueError):
        listfile.decode_plain("hello\n")


# --- loading -------------------------------------------------------------------------

def test_lists_load_lazily_in_a_fresh_process():
    # how fast they load is bench/words.py's to measure; here: nothing loads until asked
    code = (
        "from engine.words import lists\n"
        "assert lists.GENERAL._table is None and lists.HOOKY._table is None\n"
        "assert lists.is_word('cats') and lists.is_hooky_word('Paris') and lists.is_blocked('fuck')\n"
        "assert lists.GENERAL._table is not None and lists.HOOKY._table is not None\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "ok"
