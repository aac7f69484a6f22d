"""Parses made once: within a process (`check FILE` checks a file alone, then with
the bundled cards), and across processes for the bundled cards a check reads only
for their names.

A parse is a pure function of (path as shown, text): the path is in every span.
An entry keeps the parse pickled, so each use gets its own copy (the front end
takes `test` blocks out of a parsed file), and the diagnostics the parse made, so
that a reuse reports exactly what parsing again would.

The bundled cards' parses are kept in one file in the user's cache folder
(paths.cache_dir), matched on the whole text of every file (no hash to collide)
and stamped with the code that parses. A missing, stale, unreadable or unwritable
cache file means parsing afresh, never a different result. Parsing the bundled
cards costs about 100 ms a process; loading them, about 10. The user's own files
are never written there: an editor checks a file that just changed.
"""
from __future__ import annotations

import contextlib
import functools
import os
import pickle
import sys
from pathlib import Path
from typing import Optional

from dunec import __version__
from dunec.check.diagnostics import Diagnostics
from dunec.paths import cache_dir, grammar_file
from dunec.syntax import ast
from dunec.syntax.parser import parse_source

CACHE_FILE = "bundled-parses.pickle"  # the bundled cards a check reads for their names
SETS_FILE = "bundled-sets.pickle"  # the bundled set declarations every check reads
CONTEXT_FILE = "bundled-context.pickle"  # the bundled cards checked as context (check/context.py)
PARSER_FILE = "parser-tables.pickle"  # the parser's tables as data (syntax/parser.compact_tables)
_FORMAT = 1
# The code a parse and its diagnostics come from: an edit to any of these files
# (in a checkout) makes the kept parses stale.
_CODE_DIRS = ("syntax", "check")

_Key = tuple[str, str]  # (path as shown, text as read)
_Entry = tuple[Optional[bytes], bytes]  # (the parse or None, the diagnostics and sources it made)


@functools.lru_cache(maxsize=1)
def code_stamp() -> tuple:
    """What the kept results depend on besides the card files (read once a process:
    the code does not change under a running check)."""
    package = Path(__file__).resolve().parent
    files = [grammar_file()] + [f for d in _CODE_DIRS for f in sorted((package / d).glob("*.py"))]
    stamp = []
    for f in files:
        with contextlib.suppress(OSError):
            st = f.stat()
            stamp.append((f.name, st.st_size, st.st_mtime_ns))
    return (_FORMAT, __version__, tuple(sys.version_info[:3]), tuple(stamp))


class Parses:
    """parse_source, each (path, text) parsed at most once. A parse made here is
    handed out again as a new SourceFile over the same definitions (the front end
    replaces a file's list of definitions, and changes no node); one read from the
    cache file, unpickled for each use."""

    def __init__(self) -> None:
        self._memo: dict[_Key, _Entry] = {}
        self._made: dict[_Key, Optional[tuple]] = {}  # parsed here: (path, text, definitions) or None

    def parse(self, path: str, text: str, diags: Diagnostics) -> Optional[ast.SourceFile]:
        key = (path, text)
        if key not in self._memo:
            own = Diagnostics()
            parsed = parse_source(path, text, own)
            self._made[key] = None if parsed is None else (parsed.path, parsed.text, tuple(parsed.definitions))
            self._memo[key] = (None, pickle.dumps((own.items, own.sources), pickle.HIGHEST_PROTOCOL))
        blob, made = self._memo[key]
        _replay(diags, made)
        if key in self._made:
            mine = self._made[key]
            return None if mine is None else ast.SourceFile(mine[0], mine[1], list(mine[2]))
        return None if blob is None else pickle.loads(blob)

    def _entry(self, key: _Key) -> _Entry:
        """The entry of a parse, as the cache file keeps it."""
        if key in self._made:
            mine = self._made[key]
            parsed = None if mine is None else ast.SourceFile(mine[0], mine[1], list(mine[2]))
            return (None if parsed is None else pickle.dumps(parsed, pickle.HIGHEST_PROTOCOL), self._memo[key][1])
        return self._memo[key]

    def load(self, keys: list[_Key], folder: Optional[Path] = None, name: str = CACHE_FILE) -> None:
        """Take the kept parses of `keys` from the cache file `name`, where it holds them."""
        entries = read_kept(name, folder)
        if isinstance(entries, dict):
            for k in keys:
                if k in entries and k not in self._memo:
                    self._memo[k] = entries[k]

    def save(self, keys: list[_Key], folder: Optional[Path] = None, name: str = CACHE_FILE) -> None:
        """Keep the parses of `keys` (already parsed) in the cache file `name`."""
        keep(name, {k: self._entry(k) for k in keys if k in self._memo}, folder)

    def has(self, keys: list[_Key]) -> bool:
        return all(k in self._memo for k in keys)


def read_kept(name: str, folder: Optional[Path] = None):
    """What `keep` wrote to the cache file `name` with the same code, else None."""
    try:
        with open((folder or cache_dir()) / name, "rb") as f:
            stamp, kept = pickle.load(f)
    except Exception:  # noqa: BLE001 - any unreadable cache is no cache
        return None
    return kept if stamp == code_stamp() else None


def keep(name: str, value, folder: Optional[Path] = None) -> None:
    """Write `value` to the cache file `name`, stamped, atomically; a folder that
    cannot be written is left as it is."""
    tmp = None
    try:
        folder = folder or cache_dir()
        tmp = folder / f".{name}.{os.getpid()}.tmp"
        folder.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as f:
            pickle.dump((code_stamp(), value), f, pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, folder / name)
    except (OSError, RuntimeError):  # RuntimeError: no home folder to find
        if tmp is not None:
            with contextlib.suppress(OSError):
                tmp.unlink()


def _replay(diags: Diagnostics, made: bytes) -> None:
    """Report what a parse reported, as Diagnostics.error would have: a second
    report of the same code at the same place is dropped."""
    items, sources = pickle.loads(made)
    diags.sources.update(sources)
    for d in items:
        diags.add(d)


def parse_kept(keys: list[_Key], name: str) -> list[Optional[ast.SourceFile]]:
    """Parse bundled files, through the cache file `name` (diagnostics dropped: a
    bundled file's problems are reported when it is checked itself)."""
    parses = Parses()
    parses.load(keys, name=name)
    kept = parses.has(keys)
    out = [parses.parse(path, text, Diagnostics()) for path, text in keys]
    if not kept:
        parses.save(keys, name=name)
    return out
