"""The front end as one call: files -> parsed -> checked -> IR model, plus diagnostics.

Nothing here raises for bad input: every problem is a diagnostic.
"""
from __future__ import annotations

import contextlib
import errno
import functools
import gc
import os
import re
from collections.abc import Iterable
from pathlib import Path

from dunec.check.cardtests import check_tests
from dunec.check.context import Changed, Known, summarize
from dunec.check.diagnostics import Diagnostic, Diagnostics, without_hints
from dunec.check.messages import EMPTY_FILE, NOT_A_CARD_FILE, NOT_UTF8, UNREADABLE_FILE
from dunec.check.tables import starting_deck
from dunec.check.model import Model
from dunec.check.resolve import Checker
from dunec.check.sets import (
    check_content_changes, check_decks, check_hagal, check_mixes, check_open_icons, check_playable,
    check_replacements, check_space_replacements,
)
from dunec.check.vocab import read_set
from dunec.paths import cards_dir
from dunec.readfile import read_regular
from dunec.syntax.ast import SourceFile, Span
from dunec.syntax.lines import Lines, normalize
from dunec.syntax.parser import parse_source


def card_files(paths: Iterable[Path]) -> list[Path]:
    """The .dune files named, or found below the folders named, in a stable order."""
    return [p for p, _ in _card_files(paths)]


def _card_files(paths: Iterable[Path]) -> list[tuple[Path, Path | None]]:
    """card_files, each with its resolved path when the walk gives it for free: a
    file below a folder, not itself a link, is the resolved folder's. (Path.rglob
    and a resolve() per file were a tenth of a cold check reading the bundled cards.)"""
    out: list[tuple[Path, Path | None]] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            found: list = []
            _walk(os.fspath(p), (), found)
            real = p.resolve()
            out.extend(sorted((p.joinpath(*rel), None if link else real.joinpath(*rel)) for rel, link in found))
        else:
            out.append((p, None))
    return out


def _walk(folder: str, rel: tuple, out: list) -> None:
    """Append (path below the walk's top as parts, whether it is a link) of each
    .dune file below `folder`; like Path.rglob, never into a linked folder."""
    try:
        with os.scandir(folder) as it:
            entries = list(it)
    except OSError:
        return
    for e in entries:
        try:
            if e.is_dir() and not e.is_symlink():
                _walk(e.path, rel + (e.name,), out)
            elif e.name.endswith(".dune") and e.is_file():
                out.append((rel + (e.name,), e.is_symlink()))
        except OSError:
            continue


def display_path(p: Path, root: Path | None) -> str:
    return _shown(p, p.resolve() if root is not None else None, None if root is None else root.resolve())


def _shown(p: Path, real: Path | None, real_root: Path | None) -> str:
    """display_path with the resolved paths given: resolving costs a system call
    per folder of the path, and a check reads every bundled file."""
    if real_root is not None:
        try:
            return real.relative_to(real_root).as_posix()
        except ValueError:
            pass
    return p.as_posix()


@contextlib.contextmanager
def _without_cycle_collection():
    """Pause Python's cycle collector. The front end allocates hundreds of objects
    per card (parse tree, AST, IR) and keeps most of them; each collection of the
    oldest generation re-walks all that were kept, which made checking 25,000 cards
    spend 40% of its time collecting nothing. Plain reference counting still
    frees what is dropped; the collector runs again after."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def compile_sources(sources: list[tuple[str, str]], diags: Diagnostics | None = None,
                    sets: tuple[str, ...] | None = None,
                    context: list[tuple[str, str]] = (), parse=parse_source, known: Known | None = None,
                    summary: list | None = None) -> tuple[Model, Diagnostics]:
    """Check (path, text) pairs. The paths are only used for messages and set inference.
    `sets` are the sets the check is for (default: those the sources need); a set the
    sources do not declare is read from its bundled folder. `context` files (the
    bundled cards) give the names the sources may refer to; their own diagnostics
    are not reported, and they are left out when the sources define a whole set.
    `parse`: parse_source, or one that reuses parses (parsecache.Parses.parse).
    `known`: the context's definitions checked before (check/context.py; raises
    context.Changed when they cannot be used); `summary`: a list to append the
    context's Known to, when this check can make one."""
    with _without_cycle_collection():
        return _compile_sources(sources, diags or Diagnostics(), sets, list(context), parse, known, summary)


def bundled_sets() -> dict:
    """The `set` definitions of the bundled set folders (`cards/<set>/set.dune`), read
    afresh each check (their track rewards are lowered by the checker) from a parse
    made once."""
    out = {}
    for f in _bundled_set_files():
        for defn in f.definitions:
            if defn.kind == "set":
                out.setdefault(defn.id, read_set(defn, Diagnostics()))
    return out


@functools.lru_cache(maxsize=1)
def _bundled_set_files() -> tuple:
    from dunec.parsecache import SETS_FILE, parse_kept

    root = cards_dir()
    with os.scandir(root) as it:  # not root.glob("*/set.dune"): glob's matching costs ~1 ms a check
        found = sorted(root / e.name / "set.dune" for e in it if e.is_dir())
    keys = [(display_path(p, root.parent), p.read_text(encoding="utf-8")) for p in found if p.is_file()]
    return tuple(f for f in parse_kept(keys, SETS_FILE) if f is not None)


def _compile_sources(sources: list[tuple[str, str]], diags: Diagnostics, sets: tuple[str, ...] | None,
                     context: list[tuple[str, str]], parse, known: Known | None = None,
                     summary: list | None = None) -> tuple[Model, Diagnostics]:
    parsed = []
    for path, text in sources:
        f = parse(path, text, diags)
        if f is not None:
            parsed.append(f)
            if not f.definitions:
                diags.error(EMPTY_FILE, Span(path, 1, 1, 1, 1), path=path)
    if any(starting_deck([d for d in f.definitions if d.kind == "deck"]) for f in parsed):
        context, known = [], None  # a whole set stands alone, and is checked as one (E0403)
    scratch = Diagnostics()
    # Context first: an id defined in both is reported at the user's definition.
    if known is not None:  # the context's definitions checked before; its set declarations afresh
        parsed = [SourceFile(p, t, list(defs)) for p, t, defs in known.sources] + parsed
    else:
        parsed = [f for f in (parse(p, t, scratch) for p, t in context) if f is not None] + parsed
    hidden = {p for p, _ in context}
    work = scratch if hidden else diags
    # The bundled cards' own tests are theirs to run, not the user's file's.
    tests = [t for t in _take_tests(parsed) if t.file not in hidden]
    checker = Checker(work)
    model = checker.check(parsed, bundled_sets(), sets, known=known)
    checker.resolve_refs()
    check_decks(model, work)
    check_hagal(model, work)
    check_space_replacements(model, work)
    check_replacements(model, work)
    check_open_icons(model, work)
    check_content_changes(model, work)
    check_mixes(model, work)
    check_playable(model, work)
    model.tests = check_tests(tests, model, work)
    model.context = frozenset(hidden)
    if summary is not None and hidden and known is None and not any(
            d.span is not None and d.span.file in hidden for d in scratch.items):
        own = [f for f in parsed if f.path not in hidden]
        with contextlib.suppress(Changed):
            made = summarize(checker, parsed, hidden, [k for k, d in checker.todo.items() if d.file not in hidden])
            made.check_usable([d for f in own for d in f.definitions if d.kind == "set"],
                              [k for k, d in checker.todo.items() if d.file not in hidden])
            summary.append(made)
    if hidden:
        for d in scratch.items:
            if d.span is None or d.span.file not in hidden:
                diags.items.append(d)
        diags.sources.update((p, t) for p, t in scratch.sources.items() if p not in hidden)
    return model, diags


def _take_tests(parsed) -> list:
    """Take the `test` blocks out of the parsed files: they are checked against the
    cards but are no definitions, so the content (and generated/) never sees them."""
    tests = []
    for f in parsed:
        tests.extend(x for x in f.definitions if x.kind == "test")
        f.definitions = [x for x in f.definitions if x.kind != "test"]
    return tests


# The most a card file may hold. The whole base set is under 100 KiB; the cap keeps
# a mistaken path (a log, an image, a disk) from filling memory.
MAX_FILE_BYTES = 16 * 1024 * 1024


def read_card_file(p: Path) -> bytes:
    """The bytes of a regular card file, at most MAX_FILE_BYTES of them (OSError
    with a message for a person otherwise: dunec/readfile.py)."""
    return read_regular(p, MAX_FILE_BYTES, "a card file")


def compile_paths(paths: Iterable[Path], root: Path | None = None,
                  sets: tuple[str, ...] | None = None, with_bundled: bool = False) -> tuple[Model, Diagnostics]:
    """Check the files named. `with_bundled`: names resolve against the bundled
    cards the files do not name as well (`dunec check FILE`). That is done only for
    files that do not check by themselves (a file that does has nothing the bundled
    cards could resolve), parsing each file once and the bundled cards from the
    user's cache when it holds them (parsecache.py). Whether they check by
    themselves is all that is asked of that first check when it finds an error,
    so it stops at the first (_UntilError)."""
    from dunec.parsecache import Parses

    read_diags = Diagnostics()
    read = _read_sources(paths, root, read_diags)
    sources = [(shown, text) for _, _, shown, text in read]
    wanted = tuple(sets) if sets is not None else None
    parses = Parses()

    def run(context, diags_class=Diagnostics, **kw):
        diags = diags_class()
        diags.items.extend(read_diags.items)
        diags.sources.update(read_diags.sources)
        return compile_sources(sources, diags, wanted, context, parse=parses.parse, **kw)

    if not with_bundled:
        return run([])
    alone = None
    try:
        with without_hints():
            alone = run([], _UntilError)
    except _FoundError:
        pass
    named = {real for _, real, _, _ in read}
    bundled = cards_dir()
    real_bundled = bundled.resolve()
    stands_in = {place for place in map(place_in_cards, named) if place is not None}
    context = [(shown, text) for _, real, shown, text in _read_sources([bundled], root, Diagnostics())
               if real not in named and place_in_cards(real, real_bundled) not in stands_in]
    # A file that checks by itself can still define an id the bundled cards define
    # (E0102 once they play together): then it is checked with them too.
    if alone is not None and not (_defined_ids(context) & set(alone[0].defs)):
        return alone
    return _with_context(run, parses, context, wanted) if context else run([])


_DEFINITION = None


def _defined_ids(sources) -> set:
    """The ids the definitions of these sources start with (`card chani "Chani" {`),
    read by a pattern: a cheap test of whether a full check with them is needed."""
    global _DEFINITION
    if _DEFINITION is None:
        from dunec.check.model import KINDS

        _DEFINITION = re.compile(rf"^[ \t]*(?:{'|'.join(sorted(KINDS))})[ \t]+([A-Za-z_][A-Za-z0-9_]*)", re.M)
    return {m.group(1) for _, text in sources for m in _DEFINITION.finditer(text)}


def place_in_cards(real: Path, cards: Path | None = None) -> tuple[str, ...] | None:
    """Where a file sits in a cards folder (`base/imperium.dune`): below `cards`,
    or else below its nearest folder named `cards`. A checked file stands in for
    the bundled file at the same place: an author editing a checkout's or a
    copy's `cards/base/imperium.dune` checks their version against the other
    bundled cards, not beside the installed one (every id defined twice)."""
    parts = real.parts
    if cards is not None:
        n = len(cards.parts)
        return parts[n:] if parts[:n] == cards.parts else None
    for i in range(len(parts) - 2, -1, -1):
        if parts[i] == "cards":
            return parts[i + 1:]
    return None


class _FoundError(Exception):
    """A check by _UntilError found an error."""


class _UntilError(Diagnostics):
    """The diagnostics of a check that is thrown away once it finds an error: the
    first one (not counting those of reading the files, already in `items`)
    ends it. The rest of that check, the "did you mean" hints of its other
    errors above all, was about a sixth of a cold `dunec check FILE` that needs
    the bundled cards (imperium.dune: ~10 of ~65 ms CPU in the process)."""

    def add(self, d: Diagnostic) -> Diagnostic:
        if d.severity == "error":
            raise _FoundError
        return super().add(d)


def _with_context(run, parses, context: list, wanted) -> tuple[Model, Diagnostics]:
    """`run` with the bundled cards `context`: from their Known (check/context.py)
    when the cache holds one for them and the files leave it usable, else in full,
    keeping the parses and the Known that check makes."""
    from dunec.parsecache import CONTEXT_FILE, keep, read_kept

    key = (tuple(context), wanted)
    kept = read_kept(CONTEXT_FILE)
    if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == key:
        with contextlib.suppress(Changed):
            return run(context, known=kept[1])
    parses.load(context)
    had = parses.has(context)
    made: list = []
    model, diags = run(context, summary=made)
    if not had:
        parses.save(context)
    if made:
        keep(CONTEXT_FILE, (key, made[0]))
    return model, diags


def read_sources(paths: Iterable[Path], root: Path | None, diags: Diagnostics) -> list[tuple[Path, str, str]]:
    """(path, path as shown, text) of each card file that can be read as UTF-8;
    each one that cannot is an E0004 in `diags`."""
    return [(p, shown, text) for p, _, shown, text in _read_sources(paths, root, diags)]


def _read_sources(paths: Iterable[Path], root: Path | None, diags: Diagnostics) -> list[tuple[Path, Path, str, str]]:
    """read_sources, with each path resolved (once) after the path."""
    sources = []
    real_root = None if root is None else root.resolve()
    for p, real in _card_files(paths):
        real = real or p.resolve()
        shown = _shown(p, real, real_root)
        try:
            data = read_card_file(p)
        except OSError as e:
            diags.error(NOT_A_CARD_FILE if e.errno in (errno.EINVAL, errno.EFBIG) else UNREADABLE_FILE,
                        Span(shown, 1, 1, 1, 1), path=shown, reason=e.strerror or type(e).__name__)
            continue
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            before = normalize(data[:e.start].decode("utf-8"))
            line, col = Lines(before).position(len(before))
            diags.error(NOT_UTF8, Span(shown, line, col, line, col + 1), path=shown,
                        byte=f"{data[e.start]:02x}", line=line, column=col)
            continue
        sources.append((p, real, shown, text))
    return sources
