"""`dunec build`: the whole pipeline from card files to generated/, all or nothing."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dunec.codegen import emit
from dunec.frontend import compile_paths
from dunec.paths import cards_dir, generated_dir
from dunec.syntax import lalr


@dataclass
class BuildResult:
    ok: bool
    diagnostics: object
    written: list = field(default_factory=list)
    removed: list = field(default_factory=list)
    stale: list = field(default_factory=list)
    files: dict = field(default_factory=dict)


def build(cards: Path | None = None, out: Path | None = None, check: bool = False) -> BuildResult:
    cards = Path(cards) if cards else cards_dir()
    # The package's own build also keeps its parser tables fresh (see syntax/lalr.py).
    # realpath, not resolve(): a symlink loop is the writer's to report, as an OSError.
    package = out is None or os.path.realpath(out) == os.path.realpath(generated_dir())
    out = Path(out) if out else generated_dir()
    model, diags = compile_paths(with_foundations(cards), root=cards_root(cards))
    if diags.errors:
        return BuildResult(False, diags)
    files = emit.render(model)  # everything is rendered and validated before anything is written
    if check:
        bad = emit.stale(files, out) + (lalr.stale() if package else [])
        return BuildResult(not bad, diags, stale=bad, files=files)
    written, removed = emit.write(files, out)
    if package:
        written += lalr.write()
    return BuildResult(True, diags, written=written, removed=removed, files=files)


def with_foundations(cards: Path) -> list:
    """The folders a build of `cards` compiles: the folder, and when it is one set's
    folder (`cards/base`) the sibling folders of the shared foundations that set
    requires (a set that requires nothing and is no default game: `core`), which
    come with it unnamed as they do in a game (docs/decisions.md "Uprising as its
    own game")."""
    from dunec.check.diagnostics import Diagnostics
    from dunec.check.vocab import reaches, read_set
    from dunec.syntax.parser import parse_source

    if not (cards / "set.dune").is_file():
        return [cards]
    decls, folders = {}, {}
    for f in sorted(cards.resolve().parent.glob("*/set.dune")):
        parsed = parse_source(str(f), f.read_text(encoding="utf-8"), Diagnostics())
        for d in parsed.definitions if parsed is not None else ():
            if d.kind == "set":
                decls[d.id] = read_set(d, Diagnostics())
                folders[d.id] = f.parent
    own = next((s for s, p in folders.items() if p == cards.resolve()), None)
    if own is None:
        return [cards]
    shared = sorted(s for s in reaches(decls, own) if s != own and not decls[s].requires and not decls[s].default)
    return [cards, *(folders[s] for s in shared)]


def cards_root(cards: Path) -> Path:
    """The folder that holds the set folders, whether `--cards` names it or one
    set in it (`cards` or `cards/base`): generated files record their source
    relative to it, so the form of the path does not make them stale. A set
    folder's name is also what the checker infers the set from, so it stays in
    the recorded path. A set folder is one that holds its `set` definition."""
    cards = cards.resolve()
    return cards.parent if (cards / "set.dune").is_file() else cards
