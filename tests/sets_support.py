"""Helpers the tests of a set beyond the base game share (Rise of Ix, Immortality,
Uprising): scenarios that count what a set adds, and the cross-check of a set's
cards against the community reference data (shared/reference/, next to this
repository)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from dunec import content as C
from dunec.engine.loop.setup import give_sets
from dunec.engine.rules import tracks as rules_tracks

from scenario import Scenario
from test_cards_support import changes, snap


# ---------------------------------------------------------------------- scenarios
BACKENDS = ("interpreted", "compiled")


def sets_fixture(name: str, *sets: str):
    """A module fixture called `name`: the content of these sets, once per back-end."""
    def content(request):
        return C.load(request.param).select(sets)
    return pytest.fixture(content, scope="module", params=BACKENDS, name=name)


def new_scenario(content, players: int = 3, leaders=None) -> Scenario:
    """A scenario of the selected sets, each player given what they declare
    (counters, units, tracks, markets, tokens)."""
    g = Scenario(content, players=players, leaders=leaders)
    give_sets(content, g.state)
    return g


def snap_sets(g: Scenario) -> list[dict]:
    """snap() plus the sets' names: each track's step or column (a graph track's
    cell is read as its column), counters, units in the garrison."""
    out = snap(g)
    for d, p in zip(out, g.state.players):
        d.update({f"track {t}": rules_tracks.reached(g.engine, p, t) for t in p.tracks})
        d.update({f"counter {c}": n for c, n in p.counters.items()})
        d.update({f"{u} garrison": v["garrison"] for u, v in p.units.items()})
    return out


def changes_sets(g: Scenario, before: list[dict]) -> dict:
    """What changed since `before` (snap_sets), by seat; the base game's part agrees
    with test_cards_support's changes()."""
    after = snap_sets(g)
    out = {}
    for seat, (a, b) in enumerate(zip(before, after)):
        d = {k: b[k] - a[k] for k in a if b[k] != a[k]}
        if d:
            out[seat] = d
    assert {s: {k: v for k, v in d.items() if " " not in k} for s, d in out.items() if
            any(" " not in k for k in d)} == changes(g, [{k: v for k, v in s.items() if " " not in k}
                                                         for s in before])
    return out


def play_box(content, card: str, box: str, setup, answers) -> tuple:
    """Play one box of a card for the first seat of a new scenario: `setup(g)` first
    (driven), the `answers` queued; an agent box on Carthag unless `box` says
    `agent@SPACE`. (scenario, changes_sets)."""
    g = new_scenario(content)
    if setup:
        setup(g)
        g.engine.drive()
    before = snap_sets(g)
    g.answer(0, *answers)
    if g.engine.defs[card]["kind"] == "intrigue":
        g.p(0).intrigue.append(card)
        g.box(0, card, box, forced=True)
        g.p(0).intrigue.remove(card)
    else:
        box, _, space = box.partition("@")
        g.box(0, card, box, space=(space or "carthag") if box == "agent" else None)
    return g, changes_sets(g, before)


# ---------------------------------------------------------------------- the reference data
REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "reference"
INVENTORY = REFERENCE / "card_inventory.json"
TABLES = REFERENCE / "chatanga_tables"  # the community module's, one folder per game

# The inventory's columns: agent icons and Faction affiliations.
ICON_COLUMNS = {"green_access": "landsraad", "purple_access": "city", "yellow_access": "spice_trade",
                "emperor_access": "emperor", "spacing_guild_access": "guild",
                "bene_gesserit_access": "bene_gesserit", "fremen_access": "fremen"}
FACTION_COLUMNS = {"emperor_affiliation": "emperor", "spacing_guild_affiliation": "guild",
                   "bene_gesserit_affiliation": "bene_gesserit", "fremen_affiliation": "fremen"}
# The module's agent icon and faction names.
MODULE_ICONS = {"green": "landsraad", "blue": "city", "yellow": "spice_trade", "emperor": "emperor",
                "spacingGuild": "guild", "beneGesserit": "bene_gesserit", "fremen": "fremen"}


def norm(name: str, typos: dict) -> str:
    """A card name as the sources are matched on: lower case, apostrophes dropped,
    other punctuation a space, a source's misspelt words (`typos`) put right."""
    s = re.sub(r"[^a-z0-9 ]+", " ", name.lower().replace("’", "'").replace("'", ""))
    return " ".join(typos.get(w, w) for w in s.split())


def camel(ident: str) -> str:
    """Our id as the module spells its ids (`the_spice_must_flow` -> `theSpiceMustFlow`)."""
    head, *rest = ident.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


def _names(listed: str) -> list:
    return [MODULE_ICONS[w.strip(" '\"")] for w in listed.split(",")]


def module_imperium(seg: str, reveal: str, drop: str = "") -> dict:
    """The rows of a segment of the module's ImperiumCard.lua: id -> cost, agent
    icons (a `spy = true` row has the spy icon), factions and the Reveal box's plain
    Persuasion and swords. `reveal`: the pattern of the Reveal text (group 1); `drop`:
    a pattern of what in it is no plain gain (a choice, an optional trade)."""
    out = {}
    for m in re.finditer(r"^\s*(\w+) = \{(.*)\},?\s*$", seg, re.M):
        src = m.group(2)
        icons = re.search(r"agentIcons = \{([^}]*)\}", src)
        factions = re.search(r"factions = \{([^}]*)\}", src)
        cost = re.search(r"cost = (\d+)", src)
        found = re.search(reveal, src)
        plain = re.sub(drop, "", found.group(1)) if found and drop else (found.group(1) if found else "")
        names = _names(icons.group(1)) if icons else []
        if "spy = true" in src:
            names.append("spy")
        out[m.group(1)] = {
            "cost": int(cost.group(1)) if cost else None,
            "icons": tuple(sorted(names)),
            "factions": tuple(sorted(_names(factions.group(1)))) if factions else (),
            "reveal persuasion": sum(int(n) for n in re.findall(r"\bpersuasion\((\d+)\)", plain)),
            "reveal swords": sum(int(n) for n in re.findall(r"\bsword\((\d+)\)", plain)),
        }
    return out


def check_difference(known: dict, ident: str, field: str, inv, mod, mine) -> None:
    """Where a source differs from our card, the difference is the one `known`
    records for (card, field) as (the inventory's value, the module's, ours): None
    where that source agrees with us, so the table cannot rot."""
    row = known.get((ident, field))
    want_inv, want_mod = (row[0], row[1]) if row else (None, None)
    assert (inv if inv != mine else None) == want_inv, f"{ident} {field}: inventory {inv}, ours {mine}"
    assert (mod if mod != mine else None) == want_mod, f"{ident} {field}: module {mod}, ours {mine}"
    if row:
        assert row[2] == mine
