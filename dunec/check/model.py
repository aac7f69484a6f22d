"""The checked model: definitions with resolved fields and IR boxes."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dunec.ir.ops import Ops
from dunec.syntax.ast import Span

# Definition kinds and what a player calls them.
KINDS = {
    "card": "Imperium card",
    "starter": "starting card",
    "reserve": "reserve card",
    "intrigue": "intrigue card",
    "conflict": "conflict card",
    "space": "board space",
    "leader": "leader",
    "hagal": "House Hagal card",
    "deck": "deck list",
    "tech": "tech tile",
}
CARD_KINDS = ("card", "starter", "reserve")


@dataclass
class Def:
    kind: str
    id: str
    name: str
    set: str
    file: str
    span: Span
    copies: int = 1
    fields: dict[str, Any] = field(default_factory=dict)
    boxes: dict[str, Ops] = field(default_factory=dict)


@dataclass
class Model:
    defs: dict[str, Def] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)  # path -> source text
    # Where each field of a definition was written: (id, field) -> span, for diagnostics.
    spans: dict[tuple[str, str], Span] = field(default_factory=dict)
    # Definitions with a row the checker refused: whole-set checks (deck sizes) skip them.
    incomplete: set[str] = field(default_factory=set)
    # The set declarations known to the check, by set id (vocab.SetDecl).
    sets: dict[str, Any] = field(default_factory=dict)
    # Files read only for their names (the bundled cards beside a user's file).
    context: frozenset = frozenset()
    # The `test` blocks of the files (check/cardtests.CardTest): checked, never content.
    tests: list = field(default_factory=list)

    def of_kind(self, *kinds: str) -> list[Def]:
        return [d for d in self.defs.values() if d.kind in kinds]
