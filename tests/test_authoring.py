"""An author's loop: write a card, see its text and picture, play and simulate
it at once with the bundled cards (`--with`), get exact errors when it is wrong."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from dunec.check.model import Def
from dunec.cli import main
from dunec.picture import card_svg
from dunec.syntax.ast import Span

NEW_CARD = '''card spice_courier "Spice Courier" {
  set base
  copies 3; cost 2; icons spice_trade
  factions guild
  agent { spice 1 }
  reveal { persuasion 2; if bond guild { solari 2 } }
}
'''


def _write(tmp_path, text=NEW_CARD, name="courier.dune"):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_show_with_a_new_card_prints_its_text_and_draws_it(tmp_path, capsys):
    card = _write(tmp_path)
    assert main(["show", "--with", str(card), "--svg", str(tmp_path / "pics")]) == 0
    out = capsys.readouterr().out
    assert "Spice Courier  [Imperium card, base, 3 copies]" in out
    assert "Reveal: +2 Persuasion; if another Spacing Guild card in play: +2 Solari" in out
    svg = (tmp_path / "pics" / "spice_courier.svg").read_text()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "Spice Courier" in svg and "+2 Persuasion" in svg


def test_play_and_simulate_with_a_new_card(tmp_path, capsys):
    card = _write(tmp_path)
    assert main(["play", "--players", "3", "--seed", "2", "--with", str(card), "--json"]) == 0
    st = json.loads(capsys.readouterr().out)
    everywhere = st["imperium_deck"] + st["imperium_row"] + st["imperium_trash"] + \
        [c for p in st["players"] for z in ("deck", "hand", "discard", "played", "revealed", "trashed")
         for c in p[z]]
    assert everywhere.count("spice_courier") == 3
    assert main(["simulate", "--games", "3", "--with", str(card), "--backend", "interpreted"]) == 0
    assert "wins by seat" in capsys.readouterr().out


def test_a_broken_new_card_is_reported_not_played(tmp_path, capsys):
    card = _write(tmp_path, NEW_CARD.replace("spice 1", "spcie 1"))
    assert main(["play", "--with", str(card)]) == 1
    err = capsys.readouterr().err
    assert "error[E0201]: unknown effect `spcie`" in err and "did you mean `spice`?" in err
    assert "Traceback" not in err


def test_a_new_card_may_not_reuse_a_bundled_id(tmp_path, capsys):
    card = _write(tmp_path, NEW_CARD.replace("spice_courier", "dr_yueh"))
    assert main(["simulate", "--games", "1", "--with", str(card)]) == 1
    assert "E0102" in capsys.readouterr().err


def test_with_a_missing_file_is_a_usage_error(tmp_path, capsys):
    assert main(["play", "--with", str(tmp_path / "nope.dune")]) == 2
    assert main(["show", "--with", str(tmp_path / "nope.dune")]) == 2


def test_every_bundled_definition_draws_as_valid_svg(model):
    for d in model.defs.values():
        ET.fromstring(card_svg(d))


def test_card_text_cannot_become_markup():
    name = '<g onload="x"><script/>'
    d = Def("card", "evil", name, "base", "x.dune", Span("x", 1, 1, 1, 1),
            fields={"cost": 1, "icons": ("city",)})
    root = ET.fromstring(card_svg(d))
    assert not any(el.tag.endswith("script") for el in root.iter())
    assert not any("onload" in el.attrib for el in root.iter())
    assert name in [el.text for el in root.iter() if el.tag.endswith("text")]


def test_a_card_folder_that_cannot_set_up_a_game_is_a_user_error(tmp_path, capsys):
    base = tmp_path / "base"
    base.mkdir()
    (base / "one.dune").write_text(NEW_CARD)
    assert main(["play", "--cards", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "cannot set up the game" in err and "conflict" in err and "internal error" not in err
    assert main(["play", "--cards", str(tmp_path), "--solo"]) == 1
    assert "cannot set up the game" in capsys.readouterr().err
