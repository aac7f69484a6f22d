"""The front end as one call: files -> parsed -> checked -> IR model, plus diagnostics.

Nothing here raises for bad input: every problem is a diagnostic.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from dunec.check.diagnostics import Diagnostics
from dunec.check.model import Model
from dunec.check.resolve import Checker
from dunec.check.sets import check_decks, check_hagal, check_playable
from dunec.syntax.ast import Span
from dunec.syntax.parser import parse_source


def card_files(paths: Iterable[Path]) -> list[Path]:
    """The .dune files named, or found below the folders named, in a stable order."""
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*.dune") if q.is_file()))
        else:
            out.append(p)
    return out


def display_path(p: Path, root: Path | None) -> str:
    if root is not None:
        try:
            return p.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            pass
    return p.as_posix()


def compile_sources(sources: list[tuple[str, str]], diags: Diagnostics | None = None) -> tuple[Model, Diagnostics]:
    """Check (path, text) pairs. The paths are only used for messages and set inference."""
    diags = diags or Diagnostics()
    parsed = []
    for path, text in sources:
        f = parse_source(path, text, diags)
        if f is not None:
            parsed.append(f)
    checker = Checker(diags)
    model = checker.check(parsed)
    checker.resolve_refs()
    check_decks(model, diags)
    check_hagal(model, diags)
    check_playable(model, diags)
    return model, diags


def compile_paths(paths: Iterable[Path], root: Path | None = None) -> tuple[Model, Diagnostics]:
    diags = Diagnostics()
    sources = []
    for p in card_files(paths):
        shown = display_path(p, root)
        try:
            data = p.read_bytes()
        except OSError as e:
            diags.error("E0004", Span(shown, 1, 1, 1, 1), path=shown,
                        label=e.strerror or type(e).__name__, help="check the path and its permissions")
            continue
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            line = data.count(b"\n", 0, e.start) + 1
            start = data.rfind(b"\n", 0, e.start) + 1
            col = len(data[start:e.start].decode("utf-8", errors="replace")) + 1
            diags.error("E0004", Span(shown, line, col, line, col + 1), path=shown,
                        label=f"byte 0x{data[e.start]:02x} at line {line}, column {col} is not UTF-8",
                        help="save the file as UTF-8 text")
            continue
        sources.append((shown, text))
    return compile_sources(sources, diags)
