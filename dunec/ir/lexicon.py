"""What the things effects move are called and worth: the names a player reads
and the value of one unit of each resource. The verb rows (verbs.py), the rules
text (describe.py) and the value hints (value.py) share them."""
from __future__ import annotations

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
WORTH = {"solari": 1.0, "spice": 1.4, "water": 1.8, "persuasion": 1.1, "swords": 0.6, "troops": 1.6,
         "vp": 9.0, "intrigue": 2.2, "draw": 1.8, "garrison": 1.5, "deployed": 2.0}


def name(x: str) -> str:
    return NAMES.get(x, x.replace("_", " "))


def units(res: str, n: int) -> str:
    """`2 spice`, `1 Victory Point`: n of a resource, in the player's words."""
    one, many = UNITS.get(res, (res, res))
    return f"{n} {one if n == 1 else many}"


def amount(res: str, n: int) -> str:
    """A gain: `+2 spice`, or `draw 2 cards`."""
    if res == "draw":
        return f"draw {units(res, n)}"
    return f"+{units(res, n)}"


def plural(n: int, word: str) -> str:
    return f"{word}{'s' if n != 1 else ''}"
