"""Online play in the game window: Play online -> host a room or join one with its code
-> the lobby -> the race over the relay (python main.py relay) -> results.

  open_online(app)              push the connect screen (the menu's "Play online")
  scenes.sumoku.online.connect         ConnectScene: relay address, name, host / join / rejoin
  scenes.sumoku.online.lobby           LobbyScene: the room code, seats, ready, start, leave
  scenes.sumoku.online.race            OnlineRaceScene and begin_race(app, lobby, relay)
  scenes.sumoku.online.link            Connector (non-blocking connect + host/join/resume), texts
  scenes.sumoku.online.store           online.json in the config folder: relay address, rejoin seat
"""
from __future__ import annotations

from typing import Any

from scenes.sumoku.online.connect import ConnectScene

MENU_KEY = "net.menu.online"


def open_online(app: Any) -> Any:
    """Show the connect screen; returns it."""
    scene = ConnectScene(app)
    app.stack.push(scene)
    return scene


__all__ = ["open_online", "MENU_KEY"]
