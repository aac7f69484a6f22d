"""A static value estimate of IR, used by the greedy policy and passed as hints
with each choice, so both back-ends hand the policies the same numbers."""
from __future__ import annotations

from dunec.ir.ops import Op, Ops

WORTH = {"solari": 1.0, "spice": 1.4, "water": 1.8, "persuasion": 1.1, "swords": 0.6, "troops": 1.6,
         "vp": 9.0, "intrigue": 2.2, "draw": 1.8, "garrison": 1.5, "deployed": 2.0}


def estimate(xs: Ops) -> float:
    return round(sum(_op(o) for o in xs), 3)


def _op(o: Op) -> float:
    k, a = o.kind, o.args
    if k == "gain":
        return WORTH.get(a[0], 1.0) * a[1]
    if k == "lose":
        return -WORTH.get(a[0], 1.0) * a[1] * 0.8
    if k == "influence":
        return 2.6 * a[1] * (4 if a[0] == "all" else 2 if a[0] == "secret" else 1)
    if k == "lose_influence":
        return -2.6 * a[1]
    if k == "deploy":
        return 1.2 * (2 if a[0] < 0 else a[0]) if a[1] == "garrison" else 2.5 * a[0]
    if k == "retreat":
        return 0.3
    if k == "trash":
        return 0.8 if a[0] == "card" else -0.5
    if k == "discard":
        return -1.5 * a[0]
    if k == "acquire":
        return 0.9 * a[0]
    if k in ("mentat", "recall"):
        return 3.0
    if k == "swordmaster":
        return 14.0
    if k == "high_council":
        return 11.0
    if k == "control":
        return 4.0
    if k == "steal_intrigue":
        return 1.5
    if k == "pay":
        price = sum(WORTH.get(c[1], 1.0) * c[2] if c[0] == "res" else (2.6 * c[2] if c[0] == "influence" else 0.5)
                    for c in a[0])
        return max(0.0, estimate(o.body) - price)
    if k == "choose":
        vals = sorted((estimate(x) for x in o.alts), reverse=True)
        return sum(vals[: a[0]])
    if k == "if":
        return 0.6 * estimate(o.body) + (0.4 * estimate(o.alts[0]) if o.alts else 0.0)
    if k == "foreach":
        return 1.5 * estimate(o.body)
    if k == "each_opponent":
        return -1.5 * estimate(o.body)
    if k == "opponent":
        return -estimate(o.body)
    if k == "signet":
        return 1.5
    if k == "gain_card":
        return 1.5
    if k in ("retrieve", "draw_or_trash_top"):
        return 1.6
    if k == "discount":
        return 0.6 * a[1]
    if k in ("double_harvest", "block_space", "manipulate"):
        return 2.0
    if k == "harvest":
        return 4.0
    # A track step is worth its rewards only when cashed; the op does not carry them.
    if k == "advance":
        return 1.0 * a[1]
    if k == "cash_out":
        return 2.0
    return 0.5
