"""Whole Uprising games (rules 003) at 3 and 4 players, with and without the CHOAM
module: invariants after every decision (units, sandworms included, spies and
contracts conserved, the Shield Wall's state, every card in one place:
dunec/engine/checks/invariants.py), the two back-ends agreeing byte for byte,
replays exact.

CI plays DUNEC_UPRISING_SOAK_GAMES games per mode (default 20); the full run is
`DUNEC_UPRISING_SOAK_GAMES=1000 pytest tests/test_uprising_games.py -k soak` (its
figures: docs/decisions.md, "Uprising quality")."""
from __future__ import annotations

import os

import pytest
from hypothesis import given, settings, strategies as st

from dunec.engine.checks import invariants
from dunec.engine.runs.runner import play_game, replay

from soak_support import soak_game

GAMES = int(os.environ.get("DUNEC_UPRISING_SOAK_GAMES", "20"))
MIXES = {"uprising": ("uprising",), "uprising+choam": ("uprising", "choam")}
PEOPLE = (3, 4)


@pytest.fixture(scope="module")
def mixes(compiled, interpreted):
    return {name: (compiled.select(sets), interpreted.select(sets)) for name, sets in MIXES.items()}


@pytest.mark.parametrize("mix", MIXES)
@pytest.mark.parametrize("people", PEOPLE)
def test_soak_seeded_uprising_games_through_the_step_api(mixes, people, mix):
    content = mixes[mix][0]
    decisions = sum(soak_game(content, people, n, "novice", sets=MIXES[mix]) for n in range(GAMES))
    assert decisions > GAMES * 20


@pytest.mark.parametrize("mix", MIXES)
@pytest.mark.parametrize("people", PEOPLE)
def test_the_back_ends_agree_on_uprising_games(mixes, people, mix):
    compiled, interpreted = mixes[mix]
    names = ["greedy", "random", "greedy", "random"][:people]
    for seed in range(4):
        a = play_game(interpreted, people, seed, names, check=invariants.check)
        b = play_game(compiled, people, seed, names, check=invariants.check)
        assert a.digest() == b.digest(), f"seed {seed}: back-ends disagree"
        assert a.log_digest() == b.log_digest(), f"seed {seed}: the logs differ"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), people=st.sampled_from(PEOPLE), mix=st.sampled_from(sorted(MIXES)))
def test_an_uprising_replay_from_seed_and_decisions_is_exact(mixes, seed, people, mix):
    content = mixes[mix][0]
    names = ["random", "greedy", "random", "greedy"][:people]
    original = play_game(content, people, seed, names)
    again = replay(content, people, seed, names, original.decisions)
    assert again.digest() == original.digest()
    assert again.log == original.log


def test_uprising_games_play_only_uprisings_definitions(mixes):
    """A game of Uprising deals nothing of the base game: every card in it, every
    space occupied and every leader is core's or Uprising's (CHOAM's with the module)."""
    for mix, allowed in (("uprising", {"core", "uprising"}), ("uprising+choam", {"core", "uprising", "choam"})):
        content = mixes[mix][0]
        for seed in range(3):
            state = play_game(content, 4, seed, ["greedy"] * 4)
            seen = {c for _, c in invariants.card_places(state)} | {p.leader for p in state.players}
            seen |= {s for s in state.occupied}
            sets = {content.defs[c].get("set") for c in seen if c in content.defs}
            assert sets <= allowed, (mix, seed, sets)
            assert "uprising" in sets


def test_a_save_at_any_decision_loads_and_goes_on_alike():
    """A game saved at any decision, spies and contracts in flight (a contract due
    after an agent's boxes, a harvest contract waiting for the turn's end, a location
    to defend), loads through the state check with the same state and the same
    legal actions (seeds 0 and 1: each kind of frame is met)."""
    from dunec.api import Game
    from dunec.engine.loop.rng import Rng

    kept = {"due": 0, "harvest": 0}
    for seed in (0, 1):
        g = Game(players=4, seed=seed, sets=("uprising", "choam"))
        rng = Rng(seed)
        while not g.is_terminal():
            saved = Game.from_json(g.to_json())
            assert saved.state.digest() == g.state.digest() and saved.legal_actions() == g.legal_actions()
            for k in kept:
                kept[k] += any(f.get(k) for f in g.state.stack)
            actions = g.legal_actions()
            g.apply(actions[rng.below(len(actions))])
    assert kept["due"] and kept["harvest"], kept
