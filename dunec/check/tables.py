"""The name tables the checker resolves against.

The grammar knows no resources, factions or effects: they are data here, so an
expansion adds rows, never grammar. Every row says which sets may use it.
"""
from __future__ import annotations

from dataclasses import dataclass

SETS = ("base", "ix", "immortality", "uprising", "promo")
# Sets whose constructs the engine plays today. A construct of another set is known
# to the checker (so it can say where it belongs) but refused with E0309.
ENGINE_SETS = ("base", "promo")

FACTIONS = ("emperor", "guild", "bene_gesserit", "fremen")
ICONS = ("landsraad", "city", "spice_trade") + FACTIONS
LOCATIONS = ("arrakeen", "carthag", "imperial_basin")
ZONES = ("hand", "discard", "play")

# Resources a player holds or gains. persuasion and swords are per-round pools.
GAINABLE = ("solari", "spice", "water", "persuasion", "swords", "troops", "vp", "intrigue", "draw")
# What `lose` and costs may take away.
LOSABLE = ("solari", "spice", "water", "vp", "garrison", "deployed", "intrigue")
PAYABLE = ("solari", "spice", "water", "garrison", "deployed", "vp")

# Boxes, grouped by when they run. "turn" boxes run on the owner's own turn.
ALL_BOXES = ("agent", "reveal", "acquire", "plot", "combat", "endgame", "win", "trash",
             "discard", "space", "control", "reward", "signet", "passive", "game_start",
             "high_council", "space_paid", "harvest", "once", "hagal", "deploy")


@dataclass(frozen=True)
class Verb:
    """One effect verb: its accepted argument forms and where it may stand."""
    forms: tuple[str, ...]
    boxes: tuple[str, ...] = ALL_BOXES
    sets: tuple[str, ...] = SETS
    block: bool = False  # takes a { ... } body
    help: str = ""


NOT_IN_COMBAT = tuple(b for b in ALL_BOXES if b not in ("combat", "endgame", "reward", "win"))
REVEAL_LIKE = ("reveal", "combat", "hagal")
PERSUASION_BOXES = ("reveal", "space", "agent", "plot", "signet", "acquire")

VERBS: dict[str, Verb] = {
    # plain gains: `solari 2`
    "solari": Verb(("<int>",)),
    "spice": Verb(("<int>",)),
    "water": Verb(("<int>",)),
    "persuasion": Verb(("<int>",), boxes=PERSUASION_BOXES),
    "swords": Verb(("<int>",), boxes=REVEAL_LIKE),
    "troops": Verb(("<int>",), boxes=NOT_IN_COMBAT),
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
    # other sets: known so a base card that uses them is told where they belong
    "spy": Verb(("<int>",), sets=("uprising",)),
    "sandworm": Verb(("<int>",), sets=("uprising",)),
    "contract": Verb(("<int>",), sets=("uprising",)),
    "dreadnought": Verb(("<int>",), sets=("ix",)),
    "tech": Verb(("<int>",), sets=("ix",)),
    "freighter": Verb(("<int>",), sets=("ix",)),
    "specimen": Verb(("<int>",), sets=("immortality",)),
    "research": Verb(("",), sets=("immortality",)),
    "tleilaxu": Verb(("",), sets=("immortality",)),
}

# Conditions: `if NAME args`. Quantities take `<cmp> <int>` after their own args.
@dataclass(frozen=True)
class CondDef:
    forms: tuple[str, ...]
    quantity: bool = False  # compares a number: `influence fremen >= 2`
    sets: tuple[str, ...] = SETS


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
    "solari": CondDef(("",), quantity=True),
    "spice": CondDef(("",), quantity=True),
    "water": CondDef(("",), quantity=True),
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
    "losable": LOSABLE,
    "payable": PAYABLE,
    "set": SETS,
    "mode": ("solo", "duo"),
    # How a House Hagal card with several spaces picks one: the first it can visit,
    # or the maker space with the most bonus spice.
    "pick": ("first", "most_spice"),
}
