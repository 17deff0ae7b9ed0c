"""Cut Couchtop's Traditional Chinese + Latin font from Debian's fonts-noto-cjk.

    python tools/build_font.py [--src-dir /usr/share/fonts/opentype/noto] [--out assets/fonts]

Takes the face named "Noto Sans CJK TC" (face 3 of NotoSansCJK-{Regular,Bold}.ttc; checked
by name, not trusted by index), subsets it with fontTools to every character of Big5 plus
ASCII, Latin-1, general punctuation, CJK punctuation, full-width forms and the arrows and
symbols the UI uses, drops hinting, vertical metrics and layout features we never use, and
writes NotoSansTC-Couchtop-{Regular,Bold}.otf, OFL.txt (the licence, verbatim from Debian's
copyright file, after the font's own copyright notice) and README.md.

Needs fontTools (`pip install -e .[tools]`); the game itself never imports it.
"""
from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC_DIR = Path("/usr/share/fonts/opentype/noto")
COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
FACE_NAME = "Noto Sans CJK TC"
FACE_HINT = 3
FAMILY = "Noto Sans TC Couchtop"
WEIGHTS = ("Regular", "Bold")

# Ranges beyond Big5 (inclusive).
EXTRA_RANGES = [
    (0x0020, 0x007E),   # ASCII
    (0x00A0, 0x00FF),   # Latin-1 supplement
    (0x0100, 0x017F),   # Latin extended-A (names like Łukasz, Šárka)
    (0x2000, 0x206F),   # general punctuation
    (0x2070, 0x209F),   # super- and subscripts
    (0x20A0, 0x20BF),   # currency
    (0x2100, 0x214F),   # letterlike symbols
    (0x2150, 0x218F),   # number forms
    (0x2190, 0x21FF),   # arrows
    (0x2200, 0x22FF),   # maths operators (× ÷ ≤ ≥ ≠)
    (0x2300, 0x23FF),   # misc technical (⏎ ⌫ ⏸ ⏵)
    (0x2460, 0x24FF),   # enclosed alphanumerics
    (0x2500, 0x257F),   # box drawing
    (0x25A0, 0x25FF),   # geometric shapes (● ■ ▲ ◆ ▶ ◀)
    (0x2600, 0x26FF),   # misc symbols (★ ☆)
    (0x2700, 0x27BF),   # dingbats (✓ ✗)
    (0x3000, 0x303F),   # CJK symbols and punctuation
    (0x3100, 0x312F),   # bopomofo
    (0xFE30, 0xFE4F),   # CJK compatibility forms
    (0xFF00, 0xFFEF),   # half- and full-width forms
]


def big5_chars() -> set[int]:
    """Every code point Python's big5 codec decodes from a two-byte sequence."""
    out: set[int] = set()
    trails = list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))
    for lead in range(0x81, 0xFF):
        for trail in trails:
            try:
                s = bytes((lead, trail)).decode("big5")
            except UnicodeDecodeError:
                continue
            out.update(ord(c) for c in s)
    return out


def wanted_codepoints() -> set[int]:
    cps = big5_chars()
    for lo, hi in EXTRA_RANGES:
        cps.update(range(lo, hi + 1))
    return cps


def find_face(path: Path):
    from fontTools.ttLib import TTCollection
    coll = TTCollection(str(path))
    order = [FACE_HINT] + [i for i in range(len(coll.fonts)) if i != FACE_HINT]
    for i in order:
        if i < len(coll.fonts) and coll.fonts[i]["name"].getDebugName(1) == FACE_NAME:
            return coll.fonts[i]
    raise SystemExit(f"{path}: no face named {FACE_NAME!r}")


def rename(font, weight: str) -> None:
    """A modified version gets its own name (OFL condition 3 etiquette)."""
    name = font["name"]
    ps = f"{FAMILY.replace(' ', '')}-{weight}"
    for rec in list(name.names):
        if rec.nameID in (1, 16):
            rec.string = FAMILY
        elif rec.nameID in (2, 17):
            rec.string = weight
        elif rec.nameID == 3:
            rec.string = f"{ps};couchtop-build"
        elif rec.nameID == 4:
            rec.string = f"{FAMILY} {weight}"
        elif rec.nameID == 6:
            rec.string = ps
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames[0] = ps
        top = cff.topDictIndex[0]
        top.FullName = f"{FAMILY} {weight}"
        top.FamilyName = FAMILY


def number_cids_by_glyph(path: Path) -> None:
    """Glyph i gets CID i (the font's ordering is Adobe-Identity-0: a CID names nothing
    beyond its glyph). The subset keeps the source's CIDs, scattered over 0..65535, and the
    charset then holds thousands of ranges that FreeType reads one by one, each a seek and
    a read of the file, every time a size of the font is opened; numbered in order it is
    one range. Only the CFF table's names change; every other table refers to glyphs by
    index, and the glyphs keep their order (the bounds were worked out when it was saved)."""
    from fontTools.ttLib import TTFont
    font = TTFont(str(path), recalcBBoxes=False, recalcTimestamp=False)
    top = font["CFF "].cff.topDictIndex[0]
    old = list(top.charset)
    new = [".notdef"] + [f"cid{i:05d}" for i in range(1, len(old))]
    strings = top.CharStrings
    strings.charStrings = {new[i]: strings.charStrings[old[i]] for i in range(len(old))}
    top.charset = new
    buf = io.BytesIO()
    font.save(buf)
    path.write_bytes(buf.getvalue())


def subset_face(src: Path, weight: str, cps: set[int], out: Path):
    from fontTools import subset
    font = find_face(src)
    buf = io.BytesIO()
    font.save(buf)  # the single face as a stand-alone OpenType file
    buf.seek(0)
    from fontTools.ttLib import TTFont
    face = TTFont(buf)
    opts = subset.Options()
    opts.hinting = False
    opts.desubroutinize = True      # FreeType copies every subroutine into each face it opens
    opts.layout_features = ["kern", "palt", "ccmp", "locl"]
    opts.drop_tables += ["VORG", "vhea", "vmtx", "BASE", "DSIG"]
    opts.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14, 16, 17]
    opts.name_languages = [0x409]
    opts.notdef_outline = True
    opts.recalc_bounds = True
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=sorted(cps))
    sub.subset(face)
    rename(face, weight)
    out.parent.mkdir(parents=True, exist_ok=True)
    face.save(str(out))
    number_cids_by_glyph(out)
    copyright_notice = face["name"].getDebugName(0) or ""
    covered = set(face.getBestCmap())
    return copyright_notice, covered


def ofl_text() -> str:
    """The SIL OFL 1.1 stanza of Debian's DEP-5 copyright file, un-indented."""
    text = COPYRIGHT.read_text(encoding="utf-8")
    m = re.search(r"^License: SIL-1\.1\n((?: .*\n?)+)", text, re.M)
    if not m:
        raise SystemExit(f"{COPYRIGHT}: no 'License: SIL-1.1' stanza")
    lines = []
    for line in m.group(1).splitlines():
        body = line[1:]
        lines.append("" if body == "." else body)
    return "\n".join(lines).rstrip() + "\n"


README = """# Couchtop's font

`NotoSansTC-Couchtop-Regular.otf` and `NotoSansTC-Couchtop-Bold.otf` are subsets of
**Noto Sans CJK TC** (Adobe and Google; Traditional Chinese forms as used in Taiwan),
licensed under the SIL Open Font License 1.1 (`OFL.txt`). Renamed "{family}" as a
modified version.

Made by `python tools/build_font.py` from Debian's `fonts-noto-cjk`
(`/usr/share/fonts/opentype/noto/NotoSansCJK-{{Regular,Bold}}.ttc`, the face named
"Noto Sans CJK TC", face index 3), with fontTools {ft_version}:

- characters: every character of Big5 (each two-byte sequence Python's `big5`
  codec decodes: {big5} code points) plus ASCII, Latin-1, Latin Extended-A, general
  punctuation, arrows, maths operators, geometric shapes, misc symbols, dingbats,
  CJK punctuation, bopomofo and full-width forms; {total} code points in the cmap;
- hinting dropped (the CFF outlines render well unhinted at UI sizes); subroutines
  expanded into the glyphs and CIDs numbered by glyph index (one charset range), so
  FreeType opens a size in about 0.6 ms and 0.3 MB instead of 6 ms and 1.4 MB; vertical
  metrics (vhea, vmtx, VORG) and BASE dropped; layout features kept: kern, palt,
  ccmp, locl;
- sizes: Regular {reg_kib} KiB, Bold {bold_kib} KiB.

Used by `scenes/ui/fonts.py` and the pygame_gui theme (`assets/themes/`).
pygame_gui's own bundled CJK font is Simplified-style and is not used.
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src-dir", type=Path, default=SRC_DIR)
    ap.add_argument("--out", type=Path, default=ROOT / "assets" / "fonts")
    args = ap.parse_args(argv)
    import fontTools

    cps = wanted_codepoints()
    big5 = big5_chars()
    notice = ""
    sizes = {}
    covered_all: set[int] = set()
    for weight in WEIGHTS:
        src = args.src_dir / f"NotoSansCJK-{weight}.ttc"
        out = args.out / f"NotoSansTC-Couchtop-{weight}.otf"
        notice, covered = subset_face(src, weight, cps, out)
        missing = big5 - covered
        if missing:
            print(f"warning: {weight}: {len(missing)} Big5 characters have no glyph in the source font, "
                  f"e.g. {''.join(chr(c) for c in sorted(missing)[:10])}", file=sys.stderr)
        covered_all = covered
        sizes[weight] = out.stat().st_size
        print(f"{out}: {sizes[weight] / 1024:.0f} KiB, {len(covered)} code points")
    (args.out / "OFL.txt").write_text(notice.strip() + "\n\n" + ofl_text(), encoding="utf-8")
    (args.out / "README.md").write_text(README.format(
        family=FAMILY, ft_version=fontTools.version, big5=len(big5), total=len(covered_all),
        reg_kib=round(sizes["Regular"] / 1024), bold_kib=round(sizes["Bold"] / 1024)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
