"""Uprising's cards (and the CHOAM module's) against the community card inventory
and the community module's tables (shared/reference/, next to this repository;
skipped without it).

Every Imperium card, intrigue card, conflict and leader of cards/uprising/ and
cards/choam/ is matched by name with the inventory (set `uprising`) and by id with
the module's deck lists (Deck.lua), and compared on copies, cost, agent icons,
Faction affiliations and the Reveal box's plain Persuasion and swords (Imperium,
with ImperiumCard.lua too), level, battle icon and rewards (conflicts, with
conflict_rewards.csv and ConflictCard.lua). The cards still waiting for a
construct are read from the folders' pending/*.dune.txt (the build ignores them,
this test does not), so the whole set is checked today.

Where we deliberately differ from a source (docs/decisions.md, "Uprising cards as
printed"), the difference is in KNOWN_DIFFERENCES with exactly the values both
sides have, so the table cannot rot.
"""
from __future__ import annotations

import csv
import functools
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from sets_support import (
    FACTION_COLUMNS, ICON_COLUMNS, INVENTORY, REFERENCE, TABLES, camel, check_difference, module_imperium,
    norm as norm_name,
)

ROOT = Path(__file__).resolve().parents[1]
REWARDS = REFERENCE / "conflict_rewards.csv"
MODULES = TABLES / "rakis" / "scripts" / "modules"
if not INVENTORY.is_file() or not REWARDS.is_file() or not MODULES.is_dir():
    pytest.skip(f"no reference data at {REFERENCE}", allow_module_level=True)

FOLDERS = {"uprising": ROOT / "cards" / "uprising", "choam": ROOT / "cards" / "choam"}
ICON_COLUMNS = {**ICON_COLUMNS, "spy_access": "spy"}
# The module's battle icons ("objective"): Desert Mouse is drawn as Muad'Dib, wild as a joker.
MODULE_BATTLE = {"crysknife": "crysknife", "ornithopter": "ornithopter", "muadDib": "desert_mouse", "joker": "wild"}
TYPOS = {"allegiences": "allegiances", "sietchies": "sietches", "arakeen": "arrakeen"}
SECTIONS = {"card": "imperium", "intrigue": "intrigue", "conflict": "conflict", "leader": "leader"}
# rules 003 "Components": the counts with the CHOAM module (its own set) and without.
COUNTS = {"card": 69, "intrigue": 44, "conflict": 16, "leader": 9}
CHOAM_COUNTS = {"card": 4, "intrigue": 4, "leader": 1}
LEVELS = Counter({1: 3, 2: 9, 3: 4})
# Our id -> the module's, where its spelling differs from our id in camel case.
MODULE_IDS = {
    "northern_watermaster": "nothernWatermaster", "public_spectacle": "publicSpectable",
    "treacherous_maneuver": "trecherousManeuver", "smugglers_harvester": "smugglerHarvester",
    "smugglers_haven": "smugglerHaven", "spacing_guilds_favor": "spacingGuildFavor",
    "uprising_desert_power": "desertPower", "manipulate_intrigue": "manipulate", "uprising_crysknife": "crysknife",
    "shaddams_favor": "shaddamFavor", "councilors_ambition": "councilorAmbition", "uprising_desert_mouse": "desertMouse",
    "skirmish_crysknife": "skirmishA", "skirmish_ornithopter": "skirmishB", "skirmish_desert_mouse": "skirmishC",
    "uprising_secure_imperial_basin": "secureImperialBasin", "uprising_siege_of_arrakeen": "siegeOfArrakeen",
    "uprising_battle_for_imperial_basin": "battleForImperialBasin",
    "uprising_battle_for_arrakeen": "battleForArrakeen", "lady_amber_metulli": "amberMetulli",
    "uprising_gurney_halleck": "gurneyHalleck", "lady_margot_fenring": "margotFenring",
    "princess_irulan": "irulanCorrino", "uprising_lady_jessica": "jessica",
    "shaddam_corrino_iv": "shaddamCorrino", "muad_dib": "muadDib",
}
# Deck.lua's Uprising lists name promotional cards the box does not hold.
MODULE_PROMOS = {"thumper", "theBeastSpoils", "arrakisRevolt"}

# (card, field): (the inventory's value, the module's value, ours); None: that source agrees with us.
KNOWN_DIFFERENCES = {
    # An agent box needs an agent icon: the module has the Spacing Guild's (decisions.md).
    ("reliable_informant", "icons"): ((), None, ("guild",)),
    # The inventory adds a plain 2 to the per-Fremen-card Persuasion; the module and
    # a second data set have only "+2 Persuasion for each Fremen card in play".
    ("stilgar_the_devoted", "reveal persuasion"): (2, None, 0),
    # The module, a second data set and a card grader give the Spacing Guild; the
    # inventory no faction.
    ("spacing_guilds_favor", "factions"): ((), None, ("guild",)),
    # The inventory alone adds the spy icon; the module and two data sets have none.
    ("undercover_asset", "icons"): (("city", "landsraad", "spice_trade", "spy"), None,
                                    ("city", "landsraad", "spice_trade")),
    # Sardaukar Coordination: the module and a second data set print 2 Persuasion
    # and a sword per Emperor card; the inventory a plain sword and no Persuasion.
    ("sardaukar_coordination", "reveal persuasion"): (0, None, 2),
    ("sardaukar_coordination", "reveal swords"): (1, None, 0),
}


norm = functools.partial(norm_name, typos=TYPOS)


def module_id(ident: str) -> str:
    return MODULE_IDS.get(ident, camel(ident))


# ---------------------------------------------------------------------- ours (cards and pending)
DEFN = re.compile(r'^(card|intrigue|conflict|leader) (\w+) "([^"]+)" \{$')


@functools.cache
def ours() -> dict:
    """id -> the facts of each definition of both folders, pending ones included,
    read from the text (the pending files are no content: the build skips them)."""
    out = {}
    for set_id, folder in FOLDERS.items():
        paths = sorted(folder.glob("*.dune")) + sorted((folder / "pending").glob("*.dune.txt"))
        for path in paths:
            for ident, d in _read(path.read_text(encoding="utf-8")).items():
                assert ident not in out, f"{ident} is defined twice"
                out[ident] = {**d, "set": set_id, "pending": path.name.endswith(".txt")}
    return out


def _read(text: str) -> dict:
    out, lines = {}, text.splitlines()
    i = 0
    while i < len(lines):
        m = DEFN.match(lines[i])
        if not m:
            i += 1
            continue
        body = []
        i += 1
        while lines[i] != "}":
            body.append(lines[i].split("#")[0])
            i += 1
        src = "\n".join(body)
        head = "\n".join(line for line in body if line.startswith("  ") and not line.startswith("   ")
                         and "{" not in line)
        fields = dict(re.findall(r"\b(copies|cost|level) (\d+)", head))
        named = dict(re.findall(r"(?m)^\s*(?:.*; )?(icons|factions|battle) ([a-z_ ]+?)\s*$", head))
        reveal = _box(src, "reveal")
        out[m.group(2)] = {
            "kind": m.group(1), "name": m.group(3), "copies": int(fields.get("copies", 1)),
            "cost": int(fields["cost"]) if "cost" in fields else None,
            "level": int(fields["level"]) if "level" in fields else None,
            "battle": named.get("battle"),
            "icons": tuple(sorted(named.get("icons", "").split())),
            "factions": tuple(sorted(named.get("factions", "").split())),
            "reveal persuasion": _top(reveal, "persuasion"), "reveal swords": _top(reveal, "swords"),
            "rewards": {place: _rewards(_box(src, place)) for place in ("first", "second", "third")},
        }
    return out


def _box(src: str, box: str) -> str:
    m = re.search(rf"(?m)^\s*{box} \{{", src)
    if not m:
        return ""
    depth, j = 1, m.end()
    while depth:
        depth += {"{": 1, "}": -1}.get(src[j], 0)
        j += 1
    return src[m.end():j - 1]


def _top(box: str, what: str) -> int:
    """The plain gains of a box: outside every block and choice, and not a cost's."""
    while re.search(r"\{[^{}]*\}", box):
        box = re.sub(r"\{[^{}]*\}", "", box)
    box = "\n".join(line for line in box.splitlines() if "->" not in line)
    return sum(int(n) for n in re.findall(rf"\b{what} (\d+)", box))


def _rewards(box: str) -> Counter:
    """A conflict reward as comparable items: ('spice', 2), ('influence', 'guild', 1),
    ('control', 'arrakeen'), ('pay', 'spice', 3, 'vp', 1), ('choose', 2, 'influence')."""
    items = Counter()
    if "choose 2" in box:
        items[("choose", 2, "influence")] += 1
        return items
    for stmt in re.split(r"[;\n]", box):
        words = stmt.split()
        if not words:
            continue
        if "->" in words:
            k = words.index("->")
            cost, gain = words[1:k], words[k + 1:]
            items[("pay", *_item(cost), *_item(gain))] += 1
        else:
            items[_item(words)] += 1
    return items


def _item(words: list) -> tuple:
    if words[0] == "influence":
        return ("influence", words[1], int(words[2]))
    if words[0] == "control":
        return ("control", words[1])
    if words[0] == "trash":
        return ("trash",)
    if words[0] == "recall":  # pay recall spies N
        return ("spies", -int(words[2]))
    return (words[0], int(words[1]))


# ---------------------------------------------------------------------- the sources
@functools.cache
def inventory() -> dict:
    data = json.loads(INVENTORY.read_text(encoding="utf-8"))
    out = {}
    for kind, section in SECTIONS.items():
        rows = [c for c in data[section] if c.get("card_set") == "uprising"]
        if kind == "conflict":
            out[kind] = rows  # three cards are all called "Skirmish"
        else:
            out[kind] = {norm(c["name"]): c for c in rows}
    return out


@functools.cache
def module_copies() -> dict:
    """Deck.lua's Uprising lists (and the CHOAM module's): id -> copies, promos left out."""
    text = (MODULES / "Deck.lua").read_text(encoding="utf-8")
    out = {}

    def block(seg: str, name: str) -> dict:
        b = seg[seg.index(f"{name} = {{"):]
        b = b[:b.index("}")]
        return {k: int(n) for k, n in re.findall(r"(\w+) =\s*(\d+)", b)}

    for section in ("imperium", "intrigue"):
        seg = text[text.index(f"    {section} = {{"):]
        out.update(block(seg, "uprising"))
        out.update(block(seg, "uprisingContract"))
    seg = text[text.index("    conflict = {"):]
    for level in ("level1", "level2", "level3"):
        out.update(block(seg[seg.index(level):], "uprising"))
    out.update(block(text[text.index("    leaders = {"):], "uprising"))
    return {k: n for k, n in out.items() if k not in MODULE_PROMOS}


@functools.cache
def module_cards() -> dict:
    text = (MODULES / "ImperiumCard.lua").read_text(encoding="utf-8")
    seg = text[text.index("    -- uprising"):text.index("    -- commander")]
    # the plain gains: not a choice, an optional trade or a note of the module's
    return module_imperium(seg, reveal=r"reveal = (.*)$",
                           drop=r"todo\('[^']*'\)|optional\(\{[^}]*\}\)|choice\(\d+, \{.*\}\)")


@functools.cache
def module_conflicts() -> dict:
    """ConflictCard.lua's Uprising cards: id -> level, battle icon, rewards."""
    text = (MODULES / "ConflictCard.lua").read_text(encoding="utf-8")
    out = {}
    for m in re.finditer(r"^\s*(\w+) = \{level = (\d), uprising = true, objective = \"(\w+)\", "
                         r"rewards = \{(.*)\}\},?\s*$", text, re.M):
        places = _split_places(m.group(4))
        out[m.group(1)] = {"level": int(m.group(2)), "battle": MODULE_BATTLE[m.group(3)],
                           "rewards": dict(zip(("first", "second", "third"), map(_module_rewards, places)))}
    return out


def _split_places(src: str) -> list:
    """The three top-level `{...}` groups of a rewards table."""
    out, depth, start = [], 0, None
    for i, ch in enumerate(src):
        if ch == "{":
            depth += 1
            if depth == 1:
                start = i + 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                out.append(src[start:i])
    return out


LUA_FACTIONS = {"emperor": "emperor", "spacingGuild": "guild", "beneGesserit": "bene_gesserit", "fremen": "fremen"}
LUA_GAINS = {"spice": "spice", "solari": "solari", "water": "water", "troop": "troops", "intrigue": "intrigue",
             "vp": "vp", "spy": "spies", "contract": "contract"}
LUA_LOCATIONS = {"arrakeen": "arrakeen", "imperialBasin": "imperial_basin", "spiceRefinery": "spice_refinery"}


def _module_rewards(src: str) -> Counter:
    items = Counter()
    if src.startswith("choice(2"):
        items[("choose", 2, "influence")] += 1
        return items
    for m in re.finditer(r"optional\(\{(\w+)\((-?\d+)\), (\w+)\((\d+)\)\}\)", src):
        items[("pay", LUA_GAINS[m.group(1)], -int(m.group(2)) if m.group(1) != "spy" else int(m.group(2)),
               LUA_GAINS[m.group(3)], int(m.group(4)))] += 1
    src = re.sub(r"optional\(\{[^}]*\}\)", "", src)
    for m in re.finditer(r"(\w+)\(([^)]*)\)", src):
        verb, args = m.group(1), [a.strip().strip('"') for a in m.group(2).split(",")]
        if verb == "influence":
            items[("influence", LUA_FACTIONS.get(args[1], "any") if len(args) > 1 else "any", int(args[0]))] += 1
        elif verb == "control":
            items[("control", LUA_LOCATIONS[args[0]])] += 1
        elif verb == "trash":
            items[("trash",)] += 1
        else:
            items[(LUA_GAINS[verb], int(args[0]))] += 1
    return items


@functools.cache
def csv_conflicts() -> list:
    with REWARDS.open(encoding="utf-8") as f:
        return [r for r in csv.DictReader(f) if r["Source"] == "Uprising"]


# ---------------------------------------------------------------------- the tests
def test_the_counts_are_the_rules():
    """rules 003 "Components": 69 Imperium cards (4 CHOAM), 44 intrigue cards (4
    CHOAM), 16 conflicts (3 I, 9 II, 4 III), 9 leaders (Shaddam with CHOAM)."""
    mine = ours().values()
    assert {k: sum(d["copies"] for d in mine if d["kind"] == k) for k in COUNTS} == COUNTS
    assert {k: sum(d["copies"] for d in mine if d["kind"] == k and d["set"] == "choam")
            for k in CHOAM_COUNTS} == CHOAM_COUNTS
    assert Counter(d["level"] for d in mine if d["kind"] == "conflict") == LEVELS
    inv = inventory()
    assert sum(c["count"] for c in inv["card"].values()) == COUNTS["card"]
    assert sum(c["count"] for c in inv["intrigue"].values()) == COUNTS["intrigue"]
    assert len(inv["conflict"]) == COUNTS["conflict"] and len(inv["leader"]) == COUNTS["leader"]


@pytest.mark.parametrize("kind", ("card", "intrigue", "leader"))
def test_names_match_the_inventory(kind):
    mine = {norm(d["name"]) for d in ours().values() if d["kind"] == kind}
    assert mine == set(inventory()[kind])


def test_conflict_names_and_levels_match_the_inventory():
    mine = Counter((norm(d["name"]), d["level"]) for d in ours().values() if d["kind"] == "conflict")
    theirs = Counter((norm(c["name"]), c["conflict_level"]) for c in inventory()["conflict"])
    assert mine == theirs


def test_ids_and_copies_match_the_module_deck_lists():
    mine = {module_id(i): d["copies"] for i, d in ours().items()}
    assert mine == module_copies()


def test_the_choam_cards_are_the_module_lists_contract_cards():
    text = (MODULES / "Deck.lua").read_text(encoding="utf-8")
    contract = set()
    for section in ("imperium", "intrigue"):
        seg = text[text.index(f"    {section} = {{"):]
        seg = seg[seg.index("uprisingContract = {"):]
        contract |= set(re.findall(r"(\w+) = \d+", seg[:seg.index("}")]))
    mine = {module_id(i) for i, d in ours().items() if d["set"] == "choam" and d["kind"] != "leader"}
    assert mine == contract


@pytest.mark.parametrize("ident", sorted(i for i, d in ours().items() if d["kind"] == "card"))
def test_each_imperium_card_against_both_sources(ident):
    d = ours()[ident]
    inv = inventory()["card"][norm(d["name"])]
    mod = module_cards()[module_id(ident)]
    assert inv["count"] == d["copies"]
    for field, theirs in (
        ("cost", inv["persuasion_cost"]),
        ("icons", tuple(sorted(v for k, v in ICON_COLUMNS.items() if inv.get(k) == "X"))),
        ("factions", tuple(sorted(v for k, v in FACTION_COLUMNS.items() if inv.get(k) == "X"))),
        ("reveal persuasion", int(inv.get("reveal_persuasion") or 0)),
        ("reveal swords", int(inv.get("reveal_swords") or 0)),
    ):
        check_difference(KNOWN_DIFFERENCES, ident, field, theirs, mod[field], d[field])


@pytest.mark.parametrize("ident", sorted(i for i, d in ours().items() if d["kind"] == "intrigue"))
def test_each_intrigue_card_copies(ident):
    d = ours()[ident]
    assert inventory()["intrigue"][norm(d["name"])]["count"] == d["copies"]
    assert module_copies()[module_id(ident)] == d["copies"]


CSV_BATTLE = {"Crysknife": "crysknife", "Ornithopter": "ornithopter", "Desert Mouse": "desert_mouse", "Wild": "wild"}


@pytest.mark.parametrize("ident", sorted(i for i, d in ours().items() if d["kind"] == "conflict"))
def test_each_conflict_against_the_module_and_the_reward_table(ident):
    d = ours()[ident]
    mod = module_conflicts()[module_id(ident)]
    assert (d["level"], d["battle"]) == (mod["level"], mod["battle"])
    assert d["rewards"] == mod["rewards"], f"{ident}: ours {d['rewards']}, module {mod['rewards']}"
    # conflict_rewards.csv names the three Skirmishes by their battle icon
    rows = [r for r in csv_conflicts() if norm(r["Card Name"].split(" (")[0]) == norm(d["name"])
            and CSV_BATTLE[r["Battle Icon"]] == d["battle"]]
    assert len(rows) == 1, ident
    assert int(rows[0]["Conflict Level"]) == d["level"]


def test_every_known_difference_names_a_card():
    for ident, _ in KNOWN_DIFFERENCES:
        assert ident in ours()
