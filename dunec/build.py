"""`dunec build`: the whole pipeline from card files to generated/, all or nothing."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from dunec.codegen import emit
from dunec.frontend import compile_paths
from dunec.paths import cards_dir, generated_dir


@dataclass
class BuildResult:
    ok: bool
    diagnostics: object
    written: list = field(default_factory=list)
    stale: list = field(default_factory=list)
    files: dict = field(default_factory=dict)


def build(cards: Path | None = None, out: Path | None = None, check: bool = False) -> BuildResult:
    cards = Path(cards) if cards else cards_dir()
    out = Path(out) if out else generated_dir()
    model, diags = compile_paths([cards], root=cards.parent)
    if diags.errors:
        return BuildResult(False, diags)
    files = emit.render(model)  # everything is rendered and validated before anything is written
    if check:
        bad = emit.stale(files, out)
        return BuildResult(not bad, diags, stale=bad, files=files)
    return BuildResult(True, diags, written=emit.write(files, out), files=files)
