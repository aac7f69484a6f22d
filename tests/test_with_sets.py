"""`--with FILE` plays the sets its cards need: a Rise of Ix card is in the game
without --sets, and a --sets that leaves its set out is refused (the card was
silently dropped: the plain base game was played)."""
from __future__ import annotations

import json

import pytest

from dunec.cli import main

IX_CARD = '''card ix_probe "Ix Probe" {
  set ix; cost 2
  agent { spice 1 }
  reveal { persuasion 1 }
}
'''


@pytest.fixture
def card(tmp_path):
    path = tmp_path / "mycards.dune"
    path.write_text(IX_CARD)
    return path


def test_play_with_an_ix_card_plays_rise_of_ix(card, capsys):
    assert main(["play", "--with", str(card), "--seed", "1", "--json"]) == 0
    st = json.loads(capsys.readouterr().out)
    imperium = st["imperium_deck"] + st["imperium_row"]
    assert "ix_probe" in imperium and "bounty_hunter" in imperium  # the file's card and Ix's own


def test_simulate_with_an_ix_card_plays_rise_of_ix(card, capsys, monkeypatch):
    from dunec.engine.runs import runner

    seen = []
    real = runner.simulate
    monkeypatch.setattr(runner, "simulate", lambda content, *a, **kw: seen.append(kw["sets"]) or real(content, *a, **kw))
    assert main(["simulate", "--games", "1", "--with", str(card)]) == 0
    assert seen == [("core", "base", "ix")]


@pytest.mark.parametrize("argv", [["play", "--seed", "1"], ["simulate", "--games", "1"], ["show"],
                                  ["gallery", "OUT"]])
def test_a_set_left_out_of_sets_is_refused(card, capsys, tmp_path, argv):
    argv = [str(tmp_path / a) if a == "OUT" else a for a in argv]
    assert main([*argv, "--with", str(card), "--sets", "base"]) == 2
    err = capsys.readouterr().err
    assert "of set ix, which --sets base leaves out" in err and "add it: --sets base,ix" in err
    assert "Traceback" not in err
