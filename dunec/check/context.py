"""The bundled cards as a check of one file sees them, checked once and kept.

`dunec check FILE` resolves names against the bundled cards FILE does not name
(frontend.compile_paths). Their diagnostics are never shown, so what the check of
FILE needs from them is what its own diagnostics can depend on: their ids, kinds,
sets and checked fields (whole-set checks read a space's `maker`, a deck's rows),
in the order the full check makes them. `Known` holds that, taken from a full
check whose bundled cards had no diagnostic at all.

How the bundled cards check depends on FILE only through which ids exist: a card
slot, a reference or a suggestion asks whether an id is defined. So a Known is
used only when FILE declares no set, redefines no bundled id, and defines exactly
the same of the names the bundled cards mention but do not define (`present`) as
the file it was made with; otherwise the check raises Changed and is made in full.
With nothing to report from the bundled cards, they also spend none of the
checker's "did you mean" suggestions (resolve.MAX_ID_SUGGESTIONS).
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing itself costs ~5 ms of a cold `dunec check`
if TYPE_CHECKING:
    from typing import Any

from dunec.record import Record
from dunec.syntax import ast


class Changed(Exception):
    """The files could make the bundled cards check otherwise: check in full."""


class Entry(Record):
    """One bundled definition as pass 1 and pass 2 of the checker leave it."""
    FIELDS = ("set", "id", "kind", "id_span", "defn", "spans", "incomplete")

    def __init__(self, set: str, id: str, kind: str, id_span: ast.Span, defn: Any, spans: dict | None = None,
                 incomplete: bool = False) -> None:
        self.set = set
        self.id = id
        self.kind = kind  # read by the checker's suggestions, as the definition's own kind
        self.id_span = id_span
        self.defn = defn  # the checked model.Def
        self.spans = {} if spans is None else spans  # (id, field) -> span, as the checker records them
        self.incomplete = incomplete


class Known(Record):
    FIELDS = ("entries", "files", "sources", "ids", "outside", "present")

    def __init__(self, entries: list[Entry], files: frozenset, sources: list, ids: frozenset, outside: frozenset,
                 present: frozenset) -> None:
        self.entries = entries
        self.files = files  # the paths of the bundled files these came from
        self.sources = sources  # (path, text, its `set` definitions) of each of those files, in order
        self.ids = ids  # every id they define, plain and `set.id`
        self.outside = outside  # names their definitions mention that they do not define
        self.present = present  # those of `outside` the file they were made with defines

    def check_usable(self, own_sets: list, own_keys: list) -> None:
        """Raise Changed unless the files' own set declarations (`own_sets`) and
        definitions (`own_keys`: (set, id) as pass 1 keys them) leave the bundled
        cards checking as they did."""
        if own_sets:
            raise Changed("the files declare a set")
        plain = {e.id for e in self.entries}
        ids = set()
        for dset, ident in own_keys:
            if ident in plain:
                raise Changed(f"the files define `{ident}` again")
            ids.update((ident, f"{dset}.{ident}"))
        if self.outside & ids != self.present:
            raise Changed("the files define other names the bundled cards mention")


def summarize(checker, parsed: list, hidden: set, own_keys: list) -> Known:
    """The Known of a full check (`checker`, done) of the `parsed` files, among them
    the bundled files `hidden`; `own_keys`: the other files' (set, id) keys."""
    entries = []
    mentioned: set = set()
    for (dset, ident), defn in checker.todo.items():
        if defn.file not in hidden:
            continue
        key = f"{dset}.{ident}" if ident in checker._clashes else ident
        spans = {k: v for k, v in checker.model.spans.items() if k[0] == key}
        entries.append(Entry(dset, ident, defn.kind, defn.id_span, checker.model.defs[key], spans,
                             key in checker.model.incomplete))
        _names(defn.body, mentioned)
        side = checker.model.defs[key].fields.get("side")  # a two-sided leader's back: made by its front's check
        if side is not None and side in checker.model.defs:
            back = checker.model.defs[side]
            entries.append(Entry(back.set, side, back.kind, back.span, back,
                                 {k: v for k, v in checker.model.spans.items() if k[0] == side},
                                 side in checker.model.incomplete))
    ids = frozenset(x for e in entries for x in (e.id, f"{e.set}.{e.id}"))
    own = {x for dset, ident in own_keys for x in (ident, f"{dset}.{ident}")}
    outside = frozenset(mentioned - ids)
    sources = [(f.path, f.text, [d for d in f.definitions if d.kind == "set"]) for f in parsed if f.path in hidden]
    return Known(entries, frozenset(hidden), sources, ids, outside, frozenset(outside & own))


def _names(node, out: set) -> None:
    """Every name argument below `node` (an AST node or a list of them)."""
    if isinstance(node, list):
        for x in node:
            _names(x, out)
    elif isinstance(node, ast.Arg):
        if node.kind == "name":
            out.add(str(node.value))
    elif isinstance(node, ast.Node) and not isinstance(node, ast.Span):
        for name in node.FIELDS:
            _names(getattr(node, name), out)
