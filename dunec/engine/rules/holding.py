"""Counters that hold units (`counter ID { holds UNIT }`): each one held is a unit
of the player's, taken from their supply when the counter is gained and put back
in the supply when it is spent or lost. Rise of Ix's negotiators are troops
(rulebook p. 4: placed from the supply, none placed with none there, back to the
supply when used); Immortality's specimens are the same shape. Held units are
neither in the garrison nor in the Conflict, so no rule deploys them.

Functions of the engine (first argument `e`); a counter that holds nothing is
a plain count."""
from __future__ import annotations

from dunec.engine.rules.tiles import supply
from dunec.engine.loop.state import Player


def _to_supply(p: Player, unit: str, n: int) -> None:
    if unit == "troops":
        p.supply += n
    else:
        p.units[unit]["supply"] += n


def gain(e, p: Player, counter: str, n: int) -> None:
    unit = e.content.holders().get(counter)
    if unit is not None:
        n = min(n, supply(p, unit))  # a unit the supply does not have is not placed
        _to_supply(p, unit, -n)
    p.counters[counter] += n


def spend(e, p: Player, counter: str, n: int) -> None:
    """n of the counter back (never more than held); a held unit returns to the supply."""
    n = min(n, p.counters[counter])
    p.counters[counter] -= n
    unit = e.content.holders().get(counter)
    if unit is not None:
        _to_supply(p, unit, n)


def held(content, p: Player, unit: str) -> int:
    """The units of a kind the player's counters hold (for the invariants)."""
    return sum(p.counters.get(c, 0) for c, u in content.holders().items() if u == unit)
