"""The fields each kind of definition accepts.

`kind` says how the field's value is read: a box of effects, a number, a name
from a table, a list of names, a condition, a cost, a flag, or deck rows.
"""
from __future__ import annotations

from dunec.record import Frozen


class Range(Frozen):
    """The whole numbers that make sense at one place in a card. what: what the
    number is, for the diagnostic ("an amount"); why: where the bounds come from,
    for its help line."""
    __slots__ = FIELDS = ("lo", "hi", "what", "why")

    def __init__(self, lo: int, hi: int, what: str, why: str) -> None:
        set_ = object.__setattr__
        set_(self, "lo", lo)
        set_(self, "hi", hi)
        set_(self, "what", what)
        set_(self, "why", why)


# Every number the language reads has a range, named here; the fields below, the
# effect, cost and condition tables (NUMBER_OF_*) say which range each number takes.
# Influence tops out at 6 and a player has 12 troops (rules 001); the rest bound
# what the printed cards print, with room, so that a typo (`draw 100`) is caught.
RANGES: dict[str, Range] = {
    "amount": Range(1, 99, "an amount", "no card gives, takes or counts out more than 99 of anything; "
                                         "to take something away, use `lose`"),
    "modifier": Range(-99, 99, "a change of cost", "a leader changes a cost by at most 99 either way"),
    "card_cost": Range(0, 20, "a card cost", "printed card costs run from 0 to 20 persuasion"),
    "tech_cost": Range(0, 20, "a tech tile cost", "printed tech tiles cost 0 to 20 spice (rules 000: bought with spice)"),
    "copies": Range(1, 20, "a number of copies", "a card comes in 1 to 20 copies"),
    "level": Range(1, 3, "a conflict level", "conflict cards are level I, II or III"),
    "hagal_swords": Range(0, 9, "a number of swords", "a House Hagal card shows 0 to 9 swords"),
    "rival_order": Range(1, 99, "a place in the rival leader list", "the rival leader list counts from 1"),
    "deck_size": Range(1, 200, "a deck size", "a deck holds 1 to 200 cards"),
    "deck_row": Range(1, 200, "a count of cards", "a deck row lists 1 to 200 copies of its card"),
    "choices": Range(1, 99, "a number of options to pick", "a choice picks at least 1 option"),
    "influence": Range(0, 6, "an influence level", "influence runs from 0 to 6 on each track"),
    "influence_step": Range(1, 6, "an influence level", "influence runs from 0 to 6; 0 counts every faction"),
    "factions": Range(0, 4, "a number of factions", "there are 4 factions"),
    "factions_chosen": Range(1, 4, "a number of factions to choose", "there are 4 factions"),
    "troops": Range(0, 12, "a number of troops", "a player has 12 troops"),
    "troops_lost": Range(1, 12, "a number of troops lost", "a player has 12 troops"),
    "players": Range(1, 6, "a number of players", "a game seats 1 to 6 players (Uprising's six-player game)"),
    "held": Range(0, 99, "an amount held", "compare with 0 to 99: more is never held"),
    "strength": Range(0, 99, "a combat strength", "compare with 0 to 99: no Conflict sees more"),
    "card_copies": Range(0, 20, "a number of copies", "a card comes in at most 20 copies"),
    # A set's declarations: units fight with the strength printed for them (a troop 2,
    # a dreadnought 3: rules 000) and come from a limited supply; a track is a ladder.
    "unit_strength": Range(0, 9, "a unit's strength", "a unit adds 0 to 9 swords in a conflict"),
    "unit_supply": Range(1, 99, "a unit supply", "a player holds 1 to 99 units of a kind"),
    # Uprising's battle icons: a matched pair of a tag set scores `pairs N` VP (0: never pairs).
    "tag_pairs": Range(0, 9, "the VP of a matched pair", "a matched pair of tags scores 0 to 9 VP"),
    # An objective card's player counts (Uprising's "1-3P", "4/6P": the game seats up to 6).
    "player_count": Range(1, 6, "a player count", "Dune games seat 1 to 6 players (Uprising's six-player game)"),
    "market_stacks": Range(1, 9, "a number of market stacks", "a market lays its tiles out in 1 to 9 stacks"),
    "market_slots": Range(1, 9, "a number of market slots", "a market shows 1 to 9 entries face up from its deck"),
    "track_steps": Range(1, 20, "a number of track steps", "a track has 1 to 20 steps above its bottom"),
    "track_column": Range(0, 20, "a column of a track's cells", "a graph track has columns 0 to 20"),
    "track_reached": Range(1, 20, "a step or column of a track", "a track's steps or columns run from 1 to 20 "
                                                                   "(0 is where every token starts)"),
    # Costs (E0303): what a player can ever pay.
    "cost": Range(1, 99, "a cost", "a cost is at least 1 and at most 99; to pay nothing, drop the `pay`"),
    "troop_cost": Range(1, 12, "a troop cost", "a player has only 12 troops"),
    "influence_cost": Range(1, 6, "an influence cost", "influence tops out at 6"),
}

# The range of the numbers of each effect verb (`<int>` in its forms); "amount" otherwise.
NUMBER_OF_VERB = {"space_cost": "modifier", "acquire": "card_cost", "secret_factions": "factions_chosen",
                  "unit_strength": "unit_strength"}
# The range of the number in a condition or count's own arguments (`factions_at 3`).
NUMBER_OF_ARGUMENT = {"factions_at": "influence_step", "factions_below": "amount", "reached": "track_reached",
                      "rival_alliance_at": "influence_step"}
# The range a quantity condition is compared with (`influence fremen >= 2`); a
# set's counters (`spice >= 2`) compare with "held".
NUMBER_OF_QUANTITY = {
    "opponent_units": "troops", "units_ahead": "troops", "units": "troops", "garrison": "troops",
    "deployed_this_turn": "troops", "swordmasters": "held",
    "factions_behind": "factions", "alliances": "factions", "factions_at": "factions",
    "influence": "influence", "players": "players", "copies": "card_copies",
    "intrigue": "held",
    "in_conflict": "held", "in_play": "held", "tiles": "held", "persuasion": "held", "agents_at": "held",
    "card_icons": "held", "strength": "strength", "trashed_cost": "card_cost", "cards_revealed": "held",
    "contracts_done": "held",
}
# The range of a cost's amount, by what is paid; "cost" otherwise.
NUMBER_OF_COST = {"garrison": "troop_cost", "deployed": "troop_cost", "influence": "influence_cost"}


class FieldSpec(Frozen):
    """number: the RANGES entry of an "int" field, or of a box's one number
    (`on lose_troops 3 { ... }`: kept as the field named for the box); a box with
    a table too takes a name of it before the number (`on reach emperor 2 { ... }`:
    the field is the pair), or without a number one or more names of it
    (`on opponent_agent_at maker spying { ... }`: the field is the names)."""
    __slots__ = FIELDS = ("kind", "example", "box", "table", "required", "number")

    def __init__(self, kind: str, example: str, box: str = "", table: str = "", required: bool = False,
                 number: str = "") -> None:
        set_ = object.__setattr__
        set_(self, "kind", kind)
        set_(self, "example", example)
        set_(self, "box", box)
        set_(self, "table", table)
        set_(self, "required", required)
        set_(self, "number", number)


def _box(box: str, example: str) -> FieldSpec:
    return FieldSpec("box", example, box=box)


_COMMON = {
    "set": FieldSpec("name", "set base", table="set"),
    "copies": FieldSpec("int", "copies 2", number="copies"),
}
_CARD = {
    **_COMMON,
    "cost": FieldSpec("int", "cost 3", number="card_cost"),
    "icons": FieldSpec("names", "icons city spice_trade", table="icon"),
    "infiltrate": FieldSpec("flag", "infiltrate"),
    "from_anywhere": FieldSpec("flag", "from_anywhere"),
    # Undercover Asset: the agent this card sends ignores board spaces' Influence requirements.
    "ignore_requirements": FieldSpec("flag", "ignore_requirements"),
    # Rise of Ix's Unload: the reveal box also runs when the card is discarded or trashed.
    "unload": FieldSpec("flag", "unload"),
    # Immortality's Graft: on an agent turn the card is played with exactly one other card
    # (engine/rules/graft.py).
    "graft": FieldSpec("flag", "graft"),
    # The agent icons the card adds to a grafted pair (Blank Slate: "if grafted, this has
    # access to all factions").
    "grafted_icons": FieldSpec("names", "grafted_icons emperor guild", table="icon"),
    # The card's agent icons hold only while this holds (Long Reach: "If you have another
    # Bene Gesserit card in play, this card has ... access"); without it the card sends no agent.
    "requires": FieldSpec("cond", "requires bond bene_gesserit"),
    # Usurp: may be grafted to a card of the Imperium Row instead, without acquiring it.
    "graft_from_row": FieldSpec("flag", "graft_from_row"),
    "factions": FieldSpec("names", "factions fremen", table="faction"),
    "agent": _box("agent", "agent { draw 1 }"),
    "reveal": _box("reveal", "reveal { persuasion 2 }"),
    "on acquire": _box("acquire", "on acquire { water 1 }"),
    "on trash": _box("trash", "on trash { solari 4 }"),
    "on discard": _box("discard", "on discard { draw 1 }"),
}

SCHEMAS: dict[str, dict[str, FieldSpec]] = {
    "card": {**_CARD, "cost": FieldSpec("int", "cost 3", number="card_cost", required=True)},
    "starter": dict(_CARD),
    "reserve": {**_CARD, "cost": FieldSpec("int", "cost 2", number="card_cost", required=True),
                "gained_only": FieldSpec("flag", "gained_only")},
    "intrigue": {
        **_COMMON,
        "requires": FieldSpec("cond", "requires mentat_available"),
        "plot": _box("plot", "plot { solari 2 }"),
        "combat": _box("combat", "combat { swords 4 }"),
        "endgame": _box("endgame", "endgame { vp 1 }"),
        "on win": _box("win", "on win { spice 3 }"),
        # At the end of a Conflict, a player who lost at least N troops in it (those
        # returned to the supply) may play it (engine/rules/combat.py lost_cards).
        "on lose_troops": FieldSpec("box", "on lose_troops 3 { specimen 2 }", box="lose_troops",
                                    number="troops_lost"),
    },
    "conflict": {
        **_COMMON,
        "level": FieldSpec("int", "level 2", number="level", required=True),
        "first": _box("first", "first { vp 1 }"),
        "second": _box("second", "second { solari 4 }"),
        "third": _box("third", "third { solari 2 }"),
    },
    "space": {
        **_COMMON,
        "icon": FieldSpec("name", "icon city", table="icon", required=True),
        "faction": FieldSpec("name", "faction fremen", table="faction"),
        "location": FieldSpec("name", "location arrakeen", table="location"),
        "cost": FieldSpec("costs", "cost spice 4", ),
        "requires": FieldSpec("cond", "requires influence fremen >= 2"),
        "combat": FieldSpec("flag", "combat"),
        "maker": FieldSpec("flag", "maker"),
        # A set's space that takes the place of a space of a set it requires (an overlay).
        "replaces": FieldSpec("spaces", "replaces base.secrets"),
        "effect": _box("space", "effect { troops 2 }"),
        "control": _box("control", "control { solari 1 }"),
    },
    "leader": {
        **_COMMON,
        # A leader the rules list for a solo game's House Hagal rivals (rules 000):
        # `rival N`, its place in the list the rival leaders are dealt from.
        "rival": FieldSpec("int", "rival 1", number="rival_order"),
        "passive": _box("passive", "passive { space_cost landsraad solari -1 }"),
        "signet": _box("signet", "signet { draw 1 }"),
        "once": _box("once", "once { influence any 1 }"),
        "on game_start": _box("game_start", "on game_start { spice 1 }"),
        "on high_council": _box("high_council", "on high_council { influence any 1 }"),
        "on space_paid": _box("space_paid", "on space_paid { draw 1 }"),
        "on harvest": _box("harvest", "on harvest { draw 1 }"),
        "on deploy": _box("deploy", "on deploy { if deployed_this_turn >= 4 { solari 1 } }"),
        "on reveal": _box("reveal", "on reveal { trash card from play }"),
        "on round_start": _box("round_start", "on round_start { draw 1 }"),
        # When your influence with the faction goes from below N to N or more (rules 003,
        # "Leader clarifications": moving past N counts; again after dropping below):
        # kept as the field `reach` = (faction, N).
        "on reach": FieldSpec("box", "on reach emperor 2 { intrigue 1 }", box="reach", table="faction",
                              number="influence_step"),
        # When another player sends an agent to a space with all these traits (Staban Tuek:
        # `on opponent_agent_at maker spying`, a maker space linked to a post with his spy):
        # kept as the field `opponent_agent_at` = the traits.
        "on opponent_agent_at": FieldSpec("box", "on opponent_agent_at maker spying { spice 1 }",
                                          box="opponent_agent_at", table="space_trait"),
        # Starting cards this leader's player begins without (Staban Tuek: no Diplomacy):
        # taken out of the starting deck at setup, to the player's trash.
        "remove_starter": FieldSpec("cards", "remove_starter diplomacy 1", number="deck_row"),
        # When you send an agent to a space with one of the icons (after the space's and
        # the card's effects): kept as the field `agent_at`, the icons.
        "on agent_at": FieldSpec("box", "on agent_at bene_gesserit { draw 1 }", box="agent_at", table="icon"),
        # A two-sided leader's back: `side ID "Title" { boxes }`, a leader definition of
        # its own (fields `side_of` on it, `side` on the front); `flip_leader` turns it.
        "side": FieldSpec("side", 'side reverend_mother_jessica "Reverend Mother Jessica" { signet { water 1 } }'),
    },
    # A tile of a set's market (Rise of Ix's tech tiles, bought with spice: rules 000,
    # "Tech Tiles"). `use` is played on the owner's own turn like a plot; `flips`: only
    # once per round (the tile flips, and is refreshed at Round Start); `rival`: the
    # House Hagal mark, a solo rival may buy it.
    "tech": {
        **_COMMON,
        "cost": FieldSpec("int", "cost 4", number="tech_cost", required=True),
        "rival": FieldSpec("flag", "rival"),
        "flips": FieldSpec("flag", "flips"),
        "on acquire": _box("acquire", "on acquire { water 1 }"),
        "use": _box("plot", "use { troops 1 }"),
        "reveal": _box("reveal", "reveal { persuasion 1 }"),
        "on round_start": _box("round_start", "on round_start { solari 2 }"),
        "on win": _box("win", "on win { water 1 }"),
        "endgame": _box("endgame", "endgame { vp 1 }"),
        "passive": _box("passive", "passive { win_ties }"),
    },
    "hagal": {
        **_COMMON,
        "mode": FieldSpec("names", "mode solo duo", table="mode"),
        "spaces": FieldSpec("spaces", "spaces conspire wealth"),
        "swords": FieldSpec("int", "swords 2", number="hagal_swords"),
        "gain": _box("hagal", "gain { troops 2 }"),
        "deploys": FieldSpec("flag", "deploys"),
        "reshuffle": FieldSpec("flag", "reshuffle"),
        "pick": FieldSpec("name", "pick most_spice", table="pick"),
        # When the card fails (the rival reveals the next card), besides its spaces being taken.
        "requires": FieldSpec("cond", "requires in_play dreadnought < 2"),
        # With `pick qualified`: the first space is tried only while the round's Conflict
        # card is of this level or higher, the others before (Uprising's Deliver
        # Supplies / Heighliner: Heighliner in a Conflict III round).
        "first_from_level": FieldSpec("int", "first_from_level 3", number="level"),
        # The observation posts the rival takes first, in this order, when the card has
        # it place a piece (Uprising's Place Spy cards); other choices by the rival rules.
        "prefers": FieldSpec("spaces", "prefers post_choam post_imperial_basin", table="post"),
    },
    # Uprising's observation posts: board locations a player's pieces (spies) stand on,
    # each linked to board spaces. Checked; the engine does not play them yet (E0309).
    "post": {
        **_COMMON,
        "links": FieldSpec("spaces", "links arrakeen imperial_basin"),
    },
    # Uprising's objective cards (rules 003, setup step 5): dealt one per player face up
    # at setup among those whose `players` lists the game's player count (none listed:
    # every count); `first_player`: the First Player marker, its holder starts; the
    # card carries the tags of a set's tag set (`battle crysknife`) and pairs with a won
    # conflict (engine/rules/battle_icons.py).
    "objective": {
        **_COMMON,
        "players": FieldSpec("counts", "players 1 2 3", number="player_count"),
        "first_player": FieldSpec("flag", "first_player"),
    },
    # A contract (Uprising's CHOAM Module, rules 003 "CHOAM Module"): dealt by a `free`
    # market, held by the player who takes it until completed, once, in one of four
    # ways: `at SPACE` (an agent sent there, the contract held before sending), `harvest
    # N` (an agent sent to a maker space and N spice gained that turn), `immediate`
    # (when taken), `acquired CARD` (when the holder next acquires that card). Its
    # `reward` box is then played (engine/rules/contracts.py).
    "contract": {
        **_COMMON,
        "at": FieldSpec("spaces", "at deliver_supplies"),
        "harvest": FieldSpec("int", "harvest 3", number="amount"),
        "immediate": FieldSpec("flag", "immediate"),
        "acquired": FieldSpec("spaces", "acquired the_spice_must_flow_up", table="reserve"),
        "reward": _box("space", "reward { solari 3 }"),
    },
    "deck": {
        **_COMMON,
        "size": FieldSpec("int", "size 10", number="deck_size", required=True),
        "card": FieldSpec("cards", "card dagger 2", number="deck_row"),
        # Cards a list added to the starting deck brings in, each in place of starting
        # cards (the Epic game's `deck epic`: Control the Spice for one Dune, the Desert
        # Planet); the form a set uses too (vocab.read_replacement).
        "replace": FieldSpec("replace", "replace starter dune_the_desert_planet with control_the_spice 1"),
    },
}
