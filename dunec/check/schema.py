"""The fields each kind of definition accepts.

`kind` says how the field's value is read: a box of effects, a number, a name
from a table, a list of names, a condition, a cost, a flag, or deck rows.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FieldSpec:
    kind: str
    example: str
    box: str = ""
    table: str = ""
    required: bool = False
    lo: int = 0
    hi: int = 99


def _box(box: str, example: str) -> FieldSpec:
    return FieldSpec("box", example, box=box)


_COMMON = {
    "set": FieldSpec("name", "set base", table="set"),
    "copies": FieldSpec("int", "copies 2", lo=1, hi=20),
}
_CARD = {
    **_COMMON,
    "cost": FieldSpec("int", "cost 3", lo=0, hi=20),
    "icons": FieldSpec("names", "icons city spice_trade", table="icon"),
    "infiltrate": FieldSpec("flag", "infiltrate"),
    "from_anywhere": FieldSpec("flag", "from_anywhere"),
    "factions": FieldSpec("names", "factions fremen", table="faction"),
    "agent": _box("agent", "agent { draw 1 }"),
    "reveal": _box("reveal", "reveal { persuasion 2 }"),
    "on acquire": _box("acquire", "on acquire { water 1 }"),
    "on trash": _box("trash", "on trash { solari 4 }"),
    "on discard": _box("discard", "on discard { draw 1 }"),
}

SCHEMAS: dict[str, dict[str, FieldSpec]] = {
    "card": {**_CARD, "cost": FieldSpec("int", "cost 3", lo=0, hi=20, required=True)},
    "starter": dict(_CARD),
    "reserve": {**_CARD, "cost": FieldSpec("int", "cost 2", lo=0, hi=20, required=True),
                "gained_only": FieldSpec("flag", "gained_only")},
    "intrigue": {
        **_COMMON,
        "requires": FieldSpec("cond", "requires mentat_available"),
        "plot": _box("plot", "plot { solari 2 }"),
        "combat": _box("combat", "combat { swords 4 }"),
        "endgame": _box("endgame", "endgame { vp 1 }"),
        "on win": _box("win", "on win { spice 3 }"),
    },
    "conflict": {
        **_COMMON,
        "level": FieldSpec("int", "level 2", lo=1, hi=3, required=True),
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
        "effect": _box("space", "effect { troops 2 }"),
        "control": _box("control", "control { solari 1 }"),
    },
    "leader": {
        **_COMMON,
        "passive": _box("passive", "passive { space_cost landsraad solari -1 }"),
        "signet": _box("signet", "signet { draw 1 }"),
        "once": _box("once", "once { influence any 1 }"),
        "on game_start": _box("game_start", "on game_start { spice 1 }"),
        "on high_council": _box("high_council", "on high_council { influence any 1 }"),
        "on space_paid": _box("space_paid", "on space_paid { draw 1 }"),
        "on harvest": _box("harvest", "on harvest { draw 1 }"),
        "on deploy": _box("deploy", "on deploy { if deployed_this_turn >= 4 { solari 1 } }"),
    },
    "hagal": {
        **_COMMON,
        "mode": FieldSpec("names", "mode solo duo", table="mode"),
        "spaces": FieldSpec("spaces", "spaces conspire wealth"),
        "swords": FieldSpec("int", "swords 2", lo=0, hi=9),
        "gain": _box("hagal", "gain { troops 2 }"),
        "deploys": FieldSpec("flag", "deploys"),
        "reshuffle": FieldSpec("flag", "reshuffle"),
        "pick": FieldSpec("name", "pick most_spice", table="pick"),
    },
    "deck": {
        **_COMMON,
        "size": FieldSpec("int", "size 10", lo=1, hi=200, required=True),
        "card": FieldSpec("cards", "card dagger 2"),
    },
}
