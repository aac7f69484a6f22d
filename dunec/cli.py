"""The `dunec` command line.

Exit codes scripts can rely on: 0 success, 1 bad input (the cards have errors,
a save file cannot be resumed, a file or folder cannot be written, or `build
--check` found stale files, `simulate` lost a worker process), 2 usage error,
130 interrupted and 143 terminated (`simulate` still prints the games it
finished), 70 internal error (a bug).
"""
from __future__ import annotations

# json and every command's own modules are imported where used: `check` in an
# editor loop starts a process each time and needs none of them.
import os
import re
import sys
import time
from pathlib import Path

from dunec import __version__
from dunec.terminal import printable

EXIT_OK, EXIT_USER, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 70


class UsageError(Exception):
    """The command line itself is wrong (exit 2)."""


class UserError(Exception):
    """The input is wrong or the system refused (a file, a folder): exit 1 with the message."""


def _fs_error(what: str, path, e: OSError) -> UserError:
    where = e.filename if e.filename is not None else path
    return UserError(f"cannot {what} {path}: {e.strerror or type(e).__name__}"
                     + (f" ({where})" if str(where) != str(path) else ""))


def _exists(path) -> bool:
    """Whether `path` names something; a name the system refuses to look up (too
    long, a symlink loop, no permission) is exit 1 with the reason, not a traceback."""
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return os.path.islink(path)  # a dangling link is there, and in the way
    except OSError as e:
        raise _fs_error("use", path, e) from None
    return True


def _help_formatter():
    """The help formatter: shows a default when there is one to show (not for flags
    or "none"). Made when a parser is: `check` in an editor loop needs no argparse."""
    import argparse

    class _Help(argparse.ArgumentDefaultsHelpFormatter):
        def _get_help_string(self, action):
            text = action.help or ""
            if "(default" in text or action.default in (None, False, [], argparse.SUPPRESS):
                return text
            return super()._get_help_string(action)

    return _Help


def _parser_class():
    """argparse's parser, whose errors show what the user typed as text: an
    unrecognized argument reaches the terminal as given, so an escape sequence in
    it would be obeyed (clear the screen, reorder the line) instead of shown."""
    import argparse

    class _Parser(argparse.ArgumentParser):
        def error(self, message):  # argparse's, with the message escaped
            self.print_usage(sys.stderr)
            self.exit(2, f"{self.prog}: error: {printable(message)}\n")

    return _Parser


class _NoArguments:
    """Stands in for the parser of a command not being run: it is never read, and
    building the parsers of them all costs more than checking a small file."""

    def add_argument(self, *args, **kw) -> None:
        pass


def _parser(only: str | None = None):
    """The command line. `only`: the command being run, the one parser built below
    the top: argparse hands every word after the command's name to that parser,
    so the top-level help and its "invalid choice" error, which list the others,
    are only ever shown when no command is named (only=None: every one)."""
    import argparse

    from dunec.check.model import KINDS

    _Help = _help_formatter()
    ap = _parser_class()(prog="dunec", description="Card language, compiler and engine for Dune: Imperium.",
                                 formatter_class=_Help)
    ap.add_argument("--version", action="version", version=f"dunec {__version__}", help="print the version and exit")
    sub = ap.add_subparsers(dest="cmd", metavar="COMMAND")
    ap.commands = {}

    def command(name, **kw):
        if only not in (None, name):
            return _NoArguments()
        ap.commands[name] = sub.add_parser(name, formatter_class=_Help, **kw)
        return ap.commands[name]

    p = command("check", help="check card files and print diagnostics")
    p.add_argument("paths", nargs="*", type=Path, help="card files or folders (default: the bundled cards)")
    p.add_argument("--format", choices=("text", "json"), default="text", help="how to print the diagnostics")
    p.add_argument("--sets", metavar="SET,SET", help="the sets to check, each with the sets it requires "
                   "(default: the sets the files need); without paths, their bundled folders")
    p.add_argument("--alone", action="store_true",
                   help="check the files by themselves; by default names resolve against the bundled cards too")

    p = command("test", help="run the `test` blocks of card files on both back-ends")
    p.add_argument("paths", nargs="*", type=Path, help="card files or folders (default: the bundled cards)")
    p.add_argument("-k", dest="select", metavar="TEXT", help="run only the tests whose id contains TEXT")
    p.add_argument("--sets", metavar="SET,SET",
                   help="play every test in a game of these sets (default: each test's card's set "
                        "with the sets it requires)")

    p = command("fmt", help="rewrite card files in the one canonical layout (comments kept)")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="card files or folders")
    p.add_argument("--check", action="store_true",
                   help="write nothing; name the files that would change and exit 1 if any would")
    p.add_argument("--diff", action="store_true", help="write nothing; print the changes as a unified diff")

    p = command("build", help="compile the cards into generated/")
    p.add_argument("--check", action="store_true", help="write nothing; fail and name the files if generated/ is stale")
    p.add_argument("--cards", type=Path, help="card folder (default: the bundled cards)")
    p.add_argument("--out", help="output folder (default: the package's generated/)")
    p.add_argument("--format", choices=("text", "json"), default="text", help="how to print the report")

    p = command("play", help="play one complete seeded game and print its log")
    # A game to watch is played by the heuristic player: random seats rarely reach
    # what a set adds (docs/decisions.md "The default player of `play`").
    _game_args(p, policy="greedy")
    p.add_argument("--json", action="store_true", help="print the final state as JSON instead of the log")
    p.add_argument("--resume", type=Path, metavar="FILE",
                   help="continue a game saved with `save` at a human prompt; the save holds the whole "
                        "setup, so no other game option may be given (only --json)")

    p = command("simulate", help="play many seeded games and print statistics")
    _game_args(p, policy="random")
    p.add_argument("--games", type=int, default=100, help="how many games (seeds SEED, SEED+1, ...)")
    p.add_argument("--json", action="store_true", help="print the statistics as JSON")
    p.add_argument("--balance", action="store_true",
                   help="also report, per Imperium card, the win rate of the players who owned it")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="play in N processes (0: one per core); the results do not depend on N")
    p.add_argument("--cluster", choices=("ray",),
                   help="play on a Ray cluster (pip install 'dunec[cluster]')")
    p.add_argument("--cluster-address", metavar="ADDR",
                   help="the Ray cluster, e.g. ray://head:10001 (default: $RAY_ADDRESS, else a local one)")
    p.add_argument("--report", type=Path, metavar="DIR",
                   help="write an HTML balance report with plots and its numbers as CSV to DIR "
                        "(implies --balance; plots need 'dunec[report]')")
    p.add_argument("--compare", type=Path, metavar="FILE",
                   help="play the same seeds again with FILE's cards added and report the difference")
    p.add_argument("--compare-seat", type=int, default=1, metavar="N",
                   help="the seat whose win rate and VP --compare reports (default: 1)")

    p = command("list", help="list compiled definitions")
    p.add_argument("--set", dest="set_", metavar="SET", help="only this set (default: every set)")
    p.add_argument("--sets", metavar="SET,SET",
                   help="only the definitions a game of these sets plays, and its optional modules (each row "
                        "says `module`: Uprising's CHOAM Module)")
    p.add_argument("--kind", metavar="KIND",
                   help=f"only this kind: {', '.join(sorted(KINDS))} or a kind a set derives "
                        f"(default: every kind)")
    p.add_argument("--json", action="store_true", help="print the list as JSON")
    p.add_argument("--with", dest="extra", type=Path, action="append", default=[], metavar="FILE",
                   help="also list these card files or folders (an author's new set), checked with the "
                        "bundled cards (repeatable)")

    p = command("show", help="print a definition as a player reads it (and draw it as SVG)")
    p.add_argument("ids", nargs="*", metavar="ID", help="definition ids, e.g. duncan_idaho")
    p.add_argument("--set", dest="set_", metavar="SET", help="show every definition of this set")
    p.add_argument("--sets", metavar="SET,SET", help="only the definitions a game of these sets plays")
    p.add_argument("--with", dest="extra", type=Path, action="append", default=[], metavar="FILE",
                   help="card files to check with the bundled cards; with no ID, show their definitions")
    p.add_argument("--svg", type=Path, metavar="DIR", help="also write a picture of each card to DIR/ID.svg")

    p = command("gallery", help="write a static HTML gallery of the cards, with filters (opens from file://)")
    p.add_argument("out", type=Path, metavar="OUT", help="the folder to write index.html to")
    p.add_argument("--sets", metavar="SET,SET", help="only these sets (default: every set)")
    p.add_argument("--report", type=Path, metavar="DIR_OR_CSV",
                   help="show each card's balance figure from `dunec simulate --report DIR` (DIR or DIR/cards.csv)")
    p.add_argument("--with", dest="extra", type=Path, action="append", default=[], metavar="FILE",
                   help="card files to check with the bundled cards and show too")

    p = command("lsp", help="run the language server on stdio, for editors (needs the extra `dunec[lsp]`)")
    p.add_argument("--stdio", action="store_true",
                   help="speak over stdin/stdout, the only transport (accepted because many clients pass it)")

    p = command("explain", help="explain a diagnostic code")
    p.add_argument("code", nargs="?", help="a code such as E0203 (default: list every code)")
    return ap


# The options of `play` that set up a game: a resumed game takes them from its save.
GAME_OPTIONS = ("players", "solo", "difficulty", "churn", "seed", "policy", "backend", "cards", "extra", "sets",
                "epic", "choam")
SETS_HELP = "the sets the game plays, each with the sets it requires, e.g. base,ix or uprising (default: the set that declares `default`, the base game)"


def _game_args(p, policy: str) -> None:
    p.add_argument("--players", type=int, choices=(2, 3, 4),
                   help="people at the table (default: 4); 2 plays with a House Hagal rival")
    p.add_argument("--solo", action="store_true", help="one person against two House Hagal rivals")
    p.add_argument("--difficulty", choices=("novice", "veteran", "expert"),
                   help="solo difficulty (default: novice)")
    p.add_argument("--churn", choices=("reveal", "rival", "off"),
                   help="when the Imperium Row churns in a game with rivals: reveal (after your reveal "
                        "turn, solo only), rival (after every rival turn, both modes, as rules 000 says), "
                        "off (default: reveal)")
    p.add_argument("--seed", type=int, default=1, help="the seed of the (first) game")
    p.add_argument("--policy", default=policy,
                   help="one policy for all seats, or a comma list per seat: random, greedy; "
                        f"search[:N] (N simulations a move); play also human (default: {policy})")
    p.add_argument("--backend", choices=("compiled", "interpreted"), default="compiled",
                   help="run the generated code or interpret the IR (they play identically)")
    p.add_argument("--cards", type=Path, help="play these cards instead of the bundled ones")
    p.add_argument("--sets", metavar="SET,SET", help=SETS_HELP)
    p.add_argument("--epic", action="store_true",
                   help="the Epic game: to 12 VP, 5 Conflict II over 5 Conflict III, everyone on 0 VP with "
                        "5 troops in the garrison, one Intrigue card and Control the Spice (needs Rise of Ix: "
                        "--sets base,ix)")
    p.add_argument("--with", dest="extra", type=Path, action="append", default=[], metavar="FILE",
                   help="add the cards of FILE (or a folder) to the game, e.g. a card you are writing")
    p.add_argument("--choam", action="store_true",
                   help="Uprising's CHOAM Module: its contracts, cards and leader join the game (the set "
                        "`choam`, added to --sets: --sets uprising --choam)")


def _given(argv, ap) -> set:
    """The options actually typed (not defaulted): parse again with no defaults.
    Takes the parser `main` is done with, as building one costs more than a check
    of a small file."""
    import argparse

    for p in ap.commands.values():
        for a in p._actions:
            if a.option_strings:
                a.default = argparse.SUPPRESS
    return set(vars(ap.parse_args(argv)))


# `check`'s options as `_plain_check` reads them: option -> (dest, the values it
# takes, None for a flag; () for any one word). The same as its argparse parser
# (test_cold_check checks that they agree).
_CHECK_OPTIONS = {"--format": ("format", ("text", "json")), "--sets": ("sets", ()), "--alone": ("alone", None)}


class _Args:
    """argparse's Namespace for `_plain_check` (attributes, vars, ==)."""

    def __init__(self, **kw) -> None:
        self.__dict__.update(kw)

    def __eq__(self, other) -> bool:
        return vars(self) == vars(other)

    __hash__ = None


def _plain_check(words: list):
    """The arguments of a plain `dunec check [OPTION...] [PATH...]`, as argparse
    would give them, read without argparse (importing it and building the parser
    is a tenth of a cold check of a small file); None for any other command line
    (help, an abbreviation, `--`, an option after a path or given twice, a bad
    value), which argparse then reads and reports on as ever."""
    if not words or words[0] != "check":
        return None
    args = {"cmd": "check", "format": "text", "sets": None, "alone": False}
    given = {"cmd", "paths"}
    rest = words[1:]
    while rest and rest[0].startswith("-"):
        word, _, value = rest.pop(0).partition("=")
        option = _CHECK_OPTIONS.get(word)
        if option is None or option[0] in given:
            return None
        dest, values = option
        if values is None:
            if _:
                return None
            args[dest] = True
        else:
            if not _:
                if not rest:
                    return None
                value = rest.pop(0)
            if value.startswith("-") or (values and value not in values):
                return None
            args[dest] = value
        given.add(dest)
    if any(w.startswith("-") for w in rest):
        return None
    return _Args(paths=[Path(w) for w in rest], **args, given=given)


def main(argv=None) -> int:
    """Run one command; `argv` None: the process's own command line."""
    try:
        return _main(argv)
    finally:
        if argv is None:
            # The process ends on return: leave what the command made to be freed
            # then, without the last collection of the cycle collector walking it
            # all first (~10 ms of a cold `dunec check`, median of 15 runs).
            import gc

            gc.freeze()


def _main(argv) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    args = _plain_check(words)
    if args is not None and argv is None:
        # A process that checks and ends: no cycle collection while it imports the
        # checker and loads the kept bundled cards, each allocating thousands of
        # objects that live to the end (~2% of a cold `dunec check`).
        import gc

        gc.disable()
    if args is None:
        ap = _parser(words[0] if words and words[0] in COMMANDS else None)
        try:
            args = ap.parse_args(argv)
        except SystemExit as e:
            return int(e.code or 0) and EXIT_USAGE
        if not args.cmd:
            ap.print_help()
            return EXIT_USAGE
        args.given = _given(argv, ap)
        if getattr(args, "choam", False):  # the CHOAM Module is the set `choam` (cards/choam/set.dune)
            args.sets = "choam" if args.sets is None else f"{args.sets},choam"
            args.given.add("sets")
    try:
        return COMMANDS[args.cmd](args)
    except UsageError as e:  # a refusal may list diagnostics, one a line (E0309)
        print("dunec: " + "\n".join(printable(line) for line in str(e).split("\n")), file=sys.stderr)
        return EXIT_USAGE
    except UserError as e:  # they name files: a name's control characters are shown, not obeyed
        print(f"dunec: {printable(e)}", file=sys.stderr)
        return EXIT_USER
    except CardErrors as e:
        print(str(e), file=sys.stderr)
        return EXIT_USER
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        print("dunec: interrupted", file=sys.stderr)
        return 130
    except Exception as e:
        if _setup_error(e):  # the cards check, but cannot set up this game
            print(f"dunec: cannot set up the game: {printable(e)}", file=sys.stderr)
            return EXIT_USER
        # a bug: say so, without a traceback unless asked
        if os.environ.get("DUNEC_DEBUG"):
            raise
        print(f"dunec: internal error ({type(e).__name__}: {printable(e)}). This is a bug in dunec; "
              f"set DUNEC_DEBUG=1 for the traceback.", file=sys.stderr)
        return EXIT_INTERNAL


def _setup_error(e: Exception) -> bool:
    """A SetupError, asked without importing the engine: commands load only what
    they use (`check` answers in an editor loop), and a command that never loaded
    the engine cannot have raised one."""
    setup = sys.modules.get("dunec.engine.loop.setup")
    return setup is not None and isinstance(e, setup.SetupError)


# ---------------------------------------------------------------------- commands
def cmd_check(args) -> int:
    from dunec.frontend import compile_paths
    from dunec.paths import cards_dir

    sets = _set_list(args.sets) if args.sets is not None else None
    if sets and not args.paths:
        sets = _with_shared(sets)
    paths = args.paths or ([cards_dir() / s for s in sets] if sets else [cards_dir()])
    for p in paths:
        if not _exists(p):
            if not args.paths:
                raise UsageError(f"no set folder `{p.name}` among the bundled sets: "
                                 f"{', '.join(sorted(q.parent.name for q in cards_dir().glob('*/set.dune')))}")
            raise UsageError(f"no such file or folder: {p}")
    model, diags = compile_paths(paths, root=Path.cwd() if args.paths else cards_dir().parent, sets=sets,
                                 with_bundled=bool(args.paths) and not args.alone)
    if args.format == "json":
        print(diags.to_json())
    else:
        if diags.items:
            print(diags.render(), file=sys.stderr)
        n = sum(1 for d in model.defs.values() if d.file not in model.context)
        files = len(set(model.files) - model.context)
        if not diags.errors:
            print(f"ok: {n} definition{'s' if n != 1 else ''} in {files} file{'s' if files != 1 else ''}")
    return EXIT_USER if diags.errors else EXIT_OK


def _with_shared(sets: tuple) -> tuple:
    """The bundled sets named, after the shared foundations they require (a set that
    requires nothing and is no game of its own, `core`), which come unnamed as they
    do in a game (Content.select)."""
    from dunec.frontend import bundled_sets
    from dunec.check.vocab import reaches

    decls = bundled_sets()
    named = [s for s in sets if s in decls]
    reached = set().union(*(reaches(decls, s) for s in named)) if named else set()
    shared = sorted(s for s in reached if s not in sets and not decls[s].requires and not decls[s].default)
    return (*shared, *sets)


def _set_list(spec: str) -> tuple[str, ...]:
    """`base,ix` -> ("base", "ix"): set ids, each once."""
    names = tuple(dict.fromkeys(s.strip() for s in spec.split(",") if s.strip()))
    bad = [n for n in names if not re.fullmatch(r"[a-z_][a-z0-9_]*", n)]
    if not names or bad:
        raise UsageError(f"--sets takes set ids separated by commas, such as `base,ix`"
                         f"{f'; `{bad[0]}` is not one' if bad else ''}")
    return names


def cmd_fmt(args) -> int:
    from dunec.fmt import FormatBug, run

    for p in args.paths:
        if not _exists(p):
            raise UsageError(f"no such file or folder: {p}")
    try:
        return run(args.paths, args.check, args.diff, Path.cwd())
    except BrokenPipeError:
        raise
    except OSError as e:
        raise _fs_error("rewrite", e.filename or args.paths[0], e) from None
    except FormatBug as e:
        print(f"dunec: internal error (fmt: {e}); the file was left as it is. This is a bug in dunec.",
              file=sys.stderr)
        return EXIT_INTERNAL


def cmd_build(args) -> int:
    from dunec.build import build

    if args.cards is not None and not (_exists(args.cards) and args.cards.is_dir()):
        raise UsageError(f"no such folder: {args.cards}")
    if args.out == "":  # Path("") is the current folder: never what was meant
        raise UserError('--out "" names no folder; give one, e.g. --out generated')
    if args.out is not None:
        args.out = Path(args.out)
        if _exists(args.out) and not args.out.is_dir():
            raise UserError(f"--out {args.out} is a file, not a folder")
    try:
        r = build(args.cards, args.out, check=args.check)
    except OSError as e:
        raise _fs_error("write the generated files to", args.out or "generated/", e) from None
    if args.format == "json":
        import json
        print(json.dumps({"ok": r.ok, "diagnostics": json.loads(r.diagnostics.to_json()),
                          "written": r.written, "removed": r.removed, "stale": r.stale}, indent=2))
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
            done = ([f"wrote {', '.join(r.written)}"] if r.written else []) + \
                   ([f"removed {', '.join(r.removed)}"] if r.removed else [])
            print(f"built {len(r.files)} files; " + ("; ".join(done) or "nothing changed"))
    return EXIT_OK


class CardErrors(Exception):
    """The cards to play or show have errors (already rendered)."""


def _content(args):
    from dunec.content import ContentError, load

    _content_paths(args)
    try:
        content = load(args.backend, args.cards, getattr(args, "extra", []))
    except ContentError as e:
        raise CardErrors(str(e)) from None
    return _for_sets(content, getattr(args, "sets", None), epic=getattr(args, "epic", False))


def _epic_sets(content) -> tuple:
    """The sets that hold the Epic game's `deck epic` list (Rise of Ix's): with
    --epic and no --sets, the game plays them too."""
    from dunec.check.tables import EPIC_DECK

    every = {**content.defs, **content.held}
    m = every.get(EPIC_DECK)
    return (m["set"],) if m is not None and m.get("kind") == "deck" else ()


def _content_paths(args) -> None:
    for path in [args.cards, *getattr(args, "extra", [])]:
        if path is not None and not _exists(path):
            raise UsageError(f"no such file or folder: {path}")


def _refuse_left_out(needs, sets, spec) -> None:
    """A --sets that leaves out a set the added cards need would silently drop them."""
    left_out = [s for s in needs if s not in sets]
    if left_out:
        raise UsageError(f"the added cards (--with, --compare) are of set{'s' if len(left_out) > 1 else ''} "
                         f"{', '.join(left_out)}, which --sets {spec} leaves out, so they would not be in it; "
                         f"add {'them' if len(left_out) > 1 else 'it'}: --sets {','.join((*sets, *left_out))}")


def _for_sets(content, spec, playing: bool = True, epic: bool = False):
    """The content of a game of the --sets (default: the default game, `default`, and the sets the --with
    files need, and with --epic the set of the Epic game's cards; one they need
    and --sets leaves out is refused); a set that is unknown, misses a set it
    requires or (for a game: `playing`) is not played by the engine yet is a usage error."""
    from dunec.engine.runs.runner import for_sets
    from dunec.ir.meta import SetsError

    from dunec.content import with_required

    needs = tuple(content.needs) + (_epic_sets(content) if epic and content.vocab else ())
    sets = _set_list(spec) if spec is not None else (with_required(content.vocab, needs) or None)
    _refuse_left_out(content.needs, sets or (), spec)
    try:
        if not playing and sets is not None:  # listed or shown, not played
            return content.select(sets, playing=False) if content.vocab else content
        return for_sets(content, sets)
    except SetsError as e:
        raise UsageError(str(e)) from None


def _policies(spec: str, n: int, allowed=None, search: bool = False) -> list[str]:
    """Policy names per seat; with `search`, also the search player (search[:N])."""
    from dunec.engine.players.policies import POLICIES, SEARCH

    allowed = allowed or POLICIES
    names = [s.strip() for s in spec.split(",") if s.strip()]
    if len(names) == 1:
        names = names * n
    if len(names) != n:
        raise UsageError(f"--policy names {len(names)} policies for {n} player{'s' if n != 1 else ''}")
    for s in names:
        if s not in allowed and not (search and SEARCH.fullmatch(s)):
            more = ", search[:N]" if search else ""
            raise UsageError(f"unknown policy `{s}` (choose from {', '.join(allowed)}{more})")
    return names


def _humans(args) -> int:
    """How many people play: --solo is one (against two rivals), --players 2 plays
    with one House Hagal rival, 3 and 4 are the standard game."""
    humans = 1 if args.solo else args.players or 4
    if humans > 2 and args.churn is not None:
        raise UsageError("--churn is for games with House Hagal rivals (--solo or --players 2)")
    args.churn = args.churn or "reveal"
    if args.solo:
        if args.players is not None:
            raise UsageError("--solo is a one-person game against two rivals; drop --players")
        args.difficulty = args.difficulty or "novice"
        return 1
    if args.difficulty is not None:
        raise UsageError("--difficulty is for solo games (--solo)")
    args.difficulty = "novice"
    return humans


def _flag(dest: str) -> str:
    return "--with" if dest == "extra" else f"--{dest}"


def _setup(args) -> tuple[dict, list]:
    """The game's setup (what a save records) and the decisions to replay: from
    the save with --resume, else from the options."""
    from dunec.engine.records import saves
    from dunec.engine.players.policies import PLAY_POLICIES

    if args.resume is None:
        humans = _humans(args)
        names = _policies(args.policy, humans, PLAY_POLICIES, search=True)
        for path in [args.cards, *args.extra]:
            if path is not None and not _exists(path):
                raise UsageError(f"no such file or folder: {path}")
        try:
            setup = {"seed": args.seed, "people": humans, "difficulty": args.difficulty, "churn": args.churn,
                     "policies": names,
                     "backend": args.backend, "cards": saves.card_record(args.cards),
                     "with": saves.with_sources(args.extra),
                     "sets": list(_set_list(args.sets)) if args.sets is not None else None}
            if args.epic:  # recorded only when set: a standard game's save is as before
                setup["epic"] = True
        except saves.SaveError as e:  # a card file that cannot be read: the checker says it best
            _content(args)
            raise UserError(str(e)) from None
        return setup, []
    extra = [d for d in GAME_OPTIONS if d in args.given]
    if extra:
        raise UsageError(f"--resume continues the saved game with its own setup; drop {', '.join(map(_flag, extra))}")
    try:
        saved = saves.load_game(args.resume)
        saves.check_cards_unchanged(str(args.resume), saved["cards"])
    except saves.SaveError as e:
        raise UserError(str(e)) from None
    decisions = saved.pop("decisions")
    for key in ("format", "version"):
        saved.pop(key)
    return saved, decisions


def cmd_play(args) -> int:
    from dunec.content import ContentError, check_cards
    from dunec.engine.loop.game import ReplayError
    from dunec.engine.players.human import HumanPolicy, QuitGame
    from dunec.engine.views.info import CardWords
    from dunec.engine.players.policies import make
    from dunec.engine.runs.runner import play_game, render_standings, verdict
    from dunec.content import with_required
    from dunec.engine.records.saves import load_content

    setup, decisions = _setup(args)
    cards = Path(setup["cards"]["path"]) if setup["cards"]["path"] else None
    try:
        content, model = load_content(setup["backend"], cards, setup["with"])
    except ContentError as e:
        raise CardErrors(str(e)) from None
    if setup.get("sets") is None:  # not given: base and the sets the --with files need (the save records them)
        needs = tuple(content.needs) + (_epic_sets(content) if setup.get("epic") and content.vocab else ())
        # (a save from before --sets played the default game too)
        setup["sets"] = list(with_required(content.vocab, needs) or content.default_sets()) \
            if args.resume is None or not content.vocab else list(content.default_sets())
    sets = ",".join(setup["sets"])
    try:
        content = _for_sets(content, sets)
    except UsageError as e:
        if args.resume is None:
            raise
        import json

        # The save, not the command line, chose these sets: the save is what is wrong,
        # and the hint to add a set to --sets does not apply.
        raise UserError(f"{args.resume}: sets: {json.dumps(setup['sets'])} cannot be played: "
                        f"{str(e).partition(': add it to')[0]}") from None
    names = setup["policies"]
    interactive = "human" in names
    words = CardWords(model, lambda: check_cards(cards))

    def make_policy(name, seed, seat):
        if name == "human":
            return HumanPolicy(setup, rules=words.rules, says=words.says)
        if name.startswith("search"):
            from dunec.ai.search import make_policy as search_policy

            return search_policy(name, seed, seat)
        return make(name, seed, seat)

    if args.resume is not None and interactive:
        print(f"Resuming {printable(args.resume)}: {len(decisions)} decisions replayed.")
    try:
        st = play_game(content, setup["people"], setup["seed"], names, difficulty=setup["difficulty"],
                       churn=setup["churn"], epic=bool(setup.get("epic")),
                       make_policy=make_policy, replay=decisions,
                       echo=print if interactive and not args.json else None)
    except QuitGame as e:
        print(f"\nGame stopped ({e}). " + (f"It is saved: `dunec play --resume {e.saved}` continues it." if e.saved
                                            else "Type `save FILE` at a prompt to keep a game for later."))
        return EXIT_OK
    except ReplayError as e:  # only a resumed game replays decisions
        raise UserError(f"{args.resume}: {e}") from None
    if args.json:
        print(st.to_json())
        return EXIT_OK
    if not interactive:
        for line in st.log:
            print(line)
    print()
    print(render_standings(content, st))
    if names.count("human") == 1:
        print(verdict(content, st, names.index("human")))
    return EXIT_OK


def cmd_simulate(args) -> int:
    from dunec.engine.runs.runner import simulate

    from dunec.study.cluster import ClusterError

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.workers < 0:
        raise UsageError("--workers must be 0 (every core) or more")
    if args.cluster_address and not args.cluster:
        raise UsageError("--cluster-address needs --cluster ray")
    if args.compare is not None and not _exists(args.compare):
        raise UsageError(f"no such file or folder: {args.compare}")
    humans = _humans(args)
    args.authored = _authored(args)
    if args.authored is not None and args.sets is None and args.authored.needs:
        from dunec.content import with_required

        # The compared file's sets are played without it too.
        args.sets = ",".join(with_required(args.authored.vocab, args.authored.needs))
    content = _content(args)
    names = _policies(args.policy, humans, search=True)
    args.balance = args.balance or args.report is not None
    t0 = time.perf_counter()
    try:
        stats = study(args, content, humans, names)
    except ClusterError as e:
        raise UserError(str(e)) from None
    dt = time.perf_counter() - t0
    done = stats["games"]
    stats["seconds"] = round(dt, 3)
    stats["games_per_second"] = round(done / dt, 1) if dt > 0 else None
    stats["backend"] = content.backend
    code = _stop_code(stats.get("stop"))
    if stats["interrupted"]:
        print(f"dunec: {_stop_words(stats.get('stop'))} after {done} of {args.games} games; "
              f"the results below count those", file=sys.stderr)
    if args.json:
        import json
        print(json.dumps(stats, indent=2, sort_keys=True))
        return code
    if not done:
        return code
    table = {"solo": f"solo ({args.difficulty}) against two rivals",
             "duo": "2 players and a House Hagal rival"}.get(stats["mode"], f"{humans} players")
    if args.epic:
        table += ", the Epic game"
    print(f"{done} games, {table}, seeds {args.seed}..{args.seed + done - 1}, "
          f"{content.backend} back-end" + (" (interrupted)" if stats["interrupted"] else ""))
    print("wins by seat:   " + "  ".join(f"P{i + 1}={w:g}" for i, w in enumerate(stats["wins_by_seat"])))
    print("wins by policy: " + "  ".join(f"{k}={v:g}" for k, v in sorted(stats["wins_by_policy"].items())))
    print(f"average VP:     {stats['average_vp']:.2f}   average rounds: {stats['average_rounds']:.2f}")
    print(f"games/second:   {stats['games_per_second']}")
    if args.balance:
        from dunec.engine.runs.balance import render
        print(render(stats["balance"]))
    if "compare" in stats:
        from dunec.study.report import render_compare
        print(render_compare(stats["compare"], args.compare, stats["compare_cards"]))
    return code


def _stop_code(stop) -> int:
    """The shell's codes for Ctrl-C (130) and SIGTERM (143), given after the results;
    a lost worker process is an error (1), its finished games printed all the same."""
    return EXIT_OK if stop is None else {"SIGINT": 130, "SIGTERM": 143}.get(stop, EXIT_USER)


def _stop_words(stop) -> str:
    return {"SIGINT": "interrupted", "SIGTERM": "terminated"}.get(stop, f"stopped ({stop})")


def _authored(args):
    """With --compare: the content with the compared file added, before any set is chosen."""
    from dunec.content import ContentError, load

    if args.compare is None:
        return None
    _content_paths(args)
    try:
        return load(args.backend, args.cards, [*args.extra, args.compare])
    except ContentError as e:
        raise CardErrors(str(e)) from None


def study(args, content, humans: int, names) -> dict:
    """The games of `simulate`, and with --compare the same seeds again with the
    author's file; with --report, the report is written before the statistics print."""
    from dunec.content import load
    from dunec.engine.runs.runner import simulate
    from dunec.study.report import card_use, compare_table, new_cards, write_report

    def run(content, extra, games: int, reserve=None) -> dict:
        return simulate(content, games, humans, args.seed, names, difficulty=args.difficulty,
                        balance=args.balance, churn=args.churn, workers=args.workers, sets=content.sets,
                        source=(args.backend, args.cards, tuple(extra)), cluster=args.cluster,
                        address=args.cluster_address, keep_records=True, reserve=reserve, epic=args.epic,
                        factory=SEARCH_FACTORY if any(n.startswith("search") for n in names) else None)
    stats = run(content, args.extra, args.games)
    records = stats.pop("records")
    theirs = []  # (file, content, records, the author's card ids): the report shows them apart
    if args.extra and args.report is not None:
        plain = load(args.backend, args.cards).select(content.sets)
        theirs.append((", ".join(Path(x).name for x in args.extra), content, records, new_cards(content, plain)))
    if args.compare is not None and records and not stats["interrupted"]:  # a stop stops both
        if not 1 <= args.compare_seat <= stats["seats"]:
            raise UsageError(f"--compare-seat must be between 1 and {stats['seats']}")
        # Both runs play the same sets (cmd_simulate chose them with the compared file's).
        authored = _for_sets(args.authored, ",".join(content.sets)) if content.sets else args.authored
        # The author's seat alone acquires the file's new cards, so their effect shows there.
        new = tuple(sorted(set(authored.defs) - set(content.defs)))
        extra = [*args.extra, args.compare]
        second = run(authored, extra, len(records), (new, args.compare_seat - 1))
        other = second["records"]
        if second["interrupted"]:  # pair only the seeds both played
            stats["interrupted"] = True
            stats["stop"] = second["stop"]
        records = records[:len(other)]
        stats["compare"] = compare_table(records, other[:len(records)], args.compare_seat - 1)
        theirs = [(f, c, r[:len(records)], ids) for f, c, r, ids in theirs]
        theirs.append((args.compare.name, authored, other[:len(records)], new_cards(authored, content)))
        stats["compare_cards"] = card_use(other[:len(records)], args.compare_seat - 1)
    if args.report is not None and records:
        try:
            write_report(args.report, content, records, _summary(args, stats, len(records)),
                         stats.get("compare"), [g for g in theirs if g[3]],
                         use=stats.get("compare_cards"))
        except OSError as e:
            raise UserError(f"cannot write the report to {args.report}: {e.strerror or e}") from None
    return stats


# The search player lives in dunec.ai, above the engine: a study names its factory,
# and each worker imports it (dunec/engine/runs/runner.py, policy_factory).
SEARCH_FACTORY = "dunec.ai.search:make_policy"


def _summary(args, stats, done: int) -> str:
    return (f"{done} games ({stats['mode']}{', Epic' if args.epic else ''}, {stats['people']} people), "
            f"seeds {args.seed}..{args.seed + done - 1}, "
            f"policies {args.policy}, {args.backend} back-end"
            + (f", compared with {args.compare.name}" if args.compare else ""))


def _bundled_with(extra=()):
    """The compiled content, or with `extra` (--with) card files checked with the
    bundled cards and read from their IR."""
    from dunec.content import ContentError, load

    for path in extra:
        if not _exists(path):
            raise UsageError(f"no such file or folder: {path}")
    try:
        return load("interpreted", extra=list(extra)) if extra else load("compiled")
    except ContentError as e:
        raise CardErrors(str(e)) from None


def _load_defs(sets=None, extra=()):
    """The definitions to show: every one, or those of a game of the --sets."""
    content = _bundled_with(extra)
    if sets is None:  # every definition, those of sets the engine does not play yet too
        return {**content.defs, **content.held}
    return _for_sets(content, sets, playing=False).defs


def _listed_defs(sets=None, extra=()) -> tuple[dict, set]:
    """The definitions `list` shows, and which of their sets are a `module`: every
    definition, or a game of the --sets with its optional modules (Uprising's CHOAM
    Module), as the product's own list would count them."""
    from dunec.ir.meta import modules_of

    content = _bundled_with(extra)
    modules = {s for s, v in content.vocab.items() if v.get("module")}
    if sets is None:
        return {**content.defs, **content.held}, modules
    named = _set_list(sets)
    added = modules_of(content.vocab, [s for s in named if s in content.vocab])
    return _for_sets(content, ",".join(dict.fromkeys(named + added)), playing=False).defs, modules


def _known_set(name: str | None, sets) -> None:
    """A --set that names no set among the definitions is a usage error that says which there are."""
    from dunec.frontend import bundled_sets

    if name is None or name in sets:
        return
    known = bundled_sets()
    note = "" if name in known else f"; the bundled sets are {', '.join(sorted(known))}"
    raise UsageError(f"no set `{name}` among the compiled sets: {', '.join(sorted(sets))}{note}")


def cmd_list(args) -> int:
    defs, modules = _listed_defs(args.sets, args.extra)
    _known_set(args.set_, {m["set"] for m in defs.values()})
    rows = []
    from dunec.check.model import KINDS

    kinds = {**{k: k for k in KINDS}, **{m["kind"]: m.get("like", m["kind"]) for m in defs.values()}}
    if args.kind and args.kind not in kinds:  # a set's derived kind is listed as itself
        raise UsageError(f"unknown kind `{args.kind}`: the kinds are {', '.join(sorted(kinds))}")
    for ident in sorted(defs):
        m = defs[ident]
        if args.set_ and m["set"] != args.set_:
            continue
        if args.kind and m["kind"] != args.kind:
            continue
        row = {"id": m["id"], "name": m["name"], "set": m["set"], "kind": m["kind"], "copies": m["copies"]}
        if m["set"] in modules:  # in a game only with its module (`--sets uprising,choam`, `--choam`)
            row["module"] = True
        if kinds.get(m["kind"]) in ("card", "starter", "reserve"):
            row.update(cost=m.get("cost"), icons=list(m.get("icons", ())), factions=list(m.get("factions", ())))
        if m["kind"] == "conflict":
            row["level"] = m["level"]
        if m["kind"] == "deck":
            row["copies"] = 1
            row["size"] = m["size"]
        if m.get("side_of"):  # a two-sided leader's back: a face of the front's card, no card of its own
            row["copies"], row["side_of"] = 0, m["side_of"]
        rows.append(row)
    if args.json:
        import json
        print(json.dumps(rows, indent=2))
        return EXIT_OK
    width = max([6] + [len(r["set"]) for r in rows])
    for r in rows:
        extra = f" cost {r['cost']}" if r.get("cost") is not None else ""
        if r.get("side_of"):
            extra = f" (the back of {defs[r['side_of']]['name']})"
        print(f"{r['kind']:9} {r['set']:{width}} {r['copies']:>2}x {r['id']:32} {r['name']}{extra}")
    print(f"{len(rows)} definitions, {sum(r['copies'] for r in rows)} copies")
    for m in sorted({r["set"] for r in rows if r.get("module")}):
        mine = [r for r in rows if r["set"] == m]
        print(f"module {m}: {len(mine)} definitions, {sum(r['copies'] for r in mine)} copies, in a game only "
              f"when named (--sets ...,{m})")
    for line in _mix_lines(args.sets):
        print(line)
    return EXIT_OK


def _mix_lines(spec) -> list:
    """What each guest of a mixed game brings (`mix GUEST { }`, docs/language.md "Mixing games")."""
    from dunec.content import load
    from dunec.ir.meta import SetsError, mix_guests

    if spec is None:
        return []
    vocab = load("compiled").vocab
    named = [s for s in _set_list(spec) if s in vocab]
    try:
        guests = mix_guests(vocab, named)
    except SetsError:
        return []
    out = []
    for g, m in guests.items():
        if m is None:
            out.append(f"mix: {g} brings its declarations only (a guest requires it)")
            continue
        parts = [", ".join(m["kinds"]) or "no definitions"]
        parts += [f"takes {k} {i}" for k, i in m["takes"]]
        parts += [f"takes {k} {i} in the Epic game" for k, i in m.get("epic_takes", ())]
        parts += [f"without {k} {i}" for k, i in m["removes"]]
        parts += [f"{n} covers {o}" for o, n in m["covers"]]
        parts += [f"its {o} is {n}" for o, n in m.get("stands", ())]
        out.append(f"mix: {g} brings {'; '.join(parts)}")
    return out


def cmd_show(args) -> int:
    from dunec.content import ContentError, check_cards
    from dunec.picture import card_svg, write_svgs
    from dunec.show import declared_names, show_declaration, show_definition, titles_of

    for path in args.extra:
        if not _exists(path):
            raise UsageError(f"no such file or folder: {path}")
    try:
        model = check_cards(extra=args.extra)
    except ContentError as e:
        raise CardErrors(str(e)) from None
    ids = list(args.ids)
    if args.sets is not None:  # only what a game of these sets plays
        from dunec.content import sets_needed, shown_files
        from dunec.ir.meta import Content, vocab_of

        # (a set's `remove` and `replace starter` read a definition's kind and id, a deck's rows)
        sketch = Content({k: {"set": d.set, "kind": d.kind, "id": d.id, "cards": d.fields.get("cards", ())}
                          for k, d in model.defs.items()}, {}, "", vocab_of(model),
                         needs=sets_needed(model, shown_files(args.extra)))
        playing = _for_sets(sketch, args.sets, playing=False).defs
        model.defs = {k: d for k, d in model.defs.items() if k in playing}
    _known_set(args.set_, {d.set for d in model.defs.values()})
    # a set's declared names (its tracks, markets, tokens, counters, unit kinds): shown by id too
    decls = {k: d for k, d in declared_names(model).items() if k not in model.defs}
    if args.sets is not None:
        decls = {k: d for k, d in decls.items() if d.set in _set_list(args.sets)}
    if args.set_:
        ids += [d for d in sorted(model.defs) if model.defs[d].set == args.set_]
        ids += [k for k, d in decls.items() if d.set == args.set_]
    if not ids and args.extra:
        mine = {Path(p).resolve() for p in args.extra}
        ids = [d for d in sorted(model.defs) if any(Path(model.defs[d].file).resolve() == m or
                                                    m in Path(model.defs[d].file).resolve().parents for m in mine)]
    if not ids:
        raise UsageError("name a definition id, or --set SET, or --with FILE")
    missing = [i for i in ids if i not in model.defs and i not in decls]
    if missing:
        from dunec.check.diagnostics import did_you_mean
        hint = did_you_mean(missing[0], {**model.defs, **decls})
        raise UsageError(f"no definition `{missing[0]}`" + (f"; {hint}" if hint else ""))
    titles = titles_of(model)
    print("\n\n".join(show_definition(model.defs[i], titles) if i in model.defs else
                       show_declaration(decls[i], titles, model.defs) for i in ids))
    ids = [i for i in ids if i in model.defs]  # a declared name has no card picture
    if args.svg is not None:
        if _exists(args.svg) and not args.svg.is_dir():
            raise UserError(f"--svg {args.svg} is a file, not a folder")
        try:
            write_svgs(args.svg, {i: card_svg(model.defs[i], titles) for i in ids})
        except OSError as e:
            raise _fs_error("write pictures to", args.svg, e) from None
        print(f"\nwrote {len(ids)} picture{'s' if len(ids) != 1 else ''} to {printable(args.svg)}/")
    return EXIT_OK


def cmd_gallery(args) -> int:
    from dunec.content import ContentError, check_cards
    from dunec.gallery import GalleryError, read_balance, write_gallery

    for path in args.extra:
        if not _exists(path):
            raise UsageError(f"no such file or folder: {path}")
    if _exists(args.out) and not args.out.is_dir():
        raise UserError(f"{args.out} is a file, not a folder")
    try:
        model = check_cards(extra=args.extra)
    except ContentError as e:
        raise CardErrors(str(e)) from None
    sets = _set_list(args.sets) if args.sets is not None else None
    for s in sets or ():
        _known_set(s, {d.set for d in model.defs.values()})
    if sets is not None:
        from dunec.content import sets_needed, shown_files

        _refuse_left_out(sets_needed(model, shown_files(args.extra)), sets, args.sets)
    defs = [model.defs[i] for i in sorted(model.defs) if sets is None or model.defs[i].set in sets]
    try:
        balance = read_balance(args.report) if args.report is not None else None
    except GalleryError as e:
        raise UserError(str(e)) from None
    try:
        from dunec.show import titles_of

        page = write_gallery(args.out, defs, balance, titles_of(model))
    except OSError as e:
        raise _fs_error("write the gallery to", args.out, e) from None
    print(f"wrote {len(defs)} card{'s' if len(defs) != 1 else ''} to {printable(page)}")
    return EXIT_OK


def cmd_explain(args) -> int:
    from dunec.check.messages import MESSAGES, RETIRED, explain

    if not args.code:
        for code, m in MESSAGES.items():
            print(f"{code}  {m.synopsis()}")
        for code in RETIRED:  # documented still (docs/errors.md), raised no more
            print(f"{code}  (retired)")
        return EXIT_OK
    text = explain(args.code)
    if text is None:
        raise UsageError(f"no diagnostic code {args.code}; `dunec explain` lists them")
    print(text, end="")
    return EXIT_OK


def cmd_test(args) -> int:
    from dunec.cardtest import check_for_tests, only_bundled, run_tests
    from dunec.frontend import compile_paths
    from dunec.ir.meta import SetsError
    from dunec.paths import cards_dir

    paths = args.paths or [cards_dir()]
    for p in paths:
        if not _exists(p):
            raise UsageError(f"no such file or folder: {p}")
    bundled = only_bundled(paths)
    root = cards_dir().parent if bundled else Path.cwd()
    # Bundled cards are checked as the whole bundled set, so the interpreted content
    # is the same game as the generated registry the compiled run uses.
    model, diags = compile_paths([cards_dir()], root=root) if bundled else check_for_tests(paths, root)
    if diags.errors:
        print(diags.render(), file=sys.stderr)
        return EXIT_USER
    if not model.of_kind("leader") or not model.of_kind("space"):
        print("dunec: a test plays a game, and these cards have no leaders or board spaces", file=sys.stderr)
        return EXIT_USER
    from dunec.frontend import card_files, display_path

    wanted = {display_path(f, root) for f in card_files(paths)}
    model.tests = [t for t in model.tests if t.file in wanted and (not args.select or args.select in t.id)]
    sets = _set_list(args.sets) if args.sets is not None else None
    for t in model.tests if sets else ():
        card_set = model.defs[t.card].set
        if card_set in model.sets and card_set not in sets:
            raise UsageError(f"test `{t.id}` plays `{t.card}` of set {card_set}, which --sets {args.sets} "
                             f"leaves out; add it: --sets {','.join((*sets, card_set))}")
    failed = 0
    try:
        outcomes = run_tests(model, bundled, sets)
    except SetsError as e:
        raise UsageError(str(e)) from None
    for o in outcomes:
        print(f"{'ok  ' if o.ok else 'FAIL'} {o.test.id} [{o.backend}] {printable(o.test.span)}")
        for line in o.problems:
            print(f"     {line}")
        failed += not o.ok
    n = len(model.tests)
    print(f"{n} test{'s' if n != 1 else ''} on 2 back-ends: " + (f"{failed} failed" if failed else "all passed"))
    return EXIT_USER if failed else EXIT_OK


def cmd_lsp(args) -> int:
    from dunec.lsp import main as serve

    return EXIT_USER if serve() else EXIT_OK


COMMANDS = {"lsp": cmd_lsp, "test": cmd_test, "check": cmd_check, "fmt": cmd_fmt, "build": cmd_build,
            "play": cmd_play, "simulate": cmd_simulate, "list": cmd_list, "show": cmd_show,
            "explain": cmd_explain, "gallery": cmd_gallery}
