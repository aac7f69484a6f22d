"""The checked model: definitions with resolved fields and IR boxes."""
from __future__ import annotations

TYPE_CHECKING = False  # typing itself costs ~5 ms of a cold `dunec check`
if TYPE_CHECKING:
    from typing import Any

from dunec.ir.ops import Ops
from dunec.record import Record
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
    "post": "observation post",
    "objective": "objective card",
    "contract": "contract",
}
CARD_KINDS = ("card", "starter", "reserve")


class Def(Record):
    FIELDS = ("kind", "id", "name", "set", "file", "span", "copies", "fields", "boxes")

    def __init__(self, kind: str, id: str, name: str, set: str, file: str, span: Span, copies: int = 1,
                 fields: dict[str, Any] | None = None, boxes: dict[str, Ops] | None = None) -> None:
        self.kind = kind
        self.id = id
        self.name = name
        self.set = set
        self.file = file
        self.span = span
        self.copies = copies
        self.fields = {} if fields is None else fields
        self.boxes = {} if boxes is None else boxes


class Model(Record):
    FIELDS = ("defs", "files", "spans", "incomplete", "sets", "context", "tests")

    def __init__(self, defs: dict[str, Def] | None = None, files: dict[str, str] | None = None,
                 spans: dict | None = None, incomplete: set | None = None, sets: dict | None = None,
                 context: frozenset = frozenset(), tests: list | None = None) -> None:
        self.defs = {} if defs is None else defs
        self.files = {} if files is None else files  # path -> source text
        # Where each field of a definition was written: (id, field) -> span, for diagnostics.
        self.spans = {} if spans is None else spans
        # Definitions with a row the checker refused: whole-set checks (deck sizes) skip them.
        self.incomplete = set() if incomplete is None else incomplete
        # The set declarations known to the check, by set id (vocab.SetDecl).
        self.sets = {} if sets is None else sets
        # Files read only for their names (the bundled cards beside a user's file).
        self.context = context
        # The `test` blocks of the files (check/cardtests.CardTest): checked, never content.
        self.tests = [] if tests is None else tests

    def of_kind(self, *kinds: str) -> list[Def]:
        return [d for d in self.defs.values() if d.kind in kinds]
