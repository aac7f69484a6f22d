"""The command line with House Hagal rivals: `dunec play --solo`, `dunec play
--players 2`, `dunec simulate` in both modes, usage errors, and a readable log."""
from __future__ import annotations

import json

import pytest

from dunec.cli import main


def _play(capsys, *args) -> str:
    assert main(["play", *args]) == 0
    return capsys.readouterr().out


def test_solo_expert_game_finishes_with_rivals_in_the_standings(capsys):
    out = _play(capsys, "--solo", "--difficulty", "expert", "--seed", "3")
    assert "== Round 1:" in out and "first player P2 (rival " in out
    assert "reveals House Hagal card" in out and "Imperium Row churn: dice" in out
    assert "draws House Hagal card" in out and "third agents are uncovered" in out
    standings = out[out.index("Final standings"):].splitlines()[1:]
    assert len(standings) == 3 and sum("(rival)" in line for line in standings) == 2


def test_two_player_game_finishes_with_the_house_hagal_rival(capsys):
    out = _play(capsys, "--players", "2", "--seed", "3")
    assert "P3 (House Hagal) reveals House Hagal card" in out
    standings = out[out.index("Final standings"):].splitlines()[1:]
    assert sum(line.lstrip().startswith(("1.", "2.")) for line in standings) == 2
    assert "House Hagal blocks spaces and fights, and scores nothing" in standings[-1]


@pytest.mark.parametrize("args", [["--solo", "--difficulty", "veteran"], ["--players", "2"]])
def test_the_same_seed_prints_the_same_bytes_on_both_back_ends(capsys, args):
    a = _play(capsys, *args, "--seed", "9", "--backend", "interpreted")
    b = _play(capsys, *args, "--seed", "9", "--backend", "compiled")
    c = _play(capsys, *args, "--seed", "9")
    assert a == b == c


@pytest.mark.parametrize("churn", ["reveal", "rival", "off"])
def test_the_churn_option_says_when_the_row_churns(capsys, churn):
    args = [] if churn == "reveal" else ["--churn", churn]
    data = json.loads(_play(capsys, "--solo", "--seed", "5", *args, "--json"))
    assert data["churn"] == churn
    round1 = data["log"][:next(i for i, line in enumerate(data["log"]) if line.startswith("== Round 2"))]
    rival_turns = sum("reveals House Hagal card" in line for line in round1)
    assert sum("Imperium Row churn" in line for line in round1) == {"reveal": 1, "rival": rival_turns, "off": 0}[churn]


def test_solo_json_is_the_state(capsys):
    data = json.loads(_play(capsys, "--solo", "--seed", "2", "--policy", "greedy", "--json"))
    assert data["mode"] == "solo" and data["difficulty"] == "novice" and data["finished"]
    assert [p["rival"] for p in data["players"]] == [False, True, True]
    assert data["players"][0]["policy"] == "greedy" and len(data["standings"]) == 3


def test_simulate_solo_and_two_players(capsys):
    assert main(["simulate", "--solo", "--difficulty", "expert", "--games", "5", "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["mode"] == "solo" and s["difficulty"] == "expert" and (s["people"], s["seats"]) == (1, 3)
    assert "players" not in s  # not "players": 1 beside three seats
    assert abs(sum(s["wins_by_seat"]) - 5) < 1e-9 and len(s["wins_by_seat"]) == 3
    assert main(["simulate", "--players", "2", "--games", "5", "--policy", "greedy,random"]) == 0
    out = capsys.readouterr().out
    assert "2 players and a House Hagal rival" in out and "wins by seat:   P1=" in out
    assert main(["simulate", "--solo", "--games", "3"]) == 0
    assert "solo (novice) against two rivals" in capsys.readouterr().out


@pytest.mark.parametrize("args,message", [
    (["--solo", "--players", "2"], "--solo is a one-person game"),
    (["--difficulty", "expert"], "--difficulty is for solo games"),
    (["--solo", "--policy", "random,greedy"], "2 policies for 1 player"),
    (["--players", "2", "--policy", "random,random,random"], "3 policies for 2 players"),
    (["--solo", "--difficulty", "kwisatz"], ""),
    (["--players", "3", "--churn", "rival"], "--churn is for games with House Hagal rivals"),
    (["--solo", "--churn", "sometimes"], "invalid choice"),
])
def test_usage_errors(capsys, args, message):
    assert main(["play", *args]) == 2
    assert message in capsys.readouterr().err
