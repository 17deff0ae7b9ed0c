"""The addresses phones may reach the TV at: this machine's IPv4 addresses other than the
loopback, the one the default route leaves by first (a VPN or Docker interface is
often listed too: the set-up lets the host pick). Nothing is sent anywhere: connecting
a UDP socket only asks the kernel which address a packet would leave from."""
from __future__ import annotations

import socket

DEFAULT_PORT = 8765
LOOPBACK = "127.0.0.1"


def _route_address() -> str | None:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))          # TEST-NET-1: never routed, never sent to
            return str(s.getsockname()[0])
    except OSError:
        return None


def lan_addresses() -> list[str]:
    """IPv4 addresses phones on the LAN might use, the default route's first; the
    loopback alone when there is no other (phones cannot reach that one)."""
    found: list[str] = []
    first = _route_address()
    if first:
        found.append(first)
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        infos = []
    for info in infos:
        addr = str(info[4][0])
        if addr not in found:
            found.append(addr)
    found = [a for a in found if not a.startswith("127.") and a != "0.0.0.0"]
    return found or [LOOPBACK]
