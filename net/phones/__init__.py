"""Phones as private screens: a small web server inside the app (the TV is the authority).

- `limits.py`  every limit a phone can hit, in one place (docs/phone-protocol.md lists them)
- `wire.py`    the JSON text frames: inbound validation, outbound frame builders
- `files.py`   the phone client's files, served from an allow-list held in memory
- `host.py`    PhoneHost: the websockets server on an asyncio loop in a daemon thread;
               seats, tokens, the room code; inbound messages queued for the main loop
- `table.py`   PhoneTable: binds a LocalSession to the host on the main loop (the one send
               path: every game frame is the seat's view and event views)
"""
