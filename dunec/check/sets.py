"""Whole-set checks: deck lists add up and refer to cards of the right kind."""
from __future__ import annotations

from dunec.check.diagnostics import Diagnostics
from dunec.check.model import Model


def check_decks(model: Model, diags: Diagnostics) -> None:
    for d in model.of_kind("deck"):
        rows = d.fields.get("cards", [])
        got = sum(n for _, n in rows)
        want = d.fields.get("size")
        if want is not None and got != want:
            diags.error("E0401", d.span, what=f"deck `{d.id}`", got=got, want=want,
                        label=f"{got} cards listed", help=f"list {want} cards, or fix `size`")
