"""What the engine knows about every definition: the plain-data description of
each (`meta_of`, also what codegen writes) and the `Content` a game is played
with. Below both back-ends: the engine and codegen import it, it imports neither."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from dunec.check.model import Def
from dunec.ir import value
from dunec.ir.ops import turn_start, walk


def meta_of(d: Def) -> dict:
    """The plain-data description of a definition (also what codegen writes)."""
    m = {"id": d.id, "kind": d.kind, "name": d.name, "set": d.set, "copies": d.copies}
    for k, v in sorted(d.fields.items()):
        m[k] = [tuple(x) for x in v] if k == "cards" else v
    m["boxes"] = tuple(sorted(d.boxes))
    m["values"] = {b: value.estimate(ops) for b, ops in sorted(d.boxes.items())}
    m["forced"] = {b: ops[0].args[0] for b, ops in sorted(d.boxes.items())
                   if len(ops) == 1 and ops[0].kind == "pay"}
    m["modifiers"] = tuple((o.kind, *o.args) for o in d.boxes.get("passive", ()))
    if turn_start(d.boxes.get("plot", ())):
        m["turn_start"] = True
    if d.kind == "space" and d.fields.get("maker"):
        # The base harvest (Carryall doubles it): the spice the space itself gives.
        m["harvest"] = sum(o.args[1] for o in d.boxes.get("space", ()) if o.kind == "gain" and o.args[0] == "spice")
    if d.kind == "hagal" and any(o.kind == "signet" for o in walk(d.boxes.get("hagal", ()))):
        m["signet"] = True  # the signet ring icon: the rival uses its leader's signet ring
    first = d.boxes.get("first", ())
    ctl = [o.args[0] for o in first if o.kind == "control"]
    if ctl:
        m["controls"] = ctl[0]
    return m


@dataclass
class Content:
    defs: dict  # id -> meta dict
    effects: dict  # (id, box) -> fn(ctx); (space id, "requires") -> fn(ctx) -> bool
    backend: str
    _by_kind: dict = field(default_factory=dict)

    def of_kind(self, kind: str) -> list:
        if kind not in self._by_kind:
            self._by_kind[kind] = [m for m in self.defs.values() if m["kind"] == kind]
        return self._by_kind[kind]

    def effect(self, ident: str, box: str) -> Callable | None:
        return self.effects.get((ident, box))
