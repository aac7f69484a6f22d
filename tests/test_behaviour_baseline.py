"""The engine's behaviour, pinned: 1,000 seeded games across every mode must end
with the same standings, rounds and number of decisions as recorded.

A refactoring of the engine (the step API, rules by topic, …) must leave this
file unchanged. A *rules* change will move it: then rerun with
`pytest tests/test_behaviour_baseline.py --update-goldens` and say in the commit
which rule moved it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dunec.engine.runs.runner import play_game

BASELINE = Path(__file__).parent / "data" / "behaviour_baseline.json"

# (name, people, difficulty, policies, number of seeds): 1,000 games in all.
MODES = [
    ("4p-random", 4, "novice", ["random"] * 4, 250),
    ("3p-random", 3, "novice", ["random"] * 3, 150),
    ("2p-rival-random", 2, "novice", ["random"] * 2, 150),
    ("solo-novice-random", 1, "novice", ["random"], 100),
    ("solo-veteran-random", 1, "veteran", ["random"], 100),
    ("solo-expert-random", 1, "expert", ["random"], 100),
    ("4p-greedy", 4, "novice", ["greedy"] * 4, 50),
    ("3p-greedy-random", 3, "novice", ["greedy", "random", "greedy"], 50),
    ("solo-expert-greedy", 1, "expert", ["greedy"], 50),
]


def outcome(st) -> list:
    return [[[s["seat"], s["vp"], s["rank"]] for s in st.standings], st.round, len(st.decisions)]


def observed(content) -> dict:
    out = {}
    for name, people, difficulty, policies, seeds in MODES:
        out[name] = {str(seed): outcome(play_game(content, people, seed, policies, quiet=True,
                                                  difficulty=difficulty))
                     for seed in range(1, seeds + 1)}
    return out


def test_a_thousand_games_end_as_recorded(compiled, request):
    got = observed(compiled)
    assert sum(len(v) for v in got.values()) == 1000
    if request.config.getoption("--update-goldens"):
        BASELINE.write_text(json.dumps(got, sort_keys=True, separators=(",", ":")) + "\n")
        pytest.skip("baseline written")
    assert BASELINE.exists(), "no recorded baseline: run this test with --update-goldens"
    want = json.loads(BASELINE.read_text())
    for mode in want:
        bad = [seed for seed in want[mode] if want[mode][seed] != got[mode][seed]]
        assert not bad, f"{mode}: {len(bad)} games changed, first seed {bad[0]}: " \
                        f"recorded {want[mode][bad[0]]}, now {got[mode][bad[0]]}"
