"""A rival's units of a set's kinds (rules 000; HAGAL.md 3.6): where its dreadnought
goes, how many units it deploys, and its preference for a set's units over
troops."""
from __future__ import annotations

from typing import Optional

from dunec.engine.effects import interpreter
from dunec.engine.loop.state import Player
from dunec.engine.rules import units as rules_units


def place_unit(e, p: Player, options: list) -> int:
    """Where its dreadnought goes: on an opponent's control marker if it can, then
    an uncontrolled location, its own last; ties: Imperial Basin, Arrakeen, Carthag.
    The same rule as a player's placement hint (one home: rules_units)."""
    worth = rules_units.placement_hint(e, p, options)
    return max(range(len(options)), key=lambda i: (worth[i], -i))


def deploy_most(options: list) -> int:
    """A rival always deploys the most units it may."""
    return max(range(len(options)), key=lambda i: options[i][1])


def unit_or_else(e, p: Player, options: list) -> Optional[int]:
    """A `choose` between a unit kind of a set and something else: the unit while its
    supply holds one ("rivals always prefer to recruit dreadnoughts over troops",
    rules 000). None: no such choice."""
    alts = interpreter.choose_alternatives(e, options)
    if alts is None:
        return None
    for i, alt in alts.items():
        kinds = [o.args[0] for o in alt if o.kind == "gain" and o.args[0] in p.units]  # a set's unit kinds
        if kinds and p.units[kinds[0]]["supply"] > 0:
            return i
    return None
