"""Online play: the wire protocol, the rules-agnostic relay and the relay client.

`net` never imports `scenes`; it does not import the game rules either (the relay is
rules-agnostic; the client only carries commands)."""
from net.protocol import MAX_FRAME, PROTOCOL_VERSION, ProtocolError

__all__ = ["MAX_FRAME", "PROTOCOL_VERSION", "ProtocolError"]
