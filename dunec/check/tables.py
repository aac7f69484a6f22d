"""The core language: the effect verbs, boxes, conditions and counts every set shares.

The grammar knows no resources, factions or effects. The names a set adds (its
counters and resources, unit kinds, tracks, markets: `set` definitions, read by
vocab.py) are data in that set's card files and join these tables per check. Every
row here is open to every set: a set tag says where a NAME comes from (a declared
counter, unit, track or market), never who may use a mechanism.
"""
from __future__ import annotations

from dunec.ir import verbs as V
from dunec.ir.verbs import ALL_BOXES, NOT_IN_COMBAT, PERSUASION_BOXES, REVEAL_LIKE  # noqa: F401 (the boxes)
from dunec.record import Frozen

# The constructs the language has and the engine does not play yet, with what each
# is. `dunec check` accepts them (a set is valid language); a game that selects a set
# whose declarations or definitions use one is refused at each use (E0309:
# check/constructs.py finds the uses, ir/meta.py Content.select refuses them), never
# by the set's id. A branch that teaches the engine a construct strikes it off here.
UNPLAYED_CONSTRUCTS: dict[str, str] = {}

FACTIONS = ("emperor", "guild", "bene_gesserit", "fremen")
ICONS = ("landsraad", "city", "spice_trade") + FACTIONS
ZONES = ("hand", "discard", "play")
# A deck list's role in setup is its id: each player is dealt the `starting` deck
# (the checker's whole-set checks, the engine's setup and its state checks read it here);
# in the Epic game each player also takes the `epic` list's cards, in place of the
# starting cards it `replaces` (docs/decisions.md, "The Epic game").
STARTING_DECK = "starting"
EPIC_DECK = "epic"


def starting_deck(decks):
    """The starting deck among definitions of kind `deck` (model Defs or meta dicts), or None."""
    return deck_named(decks, STARTING_DECK)


def deck_named(decks, ident: str):
    """The deck list `ident` among definitions of kind `deck` (model Defs or meta dicts), or None."""
    return next((d for d in decks if (d["id"] if isinstance(d, dict) else d.id) == ident), None)

# Plain gains of the core (`vp 1`): the verb rows that lower to a gain; a set's
# counters and unit kinds join them. persuasion and swords are per-round pools.
GAINABLE = V.GAINABLE
# What `lose` and costs may take away besides a set's counters.
LOSABLE = ("vp", "garrison", "deployed", "intrigue")
PAYABLE = ("garrison", "deployed", "vp")


class Verb(Frozen):
    """One effect verb as the checker sees it: its accepted argument forms and where
    it may stand. block: takes a { ... } body."""
    __slots__ = FIELDS = ("forms", "boxes", "block", "help")

    def __init__(self, forms: tuple, boxes: tuple = ALL_BOXES, block: bool = False, help: str = "") -> None:
        set_ = object.__setattr__
        set_(self, "forms", forms)
        set_(self, "boxes", boxes)
        set_(self, "block", block)
        set_(self, "help", help)


def _verb(rows: list) -> Verb:
    """The checker's view of a written verb: the forms of all its rows (dunec/ir/verbs.py);
    block None when a body is optional (a row with one and a row without: `trash card`)."""
    first = rows[0]
    blocks = {r.block for r in rows}
    return Verb(tuple(dict.fromkeys(f for r in rows for f in r.forms)), first.boxes,
                first.block if len(blocks) == 1 else None)


VERBS: dict[str, Verb] = {word: _verb(rows) for word, rows in V.words().items()}


# Conditions: `if NAME args`. Quantities take `<cmp> <int>` after their own args.
class CondDef(Frozen):
    """quantity: compares a number (`influence fremen >= 2`)."""
    __slots__ = FIELDS = ("forms", "quantity")

    def __init__(self, forms: tuple, quantity: bool = False) -> None:
        object.__setattr__(self, "forms", forms)
        object.__setattr__(self, "quantity", quantity)


CONDITIONS: dict[str, CondDef] = {
    "bond": CondDef(("<faction>",)),
    "alliance": CondDef(("<faction>", "any")),
    "seat": CondDef(("",)),
    "swordmaster": CondDef(("",)),
    "revealing": CondDef(("",)),
    "most_copies": CondDef(("<card>",)),
    "mentat_available": CondDef(("",)),
    "secret": CondDef(("",)),
    # an opponent played a combat intrigue card in this round's Conflict (Counterattack)
    "opponent_combat_intrigue": CondDef(("",)),
    # you gained some of this counter during this turn so far (Guild Impersonator: "if you
    # gain spice this turn"; engine/rules/resources.py tally)
    "gained_this_turn": CondDef(("<counter>",)),
    "deployed_this_turn": CondDef(("", "<unit>"), quantity=True),
    "opponent_units": CondDef(("",), quantity=True),
    # your troops in the Conflict less the most any opponent has there (Show of Strength:
    # "more deployed troops than each opponent" is `units_ahead >= 1`)
    "units_ahead": CondDef(("",), quantity=True),
    # the players (you too) who have the Swordmaster (Uprising's space: 6 Solari once one has it)
    "swordmasters": CondDef(("",), quantity=True),
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
    # Graft (engine/rules/graft.py): this card was played grafted on this agent turn; the
    # other grafted card has one of these Factions.
    "grafted": CondDef(("",)),
    "grafted_with": CondDef(tuple(" ".join(["<faction>"] * n) for n in range(1, 5))),
    # The board space this agent was sent to is a Faction's (Beguiling Pheromones).
    "faction_space": CondDef(("",)),
    # Session 23 (ucards): the space this agent was sent to is a maker space (Desert
    # Power: "if you sent an Agent to a Maker board space this turn"); the cards you
    # revealed this turn of a faction (Sardaukar Coordination), this card included.
    "maker_space": CondDef(("",)),
    "cards_revealed": CondDef(("<faction>",), quantity=True),
    # a card of the faction among those the discard whose body this is discarded
    # (`discard 1 { if discarded guild { ... } }`, the gains of `pay discard 1 -> ...`; E0495)
    "discarded": CondDef(("<faction>",)),
    # the card whose acquisition runs this body (`this_round acquire { if acquired CARD { } }`;
    # E0496 elsewhere): Guild Spy's "if you acquire The Spice Must Flow this turn"
    "acquired": CondDef(("<card>",)),
    # Units of a declared kind: yours in the Conflict, or all of yours out of your supply.
    # (no unit named: units of every kind, troops and a set's: Chani, Clever Tactician)
    "in_conflict": CondDef(("", "<unit>"), quantity=True),
    "in_play": CondDef(("<unit>",), quantity=True),
    "tiles": CondDef(("<market>",), quantity=True),  # the tiles you own from a set's market
    "persuasion": CondDef(("",), quantity=True),
    # your combat strength in the Conflict as it stands (troops, declared units, swords:
    # 0 without a unit there); Gurney Halleck's "6 or more strength"
    "strength": CondDef(("",), quantity=True),
    # the printed cost of the card the enclosing `trash card { ... }` trashed (only there:
    # E0471); Princess Irulan's "if it has a cost of 1+"
    "trashed_cost": CondDef(("",), quantity=True),
    # in the body of `PIECE N { ... }`: the location the piece was placed on is linked to
    # a space of that agent icon, or of a Faction (only there: E0474); Staban Tuek
    "placed": CondDef(("<icon>", "faction")),
    "agent_at": CondDef(("<icon>",)),  # one of your agents is on a board space with this icon
    "enemy_agent_here": CondDef(("",)),  # the space this agent went to holds an enemy agent
    # your agents on board spaces with any of these icons (one to four of them)
    "agents_at": CondDef(tuple(" ".join(["<icon>"] * n) for n in range(1, 5)), quantity=True),
    "card_icons": CondDef(("",), quantity=True),  # the agent icons of the card the box is about
    # A set's board-held flags (engine/rules/flags.py): `flag FLAG` the flag is still up;
    # `protected` this round's Conflict is for a location an up flag protects.
    "flag": CondDef(("<flag>",)),
    "protected": CondDef(("",)),
    # the contracts you completed (Uprising's CHOAM Module; engine/rules/contracts.py)
    "contracts_done": CondDef(("",), quantity=True),
    # you have N or more influence with a faction whose Alliance an opponent holds
    # (Uprising's Shadow Alliance: `rival_alliance_at 4`; engine/rules/costs.py)
    "rival_alliance_at": CondDef(("<int>",)),
    # A set's pieces (engine/rules/pieces.py; the piece's name is the quantity of those on
    # the board): `recalled PIECE` you recalled one this turn, for any reason (Imperial
    # Spymaster: "if you recalled a Spy this turn"); `spying maker` one of your pieces is on
    # a location linked to a maker space (Smuggler's Haven).
    "recalled": CondDef(("<piece>",)),
    "spying": CondDef(("maker",)),
    # the box's agent went to this board space (a House Hagal card with two spaces)
    "sent_to": CondDef(("<space>",)),
}
# The conditions and counts that read the grafted cards: a card's agent box only (E0431).
GRAFT_READS = ("grafted", "grafted_with", "other_grafted")

# The definition kinds a set's market may sell (`sells KIND`): tiles, which no deck holds.
MARKET_KINDS = ("tech", "contract")

# `for each NAME args { ... }`
COUNTS: dict[str, tuple[str, ...]] = {
    "cards_in_play": ("<faction>",),
    "alliances": ("",),
    "units": ("",),
    "intrigue": ("",),
    "factions_at": ("<int>",),
    "opponents_with_more": ("<faction>",),
    "reached": ("<track>",),  # the step (a line) or column (a graph) of the player's token
    "in_conflict": ("", "<unit>"),
    "deployed_this_turn": ("", "<unit>"),  # units of every kind, or of one kind
    "factions_below": ("<int>",),  # factions where you have less influence than N
    "sword_cards": ("",),  # revealed cards that give swords this turn
    "other_sword_cards": ("",),  # the same, besides this card
    "other_grafted": ("icons",),  # the agent icons of the other grafted card
    "cards_revealed": ("<faction>",),  # your revealed cards of the faction (this card included)
    "contracts_done": ("",),  # the contracts you completed
}

CMPS = (">=", "<=", "==", "!=", ">", "<")

SLOT_TABLES = {
    "faction": FACTIONS,
    "icon": ICONS,
    "zone": ZONES,
    "mode": ("solo", "duo"),
    # How a House Hagal card with several spaces picks one: the first it can visit,
    # the maker space with the most bonus spice, or only the first whose requirement
    # the rival meets (taken or not: the others are not tried).
    "pick": ("first", "most_spice", "qualified"),
    # What `on opponent_agent_at ...` asks of the space another player's agent went to:
    # a maker space, a combat space, one linked to a location with a piece of yours.
    "space_trait": ("maker", "combat", "spying"),
}
