"""`dunec play --policy search[:N]`: the search player (dunec/ai/search.py) seated
from the command line, and its names accepted wherever a played game records them."""
from __future__ import annotations

import json

from dunec.cli import main
from dunec.engine.players.policies import playable


def test_play_seats_the_search_player(capsys):
    assert main(["play", "--solo", "--seed", "3", "--policy", "search:2", "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["players"][0]["policy"] == "search:2" and state["standings"]


def test_the_same_seed_and_budget_give_the_same_game(capsys):
    runs = []
    for _ in range(2):
        assert main(["play", "--players", "2", "--seed", "5", "--policy", "search:1,greedy", "--json"]) == 0
        runs.append(json.loads(capsys.readouterr().out)["decisions"])
    assert runs[0] == runs[1]


def test_a_bad_search_budget_is_a_usage_error(capsys):
    assert main(["play", "--solo", "--policy", "search:0"]) == 2
    assert "unknown policy `search:0`" in capsys.readouterr().err
    assert main(["simulate", "--games", "1", "--policy", "search:0"]) == 2
    assert "unknown policy `search:0`" in capsys.readouterr().err
    assert main(["simulate", "--games", "1", "--policy", "human"]) == 2  # a person needs `dunec play`
    assert "unknown policy `human`" in capsys.readouterr().err


def test_simulate_seats_the_search_player_the_same_in_every_worker(capsys):
    """The study names the search player's factory; each worker process imports it,
    and the per-seed results are those of one process."""
    runs = []
    for workers in ("1", "2"):
        assert main(["simulate", "--games", "2", "--players", "3", "--seed", "4", "--workers", workers,
                     "--policy", "search:2,greedy,greedy", "--json"]) == 0
        stats = json.loads(capsys.readouterr().out)
        runs.append((stats["wins_by_seat"], stats["average_vp"], stats["average_rounds"], stats["games"]))
    assert runs[0] == runs[1] and runs[0][3] == 2
    assert main(["play", "--players", "3", "--seed", "4", "--json", "--policy", "search:2,greedy,greedy"]) == 0
    game = json.loads(capsys.readouterr().out)
    won = [s["seat"] for s in game["standings"] if s["rank"] == 1]
    assert runs[0][0][won[0]] > 0  # seed 4 of the study is the game `dunec play` plays


def test_saves_accept_the_names_play_seats():
    assert playable("search") and playable("search:40") and playable("human") and playable("greedy")
    assert not playable("search:0") and not playable("search:x") and not playable("searcher")
