"""A set's board-held flags (engine/rules/flags.py; Uprising's Shield Wall): a
`flag ID { protects LOCATION... }` declaration is up at setup, `clear FLAG` lowers
it for the rest of the game, `flag FLAG` and `protected` read it. Played the same
by both back-ends, saved, set from a position, shown, and checked."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dunec.api import Game
from dunec.cli import main
from dunec.content import load
from dunec.engine.checks import invariants, state_check
from dunec.engine.rules import flags as rules_flags
from dunec.engine.runs.runner import for_sets, play_game
from dunec.engine.views.tableview import render_view
from dunec.frontend import compile_paths

WALLS = '''\
set walls "Walls" {
  requires base
  kinds card
  flag great_wall "Great Wall" { protects arrakeen imperial_basin }
}
card breach "Breach" {
  cost 1; icons city landsraad spice_trade emperor guild bene_gesserit fremen
  agent { clear great_wall }
  reveal {
    if flag great_wall { persuasion 2 }
    if not flag great_wall { solari 1 }
    if protected { swords 3 }
  }
}
'''
SETS = ("base", "walls")
BACKENDS = ("interpreted", "compiled")


@pytest.fixture(scope="module")
def walls(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("flags") / "cards" / "walls"
    folder.mkdir(parents=True)
    (folder / "set.dune").write_text(WALLS, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def contents(walls) -> dict:
    return {b: for_sets(load(b, extra=[walls]), list(SETS)) for b in BACKENDS}


def _game(contents, backend: str, conflict: str, flags: dict | None = None) -> Game:
    position = {"conflict": conflict, **({"flags": flags} if flags is not None else {})}
    return Game.from_position(position, sets=SETS, content=contents[backend], backend=backend)


def _reveal(g: Game) -> tuple:
    """The Breach's reveal box played for seat 0: (persuasion, solari, swords) it gave."""
    e = g._engine
    p = e.state.players[0]
    before = (p.persuasion, p.solari, p.swords)
    e.run_box("breach", "reveal", e.context(p, card="breach", box="reveal"))
    return tuple(a - b for a, b in zip((p.persuasion, p.solari, p.swords), before))


def test_the_flag_is_up_at_setup_and_the_set_is_played(contents):
    g = Game(players=4, seed=1, sets=SETS, content=contents["interpreted"], backend="interpreted")
    assert g.state.flags == {"great_wall": True}
    assert "great_wall" in g.observation(1).flags  # public: every seat sees it
    assert "Flags: Great Wall up, protecting Arrakeen, Imperial Basin" in render_view(g._engine, g.state.players[0])


def test_the_features_of_a_learning_player_hold_the_flag(contents):
    from dunec.ai.features import encode, layout

    g = Game(players=4, seed=1, sets=SETS, content=contents["interpreted"], backend="interpreted")
    at = layout(g.content).at["flags"][0]
    assert encode(g.state, 0, g.content)[at] == 1.0
    g.state.flags["great_wall"] = False
    assert encode(g.state, 0, g.content)[at] == 0.0


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_conditions_read_the_flag_and_the_conflicts_location(contents, backend):
    # Siege of Arrakeen is for Arrakeen, which the Great Wall protects; Siege of Carthag is not
    g = _game(contents, backend, "siege_of_arrakeen")
    assert rules_flags.protected(g._engine) and rules_flags.protecting(g._engine) == ["great_wall"]
    assert _reveal(g) == (2, 0, 3)
    g = _game(contents, backend, "siege_of_carthag")
    assert not rules_flags.protected(g._engine)
    assert _reveal(g) == (2, 0, 0)
    g = _game(contents, backend, "siege_of_arrakeen", {"great_wall": False})  # cleared: nothing protected
    assert not rules_flags.protected(g._engine) and not rules_flags.up(g._engine, "great_wall")
    assert _reveal(g) == (0, 1, 0)
    g = _game(contents, backend, "skirmish_a")  # a Conflict for no location
    assert rules_flags.location(g._engine) is None and not rules_flags.protected(g._engine)


@pytest.mark.parametrize("backend", BACKENDS)
def test_clear_lowers_the_flag_for_the_rest_of_the_game_and_logs_it(contents, backend):
    g = _game(contents, backend, "siege_of_arrakeen")
    e = g._engine
    e.quiet = False
    p = e.state.players[2]
    e.run_box("breach", "agent", e.context(p, card="breach", box="agent"))
    assert g.state.flags == {"great_wall": False}
    assert any(line.endswith("removes the Great Wall") for line in g.state.log)
    e.run_box("breach", "agent", e.context(p, card="breach", box="agent"))  # already down: nothing more
    assert sum(line.endswith("removes the Great Wall") for line in g.state.log) == 1
    assert "Flags: Great Wall cleared" in render_view(e, p)


def test_seeded_games_clear_the_flag_and_the_back_ends_agree(contents):
    cleared = 0
    for seed in range(4):
        got = []
        for backend in BACKENDS:
            st = play_game(contents[backend], 4, seed, ["random"] * 4, quiet=False, check=invariants.check)
            got.append((st.digest(), st.log_digest(), dict(st.flags)))
        assert got[0] == got[1], f"seed {seed}: the back-ends disagree"
        cleared += not got[0][2]["great_wall"]
    assert cleared  # some game played the Breach's agent box


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_save_keeps_the_flag_and_a_bad_one_is_refused(contents, backend):
    g = _game(contents, backend, "siege_of_arrakeen", {"great_wall": False})
    again = Game.from_json(g.to_json(), content=contents[backend])
    assert again.state.flags == {"great_wall": False} and again.state.digest() == g.state.digest()
    data = json.loads(g.state.to_json())
    for bad, why in (({"great_wall": "down"}, "flags.great_wall: expected true or false"),
                     ({}, "missing: great_wall"), ({"great_wall": True, "moat": True}, "unknown: moat")):
        with pytest.raises(ValueError, match=why):
            state_check.read(contents[backend], {**data, "flags": bad})


def test_a_position_names_only_flags_of_the_game(contents):
    with pytest.raises(ValueError, match="position.flags.moat: unknown flag"):
        _game(contents, "interpreted", "siege_of_arrakeen", {"moat": False})
    with pytest.raises(ValueError, match="position.flags.great_wall: expected true"):
        _game(contents, "interpreted", "siege_of_arrakeen", {"great_wall": 0})


def test_show_words_the_verb_and_the_conditions(walls, capsys):
    assert main(["show", "--with", str(walls), "--sets", "base,walls", "breach"]) == 0
    out = capsys.readouterr().out
    assert "Agent: remove the Great Wall" in out
    assert "if the Great Wall is still up: +2 Persuasion" in out
    assert "if the Conflict is for a location a flag still up protects: +3 swords" in out


def _check(tmp_path: Path, text: str):
    folder = tmp_path / "cards" / "walls"
    folder.mkdir(parents=True)
    (folder / "set.dune").write_text(text, encoding="utf-8")
    return compile_paths([folder], root=folder.parent, with_bundled=True)[1]


def test_clear_of_a_name_that_is_not_a_flag_is_E0440(tmp_path):
    diags = _check(tmp_path, WALLS.replace("agent { clear great_wall }", "agent { clear spice; clear great_wal }"))
    got = [(d.code, d.message, d.label) for d in diags.items]
    assert got == [("E0440", "`spice` is not a flag", "this is a counter"),
                   ("E0440", "`great_wal` is not a flag", "not a flag")]
    assert diags.items[1].help == "did you mean `great_wall`?"


def test_a_flag_protecting_no_board_space_is_E0203(tmp_path):
    diags = _check(tmp_path, WALLS.replace("protects arrakeen", "protects arrakeem"))
    assert [(d.code, d.message) for d in diags.items] == [("E0203", "unknown board space `arrakeem`")]
