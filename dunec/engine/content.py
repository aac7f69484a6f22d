"""Content: what the engine needs to know about every definition, and the effect
functions for every box. Built either from the generated registry (compiled) or
straight from the checked model (interpreted); both give identical metadata."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from dunec.check.model import Def, Model
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


def from_model(model: Model) -> Content:
    """The interpreted back-end: effects walk the IR."""
    from dunec.engine import interpreter

    defs, effects = {}, {}
    for ident in sorted(model.defs):
        d = model.defs[ident]
        defs[ident] = meta_of(d)
        for box, ops in d.boxes.items():
            if box != "passive":
                effects[(ident, box)] = interpreter.box_runner(ops)
        if "requires" in d.fields:
            effects[(ident, "requires")] = interpreter.cond_runner(d.fields["requires"])
    return Content(defs, effects, "interpreted")


def load(backend: str = "compiled", cards=None, extra=()) -> Content:
    """Content for a back-end: compiled from generated/, interpreted from the cards.
    `extra` card files are checked together with the cards and join them (an
    author's new cards, played at once without a build)."""
    if backend == "compiled" and cards is None and not extra:
        from dunec.generated import registry  # type: ignore[attr-defined]

        return Content(dict(registry.DEFS), dict(registry.EFFECTS), "compiled")
    model = check_cards(cards, extra)
    if backend == "compiled":
        from dunec.codegen.emit import compile_in_memory

        return compile_in_memory(model)
    return from_model(model)


def check_cards(cards=None, extra=()) -> Model:
    """The checked model of a card folder (default: the bundled cards) plus extra
    files; ContentError with the rendered diagnostics if anything is wrong."""
    from pathlib import Path

    from dunec.frontend import compile_paths
    from dunec.paths import cards_dir

    base = Path(cards) if cards else cards_dir()
    model, diags = compile_paths([base, *map(Path, extra)], root=None if extra else base.parent)
    if diags.errors:
        raise ContentError(diags.render())
    return model


class ContentError(Exception):
    """The cards did not check; the message is the rendered diagnostics."""
