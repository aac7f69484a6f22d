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

from pathlib import Path

from dunec.cachefiles import CACHE_FILE, CONTEXT_FILE, SETS_FILE, code_stamp, keep, read_kept  # noqa: F401
from dunec.cachefiles import PROTOCOL, dumps, loads
from dunec.check.diagnostics import Diagnostics
from dunec.syntax import ast
from dunec.syntax.parser import parse_source

_Key = tuple[str, str]  # (path as shown, text as read)
_Entry = tuple[bytes | None, bytes]  # (the parse or None, the diagnostics and sources it made)


class Parses:
    """parse_source, each (path, text) parsed at most once. A parse made here is
    handed out again as a new SourceFile over the same definitions (the front end
    replaces a file's list of definitions, and changes no node); one read from the
    cache file, unpickled for each use."""

    def __init__(self) -> None:
        self._memo: dict[_Key, _Entry] = {}
        self._made: dict[_Key, tuple | None] = {}  # parsed here: (path, text, definitions) or None

    def parse(self, path: str, text: str, diags: Diagnostics) -> ast.SourceFile | None:
        key = (path, text)
        if key not in self._memo:
            own = Diagnostics()
            parsed = parse_source(path, text, own)
            self._made[key] = None if parsed is None else (parsed.path, parsed.text, tuple(parsed.definitions))
            self._memo[key] = (None, dumps((own.items, own.sources), PROTOCOL))
        blob, made = self._memo[key]
        _replay(diags, made)
        if key in self._made:
            mine = self._made[key]
            return None if mine is None else ast.SourceFile(mine[0], mine[1], list(mine[2]))
        return None if blob is None else loads(blob)

    def _entry(self, key: _Key) -> _Entry:
        """The entry of a parse, as the cache file keeps it."""
        if key in self._made:
            mine = self._made[key]
            parsed = None if mine is None else ast.SourceFile(mine[0], mine[1], list(mine[2]))
            return (None if parsed is None else dumps(parsed, PROTOCOL), self._memo[key][1])
        return self._memo[key]

    def load(self, keys: list[_Key], folder: Path | None = None, name: str = CACHE_FILE) -> None:
        """Take the kept parses of `keys` from the cache file `name`, where it holds them."""
        entries = read_kept(name, folder)
        if isinstance(entries, dict):
            for k in keys:
                if k in entries and k not in self._memo:
                    self._memo[k] = entries[k]

    def save(self, keys: list[_Key], folder: Path | None = None, name: str = CACHE_FILE) -> None:
        """Keep the parses of `keys` (already parsed) in the cache file `name`."""
        keep(name, {k: self._entry(k) for k in keys if k in self._memo}, folder)

    def has(self, keys: list[_Key]) -> bool:
        return all(k in self._memo for k in keys)


def _replay(diags: Diagnostics, made: bytes) -> None:
    """Report what a parse reported, as Diagnostics.error would have: a second
    report of the same code at the same place is dropped."""
    items, sources = loads(made)
    diags.sources.update(sources)
    for d in items:
        diags.add(d)


def parse_kept(keys: list[_Key], name: str) -> list[ast.SourceFile | None]:
    """Parse bundled files, through the cache file `name` (diagnostics dropped: a
    bundled file's problems are reported when it is checked itself)."""
    parses = Parses()
    parses.load(keys, name=name)
    kept = parses.has(keys)
    out = [parses.parse(path, text, Diagnostics()) for path, text in keys]
    if not kept:
        parses.save(keys, name=name)
    return out
