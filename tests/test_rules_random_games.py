"""Seeded random games: every game finishes within ten rounds, ends for a rules reason, and
the invariants hold after every decision (and at the end)."""
from __future__ import annotations

import pytest

from dunec.engine.checks import invariants
from dunec.engine.runs.runner import play_game
from dunec.engine.loop.state import TROOPS_PER_PLAYER


@pytest.mark.parametrize("n_players,games", [(4, 300), (3, 100), (2, 100)])
def test_seeded_random_games_finish_with_invariants_after_every_decision(content, n_players, games):
    for seed in range(games):
        st = play_game(content, n_players, seed, ["random"] * n_players, quiet=True, check=invariants.check)
        where = f"{n_players} players, seed {seed}"
        assert st.finished and st.phase == "over", where
        assert 1 <= st.round <= 10, where
        # The game ends at the end of a round with 10+ VP, or when the Conflict deck runs out.
        assert any(p.vp >= 10 for p in st.players) or not st.conflict_deck, where
        assert len(st.conflicts_done) == st.round, where
        assert len(st.conflict_deck) == 10 - st.round, where
        assert sorted(s["seat"] for s in st.standings) == list(range(n_players)), where
        for p in st.players:
            assert p.conflict == 0 and p.garrison + p.supply == TROOPS_PER_PLAYER, where
        invariants.check(_Final(st))


class _Final:
    """invariants.check only reads engine.state."""

    def __init__(self, state):
        self.state = state
