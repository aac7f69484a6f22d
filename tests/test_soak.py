"""Soak: many seeded games played only through the step API (dunec.Game), in
every mode, with the invariants checked after every decision.

CI plays DUNEC_SOAK_GAMES games (default 100); the closing note reports the full
run (`DUNEC_SOAK_GAMES=10000 pytest tests/test_soak.py`)."""
from __future__ import annotations

import os

import pytest

from dunec import Game
from dunec.engine import invariants
from dunec.engine.rng import Rng

GAMES = int(os.environ.get("DUNEC_SOAK_GAMES", "100"))
MODES = [(4, "novice"), (3, "novice"), (2, "novice"), (1, "novice"), (1, "veteran"), (1, "expert")]


def test_seeded_games_through_the_step_api_never_break(compiled):
    decisions = 0
    for n in range(GAMES):
        players, difficulty = MODES[n % len(MODES)]
        g = Game(players=players, seed=n, difficulty=difficulty, content=compiled)
        rng = Rng(n * 7 + 1)
        while not g.is_terminal():
            actions = g.legal_actions()
            assert actions, f"game {n}: a pending decision with no option"
            g.apply(actions[rng.below(len(actions))])
            invariants.check(g._engine)
            decisions += 1
        assert g.state.standings and not g.state.stack and g.state.pending is None, f"game {n}"
        assert sum(g.returns()) == pytest.approx(1.0), f"game {n}"
    assert decisions > GAMES * 20
