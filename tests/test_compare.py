"""`dunec simulate --compare FILE` in every set selection: both runs play the same
sets, only the file's cards are kept for the measured seat, a card that strictly
dominates the cards it competes with never lowers its owner's win rate, and the
comparison says how often the seat had the cards in play.

CI plays 60 greedy games a selection; `pytest -m slow tests/test_compare.py`
plays 400 (the marker is registered in pyproject.toml)."""
from __future__ import annotations

import json

import pytest

from dunec.cli import main
from dunec.engine.runs import runner

# Cost 1 and more of everything than any other cost-1 card: it dominates them.
STRONG = '''card overpowered "Overpowered" {
  set base
  copies 3; cost 1
  agent { vp 1; spice 3 }
  reveal { persuasion 5; swords 5 }
}
'''
SELECTIONS = ["base", "base,ix"]


def _compare(tmp_path, capsys, sets: str, games: int, policy: str = "greedy") -> dict:
    card = tmp_path / "strong.dune"
    card.write_text(STRONG)
    argv = ["simulate", "--games", str(games), "--sets", sets, "--policy", policy, "--compare", str(card), "--json"]
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def _dominant_card_helps(stats: dict, games: int) -> None:
    win, vp = stats["compare"]
    use = stats["compare_cards"]
    assert win["games"] == vp["games"] == use["games"] == games
    assert use["acquired_in"] > 0 and use["plays"] > 0, use
    assert win["ci_high"] > 0 and win["difference"] >= 0, win  # not lowered, within the interval
    assert vp["difference"] > 0, vp


@pytest.mark.parametrize("sets", SELECTIONS)
def test_a_dominant_card_does_not_lower_its_owners_win_rate(tmp_path, capsys, sets):
    _dominant_card_helps(_compare(tmp_path, capsys, sets, 60), 60)


@pytest.mark.slow
@pytest.mark.parametrize("sets", SELECTIONS)
def test_a_dominant_card_raises_its_owners_win_rate_over_many_games(tmp_path, capsys, sets):
    stats = _compare(tmp_path, capsys, sets, 400)
    _dominant_card_helps(stats, 400)
    assert stats["compare"][0]["ci_low"] > 0, stats["compare"]


def test_both_runs_play_the_same_sets_and_only_the_files_cards_are_kept(tmp_path, capsys, monkeypatch):
    """The Rise of Ix comparison played the base game with the file, and kept the
    base spaces that the CHOAM overlay covers for the measured seat."""
    calls = []
    real = runner.simulate

    def spy(content, games, *a, **kw):
        calls.append((content.sets, kw.get("sets"), kw.get("reserve")))
        return real(content, games, *a, **kw)
    monkeypatch.setattr(runner, "simulate", spy)
    stats = _compare(tmp_path, capsys, "base,ix", 2, policy="random")
    assert [c[0] for c in calls] == [("core", "base", "ix")] * 2 and [c[1] for c in calls] == [("core", "base", "ix")] * 2
    assert [c[2] for c in calls] == [None, (("overpowered",), 0)]
    assert stats["compare_cards"]["seat"] == "P1"


def test_the_text_says_how_often_the_seat_acquired_and_played_the_cards(tmp_path, capsys):
    card = tmp_path / "strong.dune"
    card.write_text(STRONG)
    assert main(["simulate", "--games", "6", "--sets", "base,ix", "--compare", str(card)]) == 0
    out = capsys.readouterr().out
    stats = _compare(tmp_path, capsys, "base,ix", 6, policy="random")["compare_cards"]
    assert (f"P1 acquired the file's cards in {stats['acquired_in']} of 6 games ({stats['copies_acquired']} copies) "
            f"and played them {stats['plays']} times, in {stats['played_in']} games") in out


def test_compare_takes_the_search_policy(tmp_path, capsys):
    stats = _compare(tmp_path, capsys, "base", 1, policy="search:2")
    assert stats["compare"][0]["games"] == 1 and stats["wins_by_policy"]


def test_a_compared_card_of_a_set_left_out_is_refused(tmp_path, capsys):
    card = tmp_path / "ix.dune"
    card.write_text(STRONG.replace("set base", "set ix"))
    assert main(["simulate", "--games", "2", "--sets", "base", "--compare", str(card)]) == 2
    err = capsys.readouterr().err
    assert "of set ix, which --sets core,base leaves out" in err and "--sets core,base,ix" in err
    assert main(["simulate", "--games", "2", "--compare", str(card), "--json"]) == 0  # chooses base,ix itself
    assert json.loads(capsys.readouterr().out)["compare_cards"]["games"] == 2
