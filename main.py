"""Couchtop: `python main.py` plays; subcommands for the rest (`python main.py --help`)."""
from __future__ import annotations

import argparse
import sys


WINDOW_OPTIONS = ("--frames", "--screenshot", "--size", "--lang")    # each takes one value


def _window_args(p: argparse.ArgumentParser, *, default: object = None) -> None:
    """The window's options. The top parser holds their defaults (None); a subcommand's
    copy has none (SUPPRESS), so `--lang en play x` and `play x --lang en` both count
    (argparse otherwise lets the subcommand's default None overwrite the top's value)."""
    p.add_argument("--frames", type=int, default=default, help="quit after N frames (for checks)")
    p.add_argument("--screenshot", metavar="PATH", default=default, help="save the last frame as PNG")
    p.add_argument("--size", metavar="WxH", default=default, help="window size, e.g. 1280x720")
    p.add_argument("--lang", choices=["en", "zh-TW"], default=default,
                   help="UI language for this run (the saved setting is unchanged)")


def build_parser() -> argparse.ArgumentParser:
    from engine.registry import games, spec_for   # the registry is the only list of games
    names = list(games())
    levels = list(dict.fromkeys(lv for g in names for lv in spec_for(g).levels))
    parser = argparse.ArgumentParser(
        prog="python main.py",
        description="Couchtop: tabletop word-and-number games. With no command, opens the menu.")
    _window_args(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="start a game straight away")
    play.add_argument("game", choices=names)
    play.add_argument("--variant", default=None)
    play.add_argument("--seats", type=int, default=None)
    play.add_argument("--bots", type=int, default=None, help="the last K seats are bots")
    play.add_argument("--level", choices=levels, default="normal")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--options", metavar="JSON", default=None, help=OPTIONS_HELP)
    _window_args(play, default=argparse.SUPPRESS)

    replay = sub.add_parser("replay", help="watch a log, or check it (--verify / --json)")
    replay.add_argument("file")
    replay.add_argument("--verify", action="store_true", help="refold and check every checkpoint, no window (exit 0 valid, "
                        "4 valid but unfinished, 1 a checkpoint differs, 3 damaged or malformed)")
    replay.add_argument("--json", action="store_true", help="print the header and events as JSON lines")
    _window_args(replay, default=argparse.SUPPRESS)

    sim = sub.add_parser("simulate", help="bot-versus-bot games without a window; prints JSON")
    sim.add_argument("game", choices=names)
    sim.add_argument("--variant", default=None, help="default: the game's first variant")
    sim.add_argument("--seats", type=int, default=None)
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--level", choices=levels, default="normal")
    sim.add_argument("--options", metavar="JSON", default=None, help=OPTIONS_HELP)
    sim.add_argument("--out", metavar="DIR", default=None, help="where to write the logs")
    sim.add_argument("--relay", metavar="HOST:PORT", default=None,
                     help="race bot clients through a running relay (" + ", ".join(
                         f"{g} {v.id}" for g in names for v in spec_for(g).network_variants) + ")")

    relay = sub.add_parser("relay", help="run the online relay server (`relay --help` for every option)")
    relay.add_argument("--host", default="127.0.0.1")
    relay.add_argument("--port", type=int, default=7777)
    relay.add_argument("--data", metavar="DIR", default=None)
    return parser


OPTIONS_HELP = ("game options as a JSON object, e.g. '{\"attacks\": true}' (each game's are declared "
                "in its GameSpec; an undeclared key or value is refused with the ones it takes)")


def _play_options(args) -> str | None:
    """Check `play --options` against the rules (as simulate does); keep them in
    `args.game_options` for the set-up."""
    from engine.commands.simulate import check_options, parse_options
    from engine.registry import spec_for
    try:
        args.game_options = parse_options(args.options)
        variant = spec_for(args.game).variant(args.variant)
    except (ValueError, KeyError) as e:
        return str(e)
    seats = args.seats if args.seats is not None else variant.default_seats
    error = check_options(args.game, variant.id, seats, args.game_options)
    if error:
        return error
    from scenes import registry                 # the rules allow them: can the table show them?
    plugin = registry.plugin(args.game)         # (the set-up's options: the spec's it offers)
    offered = {o["key"] for o in (plugin.SETUP.get("options", []) if plugin else [])} | {"start"}
    missing = sorted(set(args.game_options) - offered)
    if missing:
        return (f"{args.game}'s table does not offer {', '.join(missing)} yet "
                f"(`simulate {args.game} --options` plays them without a window)")
    return None


def _command_at(raw: list[str]) -> int:
    """Where the subcommand is in `raw`: the first word that is not a window option or
    its value (len(raw) when there is none)."""
    i = 0
    while i < len(raw):
        word = raw[i]
        if word in WINDOW_OPTIONS:
            i += 2
        elif word.split("=", 1)[0] in WINDOW_OPTIONS:
            i += 1
        else:
            return i
    return i


def main(argv: list[str] | None = None) -> int:
    raw = sys.argv[1:] if argv is None else list(argv)
    at = _command_at(raw)
    if at < len(raw) and raw[at] == "relay":  # the relay has more options than listed here
        if at:
            print("error: the window options (" + ", ".join(WINDOW_OPTIONS) + ") do not apply to "
                  "the relay", file=sys.stderr)
            return 2
        from net import relay
        return relay.main(raw[at + 1:])
    parser = build_parser()
    args = parser.parse_args(raw)
    headless = args.command == "simulate" or (args.command == "replay" and (args.verify or args.json))
    given = [o for o in WINDOW_OPTIONS if getattr(args, o[2:]) is not None]
    if headless and given:
        parser.error(f"{', '.join(given)} open a window; `{args.command}` here has none")
    if args.command == "replay" and (args.verify or args.json):
        from engine.commands import verify
        return verify.run(args)
    if args.command == "simulate" and args.relay:
        from net import botcli
        return botcli.run_cli(args)
    if args.command == "simulate":
        from engine.commands import simulate
        return simulate.run(args)
    if args.command == "play" and args.options:
        error = _play_options(args)
        if error:
            print(f"error: {error}", file=sys.stderr)
            return 2
    from scenes import app
    return app.run(args)


if __name__ == "__main__":
    sys.exit(main())
