"""The `dunec` command line.

Exit codes scripts can rely on: 0 success, 1 the cards have errors (or
`build --check` found stale files), 2 usage error, 70 internal error (a bug).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from dunec import __version__

EXIT_OK, EXIT_USER, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 70


class UsageError(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="dunec", description="Card language, compiler and engine for Dune: Imperium.")
    ap.add_argument("--version", action="version", version=f"dunec {__version__}")
    sub = ap.add_subparsers(dest="cmd", metavar="COMMAND")

    p = sub.add_parser("check", help="check card files and print diagnostics")
    p.add_argument("paths", nargs="*", type=Path, help="card files or folders (default: the bundled cards)")
    p.add_argument("--format", choices=("text", "json"), default="text")

    p = sub.add_parser("build", help="compile the cards into generated/")
    p.add_argument("--check", action="store_true", help="fail and name the files if generated/ is stale")
    p.add_argument("--cards", type=Path, help="card folder (default: the bundled cards)")
    p.add_argument("--out", type=Path, help="output folder (default: the package's generated/)")
    p.add_argument("--format", choices=("text", "json"), default="text")

    p = sub.add_parser("play", help="play one complete seeded game and print its log")
    _game_args(p)
    p.add_argument("--json", action="store_true", help="print the final state as JSON")
    p.add_argument("--resume", type=Path, metavar="FILE",
                   help="continue a game saved with `save` at a human prompt")

    p = sub.add_parser("simulate", help="play many seeded games and print statistics")
    _game_args(p)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--json", action="store_true")
    p.add_argument("--balance", action="store_true",
                   help="also report, per Imperium card, the win rate of the players who owned it")

    p = sub.add_parser("list", help="list compiled definitions")
    p.add_argument("--set", dest="set_", metavar="SET")
    p.add_argument("--kind")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("show", help="print a definition as a player reads it (and draw it as SVG)")
    p.add_argument("ids", nargs="*", metavar="ID")
    p.add_argument("--set", dest="set_", metavar="SET")
    p.add_argument("--with", dest="extra", type=Path, action="append", default=[], metavar="FILE",
                   help="card files to check with the bundled cards; with no ID, show their definitions")
    p.add_argument("--svg", type=Path, metavar="DIR", help="also write a picture of each card to DIR/ID.svg")

    p = sub.add_parser("explain", help="explain a diagnostic code")
    p.add_argument("code", nargs="?")
    return ap


def _game_args(p) -> None:
    p.add_argument("--players", type=int, choices=(2, 3, 4),
                   help="people at the table (default 4); 2 plays with a House Hagal rival")
    p.add_argument("--solo", action="store_true", help="one person against two House Hagal rivals")
    p.add_argument("--difficulty", choices=("novice", "veteran", "expert"),
                   help="solo difficulty (default novice)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--policy", default="random",
                   help="one policy for all seats, or a comma list per seat: random, greedy, human (play)")
    p.add_argument("--backend", choices=("compiled", "interpreted"), default="compiled")
    p.add_argument("--cards", type=Path, help="play these cards instead of the bundled ones")
    p.add_argument("--with", dest="extra", type=Path, action="append", default=[], metavar="FILE",
                   help="add the cards of FILE (or a folder) to the game, e.g. a card you are writing")


def main(argv=None) -> int:
    from dunec.engine.setup import SetupError

    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0) and EXIT_USAGE
    if not args.cmd:
        _parser().print_help()
        return EXIT_USAGE
    try:
        return COMMANDS[args.cmd](args)
    except UsageError as e:
        print(f"dunec: {e}", file=sys.stderr)
        return EXIT_USAGE
    except CardErrors as e:
        print(str(e), file=sys.stderr)
        return EXIT_USER
    except SetupError as e:  # the cards check, but cannot set up this game
        print(f"dunec: cannot set up the game: {e}", file=sys.stderr)
        return EXIT_USER
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # a bug: say so, without a traceback unless asked
        if os.environ.get("DUNEC_DEBUG"):
            raise
        print(f"dunec: internal error ({type(e).__name__}: {e}). This is a bug in dunec; "
              f"set DUNEC_DEBUG=1 for the traceback.", file=sys.stderr)
        return EXIT_INTERNAL


# ---------------------------------------------------------------------- commands
def cmd_check(args) -> int:
    from dunec.frontend import compile_paths
    from dunec.paths import cards_dir

    paths = args.paths or [cards_dir()]
    for p in paths:
        if not p.exists():
            raise UsageError(f"no such file or folder: {p}")
    model, diags = compile_paths(paths, root=Path.cwd() if args.paths else cards_dir().parent)
    if args.format == "json":
        print(diags.to_json())
    else:
        if diags.items:
            print(diags.render(), file=sys.stderr)
        n = sum(1 for _ in model.defs)
        files = len(model.files)
        if not diags.errors:
            print(f"ok: {n} definition{'s' if n != 1 else ''} in {files} file{'s' if files != 1 else ''}")
    return EXIT_USER if diags.errors else EXIT_OK


def cmd_build(args) -> int:
    from dunec.build import build

    if args.cards is not None and not args.cards.is_dir():
        raise UsageError(f"no such folder: {args.cards}")
    r = build(args.cards, args.out, check=args.check)
    if args.format == "json":
        print(json.dumps({"ok": r.ok, "diagnostics": json.loads(r.diagnostics.to_json()),
                          "written": r.written, "stale": r.stale}, indent=2))
    elif r.diagnostics.items:
        print(r.diagnostics.render(), file=sys.stderr)
    if not r.ok:
        if r.stale and args.format == "text":
            print("generated/ is stale; run `dunec build`. Stale: " + ", ".join(r.stale), file=sys.stderr)
        elif args.format == "text":
            print("build failed; generated/ was not touched", file=sys.stderr)
        return EXIT_USER
    if args.format == "text":
        if args.check:
            print(f"generated/ is up to date ({len(r.files)} files)")
        else:
            print(f"built {len(r.files)} files" + (f"; wrote {', '.join(r.written)}" if r.written else "; nothing changed"))
    return EXIT_OK


class CardErrors(Exception):
    """The cards to play or show have errors (already rendered)."""


def _content(args):
    from dunec.engine.content import ContentError, load

    for path in [args.cards, *getattr(args, "extra", [])]:
        if path is not None and not path.exists():
            raise UsageError(f"no such file or folder: {path}")
    try:
        return load(args.backend, args.cards, getattr(args, "extra", []))
    except ContentError as e:
        raise CardErrors(str(e)) from None


def _policies(spec: str, n: int, allowed=None) -> list[str]:
    from dunec.engine.policies import POLICIES

    allowed = allowed or POLICIES
    names = [s.strip() for s in spec.split(",") if s.strip()]
    if len(names) == 1:
        names = names * n
    if len(names) != n:
        raise UsageError(f"--policy names {len(names)} policies for {n} player{'s' if n != 1 else ''}")
    for s in names:
        if s not in allowed:
            raise UsageError(f"unknown policy `{s}` (choose from {', '.join(allowed)})")
    return names


def _humans(args) -> int:
    """How many people play: --solo is one (against two rivals), --players 2 plays
    with one House Hagal rival, 3 and 4 are the standard game."""
    if args.solo:
        if args.players is not None:
            raise UsageError("--solo is a one-person game against two rivals; drop --players")
        args.difficulty = args.difficulty or "novice"
        return 1
    if args.difficulty is not None:
        raise UsageError("--difficulty is for solo games (--solo)")
    args.difficulty = "novice"
    return args.players or 4


def cmd_play(args) -> int:
    from dunec.engine.human import HumanPolicy, QuitGame, load_game
    from dunec.engine.policies import PLAY_POLICIES, make
    from dunec.engine.runner import play_game, render_standings

    decisions: list = []
    if args.resume is not None:
        try:
            saved = load_game(args.resume)
        except ValueError as e:
            raise UsageError(str(e)) from None
        args.seed, args.difficulty, args.backend = saved["seed"], saved["difficulty"], saved["backend"]
        args.cards = Path(saved["cards"]) if saved.get("cards") else None
        humans, names, decisions = saved["people"], saved["policies"], saved["decisions"]
    else:
        humans = _humans(args)
        names = _policies(args.policy, humans, PLAY_POLICIES)
    content = _content(args)
    setup = {"seed": args.seed, "people": humans, "difficulty": args.difficulty, "policies": names,
             "backend": args.backend, "cards": str(args.cards) if args.cards else None}
    interactive = "human" in names

    def make_policy(name, seed, seat):
        return HumanPolicy(setup) if name == "human" else make(name, seed, seat)

    if args.resume is not None and interactive:
        print(f"Resuming {args.resume}: {len(decisions)} decisions replayed.")
    try:
        st = play_game(content, humans, args.seed, names, difficulty=args.difficulty, make_policy=make_policy,
                       replay=decisions, echo=print if interactive and not args.json else None)
    except QuitGame as e:
        print(f"\nGame stopped ({e}). Type `save FILE` at a prompt to keep a game for later.")
        return EXIT_OK
    if args.json:
        print(st.to_json())
        return EXIT_OK
    if not interactive:
        for line in st.log:
            print(line)
    print()
    print(render_standings(content, st))
    return EXIT_OK


def cmd_simulate(args) -> int:
    from dunec.engine.runner import simulate

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    humans = _humans(args)
    content = _content(args)
    names = _policies(args.policy, humans)
    t0 = time.perf_counter()
    stats = simulate(content, args.games, humans, args.seed, names, difficulty=args.difficulty,
                     balance=args.balance)
    dt = time.perf_counter() - t0
    stats["seconds"] = round(dt, 3)
    stats["games_per_second"] = round(args.games / dt, 1) if dt > 0 else None
    stats["backend"] = content.backend
    if args.json:
        print(json.dumps(stats, indent=2, sort_keys=True))
        return EXIT_OK
    table = {"solo": f"solo ({args.difficulty}) against two rivals",
             "duo": "2 players and a House Hagal rival"}.get(stats["mode"], f"{humans} players")
    print(f"{args.games} games, {table}, seeds {args.seed}..{args.seed + args.games - 1}, "
          f"{content.backend} back-end")
    print("wins by seat:   " + "  ".join(f"P{i + 1}={w:g}" for i, w in enumerate(stats["wins_by_seat"])))
    print("wins by policy: " + "  ".join(f"{k}={v:g}" for k, v in sorted(stats["wins_by_policy"].items())))
    print(f"average VP:     {stats['average_vp']:.2f}   average rounds: {stats['average_rounds']:.2f}")
    print(f"games/second:   {stats['games_per_second']}")
    if args.balance:
        from dunec.engine.balance import render
        print(render(stats["balance"]))
    return EXIT_OK


def _load_defs():
    from dunec.engine.content import load

    return load("compiled").defs


def cmd_list(args) -> int:
    defs = _load_defs()
    rows = []
    for ident in sorted(defs):
        m = defs[ident]
        if args.set_ and m["set"] != args.set_:
            continue
        if args.kind and m["kind"] != args.kind:
            continue
        row = {"id": m["id"], "name": m["name"], "set": m["set"], "kind": m["kind"], "copies": m["copies"]}
        if m["kind"] in ("card", "starter", "reserve"):
            row.update(cost=m.get("cost"), icons=list(m.get("icons", ())), factions=list(m.get("factions", ())))
        if m["kind"] == "conflict":
            row["level"] = m["level"]
        if m["kind"] == "deck":
            row["copies"] = 1
            row["size"] = m["size"]
        rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=2))
        return EXIT_OK
    for r in rows:
        extra = f" cost {r['cost']}" if r.get("cost") is not None else ""
        print(f"{r['kind']:9} {r['set']:6} {r['copies']:>2}x {r['id']:32} {r['name']}{extra}")
    print(f"{len(rows)} definitions, {sum(r['copies'] for r in rows)} copies")
    return EXIT_OK


def cmd_show(args) -> int:
    from dunec.engine.content import ContentError, check_cards
    from dunec.picture import card_svg
    from dunec.show import show_definition

    for path in args.extra:
        if not path.exists():
            raise UsageError(f"no such file or folder: {path}")
    try:
        model = check_cards(extra=args.extra)
    except ContentError as e:
        raise CardErrors(str(e)) from None
    ids = list(args.ids)
    if args.set_:
        ids += [d for d in sorted(model.defs) if model.defs[d].set == args.set_]
    if not ids and args.extra:
        mine = {Path(p).resolve() for p in args.extra}
        ids = [d for d in sorted(model.defs) if any(Path(model.defs[d].file).resolve() == m or
                                                    m in Path(model.defs[d].file).resolve().parents for m in mine)]
    if not ids:
        raise UsageError("name a definition id, or --set SET, or --with FILE")
    missing = [i for i in ids if i not in model.defs]
    if missing:
        from dunec.check.diagnostics import did_you_mean
        hint = did_you_mean(missing[0], model.defs)
        raise UsageError(f"no definition `{missing[0]}`" + (f"; {hint}" if hint else ""))
    print("\n\n".join(show_definition(model.defs[i]) for i in ids))
    if args.svg is not None:
        args.svg.mkdir(parents=True, exist_ok=True)
        for i in ids:
            (args.svg / f"{i}.svg").write_text(card_svg(model.defs[i]), encoding="utf-8")
        print(f"\nwrote {len(ids)} picture{'s' if len(ids) != 1 else ''} to {args.svg}/")
    return EXIT_OK


def cmd_explain(args) -> int:
    from dunec.check.messages import MESSAGES, explain

    if not args.code:
        for code, m in MESSAGES.items():
            print(f"{code}  {m.title}")
        return EXIT_OK
    text = explain(args.code)
    if text is None:
        raise UsageError(f"no diagnostic code {args.code}; `dunec explain` lists them")
    print(text, end="")
    return EXIT_OK


COMMANDS = {"check": cmd_check, "build": cmd_build, "play": cmd_play, "simulate": cmd_simulate,
            "list": cmd_list, "show": cmd_show, "explain": cmd_explain}
