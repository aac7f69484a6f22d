"""A static value estimate of IR, used by the greedy policy and passed as hints
with each choice, so both back-ends hand the policies the same numbers. The
engine's hints may value some ops as the game stands (`now`): a purchase from a
market is worth nothing when no tile is affordable (engine/players/hints.py)."""
from __future__ import annotations

from typing import Callable, Optional

from dunec.ir.lexicon import WORTH, worth
from dunec.ir.ops import Op, Ops
from dunec.ir.verbs import OPS

Now = Optional[Callable[[Op], Optional[float]]]


def estimate(xs: Ops, now: Now = None) -> float:
    """The value of ops; `now(op)`, when given, is an op's value as the game
    stands (None: the static one), read at every depth."""
    return round(sum(_op(o, now) for o in xs), 3)


def _price(c: tuple) -> float:
    """What paying one cost of a `pay` is worth."""
    if c[0] == "res":
        return worth(c[1]) * c[2]
    if c[0] == "influence":
        return 2.6 * c[2]
    if c[0] == "influence_different":  # 1 influence with each of N factions
        return 2.6 * c[1]
    if c[0] == "recall":
        return 1.2 * c[2]
    if c[0] == "flip":  # a card that might still pair
        return 0.5
    return 0.5


def _op(o: Op, now: Now = None) -> float:
    if now is not None:
        v = now(o)
        if v is not None:
            return v
    k, a = o.kind, o.args
    row = OPS.get(k)
    if row is not None:  # a verb: its row's worth (dunec/ir/verbs.py); a block verb's scales its body
        return row.value(a) * estimate(o.body, now) if row.block else row.value(a)
    if k == "pay":
        price = sum(_price(c) for c in a[0])
        return max(0.0, estimate(o.body, now) - price)
    if k == "choose":
        vals = sorted((estimate(x, now) for x in o.alts), reverse=True)
        return sum(vals[: a[0]])
    if k == "if":
        return 0.6 * estimate(o.body, now) + (0.4 * estimate(o.alts[0], now) if o.alts else 0.0)
    if k == "foreach":
        return 1.5 * estimate(o.body, now)
    if k == "each_opponent":
        return -1.5 * estimate(o.body, now)
    return 0.5
