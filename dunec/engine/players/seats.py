"""Who sits at the table: people and House Hagal rivals, and what a seat's kind
allows. The rules ask here instead of testing modes themselves (rivals.py has
the rivals' own rules; this module is below every rule module)."""
from __future__ import annotations

from dunec.engine.loop.state import Player


def duo_rival(e, p: Player) -> bool:
    """The two-player rival: it never gains resources, cards, rewards or VP."""
    return p.rival and e.state.mode == "duo"


def places_units(e, p: Player) -> bool:
    """Whether a Conflict's winner places a unit on the board (a dreadnought): not
    the two-player rival, which controls nothing (rules 000; HAGAL.md OQ 13)."""
    return not duo_rival(e, p)


def rivals_buy_tiles(e) -> bool:
    """Whether the game's markets are kept buyable for rivals: solo rivals buy tiles,
    the two-player rival ignores them (rules 000, Solo Mode; HAGAL.md 3.8)."""
    return e.state.mode == "solo"


def solo_rival(e, p: Player) -> bool:
    """Only solo rivals deal with markets and tiles (the two-player rival ignores them)."""
    return p.rival and rivals_buy_tiles(e)


def scores(e, p: Player) -> bool:
    """Whether the seat is ranked in the standings (not the two-player rival)."""
    return not duo_rival(e, p)


def uses_abilities(p: Player) -> bool:
    """A rival uses its leader's signet ring only, never the other abilities, and
    never plays intrigue cards or takes a 4-influence bonus (rules 000, FAQ)."""
    return not p.rival


# A rival holds no cards: a count of the copies of a card it holds counts it as
# holding this many (HAGAL.md 3.8, rules 000: Holtzman Engine is worth 1 VP to a rival).
RIVAL_COPIES = 2


def copies_held(p: Player, counted: int) -> int:
    """How many copies of a card a seat counts as holding (`copies` in a condition)."""
    return RIVAL_COPIES if p.rival else counted
