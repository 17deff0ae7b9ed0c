"""Couchtop's pure game logic: no pygame, no sockets, no files except the log store and the
disk cache of what is slow to make (engine/core/diskcache.py)."""
