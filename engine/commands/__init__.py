"""Headless command-line commands (no window): verify and simulate."""
