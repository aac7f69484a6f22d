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


def make_room(e, p: Player, unit: str, n: int, keep: str = "") -> None:
    """Before n units of a kind are taken from the supply (recruited, deployed from
    it, or held by a counter): when the supply has fewer, units held by the
    player's `returnable` counters (specimens) go back to it first, as many as are
    missing, each counter in name order, never the counter `keep` being gained
    (docs/decisions.md "Specimens"). A player may return them at any time (rules
    002): a unit that could not be taken otherwise is worth taking."""
    short = n - supply(p, unit)
    for counter, holds in e.content.returnable() if short > 0 else ():
        if holds == unit and counter != keep and p.counters.get(counter, 0) > 0:
            back = min(short, p.counters[counter])
            spend(e, p, counter, back)
            short -= back
            if not e.quiet:
                e.log(f"  {e.pname(p)} returns {back} {counter} to the supply")
            if short <= 0:
                return


def available(e, p: Player, unit: str) -> int:
    """The units of a kind the player can take from the supply now: those in it and
    those its `returnable` counters hold."""
    return supply(p, unit) + sum(p.counters.get(c, 0) for c, u in e.content.returnable() if u == unit)


def gain(e, p: Player, counter: str, n: int) -> None:
    limit = e.content.declared("counter")[counter].get("limit")
    if limit is not None:  # `limit N`: never more than N held (a gain beyond it is not taken)
        n = max(0, min(n, limit - p.counters[counter]))
    unit = e.content.holders().get(counter)
    if unit is not None:
        make_room(e, p, unit, n, keep=counter)
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
