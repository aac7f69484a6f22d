"""`dunec show`: a definition as a player reads it, generated from the checked IR."""
from __future__ import annotations

from dunec.check.model import KINDS, Def
from dunec.ir import describe

BOX_TITLES = {
    "agent": "Agent", "reveal": "Reveal", "acquire": "When acquired", "trash": "When trashed",
    "discard": "When discarded", "plot": "Plot", "combat": "Combat", "endgame": "Endgame",
    "win": "When you win a Conflict", "first": "1st", "second": "2nd", "third": "3rd",
    "space": "Effect", "control": "Control bonus", "passive": "Passive", "signet": "Signet ring",
    "once": "Once per game", "game_start": "At game start", "high_council": "When you take a High Council seat",
    "space_paid": "When you pay Solari for a board space", "harvest": "When you harvest spice",
    "hagal": "Rival gains",
}
BOX_ORDER = tuple(BOX_TITLES)


def show_definition(d: Def) -> str:
    f = d.fields
    head = f"{d.name}  [{KINDS[d.kind]}, {d.set}" + (f", {d.copies} copies" if d.copies > 1 else "") + "]"
    lines = [head, "-" * len(head)]
    if "cost" in f and d.kind != "space":
        lines.append(f"Cost: {f['cost']} Persuasion")
    if f.get("icons"):
        lines.append("Agent icons: " + ", ".join(describe.name(i) for i in f["icons"]))
    if f.get("factions"):
        lines.append("Faction: " + ", ".join(describe.name(i) for i in f["factions"]))
    if d.kind == "conflict":
        lines.append(f"Level: {'I' * f['level']}")
    if d.kind == "space":
        lines.append(f"Icon: {describe.name(f['icon'])}" + (f" (faction space: +1 {describe.name(f['faction'])} Influence)"
                                                            if f.get("faction") else ""))
        if f.get("cost"):
            lines.append("Cost: " + ", ".join(describe.cost(c) for c in f["cost"]))
        if f.get("requires"):
            lines.append("Requires: " + describe.cond(f["requires"]))
        tags = [t for t in ("combat", "maker") if f.get(t)]
        if tags:
            lines.append("Space: " + ", ".join({"combat": "combat space", "maker": "maker space"}[t] for t in tags))
    if d.kind == "deck":
        lines.append(f"Size: {f['size']}")
        lines.extend(f"  {n} x {c}" for c, n in f.get("cards", ()))
    if f.get("gained_only"):
        lines.append("Cannot be bought with Persuasion.")
    for box in BOX_ORDER:
        if box in d.boxes:
            lines.append(f"{BOX_TITLES[box]}: {describe.ops(d.boxes[box])}")
    return "\n".join(lines)
