"""Our base-set cards against the community card inventory
(shared/reference/card_inventory.json, next to this repository).

Every base Imperium, starter, reserve and intrigue card, conflict and leader is
matched by name (case, punctuation and the inventory's typos normalised) and
compared on what the inventory states as data: copies, Persuasion cost, agent
icons, faction affiliations, the Reveal box's plain Persuasion and swords,
conflict levels and rewards, and the gains a faction bond adds on a Reveal.
Where the inventory's ability text is a plain list of gains ("+2 Troops and
Draw 1 card", "Pay 2 Spice: +3 Troops"), the agent, reveal and acquire boxes
are compared with it too; text it cannot read is not compared.

Where a card deliberately differs from the inventory (the decision is recorded
in docs/decisions.md or in a comment next to the card), the difference is listed
in KNOWN_DIFFERENCES with its reason. Each entry must still be a real
difference, with exactly the values written there, so the table cannot rot.
"""
from __future__ import annotations

import functools
import itertools
import json
import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest

from dunec.frontend import compile_paths

from sets_support import FACTION_COLUMNS, ICON_COLUMNS, INVENTORY

ROOT = Path(__file__).resolve().parents[1]
if not INVENTORY.is_file():
    pytest.skip(f"no card inventory at {INVENTORY}", allow_module_level=True)

# ---------------------------------------------------------------------- the inventory's vocabulary
FACTION_NAMES = {"emperor": "emperor", "spacing guild": "guild", "guild": "guild",
                 "bene gesserit": "bene_gesserit", "fremen": "fremen"}
# Word-level misspellings of the inventory (names and text).
TYPOS = {"sieg": "siege", "arakeen": "arrakeen", "imperal": "imperial", "persuation": "persuasion",
         "recal": "recall", "counsil": "council"}
# Our kind -> the inventory's section.
SECTIONS = {"card": "imperium", "starter": "starter", "reserve": "reserve", "intrigue": "intrigue",
            "conflict": "conflict", "leader": "leader"}
PLACES = ("first", "second", "third")


def norm(name: str) -> str:
    """A name as both sources agree on it: no case, accents, punctuation or typos."""
    s = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    s = re.sub(r"[^a-z0-9 ]+", " ", s)
    return " ".join(TYPOS.get(w, w) for w in s.split())


def blank_zero(v) -> int:
    return 0 if v in ("", None) else int(v)


# ---------------------------------------------------------------------- reading rewards and gains
GAIN = re.compile(r"^\+(\d+) (influence|spice|solari|water|victory points?|intrigue(?: cards?)?|persuasion|swords?"
                  r"|troops?)(?: with (\w+(?: \w+)?))?$")
RES = {"spice": "spice", "solari": "solari", "water": "water", "persuasion": "persuasion"}


def parse_item(text: str):
    """One reward or gain of the inventory's text as a comparable tuple."""
    t = " ".join(TYPOS.get(w, w) for w in text.strip().lower().rstrip(".").split())
    m = GAIN.match(t)
    if m:
        n, what, faction = int(m.group(1)), m.group(2), m.group(3)
        if what == "influence":
            return ("influence", FACTION_NAMES[faction] if faction else "any", n)
        if what.startswith("victory"):
            return ("gain", "vp", n)
        if what.startswith("intrigue"):
            return ("gain", "intrigue", n)
        if what.startswith("sword"):
            return ("gain", "swords", n)
        if what.startswith("troop"):
            return ("gain", "troops", n)
        return ("gain", RES[what], n)
    if t == "mentat":
        return ("mentat",)
    if t in ("trash a card", "trash 1 card", "trash this card"):
        return ("trash",)
    m = re.match(r"^draw (\d+) (intrigue )?cards?$", t)
    if m:
        return ("gain", "intrigue" if m.group(2) else "draw", int(m.group(1)))
    if t == "+1 influence with each faction":
        return ("influence", "all", 1)
    m = re.match(r"^\+(\d+) (emperor|spacing guild|bene gesserit|fremen) influence$", t)
    if m:
        return ("influence", FACTION_NAMES[m.group(2)], int(m.group(1)))
    if t == "retreat any number of troops":
        return ("retreat", -1)
    m = re.match(r"^(arrakeen|carthag|imperial basin) control$", t)
    if m:
        return ("control", m.group(1).replace(" ", "_"))
    raise ValueError(f"cannot read {text!r}")


def parse_gains(text: str) -> tuple:
    """`+1 Victory point and Arrakeen Control\\n(note)` -> a sorted tuple of items;
    `A OR B` is a choice of one; Machinations' text is a choice of two factions."""
    text = re.sub(r"\([^)]*\)", "", text).strip()
    m = re.match(r"(?is)^pay (\d+) (solari|spice|water)\s*(?::|-+>)\s*(.*)$", text)
    if m:
        return (("pay", ((m.group(2).lower(), int(m.group(1))),), parse_gains(m.group(3))),)
    if re.match(r"(?is)^choose two of the 4 factions", text):
        return (("choose", 2, tuple(sorted((("influence", f, 1),) for f in ("emperor", "guild", "bene_gesserit",
                                                                                  "fremen")))),)
    flat = " ".join(text.split())
    if " OR " in flat:
        return (("choose", 1, tuple(sorted(parse_gains(a) for a in flat.split(" OR ")))),)
    return tuple(sorted(parse_item(part) for part in re.split(r" and ", flat, flags=re.I) if part.strip()))


def op_items(ops) -> tuple:
    """Our IR ops as the same comparable items (only what rewards and bonds use)."""
    out = []
    for o in ops:
        if o.kind == "gain":
            out.append(("gain", o.args[0], o.args[1]))
        elif o.kind == "influence":
            out.append(("influence", o.args[0], o.args[1]))
        elif o.kind == "control":
            out.append(("control", o.args[0]))
        elif o.kind == "mentat":
            out.append(("mentat",))
        elif o.kind == "trash":
            out.append(("trash",))
        elif o.kind == "choose":
            out.append(("choose", o.args[0], tuple(sorted(op_items(a) for a in o.alts))))
        elif o.kind == "pay":
            costs = tuple(sorted((c[1], c[2]) if c[0] == "res" else c for c in o.args[0]))
            out.append(("pay", costs, op_items(o.body)))
        else:
            out.append((o.kind,) + tuple(o.args))
    return tuple(sorted(out))


def top_level(ops, res: str) -> int:
    """The plain `gain RES` ops at the top level of a box (not inside if/choose/pay)."""
    return sum(o.args[1] for o in ops if o.kind == "gain" and o.args[0] == res)


def readable(text: str):
    """The inventory's ability text as items, or None when it is not a plain list
    of gains (then the aspect is not compared)."""
    if not text:
        return ()
    try:
        return parse_gains(text)
    except (ValueError, KeyError):
        return None


def bond_gains(ops) -> dict:
    """faction -> the items a top-level `if bond FACTION { ... }` of the box adds."""
    out = {}
    for o in ops:
        if o.kind == "if" and o.args[0][0] == "bond" and not o.alts:
            out[o.args[0][1]] = op_items(o.body)
    return out


def inventory_bond(text: str) -> dict:
    """`Fremen Bond: +3 Persuation and +1 Spice` -> {"fremen": items}."""
    m = re.match(r"(?is)^\s*(emperor|spacing guild|bene gesserit|fremen) bond:\s*(.*)$", text or "")
    if not m:
        return {}
    return {FACTION_NAMES[m.group(1).lower()]: parse_gains(m.group(2))}


# ---------------------------------------------------------------------- both sides as facts
def our_defs():
    model, diags = compile_paths([ROOT / "cards"], root=ROOT)
    assert not diags.errors, diags.render()
    return model


def our_facts() -> dict:
    """(kind, normalised name) -> [facts of each definition with that name]."""
    model = our_defs()
    starting = Counter({c: n for c, n in model.defs["starting"].fields["cards"]})
    facts: dict = {}
    for d in model.defs.values():
        if d.set not in ("core", "base") or d.kind not in SECTIONS:  # the base game: base and the core it requires
            continue
        f = {"id": d.id, "name": d.name}
        if d.kind in ("card", "starter", "reserve"):
            f["copies"] = starting[d.id] if d.kind == "starter" else d.copies
            f["icons"] = tuple(sorted(d.fields.get("icons", ())))
            reveal = d.boxes.get("reveal", ())
            f["reveal persuasion"] = top_level(reveal, "persuasion")
            f["reveal swords"] = top_level(reveal, "swords")
            f["reveal bond"] = bond_gains(reveal)
            f["agent gains"] = op_items(d.boxes.get("agent", ()))
            f["acquire gains"] = op_items(d.boxes.get("acquire", ()))
            # The Reveal box but its plain Persuasion and swords (the inventory's own columns).
            f["reveal gains"] = tuple(i for i in op_items(reveal)
                                      if not (i[0] == "gain" and i[1] in ("persuasion", "swords")))
            if d.kind != "starter":
                f["cost"] = d.fields.get("cost", 0)
                f["factions"] = tuple(sorted(d.fields.get("factions", ())))
        elif d.kind == "intrigue":
            f["copies"] = d.copies
        elif d.kind == "conflict":
            f["level"] = d.fields["level"]
            for place in PLACES:
                f[place] = op_items(d.boxes.get(place, ()))
        facts.setdefault((d.kind, norm(d.name)), []).append(f)
    return facts


def inventory_facts() -> dict:
    data = json.loads(INVENTORY.read_text(encoding="utf-8"))
    facts: dict = {}
    for kind, section in SECTIONS.items():
        for r in data[section]:
            if r.get("card_set") != "base":
                continue
            f = {"name": r["name"]}
            if kind in ("card", "starter", "reserve"):
                f["copies"] = blank_zero(r["count_per_player"] if kind == "starter" else r["count"])
                f["icons"] = tuple(sorted(icon for col, icon in ICON_COLUMNS.items() if r.get(col)))
                f["reveal persuasion"] = blank_zero(r["reveal_persuation"] if kind == "starter"
                                                    else r["reveal_persuasion"])
                f["reveal swords"] = blank_zero(r["reveal_swords"])
                f["reveal bond"] = inventory_bond(r.get("reveal_ability", ""))
                for aspect, column in (("agent gains", "agent_ability"), ("acquire gains", "acquisition_bonus"),
                                       ("reveal gains", "reveal_ability")):
                    items = readable(r.get(column, ""))
                    if items is not None:
                        f[aspect] = items
                if kind != "starter":
                    f["cost"] = blank_zero(r["persuasion_cost"])
                    f["factions"] = tuple(sorted(fac for col, fac in FACTION_COLUMNS.items() if r.get(col)))
            elif kind == "intrigue":
                f["copies"] = blank_zero(r["count"])
            elif kind == "conflict":
                f["level"] = blank_zero(r["conflict_level"])
                for place in PLACES:
                    f[place] = parse_gains(r[f"{place}_place"]) if r[f"{place}_place"] else ()
            facts.setdefault((kind, norm(r["name"])), []).append(f)
    return facts


ASPECTS = ("copies", "cost", "icons", "factions", "reveal persuasion", "reveal swords", "reveal bond",
           "agent gains", "reveal gains", "acquire gains", "level") + PLACES


def agreement(a: dict, b: dict) -> int:
    return sum(1 for k in ASPECTS if k in a and k in b and a[k] == b[k])


@functools.lru_cache(maxsize=None)
def pairs() -> tuple:
    """(kind, our facts, inventory facts) for every matched definition; several of
    the same name (the four Skirmishes) are paired to agree the most."""
    ours, theirs = our_facts(), inventory_facts()
    out = []
    for key in sorted(set(ours) & set(theirs)):
        a, b = ours[key], theirs[key]
        assert len(a) == len(b), f"{key}: {len(a)} of ours, {len(b)} in the inventory"
        best = max(itertools.permutations(b), key=lambda perm: sum(agreement(x, y) for x, y in zip(a, perm)))
        out.extend((key[0], x, y) for x, y in zip(a, best))
    return tuple(out)


def differences() -> dict:
    """(kind, our id, aspect) -> (ours, inventory) wherever the two disagree."""
    out = {}
    for kind, a, b in pairs():
        for aspect in ASPECTS:
            if aspect in a and aspect in b and a[aspect] != b[aspect]:
                out[(kind, a["id"], aspect)] = (a[aspect], b[aspect])
    return out


# ---------------------------------------------------------------------- deliberate differences
KNOWN_DIFFERENCES = {
    ("reserve", "foldspace", "agent gains"): (
        (("gain", "draw", 1), ("trash",)), (),
        "draw 1 and trash this card, as every independent source prints it (docs/decisions.md; "
        "cards/base/reserve.dune)"),
    ("conflict", "sort_through_the_chaos", "first"): (
        (("gain", "intrigue", 1), ("gain", "solari", 2), ("mentat",)),
        (("gain", "intrigue", 1), ("gain", "solari", 1), ("mentat",)),
        "+2 Solari, the deck table (docs/decisions.md; cards/base/conflicts.dune)"),
    ("conflict", "battle_for_arrakeen", "second"): (
        (("choose", 2, ((("gain", "intrigue", 1),), (("gain", "solari", 3),), (("gain", "spice", 2),))),),
        (("gain", "intrigue", 1), ("gain", "solari", 3), ("gain", "spice", 2)),
        "choose two, the printed card's choice (docs/decisions.md; cards/base/conflicts.dune)"),
}


@pytest.fixture(scope="module")
def found():
    return differences()


def test_every_base_definition_is_in_the_inventory():
    ours, theirs = our_facts(), inventory_facts()
    assert sorted(set(ours) - set(theirs)) == [], "ours, not in the inventory"
    assert sorted(set(theirs) - set(ours)) == [], "in the inventory, not ours"


def test_name_matching_reads_the_inventory_spellings():
    assert norm("Dune, The Desert Planet") == norm("Dune, the Desert Planet")
    assert norm("Sieg of Arrakeen") == norm("Siege of Arrakeen") == "siege of arrakeen"
    assert norm("Glossu “The Beast” Rabban") == norm('Glossu "The Beast" Rabban')
    assert norm("To the Victor…") == norm("To the Victor...")
    assert norm("Choam Shares") == norm("CHOAM Shares")
    assert parse_gains("+2 Persuation") == (("gain", "persuasion", 2),)
    assert parse_gains("+2 Victory points and Imperal Basin Control\n(Gain ...)") == \
        (("control", "imperial_basin"), ("gain", "vp", 2))


def test_the_four_skirmishes_pair_up_exactly():
    skirmishes = [(a, b) for kind, a, b in pairs() if a["name"] == "Skirmish"]
    assert len(skirmishes) == 4
    for a, b in skirmishes:
        assert all(a[k] == b[k] for k in ("level",) + PLACES), (a["id"], b)


@pytest.mark.parametrize("kind,count", [("card", 43), ("starter", 7), ("reserve", 3), ("intrigue", 34),
                                        ("conflict", 18), ("leader", 8)])
def test_every_definition_of_a_kind_is_compared(kind, count):
    assert sum(1 for k, _, _ in pairs() if k == kind) == count


def test_leader_names():
    ours = sorted(a["name"] for k, a, _ in pairs() if k == "leader")
    assert len(ours) == 8 and "Paul Atreides" in ours and "Helena Richese" in ours


@pytest.mark.parametrize("aspect", ASPECTS)
def test_our_cards_agree_with_the_inventory(found, aspect):
    bad = {k: v for k, v in found.items() if k[2] == aspect and k not in KNOWN_DIFFERENCES}
    assert not bad, "\n".join(f"{k}: ours {v[0]!r}, inventory {v[1]!r}" for k, v in sorted(bad.items()))


@pytest.mark.parametrize("key", sorted(KNOWN_DIFFERENCES), ids=lambda k: f"{k[1]}-{k[2]}")
def test_every_known_difference_is_still_a_difference(found, key):
    ours, theirs, reason = KNOWN_DIFFERENCES[key]
    assert reason
    assert key in found, f"{key} now agrees with the inventory: drop it from KNOWN_DIFFERENCES"
    assert found[key] == (ours, theirs)
    assert ours != theirs


@pytest.mark.parametrize("aspect,least", [("agent gains", 30), ("reveal gains", 30), ("acquire gains", 45)])
def test_the_ability_texts_are_mostly_read(aspect, least):
    """Unreadable text is skipped; most of it must still be compared."""
    assert sum(1 for _, a, b in pairs() if aspect in b and aspect in a) >= least


def test_ability_text_reading():
    assert parse_gains("Pay 1 water: +1 Troop and Draw 1 card") == \
        (("pay", (("water", 1),), (("gain", "draw", 1), ("gain", "troops", 1))),)
    assert parse_gains("+1 Intrigue card OR +1 Spice") == \
        (("choose", 1, ((("gain", "intrigue", 1),), (("gain", "spice", 1),))),)
    assert readable("Double base spice harvest (not bonus)") is None
    assert readable("") == ()
