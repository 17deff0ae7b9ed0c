"""Just enough of an OpenType CFF reader to see how a font is laid out for FreeType: the
charset (glyph index to CID) and the subroutines. (fontTools reads all of it, but it is a
build tool, not a test dependency.)"""
from __future__ import annotations

import struct
from dataclasses import dataclass


@dataclass
class CffLayout:
    glyphs: int                          # charstrings
    charset_ranges: list[tuple[int, int]]   # (first CID, how many) in glyph order, .notdef left out
    global_subrs: int
    local_subrs: int                     # Private DICTs (of the font or each FD) with Subrs


def _index(data: bytes, pos: int) -> tuple[list[bytes], int]:
    """The items of the INDEX at `pos`, and where it ends."""
    count = struct.unpack_from(">H", data, pos)[0]
    if count == 0:
        return [], pos + 2
    size = data[pos + 2]
    offs = [int.from_bytes(data[pos + 3 + i * size: pos + 3 + (i + 1) * size], "big") for i in range(count + 1)]
    base = pos + 2 + (count + 1) * size
    return [data[base + a: base + b] for a, b in zip(offs, offs[1:])], base + offs[-1]


def _dict(data: bytes) -> dict[int, list[float]]:
    """A DICT's operators (12 x as 1200 + x) with their operands."""
    out: dict[int, list[float]] = {}
    ops: list[float] = []
    i = 0
    while i < len(data):
        b = data[i]
        if b <= 21:
            op = 1200 + data[i + 1] if b == 12 else b
            i += 2 if b == 12 else 1
            out[op], ops = ops, []
        elif b == 28:
            ops.append(struct.unpack_from(">h", data, i + 1)[0]); i += 3
        elif b == 29:
            ops.append(struct.unpack_from(">i", data, i + 1)[0]); i += 5
        elif b == 30:                        # a real: skip its nibbles (no offset is one)
            i += 1
            while data[i] & 0x0F != 0x0F and data[i] >> 4 != 0x0F:
                i += 1
            i += 1
            ops.append(0.0)
        elif 32 <= b <= 246:
            ops.append(b - 139); i += 1
        elif 247 <= b <= 250:
            ops.append((b - 247) * 256 + data[i + 1] + 108); i += 2
        elif 251 <= b <= 254:
            ops.append(-(b - 251) * 256 - data[i + 1] - 108); i += 2
        else:
            raise ValueError(f"DICT byte {b}")
    return out


def cff_layout(font: bytes) -> CffLayout:
    tables = struct.unpack_from(">H", font, 4)[0]
    for k in range(tables):
        tag, _, offset, length = struct.unpack_from(">4sIII", font, 12 + 16 * k)
        if tag == b"CFF ":
            data = font[offset: offset + length]
            break
    else:
        raise ValueError("no CFF table")
    pos = data[2]                                    # the header's size
    _, pos = _index(data, pos)                        # names
    tops, pos = _index(data, pos)
    _, pos = _index(data, pos)                        # strings
    gsubrs, _ = _index(data, pos)
    top = _dict(tops[0])
    strings, _ = _index(data, int(top[17][0]))
    glyphs = len(strings)
    at, fmt = int(top[15][0]), data[int(top[15][0])]
    ranges: list[tuple[int, int]] = []
    p, covered = at + 1, 0
    while covered < glyphs - 1:
        if fmt == 0:
            ranges.append((struct.unpack_from(">H", data, p)[0], 1)); p += 2; covered += 1
        else:
            first = struct.unpack_from(">H", data, p)[0]
            left = data[p + 2] if fmt == 1 else struct.unpack_from(">H", data, p + 2)[0]
            p += 3 if fmt == 1 else 4
            ranges.append((first, left + 1)); covered += left + 1
    privates = []
    if 1236 in top:                                   # FDArray: a CID-keyed font's font DICTs
        fds, _ = _index(data, int(top[1236][0]))
        privates = [_dict(fd)[18] for fd in fds]
    elif 18 in top:
        privates = [top[18]]
    local = sum(19 in _dict(data[int(off): int(off) + int(size)]) for size, off in privates)
    return CffLayout(glyphs, ranges, len(gsubrs), local)
