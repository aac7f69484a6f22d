"""Immortality's cards against the community card inventory and the community
module's tables (shared/reference/, next to this repository; skipped without it).

Every Immortality Imperium, intrigue, Tleilaxu and starting card and House Hagal
card is matched by name with the inventory (set `immortality`) and by id with the
module's tables (ImperiumCard.lua, Deck.lua, HagalCard.lua), and compared on
copies, cost (Persuasion, or specimens for a Tleilaxu card), agent icons, Faction
affiliations and the Reveal box's plain Persuasion and swords. Every card of the
set is played (no card waits in a pending file), so the whole set is checked.

Where we deliberately differ from a source (docs/decisions.md, "Immortality cards
as printed"), the difference is in KNOWN_DIFFERENCES with exactly the values both
sides have, so the table cannot rot.
"""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest

from dunec.frontend import compile_paths

from sets_support import (
    FACTION_COLUMNS, ICON_COLUMNS, INVENTORY, REFERENCE, TABLES, camel, check_difference, module_imperium,
    norm as norm_name,
)

ROOT = Path(__file__).resolve().parents[1]
MODULES = TABLES / "main" / "scripts" / "modules"
if not INVENTORY.is_file() or not MODULES.is_dir():
    pytest.skip(f"no reference data at {REFERENCE}", allow_module_level=True)

TYPOS = {"sarduakar": "sardaukar", "viscious": "vicious"}
# our kind -> the inventory's section
SECTIONS = {"card": "imperium", "intrigue": "intrigue", "tleilaxu": "tleilax", "starter": "starter"}
COUNTS = {"card": 30, "intrigue": 15, "tleilaxu": 19, "starter": 1}  # Tleilaxu: 18 and Reclaimed Forces

# (card, field): (the inventory's value, the module's value, ours); None: that source agrees with us.
KNOWN_DIFFERENCES = {
    ("experimentation", "reveal persuasion"): (0, None, 1),
    ("experimentation", "icons"): ((), None, ("spice_trade",)),
    ("scientific_breakthrough", "reveal persuasion"): (0, None, 1),
    ("scientific_breakthrough", "reveal swords"): (0, None, 1),
    ("slig_farmer", "reveal persuasion"): (0, None, 1),
    ("chairdog", "cost"): (1, None, 2),
    # conditional icons ("this card has ... access" while a condition holds): neither source lists them
    ("long_reach", "icons"): ((), (), ("city", "landsraad", "spice_trade")),
    ("show_of_strength", "icons"): ((), (), ("landsraad", "spice_trade")),
}


norm = functools.partial(norm_name, typos=TYPOS)


# ---------------------------------------------------------------------- ours
def _plain(ops, what: str) -> int:
    return sum(o.args[1] for o in ops if o.kind == "gain" and o.args[0] == what)


@functools.cache
def ours() -> dict:
    """id -> {kind, name, copies, cost, icons, factions, reveal persuasion, reveal swords}."""
    model, diags = compile_paths([ROOT / "cards"], root=ROOT)
    assert not diags.errors, diags.render()
    out = {}
    for d in model.defs.values():
        if d.set != "immortality" or d.kind not in (*SECTIONS, "hagal"):
            continue
        reveal = d.boxes.get("reveal", ())
        out[d.id] = {"kind": d.kind, "name": d.name, "copies": d.copies,
                     "cost": d.fields.get("cost"), "icons": tuple(sorted(d.fields.get("icons", ()))),
                     "factions": tuple(sorted(d.fields.get("factions", ()))),
                     "reveal persuasion": _plain(reveal, "persuasion"), "reveal swords": _plain(reveal, "swords"),
                     "swords": d.fields.get("swords")}
    return out


# ---------------------------------------------------------------------- the sources
@functools.cache
def inventory() -> dict:
    data = json.loads(INVENTORY.read_text(encoding="utf-8"))
    return {kind: {norm(c["name"]): c for c in data[section] if c.get("card_set") == "immortality"}
            for kind, section in SECTIONS.items()}


@functools.cache
def module_cards() -> dict:
    text = (MODULES / "ImperiumCard.lua").read_text(encoding="utf-8")
    seg = (text[text.index("-- starter: immortality"):text.index("-- reserve")]
           + text[text.index("    -- immortality"):text.index("-- promo")])
    return module_imperium(seg, reveal=r"reveal = \{(.*?)\}(?:, \w+ =|$)")


@functools.cache
def module_copies() -> dict:
    """Deck.lua's Immortality lists: id -> copies (the Tleilaxu deck less the promo card)."""
    text = (MODULES / "Deck.lua").read_text(encoding="utf-8")
    out = {}
    for section in ("starter", "imperium", "special", "intrigue"):
        seg = text[text.index(f"    {section} = {{"):]
        block = seg[seg.index("immortality = {"):]
        block = block[:block.index("}")]
        out.update({k: int(n) for k, n in re.findall(r"(\w+) = (\d+)", block)})
    seg = text[text.index("    tleilaxu = {"):]
    block = seg[:seg.index("}")]
    out.update({k: int(n) for k, n in re.findall(r"(\w+) = (\d+)", block) if k != "piterGeniusAdvisor"})
    return out


# ---------------------------------------------------------------------- the tests
def test_the_sets_counts_are_the_rules():
    """rules 002: 30 Imperium cards, 15 intrigue cards, 18 Tleilaxu cards and
    Reclaimed Forces; Experimentation, 2 per player."""
    by_kind = {k: sum(d["copies"] for d in ours().values() if d["kind"] == k) for k in COUNTS}
    assert by_kind == COUNTS
    inv = inventory()
    assert sum(c["count"] for c in inv["card"].values()) == 30
    assert sum(c["count"] for c in inv["intrigue"].values()) == 15
    assert len(inv["tleilaxu"]) == 18
    assert module_copies()["experimentation"] == 2


@pytest.mark.parametrize("kind", sorted(SECTIONS))
def test_names_match_the_inventory(kind):
    mine = {norm(d["name"]) for d in ours().values() if d["kind"] == kind}
    theirs = set(inventory()[kind])
    if kind == "tleilaxu":
        mine.discard("reclaimed forces")  # the Row's fixed entry: not in the inventory's Tleilaxu rows
    assert mine == theirs


def test_ids_and_copies_match_the_module_deck_lists():
    copies = module_copies()
    mine = {camel(i): d["copies"] for i, d in ours().items() if d["kind"] != "hagal"}
    assert mine == {k: (1 if k == "experimentation" else n) for k, n in copies.items()}  # the deck list: 1 a copy


@pytest.mark.parametrize("ident", sorted(i for i, d in ours().items() if d["kind"] != "hagal"))
def test_each_card_against_both_sources(ident):
    d = ours()[ident]
    inv = inventory()[d["kind"]].get(norm(d["name"]))
    mod = module_cards().get(camel(ident))
    assert mod is not None or d["kind"] == "intrigue", f"{ident}: not in the module's tables"
    copies = (inv.get("count_per_player", 2) // 2 if d["kind"] == "starter" else inv["count"]) if inv else 1
    assert copies == d["copies"] or (d["kind"] == "starter" and inv["count_per_player"] == 2)
    if d["kind"] == "intrigue":
        return  # the inventory's intrigue rows have no cost, icons or Reveal box
    cost = None if inv is None else inv.get("persuasion_cost", inv.get("specimen_cost"))
    for field, theirs in (
        ("cost", cost),
        ("icons", tuple(sorted(v for k, v in ICON_COLUMNS.items() if inv and inv.get(k) == "X"))),
        ("factions", tuple(sorted(v for k, v in FACTION_COLUMNS.items() if inv and inv.get(k) == "X"))),
        ("reveal persuasion", int(inv.get("reveal_persuasion", inv.get("reveal_persuation")) or 0) if inv else 0),
        ("reveal swords", int(inv.get("reveal_swords") or 0) if inv else 0),
    ):
        if inv is None and ident == "reclaimed_forces":
            theirs = d[field]  # not an inventory row: the module alone
        if field == "cost" and d["kind"] == "starter":
            continue
        check_difference(KNOWN_DIFFERENCES, ident, field, theirs, mod[field] if mod else None, d[field])


def test_no_card_waits_for_a_construct():
    """Harvest Cells and Guild Impersonator were the last (issue 21): no pending file is left."""
    assert not (ROOT / "cards" / "immortality" / "pending").exists()


def test_every_known_difference_names_a_card():
    for ident, _ in KNOWN_DIFFERENCES:
        assert ident in ours()


def test_the_house_hagal_cards_match_the_module():
    """HagalCard.lua: 0 swords for Research Station and Carthag 1-3, all combat cards;
    Deck.lua: the solo deck takes one of each and erases the base Carthag cards."""
    text = (MODULES / "HagalCard.lua").read_text(encoding="utf-8")
    strengths = dict(re.findall(r"(\w+) = (\d+),", text[:text.index("combatCards")]))
    combat = set(re.findall(r'"(\w+)"', text[text.index("combatCards"):]))
    deck = (MODULES / "Deck.lua").read_text(encoding="utf-8")
    solo = deck[deck.index("researchStation = 1"):]
    solo = solo[:solo.index("}")]
    assert "carthag = Helper.ERASE" in solo
    hagal = {i: d for i, d in ours().items() if d["kind"] == "hagal"}
    assert {camel(i.removeprefix("hagal_")).replace("_", "") for i in hagal} == {
        "researchStation", "carthag1", "carthag2", "carthag3"}
    for ident, d in hagal.items():
        key = camel(ident.removeprefix("hagal_"))
        assert int(strengths[key]) == d["swords"] == 0
        assert key in combat
