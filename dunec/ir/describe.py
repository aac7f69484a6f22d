"""IR to the words a player reads: option labels and `dunec show` text.

Everything here is built from resolved IR, never from user spelling, so the
text is safe to embed (through repr) in generated code.
"""
from __future__ import annotations

from dunec.ir.lexicon import (  # noqa: F401 (read by show)
    NAMES, UNITS, amount, in_place_of, name, price_of, titled, unit_names, units,
)
from dunec.ir.ops import Op, Ops
from dunec.ir.verbs import _ZONE_WORDS, OPS, ROWS

def cost(c: tuple) -> str:
    if c[0] == "trash_this":
        return "trash this card"
    if c[0] == "trash_card":
        if len(c) > 1:  # `trash card from ZONE [FACTION]`
            if not c[2]:
                return f"trash a card from your {_ZONE_WORDS.get(c[1], c[1])}"
            return f"trash another {name(c[2])} card from your {_ZONE_WORDS.get(c[1], c[1])}"
        return "trash a card"
    if c[0] == "trash_intrigue":
        return f"trash {c[1]} Intrigue card{'s' if c[1] != 1 else ''}"
    if c[0] == "trash_other_grafted":
        return "trash the other grafted card"
    if c[0] == "recall":  # a set's pieces back from the board (`pay recall spies 1`)
        return f"recall {units(c[1], c[2])}"
    if c[0] == "discard":
        return f"discard {c[1]} card{'s' if c[1] != 1 else ''}"
    if c[0] == "hand":
        return f"{c[1]} card{'s' if c[1] != 1 else ''} in hand"
    if c[0] == "influence":
        return f"{c[2]} Influence with {'any Faction' if c[1] == 'any' else name(c[1])}"
    if c[0] == "flip":  # a face-up tagged conflict card (rules/battle_icons.py)
        return f"flip one of your face-up {name(c[2])} or wild Conflict cards"
    if c[0] == "influence_different":
        return f"1 Influence with each of {c[1]} different Factions"
    return units(c[1], c[2])


def cond(c: tuple) -> str:
    k = c[0]
    if k in ("and", "or"):
        return f" {k} ".join(cond(x) for x in c[1:])
    if k == "not":
        return "not " + cond(c[1])
    if k == "cmp":
        if c[1] == ("opponent_units",) and (c[2], c[3]) in ((">=", 1), (">", 0)):
            return "an opponent has units in the Conflict"
        return f"{quantity(c[1])} {c[2]} {c[3]}"
    if k == "bond":
        return f"another {name(c[1])} card in play"
    if k == "alliance":
        return "a Faction Alliance" if c[1] == "any" else f"the {name(c[1])} Alliance"
    if k == "seat":
        return "a High Council seat"
    if k == "swordmaster":
        return "the Swordmaster"
    if k == "revealing":
        return "it is your Reveal turn"
    if k == "most_copies":
        return f"more {name(c[1])} than each opponent"
    if k == "mentat_available":
        return "the Mentat is in its space"
    if k == "secret":
        return "your Factions chosen in secret are not revealed yet"
    if k == "opponent_combat_intrigue":
        return "an opponent played a combat Intrigue card in this Conflict"
    if k == "gained_this_turn":
        return f"you gained {name(c[1])} this turn"
    if k == "agent_at":
        return f"you have an Agent on a {name(c[1])} board space"
    if k == "grafted":
        return "this card is grafted"
    if k == "faction_space":
        return "the Agent went to a Faction board space"
    if k == "acquired":
        return f"the card acquired is {name(c[1])}"
    if k == "discarded":
        return f"you discarded {'an' if name(c[1])[:1] in 'AEIOU' else 'a'} {name(c[1])} card this way"
    if k == "maker_space":
        return "you sent an Agent to a Maker board space this turn"
    if k == "placed":
        return f"placed on a post linked to a {'Faction' if c[1] == 'faction' else name(c[1])} space"
    if k == "grafted_with":
        which = " or ".join(name(f) for f in c[1:])
        return f"grafted with {'an' if which[:1] in 'AEIOU' else 'a'} {which} card"
    if k == "flag":
        return f"the {name(c[1])} is still up"
    if k == "protected":
        return "the Conflict is for a location a flag still up protects"
    if k == "rival_alliance_at":
        return f"you have {c[1]} or more Influence with a Faction whose Alliance an opponent holds"
    if k == "recalled":
        return f"you recalled {_a(unit_names(c[1])[0])} this turn"
    if k == "spying":
        return "you have a piece on a location linked to a maker space"
    if k == "sent_to":
        return f"the Agent went to {name(c[1])}"
    if k == "enemy_agent_here":
        return "an enemy Agent is on the board space you sent this Agent to"
    if k == "reached" and len(c) == 3:  # a line's step or a graph's column (Immortality's genetic markers)
        return f"your token is at {c[2]} or beyond on the {name(c[1])}"
    return k


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'AEIOUaeiou' else 'a'} {word}"


def _icons(icons) -> str:
    words = [name(i) for i in icons]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _phrases(q: tuple) -> tuple[str, str]:
    """(one, many) of what a quantity counts, in the words of the rules the engine
    plays (rules_costs.quantity): `for each` reads one, a comparison many."""
    k = q[0]
    if k == "deployed_this_turn":
        one, many = unit_names(q[1]) if len(q) > 1 else ("unit", "units")
        return f"{one} you deployed to the Conflict this turn", f"{many} you deployed to the Conflict this turn"
    if k == "in_conflict" and len(q) == 1:
        return "unit of yours in the Conflict", "your units in the Conflict"
    if k in ("in_conflict", "in_play"):
        one, many = unit_names(q[1])
        where = "in the Conflict" if k == "in_conflict" else "out of your supply"
        return f"{one} of yours {where}", f"your {many} {where}"
    return {
        "influence": lambda: (f"Influence you have with {name(q[1])}", f"{name(q[1])} Influence"),
        "cards_in_play": lambda: (f"{name(q[1])} card you have in play", f"{name(q[1])} cards in play"),
        "cards_revealed": lambda: (f"{name(q[1])} card you revealed", f"{name(q[1])} cards you revealed"),
        "units": lambda: ("troop of yours in the Conflict", "your troops in the Conflict"),
        "garrison": lambda: ("garrisoned troop", "garrisoned troops"),
        "players": lambda: ("player", "players"),
        "intrigue": lambda: ("Intrigue card you hold", "Intrigue cards"),
        "alliances": lambda: ("Alliance you hold", "Alliances"),
        "factions_at": lambda: (f"Faction where you have {q[1]} or more Influence",
                                f"Factions where you have {q[1]} or more Influence"),
        "copies": lambda: (f"copy of {name(q[1])} you own", f"copies of {name(q[1])}"),
        "opponents_with_more": lambda: (f"opponent with more {name(q[1])} Influence than you",
                                        f"opponents with more {name(q[1])} Influence than you"),
        "opponent_units": lambda: ("troop of the strongest opponent in the Conflict",
                                   "troops of the strongest opponent in the Conflict"),
        "swordmasters": lambda: ("player with the Swordmaster", "players with the Swordmaster"),
        "units_ahead": lambda: ("troop you have in the Conflict more than any opponent",
                                "your troops in the Conflict beyond the most of any opponent"),
        "factions_behind": lambda: ("Faction where an opponent has more Influence than you",
                                    "Factions where an opponent has more Influence than you"),
        "tiles": lambda: (f"tile of yours from the {name(q[1])}", f"your {name(q[1])}"),
        "persuasion": lambda: ("Persuasion this turn", "Persuasion this turn"),
        "factions_below": lambda: (f"Faction where you have less than {q[1]} Influence",
                                   f"Factions where you have less than {q[1]} Influence"),
        "sword_cards": lambda: ("revealed card that gives swords", "revealed cards that give swords"),
        "other_sword_cards": lambda: ("other revealed card that gives swords", "other revealed cards that give swords"),
        "agents_at": lambda: (f"Agent of yours on a {_icons(q[1:])} board space",
                              f"your Agents on {_icons(q[1:])} board spaces"),
        "card_icons": lambda: ("agent icon on the card", "the card's agent icons"),
        "strength": lambda: ("strength you have in the Conflict", "your strength in the Conflict"),
        "trashed_cost": lambda: ("Persuasion the trashed card costs", "the trashed card's cost"),
        "contracts_done": lambda: ("contract you completed", "contracts you completed"),
        "other_grafted": lambda: ("agent icon on the other grafted card", "the other grafted card's agent icons"),
    }.get(k, lambda: unit_names(k))()


def quantity(q: tuple) -> str:
    """What a comparison compares: `your Dreadnoughts in the Conflict`."""
    return _phrases(q)[1]


def count(q: tuple) -> str:
    """What `for each` counts, one at a time: `Dreadnought of yours in the Conflict`."""
    return _phrases(q)[0]


def op(o: Op) -> str:
    k, a = o.kind, o.args
    row = OPS.get(k)
    if row is not None:  # a verb: its row's words (dunec/ir/verbs.py)
        text = row.say(a)
        return f"{text}: {scope(o.body)}" if row.block else text
    if k == "pay":
        return f"pay {', '.join(cost(c) for c in a[0])} -> {scope(o.body)}"
    if k == "choose":
        head = "choose one" if a[0] == 1 else f"choose {a[0]}"
        return f"{head}: " + " | ".join(scope(x) for x in o.alts)
    if k == "if":
        s = f"if {cond(a[0])}: {scope(o.body)}"
        if o.alts:
            s += f", otherwise: {scope(o.alts[0])}"
        return s
    if k == "foreach":
        return f"for each {count(a[0])}: {scope(o.body)}"
    if k == "each_opponent":
        return f"each opponent: {scope(o.body)}"
    return k.replace("_", " ")


# Effects that govern others: a condition, a cost, a choice, a count or a target.
# A block verb governs its body as a condition does (`retreat_for 2 { swords 4 }`, `may { }`).
SCOPING = frozenset(("if", "pay", "choose", "foreach", "each_opponent")) | frozenset(
    r.op for r in ROWS if r.block)


def ops(xs: Ops) -> str:
    """A list of effects, joined with ", ". A scoping effect (a condition, cost, choice,
    count or target) stands apart, with "; " before and after it, and governs exactly
    what lies between its colon or arrow and the next "; " (see `scope`)."""
    if not xs:
        return "nothing"
    parts: list[list[str]] = []
    for i, x in enumerate(xs):
        if x.kind in SCOPING or i == 0 or xs[i - 1].kind in SCOPING:
            parts.append([])
        parts[-1].append(op(x))
    return "; ".join(", ".join(p) for p in parts)


def scope(xs: Ops) -> str:
    """The effects a condition, cost, choice or target governs: they run to the next
    "; " of the enclosing list, or are put in parentheses when they hold a "; " of
    their own, so where they end is always plain."""
    text = ops(xs)
    return f"({text})" if "; " in text else text
