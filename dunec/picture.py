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
# The agent icons' glyphs, white on the icon's colour, in a 24 x 24 box: what the
# printed board's icons show (the Landsraad's columned hall, a city's towers, a drop
# of spice, the Emperor's crown, the Guild's heighliner in orbit, the Bene Gesserit's
# eye, a Fremen crysknife). Icons are the core language's (check/tables.py ICONS),
# not a set's declaration, so the glyphs are keyed by them; an icon with no glyph
# here gets its initial on the chip.
ICON_GLYPHS = {
    "landsraad": '<path d="M12 3 L21 8 L3 8 Z M4 9.5 H20 V11 H4 Z M5 12 H7.5 V18 H5 Z M10.75 12 H13.25 V18 H10.75 Z '
                 'M16.5 12 H19 V18 H16.5 Z M3 19 H21 V21 H3 Z" fill="#fff"/>',
    "city": '<path d="M3 21 V12 H7 V7 L9 4 L11 7 V14 H13 V9 H17 V5 H19 V21 Z" fill="#fff"/>'
            '<path d="M8 10 H10 V12 H8 Z M14 12 H16 V14 H14 Z" fill="{bg}"/>',
    "spice_trade": '<path d="M12 3 C12 3 18 11 18 15 A6 6 0 0 1 6 15 C6 11 12 3 12 3 Z" fill="#fff"/>'
                   '<path d="M9 15.5 A3 3 0 0 0 12 18.5" fill="none" stroke="{bg}" stroke-width="1.5"/>',
    "emperor": '<path d="M3 8 L7.5 12 L12 5 L16.5 12 L21 8 L19 18 H5 Z M5 19.5 H19 V21 H5 Z" fill="#fff"/>',
    "guild": '<circle cx="12" cy="12" r="4" fill="#fff"/>'
             '<ellipse cx="12" cy="12" rx="10" ry="4.5" fill="none" stroke="#fff" stroke-width="1.6" '
             'transform="rotate(-25 12 12)"/>',
    "bene_gesserit": '<path d="M2 12 Q12 3 22 12 Q12 21 2 12 Z" fill="#fff"/>'
                     '<circle cx="12" cy="12" r="3.6" fill="{bg}"/><circle cx="12" cy="12" r="1.5" fill="#fff"/>',
    "fremen": '<path d="M6 20 C5 13 9 6 17 3 C13 8 11 13 11 19 Z" fill="#fff"/>'
              '<path d="M4 19 H13 V21 H4 Z" fill="#fff"/>',
}
BOX_COLOURS = {"agent": "#e4e4e4", "reveal": "#cfe0f5", "acquire": "#f3e7c4", "plot": "#e8dcf0",
               "combat": "#f3d0d0", "endgame": "#d9ecd9", "win": "#f3d0d0", "space": "#eeeeee",
               "first": "#f5e6b0", "second": "#e4e4e4", "third": "#ead7c6"}
KIND_COLOURS = {"card": "#5b4632", "starter": "#6b6b6b", "reserve": "#6b5b3b", "intrigue": "#3b2f4f",
                "conflict": "#5b2020", "space": "#2f4f4f", "leader": "#2f3f5f", "hagal": "#404040",
                "deck": "#404040", "objective": "#6b4a1f"}


def _text(x: int, y: int, s: str, size: int = 12, weight: str = "normal", anchor: str = "start",
          fill: str = "#111") -> str:
    return (f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" font-weight="{weight}" '
            f'text-anchor="{anchor}" fill="{fill}">{escape(s)}</text>')


def card_svg(d: Def, titles: dict | None = None) -> str:
    """The card as a picture; `titles` (show.titles_of) words what its set declares."""
    with describe.titled(titles or {}):
        return _card_svg(d)


def _card_svg(d: Def) -> str:
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
    sub = KINDS.get(d.kind, d.kind.replace("_", " ")) + (f" · {d.copies} copies" if d.copies > 1 else "") + f" · {d.set}"
    parts.append(_text(14, y, sub, 11, fill="#555"))
    icons = f.get("icons", ()) or ((f["icon"],) if d.kind == "space" else ())
    x = 14
    y += 14
    for icon in icons:
        parts.append(icon_svg(icon, x, y))
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


def icon_svg(icon: str, x: int, y: int) -> str:
    """One agent icon at (x, y): its chip, its glyph and its name as the tooltip."""
    bg = ICON_COLOURS.get(icon, "#555")
    glyph = ICON_GLYPHS.get(icon)
    inner = glyph.replace("{bg}", bg) if glyph else _text(12, 17, describe.name(icon)[:1].upper(), 13, "bold",
                                                          "middle", "#fff")
    return (f'<g class="icon" transform="translate({x} {y})"><title>{escape(describe.name(icon))}</title>'
            f'<rect width="24" height="24" rx="5" fill="{bg}"/>{inner}</g>')


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
