"""IR to the words a player reads: option labels and `dunec show` text.

Everything here is built from resolved IR, never from user spelling, so the
text is safe to embed (through repr) in generated code.
"""
from __future__ import annotations

from dunec.ir.ops import Op, Ops

NAMES = {
    "emperor": "Emperor", "guild": "Spacing Guild", "bene_gesserit": "Bene Gesserit", "fremen": "Fremen",
    "landsraad": "Landsraad", "city": "City", "spice_trade": "Spice Trade",
    "arrakeen": "Arrakeen", "carthag": "Carthag", "imperial_basin": "Imperial Basin",
}
UNITS = {
    "solari": ("Solari", "Solari"), "spice": ("spice", "spice"), "water": ("water", "water"),
    "persuasion": ("Persuasion", "Persuasion"), "swords": ("sword", "swords"), "troops": ("troop", "troops"),
    "vp": ("Victory Point", "Victory Points"), "intrigue": ("Intrigue card", "Intrigue cards"),
    "draw": ("card", "cards"), "garrison": ("garrisoned troop", "garrisoned troops"),
    "deployed": ("troop in the Conflict", "troops in the Conflict"),
}


def name(x: str) -> str:
    return NAMES.get(x, x.replace("_", " "))


def amount(res: str, n: int) -> str:
    one, many = UNITS.get(res, (res, res))
    if res == "draw":
        return f"draw {n} {one if n == 1 else many}"
    if res == "troops":
        return f"+{n} {one if n == 1 else many}"
    return f"+{n} {one if n == 1 else many}"


def cost(c: tuple) -> str:
    if c[0] == "trash_this":
        return "trash this card"
    if c[0] == "trash_card":
        return "trash a card"
    if c[0] == "hand":
        return f"{c[1]} card{'s' if c[1] != 1 else ''} in hand"
    if c[0] == "influence":
        return f"{c[2]} Influence with {'any Faction' if c[1] == 'any' else name(c[1])}"
    one, many = UNITS.get(c[1], (c[1], c[1]))
    return f"{c[2]} {one if c[2] == 1 else many}"


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
    return k


def quantity(q: tuple) -> str:
    k = q[0]
    return {
        "influence": lambda: f"{name(q[1])} Influence",
        "cards_in_play": lambda: f"{name(q[1])} card in play",
        "units": lambda: "units in the Conflict",
        "garrison": lambda: "garrisoned troops",
        "players": lambda: "players",
        "intrigue": lambda: "Intrigue cards",
        "alliances": lambda: "Alliances",
        "factions_at": lambda: f"Factions at {q[1]}+ Influence",
        "copies": lambda: f"copies of {name(q[1])}",
        "opponents_with_more": lambda: f"opponent with more {name(q[1])} Influence than you",
        "opponent_units": lambda: "units of the strongest opponent in the Conflict",
        "factions_behind": lambda: "Factions where an opponent has more Influence than you",
        "deployed_this_turn": lambda: "troops you deployed to the Conflict this turn",
    }.get(k, lambda: k.replace("_", " "))()


def op(o: Op) -> str:
    k, a = o.kind, o.args
    if k == "gain":
        return amount(a[0], a[1])
    if k == "lose":
        one, many = UNITS.get(a[0], (a[0], a[0]))
        return f"lose {a[1]} {one if a[1] == 1 else many}"
    if k == "influence":
        where = {"any": "any Faction", "space": "that space's Faction", "all": "each Faction",
                 "behind": "a Faction where an opponent has more than you",
                 "secret": "each Faction you chose in secret, revealing them"}.get(a[0], name(a[0]))
        return f"+{a[1]} Influence with {where}"
    if k == "lose_influence":
        return f"lose {a[1]} Influence with {'a Faction' if a[0] == 'any' else name(a[0])}"
    if k == "deploy":
        if a[0] == -2:
            return "deploy any of these recruited troops"
        n = "any number of" if a[0] < 0 else f"up to {a[0]}"
        if a[1] == "garrison":
            return f"deploy {n} troops from your garrison"
        return f"deploy {a[0]} troop{'s' if a[0] != 1 else ''} from your supply"
    if k == "retreat":
        return "retreat any number of troops" if a[0] < 0 else f"retreat up to {a[0]} troops"
    if k == "trash":
        return "trash this card" if a[0] == "this" else f"trash a card{' from your ' + a[1] if a[1] else ''}"
    if k == "discard":
        return f"discard {a[0]} card{'s' if a[0] != 1 else ''}"
    if k == "acquire":
        return f"acquire a card costing {a[0]} or less{' onto your deck' if a[1] else ''}"
    if k == "gain_card":
        return f"gain a {name(a[0])} card"
    if k == "steal_intrigue":
        return f"take {a[0]} random Intrigue card(s)"
    if k == "control":
        return f"{name(a[0])} Control"
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
        return f"for each {quantity(a[0])}: {scope(o.body)}"
    if k == "each_opponent":
        return f"each opponent: {scope(o.body)}"
    if k == "opponent":
        return f"an opponent of your choice: {scope(o.body)}"
    if k == "space_cost":
        return f"{name(a[0])} spaces cost {abs(a[2])} {a[1]} {'less' if a[2] < 0 else 'more'}"
    if k == "ignore_block":
        return f"enemy agents don't block you at {name(a[0])} spaces"
    if k == "retrieve":
        return f"put a {name(a[0])} card from your discard pile into your hand"
    if k == "discount":
        return f"{name(a[0]).title()} costs {a[1]} less this turn"
    if k == "secret_factions":
        return f"choose {a[0]} different Faction{'s' if a[0] != 1 else ''} in secret"
    if k == "advance":
        return f"advance {a[1]} step{'s' if a[1] != 1 else ''} on the {name(a[0])}"
    if k == "cash_out":
        return f"cash out the {name(a[0])}: its rewards up to your step, then back to the bottom"
    if k == "extra_icon":
        return f"the card you play this turn also has the {name(a[0])} icon"
    return {
        "shuffle_discard": "shuffle your discard pile into your deck",
        "recall": "recall one of your agents", "mentat": "take the Mentat",
        "swordmaster": "gain your Swordmaster", "high_council": "take a High Council seat",
        "signet": "use your leader's signet ring",
        "draw_or_trash_top": "look at the top card of your deck: draw it or trash it",
        "acquire_to_top": "you may put cards you acquire this round on top of your deck",
        "manipulate": "remove a card from the Imperium Row: during your Reveal turn this round only you may "
                      "acquire it, for 1 Persuasion less",
        "infiltrate": "enemy agents don't block your agent this turn",
        "pass_turn": "you may pass this turn",
        "block_space": "block a board space for your opponents this round",
        "double_harvest": "harvest the space's spice again (not the bonus)",
        "harvest": "the maker space's spice and its bonus spice",
        "see_top_card": "you may look at the top card of your deck at any time",
    }.get(k, k.replace("_", " "))


# Effects that govern others: a condition, a cost, a choice, a count or a target.
SCOPING = frozenset(("if", "pay", "choose", "foreach", "each_opponent", "opponent"))


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
