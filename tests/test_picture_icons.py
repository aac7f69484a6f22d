"""Card pictures draw each agent icon as a glyph a player recognises (not a
letter), and the gallery sets the rules text's heading apart with a border, not
a line of dashes that wraps in a narrow card."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from dunec.check.tables import ICONS
from dunec.gallery import render, rules_html
from dunec.ir import describe
from dunec.picture import ICON_GLYPHS, card_svg, icon_svg

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def model():
    from dunec.content import check_cards
    return check_cards()


def _icons(svg: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("class") == "icon"]


def test_every_agent_icon_has_a_glyph_of_its_own():
    assert set(ICON_GLYPHS) == set(ICONS)
    shapes = {icon: ICON_GLYPHS[icon] for icon in ICONS}
    assert len(set(shapes.values())) == len(ICONS)  # no two icons look alike
    for icon in ICONS:
        g = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{icon_svg(icon, 0, 0)}</svg>')[0]
        assert g.find(f"{SVG}title").text == describe.name(icon)
        assert g.find(f"{SVG}text") is None  # a drawing, not a letter chip
        assert g.findall(f"{SVG}path") or g.findall(f"{SVG}circle")


def test_a_card_draws_its_icons_in_order(model):
    d = model.defs["foldspace"]
    drawn = _icons(card_svg(d))
    assert [g.find(f"{SVG}title").text for g in drawn] == [
        "Landsraad", "City", "Spice Trade", "Emperor", "Spacing Guild", "Bene Gesserit", "Fremen"]
    space = model.defs["hardy_warriors"]
    assert [g.find(f"{SVG}title").text for g in _icons(card_svg(space))] == ["Fremen"]


def test_an_icon_without_a_glyph_still_gets_a_chip():
    g = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{icon_svg("unknown_icon", 5, 5)}</svg>')[0]
    assert g.find(f"{SVG}text").text == "U"


def test_the_gallery_heading_is_a_bordered_line_not_dashes(model):
    d = model.defs["dune_the_desert_planet"]
    page = render([d])
    assert "---" not in page
    assert '<h2 class="head">Dune, the Desert Planet  [starting card, core]</h2>' in page
    assert ".rules .head{" in page and "border-bottom" in page
    # Text without a dashed heading is kept whole.
    assert rules_html("plain\ntext") == '<pre class="rules">plain\ntext</pre>'
