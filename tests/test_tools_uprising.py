"""Every tool with Uprising (`--sets uprising`): check, show (of its declarations
too: the spy piece and icon, the Shield Wall, the sandworm, the battle icons), the
gallery, card tests, play and simulate with a user's card, completion and hover in
the language server, and the OpenSpiel and PettingZoo adapters. A user's Uprising
card of the tests' own (INFORMANT below) places a spy and summons a sandworm."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from dunec.api import Game
from dunec.cli import main

from tools_support import hover, lsp_session, openspiel_families, pettingzoo_families

ROOT = Path(__file__).resolve().parent.parent
SETS = "uprising"

# A user's Uprising card: a spy placed on an agent turn, a sandworm summoned with
# Maker Hooks on the reveal turn; its test places the spy on a chosen post.
INFORMANT = '''card desert_informant "Desert Informant" {
  set uprising
  cost 2; icons spy fremen
  agent { spies 1; water 1 }
  reveal { persuasion 1; if maker_hooks >= 1 { sandworm 1 } }
}
test desert_informant_spies "Desert Informant places a spy and gives a water" {
  card desert_informant
  answer "place a Spy on Fremen post"
  play agent
  expect { spies 1; water 1 }
}
'''


@pytest.fixture
def informant(tmp_path):
    path = tmp_path / "informant.dune"
    path.write_text(INFORMANT, encoding="utf-8")
    return path


def test_check_of_uprising_is_clean(capsys):
    assert main(["check", "--sets", SETS]) == 0
    assert capsys.readouterr().out.startswith("ok: ")


def test_show_prints_uprisings_declarations(capsys):
    assert main(["show", "--sets", SETS, "spies", "spy", "shield_wall", "sandworm", "battle"]) == 0
    out = capsys.readouterr().out
    assert "Spy  [piece, uprising]" in out and "Supply: 3 a player" in out
    assert "Placed on: a free observation post" in out
    assert "Spy  [agent icon, uprising]" in out and "linked to where your Spy stands" in out
    assert "Shield Wall  [flag, uprising]" in out and "Protects: Arrakeen, Spice Refinery, Imperial Basin" in out
    assert "Sandworm  [unit kind, uprising]" in out and "Strength: 3" in out
    assert "Summoned straight into the Conflict" in out and "rewards its player takes are doubled" in out
    assert "Battle icon  [tag set, uprising]" in out and "Tags: Crysknife, Desert Mouse, Ornithopter" in out
    assert "Wild: Wild" in out


def test_show_prints_a_users_uprising_card(capsys, informant):
    assert main(["show", "--with", str(informant)]) == 0
    out = capsys.readouterr().out
    assert "Desert Informant  [Imperium card, uprising]" in out
    assert "Spy" in out and "Sandworm" in out


def test_the_gallery_draws_uprising_cards_and_a_users_card(tmp_path, informant):
    out = tmp_path / "gallery"
    assert main(["gallery", str(out), "--sets", SETS, "--with", str(informant)]) == 0
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Desert Informant" in page and "Muad&#39;Dib" in page or "Muad'Dib" in page


def test_a_card_test_places_a_spy_and_counts_it(capsys, informant):
    assert main(["test", str(informant)]) == 0, capsys.readouterr().out
    out = capsys.readouterr().out
    assert "ok   desert_informant_spies [interpreted]" in out and "ok   desert_informant_spies [compiled]" in out
    wrong = informant.with_name("wrong.dune")
    wrong.write_text(INFORMANT.replace("expect { spies 1; water 1 }", "expect { spies 2; water 1 }"),
                     encoding="utf-8")
    assert main(["test", str(wrong)]) == 1
    assert "spies" in capsys.readouterr().out


def test_the_bundled_uprising_card_tests_pass(capsys):
    assert main(["test", str(ROOT / "cards" / "uprising")]) == 0, capsys.readouterr().out
    assert "all passed" in capsys.readouterr().out


def test_play_with_a_users_uprising_card(capsys, informant):
    assert main(["play", "--sets", SETS, "--with", str(informant), "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Final standings" in out and "Muad'Dib" in out


def test_simulate_compare_with_an_uprising_card(capsys, informant):
    assert main(["simulate", "--sets", SETS, "--compare", str(informant), "--games", "6"]) == 0
    out = capsys.readouterr().out
    assert f"with {informant}" in out and "P1 win_rate" in out


def test_completion_knows_uprising_names():
    from dunec.check.diagnostics import Diagnostics
    from dunec.check.vocab import Vocabulary
    from dunec.frontend import bundled_sets, compile_paths
    from dunec.lsp.complete import candidates

    vocab = Vocabulary(bundled_sets(), Diagnostics())
    defs = compile_paths([ROOT / "cards"])[0].defs
    names = lambda before: {n for n, _ in candidates(before, vocab, defs)}  # noqa: E731
    head = 'card x "X" {\n  set uprising\n'
    assert {"spies", "sandworm", "maker_hooks"} <= names(head + "  reveal { ")
    assert "spy" in names(head + "  icons ")


@pytest.mark.skipif(importlib.util.find_spec("pygls") is None, reason="pygls is not installed (extra dunec[lsp])")
def test_hover_knows_uprising_names(informant):
    with lsp_session(informant) as (c, at):
        spies = hover(c, at("spies 1;", 2))
        assert "Spy" in spies and "piece" in spies
        worm = hover(c, at("sandworm 1", 2))
        assert "Sandworm" in worm and "Summoned straight into the Conflict" in worm


# ------------------------------------------------------------------ the adapters

def test_the_action_space_places_and_recalls_spies_on_every_post():
    g = Game(players=4, seed=1, sets=(SETS,))
    size = {name: hi - lo for name, lo, hi, _ in g.action_space.ranges}
    posts = sum(1 for d in g.content.defs.values() if d["kind"] == "post")
    assert posts >= 11 and size["place_piece"] == posts and size["recall_piece"] == posts


def test_openspiel_plays_uprising():
    assert "place_piece" in openspiel_families(SETS, 3, ("core", SETS))


def test_pettingzoo_plays_uprising():
    assert "place_piece" in pettingzoo_families((SETS,), 4, ("core", SETS))


def test_list_counts_uprising_with_its_choam_module(capsys):
    """The issue's done-when, `dunec list --sets uprising --json`: 69 Imperium copies,
    44 intrigue, 16 conflicts, 9 leaders, 5 objectives and 20 contracts, the CHOAM
    Module's rows marked `module` (65, 40 and 8 leaders without them), and no
    base-game definition."""
    assert main(["list", "--sets", SETS, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    kinds: dict = {}
    for r in rows:
        kinds[r["kind"]] = kinds.get(r["kind"], 0) + r["copies"]
    assert {r["set"] for r in rows} == {"core", "uprising", "choam"}
    assert (kinds["card"], kinds["intrigue"], kinds["conflict"], kinds["leader"], kinds["objective"],
            kinds["contract"]) == (69, 44, 16, 9, 5, 20)
    assert (kinds["space"], kinds["post"], kinds["reserve"]) == (22, 13, 18)
    assert all(r.get("module") is (True if r["set"] == "choam" else None) for r in rows)
    plain: dict = {}
    for r in rows:
        if not r.get("module"):
            plain[r["kind"]] = plain.get(r["kind"], 0) + r["copies"]
    assert (plain["card"], plain["intrigue"], plain["leader"], plain.get("contract", 0)) == (65, 40, 8, 0)
    assert main(["list", "--sets", SETS]) == 0
    assert "module choam: 27 definitions, 29 copies, in a game only when named" in capsys.readouterr().out


SHOWN = {"spy placed": "places a Spy", "infiltrate": "to infiltrate", "gather intelligence": "to gather intelligence",
         "sandworm summoned": "into the Conflict", "reward doubled": "it is doubled",
         "battle-icon pair flipped": "both flip face down", "contract completed": "completes the contract"}


@pytest.mark.parametrize("seed, missing", [(1, set()), (4, set())])
def test_the_choam_game_of_the_done_when_and_what_its_log_shows(capsys, seed, missing):
    """`dunec play --players 4 --sets uprising --choam --seed N` (the issue's done-when:
    seed 1) finishes and its log shows spies placed and recalled (infiltrate, gather
    intelligence), a sandworm summoned and a reward doubled, a battle-icon pair
    flipped and a contract completed."""
    assert main(["play", "--players", "4", "--sets", SETS, "--choam", "--seed", str(seed)]) == 0
    out = capsys.readouterr().out
    assert "Final standings after " in out
    shown = {k for k, words in SHOWN.items() if words in out}
    assert shown == set(SHOWN) - missing, shown


def test_the_three_player_game_of_the_done_when_finishes(capsys):
    assert main(["play", "--players", "3", "--sets", SETS, "--seed", "2"]) == 0
    assert "Final standings after " in capsys.readouterr().out
