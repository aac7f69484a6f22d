"""Thousands of seeded games finish with every invariant checked after every
decision: no negative resources, troop cubes conserved, VP equal to their
sources, alliances where the tracks say, at most 10 rounds."""
from __future__ import annotations

import pytest

from dunec.engine import invariants
from dunec.engine.runner import play_game


@pytest.mark.parametrize("block", range(10))
def test_1000_random_games_keep_every_invariant(compiled, block):
    for seed in range(block * 100, block * 100 + 100):
        n = 2 + seed % 3
        st = play_game(compiled, n, seed, ["random"] * n, quiet=True, check=invariants.check)
        assert st.finished and 1 <= st.round <= 10
        assert len(st.standings) == n
        assert st.standings[0]["rank"] == 1


def test_200_greedy_games_keep_every_invariant(compiled):
    for seed in range(200):
        n = 2 + seed % 3
        st = play_game(compiled, n, 10_000 + seed, ["greedy"] * n, quiet=True, check=invariants.check)
        assert st.finished and st.round <= 10


def test_the_checker_catches_a_broken_state(compiled):
    from dunec.engine.game import Engine
    from dunec.engine.setup import new_game
    st = new_game(compiled, 3, 1)
    e = Engine(compiled, st, [None] * 3)
    invariants.check(e)
    st.players[0].garrison += 1  # a troop out of nowhere
    with pytest.raises(invariants.InvariantError, match="troop cubes"):
        invariants.check(e)
    st.players[0].garrison -= 1
    st.players[1].vp += 1  # a VP with no source
    with pytest.raises(invariants.InvariantError, match="VP"):
        invariants.check(e)
