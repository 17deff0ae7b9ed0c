"""Any plain value a crafted log might hold in a field (the hypothesis strategy the log
tests share): nil, booleans, small and 64-bit integers, short text, bytes, floats, and
small lists and maps of them."""
from __future__ import annotations

from hypothesis import strategies as st

# text's default alphabet, every character UTF-8 can encode (all but surrogates), named
# without the codec: hypothesis works a codec's alphabet out over all 1.1 million code
# points (5 s) in every process that has no .hypothesis cache of it yet
CHARS = st.characters(exclude_categories=("Cs",))

VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 300), st.integers(-(1 << 63), (1 << 64) - 1),
    st.text(CHARS, max_size=6), st.binary(max_size=4), st.floats(allow_nan=False, allow_infinity=False),
    st.lists(st.integers(-2, 60), max_size=4), st.lists(st.text(CHARS, max_size=3), max_size=3),
    st.dictionaries(st.text(CHARS, max_size=3), st.integers(-2, 9), max_size=3),
)
