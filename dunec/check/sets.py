"""Whole-set checks: deck lists add up and refer to cards of the right kind."""
from __future__ import annotations

from dunec.check.diagnostics import Diagnostics
from dunec.check.model import Model


def check_decks(model: Model, diags: Diagnostics) -> None:
    for d in model.of_kind("deck"):
        rows = d.fields.get("cards", [])
        got = sum(n for _, n in rows)
        want = d.fields.get("size")
        if want is not None and got != want and d.id not in model.incomplete:
            span = model.spans.get((d.id, "size"), d.span)
            diags.error("E0401", span, what=f"deck `{d.id}`", got=f"{got} card{'s' if got != 1 else ''}", want=want,
                        label=f"the `card` rows add up to {got}",
                        help=f"list {want} card{'s' if want != 1 else ''}, or fix `size`")
