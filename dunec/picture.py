"""A picture of a card as SVG, drawn from its checked definition: the author
sees the card (name, cost, agent icons, factions, each box) without a designer.

All card text is XML-escaped; nothing from a card file becomes markup.
"""
from __future__ import annotations

import textwrap
from pathlib import Path
from xml.sax.saxutils import escape

from dunec.check.model import KINDS, Def
from dunec.ir import describe
from dunec.show import BOX_ORDER, box_title, fact_lines

WIDTH, HEIGHT = 300, 420
ICON_COLOURS = {
    "landsraad": "#3f8f3f", "city": "#7a4fa0", "spice_trade": "#d9a520",
    "emperor": "#b03030", "guild": "#d06a1a", "bene_gesserit": "#4a5a9a", "fremen": "#2f8a8a",
}
ICON_LETTERS = {"landsraad": "L", "city": "C", "spice_trade": "S", "emperor": "E", "guild": "G",
                "bene_gesserit": "B", "fremen": "F"}
BOX_COLOURS = {"agent": "#e4e4e4", "reveal": "#cfe0f5", "acquire": "#f3e7c4", "plot": "#e8dcf0",
               "combat": "#f3d0d0", "endgame": "#d9ecd9", "win": "#f3d0d0", "space": "#eeeeee",
               "first": "#f5e6b0", "second": "#e4e4e4", "third": "#ead7c6"}
KIND_COLOURS = {"card": "#5b4632", "starter": "#6b6b6b", "reserve": "#6b5b3b", "intrigue": "#3b2f4f",
                "conflict": "#5b2020", "space": "#2f4f4f", "leader": "#2f3f5f", "hagal": "#404040",
                "deck": "#404040"}


def _text(x: int, y: int, s: str, size: int = 12, weight: str = "normal", anchor: str = "start",
          fill: str = "#111") -> str:
    return (f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" font-weight="{weight}" '
            f'text-anchor="{anchor}" fill="{fill}">{escape(s)}</text>')


def card_svg(d: Def) -> str:
    f = d.fields
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}">',
             f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="14" fill="#faf6ee" '
             f'stroke="{KIND_COLOURS.get(d.kind, "#333")}" stroke-width="3"/>',
             f'<rect x="1" y="1" width="{WIDTH - 2}" height="44" rx="14" fill="{KIND_COLOURS.get(d.kind, "#333")}"/>']
    name = d.name if len(d.name) <= 26 else d.name[:25] + "…"
    parts.append(_text(14, 29, name, 17, "bold", fill="#fff"))
    cost = f.get("cost") if d.kind in ("card", "reserve") else None
    if cost is not None:
        parts.append(f'<circle cx="{WIDTH - 26}" cy="23" r="15" fill="#fff" stroke="#222"/>')
        parts.append(_text(WIDTH - 26, 28, str(cost), 15, "bold", "middle"))
    y = 62
    sub = KINDS[d.kind] + (f" · {d.copies} copies" if d.copies > 1 else "") + f" · {d.set}"
    parts.append(_text(14, y, sub, 11, fill="#555"))
    icons = f.get("icons", ()) or ((f["icon"],) if d.kind == "space" else ())
    x = 14
    y += 14
    for icon in icons:
        parts.append(f'<rect x="{x}" y="{y}" width="24" height="24" rx="5" fill="{ICON_COLOURS[icon]}"/>')
        parts.append(_text(x + 12, y + 17, ICON_LETTERS[icon], 13, "bold", "middle", "#fff"))
        x += 30
    if icons:
        y += 34
    if f.get("factions"):
        parts.append(_text(14, y + 4, "Faction: " + ", ".join(describe.name(x) for x in f["factions"]), 12,
                           "bold", fill=ICON_COLOURS.get(f["factions"][0], "#111")))
        y += 20
    for line in _facts(d):
        parts.append(_text(14, y + 4, line, 11, fill="#333"))
        y += 16
    for box in BOX_ORDER:
        if box not in d.boxes:
            continue
        lines = textwrap.wrap(describe.ops(d.boxes[box]), 42) or ["—"]
        h = 22 + 15 * len(lines)
        if y + h > HEIGHT - 10:
            lines = lines[: max(1, (HEIGHT - 42 - y) // 15)]
            h = 22 + 15 * len(lines)
        parts.append(f'<rect x="10" y="{y}" width="{WIDTH - 20}" height="{h}" rx="8" '
                     f'fill="{BOX_COLOURS.get(box, "#eeeeee")}" stroke="#999"/>')
        parts.append(_text(18, y + 16, box_title(d, box), 11, "bold", fill="#333"))
        for i, line in enumerate(lines):
            parts.append(_text(18, y + 31 + 15 * i, line, 12))
        y += h + 8
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _facts(d: Def) -> list[str]:
    lines = []
    if d.kind == "space" and d.fields.get("faction"):
        lines.append(f"Faction space: +1 {describe.name(d.fields['faction'])} Influence")
    for line in fact_lines(d):
        lines.extend(textwrap.wrap(line, 46) or [""])
    return lines


def write_svgs(folder: Path, pictures: dict[str, str]) -> None:
    """Write ID.svg for each picture into folder (made if missing). OSError (a
    read-only folder, a file in the way) is the caller's to report."""
    folder.mkdir(parents=True, exist_ok=True)
    for ident, svg in pictures.items():
        (folder / f"{ident}.svg").write_text(svg, encoding="utf-8")
