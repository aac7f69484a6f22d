"""Who sits at the table: people and House Hagal rivals, and what a seat's kind
allows. The rules ask here instead of testing modes themselves (rivals.py has
the rivals' own rules; this module is below every rule module)."""
from __future__ import annotations

from dunec.engine.state import Player


def duo_rival(e, p: Player) -> bool:
    """The two-player rival: it never gains resources, cards, rewards or VP."""
    return p.rival and e.state.mode == "duo"


def scores(e, p: Player) -> bool:
    """Whether the seat is ranked in the standings (not the two-player rival)."""
    return not duo_rival(e, p)


def uses_abilities(p: Player) -> bool:
    """A rival uses its leader's signet ring only, never the other abilities, and
    never plays intrigue cards or takes a 4-influence bonus (rules 000, FAQ)."""
    return not p.rival
