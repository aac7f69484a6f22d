"""One seeded game played only through the step API (dunec.Game), random picks,
the invariants checked after every decision: what the soak tests repeat."""
from __future__ import annotations

import pytest

from dunec import Game
from dunec.engine.checks import invariants
from dunec.engine.loop.rng import Rng


def soak_game(content, people: int, seed: int, difficulty: str, epic: bool = False, sets=None) -> int:
    """Play the game to its end (`epic`: the Epic game); return how many decisions it took.
    It plays `sets`, by default the content's own selection (base for content loaded
    whole): a selected content plays its sets, not the base game alone."""
    sets = sets or content.sets or ("base",)
    g = Game(players=people, seed=seed, difficulty=difficulty, content=content, epic=epic, sets=sets)
    rng = Rng(seed * 7 + 1)
    decisions = 0
    while not g.is_terminal():
        actions = g.legal_actions()
        assert actions, f"game {seed}: a pending decision with no option"
        g.apply(actions[rng.below(len(actions))])
        invariants.check(g._engine)
        decisions += 1
    assert g.state.standings and not g.state.stack and g.state.pending is None, f"game {seed}"
    assert sum(g.returns()) == pytest.approx(1.0), f"game {seed}"
    return decisions
