"""`info` at a prompt: what the card, space or intrigue card an option names does.

An option names its definitions by id (dunec/engine/loop/actions.py); only a card's
own words for its options are searched for display names. The rules text comes
from the checked cards through `dunec show`'s renderer.
"""
from __future__ import annotations

import re
from typing import Callable

from dunec.engine.loop.actions import idents as action_idents
from dunec.engine.loop.actions import label
from dunec.ir import describe

# What a player reads about at the table (not decks or House Hagal cards).
KINDS = ("card", "starter", "reserve", "intrigue", "space", "conflict", "leader")


class CardWords:
    """A game's definitions in words, from its checked cards: the rules text `info`
    shows and one box's effects for the table (dunec/engine/views/tableview.py). A game
    running generated code has no checked model at hand: `check` makes it on first use."""

    def __init__(self, model, check: Callable[[], object]):
        self._model, self._check = model, check
        self._said: dict = {}

    def model(self):
        if self._model is None:
            self._model = self._check()
        return self._model

    def rules(self, ident: str) -> str:
        from dunec.show import show_definition, titles_of

        model = self.model()
        return show_definition(model.defs[ident], titles_of(model))

    def says(self, ident: str, box: str) -> str | None:
        key = (ident, box)
        if key not in self._said:
            d = self.model().defs.get(ident)
            if d is None:
                ops = track_box(self.model(), ident, box)
                self._said[key] = describe.ops(ops) if ops else None
            else:
                self._said[key] = describe.ops(d.boxes[box]) if box in d.boxes else None
        return self._said[key]


def track_box(model, track: str, box: str):
    """The IR ops of one box of a declared track ("step N", "first N", "cell ID",
    "at_end"), or None."""
    for s in model.sets.values():
        d = s.names.get(track)
        if d is None or d.kind != "track":
            continue
        word, _, arg = box.partition(" ")
        if word == "at_end":
            return d.at_end
        if word == "cell":
            c = d.cells.get(arg)
            return c.gives if c is not None else None
        if word == "first" and arg in d.firsts:  # a graph's `first CELL`
            return d.firsts[arg]
        if word in ("step", "first") and arg.isdigit():
            return (d.steps if word == "step" else d.firsts).get(int(arg))
    return None


def info(engine, player, actions: list[tuple], what: str, rules: Callable[[str], str] | None) -> str:
    if rules is None:
        return "No rules text in this game."
    if what.isascii() and what.isdigit():
        n = int(what) if len(what) <= 6 else 0
        if not 1 <= n <= len(actions):
            return f"There is no option {what[:12]}: type `info N` with N from 1 to {len(actions)}."
        action = actions[n - 1]
        idents = [i for i in action_idents(action) if i in engine.defs]  # a unit kind or location is no card
        if not idents and action[0] in ("option", "yes", "opponent"):
            # A card's own words for its option may name other cards or spaces.
            idents = in_label(engine, player, label(engine.state, engine.content, action))
        if not idents:
            return f"Option {n} ({label(engine.state, engine.content, action)}) names no card or space."
    else:
        idents = named(engine, player, what)
        if not idents:
            return f"No card, space or leader is named `{what[:40]}`; `info N` shows what option N names."
    return "\n\n".join(rules(i) for i in idents)


def _names(engine) -> dict[str, list[str]]:
    """Display name -> definition ids, over the kinds a player reads about."""
    index: dict[str, list[str]] = {}
    for kind in KINDS:
        for m in engine.content.of_kind(kind):
            index.setdefault(m["name"], []).append(m["id"])
    return index


def _in_play(engine, player) -> set:
    st = engine.state
    seen = set(player.hand) | set(player.intrigue) | set(player.played) | set(player.revealed)
    seen |= set(st.imperium_row) | set(st.reserve) | {st.conflict} | {p.leader for p in st.players}
    seen |= {m["id"] for m in engine.content.of_kind("space")}
    return seen


def _prefer_in_play(engine, player, idents: list[str]) -> list[str]:
    """Of definitions sharing a name (the four Skirmish conflicts, Foldspace the
    card and the space), the ones on the table, if any is."""
    here = _in_play(engine, player)
    return [i for i in idents if i in here] or idents


def in_label(engine, player, label: str) -> list[str]:
    """The definitions whose names appear in a label, longest names first, a
    name inside a longer match not counted again ("Arrakeen" in "Siege of Arrakeen")."""
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, str]] = []
    for name, idents in sorted(_names(engine).items(), key=lambda kv: -len(kv[0])):
        for m in re.finditer(r"(?<!\w)" + re.escape(name) + r"(?!\w)", label):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append(m.span())
            found += [(m.start(), i) for i in _prefer_in_play(engine, player, idents)]
    out: list[str] = []
    for _, ident in sorted(found, key=lambda x: x[0]):
        if ident not in out:
            out.append(ident)
    return out


def named(engine, player, what: str) -> list[str]:
    """Definitions by name (any case) or id."""
    want = what.strip().lower()
    for name, idents in _names(engine).items():
        if name.lower() == want:
            return _prefer_in_play(engine, player, idents)
    return [want] if any(want in ids for ids in _names(engine).values()) else []
