"""Shared widgets, theme, fonts, layout and the UI language."""
