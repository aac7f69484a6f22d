"""The core language: the effect verbs, boxes, conditions and counts every set shares.

The grammar knows no resources, factions or effects. The names a set adds (its
counters and resources, unit kinds, tracks, markets: `set` definitions, read by
vocab.py) are data in that set's card files and join these tables per check. A
row tagged with `sets` is a core mechanism of an expansion the engine does not
play yet: it stays here so that a card using it is told where it belongs.
"""
from __future__ import annotations

from dataclasses import dataclass

# Official expansions whose mechanisms the engine is still being taught: a name they
# declare, or a core row tagged with them, is known to the checker (so it can say
# where it belongs) but refused with E0309. A fan set's names ride on the generic
# mechanisms and are not refused.
UNPLAYED_SETS = ("ix", "immortality", "uprising")
# Core verbs the checker accepts that the engine does not play yet (none: `advance`
# and `cash_out` play on the track mechanism, dunec/engine/rules_resources.py).
ENGINE_PENDING: tuple = ()

FACTIONS = ("emperor", "guild", "bene_gesserit", "fremen")
ICONS = ("landsraad", "city", "spice_trade") + FACTIONS
LOCATIONS = ("arrakeen", "carthag", "imperial_basin")
ZONES = ("hand", "discard", "play")

# Plain gains of the core (`vp 1`); a set's counters and unit kinds join them.
# persuasion and swords are per-round pools.
GAINABLE = ("persuasion", "swords", "vp", "intrigue", "draw")
# What `lose` and costs may take away besides a set's counters.
LOSABLE = ("vp", "garrison", "deployed", "intrigue")
PAYABLE = ("garrison", "deployed", "vp")

# Boxes, grouped by when they run. "turn" boxes run on the owner's own turn.
ALL_BOXES = ("agent", "reveal", "acquire", "plot", "combat", "endgame", "win", "trash",
             "discard", "space", "control", "reward", "signet", "passive", "game_start",
             "high_council", "space_paid", "harvest", "once", "hagal", "deploy", "track")


@dataclass(frozen=True)
class Verb:
    """One effect verb: its accepted argument forms and where it may stand."""
    forms: tuple[str, ...]
    boxes: tuple[str, ...] = ALL_BOXES
    sets: tuple[str, ...] = ()  # the expansions it belongs to; () for every set
    block: bool = False  # takes a { ... } body
    help: str = ""


NOT_IN_COMBAT = tuple(b for b in ALL_BOXES if b not in ("combat", "endgame", "reward", "win"))
REVEAL_LIKE = ("reveal", "combat", "hagal")
PERSUASION_BOXES = ("reveal", "space", "agent", "plot", "signet", "acquire")

VERBS: dict[str, Verb] = {
    # plain gains: `vp 1` (a set's counters and units are gains too: `spice 2`)
    "persuasion": Verb(("<int>",), boxes=PERSUASION_BOXES),
    "swords": Verb(("<int>",), boxes=REVEAL_LIKE),
    "vp": Verb(("<int>",)),
    "intrigue": Verb(("<int>",), boxes=tuple(b for b in ALL_BOXES if b not in ("combat", "endgame"))),
    "draw": Verb(("<int>",), boxes=NOT_IN_COMBAT + ("win",)),
    "lose": Verb(("<losable> <int>", "influence <faction> <int>", "influence any <int>")),
    "influence": Verb(("<faction> <int>", "any <int>", "space <int>", "all <int>", "behind <int>", "secret <int>"),
                      boxes=tuple(b for b in ALL_BOXES if b not in ("combat",))),
    # units
    "deploy": Verb(("<int>", "any", "<int> from supply", "recruited"),
                   boxes=("agent", "reveal", "plot", "combat", "signet", "space", "control", "hagal")),
    "retreat": Verb(("<int>", "any"), boxes=("reveal", "plot", "combat")),
    # cards
    "trash": Verb(("this", "card", "card from <zone>"),
                  boxes=("agent", "reveal", "plot", "space", "reward", "signet", "acquire")),
    "discard": Verb(("<int>",), boxes=("agent", "reveal", "plot", "signet")),
    "acquire": Verb(("cost <= <int>", "cost <= <int> top"), boxes=("agent", "reveal", "plot", "signet")),
    "gain_card": Verb(("<reserve>",), boxes=NOT_IN_COMBAT),
    "steal": Verb(("intrigue <int>",), boxes=NOT_IN_COMBAT),
    "shuffle_discard": Verb(("",), boxes=("plot", "agent", "reveal")),
    # agents and seats
    "retrieve": Verb(("<faction> from discard",), boxes=("agent", "reveal", "plot", "signet")),
    "draw_or_trash_top": Verb(("",), boxes=("agent", "reveal", "plot", "signet")),
    "discount": Verb(("<card> <int>",), boxes=("reveal", "plot", "agent")),
    "acquire_to_top": Verb(("",), boxes=("plot", "agent", "reveal")),
    "manipulate": Verb(("",), boxes=("signet", "plot", "agent")),
    # this turn only: rules that bend for the player's agent
    "extra_icon": Verb(("<icon>",), boxes=("plot",)),
    "infiltrate": Verb(("",), boxes=("plot",)),
    "pass_turn": Verb(("",), boxes=("plot",)),
    "block_space": Verb(("",), boxes=("agent", "plot")),
    "double_harvest": Verb(("",), boxes=("agent",)),
    # a House Hagal card at a maker space: the space's spice and its bonus spice
    "harvest": Verb(("",), boxes=("hagal",)),
    "recall": Verb(("agent",), boxes=("plot", "agent", "reveal", "signet")),
    "mentat": Verb(("",), boxes=("plot", "space", "reward", "agent", "signet")),
    "swordmaster": Verb(("",), boxes=("space", "plot", "agent", "reveal", "reward")),
    "high_council": Verb(("",), boxes=("space", "plot", "agent", "reveal", "reward")),
    "control": Verb(("<location>",), boxes=("reward",)),
    # a hidden choice: N different factions chosen in secret, revealed by `influence secret N`
    "secret_factions": Verb(("<int>",), boxes=("game_start",)),
    "signet": Verb(("",), boxes=("agent", "hagal")),
    # scopes
    "opponent": Verb(("",), block=True, boxes=NOT_IN_COMBAT + ("combat",)),
    # rule modifiers (leader passives)
    "space_cost": Verb(("<icon> <payable> <int>",), boxes=("passive",)),
    "ignore_block": Verb(("<icon>",), boxes=("passive",)),
    "see_top_card": Verb(("",), boxes=("passive",)),
    # tracks a set declares: one step up (not past the top), or back to the bottom
    # collecting the reward of that step and of every step below
    "advance": Verb(("<track> <int>",), boxes=NOT_IN_COMBAT),
    "cash_out": Verb(("<track>",), boxes=NOT_IN_COMBAT),
    # other sets: known so a base card that uses them is told where they belong
    "spy": Verb(("<int>",), sets=("uprising",)),
    "contract": Verb(("<int>",), sets=("uprising",)),
    "tech": Verb(("<int>",), sets=("ix",)),
    "research": Verb(("",), sets=("immortality",)),
    "tleilaxu": Verb(("",), sets=("immortality",)),
}

# Conditions: `if NAME args`. Quantities take `<cmp> <int>` after their own args.
@dataclass(frozen=True)
class CondDef:
    forms: tuple[str, ...]
    quantity: bool = False  # compares a number: `influence fremen >= 2`
    sets: tuple[str, ...] = ()


CONDITIONS: dict[str, CondDef] = {
    "bond": CondDef(("<faction>",)),
    "alliance": CondDef(("<faction>", "any")),
    "seat": CondDef(("",)),
    "swordmaster": CondDef(("",)),
    "revealing": CondDef(("",)),
    "most_copies": CondDef(("<card>",)),
    "mentat_available": CondDef(("",)),
    "secret": CondDef(("",)),
    "deployed_this_turn": CondDef(("",), quantity=True),
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
}

# `for each NAME args { ... }`
COUNTS: dict[str, tuple[str, ...]] = {
    "cards_in_play": ("<faction>",),
    "alliances": ("",),
    "units": ("",),
    "intrigue": ("",),
    "factions_at": ("<int>",),
    "opponents_with_more": ("<faction>",),
}

CMPS = (">=", "<=", "==", "!=", ">", "<")

SLOT_TABLES = {
    "faction": FACTIONS,
    "icon": ICONS,
    "location": LOCATIONS,
    "zone": ZONES,
    "mode": ("solo", "duo"),
    # How a House Hagal card with several spaces picks one: the first it can visit,
    # or the maker space with the most bonus spice.
    "pick": ("first", "most_spice"),
}
