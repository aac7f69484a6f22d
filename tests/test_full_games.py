"""The full game of rules 000: base, Rise of Ix and Immortality together, in every
mode (4 and 3 players, two players with the House Hagal rival, solo at each
difficulty), the standard game and the Epic game. Invariants after every decision
(units, specimens, negotiators and dreadnoughts conserved, track positions on cells
reachable from the start, every card in one place: dunec/engine/checks/invariants.py),
the two back-ends agreeing byte for byte, replays exact.

CI plays DUNEC_FULL_SOAK_GAMES games per mode (default 20); the full run is
`DUNEC_FULL_SOAK_GAMES=1000 pytest tests/test_full_games.py -k soak` (its figures:
docs/decisions.md, "Immortality quality")."""
from __future__ import annotations

import os

import pytest
from hypothesis import given, settings, strategies as st

from dunec.engine.checks import invariants
from dunec.engine.runs.runner import play_game, replay

from soak_support import soak_game

FULL = ("base", "ix", "immortality")
GAMES = int(os.environ.get("DUNEC_FULL_SOAK_GAMES", "20"))
MODES = [(4, "novice"), (3, "novice"), (2, "novice"), (1, "novice"), (1, "veteran"), (1, "expert")]
GAMES_OF = {"standard": False, "epic": True}  # the game's length: to 10 VP, or the Epic game to 12


@pytest.fixture(scope="module")
def full_compiled(compiled):
    return compiled.select(FULL)


@pytest.fixture(scope="module")
def full_interpreted(interpreted):
    return interpreted.select(FULL)


@pytest.mark.parametrize("game", GAMES_OF)
@pytest.mark.parametrize("people, difficulty", MODES)
def test_soak_seeded_full_games_through_the_step_api(full_compiled, people, difficulty, game):
    decisions = sum(soak_game(full_compiled, people, n, difficulty, epic=GAMES_OF[game]) for n in range(GAMES))
    assert decisions > GAMES * 20


@pytest.mark.parametrize("game", GAMES_OF)
@pytest.mark.parametrize("people, difficulty", MODES)
def test_the_back_ends_agree_on_full_games(full_compiled, full_interpreted, people, difficulty, game):
    names = ["greedy", "random", "greedy", "random"][:people]
    epic = GAMES_OF[game]
    for seed in range(4):
        a = play_game(full_interpreted, people, seed, names, difficulty=difficulty, check=invariants.check, epic=epic)
        b = play_game(full_compiled, people, seed, names, difficulty=difficulty, check=invariants.check, epic=epic)
        assert a.epic == b.epic == epic
        assert a.digest() == b.digest(), f"seed {seed}: back-ends disagree"
        assert a.log_digest() == b.log_digest(), f"seed {seed}: the logs differ"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), mode=st.sampled_from(MODES), game=st.sampled_from(sorted(GAMES_OF)))
def test_a_full_game_replay_from_seed_and_decisions_is_exact(full_compiled, seed, mode, game):
    people, difficulty = mode
    names = ["random", "greedy", "random", "greedy"][:people]
    epic = GAMES_OF[game]
    original = play_game(full_compiled, people, seed, names, difficulty=difficulty, epic=epic)
    again = replay(full_compiled, people, seed, names, original.decisions, difficulty=difficulty, epic=epic)
    assert again.digest() == original.digest()
    assert again.log == original.log


def test_full_games_use_both_expansions(full_compiled):
    """Over a few greedy games the Ix and Immortality mechanisms show up in the logs:
    a research branch chosen (a column-2 cell: two links leave r1_0), a graft, specimens
    spent on a Tleilaxu card, the first-to-reach spice. Immortality's part waits, while
    its cards are absent (counted), for the cards that play those mechanisms."""
    logs = "\n".join("\n".join(play_game(full_compiled, 4, seed, ["greedy"] * 4).log) for seed in range(8))
    for words in ("acquires the tile", "dreadnought"):
        assert words in logs, words
    if not any(d["kind"] == "card" and d.get("set") == "immortality" for d in full_compiled.defs.values()):
        pytest.skip("Immortality's Imperium cards have not landed")
    import re
    for pattern in (r"advances to cell r2_m?1 \(column 2\) of the Research track",  # a branch chosen
                    r"plays .+ grafted with .+ and sends an agent",                   # a graft
                    r"acquires the card .+ for \d+ specimen",                         # a Tleilaxu card bought
                    r"is the first to reach step 4 of the Tleilaxu track\n\s+-> \+2 spice"):  # first-to-reach
        assert re.search(pattern, logs), pattern
