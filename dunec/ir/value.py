"""A static value estimate of IR, used by the greedy policy and passed as hints
with each choice, so both back-ends hand the policies the same numbers."""
from __future__ import annotations

from dunec.ir.lexicon import WORTH
from dunec.ir.ops import Op, Ops
from dunec.ir.verbs import OPS


def estimate(xs: Ops) -> float:
    return round(sum(_op(o) for o in xs), 3)


def _op(o: Op) -> float:
    k, a = o.kind, o.args
    row = OPS.get(k)
    if row is not None:  # a verb: its row's worth (dunec/ir/verbs.py); a block verb's scales its body
        return row.value(a) * estimate(o.body) if row.block else row.value(a)
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
    return 0.5
