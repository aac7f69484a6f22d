"""Whole games of Rise of Ix (`--sets base,ix`) in every mode: invariants after
every decision (units, tiles and markers conserved), the two back-ends agreeing
byte for byte, replays exact, and games stepped only from outside.

CI plays DUNEC_IX_SOAK_GAMES games per mode (default 30); the closing note reports
the full run (`DUNEC_IX_SOAK_GAMES=1000 pytest tests/test_ix_games.py -k soak`)."""
from __future__ import annotations

import os

import pytest
from hypothesis import given, settings, strategies as st

from dunec.engine.checks import invariants
from dunec.engine.runs.runner import play_game, replay

from soak_support import soak_game

IX = ("base", "ix")
GAMES = int(os.environ.get("DUNEC_IX_SOAK_GAMES", "30"))
# (people, difficulty): 4 and 3 players, two players with the House Hagal rival,
# solo against two rivals at each difficulty.
MODES = [(4, "novice"), (3, "novice"), (2, "novice"), (1, "novice"), (1, "veteran"), (1, "expert")]


@pytest.fixture(scope="module")
def ix_compiled(compiled):
    return compiled.select(IX)


@pytest.fixture(scope="module")
def ix_interpreted(interpreted):
    return interpreted.select(IX)


@pytest.mark.parametrize("people, difficulty", MODES)
def test_soak_seeded_ix_games_through_the_step_api(ix_compiled, people, difficulty):
    decisions = sum(soak_game(ix_compiled, people, n, difficulty) for n in range(GAMES))
    assert decisions > GAMES * 20


@pytest.mark.parametrize("people, difficulty", MODES)
def test_the_back_ends_agree_on_ix_games(ix_compiled, ix_interpreted, people, difficulty):
    names = ["greedy", "random", "greedy", "random"][:people]
    for seed in range(6):
        a = play_game(ix_interpreted, people, seed, names, difficulty=difficulty, check=invariants.check)
        b = play_game(ix_compiled, people, seed, names, difficulty=difficulty, check=invariants.check)
        assert a.digest() == b.digest(), f"seed {seed}: back-ends disagree"
        assert a.log_digest() == b.log_digest(), f"seed {seed}: the logs differ"


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), mode=st.sampled_from(MODES))
def test_an_ix_replay_from_seed_and_decisions_is_exact(ix_compiled, seed, mode):
    people, difficulty = mode
    names = ["random", "greedy", "random", "greedy"][:people]
    original = play_game(ix_compiled, people, seed, names, difficulty=difficulty)
    again = replay(ix_compiled, people, seed, names, original.decisions, difficulty=difficulty)
    assert again.digest() == original.digest()


def test_ix_games_use_the_expansion(ix_compiled):
    """Over a few greedy games every Ix mechanism shows up in the logs: tiles bought,
    the freighter recalled, dreadnoughts recruited and placed."""
    seen = {"tile": 0, "cash": 0, "dreadnought": 0, "placed": 0}
    for seed in range(12):
        st_ = play_game(ix_compiled, 4, seed, ["greedy"] * 4)
        log = "\n".join(st_.log)
        seen["tile"] += log.count("acquires the tile")
        seen["cash"] += log.count("cashes out the shipping")
        seen["dreadnought"] += log.count("dreadnought")
        seen["placed"] += log.count("it controls")
    assert all(seen.values()), seen
