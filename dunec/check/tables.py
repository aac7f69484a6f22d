"""The core language: the effect verbs, boxes, conditions and counts every set shares.

The grammar knows no resources, factions or effects. The names a set adds (its
counters and resources, unit kinds, tracks, markets: `set` definitions, read by
vocab.py) are data in that set's card files and join these tables per check. A
row tagged with `sets` is a core mechanism of an expansion the engine does not
play yet: it stays here so that a card using it is told where it belongs.
"""
from __future__ import annotations

from dunec.ir import verbs as V
from dunec.ir.verbs import ALL_BOXES, NOT_IN_COMBAT, PERSUASION_BOXES, REVEAL_LIKE  # noqa: F401 (the boxes)
from dunec.record import Frozen

# Official expansions whose mechanisms the engine is still being taught, with what it
# does not play yet. Their names and tagged core rows are known to the checker: the
# set's own definitions may use them (its content is data, checked and shown), any
# other set's use is refused with E0309, and a game that selects the set is refused
# (ir/meta.py, Content.select). A fan set's names ride on the generic mechanisms.
UNPLAYED_SETS = {
    "uprising": "spies, contracts, sandworms and the Maker hooks",
}
# Core verbs the checker accepts that the engine does not play yet (none: `advance`
# and `cash_out` play on the track mechanism, dunec/engine/rules/tracks.py).
ENGINE_PENDING: tuple = ()

FACTIONS = ("emperor", "guild", "bene_gesserit", "fremen")
ICONS = ("landsraad", "city", "spice_trade") + FACTIONS
LOCATIONS = ("arrakeen", "carthag", "imperial_basin")
ZONES = ("hand", "discard", "play")
# A deck list's role in setup is its id: each player is dealt the `starting` deck
# (the checker's whole-set checks, the engine's setup and its state checks read it here).
STARTING_DECK = "starting"


def starting_deck(decks):
    """The starting deck among definitions of kind `deck` (model Defs or meta dicts), or None."""
    return next((d for d in decks if (d["id"] if isinstance(d, dict) else d.id) == STARTING_DECK), None)

# Plain gains of the core (`vp 1`): the verb rows that lower to a gain; a set's
# counters and unit kinds join them. persuasion and swords are per-round pools.
GAINABLE = V.GAINABLE
# What `lose` and costs may take away besides a set's counters.
LOSABLE = ("vp", "garrison", "deployed", "intrigue")
PAYABLE = ("garrison", "deployed", "vp")


class Verb(Frozen):
    """One effect verb as the checker sees it: its accepted argument forms and where
    it may stand. sets: the expansions it belongs to, () for every set; block:
    takes a { ... } body."""
    __slots__ = FIELDS = ("forms", "boxes", "sets", "block", "help")

    def __init__(self, forms: tuple, boxes: tuple = ALL_BOXES, sets: tuple = (), block: bool = False,
                 help: str = "") -> None:
        set_ = object.__setattr__
        set_(self, "forms", forms)
        set_(self, "boxes", boxes)
        set_(self, "sets", sets)
        set_(self, "block", block)
        set_(self, "help", help)


def _verb(rows: list) -> Verb:
    """The checker's view of a written verb: the forms of all its rows (dunec/ir/verbs.py)."""
    first = rows[0]
    return Verb(tuple(f for r in rows for f in r.forms), first.boxes, first.sets, first.block)


VERBS: dict[str, Verb] = {word: _verb(rows) for word, rows in V.words().items()}


# Conditions: `if NAME args`. Quantities take `<cmp> <int>` after their own args.
class CondDef(Frozen):
    """quantity: compares a number (`influence fremen >= 2`)."""
    __slots__ = FIELDS = ("forms", "quantity", "sets")

    def __init__(self, forms: tuple, quantity: bool = False, sets: tuple = ()) -> None:
        object.__setattr__(self, "forms", forms)
        object.__setattr__(self, "quantity", quantity)
        object.__setattr__(self, "sets", sets)


CONDITIONS: dict[str, CondDef] = {
    "bond": CondDef(("<faction>",)),
    "alliance": CondDef(("<faction>", "any")),
    "seat": CondDef(("",)),
    "swordmaster": CondDef(("",)),
    "revealing": CondDef(("",)),
    "most_copies": CondDef(("<card>",)),
    "mentat_available": CondDef(("",)),
    "secret": CondDef(("",)),
    "deployed_this_turn": CondDef(("", "<unit>"), quantity=True),
    "opponent_units": CondDef(("",), quantity=True),
    "factions_behind": CondDef(("",), quantity=True),
    "influence": CondDef(("<faction>",), quantity=True),
    "units": CondDef(("",), quantity=True),
    "garrison": CondDef(("",), quantity=True),
    "players": CondDef(("",), quantity=True),
    "intrigue": CondDef(("",), quantity=True),
    "alliances": CondDef(("",), quantity=True),
    "factions_at": CondDef(("<int>",), quantity=True),
    "copies": CondDef(("<card>",), quantity=True),
    # a set's track: the player's token on step N or higher (a line), in column N or
    # to its right (a graph): `if reached research 4 { }` (engine/rules/tracks.py)
    "reached": CondDef(("<track> <int>",)),
}
# Conditions of an expansion the engine does not play yet: known, and tagged with
# it like its verbs (E0302 in another set, E0309 in a set built on it).
SET_CONDITIONS: dict[str, CondDef] = {
    # Units of a declared kind: yours in the Conflict, or all of yours out of your supply.
    "in_conflict": CondDef(("<unit>",), quantity=True, sets=("ix",)),
    "in_play": CondDef(("<unit>",), quantity=True, sets=("ix",)),
    "tiles": CondDef(("<market>",), quantity=True, sets=("ix",)),  # the tiles you own from a set's market
    "persuasion": CondDef(("",), quantity=True, sets=("ix",)),
    "agent_at": CondDef(("<icon>",), sets=("ix",)),  # one of your agents is on a board space with this icon
    "enemy_agent_here": CondDef(("",), sets=("ix",)),  # the space this agent went to holds an enemy agent
    # your agents on board spaces with any of these icons (one to four of them)
    "agents_at": CondDef(tuple(" ".join(["<icon>"] * n) for n in range(1, 5)), quantity=True, sets=("ix",)),
    "card_icons": CondDef(("",), quantity=True, sets=("ix",)),  # the agent icons of the card the box is about
}

# The definition kinds a set's market may sell (`sells KIND`): tiles, which no deck holds.
MARKET_KINDS = ("tech",)

# `for each NAME args { ... }`
COUNTS: dict[str, tuple[str, ...]] = {
    "cards_in_play": ("<faction>",),
    "alliances": ("",),
    "units": ("",),
    "intrigue": ("",),
    "factions_at": ("<int>",),
    "opponents_with_more": ("<faction>",),
    "reached": ("<track>",),  # the step (a line) or column (a graph) of the player's token
}
# Counts of an expansion the engine does not play yet: count -> (forms, its sets).
SET_COUNTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "in_conflict": (("<unit>",), ("ix",)),
    "deployed_this_turn": (("", "<unit>"), ("ix",)),  # units of every kind, or of one kind
    "factions_below": (("<int>",), ("ix",)),  # factions where you have less influence than N
    "sword_cards": (("",), ("ix",)),  # revealed cards that give swords this turn
    "other_sword_cards": (("",), ("ix",)),  # the same, besides this card
}

CMPS = (">=", "<=", "==", "!=", ">", "<")

SLOT_TABLES = {
    "faction": FACTIONS,
    "icon": ICONS,
    "location": LOCATIONS,
    "zone": ZONES,
    "mode": ("solo", "duo"),
    # How a House Hagal card with several spaces picks one: the first it can visit,
    # the maker space with the most bonus spice, or only the first whose requirement
    # the rival meets (taken or not: the others are not tried).
    "pick": ("first", "most_spice", "qualified"),
}
