"""Any plain value a crafted log might hold in a field (the hypothesis strategy the log
tests share): nil, booleans, small and 64-bit integers, short text, bytes, floats, and
small lists and maps of them."""
from __future__ import annotations

from hypothesis import strategies as st

VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 300), st.integers(-(1 << 63), (1 << 64) - 1),
    st.text(max_size=6), st.binary(max_size=4), st.floats(allow_nan=False, allow_infinity=False),
    st.lists(st.integers(-2, 60), max_size=4), st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(-2, 9), max_size=3),
)
