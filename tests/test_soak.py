"""Soak: many seeded games played only through the step API (dunec.Game), in
every mode, with the invariants checked after every decision.

CI plays DUNEC_SOAK_GAMES games (default 100); the closing note reports the full
run (`DUNEC_SOAK_GAMES=10000 pytest tests/test_soak.py`)."""
from __future__ import annotations

import os

from soak_support import soak_game

GAMES = int(os.environ.get("DUNEC_SOAK_GAMES", "100"))
MODES = [(4, "novice"), (3, "novice"), (2, "novice"), (1, "novice"), (1, "veteran"), (1, "expert")]


def test_seeded_games_through_the_step_api_never_break(compiled):
    decisions = 0
    for n in range(GAMES):
        players, difficulty = MODES[n % len(MODES)]
        decisions += soak_game(compiled, players, n, difficulty)
    assert decisions > GAMES * 20
