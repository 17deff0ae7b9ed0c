"""Couchtop's pure game logic: no pygame, no sockets, no files except the log store."""
