"""What the things effects move are called and worth: the names a player reads
and the value of one unit of each resource. The verb rows (verbs.py), the rules
text (describe.py) and the value hints (value.py) share them."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

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


@contextmanager
def _scoped(var: ContextVar, value: dict):
    """`var` set to `value` for the body of a `with`, then as it was."""
    token = var.set(value)
    try:
        yield
    finally:
        var.reset(token)


# The worths the sets being compiled declare (`counter maker_hooks ... { worth 3 }`):
# set by `worthed` around the value estimates of a build (meta_of), so a set's own
# counters are valued as it says, not as 1 each.
_WORTHS: ContextVar[dict] = ContextVar("worths", default={})


def worthed(worths: dict):
    """Estimate values with these declared worths (counter -> worth of one)."""
    return _scoped(_WORTHS, worths)


def worth(thing: str) -> float:
    """The value hint of one of a thing: a set's declared worth, else WORTH's, else 1."""
    declared = _WORTHS.get().get(thing)
    return declared if declared is not None else WORTH.get(thing, 1.0)


# The titles the sets being shown declare (counters, units, tracks, markets) and
# their definitions' names (spaces, cards): set by `titled` around a rendering, so
# a set's own words reach the text without every phrase taking them as an argument.
_TITLES: ContextVar[dict] = ContextVar("titles", default={})


def titled(titles: dict):
    """Render with these titles (id -> title) for the names a set declares."""
    return _scoped(_TITLES, titles)


def price_of(card: str) -> str:
    """The currency a market of cards sells this card for (`show.titles_of`), or ""."""
    return _TITLES.get().get(("price", card), "")


def in_place_of(card: str) -> tuple:
    """What the card comes into a game in place of, by a set's or a deck list's
    `replace` (`show.titles_of`): "1 x Carthag (set `immortality`)", ..."""
    return tuple(_TITLES.get().get(("in place of", card), ()))


def name(x: str) -> str:
    return NAMES.get(x) or _TITLES.get().get(x) or x.replace("_", " ")


def _plural(word: str) -> str:
    if word.endswith("s"):
        return word
    if len(word) > 1 and word[-1] == "y" and word[-2] not in "aeiou":  # Memory, Spy
        return word[:-1] + "ies"
    return word + "s"


def unit_names(res: str) -> tuple[str, str]:
    """(one, many) of a resource or unit kind: the lexicon's own words, else the
    title its set declares, else its id."""
    if res in UNITS:
        return UNITS[res]
    title = _TITLES.get().get(res)
    if title:
        return title, _plural(title)
    word = res.replace("_", " ")
    return word, _plural(word)


def units(res: str, n: int) -> str:
    """`2 spice`, `1 Victory Point`: n of a resource, in the player's words."""
    one, many = unit_names(res)
    return f"{n} {one if n == 1 else many}"


def amount(res: str, n: int) -> str:
    """A gain: `+2 spice`, or `draw 2 cards`."""
    if res == "draw":
        return f"draw {units(res, n)}"
    return f"+{units(res, n)}"


def plural(n: int, word: str) -> str:
    return f"{word}{'s' if n != 1 else ''}"
