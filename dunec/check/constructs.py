"""Where a set uses a construct the engine does not play yet (T.UNPLAYED_CONSTRUCTS).

`dunec check` accepts every construct of the language; the engine refuses a game
that selects a set using one it does not play, at each use (E0309, ir/meta.py
`Content.select`), never by the set's id: a copy of a set under another id is
refused the same way, and a set stops being refused when the constructs it uses
are played. The uses are found from the checked model (the set declarations and
the definitions as checked, bundled ones included), so the generated registry
and the interpreted content carry the same list (meta.vocab_of).
"""
from __future__ import annotations

from dunec.check.tables import UNPLAYED_CONSTRUCTS


def unplayed_uses(model) -> dict:
    """set id -> [(construct, span)] of the unplayed constructs its declarations and
    definitions use, in source order."""
    out: dict = {}
    like = {k: d.like for s in model.sets.values() for k, d in s.derived.items()}
    via = {n for s in model.sets.values() for n, d in s.names.items() if d.kind == "icon" and d.via}
    tags = {n for s in model.sets.values() for n, d in s.names.items() if d.kind == "tags"}
    for sid, decl in model.sets.items():
        out[sid] = [(c, span) for c, span in decl.unplayed if c in UNPLAYED_CONSTRUCTS]
    for d in model.defs.values():
        uses = []
        if like.get(d.kind, d.kind) == "post":
            uses.append(("post", d.span))
        for t in sorted(tags.intersection(d.fields)):
            uses.append(("tags", model.spans.get((d.id, t), d.span)))
        icons = d.fields.get("icons", ()) if "icons" in d.fields else (d.fields.get("icon"),)
        if via.intersection(icons):
            field = "icons" if "icons" in d.fields else "icon"
            uses.append(("via", model.spans.get((d.id, field), d.span)))
        if uses:
            out.setdefault(d.set, []).extend(u for u in uses if u[0] in UNPLAYED_CONSTRUCTS)
    return {sid: sorted(uses, key=lambda u: (u[1].file, u[1].line, u[1].col)) for sid, uses in out.items()
            if uses}


def takes_mentat(d) -> bool:
    """The definition takes the Mentat (`mentat`) or asks whether it is available
    (`mentat_available`), in a box or a requirement: a board space that gives the
    Mentat, or a card that needs one on the board (ir/meta.py: a mix refuses the
    second without the first, E0466)."""
    from dunec.ir.ops import walk

    def named(x) -> bool:
        if x == "mentat_available":
            return True
        return isinstance(x, tuple) and any(named(y) for y in x)
    if named(d.fields.get("requires")):
        return True
    return any(op.kind == "mentat" or named(op.args) for ops in d.boxes.values() for op in walk(ops))


def mentat_uses(model) -> dict:
    """set id -> ((id, file, line, col), ...) of its definitions that take the Mentat."""
    out: dict = {}
    for d in sorted(model.defs.values(), key=lambda d: (d.span.file, d.span.line, d.span.col)):
        if takes_mentat(d):
            out.setdefault(d.set, []).append((d.id, d.span.file, d.span.line, d.span.col))
    return {s: tuple(v) for s, v in out.items()}
